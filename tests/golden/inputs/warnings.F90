#frobnicate
! One line of each severity: the unknown directive is "unsupported", the PARALLEL a warning, line 10 an error.
program warnings
  integer :: i
  real :: a(10)
!DVM$ PARALLEL (i, j) ON a(i)
  do i = 1, 10
    a(i) = 0.0
  end do
  a(1) = = 1.0
end program warnings
