! Work arrays that calls read: a block-tridiagonal solver's shape (blocks built in loops, then
! passed element by element to small matrix routines), and the cases that must stay shared.
subroutine block_solve(rhs, u, nx, ny, nz)
  integer :: nx, ny, nz, i, j, k, m, n
  double precision :: rhs(5, 0:nx, 0:ny, 0:nz), u(5, 0:nx, 0:ny, 0:nz)
  double precision :: lhs(5, 5, 3, 0:100), fjac(5, 5, 0:100)
  do k = 1, nz - 1
    do j = 1, ny - 1
      do i = 0, nx
        do n = 1, 5
          do m = 1, 5
            fjac(m, n, i) = u(m, i, j, k) * n
          end do
        end do
      end do
      do i = 0, nx
        do n = 1, 5
          do m = 1, 5
            lhs(m, n, 1, i) = fjac(m, n, i)
            lhs(m, n, 2, i) = 1.0d0 + fjac(m, n, i)
            lhs(m, n, 3, i) = fjac(m, n, i)
          end do
        end do
      end do
      do i = 1, nx - 1
        call matvec(lhs(1, 1, 1, i), rhs(1, i-1, j, k), rhs(1, i, j, k))
        call matmul(lhs(1, 1, 1, i), lhs(1, 1, 3, i-1), lhs(1, 1, 2, i))
      end do
    end do
  end do
end subroutine

subroutine edge_unset(rhs, u, nx, ny, nz)
  integer :: nx, ny, nz, i, j, k, m, n
  double precision :: rhs(5, 0:nx, 0:ny, 0:nz), u(5, 0:nx, 0:ny, 0:nz)
  double precision :: lhs(5, 5, 3, 0:100)
  do k = 1, nz - 1
    do j = 1, ny - 1
      do i = 1, nx
        do n = 1, 5
          do m = 1, 5
            lhs(m, n, 1, i) = u(m, i, j, k)
            lhs(m, n, 3, i) = u(m, i, j, k)
          end do
        end do
      end do
      do i = 1, nx - 1
        call matvec(lhs(1, 1, 3, i-1), rhs(1, i-1, j, k), rhs(1, i, j, k))
      end do
    end do
  end do
end subroutine

subroutine whole_passed(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m), w(100)
  do j = 1, m
    do i = 1, 100
      w(i) = a(1, j) * i
    end do
    call total(w, 100, b(j))
  end do
end subroutine

subroutine part_written(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m), w(100)
  do j = 1, m
    do i = 1, 99
      w(i) = a(1, j) * i
    end do
    call total(w, 100, b(j))
  end do
end subroutine

subroutine column_passed(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m), w(n, 2)
  do j = 1, m
    do i = 1, n
      w(i, 2) = a(i, j)
    end do
    call total(w(:, 2), n, b(j))
  end do
end subroutine

subroutine read_first(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m), w(100)
  do j = 1, m
    call total(w, 100, b(j))
    do i = 1, 100
      w(i) = a(1, j) * i
    end do
  end do
end subroutine

subroutine element_read(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m), w(2)
  do j = 1, m
    w(1) = a(1, j)
    w(2) = a(2, j)
    call pair(w(1), w(2), b(j))
  end do
end subroutine

subroutine reallocated(a, b, n, m)
  integer :: n, m, i, j
  double precision :: a(n, m), b(m)
  double precision, allocatable :: w(:)
  allocate (w(n))
  do j = 1, m
    call resize(w, n)
    do i = 1, n
      w(i) = a(i, j)
    end do
    b(j) = w(n)
  end do
end subroutine

subroutine function_written(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(n, m), w(1000), x
  do j = 1, m
    do i = 1, n
      x = keep_positive(w(i), a(i, j))
    end do
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
contains
  real function keep_positive(v, y)
    real :: v, y
    if (y > 0) v = y
    keep_positive = y
  end function
end subroutine

subroutine host_read(a, b, n, m)
  integer :: n, m, i, j
  real :: a(n, m), b(m), w(100)
  do j = 1, m
    do i = 1, 100
      w(i) = a(1, j) * i
    end do
    call inner(b(j))
  end do
contains
  subroutine inner(s)
    real :: s
    s = w(5) + w(100)
  end subroutine
end subroutine

subroutine matvec(a, x, y)
  double precision :: a(5, 5), x(5), y(5)
  integer :: m
  do m = 1, 5
    y(m) = y(m) - a(m, 1) * x(1) - a(m, 2) * x(2)
  end do
end subroutine

subroutine matmul(a, b, c)
  double precision :: a(5, 5), b(5, 5), c(5, 5)
  integer :: m
  do m = 1, 5
    c(m, 1) = c(m, 1) - a(m, 1) * b(1, 1)
  end do
end subroutine

subroutine total(v, n, s)
  integer :: n, i
  double precision :: v(n), s
  s = 0
  do i = 1, n
    s = s + v(i)
  end do
end subroutine

subroutine pair(x, y, s)
  double precision :: x, y, s
  s = x * y
end subroutine

subroutine resize(w, n)
  integer :: n
  double precision, allocatable :: w(:)
  deallocate (w)
  allocate (w(n))
end subroutine
