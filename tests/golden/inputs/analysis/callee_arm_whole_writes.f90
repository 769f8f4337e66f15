! Callees that assign a dummy whole in every arm of a complete IF or SELECT CASE before reading
! it, or with a bare colon in every dimension at the top of their bodies (FV3's
! interp_left_edge_1d: qout(:) = 0.0 on an assumed-shape dummy); the caller's work array passed
! to them is written whole by the call.

module arm_fills
contains
  subroutine fill_if(flag, x)
    logical, intent(in) :: flag
    real, intent(out) :: x(4)
    if (flag) then
      x = 0.0
    else
      x(:) = 1.0
    end if
  end subroutine

  subroutine fill_case(k, x)
    integer, intent(in) :: k
    real, intent(out) :: x(4)
    select case (k)
    case (1)
      x = 0.0
    case (2, 3)
      x = 2.0
    case default
      x = real(k)
    end select
  end subroutine

  subroutine fill_nested(a, b, x)
    logical, intent(in) :: a, b
    real, intent(out) :: x(4)
    if (a) then
      if (b) then
        x = 0.0
      else
        x = 1.0
      end if
      x(2) = x(1) + 1.0
    else
      x = 2.0
    end if
  end subroutine

  subroutine fill_colons(x)
    real, intent(out) :: x(:)
    x(:) = 0.0
    x(1) = 1.0
  end subroutine

  ! No ELSE: x keeps what it was passed when flag is false.
  subroutine fill_no_else(flag, x)
    logical, intent(in) :: flag
    real, intent(inout) :: x(4)
    if (flag) then
      x = 0.0
    end if
  end subroutine

  ! The ELSE arm reads x before it sets it.
  subroutine fill_read_first(flag, x)
    logical, intent(in) :: flag
    real, intent(inout) :: x(4)
    real :: y
    if (flag) then
      x = 0.0
    else
      y = x(1)
      x = y
    end if
  end subroutine

  ! The condition reads x.
  subroutine fill_by_condition(x)
    real, intent(inout) :: x(4)
    if (x(1) > 0.0) then
      x = 0.0
    else
      x = 1.0
    end if
  end subroutine

  ! One arm sets part of it.
  subroutine fill_part(flag, x)
    logical, intent(in) :: flag
    real, intent(inout) :: x(4)
    if (flag) then
      x = 0.0
    else
      x(1:2) = 1.0
    end if
  end subroutine
end module

subroutine whole_in_arms(n, flag, out)
  use arm_fills
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(out) :: out(n)
  real :: w(4), v(4), u(4), t(4)
  integer :: i
  do i = 1, n
    call fill_if(flag, w)
    call fill_case(i, v)
    call fill_nested(flag, i > 2, u)
    call fill_colons(t)
    out(i) = sum(w) + v(2) + u(3) + t(4)
  end do
end subroutine

subroutine no_else(n, flag, out)
  use arm_fills
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(out) :: out(n)
  real :: w(4)
  integer :: i
  w = 5.0
  do i = 1, n
    call fill_no_else(flag, w)
    out(i) = w(2)
    w(2) = out(i) + 1.0
  end do
end subroutine

subroutine read_first(n, flag, out)
  use arm_fills
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(out) :: out(n)
  real :: w(4)
  integer :: i
  w = 5.0
  do i = 1, n
    call fill_read_first(flag, w)
    out(i) = w(2)
    w(1) = out(i) + 1.0
  end do
end subroutine

subroutine by_condition(n, out)
  use arm_fills
  integer, intent(in) :: n
  real, intent(out) :: out(n)
  real :: w(4)
  integer :: i
  w = 5.0
  do i = 1, n
    call fill_by_condition(w)
    out(i) = w(2)
    w(1) = out(i) - 1.0
  end do
end subroutine

subroutine part(n, flag, out)
  use arm_fills
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(out) :: out(n)
  real :: w(4)
  integer :: i
  w = 5.0
  do i = 1, n
    call fill_part(flag, w)
    out(i) = w(3)
    w(3) = out(i) + 1.0
  end do
end subroutine
