#include "params.h"
program cpp_demo
  implicit none
  real(8) :: a(N)
  integer :: i
#ifdef WITH_SCALE
  real(8) :: scale
  scale = 0.5d0
#endif
  do i = 1, N
#if defined(WITH_SCALE) && LEVEL >= 2
    a(i) = scale * i + N
#elif defined(WITH_SCALE)
    a(i) = 2 * i
#else
    a(i) = i
#endif
  end do
  x = N +
end program cpp_demo
