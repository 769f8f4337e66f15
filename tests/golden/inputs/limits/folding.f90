program folding
  integer(8), parameter :: big = 9223372036854775807_8, small = -big - 1
  integer(8), parameter :: add = big + 1
  integer(8), parameter :: neg = -small
  integer(8), parameter :: quo = small / (-1_8)
  integer(8), parameter :: rem = mod(small, -1_8)
  integer(8), parameter :: mdl = modulo(small, -1_8)
  integer(8), parameter :: mag = abs(small)
  integer(8), parameter :: pw63 = 2_8**63
  integer(8), parameter :: pw62 = 2_8**62
  integer(8), parameter :: one = 1_8**big
  integer(8), parameter :: alt = (-1_8)**big
  integer(8), parameter :: zero = 0_8**big
  integer(8), parameter :: inv = 2_8**(-1)
  integer(8), parameter :: trn = int(1.0e30, 8)
  integer(8), parameter :: rnd = nint(-1.0d300, 8)
  integer(8), parameter :: trn2 = int(-2.5d0, 8)
  integer(8), parameter :: rnd2 = nint(-2.5d0, 8)
  integer(8), parameter :: wide = 99999999999999999999_8
  integer(8), parameter :: after = add + 1
end program folding
