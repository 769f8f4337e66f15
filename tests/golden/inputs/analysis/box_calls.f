c     Work arrays a callee initializes box by box (a block-tridiagonal
c     solver's lhsinit(lhs, size): the first and the last block row,
c     lhs(:, :, :, 0) and lhs(:, :, :, size)), then the caller fills
c     the rows between and reads them through calls.
c     A row index kept in a module, which a call may move.
      module boxrow
      integer irow
      end module boxrow

      subroutine boxes(nx, ny, nz, u, rhs)
      implicit none
      integer nx, ny, nz, i, j, k, m, n, isize
      double precision u(5, 0:64, 0:64, 0:64), rhs(5, 0:64, 0:64, 0:64)
      double precision fjac(5, 5, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do k = 1, nz - 2
         do j = 1, ny - 2
            do i = 0, isize
               do m = 1, 5
                  do n = 1, 5
                     fjac(m, n, i) = u(m, i, j, k) * n
                  end do
               end do
            end do
            call lhsinit(lhs, isize)
            do i = 1, isize - 1
               do m = 1, 5
                  do n = 1, 5
                     lhs(m, n, 1, i) = fjac(m, n, i - 1)
                     lhs(m, n, 2, i) = 1.0d0 + fjac(m, n, i)
                     lhs(m, n, 3, i) = fjac(m, n, i + 1)
                  end do
               end do
            end do
            call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j, k))
            do i = 1, isize - 1
               call mvsub(lhs(1, 1, 1, i), rhs(1, i - 1, j, k),
     &                    rhs(1, i, j, k))
               call mmsub(lhs(1, 1, 1, i), lhs(1, 1, 3, i - 1),
     &                    lhs(1, 1, 2, i))
               call binv(lhs(1, 1, 2, i), lhs(1, 1, 3, i),
     &                   rhs(1, i, j, k))
            end do
            call binv(lhs(1, 1, 2, isize), lhs(1, 1, 3, isize),
     &                rhs(1, isize, j, k))
            do i = isize - 1, 0, -1
               do m = 1, 5
                  do n = 1, 5
                     rhs(m, i, j, k) = rhs(m, i, j, k)
     &                    - lhs(m, n, 3, i) * rhs(n, i + 1, j, k)
                  end do
               end do
            end do
         end do
      end do
      end

