C     CONTROL FLOW AND STATEMENTS THAT KEEP A LOOP SEQUENTIAL (FIXED FORM).
      SUBROUTINE OBST(N, A, B)
      INTEGER N, I, K
      REAL A(N), B(N), T, U
      DO 10 I = 1, N
         IF (A(I) .LT. 0) GO TO 20
         B(I) = A(I)
   10 CONTINUE
   20 CONTINUE
      DO 30 I = 1, N
         IF (A(I) .EQ. 0) STOP 'ZERO'
         B(I) = 1 / A(I)
   30 CONTINUE
      DO 40 I = 1, N
         WRITE (*, *) A(I)
   40 CONTINUE
      DO I = 1, N
         IF (A(I) .GT. 100) EXIT
         B(I) = A(I)
      END DO
      K = 1
      DO WHILE (K .LT. N)
         B(K) = A(K)
         K = K * 2
      END DO
      DO I = 1, N
         B(I) = A(I)
         IF (B(I) .LT. 0) I = N
      END DO
      DO 50 I = 1, N
         IF (A(I) .LT. 0) GO TO 50
         U = A(I)
         B(I) = U
   50 CONTINUE
      DO 60 I = 1, N
         IF (A(I) .LT. 0) GO TO 55
         T = A(I)
   55    B(I) = T
   60 CONTINUE
      END
