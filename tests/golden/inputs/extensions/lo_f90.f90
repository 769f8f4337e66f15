#define N 4
subroutine lo_f90(a)
  real :: a(N)
end subroutine
