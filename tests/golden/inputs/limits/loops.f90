program loops
  integer(8), parameter :: big = 9223372036854775807_8, small = -big - 1
  integer(8) :: i
  real :: s
  do i = small, big
    s = s + 1
  end do
  do i = big, small, -1
    s = s + 1
  end do
  do i = small, big, big
    s = s + 1
  end do
  do i = big, small, small
    s = s + 1
  end do
  do i = 1, big, -1
    s = s + 1
  end do
  do i = small, small + 10, 3
    s = s + 1
  end do
  do i = 1, big
    s = s + 1
  end do
  do i = big - 2, big
    s = s + 1
  end do
end program loops
