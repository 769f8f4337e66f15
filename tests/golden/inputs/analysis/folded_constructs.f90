! IF constructs whose conditions fold: named constants (PARAMETER) and literals only.
module folded_switches
  logical, parameter :: DEBUG = .false., CHECKS = .true.
  integer, parameter :: SCHEME_UPWIND = 1, SCHEME_CENTRAL = 2, SCHEME = SCHEME_CENTRAL
end module folded_switches

subroutine folded_constructs(a, b, n, verbose, x)
  use folded_switches
  integer :: n, i
  logical :: verbose
  real :: a(n), b(n), x, t1, t2, t3, t4, t5, t6, t7, t8, t9
  ! The DEBUG arm never runs: its PRINT is no obstacle.
  do i = 1, n
    if (DEBUG) then
      print *, 'step', i, a(i)
    end if
    b(i) = 2.0 * a(i)
  end do
  ! The ELSE arm always runs: t1 is defined in every iteration.
  do i = 1, n
    if (DEBUG) then
      print *, i
    else
      t1 = a(i) + 1.0
    end if
    b(i) = t1
  end do
  ! The ELSE IF chain picks the central arm: t2 defined in every iteration; the upwind arm's
  ! PRINT never runs.
  do i = 2, n
    if (SCHEME == SCHEME_UPWIND) then
      print *, 'upwind'
      t2 = a(i) - a(i-1)
    else if (SCHEME == SCHEME_CENTRAL) then
      t2 = 0.5 * (a(i) + a(i-1))
    else
      stop 'unknown scheme'
    end if
    b(i) = t2
  end do
  ! Nested in a dead arm: the inner construct's PRINT never runs either.
  do i = 1, n
    if (DEBUG) then
      if (a(i) < 0.0) then
        print *, 'negative', i
      end if
    end if
    b(i) = abs(a(i))
  end do
  ! CHECKS is .TRUE.: the arm with the PRINT runs: sequential.
  do i = 1, n
    if (CHECKS) then
      if (a(i) < 0.0) print *, 'negative', i
    end if
    b(i) = a(i)
  end do
  ! verbose is a dummy: its arm may run: sequential.
  do i = 1, n
    if (verbose) then
      print *, i
    end if
    b(i) = a(i)
  end do
  ! A dead construct right before a live one in the same block: the second construct's ELSE
  ! IF belongs to it, not to the first; its PRINT may run: sequential.
  do i = 1, n
    if (DEBUG) then
      print *, 'debug'
    end if
    if (a(i) > x) then
      b(i) = x
    else if (a(i) < -x) then
      print *, 'below', i
    end if
  end do
  ! The first condition is not known: the arm whose condition folds to .TRUE. may not be the one
  ! that runs; t3 is not written when a(i) > x picks the first arm: it may keep an earlier
  ! iteration's value: sequential.
  do i = 1, n
    if (a(i) > x) then
      b(i) = x
    else if (CHECKS) then
      t3 = a(i)
    end if
    b(i) = b(i) + t3
  end do
  ! No ELSE: when the only condition folds to .FALSE., no arm runs; t4 is only read.
  t4 = 1.0
  do i = 1, n
    if (DEBUG .and. CHECKS) then
      t4 = a(i)
    end if
    b(i) = a(i) * t4
  end do
  ! DEBUG .OR. CHECKS folds to .TRUE.: the arm always runs: PRIVATE(T5).
  do i = 1, n
    if (DEBUG .or. CHECKS) then
      t5 = a(i) * a(i)
    end if
    b(i) = t5
  end do
  ! A folded .TRUE. arm after a folded .FALSE. one, in a chain without ELSE: always runs,
  ! PRIVATE(T6); the first arm's PRINT never runs.
  do i = 1, n
    if (DEBUG) then
      print *, i
    else if (SCHEME /= SCHEME_UPWIND) then
      t6 = a(i)
    end if
    b(i) = t6
  end do
  ! An unknown first condition and an ELSE: t7 written in one arm only: sequential.
  do i = 1, n
    if (a(i) > x) then
      t7 = a(i)
    else
    end if
    b(i) = t7
  end do
  ! The condition's own variable: not folded even next to a constant: sequential (I/O).
  do i = 1, n
    if (DEBUG .or. verbose) then
      print *, i
    end if
    b(i) = a(i)
  end do
  ! The dead arm writes t8, the live one does not: t8 only read in the loop: parallel.
  t8 = 2.0
  do i = 1, n
    if (DEBUG) then
      t8 = a(i)
    end if
    b(i) = a(i) + t8
  end do
  ! The live arm writes t9 after reading it: a recurrence: sequential.
  t9 = 0.0
  do i = 1, n
    if (.not. DEBUG) then
      t9 = t9 + a(i)
      b(i) = t9
    end if
  end do
  ! The dead arm calls a procedure that prints: the call never happens: parallel.
  do i = 1, n
    if (DEBUG) then
      call dump_row(a, n, i)
    end if
    b(i) = a(i)
  end do
end subroutine folded_constructs

subroutine dump_row(a, n, i)
  integer :: n, i
  real :: a(n)
  print *, i, a(i)
end subroutine dump_row

! Loops in an arm that never runs: not analyzed, so not parallel (the counter k in the second
! would never be seen), and no kernel is proposed for them; the nest after them is proposed.
subroutine folded_dead_nest(a, n)
  use folded_switches
  integer :: n, i, j, k
  real :: a(n, n), w(n)
  if (DEBUG) then
    do j = 1, n
      do i = 1, n
        a(i, j) = 0.0
      end do
    end do
    k = 0
    do i = 1, n
      if (a(i, 1) > 0.0) then
        k = k + 1
        w(k) = a(i, 1)
      end if
    end do
    call dump_row(w, n, k)
  end if
  do j = 1, n
    do i = 1, n
      a(i, j) = a(i, j) + 1.0
    end do
  end do
end subroutine folded_dead_nest

! The price of analyzing a loop in a dead arm as if it ran: a loop around such a construct sees
! all of it (its PRINT), though a construct without a loop in it still folds.
subroutine folded_debug_dump(a, n)
  use folded_switches
  integer :: n, i, j
  real :: a(n, n)
  do j = 1, n
    a(1, j) = 0.0
    if (DEBUG) then
      do i = 1, n
        print *, a(i, j)
      end do
    end if
  end do
  do j = 1, n
    a(2, j) = 1.0
    if (DEBUG) then
      print *, a(2, j)
    end if
  end do
end subroutine folded_debug_dump
