! Uses a module defined in a file that sorts after it, and includes a header another file includes.
program solver
  use z_kinds
  implicit none
  include 'shared.inc'
  real(wp) :: u(n)
  integer :: i
  do i = 1, n
    u(i) = i * h
  end do
  print *, u(n)
end program solver
