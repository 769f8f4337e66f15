! Coarrays: declarations, coindexed references and image control statements.
program halo
  implicit none
  integer, parameter :: n = 100
  real :: u(n)[*], edge
  integer :: i, me
  me = this_image()
  do i = 1, n
    u(i) = me + i
  end do
  sync all
  if (me > 1) edge = u(n)[me - 1]
  critical
    u(1) = edge
  end critical
end program halo
