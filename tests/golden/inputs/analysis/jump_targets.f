C     GO TO out of an inner loop to the statement right after it (NPB EP's seed search: GOTO 130
C     out of DO 120): the jumps join the straight path at their target.
C     jt1: t written after the target, read after it: certain: PRIVATE(T).
      subroutine jt1(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n), t
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
  120    continue
  130    continue
         t = a(1, k) * 2.d0
         b(k) = t
  150 continue
      end

C     jt2: t written in the loop the GO TO leaves, past the jump: not certain: sequential.
      subroutine jt2(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n), t
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
            t = a(i, k)
  120    continue
  130    continue
         b(k) = t
  150 continue
      end

C     jt3: a work array filled after the target: every iteration writes what it reads: PRIVATE(W).
      subroutine jt3(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n, n), w(100)
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
  120    continue
  130    continue
         do 140 i = 1, n
            w(i) = a(i, k)
  140    continue
         do 145 i = 1, n
            b(i, k) = w(i)
  145    continue
  150 continue
      end

C     jt4: the work array is filled in the loop the GO TO leaves: the elements past the exit keep
C     an earlier iteration's values: sequential.
      subroutine jt4(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n, n), w(100)
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
            w(i) = a(i, k)
  120    continue
  130    continue
         do 145 i = 1, n
            b(i, k) = w(i)
  145    continue
  150 continue
      end

C     jt5: the target lies past the loop that fills w: the jump skips it: sequential.
      subroutine jt5(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n, n), w(100)
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
  120    continue
         do 140 i = 1, n
            w(i) = a(i, k)
  140    continue
  130    continue
         do 145 i = 1, n
            b(i, k) = w(i)
  145    continue
  150 continue
      end

C     jt6: a jump back: what follows its target may run again with what came after: t set
C     before it is still certain: PRIVATE(T).
      subroutine jt6(a, b, n)
      integer n, k, m
      double precision a(n, n), b(n), t
      do 150 k = 1, n
         t = 0.d0
         m = 0
  110    continue
         m = m + 1
         t = t + a(m, k)
         if (m .lt. 3) goto 110
         b(k) = t
  150 continue
      end

C     jt7: the write after the target, then a second jump past a write to a second target: t2
C     written between the second jump and its target is not certain: sequential.
      subroutine jt7(a, b, n)
      integer n, i, k
      double precision a(n, n), b(n), t, t2
      do 150 k = 1, n
         do 120 i = 1, n
            if (a(i, k) .lt. 0.d0) goto 130
  120    continue
  130    continue
         t = a(1, k)
         if (t .gt. 1.d0) goto 140
         t2 = t
  140    continue
         b(k) = t + t2
  150 continue
      end
