C     Elements of COMMON arrays passed to explicit-shape array dummies (the NPB style: a block of
C     5 values per grid point, rhs(1,i,j,k) passed to r(5)): the callee touches rhs(1:5,i,j,k).
      subroutine col_common
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      common /fields/ rhs
      integer j, k
      do k = 1, nx-2
        do j = 1, nx-2
          call scale5(rhs(1,0,j,k))
        end do
      end do
      end

C     The same array as a dummy: the same answer.
      subroutine col_dummy(rhs)
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      integer j, k
      do k = 1, nx-2
        do j = 1, nx-2
          call scale5(rhs(1,0,j,k))
        end do
      end do
      end

C     Ten values from rhs(1,0,j,k) on run into rhs(1:5,1,j,k): still one column j, k.
      subroutine col_ten
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      common /fields/ rhs
      integer j, k
      do k = 1, nx-2
        do j = 1, nx-2
          call scale10(rhs(1,0,j,k))
        end do
      end do
      end

C     The callee reads rhs(1,0,1,1) through the block as well: the iteration j = k = 1 writes
C     it, the others read it.
      subroutine col_block_read
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      common /fields/ rhs
      integer j, k
      do k = 1, nx-2
        do j = 1, nx-2
          call scale_by_corner(rhs(1,0,j,k))
        end do
      end do
      end

C     A block of 5 from rhs(5,0,j,k) on runs into the next column's first values, which the
C     next j writes: not within one column.
      subroutine col_shifted
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      common /fields/ rhs
      integer j, k
      do k = 1, nx-2
        do j = 1, nx-2
          call scale5(rhs(5,nx-1,j,k))
        end do
      end do
      end

      subroutine scale5(v)
      double precision v(5)
      v(1) = v(1) * 2.0d0
      v(2) = v(2) + v(1)
      v(5) = v(5) - v(2)
      end

      subroutine scale10(v)
      double precision v(10)
      integer m
      do m = 2, 10
        v(m) = v(m) + v(m-1)
      end do
      end

      subroutine scale_by_corner(v)
      double precision v(5)
      integer nx
      parameter (nx = 24)
      double precision rhs(5,0:nx-1,0:nx-1,0:nx-1)
      common /fields/ rhs
      v(1) = v(1) * rhs(1,0,1,1)
      end
