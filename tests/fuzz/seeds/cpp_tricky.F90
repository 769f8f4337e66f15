#include "params.h"
#define M (N + 1)
#ifndef N
#error no N
#endif
#if N > 50 && defined(M) || !defined(X)
program cpp
  real :: a(M)
#elif 1/0
  real :: b
#else
#undef M
#endif
  integer :: i
  do i = 1, M ! M stays in comments
    a(i) = 'M' // "N"
  end do
#if (1 << 3) % 5 == 3 ? 1 : 0
end program
#endif
