! No main program: a caller elsewhere may read what the loop leaves in /w1/.
subroutine solve1(n)
  integer :: n, i
  real :: u(5, 100), fjac(5)
  common /fields/ u
  common /w1/ fjac
  do i = 1, n
    fjac(1) = u(1, i)
    u(2, i) = fjac(1) * 2.0
  end do
end subroutine
