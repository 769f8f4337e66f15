! Error handlers that end the program for one severity (data/error_exits.txt), and error exits
! reached through nested IF constructs.
module errs
  integer, parameter :: NOTE = 0, WARNING = 1, FATAL = 2
contains
  ! Prints and returns, whatever the level: only the table says FATAL ends the run.
  subroutine mom_error(level, message)
    integer, intent(in) :: level
    character(len=*), intent(in) :: message
    print *, level, message
  end subroutine mom_error
end module errs

module checks
  use errs
contains
  subroutine check_fatal(x)
    real :: x
    if (x < 0.0) call mom_error(FATAL, "negative")
  end subroutine check_fatal

  subroutine check_warning(x)
    real :: x
    if (x < 0.0) call mom_error(WARNING, "negative")
  end subroutine check_warning

  subroutine check_keyword(x)
    real :: x
    if (x < 0.0) call mom_error(level=FATAL, message="negative")
  end subroutine check_keyword

  subroutine check_level(x, lev)
    real :: x
    integer :: lev
    if (x < 0.0) call mom_error(lev, "negative")
  end subroutine check_level

  ! The message is formatted in one arm of a nested IF; the fatal call follows the construct.
  subroutine check_nested(x, n)
    real :: x
    integer :: n
    character(len=40) :: mesg
    if (x < 0.0) then
      if (n < 0) then
        mesg = "negative n"
      else
        write(mesg, '(i4)') n
      end if
      call mom_error(FATAL, "check_nested: " // trim(mesg))
    end if
  end subroutine check_nested

  ! The same shape ending in STOP: no table involved.
  subroutine check_nested_stop(x, n)
    real :: x
    integer :: n
    if (x < 0.0) then
      if (n < 0) then
        print *, "negative n"
      else
        print *, "negative x"
      end if
      stop 1
    end if
  end subroutine check_nested_stop

  ! One arm of the nested IF returns after its PRINT: that path does not end the program.
  subroutine check_nested_return(x, soft)
    real :: x
    logical :: soft
    if (x < 0.0) then
      if (soft) then
        print *, "negative x, going on"
        return
      end if
      stop 1
    end if
  end subroutine check_nested_return
end module checks

subroutine exits(a, b, n, lev, soft)
  use checks
  integer :: n, i, lev
  logical :: soft
  real :: a(n), b(n)
  do i = 1, n
    call check_fatal(a(i))
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_warning(a(i))
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_keyword(a(i))
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_level(a(i), lev)
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    if (a(i) < 0.0) call mpp_error(FATAL, "negative")
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    if (a(i) < 0.0) call mpp_error(NOTE, "negative")
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    if (a(i) < 0.0) call error_mesg("exits", "negative", FATAL)
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_nested(a(i), n)
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_nested_stop(a(i), n)
    b(i) = sqrt(a(i))
  end do
  do i = 1, n
    call check_nested_return(a(i), soft)
    b(i) = sqrt(a(i))
  end do
end subroutine exits
