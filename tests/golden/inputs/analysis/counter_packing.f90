! Index lists packed at a counter in each iteration, then read up to the counter (CICE's
! total_energy and total_salt: icells = 0; IF (tmask(i,j,iblk)) THEN icells = icells + 1;
! indxi(icells) = i ..., then DO ij = 1, icells: i = indxi(ij)).

subroutine pack_cells(nx, ny, nb, mask, v, work)
  integer, intent(in) :: nx, ny, nb
  logical, intent(in) :: mask(nx, ny, nb)
  real, intent(in) :: v(nx, ny, nb)
  real, intent(out) :: work(nx, ny, nb)
  integer :: indxi(nx*ny), indxj(nx*ny)
  integer :: icells, i, j, ij, iblk
  do iblk = 1, nb
    icells = 0
    do j = 1, ny
      do i = 1, nx
        if (mask(i, j, iblk)) then
          icells = icells + 1
          indxi(icells) = i
          indxj(icells) = j
        end if
      end do
    end do
    work(:, :, iblk) = 0.0
    do ij = 1, icells
      i = indxi(ij)
      j = indxj(ij)
      work(i, j, iblk) = work(i, j, iblk) + v(i, j, iblk)
    end do
  end do
end subroutine

! Two packing loops into one list, two reading loops, one bounded below the counter by MIN.
subroutine pack_twice(n, nb, a, b, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb), b(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(2*n), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    do i = 1, n
      if (b(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
    do m = 1, min(cnt, n)
      s(k) = s(k) + b(idx(m), k)
    end do
  end do
end subroutine

! The counter starts at 2: the list from its third element on is this iteration's.
subroutine pack_from_three(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n+2), cnt, i, m, k
  do k = 1, nb
    cnt = 2
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 3, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! The same, read from the first element: idx(1) and idx(2) hold what an earlier iteration left.
subroutine read_below_start(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n+2), cnt, i, m, k
  do k = 1, nb
    cnt = 2
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! The write after the increment is conditional: idx(cnt) may keep an earlier iteration's value.
subroutine write_maybe(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        if (a(i, k) > 1.0) idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! Two at a time: every other element is skipped.
subroutine step_two(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(2*n), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 2
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! A CYCLE between the increment and the write leaves idx(cnt) unwritten.
subroutine cycle_between(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        if (a(i, k) > 1.0) cycle
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! Read one past the counter.
subroutine read_past(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n+1), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt + 1
      s(k) = s(k) + a(min(idx(m), n), k)
    end do
  end do
end subroutine

! Written one ahead of the counter: idx(1) is never written.
subroutine write_ahead(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n+1), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt + 1) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

! Packed into column 1, read from column 2.
subroutine other_column(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n, 2), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt, 1) = i
      end if
    end do
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m, 2), k)
    end do
  end do
end subroutine

! The counter set from a call as well: the call may set it anywhere.
subroutine counter_by_call(n, nb, a, s)
  integer, intent(in) :: n, nb
  real, intent(in) :: a(n, nb)
  real, intent(out) :: s(nb)
  integer :: idx(n), cnt, i, m, k
  do k = 1, nb
    cnt = 0
    do i = 1, n
      if (a(i, k) > 0.0) then
        cnt = cnt + 1
        idx(cnt) = i
      end if
    end do
    call bump(cnt, n)
    s(k) = 0.0
    do m = 1, cnt
      s(k) = s(k) + a(idx(m), k)
    end do
  end do
end subroutine

subroutine bump(c, n)
  integer, intent(inout) :: c
  integer, intent(in) :: n
  c = min(c + 1, n)
end subroutine
