! CRLF line ends (free form)
program crlf_free
  integer :: i
  real :: a(3)
  do i = 1, 3
    a(i) = i + 0.5
  end do
  print *, a
end program crlf_free
