C     CRLF LINE ENDS (FIXED FORM), WITH A CONTINUATION LINE
      PROGRAM CRLFFX
      REAL A(3)
      DO 10 I = 1, 3
         A(I) = I +
     &          0.5
   10 CONTINUE
      PRINT *, A
      END
