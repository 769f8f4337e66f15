C     Line 2 is a continuation line with no statement before it to continue.
     &  X = 1.0
      PROGRAM ORPHAN
      Y = 2.0
      PRINT *, Y
      END
