! Classic single-loop dependence tests: one loop per case.
subroutine deps(n, k, a, b, c, d, e, f, g, h, p, idx)
  integer, intent(in) :: n, k, idx(n)
  real :: a(2*n+1), b(30), c(n), d(n), e(n), f(n), g(n), h(n), p(10)
  integer :: i
  do i = 2, n
    a(i) = a(i-1) + 1
  end do
  do i = 1, n - 1
    a(i) = a(i+1)
  end do
  do i = 1, n
    a(2*i) = a(2*i+1)
  end do
  do i = 1, n
    c(i) = c(i+k)
  end do
  do i = 1, 10
    b(i) = b(i+20)
  end do
  do i = 1, n
    c(i) = c(i) * 2
  end do
  do i = 1, n
    d(idx(i)) = d(idx(i)) + 1
  end do
  do i = 1, n
    e(i) = f(idx(i))
  end do
  do i = 1, n
    g(1) = g(1) + e(i)
  end do
  do i = 2, n
    h(i) = h(1)
  end do
  do i = 1, 10
    p(i) = p(11-i)
  end do
  do i = n, 2, -1
    e(i) = e(i-1)
  end do
end subroutine deps
