! Line 4 lacks a closing parenthesis, line 5 has one too many.
program unbalanced
  real :: x, y
  x = (1.0 + (2.0 * y)
  y = x + 1.0)
  y = 2.0 * x
  print *, x, y
end program unbalanced
