      PROGRAM BOZ
C     BOZ constants: B, O, Z and X before the digits, in either quotes,
C     and the trailing forms; in PARAMETER, DATA and intrinsic calls.
      INTEGER*8 I, J, K, L, M, IX(4)
      INTEGER*8 NZ, NO, NB, NX, NQ, NT, NU, NV, NW, NI, NK, NBIG
      PARAMETER (NZ = Z'FF', NO = O'17', NB = B'101')
      PARAMETER (NX = X'00003FFFFFFFFFFF', NQ = Z"7f")
      PARAMETER (NT = 'FF'X, NU = '17'O, NV = '101'B, NW = '1f'Z)
      PARAMETER (NI = INT(Z'7F', 8) + 1, NK = NZ * 2)
      PARAMETER (NBIG = Z'8000000000000000')
      DATA I/X'00003FFFFFFFFFFF'/, J/Z'FF'/, K/O'17'/, L/B'101'/
      DATA M/'FF'X/
      DATA IX/Z'1', O'2', B'11', '4'X/
      J = IAND(J, Z"FF") + INT(B'11')
      PRINT *, I, J, K, L, M, IX, NBIG
      END
