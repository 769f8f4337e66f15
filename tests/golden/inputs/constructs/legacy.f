C     ENTRY points share a subroutine's body; statement functions are inlined
      SUBROUTINE FILL(A, N)
      REAL A(N)
      SQ(X) = X * X
      DO 10 I = 1, N
   10 A(I) = SQ(REAL(I))
      RETURN
      ENTRY CLEAR(A, N)
      DO 20 I = 1, N
   20 A(I) = 0.0
      END
