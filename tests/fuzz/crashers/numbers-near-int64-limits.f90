program limits
  integer(8), parameter :: big = 9223372036854775807_8, small = -big - 1
  integer(8), parameter :: a(7) = [big + 1, -small, small / (-1_8), abs(small), 2_8**63, int(1.0e30, 8), nint(-1.0d300, 8)]
  integer(8), parameter :: one = 1_8**big, k = 5_99999999999, n = 99999999999999999999_8
  real :: x(small:big), y(3037000500_8, 3037000500_8)
  real(kind=99999999999) :: r
  character(len=big) :: c(10)
  integer(8) :: i
  do i = small, big
    x(i) = y(big * i, i - big) ** small
  end do
  do i = big, small, small
    x(i) = x(i + big)
  end do
end program
