C     Values a loop leaves, read after it along jumps: GO TO backwards and forwards, EXIT and
C     CYCLE past the statement that would overwrite them, ERR= branches, RETURN and STOP.
      SUBROUTINE BACK(A, B, N)
      INTEGER N, I, K
      REAL A(N), B(N), T, Y
      K = 0
   10 CONTINUE
      Y = T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      K = K + 1
      IF (K .LT. 3) GO TO 10
      T = 0
      B(1) = Y
      END

      SUBROUTINE AHEAD(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) GO TO 30
      T = 0
   30 B(1) = T
      END

      SUBROUTINE KILLED(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      T = 0
      IF (N .GT. 5) GO TO 30
      B(1) = T
   30 CONTINUE
      END

      SUBROUTINE COMPUTED(A, B, N, K)
      INTEGER N, I, K
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      GO TO (30, 40), K
      T = 0
   30 B(2) = 1
   40 B(1) = T
      END

      SUBROUTINE ARITH(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (A(1)) 30, 30, 40
   30 T = 0
   40 B(1) = T
      END

      SUBROUTINE ERRBR(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      READ (5, *, ERR=40) B(2)
      T = 0
   40 B(1) = T
      END

      SUBROUTINE OWNEND(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         IF (T .LT. 0) GO TO 20
         B(I) = T
   20 CONTINUE
      END

      SUBROUTINE RETDUM(A, B, N, T)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) RETURN
      T = 0
      END

      SUBROUTINE RETLOC(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) RETURN
      T = 0
      B(1) = T
      END

      SUBROUTINE STOPS(A, B, N, T)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) STOP
      T = 0
      END

      SUBROUTINE BOTH(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) THEN
         T = 1
      ELSE
         T = 2
      END IF
      B(1) = T
      END

      SUBROUTINE ONEARM(A, B, N)
      INTEGER N, I
      REAL A(N), B(N), T
      DO 20 I = 1, N
         T = A(I)
         B(I) = T
   20 CONTINUE
      IF (N .GT. 5) THEN
         T = 1
      END IF
      B(1) = T
      END
