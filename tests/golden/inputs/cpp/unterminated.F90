program unterm
  real :: x
  x = 1.0
  /* never closed
  x = 2.0
end program unterm
