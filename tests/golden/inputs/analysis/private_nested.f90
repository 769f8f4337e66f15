! A private array inside a loop that writes it too: the value the inner loop leaves is read
! later in the outer loop's iteration.
subroutine held(n, m, y, z)
  integer :: n, m, i, j
  real :: y(n, m), z(0:m), x(100)
  do j = 1, m
    x(1) = 0.0
    do i = 1, n
      x(1) = y(i, j) * 2.0
      y(i, j) = x(1) + 1.0
    end do
    z(j) = x(1) + z(j - 1)
  end do
end subroutine

subroutine held_outer_parallel(n, m, y, z)
  integer :: n, m, i, j
  real :: y(n, m), z(m), x(100)
  do j = 1, m
    x(1) = 0.0
    do i = 1, n
      x(1) = y(i, j) * 2.0
      y(i, j) = x(1) + 1.0
    end do
    z(j) = x(1)
  end do
end subroutine

subroutine rewritten(n, m, y, z)
  integer :: n, m, i, j
  real :: y(n, m), z(0:m), x(100)
  do j = 1, m
    do i = 1, n
      x(1) = y(i, j) * 2.0
      y(i, j) = x(1) + 1.0
    end do
    x(1) = 1.0
    z(j) = x(1) + z(j - 1)
  end do
end subroutine

subroutine repeated(n, m, y)
  integer :: n, m, i, j
  real :: y(n, m), x(100)
  do j = 1, m
    x(1) = 0.0
    do i = 1, n
      x(1) = y(i, j) * 2.0
      y(i, j) = x(1) + 1.0
    end do
    do i = 1, n
      x(1) = y(i, j) + 3.0
      y(i, j) = x(1) * x(1)
    end do
  end do
end subroutine
