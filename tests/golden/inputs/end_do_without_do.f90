! The END DO on line 6 closes nothing; the loop after it is whole.
program stray_end_do
  integer :: i
  real :: a(10)
  a(1) = 0.0
  end do
  do i = 1, 10
    a(i) = 1.0
  end do
  print *, a(1)
end program stray_end_do
