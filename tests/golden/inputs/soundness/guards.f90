! Reductions under conditions, and arrays written under one: what the other iterations hold must
! not decide whether an update happens, and an array written only where a condition holds keeps
! its other elements (REGION INOUT, not OUT).
subroutine count_records(a, n, s, cnt)
  integer :: n, i, cnt
  real :: a(n), s
  do i = 1, n
    if (a(i) > s) then
      s = a(i)
      cnt = cnt + 1
    end if
  end do
end subroutine count_records

subroutine positive_sum(a, n, s, cnt)
  integer :: n, i, cnt
  real :: a(n), s, t
  do i = 1, n
    if (a(i) > 0) then
      t = a(i) * 2
      s = s + t
      cnt = cnt + 1
    end if
  end do
end subroutine positive_sum

subroutine sum_and_max(a, n, s, big)
  integer :: n, i
  real :: a(n), s, big
  do i = 1, n
    big = max(big, a(i))
    s = s + a(i)
  end do
end subroutine sum_and_max

subroutine mark(v, flag, n)
  integer :: n, j
  real :: v(n)
  logical :: flag(n)
  flag(:) = .false.
  do j = 1, n
    if (v(j) > 0) flag(j) = .true.
  end do
end subroutine mark

subroutine fill(v, w, n)
  integer :: n, j
  real :: v(n), w(n)
  do j = 1, n
    w(j) = 2 * v(j)
  end do
end subroutine fill