c     Only the blocks 1 and 2 of row 0: lhs(:, :, 3, 0) is read unset.
      subroutine box_missing(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initpart(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee writes the rows under a condition.
      subroutine box_guarded(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initif(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee reads an element before it writes the rows.
      subroutine box_read_first(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initread(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee's last row is size + 1: row isize is read unset.
      subroutine box_shifted(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initshift(lhs, isize)
         call binv(lhs(1, 1, 2, isize), lhs(1, 1, 3, isize),
     &             rhs(1, isize, j))
      end do
      end

c     The last row the call writes changes from one iteration to the
c     next; row isize is read.
      subroutine box_moving(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize, nsz
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         nsz = isize - mod(j, 2)
         call lhsinit(lhs, nsz)
         call binv(lhs(1, 1, 2, isize), lhs(1, 1, 3, isize),
     &             rhs(1, isize, j))
      end do
      end

c     The caller's array has four blocks a row, the callee's three: its
c     rows are not the caller's.
      subroutine box_layout(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 4, 0:64)
      isize = nx - 1
      do j = 1, ny
         call lhsinit(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee moves its local row index after setting it: it writes
c     row isize, not the row isize - 1 read here.
      subroutine box_index_moved(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initmoved(lhs, isize)
         call binv(lhs(1, 1, 2, isize - 1), lhs(1, 1, 3, isize - 1),
     &             rhs(1, isize, j))
      end do
      end

c     The callee changes its dummy before it writes the row: it writes
c     row isize, not the row isize + 1 read here.
      subroutine box_dummy_moved(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize, nsz
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         nsz = isize
         call initdummy(lhs, nsz)
         call binv(lhs(1, 1, 2, isize + 1), lhs(1, 1, 3, isize + 1),
     &             rhs(1, isize, j))
      end do
      end

c     The callee reads the rows it wrote: its own reads are not proven.
      subroutine box_callee_reads(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initsum(lhs, isize, rhs(1, 0, j))
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     A call under an IF: the rows may stay unset.
      subroutine box_call_guarded(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         if (j .gt. 1) call lhsinit(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee's row index moves in its nest: block 3 goes to row
c     isize + 2, not to row isize.
      subroutine box_row_walks(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize, nsz
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         nsz = isize
         call initwalk(lhs, nsz)
         call binv(lhs(1, 1, 2, isize), lhs(1, 1, 3, isize),
     &             rhs(1, isize, j))
      end do
      end

c     The callee fills rows 1 to 4 of each block only.
      subroutine box_short_rows(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initshort(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee's writes are in a loop that may run no iteration.
      subroutine box_zero_trip(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initzero(lhs, isize)
         call binv(lhs(1, 1, 2, 0), lhs(1, 1, 3, 0), rhs(1, 0, j))
      end do
      end

c     The callee's rows start at 1, the caller's at 0: its rows are not
c     the caller's.
      subroutine box_lower(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initone(lhs, isize)
         call binv(lhs(1, 1, 2, 1), lhs(1, 1, 3, 1), rhs(1, 0, j))
      end do
      end

c     Rows 0 and ni of every column 1..nj a callee sets (an SP-style
c     lhsinit(lhs, ni, nj)), the rows between filled here, then read in
c     an elimination over i.
      subroutine box_ranges(nx2, ny2, nz2, rhs)
      implicit none
      integer nx2, ny2, nz2, i, j, k, m
      double precision lhs(5, 0:33, 0:33), rhs(5, 0:33, 0:33, 0:33)
      double precision fac1
      do k = 1, nz2
         call initcols(lhs, nx2 + 1, ny2)
         do j = 1, ny2
            do i = 1, nx2
               do m = 1, 5
                  lhs(m, i, j) = m + i
               end do
            end do
         end do
         do j = 1, ny2
            do i = 0, nx2 - 1
               fac1 = 1.0d0 / lhs(3, i, j)
               lhs(4, i, j) = fac1 * lhs(4, i, j)
               rhs(1, i, j, k) = fac1 * rhs(1, i, j, k)
               lhs(3, i + 1, j) = lhs(3, i + 1, j)
     &              - lhs(2, i + 1, j) * lhs(4, i, j)
            end do
         end do
      end do
      end

c     The callee's columns end one short of those read.
      subroutine box_range_short(nx2, ny2, nz2, rhs)
      implicit none
      integer nx2, ny2, nz2, i, j, k
      double precision lhs(5, 0:33, 0:33), rhs(5, 0:33, 0:33, 0:33)
      do k = 1, nz2
         call initcols(lhs, nx2 + 1, ny2 - 1)
         do j = 1, ny2
            rhs(1, 0, j, k) = lhs(3, 0, j)
         end do
      end do
      end

c     The callee sets every other column.
      subroutine box_range_step(nx2, ny2, nz2, rhs)
      implicit none
      integer nx2, ny2, nz2, i, j, k
      double precision lhs(5, 0:33, 0:33), rhs(5, 0:33, 0:33, 0:33)
      do k = 1, nz2
         call initstep(lhs, nx2 + 1, ny2)
         do j = 1, ny2
            rhs(1, 0, j, k) = lhs(3, 0, j)
         end do
      end do
      end

c     The callee lowers its column count before its loop: column ny2 is
c     read unset.
      subroutine box_range_changed(nx2, ny2, nz2, rhs)
      implicit none
      integer nx2, ny2, nz2, i, j, k, nc
      double precision lhs(5, 0:33, 0:33), rhs(5, 0:33, 0:33, 0:33)
      do k = 1, nz2
         nc = ny2
         call initless(lhs, nx2 + 1, nc)
         do j = 1, ny2
            rhs(1, 0, j, k) = lhs(3, 0, j)
         end do
      end do
      end

c     The callee's row index is a module's, set from the dummy and then
c     moved by a call: it writes row isize + 1, not row isize.
      subroutine box_module_row(nx, ny, rhs)
      implicit none
      integer nx, ny, j, isize
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      isize = nx - 1
      do j = 1, ny
         call initmod(lhs, isize)
         call binv(lhs(1, 1, 2, isize), lhs(1, 1, 3, isize),
     &             rhs(1, isize, j))
      end do
      end

c     The callee's dummy has rows 0:8 and fills them all; row 20 of the
c     caller's 0:64 is read unset.
      subroutine box_last_short(nx, ny, rhs)
      implicit none
      integer nx, ny, j
      double precision rhs(5, 0:64, 0:64), lhs(5, 5, 3, 0:64)
      do j = 1, ny
         call initnine(lhs)
         call binv(lhs(1, 1, 1, 0), lhs(1, 1, 1, 20), rhs(1, 0, j))
      end do
      end

c     Both rows, the last at a local set from the dummy; the dummy's last
c     dimension as long as the rows it has.
      subroutine lhsinit(lhs, size)
      implicit none
      integer size, i, m, n
      double precision lhs(5, 5, 3, 0:size)
      i = size
      do n = 1, 5
         do m = 1, 5
            lhs(m, n, 1, 0) = 0.0d0
            lhs(m, n, 2, 0) = 0.0d0
            lhs(m, n, 3, 0) = 0.0d0
            lhs(m, n, 1, i) = 0.0d0
            lhs(m, n, 2, i) = 0.0d0
            lhs(m, n, 3, i) = 0.0d0
         end do
      end do
      do m = 1, 5
         lhs(m, m, 2, 0) = 1.0d0
         lhs(m, m, 2, i) = 1.0d0
      end do
      end

      subroutine initone(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, size)
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, 1) = 0.0d0
            end do
         end do
      end do
      end

      subroutine initpart(lhs, size)
      implicit none
      integer size, m, n
      double precision lhs(5, 5, 3, 0:64)
      do n = 1, 5
         do m = 1, 5
            lhs(m, n, 1, 0) = 0.0d0
            lhs(m, n, 2, 0) = 0.0d0
            lhs(m, n, 1, size) = 0.0d0
         end do
      end do
      end

      subroutine initif(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      if (size .gt. 2) then
         do c = 1, 3
            do n = 1, 5
               do m = 1, 5
                  lhs(m, n, c, 0) = 0.0d0
               end do
            end do
         end do
      end if
      end

      subroutine initread(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64), t
      t = lhs(1, 1, 1, 1)
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, 0) = t
            end do
         end do
      end do
      end

      subroutine initshift(lhs, size)
      implicit none
      integer size, i, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      i = size + 1
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, i) = 0.0d0
            end do
         end do
      end do
      end

      subroutine initmoved(lhs, size)
      implicit none
      integer size, i, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      i = size
      i = i + 1
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, i - 1) = 0.0d0
            end do
         end do
      end do
      end

      subroutine initdummy(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      size = size - 1
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, size + 1) = 0.0d0
            end do
         end do
      end do
      end

      subroutine initwalk(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, size) = 0.0d0
            end do
         end do
         size = size + 1
      end do
      end

      subroutine initshort(lhs, size)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64)
      do c = 1, 3
         do n = 1, 5
            do m = 1, 4
               lhs(m, n, c, 0) = 0.0d0
            end do
         end do
      end do
      end

      subroutine initzero(lhs, size)
      implicit none
      integer size, m, n, c, t
      double precision lhs(5, 5, 3, 0:64)
      do t = 1, size
         do c = 1, 3
            do n = 1, 5
               do m = 1, 5
                  lhs(m, n, c, 0) = 0.0d0
               end do
            end do
         end do
      end do
      end

      subroutine initsum(lhs, size, r)
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:64), r(5)
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, 0) = 0.0d0
            end do
         end do
      end do
      r(1) = r(1) + lhs(1, 1, 1, 0)
      end

      subroutine binv(a, b, r)
      implicit none
      double precision a(5, 5), b(5, 5), r(5)
      integer m, n
      do m = 1, 5
         do n = 1, 5
            b(m, n) = b(m, n) / a(m, m)
         end do
         r(m) = r(m) / a(m, m)
      end do
      end

      subroutine mvsub(a, b, c)
      implicit none
      double precision a(5, 5), b(5), c(5)
      integer m
      do m = 1, 5
         c(m) = c(m) - a(m, 1) * b(1) - a(m, 2) * b(2)
      end do
      end

      subroutine mmsub(a, b, c)
      implicit none
      double precision a(5, 5), b(5, 5), c(5, 5)
      integer m, n
      do m = 1, 5
         do n = 1, 5
            c(m, n) = c(m, n) - a(m, 1) * b(1, n) - a(m, 2) * b(2, n)
         end do
      end do
      end

      subroutine initcols(lhs, ni, nj)
      implicit none
      integer ni, nj, j, m
      double precision lhs(5, 0:33, 0:33)
      do j = 1, nj
         do m = 1, 5
            lhs(m, 0, j) = 0.0d0
            lhs(m, ni, j) = 0.0d0
         end do
         lhs(3, 0, j) = 1.0d0
         lhs(3, ni, j) = 1.0d0
      end do
      end

      subroutine initstep(lhs, ni, nj)
      implicit none
      integer ni, nj, j, m
      double precision lhs(5, 0:33, 0:33)
      do j = 1, nj, 2
         do m = 1, 5
            lhs(m, 0, j) = 1.0d0
         end do
      end do
      end

      subroutine initless(lhs, ni, nj)
      implicit none
      integer ni, nj, j, m
      double precision lhs(5, 0:33, 0:33)
      nj = nj - 1
      do j = 1, nj
         do m = 1, 5
            lhs(m, 0, j) = 1.0d0
         end do
      end do
      end

      subroutine initmod(lhs, size)
      use boxrow
      implicit none
      integer size, m, n, c
      double precision lhs(5, 5, 3, 0:size + 1)
      irow = size
      call moverow
      do c = 1, 3
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, c, irow) = 0.0d0
            end do
         end do
      end do
      end

      subroutine moverow
      use boxrow
      irow = irow + 1
      end

      subroutine initnine(lhs)
      implicit none
      integer i, m, n
      double precision lhs(5, 5, 3, 0:8)
      do i = 0, 8
         do n = 1, 5
            do m = 1, 5
               lhs(m, n, 1, i) = 0.0d0
            end do
         end do
      end do
      end
