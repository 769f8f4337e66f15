C     A second small program, to see that --force replaced the database.
      SUBROUTINE SWAP(X, Y)
      REAL X, Y, T
      T = X
      X = Y
      Y = T
      END
