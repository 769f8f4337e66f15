! jacobi2d.f90 -- Jacobi relaxation on a 2-D grid (Fortran-DVMH, free form).
! Demonstrates DISTRIBUTE/ALIGN, REGION/END REGION, PARALLEL with REDUCTION(MAX)
! and SHADOW_RENEW, ACTUAL/GET_ACTUAL around a sequential iteration loop with
! a PRINT and an early EXIT on convergence.
program jacobi2d
  implicit none
  integer, parameter :: L = 40, ITMAX = 100
  double precision, parameter :: MAXEPS = 0.5d0
  real(8) :: A(L, L), B(L, L)
  real(8) :: eps
  integer :: i, j, it
!DVM$ DISTRIBUTE A(BLOCK, BLOCK)
!DVM$ ALIGN B(I, J) WITH A(I, J)

  print *, '**********  TEST_JACOBI_2D  **********'
!DVM$ REGION OUT(A, B)
!DVM$ PARALLEL (J, I) ON A(I, J)
  do j = 1, L
    do i = 1, L
      A(i, j) = 0.0d0
      if (i .EQ. 1 .or. j .EQ. 1 .or. i .EQ. L .or. j .EQ. L) then
        B(i, j) = 0.0d0
      else
        B(i, j) = 1.0d0 + i + j
      end if
    end do
  end do
!DVM$ END REGION

  do it = 1, ITMAX
    eps = 0.0d0
!DVM$ ACTUAL(eps)
!DVM$ REGION
!DVM$ PARALLEL (J, I) ON A(I, J), REDUCTION(MAX(eps))
    do j = 2, L - 1
      do i = 2, L - 1
        eps = max(eps, abs(B(i, j) - A(i, j)))
        A(i, j) = B(i, j)
      end do
    end do
!DVM$ PARALLEL (J, I) ON B(I, J), SHADOW_RENEW(A)
    do j = 2, L - 1
      do i = 2, L - 1
        B(j, i) = (A(j - 1, i) + A(j, i - 1) + A(j + 1, i) + A(j, i + 1)) / 4
      end do
    end do
!DVM$ END REGION
!DVM$ GET_ACTUAL(eps)
    print 200, it, eps
    if (eps .LT. MAXEPS) exit
  end do
200 format (' IT = ', I4, '   EPS = ', E14.7)

!DVM$ GET_ACTUAL(B)
  print *, 'iterations: ', min(it, ITMAX), '   B(L/2, L/2) = ', B(L / 2, L / 2)
end program jacobi2d
