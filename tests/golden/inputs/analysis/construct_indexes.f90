! A DO CONCURRENT's or FORALL's index is the construct's own (Fortran 2018, 19.4): the same
! name read after the construct is another variable, which the construct leaves alone.
subroutine ci1(n, a, b)         ! DO CONCURRENT, i read after: parallel
  integer :: n, i
  real :: a(n), b(n)
  i = 0
  do concurrent (i = 1:n)
    a(i) = b(i) * 2
  end do
  b(1) = i
end subroutine

subroutine ci2(n, m, a)         ! two indexes, both read after: both parallel
  integer :: n, m, i, j
  real :: a(n, m)
  i = 0
  j = 0
  do concurrent (j = 1:m, i = 1:n)
    a(i, j) = i + j
  end do
  a(1, 1) = i + j
end subroutine

subroutine ci3(n, a, b)         ! FORALL, i read after: parallel
  integer :: n, i
  real :: a(n), b(n)
  i = 0
  forall (i = 1:n) a(i) = b(i) * 2
  b(1) = i
end subroutine

subroutine ci4(n, a, b)         ! a DO loop's variable is the procedure's: its final value is read after: sequential
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = b(i) * 2
  end do
  b(1) = i
end subroutine

subroutine ci5(n, m, a, x)      ! the index read after the construct in the same iteration of j is
  integer :: n, m, i, j         ! the procedure's i (5), not private to j: sequential (a PRIVATE(I) before)
  real :: a(n, m), x(m)
  i = 5
  do j = 1, m
    do concurrent (i = 1:n)
      a(i, j) = 0
    end do
    x(j) = i
  end do
end subroutine
