! kernels.f90 -- dvmh-predict golden input: an inner sequential loop, a divergent branch (its
! condition depends on I through M) and a uniform one (on a scalar the loop only reads).
program kernels
  implicit none
  integer, parameter :: n = 256
  real :: a(n, n), b(n, n), s(n)
  integer :: i, j, k, m
  real :: t
!DVM$ PARALLEL (I) ON S(I), PRIVATE(T, K)
  do i = 1, n
    t = 0.0
    do k = 1, 10
      t = t + a(i, k) * b(k, i)
    end do
    s(i) = t
  end do
!DVM$ PARALLEL (J, I) ON A(I, J), PRIVATE(M)
  do j = 1, n
    do i = 1, n
      m = i
      if (m > j) then
        a(i, j) = b(i, j) * 2.0
      else
        a(i, j) = 0.0
      end if
    end do
  end do
  t = s(1)
!DVM$ PARALLEL (J, I) ON A(I, J)
  do j = 1, n
    do i = 1, n
      if (t > 0.5) then
        a(i, j) = sqrt(b(i, j))
      else
        a(i, j) = b(i, j) / 3.0 + b(i, j) * 2.0
      end if
    end do
  end do
  print *, a(1, 1), s(1)
end program kernels
