! Reductions of an inner loop in a nest the expert puts under one PARALLEL.
subroutine colsum(n, m, a, s)
  integer :: n, m, j, k
  real :: a(m, n), s(n)
  do j = 1, n
    do k = 1, m
      s(j) = s(j) + a(k, j)
    end do
  end do
end subroutine

subroutine total(n, m, a, t)
  integer :: n, m, j, k
  real :: a(m, n), t
  do j = 1, n
    do k = 1, m
      t = t + a(k, j)
    end do
  end do
end subroutine

subroutine colmax(n, m, a, amax, kmax)
  integer :: n, m, j, k, kmax(n)
  real :: a(m, n), amax(n)
  do j = 1, n
    do k = 1, m
      if (a(k, j) > amax(j)) then
        amax(j) = a(k, j)
        kmax(j) = k
      end if
    end do
  end do
end subroutine

subroutine user_colsum(n, m, a, s)
  integer :: n, m, j, k
  real :: a(m, n), s(n)
!DVM$ PARALLEL (J, K) ON A(K, J)
  do j = 1, n
    do k = 1, m
      s(j) = s(j) + a(k, j)
    end do
  end do
end subroutine

subroutine user_colsum_declared(n, m, a, s)
  integer :: n, m, j, k
  real :: a(m, n), s(n)
!DVM$ PARALLEL (J, K) ON A(K, J), REDUCTION(SUM(S))
  do j = 1, n
    do k = 1, m
      s(j) = s(j) + a(k, j)
    end do
  end do
end subroutine
