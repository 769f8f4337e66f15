! What changes an object rather than its elements (ALLOCATE, DEALLOCATE, NULLIFY, a pointer
! assignment, STAT=), alternate returns that leave a loop, derived-type components, and extrema
! kept by an IF.
subroutine check(x, *)
  real :: x
  if (x < 0) return 1
end subroutine check

subroutine alternate(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n
    call check(a(i), *10)
    a(i) = 1
  end do
  return
10 a(1) = -1
end subroutine alternate

subroutine repointed(x, y, n)
  integer :: n, i
  real, target :: x(n)
  real :: y(n)
  real, pointer :: p
  do i = 1, n
    p => x(i)
    y(i) = p
  end do
end subroutine repointed

subroutine reallocated(a, n)
  integer :: n, i, ierr
  real :: a(n)
  real, allocatable :: w(:)
  do i = 1, n
    allocate (w(10), stat=ierr)
    a(i) = ierr
    deallocate (w)
  end do
end subroutine reallocated

subroutine allocated_once(a, n)
  integer :: n, i, ierr
  real :: a(n)
  real, allocatable :: w(:)
  allocate (w(n), stat=ierr)
  do i = 1, n
    w(i) = a(i) * 2
  end do
  a(1) = ierr
  deallocate (w)
end subroutine allocated_once

subroutine components(n)
  type point
    real :: x, y
  end type point
  type(point) :: p(100)
  integer :: n, i
  do i = 2, n
    p(i)%x = p(i - 1)%x + p(i)%y
  end do
end subroutine components

subroutine array_component(n)
  type holder
    real :: x(100)
  end type holder
  type(holder) :: q
  integer :: n, i
  do i = 2, n
    q%x(i) = q%x(i - 1) + 1
  end do
end subroutine array_component

subroutine lowest(a, n, amin, k)
  integer :: n, i, k
  real :: a(n), amin
  do i = 1, n
    if (a(i) < amin) then
      amin = a(i)
      k = i
    end if
  end do
end subroutine lowest

subroutine other_value(a, b, n, amax)
  integer :: n, i
  real :: a(n), b(n), amax
  do i = 1, n
    if (a(i) > amax) amax = b(i)
  end do
end subroutine other_value
