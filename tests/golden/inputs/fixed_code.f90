C     Fixed-form code in a file whose extension says nothing: --form fixed reads it as such.
      PROGRAM FIXED
      REAL X
      X = 1.0 +
     &    2.0
      PRINT *, X
      END
