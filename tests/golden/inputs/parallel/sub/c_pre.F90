#include "../shared.h"
subroutine pre(v)
  real :: v(SIZE_V)
  integer :: k
  do k = 1, SIZE_V
    v(k) = 0
  end do
end subroutine pre
