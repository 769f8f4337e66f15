! References to different parts of one variable of a derived type: an element and a component
! of an element, two components, two POINTER components.
module parts_types
  type field
    real :: x
    real :: d(30), e(30)
  end type
  type linked
    real, pointer :: d(:), e(:)
  end type
end module parts_types

subroutine element_and_component(c, c0, y)
  use parts_types
  type(field) :: c(10), c0
  real :: y(10)
  integer :: i
  do i = 1, 10
    c(i) = c0
    y(i) = c(1)%d(i + 20)
  end do
end subroutine element_and_component

subroutine two_components(c)
  use parts_types
  type(field) :: c(10)
  integer :: i
  do i = 1, 29
    c(1)%d(i) = c(1)%e(i + 1)
  end do
end subroutine two_components

subroutine two_pointers(p)
  use parts_types
  type(linked) :: p(10)
  integer :: i
  do i = 1, 29
    p(1)%d(i) = p(1)%e(i + 1)
  end do
end subroutine two_pointers

subroutine one_pointer(p, g)
  use parts_types
  type(linked) :: p(10)
  integer :: g, i
  do i = 1, 29
    p(g)%d(i) = p(g)%d(i) + 1
  end do
end subroutine one_pointer

subroutine pointer_chosen_inside(p, idx)
  use parts_types
  type(linked) :: p(10)
  integer :: idx(29), g, i
  do i = 1, 29
    g = idx(i)
    p(g)%d(i) = p(g)%d(i) + 1
  end do
end subroutine pointer_chosen_inside

subroutine pointer_of_iteration(p)
  use parts_types
  type(linked) :: p(29)
  integer :: i
  do i = 1, 29
    p(i)%d(1) = p(i)%d(1) + 1
  end do
end subroutine pointer_of_iteration
