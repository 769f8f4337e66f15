! sapfor-cuda's golden test of the preprocessing sapfor-lex records (cuda_recorded_preprocessing):
! the size comes from include/sizes.h, found only through -I, and the factor from -D FACTOR=...
#include "sizes.h"
#ifndef FACTOR
#error FACTOR must be defined: sapfor-lex -D FACTOR=VALUE
#endif
subroutine scale(a, b)
  real, intent(out) :: a(N)
  real, intent(in) :: b(N)
  integer :: i
!DVM$ PARALLEL (i) ON a(i)
  do i = 1, N
    a(i) = FACTOR * b(i)
  end do
end subroutine scale
