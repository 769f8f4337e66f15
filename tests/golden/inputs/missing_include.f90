! The INCLUDE on line 4 names a file that exists nowhere.
program missing_include
  integer :: n
  include 'no_such_file.inc'
  n = 5
  print *, n
end program missing_include
