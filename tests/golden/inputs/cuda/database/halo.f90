! Names the CUDA writer resolves from the database alone: a named constant and a USE-associated
! variable in an array's bounds, a kind given by a named constant.
module grid
  implicit none
  integer, parameter :: hs = 2
  integer, parameter :: dp = kind(1.0d0)
  integer :: nx, ny
end module grid

! Another module with a variable nx of another type: which nx the bounds name is not the modules'
! to say, the procedure's statements say it.
module other
  implicit none
  real :: nx
end module other

subroutine smooth(a, b)
  use grid
  implicit none
  real(dp) :: a(1-hs:nx+hs, 2), b(nx)
  integer :: i
  do i = 1, nx
    b(i) = (a(i-1, 1) + a(i+1, 2)) * 0.5_dp + real(i, kind=dp)
  end do
end subroutine smooth

subroutine fill(c, n)
  use grid, only: hs, dp
  implicit none
  integer :: n
  real(dp) :: c(n+hs)
  integer :: i
  do i = 1, n
    c(i) = real(i, dp) / hs
  end do
end subroutine fill

! ny is named by no statement of edge: the one module variable of that name is it. nx is named by
! none either, and two modules declare different ones: not translatable.
subroutine edge(w, v)
  use grid
  implicit none
  real(dp) :: w(ny, 3), v(nx, 3)
  integer :: j
  do j = 1, 3
    w(1, j) = 0
  end do
  do j = 1, 3
    v(1, j) = 0
  end do
end subroutine edge
