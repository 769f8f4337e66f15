! Dependences only the loops' bounds decide: tiled and triangular nests, and their look-alikes
! whose iterations do meet.
subroutine tiled(a, b, n, ts)
  integer :: n, ts, jt, j, i
  real :: a(n, n), b(n, n)
  do jt = 1, n, ts
    do j = jt, min(n, jt + ts - 1)
      do i = 1, n
        b(i, j) = a(i, j) * 2
      end do
    end do
  end do
end subroutine tiled

subroutine overlapping_tiles(a, b, n, ts)
  integer :: n, ts, jt, j, i
  real :: a(n, n), b(n, n)
  do jt = 1, n, ts
    do j = jt, min(n, jt + ts)
      do i = 1, n
        b(i, j) = a(i, j) * 2
      end do
    end do
  end do
end subroutine overlapping_tiles

subroutine gauss(a, n)
  integer :: n, k, j
  real :: a(n)
  do k = 1, n - 1
    do j = k + 1, n
      a(j) = a(j) - a(k) * 0.5
    end do
  end do
end subroutine gauss

subroutine gauss_from_k(a, n)
  integer :: n, k, j
  real :: a(n)
  do k = 1, n - 1
    do j = k, n
      a(j) = a(j) - a(k) * 0.5
    end do
  end do
end subroutine gauss_from_k

subroutine guarded(t, f, s, n)
  integer, parameter :: iw = 2
  integer :: n, ll, i
  real :: t(n, 4), f(n, 4), s(n)
  do ll = 1, 4
    do i = 1, n
      t(i, ll) = f(i, ll)
      if (ll == iw) then
        t(i, iw) = t(i, iw) - s(i)
      end if
    end do
  end do
end subroutine guarded

subroutine guarded_elsewhere(t, f, s, n)
  integer, parameter :: iw = 2
  integer :: n, ll, i
  real :: t(n, 4), f(n, 4), s(n)
  do ll = 1, 4
    do i = 1, n
      t(i, ll) = f(i, ll)
      if (i == iw) then
        t(i, iw) = t(i, iw) - s(i)
      end if
    end do
  end do
end subroutine guarded_elsewhere

subroutine guarded_and_not(t, f, n)
  integer, parameter :: iw = 2
  integer :: n, ll, i
  real :: t(n, 4), f(n, 4)
  do ll = 1, 4
    do i = 1, n
      t(i, ll) = f(i, ll)
      if (ll == iw) t(i, iw) = t(i, iw) + 1
      f(i, ll) = t(i, iw)
    end do
  end do
end subroutine guarded_and_not

subroutine guarded_then_not(t, f, s, n)
  integer, parameter :: iw = 2
  integer :: n, ll, i
  real :: t(n, 4), f(n, 4), s(n, 4)
  do ll = 1, 4
    do i = 1, n
      t(i, ll) = f(i, ll)
      if (ll == iw) then
        t(i, iw) = 0
      end if
      s(i, ll) = t(i, iw)
    end do
  end do
end subroutine guarded_then_not

subroutine red_black(a, n)
  integer :: n, i, j
  real :: a(n, n)
  do j = 2, n - 1
    do i = 2 + mod(j, 2), n - 1, 2
      a(i, j) = (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1)) / 4
    end do
  end do
end subroutine red_black

subroutine shifted_parity(b, c, n)
  integer :: n, i, j
  integer :: b(-30:40, -30:40), c(-30:40, -30:40)
  do i = 1, n
    do j = 2 + mod(i, 2), n, 2
      b(j - 1, i - 1) = b(j + 2, i - j + 8) + c(j - 1, i)
    end do
  end do
end subroutine shifted_parity

subroutine wavefront(grid, n)
  integer :: n, i, j, x, y
  real :: grid(n, n)
  do i = 2, 2 * n - 2
    do j = max(2, i - n + 2), min(i, n)
      x = i - j + 2
      y = j
      grid(x, y) = grid(x - 1, y) + grid(x, y - 1) - grid(x - 1, y - 1)
    end do
  end do
end subroutine wavefront

subroutine used_before_set(a, n)
  integer :: n, i, k
  real :: a(0:2 * n)
  k = 0
  do i = 1, n
    a(k) = a(k) + 1
    k = i
  end do
end subroutine used_before_set

subroutine jumped_over(a, c, n)
  integer :: n, i, k
  real :: a(0:2 * n), c(n)
  k = 0
  do i = 1, n
    if (c(i) > 0) goto 10
    k = i
10  a(k) = a(k) + 1
  end do
end subroutine jumped_over
