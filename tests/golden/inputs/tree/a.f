      SUBROUTINE TA
      END
