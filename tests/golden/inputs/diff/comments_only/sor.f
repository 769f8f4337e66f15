C     SOR.F -- SUCCESSIVE OVER-RELAXATION, 2-D GRID (FIXED FORM DVMH)
C     SHOWS CDVM$/*DVM$ SENTINELS, DIRECTIVES CONTINUED IN COLUMN 6
C     (A COMMENT LINE IN BETWEEN), ACROSS(A(1:1,1:1)), NEW, REDUCTION,
C     LABELLED DO LOOPS SHARING A LABEL, .LT./.GT. AND A GO TO.
      PROGRAM SOR
      INTEGER L, ITMAX
      PARAMETER (L = 32, ITMAX = 200)
      REAL*8 A(L, L), S
      DOUBLE PRECISION EPS, MAXEPS, W, CS
CDVM$ DISTRIBUTE A(BLOCK, BLOCK)
      MAXEPS = 1.0D-2
      W = 1.5D0
C     INITIAL VALUES: ZERO ON THE BOUNDARY
C     AND A LINEAR RAMP INSIDE
CDVM$ REGION OUT(A)
CDVM$ PARALLEL (J, I) ON A(I, J)
      DO 10 J = 1, L
      DO 10 I = 1, L
         IF (I .EQ. 1 .OR. J .EQ. 1 .OR. I .EQ. L .OR. J .EQ. L) THEN
            A(I, J) = 0.D0
         ELSE
            A(I, J) = 1.D0 + I + J
         ENDIF
   10 CONTINUE
CDVM$ END REGION
C     THE RELAXATION SWEEPS
      DO 40 IT = 1, ITMAX
         EPS = 0.D0
CDVM$    ACTUAL (EPS)
CDVM$    REGION
*DVM$   PARALLEL  ( J, I)   ON  A( I,  J),  NEW (S),
C        EPS: MAXIMUM CHANGE OF A OVER ONE SWEEP
*DVM$*  REDUCTION ( MAX( EPS )), ACROSS  (A(1:1,1:1))
         DO 30 J = 2, L - 1
            DO 20 I = 2, L - 1
               S = A(I, J)
               A(I, J) = (W / 4.D0) * (A(I - 1, J) + A(I + 1, J)
     *                 + A(I, J - 1) + A(I, J + 1)) + (1.D0 - W) * S
               IF (ABS(S - A(I, J)) .GT. EPS) EPS = ABS(S - A(I, J))
   20       CONTINUE
   30    CONTINUE
CDVM$    END REGION
CDVM$    GET_ACTUAL (EPS)
         IF (MOD(IT, 10) .EQ. 0) PRINT 200, IT, EPS
         IF (EPS .LT. MAXEPS) GO TO 50
   40 CONTINUE
      IT = ITMAX
   50 PRINT 200, IT, EPS
  200 FORMAT (' IT = ', I4, '   EPS = ', E14.7)
      CS = 0.D0
CDVM$ ACTUAL (CS)
CDVM$ REGION IN(A),
CDVM$*       TARGETS(HOST, CUDA)
CDVM$ PARALLEL (J, I) ON A(I, J), REDUCTION (SUM (CS))
      DO 70 J = 1, L
      DO 70 I = 1, L
   70 CS = CS + A(I, J) / (L * L)
CDVM$ END REGION
CDVM$ GET_ACTUAL (CS)
      PRINT *, 'SOR: MEAN VALUE OF A = ', CS
      END
