! Scalars a loop writes whose value outlives it: dummies, COMMON, module and host variables, SAVE
! variables and function results are seen after the procedure returns, so making them private
! loses the last value unless the procedure overwrites it first. Flags and extrema are reductions.
module counters
  real :: scratch
end module counters

subroutine flag_or(a, n, found)
  integer :: n, i
  real :: a(n)
  logical :: found
  do i = 1, n
    if (a(i) > 0) found = .true.
  end do
end subroutine flag_or

subroutine flag_and(a, n, all_positive)
  integer :: n, i
  real :: a(n)
  logical :: all_positive
  do i = 1, n
    if (a(i) <= 0) then
      all_positive = .false.
    end if
  end do
end subroutine flag_and

subroutine flag_tested(a, b, n, found)
  integer :: n, i
  real :: a(n), b(n)
  logical :: found
  do i = 1, n
    if (.not. found .and. a(i) > 0) found = .true.
    if (.not. found) b(i) = a(i)
  end do
end subroutine flag_tested

subroutine last_value(a, n, x)
  integer :: n, i
  real :: a(n), x
  do i = 1, n
    x = a(i) * 2
    a(i) = x
  end do
end subroutine last_value

subroutine last_index(a, n, k)
  integer :: n, i, k
  real :: a(n)
  do i = 1, n
    if (a(i) < 0) k = i
  end do
end subroutine last_index

subroutine maximum(a, n, amax)
  integer :: n, i
  real :: a(n), amax
  do i = 1, n
    if (a(i) > amax) amax = a(i)
  end do
end subroutine maximum

subroutine common_temp(a, n)
  integer :: n, i
  real :: a(n), t
  common /work/ t
  do i = 1, n
    t = a(i)
    a(i) = t + 1
  end do
end subroutine common_temp

subroutine common_overwritten(a, n)
  integer :: n, i
  real :: a(n), t
  common /work/ t
  do i = 1, n
    t = a(i)
    a(i) = t + 1
  end do
  t = 0
end subroutine common_overwritten

subroutine module_temp(a, n)
  use counters
  integer :: n, i
  real :: a(n)
  do i = 1, n
    scratch = a(i)
    a(i) = scratch * scratch
  end do
end subroutine module_temp

subroutine saved_temp(a, n)
  integer :: n, i
  real :: a(n)
  real, save :: t
  do i = 1, n
    t = a(i)
    a(i) = t + 1
  end do
end subroutine saved_temp

subroutine local_temp(a, n)
  integer :: n, i
  real :: a(n), t
  do i = 1, n
    t = a(i)
    a(i) = t + 1
  end do
end subroutine local_temp

real function last_element(a, n)
  integer :: n, i
  real :: a(n)
  last_element = 0
  do i = 1, n
    last_element = a(i)
    a(i) = 0
  end do
end function last_element

subroutine host(a, n)
  integer :: n
  real :: a(n), t
  call inner
  print *, t
contains
  subroutine inner
    integer :: i
    do i = 1, n
      t = a(i)
      a(i) = t + 1
    end do
  end subroutine inner
end subroutine host

subroutine callee_reads(a, n)
  integer :: n, i
  real :: a(n), t
  common /work/ t
  do i = 1, n
    t = a(i)
    a(i) = twice()
  end do
  t = 0
end subroutine callee_reads

real function twice()
  real :: t
  common /work/ t
  twice = 2 * t
end function twice

subroutine passed_copy(a, n)
  integer :: n, i
  real :: a(n), t
  common /work/ t
  do i = 1, n
    t = a(i)
    a(i) = half(t)
  end do
  t = 0
end subroutine passed_copy

real function half(x)
  real :: x
  half = x / 2
end function half

subroutine loop_variable(a, b, n)
  integer :: n, i, j
  real :: a(n), b(n)
  do i = 1, n
    a(i) = 0
  end do
  b(1) = i
  do j = 1, n
    b(j) = 1
  end do
  do j = 1, n
    a(j) = b(j)
  end do
end subroutine loop_variable

program main
  use counters
  integer :: i
  real :: a(10)
  do i = 1, 10
    scratch = i
    a(i) = scratch + 1
  end do
  print *, a
end program main

subroutine host_reads_after(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  do i = 1, n
    t = a(i)
    b(i) = 2 * t
  end do
  call report
contains
  subroutine report
    b(1) = t
  end subroutine report
end subroutine host_reads_after
