! A main program without a PROGRAM statement.
integer :: i
real :: a(5)
do i = 1, 5
  a(i) = 2.0 * i
end do
print *, a
end
