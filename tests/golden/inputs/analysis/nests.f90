! Loop nests: which level carries a dependence, what the expert groups, pipelines (ACROSS).
subroutine nests(n, a, b, c, d, e)
  integer, intent(in) :: n
  real :: a(0:n+1, 0:n+1), b(n, n), c(n, n), d(0:n+1, 0:n+1), e(n, n)
  integer :: i, j
  do j = 1, n
    do i = 1, n
      a(i, j) = a(i-1, j)
    end do
  end do
  do j = 1, n
    do i = 1, n
      a(i, j) = a(i, j-1)
    end do
  end do
  do j = 1, n
    do i = 1, n
      a(i, j) = a(i-1, j) + a(i, j-1)
    end do
  end do
  do i = 1, n
    do j = i + 1, n
      b(i, j) = 0
    end do
  end do
  do i = 2, n
    do j = 1, n - 1
      c(i, j) = c(i-1, j+1)
    end do
  end do
  do j = 1, n
    do i = 1, n
      d(i, j) = (d(i-1, j) + d(i+1, j) + d(i, j-1) + d(i, j+1)) / 4
    end do
  end do
  do j = 1, n
    do i = 1, n
      e(i, j) = e(j, i)
    end do
  end do
  do j = 1, n
    do i = 1, n
      a(i, j) = a(i-5, j) + a(i, j-1)
    end do
  end do
end subroutine nests
