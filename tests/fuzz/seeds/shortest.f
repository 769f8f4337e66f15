      END
