module m
  integer :: x
end module m
module m
  real :: y
end module m
program p
  use m
  y = 1.0
end program p
