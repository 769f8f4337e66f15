! Callees that write every element of a small array dummy one statement at a time (or a box of
! them by a DO of constant bounds), before reading any: what they are passed whole is then
! written whole, and private to the caller's iteration where it reads only that.
module pieces
contains
  ! Each element of both, one assignment each: all of them.
  subroutine unit_vectors(pp, elon, elat)
    real, intent(in) :: pp(2)
    real, intent(out) :: elon(3), elat(3)
    elon(1) = -sin(pp(1))
    elon(2) = cos(pp(1))
    elon(3) = 0.0
    elat(1) = -sin(pp(2)) * cos(pp(1))
    elat(2) = -sin(pp(2)) * sin(pp(1))
    elat(3) = cos(pp(2))
  end subroutine
  ! The first column, then the others by a DO: all of w(2, 3).
  subroutine columns(s, w)
    real, intent(in) :: s
    real, intent(out) :: w(2, 3)
    integer :: k
    w(1, 1) = s
    w(2, 1) = s
    do k = 2, 3
      w(1, k) = s * real(k)
      w(2, k) = s - real(k)
    end do
  end subroutine
  ! e(2) never.
  subroutine ends_only(pp, e)
    real, intent(in) :: pp(2)
    real, intent(out) :: e(3)
    e(1) = pp(1)
    e(3) = pp(2)
  end subroutine
  ! e(2) only when s > 0.
  subroutine middle_if(s, e)
    real, intent(in) :: s
    real, intent(out) :: e(3)
    e(1) = s
    if (s > 0.0) e(2) = s
    e(3) = s
  end subroutine
  ! e(1) from e(3), which it has not written yet.
  subroutine reads_first(s, e)
    real, intent(in) :: s
    real, intent(inout) :: e(3)
    e(1) = e(3)
    e(2) = s
    e(3) = s
  end subroutine
  ! May return before the last element.
  subroutine returns_early(s, e)
    real, intent(in) :: s
    real, intent(out) :: e(3)
    e(1) = s
    e(2) = s
    if (s > 1.0) return
    e(3) = s
  end subroutine
  ! The DO around the writes runs no iteration (its bounds 2, 1): nothing written.
  subroutine never_runs(s, e)
    real, intent(in) :: s
    real, intent(out) :: e(3)
    integer :: j, k
    do j = 2, 1
      do k = 1, 3
        e(k) = s
      end do
    end do
  end subroutine
  ! Four of f's six elements: f(0:1, 0) and f(0:1, 1), by a DO and one by one; never f(:, -1).
  subroutine some_of_box(s, f)
    real, intent(in) :: s
    real, intent(out) :: f(0:1, -1:1)
    integer :: m
    do m = 0, 1
      f(m, 0) = s * m
    end do
    f(0, 1) = s
    f(1, 1) = -s
  end subroutine
end module

! PRIVATE(EX, EY).
subroutine pw1(a, b, n)
  use pieces
  integer n, i
  real a(2, n), b(n), ex(3), ey(3)
  do i = 1, n
    call unit_vectors(a(:, i), ex, ey)
    b(i) = ex(1) + ey(3)
  end do
end subroutine

! PRIVATE(W).
subroutine pw2(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), w(2, 3)
  do i = 1, n
    call columns(a(i), w)
    b(i) = w(2, 3) + w(1, 1)
  end do
end subroutine

! e(2) an earlier iteration's: sequential.
subroutine pw3(a, b, n)
  use pieces
  integer n, i
  real a(2, n), b(n), e(3)
  do i = 1, n
    call ends_only(a(:, i), e)
    b(i) = e(2)
  end do
end subroutine

! e(2) maybe an earlier iteration's: sequential.
subroutine pw4(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call middle_if(a(i), e)
    b(i) = e(2)
  end do
end subroutine

! reads_first reads e(3) as an earlier iteration left it: sequential.
subroutine pw5(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call reads_first(a(i), e)
    b(i) = e(1)
  end do
end subroutine

! e(3) maybe an earlier iteration's: sequential.
subroutine pw6(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call returns_early(a(i), e)
    b(i) = e(3)
  end do
end subroutine

! never_runs writes nothing: sequential.
subroutine pw7(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call never_runs(a(i), e)
    b(i) = e(1)
  end do
end subroutine

! Only the elements ends_only writes read after it (e(1), e(3)): PRIVATE(E).
subroutine pw8(a, b, n)
  use pieces
  integer n, i
  real a(2, n), b(n), e(3)
  do i = 1, n
    call ends_only(a(:, i), e)
    b(i) = e(1) + e(3)
  end do
end subroutine

! middle_if: e(1) before its IF; e(1) read: PRIVATE(E).
subroutine pw9(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call middle_if(a(i), e)
    b(i) = e(1)
  end do
end subroutine

! returns_early: e(1), e(2) before its RETURN; those read: PRIVATE(E).
subroutine pw10(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), e(3)
  do i = 1, n
    call returns_early(a(i), e)
    b(i) = e(1) * e(2)
  end do
end subroutine

! sum(e) reads e(2), which ends_only does not write: sequential.
subroutine pw11(a, b, n)
  use pieces
  integer n, i
  real a(2, n), b(n), e(3)
  do i = 1, n
    call ends_only(a(:, i), e)
    b(i) = sum(e)
  end do
end subroutine

! w(2, 3) is some_of_box's f(0:1, -1:1): w(m, 3), m = 1, 2 is f(m-1, 1): PRIVATE(W).
subroutine pw12(a, b, n)
  use pieces
  integer n, i, m
  real a(n), b(n), w(2, 3), t
  do i = 1, n
    call some_of_box(a(i), w)
    t = 0
    do m = 1, 2
      t = t + w(m, 3)
    end do
    b(i) = t + w(2, 2)
  end do
end subroutine

! w(1, 1) is f(0, -1), not written: sequential.
subroutine pw13(a, b, n)
  use pieces
  integer n, i
  real a(n), b(n), w(2, 3)
  do i = 1, n
    call some_of_box(a(i), w)
    b(i) = w(1, 1) + w(1, 3)
  end do
end subroutine
