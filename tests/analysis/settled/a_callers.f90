! Loops that call procedures: the streamed analysis decides them while the load goes on when the
! callee looks settled, and must take that back when a later file changes what a call reaches
! (check-streamed.sh compares its tables with sapfor-analyze's).

! An external leaf: settled at once, and it stays the callee.
subroutine setit(s, v)
  real :: s, v
  s = 2.0 * v
end subroutine setit

! Writes a scalar dummy but is only ever passed array elements: "defines" stays 0 in the end.
subroutine bump(x)
  real :: x
  x = 3.0
end subroutine bump

! An external leaf that a module procedure of the same name in a later file replaces as callee.
subroutine scale(x, f)
  real :: x, f
  x = x * f
end subroutine scale

subroutine drivers(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  do i = 1, n
    call setit(t, b(i))       ! defines t: private
    a(i) = t
  end do
  do i = 1, n
    call bump(a(i))
  end do
  do i = 1, n
    call scale(b(i), 2.0)     ! in the end: late_scale's scale, which writes a module variable
  end do
  do i = 1, n
    call later_one(a(i))      ! no body yet; a later file defines it (with I/O)
  end do
end subroutine drivers
