! Line 7 is no Fortran statement; everything around it still loads.
program syntax_error
  integer :: i, n
  real :: a(10)
  n = 10
  a(1) = 0.0
  a(2) = = 2.0
  do i = 1, n
    a(i) = i * 2.0
  end do
  call report(a, n)
end program syntax_error
