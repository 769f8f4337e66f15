! Calls resolved as a compiler resolves them: a module procedure by the USE that brings it in,
! a generic interface's specific by its arguments, a type-bound procedure by the object's type
! (and every extension of a CLASS's), a dummy procedure not at all.
module counters
  implicit none
  integer :: calls = 0
end module counters

module shapes
  use counters
  implicit none
  type, abstract :: shape
  contains
    procedure(area_of), deferred :: area
    procedure :: scaled                  ! inherited by every extension
    procedure, nopass :: unit_area
    procedure, pass(self) :: add_to      ! the object is the second dummy
    procedure :: measure_one, measure_all
    generic :: measure => measure_one, measure_all
  end type shape
  abstract interface
    real function area_of(self, x)
      import shape
      class(shape), intent(in) :: self
      real, intent(in) :: x
    end function area_of
  end interface
  type, extends(shape) :: square
    real :: side = 1.0
  contains
    procedure :: area => square_area
  end type square
  type, extends(shape) :: counted
  contains
    procedure :: area => counted_area    ! counts its calls in a module variable
  end type counted
  type :: accumulator
    real :: total = 0.0
  contains
    procedure :: add
  end type accumulator
contains
  pure real function square_area(self, x)
    class(square), intent(in) :: self
    real, intent(in) :: x
    square_area = self%side * x
  end function square_area
  real function counted_area(self, x)
    class(counted), intent(in) :: self
    real, intent(in) :: x
    calls = calls + 1
    counted_area = x
  end function counted_area
  pure real function scaled(self, x)
    class(shape), intent(in) :: self
    real, intent(in) :: x
    scaled = 2.0 * x
  end function scaled
  pure real function unit_area(x)
    real, intent(in) :: x
    unit_area = x
  end function unit_area
  subroutine add_to(y, self)
    real, intent(inout) :: y
    class(shape), intent(in) :: self
    y = y + 1.0
  end subroutine add_to
  pure real function measure_one(self, x)
    class(shape), intent(in) :: self
    real, intent(in) :: x
    measure_one = x
  end function measure_one
  real function measure_all(self, x)
    class(shape), intent(in) :: self
    real, intent(in) :: x(:)
    print *, 'measuring', size(x)
    measure_all = sum(x)
  end function measure_all
  subroutine add(self, x)
    class(accumulator), intent(inout) :: self
    real, intent(in) :: x
    self%total = self%total + x
  end subroutine add
end module shapes

! Two modules with a procedure of one name: the one the USE brings in is called.
module fast_ops
  implicit none
contains
  pure real function combine(a, b)
    real, intent(in) :: a, b
    combine = a + b
  end function combine
end module fast_ops

module logged_ops
  use counters
  implicit none
contains
  real function combine(a, b)
    real, intent(in) :: a, b
    calls = calls + 1
    combine = a + b
  end function combine
end module logged_ops

! A generic interface: the specific its arguments select.
module eos
  implicit none
  interface density
    module procedure density_point, density_column, density_traced
  end interface density
contains
  pure subroutine density_point(t, rho)
    real, intent(in) :: t
    real, intent(out) :: rho
    rho = 1000.0 - 0.2 * t
  end subroutine density_point
  subroutine density_column(t, rho)
    real, intent(in) :: t(:)
    real, intent(out) :: rho(:)
    print *, 'a column of', size(t)
    rho = 1000.0 - 0.2 * t
  end subroutine density_column
  subroutine density_traced(t, tvar, rho)
    real, intent(in) :: t, tvar
    real, intent(out) :: rho
    print *, 'variance', tvar
    rho = 1000.0 - 0.2 * t + tvar
  end subroutine density_traced
end module eos

subroutine by_module(a, b, n)
  use fast_ops
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = combine(a(i), b(i))
  end do
end subroutine by_module

subroutine by_other_module(a, b, n)
  use logged_ops
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = combine(a(i), b(i))
  end do
end subroutine by_other_module

subroutine renamed(a, b, n)
  use logged_ops, only: plus => combine
  implicit none
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = plus(a(i), b(i))
  end do
end subroutine renamed

subroutine on_shapes(s, q, a, b, n)
  use shapes
  implicit none
  class(shape), intent(in) :: s
  type(square), intent(in) :: q
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    a(i) = s%area(a(i))
  end do
  do i = 1, n
    a(i) = q%area(a(i))
  end do
  do i = 1, n
    a(i) = s%scaled(a(i))
  end do
  do i = 1, n
    a(i) = s%unit_area(a(i))
  end do
  do i = 1, n
    call s%add_to(a(i))
  end do
  do i = 1, n
    a(i) = s%measure(a(i))
  end do
  do i = 1, n
    a(i) = s%measure(b(1:n))
  end do
end subroutine on_shapes

subroutine last_value(acc, a, n)
  use shapes
  implicit none
  type(accumulator) :: acc
  integer :: n, i
  real :: a(n), x
  do i = 1, n
    x = a(i) * 2.0
    a(i) = x
  end do
  call acc%add(x)
end subroutine last_value

subroutine densities(t, rho, n, m)
  use eos
  implicit none
  integer :: n, m, i, j
  real :: t(n, m), rho(n, m)
  do j = 1, m
    do i = 1, n
      call density(t(i, j), rho(i, j))
    end do
  end do
  do j = 1, m
    call density(t(:, j), rho(:, j))
  end do
end subroutine densities

! f is a dummy procedure: not the external function f below.
subroutine with_callback(f, a, n)
  implicit none
  interface
    real function f(x)
      real, intent(in) :: x
    end function f
  end interface
  integer :: n, i
  real :: a(n)
  do i = 1, n
    a(i) = f(a(i))
  end do
end subroutine with_callback

pure real function f(x)
  real, intent(in) :: x
  f = x
end function f

! No specific of density takes a character: the one called is not loaded here.
subroutine no_specific(names, rho, n)
  use eos
  implicit none
  integer :: n, i
  character(len=8) :: names(n)
  real :: rho(n)
  do i = 1, n
    call density(names(i), rho(i))
  end do
end subroutine no_specific
