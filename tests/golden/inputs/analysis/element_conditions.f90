! A scalar set under a condition on an array element and read under the same condition later in
! the iteration (the mask tests of ocean and sea-ice codes, written twice).
module element_conditions_data
  implicit none
  integer, parameter :: nx = 64
  double precision :: mask(nx, nx), h(nx, nx), v(nx, nx)
contains
  subroutine flip(a, n)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(n)
    a = -a
  end subroutine flip
end module element_conditions_data

! The same test twice: t is defined wherever it is read.
subroutine twice(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i
  double precision :: t
  do i = 1, n
    if (a(i) > 0) then
      t = sqrt(a(i))
    end if
    if (a(i) > 0) then
      b(i) = t
    end if
  end do
end subroutine twice

! A mask of two subscripts, and its negation with an ELSE.
subroutine masked(k)
  use element_conditions_data
  implicit none
  integer, intent(in) :: k
  integer :: i, j
  double precision :: dh, scale
  do j = 1, nx
    do i = 1, nx
      if (mask(i, j) > 0.5d0) dh = h(i, j) * k
      if (.not. (mask(i, j) > 0.5d0)) then
        scale = 0
      else
        scale = dh
      end if
      v(i, j) = scale
    end do
  end do
end subroutine masked

! The element changes between the tests: sequential.
subroutine changed_between(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(inout) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i
  double precision :: t
  do i = 1, n
    if (a(i) > 0) t = a(i)
    a(i) = -a(i)
    if (a(i) > 0) b(i) = t
  end do
end subroutine changed_between

! Another element of the array is written between the tests: sequential (any element may be
! the one tested).
subroutine other_element_written(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(inout) :: a(n + 1)
  double precision, intent(out) :: b(n)
  integer :: i
  double precision :: t
  do i = 1, n
    if (a(i) > 0) t = a(i)
    a(i + 1) = 1
    if (a(i) > 0) b(i) = t
  end do
end subroutine other_element_written

! Two different elements: sequential.
subroutine two_elements(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n + 1)
  double precision, intent(out) :: b(n)
  integer :: i
  double precision :: t
  do i = 1, n
    if (a(i) > 0) t = a(i)
    if (a(i + 1) > 0) b(i) = t
  end do
end subroutine two_elements

! A call writes the array between the tests: sequential.
subroutine call_between(n, a, b)
  use element_conditions_data, only: flip
  implicit none
  integer, intent(in) :: n
  double precision, intent(inout) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i
  double precision :: t
  do i = 1, n
    if (a(i) > 0) t = a(i)
    call flip(a, n)
    if (a(i) > 0) b(i) = t
  end do
end subroutine call_between

! The subscript changes between the tests: sequential.
subroutine subscript_changed(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n + 1)
  double precision, intent(out) :: b(n)
  integer :: i, k
  double precision :: t
  do i = 1, n
    k = i
    if (a(k) > 0) t = a(k)
    k = k + 1
    if (a(k) > 0) b(i) = t
  end do
end subroutine subscript_changed

module element_conditions_grid
  implicit none
  type grid_type
    double precision, allocatable :: mask(:, :)
    double precision, pointer :: pmask(:, :) => null()
  end type grid_type
end module element_conditions_grid

! An element of an array component, tested twice: t private.
subroutine component_twice(g, n, a, b)
  use element_conditions_grid
  implicit none
  type(grid_type), intent(in) :: g
  integer, intent(in) :: n
  double precision, intent(in) :: a(n, n)
  double precision, intent(out) :: b(n, n)
  integer :: i, j
  double precision :: t
  do j = 1, n
    do i = 1, n
      if (g%mask(i, j) > 0) t = a(i, j)
      if (g%mask(i, j) > 0) b(i, j) = t
    end do
  end do
end subroutine component_twice

! The component written between the tests: sequential.
subroutine component_changed(g, n, a, b)
  use element_conditions_grid
  implicit none
  type(grid_type), intent(inout) :: g
  integer, intent(in) :: n
  double precision, intent(in) :: a(n, n)
  double precision, intent(out) :: b(n, n)
  integer :: i, j
  double precision :: t
  do j = 1, n
    do i = 1, n
      if (g%mask(i, j) > 0) t = a(i, j)
      g%mask(i, j) = -g%mask(i, j)
      if (g%mask(i, j) > 0) b(i, j) = t
    end do
  end do
end subroutine component_changed

! A POINTER component may be another array's storage: not followed, sequential (conservative).
subroutine pointer_component(g, n, a, b)
  use element_conditions_grid
  implicit none
  type(grid_type), intent(in) :: g
  integer, intent(in) :: n
  double precision, intent(in) :: a(n, n)
  double precision, intent(out) :: b(n, n)
  integer :: i, j
  double precision :: t
  do j = 1, n
    do i = 1, n
      if (g%pmask(i, j) > 0) t = a(i, j)
      if (g%pmask(i, j) > 0) b(i, j) = t
    end do
  end do
end subroutine pointer_component

! A work array written under a flag set in the iteration, read under the same flag: w private.
subroutine flag_work(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i, m
  logical :: f
  double precision :: w(3)
  do i = 1, n
    f = a(i) > 0
    if (f) then
      do m = 1, 3
        w(m) = a(i) * m
      end do
    end if
    if (f) then
      b(i) = w(1) + w(2) + w(3)
    end if
  end do
end subroutine flag_work

! The flag changes between the two tests: sequential.
subroutine flag_work_changed(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i, m
  logical :: f
  double precision :: w(3)
  do i = 1, n
    f = a(i) > 0
    if (f) then
      do m = 1, 3
        w(m) = a(i) * m
      end do
    end if
    f = a(i) < 1
    if (f) then
      b(i) = w(1) + w(2) + w(3)
    end if
  end do
end subroutine flag_work_changed

! The flag set in the write's own arm: sequential.
subroutine flag_work_reset(n, a, b)
  implicit none
  integer, intent(in) :: n
  double precision, intent(in) :: a(n)
  double precision, intent(out) :: b(n)
  integer :: i, m
  logical :: f
  double precision :: w(3)
  do i = 1, n
    f = a(i) > 0
    if (f) then
      do m = 1, 3
        w(m) = a(i) * m
      end do
      f = a(i) > 2
    end if
    if (.not. f) f = a(i) < -1
    if (f) then
      b(i) = w(1) + w(2) + w(3)
    end if
  end do
end subroutine flag_work_reset
