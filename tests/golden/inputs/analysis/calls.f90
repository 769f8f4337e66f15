! Calls inside loops count as what the called procedure does (its summary), not as "unknown".
module counters
  implicit none
  integer :: counter = 0
contains
  pure real function sq(x)
    real, intent(in) :: x
    sq = x * x
  end function sq
  subroutine bump(x)
    real, intent(in) :: x
    if (x > 0) counter = counter + 1
  end subroutine bump
  subroutine scale(x, f)
    real, intent(inout) :: x
    real, intent(in) :: f
    x = x * f
  end subroutine scale
  subroutine logit(k)
    integer, intent(in) :: k
    print *, k
  end subroutine logit
  subroutine fill(v, n)
    integer, intent(in) :: n
    real, intent(out) :: v(n)
    v = 0
  end subroutine fill
  subroutine put(t, x)
    real, intent(out) :: t
    real, intent(in) :: x
    t = 2 * x
  end subroutine put
  subroutine check(x)
    real, intent(in) :: x
    if (x < 0) stop 'negative'
  end subroutine check
  real function smooth(x)
    real, intent(in) :: x
    real, save :: last = 0
    smooth = 0.5 * (x + last)
    last = x
  end function smooth
  subroutine tally(x)
    real, intent(in) :: x
    integer :: seen = 0
    if (x > 0) seen = seen + 1
  end subroutine tally
end module counters

subroutine calls(n, a, b, w)
  use counters
  integer, intent(in) :: n
  real :: a(n), b(n), w(n, n), t
  integer :: i
  do i = 1, n
    b(i) = sq(a(i))
  end do
  do i = 1, n
    call bump(a(i))
  end do
  do i = 1, n
    call scale(a(i), 2.0)
  end do
  do i = 1, n
    call logit(i)
  end do
  do i = 1, n
    call ext(a(i))
  end do
  do i = 1, n
    call fill(w(1, i), n)
  end do
  do i = 1, n
    call put(t, a(i))
    b(i) = t
  end do
  do i = 1, n
    call check(a(i))
  end do
  do i = 1, n
    b(i) = smooth(a(i))
  end do
  do i = 1, n
    call tally(a(i))
  end do
end subroutine calls
