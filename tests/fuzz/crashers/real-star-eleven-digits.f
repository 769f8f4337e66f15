      PROGRAM P
      REAL*99999999999 X
      X = 1
      END
