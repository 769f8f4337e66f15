subroutine bad_locality(n, a)
  integer :: n, i
  real :: a(n), t
  do concurrent (i = 1:n) private(t)
    a(i) = t
  end do
end subroutine
subroutine bad_reduce(n, a, s)
  integer :: n, i
  real :: a(n), s
  do concurrent (i = 1:n) reduce(-:s)
    s = s - a(i)
  end do
end subroutine
