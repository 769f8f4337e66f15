! Work arrays set whole (tmp = 0.0) before each iteration reads them.
subroutine sums(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), tmp(nx)
  do j = 1, ny
    tmp = 0.0
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    b(:, j) = tmp
  end do
end subroutine

subroutine sums_guarded(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), tmp(nx)
  do j = 1, ny
    if (j > 1) tmp = 0.0
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    b(:, j) = tmp
  end do
end subroutine

subroutine sums_alloc(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny)
  real, allocatable :: tmp(:)
  allocate(tmp(nx))
  do j = 1, ny
    tmp = 0.0
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    b(:, j) = tmp
  end do
end subroutine

subroutine sums_after(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), tmp(nx)
  do j = 1, ny
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    tmp = 0.0
    b(:, j) = tmp
  end do
end subroutine
