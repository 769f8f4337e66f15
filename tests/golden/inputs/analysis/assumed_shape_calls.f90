! Callees that write the whole of an assumed-shape dummy (x(:), y(0:, :)) before reading it:
! DO loops over lbound..ubound, or 1..size when the lower bound is 1. What they are passed whole
! is then private to the caller's iteration where it reads only what the call wrote.
module shape_callees
contains
  ! r(1:size(r)): all of it.
  subroutine fill(t, r)
    real, intent(in) :: t(:)
    real, intent(out) :: r(:)
    integer :: k
    do k = 1, size(r)
      r(k) = t(k) * 2.0
    end do
  end subroutine
  ! r(lbound:ubound, 1:size(r, dim=2)) of r(0:, :): all of it.
  subroutine fill2(s, r)
    real, intent(in) :: s
    real, intent(out) :: r(0:, :)
    integer :: k, p
    do p = 1, size(r, dim=2)
      do k = lbound(r, 1), ubound(r, 1)
        r(k, p) = s * real(k + p)
      end do
    end do
  end subroutine
  ! Up to size(t): r may be longer than t.
  subroutine fill_by_t(t, r)
    real, intent(in) :: t(:)
    real, intent(out) :: r(:)
    integer :: k
    do k = 1, size(t)
      r(k) = t(k)
    end do
  end subroutine
  ! r(0:): 1..size(r) misses r(0).
  subroutine fill_from_one(s, r)
    real, intent(in) :: s
    real, intent(out) :: r(0:)
    integer :: k
    do k = 1, size(r) - 1
      r(k) = s
    end do
  end subroutine
  ! All but the last.
  subroutine fill_short(s, r)
    real, intent(in) :: s
    real, intent(out) :: r(:)
    integer :: k
    do k = 1, size(r) - 1
      r(k) = s
    end do
  end subroutine
  ! Reads before it writes.
  subroutine accumulate(s, r)
    real, intent(in) :: s
    real, intent(inout) :: r(:)
    integer :: k
    do k = 1, size(r)
      r(k) = r(k) + s
    end do
  end subroutine
  ! Writes only when asked.
  subroutine fill_if(s, r, now)
    real, intent(in) :: s
    real, intent(out) :: r(:)
    logical, intent(in) :: now
    integer :: k
    if (now) then
      do k = 1, size(r)
        r(k) = s
      end do
    end if
  end subroutine
end module

! fill writes all of r5: PRIVATE(T5, R5).
subroutine as1(a, b, n, m)
  use shape_callees
  integer n, m, i, j, q
  real a(n, m), b(n, m), t5(5), r5(5)
  do j = 1, m
    do i = 1, n
      do q = 1, 5
        t5(q) = a(i, j) * real(q)
      end do
      call fill(t5, r5)
      b(i, j) = r5(5) - r5(1)
    end do
  end do
end subroutine

! fill2 writes all of w(0:2, 4): PRIVATE(W).
subroutine as2(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), w(0:2, 4)
  do i = 1, n
    call fill2(a(i), w)
    b(i) = w(0, 1) + w(2, 4)
  end do
end subroutine

! fill_by_t writes r up to size(t): r's last element may be an earlier iteration's: sequential.
subroutine as3(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), t(3), r(4)
  do i = 1, n
    t = a(i)
    call fill_by_t(t, r)
    b(i) = r(4)
  end do
end subroutine

! fill_from_one leaves r(0): sequential.
subroutine as4(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), r(0:3)
  do i = 1, n
    call fill_from_one(a(i), r)
    b(i) = r(0)
  end do
end subroutine

! fill_short leaves the last: sequential.
subroutine as5(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), r(4)
  do i = 1, n
    call fill_short(a(i), r)
    b(i) = r(4)
  end do
end subroutine

! accumulate reads what the earlier iterations left: sequential.
subroutine as6(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), r(4)
  do i = 1, n
    call accumulate(a(i), r)
    b(i) = r(1)
  end do
end subroutine

! fill_if may write nothing: sequential.
subroutine as7(a, b, n)
  use shape_callees
  integer n, i
  real a(n), b(n), r(4)
  do i = 1, n
    call fill_if(a(i), r, a(i) > 0.0)
    b(i) = r(1)
  end do
end subroutine
