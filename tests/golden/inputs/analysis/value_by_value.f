c     Work arrays whose rows are written one statement each, read through a short loop.
      subroutine rows(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            flux(3, i) = u(3, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine rows_and_loop(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            do m = 3, 5
               flux(m, i) = u(m, i, j) * tmp
            end do
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine row_missing(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine columns_short(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx - 1
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            flux(3, i) = u(3, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine rows_too_few(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(6, nx, ny), rsd(6, nx, ny), c
      double precision flux(6, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            flux(3, i) = u(3, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 6
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine row_guarded(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            if (tmp .gt. 0.0d0) flux(2, i) = u(2, i, j) * tmp
            flux(3, i) = u(3, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end

      subroutine two_loops(nx, ny, u, lhs, c)
      integer nx, ny, i, j, m, n
      double precision u(5, nx, ny), lhs(5, 5, nx, ny), c
      double precision fjac(5, 5, 0:100), tmp
      do j = 1, ny
         do i = 0, nx + 1
            tmp = 1.0d0 / u(1, i, j)
            fjac(1, 1, i) = 0.0d0
            fjac(1, 2, i) = 1.0d0
            fjac(2, 1, i) = -tmp
            fjac(2, 2, i) = tmp * 2
            do m = 3, 5
               fjac(1, m, i) = 0.0d0
               fjac(2, m, i) = tmp
            end do
            do m = 3, 5
               do n = 1, 5
                  fjac(m, n, i) = tmp * m
               end do
            end do
         end do
         do i = 1, nx
            do m = 1, 5
               do n = 1, 5
                  lhs(m, n, i, j) = c * (fjac(m, n, i-1)
     >               - fjac(m, n, i+1))
               end do
            end do
         end do
      end do
      end

      subroutine two_loops_gap(nx, ny, u, lhs, c)
      integer nx, ny, i, j, m, n
      double precision u(5, nx, ny), lhs(5, 5, nx, ny), c
      double precision fjac(5, 5, 0:100), tmp
      do j = 1, ny
         do i = 0, nx + 1
            tmp = 1.0d0 / u(1, i, j)
            fjac(1, 1, i) = 0.0d0
            fjac(1, 2, i) = 1.0d0
            fjac(2, 1, i) = -tmp
            do m = 3, 5
               fjac(1, m, i) = 0.0d0
               fjac(2, m, i) = tmp
            end do
            do m = 3, 5
               do n = 1, 5
                  fjac(m, n, i) = tmp * m
               end do
            end do
         end do
         do i = 1, nx
            do m = 1, 5
               do n = 1, 5
                  lhs(m, n, i, j) = c * (fjac(m, n, i-1)
     >               - fjac(m, n, i+1))
               end do
            end do
         end do
      end do
      end

      subroutine rowsc(nx, ny, u, rsd, c)
      integer nx, ny, i, j, m
      double precision u(5, nx, ny), rsd(5, nx, ny), c
      double precision flux(5, 100), tmp
      common /work/ flux
      do j = 2, ny - 1
         do i = 1, nx
            flux(1, i) = u(2, i, j)
            tmp = u(3, i, j) / u(1, i, j)
            flux(2, i) = u(2, i, j) * tmp
            flux(3, i) = u(3, i, j) * tmp
            flux(4, i) = u(4, i, j) * tmp
            flux(5, i) = u(5, i, j) * tmp
         end do
         do i = 2, nx - 1
            do m = 1, 5
               rsd(m, i, j) = rsd(m, i, j)
     >            - c * (flux(m, i+1) - flux(m, i-1))
            end do
         end do
      end do
      end
