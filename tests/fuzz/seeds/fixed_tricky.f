C     Fixed form corner cases: blanks in keywords, Hollerith, labels, continuation
      PROGRAM TRICKY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      DIMENSION A(10,10), B(10)
      COMMON /BLK/ X, Y
      CHARACTER*(*) S
      PARAMETER (N = 10, M = N/2)
      DATA B /10*0.0D0/
      EQUIVALENCE (X, B(1))
      INCLUDE 'common.inc'
      F(T) = T**2 + 1
      D O 10 I = 1 , N
        DO 10 J = 1, N
          A(I,J) = F(DBLE(I)) * B(J)
     &      + X ** 3
   10 CONTINUE
      DO 20, K = N, 1, -1
      IF (B(K)) 15, 20, 20
   15 B(K) = -B(K)
   20 B(K) = B(K) + 1
      GO TO (30, 40) M
   30 WRITE (6, 100) 12HHOLLERITH AB
  100 FORMAT (1X, 3HABC, I5)
   40 ASSIGN 40 TO L
      IF (X .GT. 0 .AND. .NOT. Y .LE. 2.5E3) STOP 'done'
D     PRINT *, 'debug'
*     a star comment
CDVM$ PARALLEL (I) ON B(I), REDUCTION(SUM(S))
      DO 50 I = 1, N
   50 S = S + B(I)
	CALL SUB(A, B, 'it''s')
      END
      SUBROUTINE SUB(A, B, C)
      REAL*8 A(*), B(10)
      CHARACTER*(*) C
      ENTRY E2
      RETURN
      END
      BLOCK DATA BD
      COMMON /BLK/ X, Y
      DATA X, Y /1.0, 2.0/
      END
