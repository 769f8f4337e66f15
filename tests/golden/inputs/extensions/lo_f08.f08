#define N 4
subroutine lo_f08(a)
  real :: a(N)
end subroutine
