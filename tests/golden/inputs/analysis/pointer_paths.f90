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
