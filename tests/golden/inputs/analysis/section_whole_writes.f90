! Work arrays set whole by a section with a bare colon in every dimension (w(:) = 0), in the
! shapes of MOM6's kpp_smooth_bld and calculate_diagnostic_fields and FV3's atod; and writes in
! WHERE constructs, which set only the elements their mask selects.

subroutine smooth_column(isd, ied, isc, iec, nk, mask, dz, total)
  integer, intent(in) :: isd, ied, isc, iec, nk
  real, intent(in) :: mask(isd:ied, nk), dz(isd:ied, nk, nk)
  real, intent(inout) :: total(isd:ied, nk)
  real :: hcor(isd:ied), dh
  integer :: i, j, k
  do j = 1, nk
    hcor(:) = 0.
    do k = 1, nk
      do i = isc, iec
        if (mask(i, j) > 0.) then
          dh = dz(i, j, k) + hcor(i)
          hcor(i) = min(dh - 1., 0.)
          total(i, j) = total(i, j) + max(dh, 1.)
        end if
      end do
    end do
  end do
end subroutine

subroutine use_column(n, p, r)
  integer, intent(in) :: n
  real, intent(in) :: p(n)
  real, intent(out) :: r(n)
  r = 2. * p
end subroutine

subroutine pressure_columns(n, nj, nk, h, rho)
  integer, intent(in) :: n, nj, nk
  real, intent(in) :: h(n, nj, nk)
  real, intent(out) :: rho(n, nj, nk)
  real :: p(n)
  integer :: j, k
  do j = 1, nj
    p(:) = 0.
    do k = 1, nk
      p(:) = p(:) + 0.5 * h(:, j, k)
      call use_column(n, p, rho(:, j, k))
      p(:) = p(:) + 0.5 * h(:, j, k)
    end do
  end do
end subroutine

subroutine edge_rows(n, m, vin, dx, vout)
  integer, intent(in) :: n, m
  real, intent(in) :: vin(n, m), dx(n, m)
  real, intent(out) :: vout(n, m)
  real :: t1(n), t2(n)
  integer :: j
  do j = 1, m
    t1(:) = 0.
    t2(:) = vin(:, j) * dx(:, j)
    call use_column(n, t2, t1)
    vout(:, j) = t1(:) / dx(:, j)
  end do
end subroutine

subroutine plane_scratch(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n, 2)
  integer :: i, j
  do j = 1, m
    w(:, :) = 0.
    do i = 1, n
      w(i, 2) = w(i, 1) + a(i, j)
      b(i, j) = w(i, 2)
    end do
  end do
end subroutine

subroutine where_whole(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: j
  do j = 1, m
    where (a(:, j) > 0.)
      w = a(:, j)
      b(:, j) = w(1)
    end where
  end do
end subroutine

subroutine where_colon(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: j
  do j = 1, m
    where (a(:, j) > 0.)
      w(:) = a(:, j)
      b(:, j) = w(1)
    end where
  end do
end subroutine

subroutine where_section(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: j
  do j = 1, m
    where (a(:, j) > 0.)
      w(1:n) = a(:, j)
      b(:, j) = w(1)
    end where
  end do
end subroutine

subroutine colon_if(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: i, j
  do j = 1, m
    if (a(1, j) > 0.) w(:) = a(:, j)
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine bounded_section(n, k, m, a, b)
  integer, intent(in) :: n, k, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: i, j
  do j = 1, m
    w(1:k) = a(1:k, j)
    do i = 1, n
      b(i, j) = w(i)
    end do
  end do
end subroutine

subroutine read_first(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: b(n, m)
  real :: w(n)
  integer :: j
  do j = 1, m
    b(1, j) = w(1)
    w(:) = a(:, j)
    b(2:n, j) = w(2:n)
  end do
end subroutine
