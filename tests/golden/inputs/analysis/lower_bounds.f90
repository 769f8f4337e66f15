! A read's subscripts are at least the array's declared lower bounds (CICE's upwind_field:
! worka(i - 1, j) read for i = ilo..ihi after worka(i, j) for i = 1..ihi).
subroutine from_one(phi, n, ilo, ihi)
  integer :: n, ilo, ihi, i, k
  real :: phi(n, 10), work(n)
  do k = 1, 10
    do i = 1, ihi
      work(i) = phi(i, k) * 2.0
    end do
    do i = ilo, ihi
      phi(i, k) = work(i) - work(i - 1)
    end do
  end do
end subroutine

! Declared from 0: work(0) may be read, and no iteration writes it.
subroutine from_zero(phi, n, ilo, ihi)
  integer :: n, ilo, ihi, i, k
  real :: phi(n, 10), work(0:n)
  do k = 1, 10
    do i = 1, ihi
      work(i) = phi(i, k) * 2.0
    end do
    do i = ilo, ihi
      phi(i, k) = work(i) - work(i - 1)
    end do
  end do
end subroutine

! The top of a column: km + 1 >= 1, so DO k = 1, km + 1 wrote it (pn(1) would not be: that
! km >= 0 follows from another reference, which the analysis does not draw on).
subroutine column_top(peln, a, km, nx)
  integer :: km, nx, i, k
  real :: peln(nx, km + 1), a(nx), pn(km + 12)
  do i = 1, nx
    do k = 1, km + 1
      pn(k) = peln(i, k)
    end do
    a(i) = pn(km + 1) * 2.0
  end do
end subroutine
