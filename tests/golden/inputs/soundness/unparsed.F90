! A statement the front end cannot parse: what it does is unknown, so its loops are not parallel.
subroutine unparsed(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n
    a(i) = a(i) + 1
    call carry(a, i, 1 +* 2)
  end do
end subroutine unparsed
