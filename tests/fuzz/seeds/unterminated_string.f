C     The literal on line 4 has no closing quote (fixed form).
      PROGRAM UNTERM
      CHARACTER*10 S
      S = 'ABC
      K = 1
      PRINT *, S, K
      END
