! Scalars an iteration sets once, unconditionally, before it touches a work array: within the
! iteration each is one value, so a nest bounded by it writes what a later nest bounded by it
! reads (CCS QCD's init_p: ieoxyz = mod(...), then He(ic, itb) for itb = 1 - ieoxyz, NTH - ieoxyz
! written and read). Across iterations the value differs: only the coverage of the reads by the
! writes of one iteration takes it so.
module set_once_sizes
  integer, parameter :: c = 8
end module set_once_sizes

! Parallel: he private.
subroutine set_once(pe, t, n, nth)
  use set_once_sizes
  integer :: n, nth, ix, itb, ic, e
  real(8) :: pe(0:nth, n), t(c, 0:nth, n), he(c, 0:nth)
  do ix = 1, n
    e = mod(ix, 2)
    do itb = 1 - e, nth - e
      do ic = 1, c
        he(ic, itb) = t(ic, itb, ix) * 2.0d0
      end do
    end do
    do itb = 1 - e, nth - e
      pe(itb, ix) = he(1, itb) + he(c, itb)
    end do
  end do
end subroutine set_once

! Parallel: a MIN the range does not decide (top = min(ii + 3, n)) bounds both nests.
subroutine set_once_min(a, b, n)
  integer :: n, ii, i, top
  real :: a(n), b(n), w(0:3)
  do ii = 1, n, 4
    top = min(ii + 3, n)
    do i = ii, top
      w(i - ii) = b(i) * 2.0
    end do
    do i = ii, top
      a(i) = w(i - ii) + 1.0
    end do
  end do
end subroutine set_once_min

! Sequential: the first nest runs with the e the iteration before left, the second with the new.
subroutine set_after_writes(pe, t, n, nth)
  use set_once_sizes
  integer :: n, nth, ix, itb, ic, e
  real(8) :: pe(0:nth, n), t(c, 0:nth, n), he(c, 0:nth)
  e = 0
  do ix = 1, n
    do itb = 1 - e, nth - e
      do ic = 1, c
        he(ic, itb) = t(ic, itb, ix) * 2.0d0
      end do
    end do
    e = mod(ix, 2)
    do itb = 1 - e, nth - e
      pe(itb, ix) = he(1, itb) + he(c, itb)
    end do
  end do
end subroutine set_after_writes

! Sequential: e set again between the nests.
subroutine set_twice(pe, t, n, nth)
  use set_once_sizes
  integer :: n, nth, ix, itb, ic, e
  real(8) :: pe(0:nth, n), t(c, 0:nth, n), he(c, 0:nth)
  do ix = 1, n
    e = mod(ix, 2)
    do itb = 1 - e, nth - e
      do ic = 1, c
        he(ic, itb) = t(ic, itb, ix) * 2.0d0
      end do
    end do
    if (pe(0, ix) > 0.0d0) e = 0
    do itb = 1 - e, nth - e
      pe(itb, ix) = he(1, itb) + he(c, itb)
    end do
  end do
end subroutine set_twice

! Sequential: e set only when a condition holds.
subroutine set_conditionally(pe, t, n, nth)
  use set_once_sizes
  integer :: n, nth, ix, itb, ic, e
  real(8) :: pe(0:nth, n), t(c, 0:nth, n), he(c, 0:nth)
  e = 0
  do ix = 1, n
    if (t(1, 0, ix) > 0.0d0) then
      e = mod(ix, 2)
    end if
    do itb = 1 - e, nth - e
      do ic = 1, c
        he(ic, itb) = t(ic, itb, ix) * 2.0d0
      end do
    end do
    do itb = 0, nth - 1
      pe(itb, ix) = he(1, itb) + he(c, itb)
    end do
  end do
end subroutine set_conditionally

! Parallel (mu and ix): e set once per iteration of the ix loop, the innermost around every access
! of he: one value in that iteration, where the nests write and read he.
subroutine set_in_inner(pe, t, n, nth, m)
  use set_once_sizes
  integer :: n, nth, m, mu, ix, itb, ic, e
  real(8) :: pe(0:nth, n, m), t(c, 0:nth, n), he(c, 0:nth)
  do mu = 1, m
    do ix = 1, n
      e = mod(ix + mu, 2)
      do itb = 1 - e, nth - e
        do ic = 1, c
          he(ic, itb) = t(ic, itb, ix) * mu
        end do
      end do
      do itb = 1 - e, nth - e
        pe(itb, ix, mu) = he(1, itb) + he(c, itb)
      end do
    end do
  end do
end subroutine set_in_inner

! Sequential (mu and ix): w(1 - e) read at ix was written at ix - 1 (or, at the first ix, by the
! mu iteration before): not the element w(e) this ix iteration writes.
subroutine set_in_inner_stale(pe, n, m)
  integer :: n, m, mu, ix, e
  real(8) :: pe(n, m), w(0:1)
  w = 0.0d0
  do mu = 1, m
    do ix = 1, n
      e = mod(ix, 2)
      w(e) = pe(ix, mu) * 2.0d0
      pe(ix, mu) = w(1 - e)
    end do
  end do
end subroutine set_in_inner_stale

! Parallel (ki and j): bottom and top set once per iteration of ki, every access of the work
! arrays in the j loop inside (TeaLeaf's tea_block_solve: a tridiagonal sweep per block).
subroutine set_above_inner(z, r, cp, n, m)
  integer, parameter :: bs = 4
  integer :: n, m, ki, j, k, bottom, top
  real :: z(m, n), r(m, n), cp(m, n), dp(0:bs - 1), zl(0:bs - 1)
  do ki = 1, n, bs
    bottom = min(ki, n)
    top = min(ki + bs - 1, n)
    do j = 1, m
      k = bottom
      dp(k - bottom) = r(j, k)
      do k = bottom + 1, top
        dp(k - bottom) = r(j, k) - cp(j, k) * dp(k - bottom - 1)
      end do
      k = top
      zl(k - bottom) = dp(k - bottom)
      do k = top - 1, bottom, -1
        zl(k - bottom) = dp(k - bottom) - cp(j, k) * zl(k - bottom + 1)
      end do
      do k = bottom, top
        z(j, k) = zl(k - bottom)
      end do
    end do
  end do
end subroutine set_above_inner
