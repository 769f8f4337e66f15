! Work arrays over symbolic bounds: each iteration of the outer loop fills a work array, then
! reads it. Which are private to the iteration, and which must stay shared.
subroutine row_copy(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j) * 2.0
    end do
    do i = 1, n
      b(i, j) = w(i) + 1.0
    end do
  end do
end subroutine

subroutine row_stencil(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j) * 2.0
    end do
    do i = 2, n - 1
      b(i, j) = w(i-1) + w(i+1)
    end do
  end do
end subroutine

subroutine faces(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), f(0:1000)
  do j = 1, m
    do i = 0, n
      f(i) = a(1, j) + i
    end do
    do i = 1, n
      b(i, j) = f(i) - f(i-1)
    end do
  end do
end subroutine

subroutine reversed(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = n, 1, -1
      w(i) = a(i, j)
    end do
    do i = 1, n
      b(i, j) = w(n + 1 - i)
    end do
  end do
end subroutine

subroutine offset(a, b, n, m, k0)
  integer :: n, m, k0, i, j
  real :: a(n, m), b(n, m), w(2000)
  do j = 1, m
    do i = 1, n
      w(k0 + i) = a(i, j)
    end do
    do i = 1, n
      b(i, j) = w(i + k0)
    end do
  end do
end subroutine

subroutine clipped(a, b, n, m, l)
  integer :: n, m, l, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, min(l, n)
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine guarded_read(a, b, n, m, l)
  integer :: n, m, l, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, l
      if (i <= n) b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine plane(a, b, nx, nz, m)
  integer :: nx, nz, m, i, k, j
  real :: a(nx, nz, m), b(nx, nz, m), w2(100, 100)
  do j = 1, m
    do k = 1, nz
      do i = 1, nx
        w2(i, k) = a(i, k, j)
      end do
    end do
    do k = 2, nz
      do i = 1, nx
        b(i, k, j) = w2(i, k) - w2(i, k-1)
      end do
    end do
  end do
end subroutine

subroutine column(a, b, n, nz, m)
  integer :: n, nz, m, i, k, j
  real :: a(n, nz, m), b(n, nz, m), w(1000)
  do j = 1, m
    do k = 1, nz
      do i = 1, n
        w(i) = a(i, k, j)
      end do
      do i = 1, n
        b(i, k, j) = w(i) * w(n + 1 - i)
      end do
    end do
  end do
end subroutine

subroutine rows_below(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, j
      w(i) = a(i, j)
    end do
    do i = 1, j
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine short_write(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n - 1
      w(i) = a(i, j)
    end do
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine read_past(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, n
      b(i, j) = w(i + 1)
    end do
  end do
end subroutine

subroutine unbounded_read(a, b, n, m, l)
  integer :: n, m, l, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    do i = 1, l
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine bound_changed(a, b, n, m)
  integer :: n, m, i, j, nn
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j)
    end do
    nn = n + mod(j, 2)
    do i = 1, nn
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine triangle_written(a, b, n, m)
  integer :: n, m, i, k, j
  real :: a(n, n, m), b(n, n, m), w2(100, 100)
  do j = 1, m
    do k = 1, n
      do i = 1, k
        w2(i, k) = a(i, k, j)
      end do
    end do
    do k = 1, n
      do i = 1, n
        b(i, k, j) = w2(i, k)
      end do
    end do
  end do
end subroutine

subroutine later_rows(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000)
  do j = 1, m
    do i = 1, j
      w(i) = a(i, j)
    end do
    do i = 1, m
      b(i, j) = w(i)
    end do
  end do
end subroutine
