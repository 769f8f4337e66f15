! Reference pairs that share one dependence row, and a loop with every kind of scalar trait.
subroutine pairs(a, b, c, n, s, p, w)
  integer, intent(in) :: n
  real, intent(inout) :: a(n), b(n), c(n), s, p, w
  real :: t, u
  integer :: i, j
  do i = 2, n
    a(i) = a(i-1) + b(i)
    c(i) = a(i-1) * 2.0 + a(i-1)
  end do
  j = 0
  u = 0.0
  do i = 1, n
    t = b(i) * 2.0
    s = s + t
    p = p * t
    j = j + 2
    u = c(i) - u
    c(i) = t + w
  end do
  print *, t, j
end subroutine
