#include "../shared.h"
subroutine pre2(v)
  real :: v(SIZE_V, 2)
  v = 1
end subroutine pre2
