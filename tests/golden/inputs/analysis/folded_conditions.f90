! Logical IFs whose conditions fold: named constants (PARAMETER) and literals only.
module folded_setup
  integer, parameter :: MODE_A = 1, MODE_B = 2, MODE = MODE_A
  logical, parameter :: DEBUG = .false., TRACE = .true.
contains
  subroutine set_a(t, x)
    real :: t, x
    t = 2.0 * x
  end subroutine set_a

  subroutine set_b(t, x)
    real :: t, x
    t = 3.0 * x
  end subroutine set_b
end module folded_setup

subroutine folded(a, b, n, flag, verbose)
  use folded_setup
  integer :: n, i
  logical :: flag, verbose
  real :: a(n), b(n), t1, t2, t6, t7
  t2 = 0.0
  ! MODE == MODE_A always: set_a defines t1 in every iteration.
  do i = 1, n
    if (MODE == MODE_A) call set_a(t1, a(i))
    b(i) = t1
  end do
  ! MODE == MODE_B never: t2 is not written in the loop, only read.
  do i = 1, n
    if (MODE == MODE_B) call set_b(t2, a(i))
    b(i) = t2 + a(i)
  end do
  ! DEBUG is .FALSE.: the PRINT never runs.
  do i = 1, n
    if (DEBUG) print *, i, a(i)
    b(i) = a(i)
  end do
  ! verbose is a variable: the PRINT may run.
  do i = 1, n
    if (verbose) print *, i, a(i)
    b(i) = a(i)
  end do
  ! TRACE is .TRUE.: the PRINT runs.
  do i = 1, n
    if (TRACE) print *, i, a(i)
    b(i) = a(i)
  end do
  ! flag is a variable: set_a may not run, and t6 may keep an earlier iteration's value.
  do i = 1, n
    if (MODE == MODE_A .and. flag) call set_a(t6, a(i))
    b(i) = t6
  end do
  ! .NOT. DEBUG: the assignment runs in every iteration.
  do i = 1, n
    if (.not. DEBUG) t7 = a(i)
    b(i) = t7
  end do
end subroutine folded
