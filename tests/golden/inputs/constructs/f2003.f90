! Fortran 2003/2008 constructs: SELECT TYPE, ASSOCIATE, procedure pointers, ENUM, type-bound
! procedures, kind-prefixed literals, deferred-length and assumed-type dummies, typed constructors.
module shapes_mod
  implicit none
  enum, bind(c)
    enumerator :: small = 4, medium, large = 16
  end enum
  type, abstract :: shape
  contains
    procedure(area_if), deferred :: area
  end type shape
  type, extends(shape) :: square
    real :: side = 1.0
  contains
    procedure :: area => square_area
    generic :: size => area
    final :: cleanup
  end type square
  abstract interface
    real function area_if(s)
      import :: shape
      class(shape), intent(in) :: s
    end function area_if
  end interface
contains
  real function square_area(s)
    class(square), intent(in) :: s
    square_area = s%side**2
  end function square_area
  subroutine cleanup(s)
    type(square) :: s
    s%side = 0
  end subroutine cleanup
  elemental function twice(x) result(y)
    real, intent(in) :: x
    real :: y
    y = 2 * x
  end function twice
end module shapes_mod

program modern2003
  use shapes_mod
  implicit none
  class(shape), allocatable :: s
  procedure(area_if), pointer :: measure => null()
  character(:), allocatable :: label
  real :: total, v(large)
  integer :: i
  allocate(square :: s)
  label = 1_'sq' // "uare"(1:4)
  total = 0
  select type (t => s)
  type is (square)
    do i = 1, medium
      total = total + t%side * i
    end do
  class default
    total = -1
  end select
  associate (n => size(v), half => total / 2)
    do i = 1, n
      v(i) = half + i
    end do
  end associate
  v = [real :: 1, 2, (i, i = 3, large)]
  write (*, *), total, label, twice(v(1))
end program modern2003
