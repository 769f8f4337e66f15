#define N 4
      SUBROUTINE lo_fpp(A)
      REAL A(N)
      END
