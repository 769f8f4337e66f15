subroutine guarded_read(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n + 1, m), b(n + 1, m), w(n + 1)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, n + 1
      if (i <= n) b(i, j) = w(i)
    end do
  end do
end subroutine guarded_read
subroutine guard_too_wide(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n + 1, m), b(n + 1, m), w(n + 1)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, n + 1
      if (i <= n + 1) b(i, j) = w(i)
    end do
  end do
end subroutine guard_too_wide
subroutine read_in_condition(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n + 1, m), b(n + 1, m), w(n + 1)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, n + 1
      if (w(i) > 0 .and. i <= n) b(i, j) = 1
    end do
  end do
end subroutine read_in_condition
