! Blocked loops whose inner bounds are scalars set in the block loop's body, through MIN.
subroutine blocked_min(lo, hi, nx, ky, di, cp)
  integer :: lo, hi, nx, ko, j, k, bottom, top
  real :: ky(nx, hi + 1), di(nx, hi), cp(nx, hi)
  do ko = lo, hi, 4
    bottom = ko
    top = min(ko + 3, hi)
    do j = 1, nx
      k = bottom
      cp(j, k) = ky(j, k + 1) / di(j, k)
      do k = bottom + 1, top
        cp(j, k) = ky(j, k + 1) / (di(j, k) - cp(j, k - 1))
      end do
    end do
  end do
end subroutine

subroutine blocked_too_far(lo, hi, nx, ky, di, cp)
  integer :: lo, hi, nx, ko, j, k, bottom, top
  real :: ky(nx, hi + 1), di(nx, hi), cp(nx, hi)
  do ko = lo, hi, 4
    bottom = ko
    top = min(ko + 4, hi)
    do j = 1, nx
      k = bottom
      cp(j, k) = ky(j, k + 1) / di(j, k)
      do k = bottom + 1, top
        cp(j, k) = ky(j, k + 1) / (di(j, k) - cp(j, k - 1))
      end do
    end do
  end do
end subroutine

subroutine blocked_max(lo, hi, nx, ky, di, cp)
  integer :: lo, hi, nx, ko, j, k, bottom, top
  real :: ky(nx, hi + 1), di(nx, hi), cp(nx, hi)
  do ko = lo, hi, 4
    bottom = ko
    top = max(ko + 3, hi)
    do j = 1, nx
      do k = bottom, top
        cp(j, k) = ky(j, k + 1) / di(j, k)
      end do
    end do
  end do
end subroutine

subroutine nested_blocks(n, nx, r, z)
  integer :: n, nx, ko, ki, upper, j, k, bottom, top
  real :: r(nx, n), z(nx, n)
  do ko = 1, n - 7, 8
    upper = ko + 8 - 4
    do ki = ko, upper, 4
      bottom = ki
      top = ki + 3
      do j = 1, nx
        do k = bottom, top
          z(j, k) = r(j, k) * 2.0
        end do
      end do
    end do
  end do
end subroutine

subroutine nested_blocks_wrong(n, nx, r, z)
  integer :: n, nx, ko, ki, upper, j, k, bottom, top
  real :: r(nx, n), z(nx, n)
  do ko = 1, n - 7, 8
    upper = ko + 8
    do ki = ko, upper, 4
      bottom = ki
      top = ki + 3
      do j = 1, nx
        do k = bottom, top
          z(j, k) = r(j, k) * 2.0
        end do
      end do
    end do
  end do
end subroutine

! A min (max) one argument of which the block loop's range shows to be the extremum: the value is
! that argument (TeaLeaf's bottom = MIN(ki, y_max) in DO ki = ..., y_max, jac_block_size).
subroutine blocked_extreme(a, b, n)
  integer :: n, ii, i, top, bottom
  real :: a(n), b(n)
  do ii = 1, n, 4
    bottom = min(ii, n)
    top = min(ii + 3, n)
    do i = bottom, top
      a(i) = b(i) * 2.0
    end do
  end do
  do ii = n, 1, -4
    bottom = max(ii - 3, 1)
    top = max(ii, 1)
    do i = bottom, top
      a(i) = b(i) * 2.0
    end do
  end do
end subroutine blocked_extreme

! Where the range shows no argument to be the extremum: a step whose sign is not known (a
! negative bs runs ii down to n: min(ii, n) is n), an argument past the range.
subroutine blocked_extreme_unknown(a, b, n, bs)
  integer :: n, bs, ii, i, top, bottom
  real :: a(n), b(n)
  do ii = 1, n, bs
    bottom = min(ii, n)
    top = min(ii + 3, n)
    do i = bottom, top
      a(i) = b(i) * 2.0
    end do
  end do
  do ii = 1, n, 4
    bottom = min(ii + 4, n)
    top = min(ii + 3, n)
    do i = bottom, top
      a(i) = b(i) * 2.0
    end do
  end do
end subroutine blocked_extreme_unknown
