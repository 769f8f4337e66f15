      SUBROUTINE OTHER(A)
      INCLUDE 'shared.inc'
      REAL*8 A(N)
      DO 10 I = 2, N
   10 A(I) = A(I - 1) + H
      END
