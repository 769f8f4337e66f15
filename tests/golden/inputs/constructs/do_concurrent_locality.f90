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
! Fortran 2023's REDUCE(operator : names): the analysis finds the reductions by itself.
subroutine reduce_specs(n, a, s, m, flag)
  integer :: n, i, m
  real :: a(n), s
  logical :: flag
  do concurrent (i = 1:n) reduce(+:s) reduce(max:m) reduce(.or.:flag)
    s = s + a(i)
    m = max(m, i)
    flag = flag .or. a(i) > 0
  end do
end subroutine
