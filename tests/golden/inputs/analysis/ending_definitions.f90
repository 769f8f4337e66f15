! Definitions that need not reach past a path that ends the program: a scalar written on every
! path that goes on is defined (a setter's error branch STOPs, a SELECT CASE's DEFAULT calls an
! error handler with its fatal severity).
module ending_errs
  integer, parameter :: NOTE = 0, FATAL = 2
contains
  subroutine mom_error(level, message)
    integer, intent(in) :: level
    character(len=*), intent(in) :: message
    print *, level, message
  end subroutine mom_error
end module ending_errs

module ending_setters
  use ending_errs
contains
  subroutine set_or_stop(kpe, k, n)          ! kpe defined: the other path STOPs
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    if (k <= n) then
      kpe = k + 1
    else
      write (*, *) 'set_or_stop: bad', k
      stop 1
    end if
  end subroutine set_or_stop

  subroutine set_or_fatal(kpe, k, n)         ! kpe defined: MOM_ERROR(FATAL, ...) never returns
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    if (k <= n) then
      kpe = k + 1
    else
      call mom_error(FATAL, 'set_or_fatal: bad')
    end if
  end subroutine set_or_fatal

  subroutine set_or_note(kpe, k, n)          ! kpe not defined: a NOTE returns
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    if (k <= n) then
      kpe = k + 1
    else
      call mom_error(NOTE, 'set_or_note: bad')
    end if
  end subroutine set_or_note

  subroutine set_or_jump(kpe, k, n)          ! the path that jumps past the STOP returns without kpe
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    if (k <= n) go to 10
    kpe = k + 1
    stop 2
10  return
  end subroutine set_or_jump
end module ending_setters

subroutine ed1(n, x)                         ! parallel (isnd private)
  use ending_setters
  integer :: n, j, isnd
  real :: x(n)
  do j = 1, n
    call set_or_stop(isnd, j, n)
    x(j) = isnd
  end do
end subroutine ed1

subroutine ed2(n, x)                         ! parallel (isnd private)
  use ending_setters
  integer :: n, j, isnd
  real :: x(n)
  do j = 1, n
    call set_or_fatal(isnd, j, n)
    x(j) = isnd
  end do
end subroutine ed2

subroutine ed3(n, x)                         ! sequential: isnd may keep an earlier value
  use ending_setters
  integer :: n, j, isnd
  real :: x(n)
  do j = 1, n
    call set_or_note(isnd, j, n)
    x(j) = isnd
  end do
end subroutine ed3

subroutine ed4(n, x)                         ! sequential (set_or_jump's paths are not cut)
  use ending_setters
  integer :: n, j, isnd
  real :: x(n)
  do j = 1, n
    call set_or_jump(isnd, j, n)
    x(j) = isnd
  end do
end subroutine ed4

subroutine ed5(n, kind, x)                   ! t written in every arm but DEFAULT, which STOPs: parallel
  integer :: n, kind, i
  real :: x(n), t
  do i = 1, n
    select case (kind)
    case (1)
      t = x(i)
    case (2)
      t = 2 * x(i)
    case default
      print *, 'ed5: bad kind', kind
      stop 3
    end select
    x(i) = t * t
  end do
end subroutine ed5

subroutine ed6(n, kind, x)                   ! DEFAULT prints and goes on: t may be last iteration's: sequential
  integer :: n, kind, i
  real :: x(n), t
  do i = 1, n
    select case (kind)
    case (1)
      t = x(i)
    case (2)
      t = 2 * x(i)
    case default
      print *, 'ed6: bad kind', kind
    end select
    x(i) = t * t
  end do
end subroutine ed6

! An abort wrapper with a body: known to end the program once every procedure is read.
module ending_wrappers
contains
  subroutine fail(message)                   ! never returns
    character(len=*), intent(in) :: message
    print *, 'fail: ', message
    stop 4
  end subroutine fail

  subroutine maybe_fail(message, hard)       ! returns when hard is false
    character(len=*), intent(in) :: message
    logical, intent(in) :: hard
    print *, 'maybe_fail: ', message
    if (hard) stop 5
  end subroutine maybe_fail

  subroutine set_or_fail(kpe, k, n)          ! kpe defined: FAIL never returns
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    if (k <= n) then
      kpe = k + 1
    else
      call fail('set_or_fail')
    end if
  end subroutine set_or_fail

  subroutine set_or_maybe_fail(kpe, k, n, hard)   ! kpe not defined: MAYBE_FAIL may return
    integer, intent(out) :: kpe
    integer, intent(in) :: k, n
    logical, intent(in) :: hard
    if (k <= n) then
      kpe = k + 1
    else
      call maybe_fail('set_or_maybe_fail', hard)
    end if
  end subroutine set_or_maybe_fail
end module ending_wrappers

subroutine ed7(n, x)                         ! parallel (isnd private)
  use ending_wrappers
  integer :: n, j, isnd
  real :: x(n)
  do j = 1, n
    call set_or_fail(isnd, j, n)
    x(j) = isnd
  end do
end subroutine ed7

subroutine ed8(n, x, hard)                   ! sequential
  use ending_wrappers
  integer :: n, j, isnd
  real :: x(n)
  logical :: hard
  do j = 1, n
    call set_or_maybe_fail(isnd, j, n, hard)
    x(j) = isnd
  end do
end subroutine ed8
