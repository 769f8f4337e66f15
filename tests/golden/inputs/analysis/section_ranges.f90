! Sections whose bounds follow the loop: a blocked copy (ibeg = jrl, iend = min(...)), columns, pairs.
subroutine blocked_copy(ncol, nproma, nlev, zrgp, up, uv)
  integer :: ncol, nproma, nlev, jrl, ibeg, iend, il, ib, jlev
  real :: zrgp(nproma, nlev, *), up(ncol, nlev), uv(ncol)
  do jrl = 1, ncol, nproma
    ibeg = jrl
    iend = min(ibeg + nproma - 1, ncol)
    il = iend - ibeg + 1
    ib = (jrl - 1) / nproma + 1
    do jlev = 1, nlev
      up(ibeg:iend, jlev) = zrgp(1:il, jlev, ib)
    end do
    uv(ibeg:iend) = zrgp(1:il, 1, ib)
  end do
end subroutine

subroutine blocked_overlap(ncol, nproma, nlev, zrgp, up)
  integer :: ncol, nproma, nlev, jrl, ibeg, iend, il, ib, jlev
  real :: zrgp(nproma, nlev, *), up(ncol, nlev)
  do jrl = 1, ncol, nproma
    ibeg = jrl
    iend = min(ibeg + nproma, ncol)
    il = iend - ibeg + 1
    ib = (jrl - 1) / nproma + 1
    do jlev = 1, nlev
      up(ibeg:iend, jlev) = zrgp(1:il, jlev, ib)
    end do
  end do
end subroutine

subroutine blocked_max(ncol, nproma, nlev, zrgp, up)
  integer :: ncol, nproma, nlev, jrl, ibeg, iend, il, ib, jlev
  real :: zrgp(nproma, nlev, *), up(ncol, nlev)
  do jrl = 1, ncol, nproma
    ibeg = jrl
    iend = max(ibeg + nproma - 1, ncol)
    ib = (jrl - 1) / nproma + 1
    do jlev = 1, nlev
      up(ibeg:iend, jlev) = zrgp(1, jlev, ib)
    end do
  end do
end subroutine

subroutine columns(n, m, a, b)
  integer :: n, m, j
  real :: a(n, m), b(n, m)
  do j = 1, m
    a(:, j) = b(:, j) * 2.0
  end do
end subroutine

subroutine columns_shifted(n, m, a)
  integer :: n, m, j
  real :: a(n, m)
  do j = 2, m
    a(:, j) = a(:, j - 1) * 2.0
  end do
end subroutine

subroutine halves(n, a)
  integer :: n, j
  real :: a(2 * n)
  do j = 1, n
    a(2 * j - 1:2 * j) = j
  end do
end subroutine

subroutine halves_overlap(n, a)
  integer :: n, j
  real :: a(2 * n + 1)
  do j = 1, n
    a(2 * j - 1:2 * j + 1) = j
  end do
end subroutine

subroutine strided(n, a)
  integer :: n, j
  real :: a(2 * n)
  do j = 1, n
    a(j:j + 2:2) = j
  end do
end subroutine
