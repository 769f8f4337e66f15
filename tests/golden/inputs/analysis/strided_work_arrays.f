C     Work arrays written at strided elements (x(2*j - d), a coefficient of 2) and read at
C     elements of the same lattice, in another loop of the iteration (NPB MG's rprj3 shape).
C     sw1: x(2*j) for j = 1..n, read at x(2*i) for i = 1..n: covered: PRIVATE(X).
      subroutine sw1(a, b, n, m)
      integer n, m, i, j, k
      double precision a(200, m), b(100, m), x(200)
      do 30 k = 1, m
         do 10 j = 1, n
            x(2*j) = a(2*j, k)
   10    continue
         do 20 i = 1, n
            b(i, k) = x(2*i)
   20    continue
   30 continue
      end

C     sw2: read at the odd elements x(2*i + 1), which no write of the iteration sets: sequential.
      subroutine sw2(a, b, n, m)
      integer n, m, i, j, k
      double precision a(200, m), b(100, m), x(200)
      do 30 k = 1, m
         do 10 j = 1, n
            x(2*j) = a(2*j, k)
   10    continue
         do 20 i = 1, n
            b(i, k) = x(2*i + 1)
   20    continue
   30 continue
      end

C     sw3: the MG shape: i1 = 2*j1 - d1, x written at i1 - 1 for j1 = 2..n, read at i1 - 1 and
C     i1 + 1 for j1 = 2..n-1 (j1 and j1 + 1 of the writes): PRIVATE(X).
      subroutine sw3(r, s, n, m)
      integer n, m, j1, k, i1, d1
      double precision r(200, m), s(100, m), x(200)
      d1 = 2
      do 30 k = 1, m
         do 10 j1 = 2, n
            i1 = 2*j1 - d1
            x(i1 - 1) = r(i1 - 1, k) + r(i1, k)
   10    continue
         do 20 j1 = 2, n - 1
            i1 = 2*j1 - d1
            s(j1, k) = x(i1 - 1) + x(i1 + 1)
   20    continue
   30 continue
      end

C     sw4: read one element past the last written: x(2*i) for i = 1..n+1: sequential.
      subroutine sw4(a, b, n, m)
      integer n, m, i, j, k
      double precision a(200, m), b(100, m), x(200)
      do 30 k = 1, m
         do 10 j = 1, n
            x(2*j) = a(2*j, k)
   10    continue
         do 20 i = 1, n + 1
            b(i, k) = x(2*i)
   20    continue
   30 continue
      end

C     sw5: written at x(3*j), read at x(3*i - 3) for i = 2..n+1: covered (j = i - 1): PRIVATE(X).
      subroutine sw5(a, b, n, m)
      integer n, m, i, j, k
      double precision a(300, m), b(100, m), x(300)
      do 30 k = 1, m
         do 10 j = 1, n
            x(3*j) = a(3*j, k)
   10    continue
         do 20 i = 2, n + 1
            b(i, k) = x(3*i - 3)
   20    continue
   30 continue
      end
