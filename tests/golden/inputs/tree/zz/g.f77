      SUBROUTINE TG
      END
