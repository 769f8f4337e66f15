#define N 4
subroutine lo_f95(a)
  real :: a(N)
end subroutine
