! A small valid program: one loop, used by the command-line tests.
program hello
  integer :: i
  real :: a(10)
  do i = 1, 10
    a(i) = 2.0 * i
  end do
  print *, a(10)
end program hello
