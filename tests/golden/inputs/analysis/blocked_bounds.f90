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
