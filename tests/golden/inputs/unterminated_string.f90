! The literal on line 5 has no closing quote.
program unterminated
  character(len=10) :: s
  integer :: k
  s = 'abc
  k = 1
  print *, s, k
end program unterminated
