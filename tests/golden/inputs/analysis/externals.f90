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
