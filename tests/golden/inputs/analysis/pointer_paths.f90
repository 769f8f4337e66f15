! Whether a pointer may reach a reference's storage, by the reference's path: through a POINTER
! (the variable or a component on the way), or in a TARGET. A control structure held by a pointer
! with allocatable components (MOM6's CS) is one object: its components are apart.
module state
  implicit none
  type grid
    real, allocatable :: mask(:), area(:)
  end type grid
  type control
    real, allocatable :: a(:), b(:)
    real, pointer :: p(:) => null()
  end type control
  type forcing
    real, pointer :: buoy(:) => null()
    real, allocatable :: flux(:)
  end type forcing
end module state

subroutine components_apart(cs, n)
  use state
  implicit none
  type(control), pointer :: cs
  integer :: n, i
  do i = 1, n
    cs%a(i) = cs%b(i + 1)
  end do
end subroutine components_apart

subroutine pointer_components(cs, n)
  use state
  implicit none
  type(control), pointer :: cs
  integer :: n, i
  do i = 1, n
    cs%a(i) = cs%p(i + 1)
  end do
end subroutine pointer_components

subroutine into_plain_dummy(f, g, n)
  use state
  implicit none
  type(forcing), intent(inout) :: f
  type(grid), intent(in) :: g
  integer :: n, i
  do i = 1, n
    f%buoy(i) = g%mask(i + 1)
  end do
end subroutine into_plain_dummy

subroutine into_target_dummy(f, g, n)
  use state
  implicit none
  type(forcing), intent(inout) :: f
  type(grid), intent(in), target :: g
  integer :: n, i
  do i = 1, n
    f%buoy(i) = g%mask(i + 1)
  end do
end subroutine into_target_dummy

subroutine into_pointer_dummy(f, g, n)
  use state
  implicit none
  type(forcing), intent(inout) :: f
  type(grid), pointer :: g
  integer :: n, i
  do i = 1, n
    f%buoy(i) = g%mask(i + 1)
  end do
end subroutine into_pointer_dummy

subroutine from_pointer_component(cs, f, n)
  use state
  implicit none
  type(control), pointer :: cs
  type(forcing), intent(in) :: f
  integer :: n, i
  do i = 1, n
    cs%a(i) = f%buoy(i + 1)
  end do
end subroutine from_pointer_component

subroutine two_plain_dummies(g, h, n)
  use state
  implicit none
  type(grid), intent(inout) :: g
  type(grid), intent(in) :: h
  integer :: n, i
  do i = 1, n
    g%area(i) = h%mask(i + 1) + g%mask(i + 1)
  end do
end subroutine two_plain_dummies

subroutine unknown_type(u, g, n)
  use state
  use not_loaded
  implicit none
  type(grid), pointer :: g
  type(elsewhere) :: u
  integer :: n, i
  do i = 1, n
    u%field(i) = g%mask(i + 1)
  end do
end subroutine unknown_type

! Pointers of two derived types: a component of one type is never a component of another.
subroutine types_apart(s, cs, n)
  use state
  implicit none
  type(forcing), pointer :: s
  type(control), intent(inout), target :: cs
  integer :: n, i
  do i = 1, n
    s%flux(i) = cs%a(i + 1)
  end do
end subroutine types_apart

! Two pointers to one type: the same component of two objects may be one.
subroutine types_same(c1, c2, n)
  use state
  implicit none
  type(control), pointer :: c1, c2
  integer :: n, i
  do i = 1, n
    c1%a(i) = c2%a(i + 1)
  end do
end subroutine types_same

! A real pointer may point at the components of an array of objects (q => objs%x).
subroutine pointer_to_components(q, cs, n)
  use state
  implicit none
  real, pointer :: q(:)
  type(control), intent(inout), target :: cs
  integer :: n, i
  do i = 1, n
    q(i) = cs%a(i + 1)
  end do
end subroutine pointer_to_components

module vgrid
  implicit none
  type vertical
    integer :: ke = 10
    real :: scale = 1.0
  end type vertical
  type vertical_linked
    real :: scale = 1.0
    real, pointer :: factor => null()
  end type vertical_linked
end module vgrid

! A scalar component of what gv points at is no component of a forcing.
subroutine scalars_apart(gv, s, n)
  use state
  use vgrid
  implicit none
  type(vertical), pointer :: gv
  type(forcing), pointer :: s
  integer :: n, i
  do i = 1, n
    s%flux(i) = gv%scale * i
  end do
end subroutine scalars_apart

! Through gv's scalar POINTER component, a scalar use may be anywhere.
subroutine scalars_through_pointer(gv, s, n)
  use state
  use vgrid
  implicit none
  type(vertical_linked), pointer :: gv
  type(forcing), pointer :: s
  integer :: n, i
  do i = 1, n
    s%flux(i) = gv%factor * i
  end do
end subroutine scalars_through_pointer

! DEALLOCATE frees a pointer's target, which another pointer may share (two iterations would
! free it twice); an allocatable component is its object's own.
module boxes
  implicit none
  type box
    real, pointer :: p(:) => null()
    real, allocatable :: a(:)
  end type box
contains
  subroutine release(b)
    type(box) :: b
    deallocate(b%p)
  end subroutine release
end module boxes

subroutine free_pointers(bs, n)
  use boxes
  implicit none
  integer :: n, i
  type(box) :: bs(n)
  do i = 1, n
    deallocate(bs(i)%p)
  end do
end subroutine free_pointers

subroutine free_allocatables(bs, n)
  use boxes
  implicit none
  integer :: n, i
  type(box) :: bs(n)
  do i = 1, n
    deallocate(bs(i)%a)
  end do
end subroutine free_allocatables

subroutine free_by_call(bs, n)
  use boxes
  implicit none
  integer :: n, i
  type(box) :: bs(n)
  do i = 1, n
    call release(bs(i))
  end do
end subroutine free_by_call
