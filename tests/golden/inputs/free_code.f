! Free-form code in a file whose extension says fixed: --form free reads it as such.
program free_code
  real :: x
  x = 1.0 + &
      2.0 * x
  print *, x
end program free_code
