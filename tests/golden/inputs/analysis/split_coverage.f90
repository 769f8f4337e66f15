! Work arrays whose reads one write covers where a condition holds and another where it does not,
! and reads kept within a local array's declared bounds (FV3's compute_total_energy and
! fv_ada_nudge, TeaLeaf's tea_block_solve, CICE's local_max_min).

subroutine sweep_top(is, ie, js, je, km, hs, dz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), dz(is:ie, js:je, km)
  real, intent(out) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) + dz(i, j, k)
      end do
    end do
    do i = is, ie
      te(i, j) = phiz(i, km+1) - phiz(i, 1)
    end do
  end do
end subroutine

subroutine sweep_bottom(is, ie, js, je, km, ak, dp, top)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: ak, dp(is:ie, js:je, km)
  real, intent(out) :: top(is:ie, js:je)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      pe(i, 1) = ak
    end do
    do k = 1, km
      do i = is, ie
        pe(i, k+1) = pe(i, k) + dp(i, j, k)
      end do
    end do
    do i = is, ie
      top(i, j) = pe(i, km+1)
    end do
  end do
end subroutine

subroutine trop_level(is, ie, js, je, npz, kt, hs, dz, h)
  integer, intent(in) :: is, ie, js, je, npz, kt
  real, intent(in) :: hs(is:ie, js:je), dz(is:ie, js:je, npz)
  real, intent(out) :: h(is:ie, js:je)
  real :: gz(is:ie, npz+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      gz(i, npz+1) = hs(i, j)
    end do
    do i = is, ie
      do k = npz, kt+1, -1
        gz(i, k) = gz(i, k+1) + dz(i, j, k)
      end do
    end do
    do i = is, ie
      h(i, j) = gz(i, kt+1)
    end do
  end do
end subroutine

subroutine wide_declared(is, ie, js, je, km, hs, dz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), dz(is:ie, js:je, km)
  real, intent(out) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+5)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) + dz(i, j, k)
      end do
    end do
    do i = is, ie
      te(i, j) = phiz(i, 1)
    end do
  end do
end subroutine

subroutine short_sweep(is, ie, js, je, km, hs, dz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), dz(is:ie, js:je, km)
  real, intent(out) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 2, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) + dz(i, j, k)
      end do
    end do
    do i = is, ie
      te(i, j) = phiz(i, 1)
    end do
  end do
end subroutine

subroutine neighbour_mask(nx, ny, nt, ilo, ihi, jlo, jhi, a, t, tmax)
  integer, intent(in) :: nx, ny, nt, ilo, ihi, jlo, jhi
  real, intent(in) :: a(nx, ny, nt), t(nx, ny, nt)
  real, intent(out) :: tmax(nx, ny, nt)
  real :: mask(nx, ny)
  integer :: i, j, n
  do n = 1, nt
    do j = 1, ny
      do i = 1, nx
        mask(i, j) = a(i, j, n)
      end do
    end do
    do j = jlo, jhi
      do i = ilo, ihi
        tmax(i, j, n) = max(mask(i-1, j+1) * t(i-1, j+1, n), mask(i+1, j-1) * t(i+1, j-1, n))
      end do
    end do
  end do
end subroutine

subroutine neighbour_part(nx, ny, nt, ilo, ihi, jlo, jhi, a, t, tmax)
  integer, intent(in) :: nx, ny, nt, ilo, ihi, jlo, jhi
  real, intent(in) :: a(nx, ny, nt), t(nx, ny, nt)
  real, intent(out) :: tmax(nx, ny, nt)
  real :: mask(nx, ny)
  integer :: i, j, n
  do n = 1, nt
    do j = 1, ny
      do i = 2, nx
        mask(i, j) = a(i, j, n)
      end do
    end do
    do j = jlo, jhi
      do i = ilo, ihi
        tmax(i, j, n) = mask(i-1, j) * t(i, j, n)
      end do
    end do
  end do
end subroutine
