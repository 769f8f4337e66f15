! Work arrays in loops with an EXIT or CYCLE, and loop bounds that are components (MOM6's
! DO k = 2, GV%ke; is = G%isc).
module grids
  implicit none
  type grid
    integer :: isc, iec, ke
    real :: dz
  end type grid
end module grids

! An EXIT leaves the inner loop only: htot, written before it, is private.
subroutine exit_after_write(g, v, w, m)
  use grids
  implicit none
  type(grid), intent(in) :: g
  integer :: m, i, j, k
  real :: v(100, m), w(100, m), htot(100)
  logical :: more
  do j = 1, m
    do i = g%isc, g%iec
      htot(i) = 0.0
    end do
    do k = 1, 10
      more = .false.
      do i = g%isc, g%iec
        if (htot(i) < 1.0) then
          htot(i) = htot(i) + v(i, j)
          more = .true.
        end if
      end do
      if (.not. more) exit
      if (k == 9) then
        exit
      end if
    end do
    do i = g%isc, g%iec
      w(i, j) = htot(i)
    end do
  end do
end subroutine exit_after_write

! The writes are in the loop the EXIT leaves: a later element is not written.
subroutine exit_before_write(x, y, n, m)
  implicit none
  integer :: n, m, j, k
  real :: x(n, m), y(n, m), t(100)
  do j = 1, m
    do k = 1, n
      if (x(k, j) > 0) exit
      t(k) = x(k, j)
    end do
    do k = 1, n
      y(k, j) = t(k)
    end do
  end do
end subroutine exit_before_write

! CYCLE of the outer loop skips the rest of its iteration, reads and writes alike.
subroutine cycle_outer(x, y, n, m)
  implicit none
  integer :: n, m, j, k
  real :: x(n, m), y(n, m), t(100)
  outer: do j = 1, m
    do k = 1, n
      t(k) = x(k, j)
    end do
    do k = 1, n
      if (t(k) < 0) cycle outer
      y(k, j) = t(k)
    end do
  end do outer
end subroutine cycle_outer

! EXIT of a named loop around the writing one.
subroutine exit_named(x, y, n, m)
  implicit none
  integer :: n, m, j, k, l
  real :: x(n, m), y(n, m), t(100)
  do j = 1, m
    pass: do l = 1, 2
      do k = 1, n
        if (x(k, j) > 0) exit pass
        t(k) = x(k, j)
      end do
    end do pass
    do k = 1, n
      y(k, j) = t(k)
    end do
  end do
end subroutine exit_named

! A tridiagonal solve over columns: c1(i, 2..ke) written, c1(i, k+1) read for k = ke-1..1.
subroutine bounds_by_components(g, v, w, m)
  use grids
  implicit none
  type(grid), intent(in) :: g
  integer :: m, i, j, k
  real :: v(100, m), w(100, m), c1(100, 50)
  do j = 1, m
    do k = 2, g%ke
      do i = g%isc, g%iec
        c1(i, k) = v(i, j) * k
      end do
    end do
    do k = g%ke - 1, 1, -1
      do i = g%isc, g%iec
        w(i, j) = w(i, j) + c1(i, k + 1)
      end do
    end do
  end do
end subroutine bounds_by_components

! The same, but the procedure changes g%ke afterwards: its bounds are not known to agree.
subroutine bounds_changed(g, v, w, m)
  use grids
  implicit none
  type(grid), intent(inout) :: g
  integer :: m, i, j, k
  real :: v(100, m), w(100, m), c1(100, 50)
  do j = 1, m
    do k = 2, g%ke
      do i = g%isc, g%iec
        c1(i, k) = v(i, j) * k
      end do
    end do
    do k = g%ke - 1, 1, -1
      do i = g%isc, g%iec
        w(i, j) = w(i, j) + c1(i, k + 1)
      end do
    end do
  end do
  g%ke = g%ke - 1
end subroutine bounds_changed

! The grid reached through a pointer: another pointer may change it.
subroutine bounds_through_pointer(g, v, w, m)
  use grids
  implicit none
  type(grid), pointer :: g
  integer :: m, i, j, k
  real :: v(100, m), w(100, m), c1(100, 50)
  do j = 1, m
    do k = 2, g%ke
      do i = g%isc, g%iec
        c1(i, k) = v(i, j) * k
      end do
    end do
    do k = g%ke - 1, 1, -1
      do i = g%isc, g%iec
        w(i, j) = w(i, j) + c1(i, k + 1)
      end do
    end do
  end do
end subroutine bounds_through_pointer

! A work array written and read in one arm of an IF (MOM6's find_uv_at_h: IF (mix_vertically)):
! the write runs whenever the read does.
subroutine same_arm(h, u, n, m, flag)
  implicit none
  integer :: n, m, i, j, k
  logical :: flag
  real :: h(n, m, 10), u(n, m, 10), b1(100), c1(100, 10)
  do j = 1, m
    if (flag) then
      do i = 1, n
        b1(i) = 1.0 / h(i, j, 1)
      end do
      do k = 2, 10
        do i = 1, n
          c1(i, k) = b1(i) * h(i, j, k)
          b1(i) = 1.0 / (h(i, j, k) + c1(i, k))
          u(i, j, k) = u(i, j, k - 1) * b1(i)
        end do
      end do
    else
      do k = 1, 10
        do i = 1, n
          u(i, j, k) = h(i, j, k)
        end do
      end do
    end if
  end do
end subroutine same_arm

! Written in one arm, read in the other: what an earlier iteration left.
subroutine other_arm(h, u, n, m, flag)
  implicit none
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), u(n, m), b1(100)
  do j = 1, m
    if (flag) then
      do i = 1, n
        b1(i) = 1.0 / h(i, j)
      end do
    else
      do i = 1, n
        u(i, j) = b1(i)
      end do
    end if
  end do
end subroutine other_arm

! Written under an IF, read after it.
subroutine after_arm(h, u, n, m, flag)
  implicit none
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), u(n, m), b1(100)
  do j = 1, m
    if (flag) then
      do i = 1, n
        b1(i) = 1.0 / h(i, j)
      end do
    end if
    do i = 1, n
      u(i, j) = b1(i)
    end do
  end do
end subroutine after_arm
