      PROGRAM X
      Y = 1
      END
