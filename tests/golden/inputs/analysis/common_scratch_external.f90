! A call to a procedure with no body here, which may read /w1/.
program main
  real :: u(5, 100)
  common /fields/ u
  u = 1.0
  call solve1(100)
  call report_fields(u)
end program

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
