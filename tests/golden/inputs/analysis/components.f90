! Parts of variables of derived types, shaped as tiled codes keep their fields (a chunk of tiles,
! each with its field arrays and bounds), and sections and components passed to procedures.
module fields
  implicit none
  type field_type
    integer :: x_min, x_max
    real, allocatable :: d(:,:), e(:,:)
    real :: s
  end type
  type tile_type
    type(field_type) :: f
  end type
  type(tile_type), allocatable :: tiles(:)
contains
  subroutine kernel(x_min, x_max, d, e)
    integer :: x_min, x_max, j
    real :: d(x_min:x_max, 1), e(x_min:x_max, 1)
    do j = x_min, x_max
      d(j, 1) = e(j, 1) + 1.0
    end do
  end subroutine
end module

subroutine fill(v, m)
  integer :: m, k
  real :: v(m)
  do k = 1, m
    v(k) = 0.0
  end do
end subroutine

subroutine zero_tiles(n)
  use fields
  integer :: n, t, j, k
  do t = 1, n
    do k = 1, 4
      do j = tiles(t)%f%x_min, tiles(t)%f%x_max
        tiles(t)%f%d(j, k) = tiles(t)%f%s
      end do
    end do
  end do
end subroutine

subroutine shift_tiles(n)
  use fields
  integer :: n, t
  do t = 2, n
    tiles(t)%f%d(1, 1) = tiles(t - 1)%f%d(1, 1)
  end do
end subroutine

subroutine sum_in_tile(t)
  use fields
  integer :: t, k
  do k = 1, 4
    tiles(t)%f%s = tiles(t)%f%s + tiles(t)%f%d(1, k)
  end do
end subroutine

subroutine call_per_tile(n)
  use fields
  integer :: n, t
  do t = 1, n
    call kernel(tiles(t)%f%x_min, tiles(t)%f%x_max, tiles(t)%f%d, tiles(t)%f%e)
  end do
end subroutine

subroutine call_one_tile(n)
  use fields
  integer :: n, t
  do t = 1, n
    call kernel(tiles(1)%f%x_min, tiles(1)%f%x_max, tiles(1)%f%d, tiles(t)%f%e)
  end do
end subroutine

subroutine columns(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  do j = 1, n
    call fill(a(:, j), m)
  end do
end subroutine

subroutine one_column(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  do j = 1, n
    call fill(a(:, 1), m)
  end do
end subroutine

subroutine column_starts(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  do j = 1, n
    call fill(a(1, j), m)
  end do
end subroutine

subroutine column_overrun(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  do j = 1, n
    call fill(a(1, j), m + 1)
  end do
end subroutine

subroutine column_shifted(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  do j = 1, n
    call fill(a(2, j), m)
  end do
end subroutine

subroutine column_resized(a, n, m)
  integer :: n, m, j
  real :: a(m, n)
  m = m + 1
  do j = 1, n
    call fill(a(1, j), m)
  end do
end subroutine

subroutine component_work(n, out)
  type pair
    real :: a, b
  end type
  integer :: n, i
  real :: out(n)
  type(pair) :: w(4)
  w(1)%b = 5.0
  do i = 1, n
    w(1)%a = i
    out(i) = w(1)%b + w(1)%a
  end do
end subroutine

subroutine inner_index(n, x)
  type inner_t
    real :: b(100)
  end type
  type outer_t
    type(inner_t) :: a(10)
  end type
  type(outer_t) :: x
  integer :: n, i, k
  k = 1
  do i = 1, n
    x%a(k)%b(i) = i
    k = i
  end do
end subroutine

subroutine through_pointers(n)
  type holder
    real, pointer :: d(:)
  end type
  type(holder) :: p(10)
  integer :: n, t
  do t = 1, n
    p(t)%d(t) = 1.0
  end do
end subroutine

subroutine neighbour_read(m, b)
  use fields
  integer :: m, j
  real :: b(m)
  do j = 2, m
    b(j) = tiles(1)%f%e(j - 1, 1)
  end do
end subroutine
