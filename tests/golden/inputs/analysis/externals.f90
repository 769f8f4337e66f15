! Calls of procedures with no body here: known ones (data/externals.txt) and an unknown one.
subroutine timed(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  double precision :: t0, omp_get_wtime
  do i = 1, n
    b(i) = a(i) * 2
    t0 = omp_get_wtime()
  end do
end subroutine timed

subroutine stamp(t)
  double precision :: t, omp_get_wtime
  t = omp_get_wtime()
end subroutine stamp

subroutine timed_through_a_call(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  double precision :: t
  do i = 1, n
    b(i) = a(i) * 2
    call stamp(t)
  end do
end subroutine timed_through_a_call

subroutine unknown_clock(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  double precision :: t, my_clock
  do i = 1, n
    b(i) = a(i) * 2
    t = my_clock()
  end do
end subroutine unknown_clock

! An intrinsic subroutine writes what it is passed, through a procedure too.
subroutine fill_random(x, n)
  integer :: n
  real :: x(n)
  call random_number(x)
end subroutine fill_random

subroutine random_through_a_call(w, a, n, m)
  integer :: n, m, j
  real :: w(n), a(m)
  do j = 1, m
    call fill_random(w, n)
    a(j) = w(1)
  end do
end subroutine random_through_a_call

subroutine cpu_stamp(x)
  real :: x(2)
  call cpu_time(x(2))
end subroutine cpu_stamp

subroutine intrinsic_writes_through_a_call(w, a, m)
  integer :: m, j
  real :: w(2), a(m)
  do j = 1, m
    call cpu_stamp(w)
    a(j) = w(2)
  end do
end subroutine intrinsic_writes_through_a_call

! ECMWF's fiat (GSTATS, ABOR1) and the BLAS, with no body here (data/externals.txt).
subroutine blocks(a, c, n, nb)
  integer :: n, nb, ib
  double precision :: a(n, n), c(n, n, nb)
  do ib = 1, nb
    call gstats(1, 0)
    call dgemm('N', 'N', n, n, n, 1.0d0, a, n, a, n, 0.0d0, c(:, :, ib), n)
    call gstats(1, 1)
  end do
end subroutine blocks

subroutine checked(x, n)
  integer :: n, i
  real :: x(n)
  do i = 1, n
    if (x(i) < 0) call abor1('checked: negative')
    x(i) = sqrt(x(i))
  end do
end subroutine checked

subroutine quiet(x, n)
  use, intrinsic :: ieee_exceptions
  integer :: n, i
  real :: x(n)
  logical :: halt
  do i = 1, n
    call ieee_get_halting_mode(ieee_overflow, halt)
    call ieee_set_halting_mode(ieee_overflow, .false.)
    x(i) = x(i) * 1e30
    call ieee_set_halting_mode(ieee_overflow, halt)
  end do
end subroutine quiet

subroutine whole_block(a, c, n, nb)
  integer :: n, nb, ib
  double precision :: a(n, n), c(n, n, nb)
  do ib = 1, nb
    call dgemm('N', 'N', n, n, n, 1.0d0, a, n, a, n, 0.0d0, c(1, 1, ib), n)
  end do
end subroutine whole_block
