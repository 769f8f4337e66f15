program kinds
  integer(8), parameter :: big = 9223372036854775807_8
  real*99999999999 :: r1
  real*2147483647 :: r2
  real(kind=99999999999_8) :: r3
  real(kind=-big-1) :: r4
  integer(kind=4294967300_8) :: i1
  integer(kind=8) :: i2
  complex*32 :: c1
  character*2147483647 :: s1
  character(len=big) :: s2(4)
  integer, parameter :: k5 = 5_99999999999
end program kinds
