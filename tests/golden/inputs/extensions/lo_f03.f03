#define N 4
subroutine lo_f03(a)
  real :: a(N)
end subroutine
