! jacobi3d.f90 -- Jacobi relaxation on a 3-D grid, 7-point stencil (Fortran-DVMH).
! Demonstrates 3-deep PARALLEL nests (K,J,I) ON A(I,J,K), CUDA_BLOCK(32,4,2),
! REDUCTION(MAX) and SUM, SHADOW/SHADOW_RENEW and a directive continued with '&'.
PROGRAM JACOBI3D
  IMPLICIT NONE
  INTEGER, PARAMETER :: N = 24, ITMAX = 20
  REAL(8), PARAMETER :: MAXEPS = 1.0D-3
  REAL(8), DIMENSION(N, N, N) :: A, B
  REAL(8) :: eps, cs
  INTEGER :: i, j, k, it
!DVM$ DISTRIBUTE A(BLOCK, BLOCK, BLOCK)
!DVM$ ALIGN B(I, J, K) WITH A(I, J, K)
!DVM$ SHADOW A(1:1, 1:1, 1:1)

!DVM$ REGION
!DVM$ PARALLEL (K, J, I) ON A(I, J, K)
  DO k = 1, N
    DO j = 1, N
      DO i = 1, N
        A(i, j, k) = 0
        IF (i == 1 .OR. j == 1 .OR. k == 1 .OR. i == N .OR. j == N .OR. k == N) THEN
          B(i, j, k) = 0
        ELSE
          B(i, j, k) = 4 + i + j + k
        ENDIF
      ENDDO
    ENDDO
  ENDDO
!DVM$ END REGION

  DO it = 1, ITMAX
    eps = 0
!DVM$ ACTUAL(eps)
!DVM$ REGION
!DVM$ PARALLEL (K, J, I) ON A(I, J, K), &
!DVM$&  REDUCTION(MAX(eps)), CUDA_BLOCK(32, 4, 2)
    DO k = 2, N - 1
      DO j = 2, N - 1
        DO i = 2, N - 1
          eps = MAX(eps, ABS(B(i, j, k) - A(i, j, k)))
          A(i, j, k) = B(i, j, k)
        ENDDO
      ENDDO
    ENDDO
!DVM$ PARALLEL (K, J, I) ON B(I, J, K), SHADOW_RENEW(A)
    DO k = 2, N - 1
      DO j = 2, N - 1
        DO i = 2, N - 1
          B(i, j, k) = (A(i - 1, j, k) + A(i + 1, j, k) + A(i, j - 1, k) &
                      + A(i, j + 1, k) + A(i, j, k - 1) + A(i, j, k + 1)) / 6.0D0
        ENDDO
      ENDDO
    ENDDO
!DVM$ END REGION
!DVM$ GET_ACTUAL(eps)
    PRINT '(A, I4, A, ES14.7)', ' IT = ', it, '   EPS = ', eps
    IF (eps < MAXEPS) EXIT
  ENDDO

  cs = 0
!DVM$ ACTUAL(cs)
!DVM$ REGION
!DVM$ PARALLEL (K, J, I) ON B(I, J, K), REDUCTION(SUM(cs))
  DO k = 1, N
    DO j = 1, N
      DO i = 1, N
        cs = cs + B(i, j, k)
      ENDDO
    ENDDO
  ENDDO
!DVM$ END REGION
!DVM$ GET_ACTUAL(cs)
  PRINT *, 'JACOBI3D checksum = ', cs
END PROGRAM JACOBI3D
