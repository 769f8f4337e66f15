#define N 4
subroutine up_f90(a)
  real :: a(N)
end subroutine
