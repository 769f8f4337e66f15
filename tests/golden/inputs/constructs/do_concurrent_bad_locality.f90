subroutine bad_locality(n, a)
  integer :: n, i
  real :: a(n), t
  do concurrent (i = 1:n) private(t)
    a(i) = t
  end do
end subroutine
