! Every reduction the analyzer recognizes, and look-alikes that are not reductions.
subroutine reduce(n, a, b, m, s1, s2, p, vmax, vmin, emax, la, lo, le, ln, amax, imax, cmin, cloc, bad, half)
  integer, intent(in) :: n
  real :: a(n), b(n, n), s1, s2, p, vmax, vmin, emax, amax, cmin, bad, half, ws, w
  logical :: m(n), la, lo, le, ln
  integer :: i, j, imax, cloc(2)
  do i = 1, n
    s1 = s1 + a(i)
  end do
  do i = 1, n
    s2 = s2 - 2 * a(i)
  end do
  do i = 1, n
    p = p * a(i)
  end do
  do i = 1, n
    vmax = max(vmax, a(i))
  end do
  do i = 1, n
    vmin = amin1(a(i), vmin, 0.0)
  end do
  do i = 1, n
    if (abs(a(i)) > emax) emax = abs(a(i))
  end do
  do i = 1, n
    la = la .and. m(i)
  end do
  do i = 1, n
    lo = m(i) .or. lo
  end do
  do i = 1, n
    le = le .eqv. m(i)
  end do
  do i = 1, n
    ln = ln .neqv. m(i)
  end do
  do i = 1, n
    if (a(i) > amax) then
      amax = a(i)
      imax = i
    end if
  end do
  do j = 1, n
    do i = 1, n
      if (b(i, j) < cmin) then
        cmin = b(i, j)
        cloc(1) = i
        cloc(2) = j
      end if
    end do
  end do
  do i = 1, n
    bad = a(i) - bad
  end do
  do i = 1, n
    if (a(i) > 0) s1 = s1 + a(i)
  end do
  do i = 1, n
    half = half * 0.5 + a(i)
  end do
  do i = 1, n
    if (a(i) /= 0.0 .and. a(i) < vmin) vmin = a(i)
  end do
  do i = 1, n
    if (a(i) > 0.0 .and. (a(i) > amax)) then
      amax = a(i)
      imax = i
    end if
  end do
  do i = 1, n
    if (imax == 0 .and. a(i) > amax) then
      amax = a(i)
      imax = i
    end if
  end do
  do i = 1, n
    if (a(i) > 0.0 .or. a(i) > emax) emax = a(i)
  end do
  do i = 1, n
    if (emax > 0.0 .and. a(i) > emax) emax = a(i)
  end do
  do i = 1, n
    ws = abs(a(i)) * 2.0
    if (emax < ws) emax = ws
  end do
  do i = 1, n
    w = a(i) - 1.0
    if (cmin > w) then
      cmin = w
      imax = i
    end if
  end do
  do i = 1, n
    ws = a(i)
    if (emax < ws) ws = emax
    b(i, 1) = ws
  end do
  do i = 1, n
    ws = a(i)
    if (emax < ws) emax = ws + 1.0
  end do
end subroutine reduce
