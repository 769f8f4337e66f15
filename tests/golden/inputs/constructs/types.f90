! Derived types: their size, component references typed and counted, component arrays referenced.
module geometry
  implicit none
  integer, parameter :: dp = kind(1.0d0), np = 16
  type point
    real(dp) :: x, y
    integer :: id
  end type point
  type cloud
    type(point) :: p(np)
    real :: weight(np)
    character(len=6) :: label
  end type cloud
end module geometry
program shapes
  use geometry
  implicit none
  type(point) :: origin
  type(cloud) :: c
  type(point), allocatable :: many(:)
  integer :: i
  real(dp) :: s
  s = 0
  do i = 1, np
    s = s + c%p(i)%x * c%weight(i) + origin%id
  end do
end program shapes
