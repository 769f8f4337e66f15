! A loop's variable used again by an implied DO after the loop.
subroutine printed(n, a, b)
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = b(i) * 2.0
  end do
  write (*, *) (a(i), i = 1, n)
end subroutine

subroutine constructed(n, a, b)
  integer :: n, i, m
  real :: a(n), b(n)
  do i = 1, n
    a(i) = b(i) * 2.0
  end do
  b = (/ (real(i), i = 1, n) /)
  m = i
  print *, m
end subroutine

subroutine bound_read(n, a, b)
  integer :: n, i, k
  real :: a(n), b(n)
  do i = 1, n
    a(i) = b(i) * 2.0
  end do
  write (*, *) (a(k), k = 1, i - 1)
end subroutine

subroutine outer_bound_read(n, a, c)
  integer :: n, i, j
  real :: a(n), c(n, n)
  do i = 1, n
    a(i) = c(i, 1) * 2.0
  end do
  write (*, *) ((c(i, j), i = 1, n), j = 1, i - 1)
end subroutine

subroutine after_items(n, a, b)
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = b(i) * 2.0
  end do
  write (*, *) i, (a(i), i = 1, n)
end subroutine
