! A work array the loop leaves, set whole again after the loop before anything reads it: what
! the loop left is never read, so the array is private to the loop's iterations. Set whole: an
! assignment to all of it outside a WHERE (w = 0, w(:) = 0), or a CALL whose callee writes all of
! it before reading any.

module dead_fills
contains
  subroutine fill3(x, y)
    real, intent(in) :: y
    real, intent(out) :: x(3)
    x(1) = y
    x(2) = 2.0 * y
    x(3) = 3.0 * y
  end subroutine
end module

subroutine reset_whole(n, a, out)
  integer, intent(in) :: n
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3), v(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    v(:) = a(:, i) * 2.0
    out(i) = w(1) + v(3)
  end do
  w = 0.0
  v(:) = 1.0
  out(1) = out(1) + w(2) + v(2)
end subroutine

subroutine reset_by_call(n, a, out)
  use dead_fills
  integer, intent(in) :: n
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  call fill3(w, out(1))
  out(1) = out(1) + w(2)
end subroutine

! Set again only when flag holds: the loop's last w(2) may be read.
subroutine reset_maybe(n, flag, a, out)
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  if (flag) w = 0.0
  out(1) = out(1) + w(2)
end subroutine

! Set where a mask holds only.
subroutine reset_masked(n, a, out)
  integer, intent(in) :: n
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  where (a(:, 1) > 0.0)
    w = 0.0
  end where
  out(1) = out(1) + w(2)
end subroutine

! Part of it set again.
subroutine reset_part(n, a, out)
  integer, intent(in) :: n
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  w(1:2) = 0.0
  out(1) = out(1) + w(3)
end subroutine

! Read before it is set again.
subroutine read_then_reset(n, a, out)
  integer, intent(in) :: n
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  out(1) = out(1) + w(2)
  w = 0.0
  out(2) = w(3)
end subroutine

! The call under a logical IF.
subroutine reset_by_call_maybe(n, flag, a, out)
  use dead_fills
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(in) :: a(3, n)
  real, intent(out) :: out(n)
  real :: w(3)
  integer :: i
  do i = 1, n
    w = a(:, i)
    out(i) = w(1)
  end do
  if (flag) call fill3(w, out(1))
  out(1) = out(1) + w(2)
end subroutine
