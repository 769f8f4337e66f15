! An inner loop's private value, and the EXIT or CYCLE of the loop around it that skips the
! statement overwriting it: the value reaches a read after the outer loop or in its next
! iteration.
subroutine exit_outer(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n), b(n), t
  do j = 1, m
    do i = 1, n
      t = a(i)
      b(i) = t
    end do
    if (b(1) > 0) exit
    t = 0
  end do
  print *, t
end subroutine exit_outer

subroutine cycle_outer(a, b, c, n, m)
  integer :: n, m, i, j
  real :: a(n), b(n), c(m), t
  t = 0
  do j = 1, m
    c(j) = t
    do i = 1, n
      t = a(i)
      b(i) = t
    end do
    if (b(1) > 0) cycle
    t = 0
  end do
end subroutine cycle_outer

subroutine no_jump(a, b, c, n, m)
  integer :: n, m, i, j
  real :: a(n), b(n), c(m), t
  t = 0
  do j = 1, m
    c(j) = t
    do i = 1, n
      t = a(i)
      b(i) = t
    end do
    t = 0
  end do
end subroutine no_jump

subroutine exit_inner(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(m), t
  do j = 1, m
    t = 0
    do i = 1, n
      if (a(i, j) < 0) exit
      t = t + a(i, j)
    end do
    b(j) = t
  end do
end subroutine exit_inner
