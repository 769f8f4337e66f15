#define N 4
      SUBROUTINE lo_f77(A)
      REAL A(N)
      END
