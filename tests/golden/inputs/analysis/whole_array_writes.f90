! Work arrays set whole (tmp = 0.0) or by sections (tmp(:) = 0.0) before each iteration reads them.
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

subroutine sec_sums(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), tmp(nx)
  do j = 1, ny
    tmp(:) = 0.0
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    do i = 1, nx
      b(i, j) = tmp(i)
    end do
  end do
end subroutine

subroutine sec_part(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), tmp(nx)
  do j = 1, ny
    tmp(2:nx) = 0.0
    do k = 1, nz
      do i = 1, nx
        tmp(i) = tmp(i) + a(i, j, k)
      end do
    end do
    do i = 1, nx
      b(i, j) = tmp(i)
    end do
  end do
end subroutine

subroutine sec_cols(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), w(nx, 4)
  do j = 1, ny
    do k = 1, 4
      w(1:nx, k) = a(1:nx, j, k)
    end do
    do i = 1, nx
      b(i, j) = w(i, 1) + w(i, 4)
    end do
  end do
end subroutine

subroutine sec_cols_short(nx, ny, nz, a, b)
  integer :: nx, ny, nz, i, j, k
  real :: a(nx, ny, nz), b(nx, ny), w(nx, 4)
  do j = 1, ny
    do k = 1, 3
      w(1:nx, k) = a(1:nx, j, k)
    end do
    do i = 1, nx
      b(i, j) = w(i, 1) + w(i, 4)
    end do
  end do
end subroutine
