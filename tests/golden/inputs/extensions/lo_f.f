#define N 4
      SUBROUTINE lo_f(A)
      REAL A(N)
      END
