! Fortran 2018 locality specs after a DO CONCURRENT header: read, not kept.
subroutine locality(n, a, b)
  integer :: n, i, k
  real :: a(n), b(n), t
  do concurrent (i = 1:n) local(t) shared(a, b)
    t = b(i) * 2
    a(i) = t
  end do
  do concurrent (i = 1:n, k = 1:2) local_init(t) default(none) shared(a, n)
    a(i) = t + k
  end do
end subroutine
