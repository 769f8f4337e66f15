! The file ends before the program's END.
program no_end
  integer :: n
  n = 5
  print *, n
