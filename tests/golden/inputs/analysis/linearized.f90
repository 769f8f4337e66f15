! Indexes linearized from two loop variables, as halo-exchange pack buffers fill them.
subroutine pack_left(x_min, y_min, y_max, depth, off, field, buf)
  integer :: x_min, y_min, y_max, depth, off, j, k, index
  real(kind=8) :: field(x_min-2:, y_min-2:), buf(:)
  do k = y_min - depth, y_max + depth
    do j = 1, depth
      index = off + j + (k + depth - 1)*depth
      buf(index) = field(x_min - 1 + j, k)
    end do
  end do
end subroutine

subroutine pack_top(x_min, x_max, y_max, depth, off, field, buf)
  integer :: x_min, x_max, y_max, depth, off, j, k, index
  real(kind=8) :: field(x_min-2:, :), buf(:)
  do k = 1, depth
    do j = x_min - depth, x_max + depth
      index = off + k + (j + depth - 1)*depth
      buf(index) = field(j, y_max + 1 - k)
    end do
  end do
end subroutine

subroutine padded_rows(n, m, a, b)
  integer :: n, m, i, j, p
  real :: a(*), b(n, m)
  do j = 1, m
    do i = 1, n
      p = i + (j - 1)*(n + 2)
      a(p) = a(p) + b(i, j)
    end do
  end do
end subroutine

subroutine overlapping_rows(n, m, a, b)
  integer :: n, m, i, j, p
  real :: a(*), b(n, m)
  do j = 1, m
    do i = 0, n
      p = i + (j - 1)*n
      a(p) = 2*a(p) + b(i + 1, j)
    end do
  end do
end subroutine

subroutine next_row(n, m, a)
  integer :: n, m, i, j, p
  real :: a(*)
  do j = 1, m
    do i = 1, n
      p = i + (j - 1)*n
      a(p + n) = a(p) + 1
    end do
  end do
end subroutine

subroutine used_before_set(n, m, a)
  integer :: n, m, i, j, p
  real :: a(*)
  p = 1
  do j = 1, m
    do i = 1, n
      a(p) = i + j
      p = i + (j - 1)*n
    end do
  end do
end subroutine

subroutine triangular_rows(n, a)
  integer :: n, i, j, p
  real :: a(*)
  do j = 1, n
    do i = j, n
      p = i + (j - 1)*n
      a(p) = i + j
    end do
  end do
end subroutine

subroutine real_stride(n, m, a, w)
  integer :: n, m, i, j, p
  real :: a(*), w
  do j = 1, m
    do i = 1, n
      p = i + (j - 1)*w
      a(p) = i + j
    end do
  end do
end subroutine

subroutine stride_changed(n, m, a)
  integer :: n, m, i, j, p
  real :: a(*)
  do j = 1, m
    do i = 1, n
      p = i + (j - 1)*n
      a(p) = i + j
    end do
    n = n - 1
  end do
end subroutine

subroutine two_strides(n, m, a)
  integer :: n, m, i, j, p, q
  real :: a(*)
  do j = 1, m
    do i = 1, n
      p = i + j*n
      q = i + j*(n + 1)
      a(p) = a(q) + 1
    end do
  end do
end subroutine

! The same indexes written in place, as a pack buffer is filled without a scalar.
subroutine pack_in_place(nx, ny, off, grid, buf)
  integer :: nx, ny, off, i, j
  real(kind=8) :: grid(0:nx+1, 0:ny+1), buf(*)
  do j = 0, ny + 1
    do i = 0, nx + 1
      buf(off + j*(nx + 2) + i + 1) = grid(i, j)
    end do
  end do
end subroutine

subroutine overlapping_in_place(n, m, a)
  integer :: n, m, i, j
  real :: a(*)
  do j = 1, m
    do i = 0, n
      a(i + (j - 1)*n) = 2*a(i + (j - 1)*n) + 1
    end do
  end do
end subroutine

subroutine next_row_in_place(n, m, a)
  integer :: n, m, i, j
  real :: a(*)
  do j = 1, m
    do i = 1, n
      a(i + j*n) = a(i + (j - 1)*n) + 1
    end do
  end do
end subroutine

subroutine in_place_and_scalar(n, m, a)
  integer :: n, m, i, j, p
  real :: a(*)
  do j = 1, m
    do i = 1, n
      p = i + (j - 1)*n
      a(i + (j - 1)*n) = 2*a(p)
    end do
  end do
end subroutine

subroutine second_dimension(n, m, a, b)
  integer :: n, m, i, j, k
  real :: a(4, *), b(4, n, m)
  do j = 1, m
    do i = 1, n
      do k = 1, 4
        a(k, i + (j - 1)*n) = b(k, i, j)
      end do
    end do
  end do
end subroutine

subroutine real_stride_in_place(n, m, a, w)
  integer :: n, m, i, j
  real :: a(*), w
  do j = 1, m
    do i = 1, n
      a(i + (j - 1)*w) = i + j
    end do
  end do
end subroutine

subroutine stride_changed_in_place(n, m, a)
  integer :: n, m, i, j
  real :: a(*)
  do j = 1, m
    do i = 1, n
      a(i + (j - 1)*n) = i + j
    end do
    n = n - 1
  end do
end subroutine
