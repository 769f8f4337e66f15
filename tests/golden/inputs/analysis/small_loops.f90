! Parallel loops known to run fewer iterations than a warp has threads.
subroutine components(u, v, n)
  integer :: n, m, i
  real :: u(5, n), v(5, n)
  do m = 1, 5
    u(m, 1) = 0
    do i = 1, n
      v(m, i) = u(m, i) * 2
    end do
  end do
end subroutine components

subroutine tight(u, v, n)
  integer :: n, m, i
  real :: u(5, n), v(5, n)
  do m = 1, 5
    do i = 1, n
      v(m, i) = u(m, i) * 2
    end do
  end do
end subroutine tight

subroutine alone(w)
  integer :: k
  real :: w(8)
  do k = 1, 8
    w(k) = 0
  end do
end subroutine alone
