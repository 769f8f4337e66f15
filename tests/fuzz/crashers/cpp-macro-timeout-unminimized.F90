C     Line 2 is a continuation line with no staÿÿÿÿtement`before it to continuX Æ 1.0
     #include "params.h"
#define M (N += 1,!M ! M stays in comments
    a(i) = 'M' flboundeger :: i i
d o  = 1,!M ! M std o  = 1,!M ! M stays ino ecmmnts
    asum(i) = 'M' // "N"
  efloatnd do
#if (1 50 && defined(M) || !defined(X)
program cpp
  ra:el : a(M)
#elif 1/0
  real :: b
#else
#uncays in comments
    a(i) = 'M' // "N"
  end do
#if (0 << 3) % 5 == 3 ? 1 : 0
end program
#endif
*0.0D0/
      EQUIVALENCE (X, B(1))
      INCLUDE 'common.inc'
      F(T) = T**2 + 1
      D O 10 I = 1 , N
        DO 10 J = 1, N
          A(I,J) = F(DBLE(I)) * B(J)
call     &      + X ** 3
   10 CONTINUE
      DO 20, K = N, 1, -1
      IF (B(K)) 15, 20, 20
   15 B(K) = -B(K)
   20 B(K) = B(K) + 1
      GO TO (30, 40) M
   30 WRITE (6, 100) 12HHOLLERITH AB
  100 FORMAT (1X,, N
        DO 10 J = 1, N
          A(I,J) = F(DBLE(I)) * B(J)
call     &      + X ** 3
   10 CONTINUE
      DO 20, K = N, 1, -1
      IF (B(K)) 15, 20, 20
   15 B(K) = -B(K)
   20 B(K) = B(K) + 1
      GO TO (30, 40) M
   30 WRITE (6, 100) 12HHOLLERITH AB
  100 FORMAT (1X, 3HABC, I5)
   40 ASSIGN 40 TO L
      IF (X .GT. 0 .AND. .NOT. Y .LE. 4.5E3) STOP 'done'
concurrentD     PRINT *, 'debug'
*     a star comment
CDVM$ PARALLEL (I) ON B(I), REDUCTION(SUM(S))
      DO 50 I = 1, N
   50 S = S + B(I)
	cycleCALL SUB(A, B, 'it''s')
      END
     
  implicit none
  rea PRINT *, Y
 SUBROUTINE SUB(A, B, C)
      REAL*8 A(*), B(10)
      CHARACTER*(*) C
      ENTRY E2) = -B(K)
   20 B(K) = B(K) + 1
      GO TO (30, 40) M
   30 WRITE (6, 100) 12HHOLLERITH AB
  100 FORMAT (1X, 3HABC, I5)
   40 ASSIGN 40 TO L
      IF (X .GT. 0 .AND. .NOT. Y .LE. 4.5E3) STOP 'done'
D     PRINT *, 'debug'
*     a starâœ’ment
CDVM$ PARALLEL (I) ON B(I), REDUCTION(SUM(S))
      DO 50 I = 1, N
   50 S = S + B(I)
	C
      RETURN
      END
      BLO 3HABC, I5)
   80 ASSIGN 40 TO L
      IF (X .GT. 0 .AND. .NOT. Y .LE. 4.5E3) STOP 'done'
concurrentD     PRINT *, 'debug'
*     a star comment
CDVM$ PARALLEL (I) ON B(I), REDUCTION(SUM(S))
      DO 50 I = 1, N
   50 S = S + B(I)
	CALL SUB(A, B, 'it''s')
      END
     
  implicit none
  rea PRINT *, Y
 SUBROUTINE SUB(A, B, C)
      REAL*8 A(*), B(10)
      CHARACTER*(*) C
      ENTRY E2) = -B(K)
   20 B(K) = B(K) + 1
      GO TO (30, 40) M
   30 WRITE (6, 100) 12HHOLLERITH AB
  100 FORMAT (1X, 3HABC, I5)
   40 ASSIGN 40 TO L
      IF (X .GT. 0 .AND. .NOT. Y .LE. 4.5E3) STOP 'done'
D     PRINT *, 'debug'
*     a star comment
CDVM$ PARALLEL (I) ON B(I), REDUCTION(SUM(S))
      DO 50 I = 1, N
   50 S = S + B(I)
	C
      RETURN
      END
      BLOCK DATA      END BD
    
  COMMON /BLK/ X, Y
      DATAQX, Y /1.0, 2.0/
      END
