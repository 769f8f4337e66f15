program ccomm
#include "comments.h"
  character(len=*), parameter :: lit = 'a/*b*/c', dq = "/*"
  character(len=8) :: s, t
  real :: x, y, z
  t = s // 'q' ! a /* in a ! comment opens nothing
  x = 2.0 /* a comment
  over two lines */ * y
  z = x + y
end program ccomm
