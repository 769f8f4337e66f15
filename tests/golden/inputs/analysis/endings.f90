! Error exits: I/O, STOP and calls on paths that end the program (CICE's get_block and abort_ice,
! ecrad's radiation_abort, CVMix's parameter getters, TeaLeaf's report_error and MPI_ABORT).
module errors
  implicit none
  integer :: nwarn = 0
contains
  ! Ends the program unless doabort is passed and false (CICE's abort_ice).
  subroutine die(msg, doabort)
    character(len=*), intent(in), optional :: msg
    logical, intent(in), optional :: doabort
    logical :: ldoabort
    ldoabort = .true.
    if (present(doabort)) ldoabort = doabort
    nwarn = nwarn + 1
    call flush_all()
    if (present(msg)) write (*, *) 'error: ', msg
    if (ldoabort) then
      stop 1
    end if
  end subroutine die

  ! The same, with an internal procedure that may change ldoabort: nothing folds.
  subroutine die_hosting(doabort)
    logical, intent(in), optional :: doabort
    logical :: ldoabort
    ldoabort = .true.
    if (present(doabort)) ldoabort = doabort
    call reset()
    write (*, *) 'error'
    if (ldoabort) stop 1
  contains
    subroutine reset()
      ldoabort = .false.
    end subroutine reset
  end subroutine die_hosting

  subroutine flush_all()
    nwarn = 0
  end subroutine flush_all

  ! Checks a block number; the error branch writes and calls die (CICE's get_block).
  integer function block_of(b, n)
    integer, intent(in) :: b, n
    if (b < 1 .or. b > n) then
      write (*, *) 'bad block', b
      call die('block')
    end if
    block_of = 2 * b
  end function block_of

  ! The same, but die returns: doabort is passed, false.
  integer function block_soft(b, n)
    integer, intent(in) :: b, n
    if (b < 1 .or. b > n) call die('block', doabort=.false.)
    block_soft = 2 * b
  end function block_soft

  ! The same, doabort passed as a variable: whether die returns is not known.
  integer function block_either(b, n, strict)
    integer, intent(in) :: b, n
    logical, intent(in) :: strict
    if (b < 1 .or. b > n) call die('block', strict)
    block_either = 2 * b
  end function block_either

  ! A getter whose CASE DEFAULT prints and stops (CVMix's cvmix_get_kpp_real).
  real function param(name)
    character(len=*), intent(in) :: name
    select case (name)
      case ('a')
        param = 1.0
      case ('b')
        param = 2.0
      case default
        print *, 'no such parameter: ', name
        stop
    end select
  end function param

  ! Warns and goes on: its output is output.
  real function warned(x)
    real, intent(in) :: x
    warned = x
    if (x < 0) then
      write (*, *) 'negative ', x
      warned = 0
    end if
  end function warned

  ! Writes, then stops only when fatal: the write returns when it is not.
  subroutine report(x, fatal)
    real, intent(in) :: x
    logical, intent(in) :: fatal
    write (*, *) 'value ', x
    if (fatal) stop 2
  end subroutine report

  ! Never returns, but by looping forever: that is no end of the program.
  subroutine hang()
    do
    end do
  end subroutine hang

  ! Writes and calls MPI_ABORT (data/externals.txt: it never returns; TeaLeaf's report_error).
  subroutine mpi_fail(comm)
    integer, intent(in) :: comm
    integer :: ierr
    write (*, *) 'terminating'
    call mpi_abort(comm, 1, ierr)
  end subroutine mpi_fail
end module errors

subroutine endings(n, a, b, nb, x)
  use errors
  implicit none
  integer, intent(in) :: n, nb
  real, intent(inout) :: a(n), b(n)
  integer, intent(inout) :: x(nb)
  integer :: i, k
  ! endings:1   block_of may end the program (write, die without doabort): parallel, host only
  do i = 1, nb
    x(i) = block_of(i, nb)
  end do
  ! endings:2   block_soft's die returns (doabort false): its write and nwarn count: sequential
  do i = 1, nb
    x(i) = block_soft(i, nb)
  end do
  ! endings:3   block_either's die may return: sequential
  do i = 1, nb
    x(i) = block_either(i, nb, a(i) > 0)
  end do
  ! endings:4   the loop's own error exit: write then STOP: parallel, host only
  do i = 1, n
    if (a(i) < 0) then
      write (*, *) 'negative at ', i
      stop 3
    end if
    b(i) = sqrt(a(i))
  end do
  ! endings:5   ERROR STOP in a logical IF, a call of die in another: parallel, host only
  do i = 1, n
    if (a(i) > 1e30) error stop 'overflow'
    if (a(i) /= a(i)) call die('nan')
    b(i) = 2 * a(i)
  end do
  ! endings:6   param's CASE DEFAULT prints and stops: parallel, host only
  do i = 1, n
    b(i) = a(i) * param('a')
  end do
  ! endings:7   warned writes and returns: sequential
  do i = 1, n
    b(i) = warned(a(i))
  end do
  ! endings:8   report's write returns when fatal is false: sequential
  do i = 1, n
    call report(a(i), a(i) < 0)
    b(i) = a(i)
  end do
  ! endings:9   output in a loop before a STOP after it: every iteration writes: sequential
  do i = 1, n
    write (*, *) a(i)
  end do
  ! endings:10  the write before hang: hang never returns, but never ends the program either: sequential
  do i = 1, n
    if (a(i) < 0) then
      write (*, *) 'stuck'
      call hang()
    end if
    b(i) = a(i)
  end do
  ! endings:11  the write before MPI_ABORT (through mpi_fail): parallel, host only
  do i = 1, n
    if (a(i) < 0) call mpi_fail(0)
    b(i) = a(i)
  end do
  ! endings:12  die_hosting's internal procedure may clear ldoabort: it may return: sequential
  do i = 1, n
    if (a(i) < 0) call die_hosting()
    b(i) = a(i)
  end do
  ! endings:13  PAUSE waits for the terminal and goes on: sequential
  do i = 1, n
    if (a(i) < 0) pause
    b(i) = a(i)
  end do
  ! endings:14  an error exit that counts in a shared variable first: what the statements on the path
  !             do themselves still counts (only calls and I/O are let go): sequential
  do i = 1, n
    if (a(i) < 0) then
      nwarn = nwarn + 1
      write (*, *) 'count ', nwarn
      stop
    end if
    b(i) = a(i)
  end do
  ! endings:15  a real loop the error exit does not stop: b(k) = b(k-1) carries: sequential
  do k = 2, n
    if (b(k) < 0) stop
    b(k) = b(k - 1) + a(k)
  end do
  stop
end subroutine endings

! A user's PARALLEL over an error exit: parallel, but no GPU handler can end the program (a warning).
subroutine user_parallel(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
!DVM$ PARALLEL (I) ON B(I)
  do i = 1, n
    if (a(i) < 0) stop 'negative'
    b(i) = sqrt(a(i))
  end do
end subroutine user_parallel

! A folded local written under another name: ASSOCIATE's x is ldoabort (the front end's
! references say so), so die_associated returns and its WRITE keeps the loop sequential.
module errors_associated
  implicit none
contains
  subroutine die_associated(doabort)
    logical, intent(in), optional :: doabort
    logical :: ldoabort
    ldoabort = .true.
    if (present(doabort)) ldoabort = doabort
    associate (x => ldoabort)
      x = .false.
    end associate
    write (*, *) 'error'
    if (ldoabort) stop 1
  end subroutine die_associated
end module errors_associated

subroutine associated_exit(n, a, b)
  use errors_associated
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  integer :: i
  do i = 1, n
    if (a(i) < 0) call die_associated()
    b(i) = a(i)
  end do
end subroutine associated_exit
