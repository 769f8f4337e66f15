! Procedures with parallel loops of their own, called inside a loop the expert proposes: their
! loops then run inside that loop's kernel, where DVMH allows no PARALLEL.
module fields
  implicit none
  integer, parameter :: n = 200
contains
  subroutine relax(a, b)
    real, intent(inout) :: a(n)
    real, intent(in) :: b(n)
    integer :: i
    do i = 1, n
      a(i) = 0.5 * (a(i) + b(i))
    end do
    call rescale(a)
  end subroutine relax

  subroutine rescale(a)
    real, intent(inout) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = 2.0 * a(i)
    end do
  end subroutine rescale

  subroutine bump(c)
    real, intent(inout) :: c(n)
    integer :: i
    do i = 1, n
      c(i) = c(i) + 1.0
    end do
  end subroutine bump
end module fields

subroutine sweep(u, v, w)
  use fields
  real :: u(n, n), v(n, n), w(n)
  integer :: j
  do j = 1, n
    call relax(u(1, j), v(1, j))
  end do
  call bump(w)
end subroutine sweep

subroutine steps(w)
  use fields
  real :: w(n)
  integer :: it
  do it = 1, 10
    call bump(w)
  end do
end subroutine steps

subroutine smooth(a)
  real, intent(inout) :: a(200, 200)
  integer :: i, j
  do j = 1, 200
    do i = 1, 200
      a(i, j) = 0.25 * a(i, j)
    end do
  end do
end subroutine smooth

subroutine per_tile(t, f)
  integer :: t, k
  real :: f(200, 200, t)
  do k = 1, t
    call smooth(f(1, 1, k))
  end do
end subroutine per_tile

subroutine tile_grid(t, g)
  integer :: t, k, l
  real :: g(200, 200, t, t)
  do l = 1, t
    do k = 1, t
      call blur(g(1, 1, k, l))
    end do
  end do
end subroutine tile_grid

subroutine blur(a)
  real, intent(inout) :: a(200, 200)
  integer :: i, j
  do j = 1, 200
    do i = 1, 200
      a(i, j) = 0.5 * a(i, j)
    end do
  end do
end subroutine blur

subroutine shifted_sweep(u, v)
  use fields
  real :: u(n, n), v(n, n)
  integer :: j
  do j = 1, n - 1
    call relax(u(2, j), v(1, j))
  end do
end subroutine shifted_sweep
