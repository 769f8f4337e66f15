! Work arrays of a fixed, small shape read whole (by an intrinsic, a function, a call) after the
! iteration wrote them piece by piece: covered when every element is.
module whole_reads
contains
  real function total(t)
    real, intent(in) :: t(:)
    total = sum(t)
  end function
  subroutine scale(t, s)
    real, intent(in) :: t(:)
    real, intent(out) :: s
    s = maxval(t)
  end subroutine
  subroutine peek(t, s)
    real, intent(in) :: t(*)
    real, intent(out) :: s
    s = t(1) + t(2)
  end subroutine
  subroutine peak(t, s)
    real, intent(in) :: t(:, :)
    real, intent(out) :: s
    s = maxval(t)
  end subroutine
end module

! Filled by a loop over its whole extent, then SUM: PRIVATE(T5).
subroutine wr1(a, b, n, m)
  integer n, m, i, j, q
  real a(n, m), b(n, m), t5(5)
  do j = 1, m
    do i = 1, n
      do q = 1, 5
        t5(q) = a(i, j) * real(q)
      end do
      b(i, j) = sum(t5)
    end do
  end do
end subroutine

! Both ends, then the middle, then a function reads it whole: PRIVATE(T5).
subroutine wr2(a, b, n, m)
  use whole_reads
  integer n, m, i, j, q
  real a(n, m), b(n, m), t5(5)
  do j = 1, m
    do i = 1, n
      t5(1) = a(i, j)
      t5(5) = a(i, j) + 1.0
      do q = 2, 4
        t5(q) = t5(1) + (t5(5) - t5(1)) * 0.25 * real(q - 1)
      end do
      b(i, j) = total(t5)
    end do
  end do
end subroutine

! Two dimensions, a row at a time, passed whole to a subroutine: PRIVATE(W).
subroutine wr3(a, b, n)
  use whole_reads
  integer n, i, q
  real a(n), b(n), w(2, 3)
  do i = 1, n
    do q = 1, 3
      w(1, q) = a(i) * real(q)
      w(2, q) = a(i) - real(q)
    end do
    call peak(w, b(i))
  end do
end subroutine

! The last element is never written: SUM reads what an earlier iteration left: sequential.
subroutine wr4(a, b, n, m)
  integer n, m, i, j, q
  real a(n, m), b(n, m), t5(5)
  do j = 1, m
    do i = 1, n
      do q = 1, 4
        t5(q) = a(i, j) * real(q)
      end do
      b(i, j) = sum(t5)
    end do
  end do
end subroutine

! Written only under a condition: the call may read what an earlier iteration left: sequential.
subroutine wr5(a, b, n)
  use whole_reads
  integer n, i, q
  real a(n), b(n), t3(3)
  do i = 1, n
    if (a(i) > 0.0) then
      do q = 1, 3
        t3(q) = a(i) * real(q)
      end do
    end if
    call scale(t3, b(i))
  end do
end subroutine

! Written after the read: the read sees the previous iteration's values: sequential.
subroutine wr6(a, b, n)
  integer n, i, q
  real a(n), b(n), t3(3)
  do i = 1, n
    b(i) = sum(t3)
    do q = 1, 3
      t3(q) = a(i) * real(q)
    end do
  end do
end subroutine

! Too many elements to check one by one (65): left to the other tests, which cannot tell: sequential.
subroutine wr7(a, b, n)
  integer n, i, q
  real a(n), b(n), t(65)
  do i = 1, n
    do q = 1, 65
      t(q) = a(i) * real(q)
    end do
    b(i) = sum(t)
  end do
end subroutine

! A dummy declared x(1) standing for a longer array (as old codes have it): peek reads x(2) too,
! past the declared bounds, and x is the caller's after the loop: not private: sequential.
subroutine wr8(x, b, n)
  use whole_reads
  integer n, i
  real x(1), b(n)
  do i = 1, n
    x(1) = real(i)
    call peek(x, b(i))
  end do
end subroutine

! The first element written only when a(i) > 0: SUM may read what an earlier iteration left:
! sequential.
subroutine wr9(a, b, n)
  integer n, i, q
  real a(n), b(n), t5(5)
  do i = 1, n
    do q = 2, 5
      t5(q) = a(i) * real(q)
    end do
    if (a(i) > 0.0) t5(1) = a(i)
    b(i) = sum(t5)
  end do
end subroutine
