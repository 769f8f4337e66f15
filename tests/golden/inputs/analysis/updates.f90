! The assignments the analyzer lists in update_pattern, and look-alikes it must not list.
module steps
  integer, parameter :: nstep = 2
end module steps

subroutine updates(n, a, w, s, k, found, big, ibig, loc, t, half)
  use steps
  integer, intent(in) :: n
  real :: a(n), w(n), s, big, t, half
  integer :: i, k, ibig, loc(2), cnt
  logical :: found
  s = s + 1.0
  do i = 1, n
    k = k + nstep
    k = k - 2 * nstep + 1
    s = s + a(i)
    t = dmax1(t, dble(a(i)))
    if (a(i) < 0) found = .true.
    if (a(i) > big) big = a(i)
    half = a(i) - half
    if (s > 0) s = s + 1
    w = w + 1
  end do
  do i = 1, n
    if (a(i) > big) then
      ibig = i
      big = a(i)
      loc(2) = i
    end if
  end do
  do i = 1, n
    if (a(i) > big) then
      big = a(i)
      cnt = cnt + 1
    end if
  end do
  do i = 1, n
    if (a(i) > big) then
      big = a(i)
    else
      ibig = i
    end if
  end do
end subroutine updates
