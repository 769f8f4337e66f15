! Work arrays written in an inner loop that a CYCLE, or F77's GO TO to the CONTINUE ending a
! labeled DO, ends early: what the inner loop writes before the CYCLE runs in every one of its
! iterations; what it writes after it does not.
subroutine before_cycle(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: w(n)
  do j = 1, m
    do i = 1, n
      w(i) = a(i, j) * 2
      if (a(i, j) < 0) cycle
      b(i, j) = a(i, j)
    end do
    do i = 1, n
      b(i, j) = b(i, j) + w(i)
    end do
  end do
end subroutine before_cycle

! The same with DO 10 ... GO TO 10 ... 10 CONTINUE.
subroutine before_goto(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: w(n)
  do j = 1, m
    do 10 i = 1, n
      w(i) = a(i, j) * 2
      if (a(i, j) < 0) go to 10
      b(i, j) = a(i, j)
10  continue
    do i = 1, n
      b(i, j) = b(i, j) + w(i)
    end do
  end do
end subroutine before_goto

! A profile filled, then searched by an inner loop the GO TO leaves, cycling the column loop
! (a vertical interpolation's shape): zm private.
subroutine search_goto(n, m, km, zl, h, a3, a2)
  implicit none
  integer, intent(in) :: n, m, km
  double precision, intent(in) :: zl, h(n, m, km + 1), a3(n, m, km)
  double precision, intent(out) :: a2(n, m)
  integer :: i, j, k
  double precision :: zm(km)
  do j = 1, m
    do 1000 i = 1, n
      do k = 1, km
        zm(k) = 0.5d0 * (h(i, j, k) + h(i, j, k + 1))
      end do
      a2(i, j) = a3(i, j, km)
      do k = 1, km - 1
        if (zl <= zm(k) .and. zl >= zm(k + 1)) then
          a2(i, j) = a3(i, j, k)
          go to 1000
        end if
      end do
1000 continue
  end do
end subroutine search_goto

! Written after the CYCLE, read after the loop: w(i) may be an earlier j's: sequential.
subroutine after_cycle(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: w(n)
  do j = 1, m
    do i = 1, n
      if (a(i, j) < 0) cycle
      w(i) = a(i, j) * 2
    end do
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
end subroutine after_cycle

! The same with a GO TO to the terminal CONTINUE: sequential.
subroutine after_goto(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: w(n)
  do j = 1, m
    do 20 i = 1, n
      if (a(i, j) < 0) go to 20
      w(i) = a(i, j) * 2
20  continue
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
end subroutine after_goto

! The GO TO leaves the inner loop that fills w before it is done: sequential.
subroutine goto_leaves_fill(n, m, km, a, b)
  implicit none
  integer, intent(in) :: n, m, km
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j, k
  double precision :: w(8)
  do j = 1, m
    do 30 i = 1, 4
      do k = 1, 8
        w(k) = a(i, j) * k
        if (w(k) > 100) go to 30
      end do
30  continue
    do k = 1, 8
      b(k, j) = w(k)
    end do
  end do
end subroutine goto_leaves_fill

! The labeled terminal statement is an assignment, not a CONTINUE: it runs after the GO TO and
! reads w(1), which the GO TO may have skipped writing in this iteration: sequential.
subroutine goto_terminal_assignment(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: w(2)
  do j = 1, m
    do 40 i = 1, n
      if (a(i, j) < 0) go to 40
      w(1) = a(i, j)
40  b(i, j) = w(1)
  end do
end subroutine goto_terminal_assignment

! Written after the CYCLE and read right after it in the same iteration: covered, but the
! analysis drops every write after a CYCLE of an inner loop (an earlier iteration's may have
! been skipped): sequential (conservative).
subroutine after_cycle_same_iteration(n, m, a, b)
  implicit none
  integer, intent(in) :: n, m
  double precision, intent(in) :: a(n, m)
  double precision, intent(out) :: b(n, m)
  integer :: i, j
  double precision :: v(n)
  do j = 1, m
    do i = 1, n
      if (a(i, j) < 0) cycle
      v(i) = a(i, j)
      b(i, j) = v(i)
    end do
  end do
end subroutine after_cycle_same_iteration
