! matmul.f90 -- dense matrix multiply C = A * B (Fortran-DVMH, free form).
! PARALLEL (I, J) ON C(I, J) over the two outer loops, sequential inner K loop
! accumulating into a private scalar; REGION IN(A, B), OUT(C); a check loop.
program matmul_dvmh
  implicit none
  integer, parameter :: N = 64
  real(8) :: A(N, N), B(N, N), C(N, N)
  real(8) :: s, err, expect
  integer :: i, j, k
!DVM$ DISTRIBUTE C(BLOCK, BLOCK)
!DVM$ ALIGN A(I, *) WITH C(I, *)
!DVM$ ALIGN B(*, J) WITH C(*, J)

!DVM$ REGION OUT(A, B)
!DVM$ PARALLEL (I, J) ON A(I, J)
  do i = 1, N
    do j = 1, N
      A(i, j) = 1.0d0 / (i + j - 1)
    end do
  end do
!DVM$ PARALLEL (I, J) ON B(I, J)
  do i = 1, N
    do j = 1, N
      B(i, j) = i + j - 1
    end do
  end do
!DVM$ END REGION

!DVM$ REGION IN(A, B), OUT(C)
!DVM$ PARALLEL (I, J) ON C(I, J), PRIVATE(s, k)
  do i = 1, N
    do j = 1, N
      s = 0.0d0
      do k = 1, N
        s = s + A(i, k) * B(k, j)
      enddo
      C(i, j) = s
    enddo
  enddo
!DVM$ END REGION

! Check: A(i,k)*B(k,i) = 1 for every k, so the diagonal of C equals N.
! Off the diagonal compare against the closed form sum_k (k+j-1)/(i+k-1).
!DVM$ GET_ACTUAL(C)
  err = 0.0d0
  do j = 1, N
    do i = 1, N
      expect = 0.0d0
      do k = 1, N
        expect = expect + dble(k + j - 1) / dble(i + k - 1)
      end do
      err = max(err, abs(C(i, j) - expect) / expect)
      C(i, j) = C(i, j) - C(i, 1)
    end do
  end do
  print *, 'C(1,1) =', C(1, 1), '  C(N,N) =', C(N, N)
  if (err .LT. 1.0d-12) then
    print *, 'MATMUL check PASSED, max rel. error =', err
  else
    print *, 'MATMUL check FAILED, max rel. error =', err
  end if
end program matmul_dvmh
