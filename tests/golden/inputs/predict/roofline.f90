program roofline
  implicit none
  integer, parameter :: n = 16777216, m = 4096, p = 256
  real(8) :: a(n), b(n), c(n), s
  real(8) :: u(m, m), v(m, m)
  real(8) :: x(p, p, p), y(p, p, p)
  integer :: i, j, k
  s = 3.0d0
  do i = 1, n
    b(i) = a(i)
  end do
  do i = 1, n
    a(i) = b(i) + s * c(i)
  end do
  do j = 2, m - 1
    do i = 2, m - 1
      v(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
    end do
  end do
  do k = 2, p - 1
    do j = 2, p - 1
      do i = 2, p - 1
        y(i, j, k) = (x(i - 1, j, k) + x(i + 1, j, k) + x(i, j - 1, k) + x(i, j + 1, k) + &
                      x(i, j, k - 1) + x(i, j, k + 1) - 6.0d0 * x(i, j, k)) / 7.0d0
      end do
    end do
  end do
end program
