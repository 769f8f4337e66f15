program arrays
  integer(8), parameter :: big = 9223372036854775807_8, small = -big - 1
  type pair
    real(8) :: x(2_8**60)
    real(8) :: y(2_8**60)
  end type
  type quad
    real(8) :: x(4)
  end type
  real :: a(small:big)
  real :: b(-big:big)
  real :: c(0:big - 1)
  real :: d(3037000500_8, 3037000500_8)
  real(8) :: e(2_8**62)
  character(len=big) :: f(2)
  real :: g(big, 2)
  type(pair) :: p
  type(quad) :: q
  integer(8) :: i
  a(:) = 0
  c = 1
  do i = 1, 10
    a(i) = b(i) + c(i - small) + d(i, big) + e(i) + g(big * i, 1)
  end do
end program arrays
