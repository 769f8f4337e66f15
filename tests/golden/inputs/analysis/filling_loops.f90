! Work arrays of fixed shape that a nest fills, every element, before the iteration reads them
! (CCS QCD's yr(icstb) for icstb = 1..NCSTB, read at ic + COL*(is-1) + CLSP*(itb+ieoxyz-1)):
! whatever element a read takes, in bounds, was written in the same iteration.
module filling_loops_sizes
  integer, parameter :: m = 24, c = 3
end module filling_loops_sizes

! Parallel: w private (the read's subscript uses e, set in the iteration).
subroutine fill_then_read(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, e, ic
  real(8) :: y(c, n), t(m, n), w(m)
  do ix = 1, n
    e = mod(ix, 2)
    do k = 1, m
      w(k) = t(k, ix) * 2.0d0
    end do
    do ic = 1, c
      y(ic, ix) = w(ic + c * e)
    end do
  end do
end subroutine fill_then_read

! Parallel: two dimensions, the inner one filled downwards, declared bounds 0:m-1 and 1:c.
subroutine fill_two_dimensions(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, j, e
  real(8) :: y(n), t(m, n), w(0:m - 1, c)
  do ix = 1, n
    e = mod(ix, 3)
    do j = 1, c
      do k = m - 1, 0, -1
        w(k, j) = t(k + 1, ix) * j
      end do
    end do
    y(ix) = w(e * 2, e + 1)
  end do
end subroutine fill_two_dimensions

! Sequential: the fill stops one short (w(m) may keep an earlier iteration's value).
subroutine fill_short(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, e
  real(8) :: y(n), t(m, n), w(m)
  do ix = 1, n
    e = mod(ix, 2)
    do k = 1, m - 1
      w(k) = t(k, ix)
    end do
    y(ix) = w(m - e)
  end do
end subroutine fill_short

! Sequential: a condition inside the fill.
subroutine fill_guarded(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, e
  real(8) :: y(n), t(m, n), w(m)
  do ix = 1, n
    e = mod(ix, 2)
    do k = 1, m
      if (t(k, ix) > 0.0d0) then
        w(k) = t(k, ix)
      end if
    end do
    y(ix) = w(1 + e)
  end do
end subroutine fill_guarded

! Sequential: the fill may leave early (EXIT).
subroutine fill_left(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, e
  real(8) :: y(n), t(m, n), w(m)
  do ix = 1, n
    e = mod(ix, 2)
    do k = 1, m
      w(k) = t(k, ix)
      if (w(k) < 0.0d0) exit
    end do
    y(ix) = w(1 + e)
  end do
end subroutine fill_left

! Sequential: read inside the filling loop, before the element is written there.
subroutine fill_reading_ahead(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k
  real(8) :: y(m, n), t(m, n), w(m)
  do ix = 1, n
    do k = 1, m
      w(k) = t(k, ix)
      y(k, ix) = w(m + 1 - k)
    end do
  end do
end subroutine fill_reading_ahead

! Sequential: every other element (step 2).
subroutine fill_strided(y, t, n)
  use filling_loops_sizes
  integer :: n, ix, k, e
  real(8) :: y(n), t(m, n), w(m)
  do ix = 1, n
    e = mod(ix, 2)
    do k = 1, m, 2
      w(k) = t(k, ix)
    end do
    y(ix) = w(1 + e)
  end do
end subroutine fill_strided
