! SAVE by attribute, by statement (with a list or bare), by an initial value or by DATA: a
! procedure that writes such a variable keeps state from one call to the next, so the iterations
! of a loop that calls it depend on each other.
subroutine by_attribute(x)
  real, intent(in) :: x
  real, save :: last
  last = x
end subroutine by_attribute

subroutine by_value(x)
  real, intent(in) :: x
  integer :: seen = 0
  if (x > 0) seen = seen + 1
end subroutine by_value

subroutine by_data(x)
  real, intent(in) :: x
  real :: total
  data total /0.0/
  total = total + x
end subroutine by_data

subroutine by_statement(x)
  real, intent(in) :: x
  real :: peak, unused
  integer :: count
  common /stats/ count
  save peak, /stats/
  peak = max(peak, x)
  unused = x
end subroutine by_statement

subroutine by_bare_save(x)
  real, intent(in) :: x
  save
  real :: low
  low = min(low, x)
  tmp = x
end subroutine by_bare_save

subroutine not_saved(x)
  real, intent(in) :: x
  real :: t
  t = x * 2
end subroutine not_saved

program driver
  implicit none
  integer, parameter :: n = 100
  real :: a(n), b(n)
  real :: t = 0
  integer :: i
  a = 1
  do i = 1, n
    call by_attribute(a(i))
  end do
  do i = 1, n
    call by_value(a(i))
  end do
  do i = 1, n
    call by_data(a(i))
  end do
  do i = 1, n
    call by_statement(a(i))
  end do
  do i = 1, n
    call by_bare_save(a(i))
  end do
  do i = 1, n
    call not_saved(a(i))
  end do
  do i = 1, n
    t = 2 * a(i)
    b(i) = t
  end do
  print *, b(1)
end program driver
