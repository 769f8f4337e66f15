! The DO on line 5 is never closed; the subroutine after the program still loads.
program open_do
  integer :: i
  real :: a(10)
  do i = 1, 10
    a(i) = 0.0
  print *, a(1)
end program open_do

subroutine after(x)
  real :: x
  x = 1.0
end subroutine after
