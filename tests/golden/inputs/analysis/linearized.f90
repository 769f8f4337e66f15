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

! Indexes linearized from three loop variables, as history buffers and microphysics columns are.
subroutine history_buffer(isize, jsize, ksize, src, dst)
  integer :: isize, jsize, ksize, i, j, k
  real :: src(isize, jsize, ksize), dst(*)
  do k = 1, ksize
    do j = 1, jsize
      do i = 1, isize
        dst((k - 1)*jsize*isize + (j - 1)*isize + i) = src(i, j, k)
      end do
    end do
  end do
end subroutine

subroutine column_index(is, ie, js, je, ks, ke, idx)
  integer :: is, ie, js, je, ks, ke, i, j, k, ijk
  integer :: idx(:, :)
  do j = js, je
    do i = is, ie
      do k = ks, ke
        ijk = 1 + (k - ks) + (ke - ks + 1)*((i - is) + (ie - is + 1)*(j - js))
        idx(ijk, 1) = i
        idx(ijk, 2) = j
        idx(ijk, 3) = k
      end do
    end do
  end do
end subroutine

subroutine history_overlap(isize, jsize, ksize, src, dst)
  integer :: isize, jsize, ksize, i, j, k
  real :: src(isize, 0:jsize, ksize), dst(*)
  do k = 1, ksize
    do j = 0, jsize
      do i = 1, isize
        dst((k - 1)*jsize*isize + (j - 1)*isize + i) = src(i, j, k)
      end do
    end do
  end do
end subroutine

subroutine scaled_rows(ka, cx, cy, k, buf, var)
  integer :: ka, cx, cy, k, i, j
  real :: buf(cx, cy), var(*)
  do j = 1, cy
    do i = 1, cx
      var(k + (i - 1)*ka + (j - 1)*cx*ka) = buf(i, j)
    end do
  end do
end subroutine

! Strides an outer loop changes: each neighbour's count of points, one buffer after another.
subroutine pack_neighbours(nrank, counts, kmax, vmax, var, sendbuf)
  integer :: nrank, counts(nrank), kmax, vmax, irank, imax, v, k, ipos, ikv
  real :: var(:, :, :), sendbuf(:, :)
  do irank = 1, nrank
    imax = counts(irank)
    do v = 1, vmax
      do k = 1, kmax
        do ipos = 1, imax
          ikv = (v - 1)*imax*kmax + (k - 1)*imax + ipos
          sendbuf(ikv, irank) = var(ipos, k, v)
        end do
      end do
    end do
  end do
end subroutine

subroutine pack_one_buffer(nrank, counts, kmax, var, sendbuf)
  integer :: nrank, counts(nrank), kmax, irank, imax, k, ipos
  real :: var(:, :, :), sendbuf(:)
  do irank = 1, nrank
    imax = counts(irank)
    do k = 1, kmax
      do ipos = 1, imax
        sendbuf((k - 1)*imax + ipos) = var(ipos, k, irank)
      end do
    end do
  end do
end subroutine

subroutine pack_shifted(nrank, n, var, buf)
  integer :: nrank, n, irank, j, i
  real :: var(:, :), buf(*)
  do irank = 1, nrank
    do j = 1, 3
      do i = 1, n
        buf(i + (j - 1)*n + irank) = var(i, j) + irank
      end do
    end do
  end do
end subroutine

! A pack buffer that is a component of one element of an array of halo descriptors.
module halo_buffers
  type halo_t
    real, allocatable :: sendpack(:, :, :)
  end type
contains
  subroutine pack_component(js, je, is, ihalo, ka, gid, vid, var, ginfo)
    integer :: js, je, is, ihalo, ka, gid, vid, i, j, k, n
    real :: var(:, :, :)
    type(halo_t) :: ginfo(:)
    do j = js, je
      do i = is, is + ihalo - 1
        do k = 1, ka
          n = (j - js)*ka*ihalo + (i - is)*ka + k
          ginfo(gid)%sendpack(n, 1, vid) = var(k, i, j)
        end do
      end do
    end do
  end subroutine

  subroutine pack_component_overlap(js, je, is, ihalo, ka, gid, vid, var, ginfo)
    integer :: js, je, is, ihalo, ka, gid, vid, i, j, k, n
    real :: var(0:, :, :)
    type(halo_t) :: ginfo(:)
    do j = js, je
      do i = is, is + ihalo - 1
        do k = 0, ka
          n = (j - js)*ka*ihalo + (i - is)*ka + k
          ginfo(gid)%sendpack(n, 1, vid) = var(k, i, j)
        end do
      end do
    end do
  end subroutine
end module
