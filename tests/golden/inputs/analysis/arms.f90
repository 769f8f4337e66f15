! Work arrays written in every arm of a complete construct before they are read.
subroutine both_arms(n, m, flag, h, out)
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), out(n, m), eta(n)
  do j = 1, m
    if (flag) then
      do i = 1, n
        eta(i) = h(i, j) - 1.0
      end do
    else
      do i = 1, n
        eta(i) = h(i, j)
      end do
    end if
    do i = 1, n
      out(i, j) = eta(i)*2.0
    end do
  end do
end subroutine

subroutine arms_inside(n, m, area, out)
  integer :: n, m, i, j
  real :: area(0:n, m), out(n, m), a_w(n), s
  do j = 1, m
    do i = 1, n
      s = area(i - 1, j) + area(i, j)
      if (s > 0.0) then
        a_w(i) = area(i - 1, j)/s
      else
        a_w(i) = 0.0
      end if
    end do
    do i = 1, n
      out(i, j) = a_w(i)
    end do
  end do
end subroutine

subroutine select_default(n, m, kind, h, out)
  integer :: n, m, i, j, kind
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    select case (kind)
    case (1)
      do i = 1, n
        w(i) = h(i, j)
      end do
    case (2)
      w(1:n) = 0.0
    case default
      do i = n, 1, -1
        w(i) = -h(i, j)
      end do
    end select
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

subroutine nested_arms(n, m, p, q, h, out)
  integer :: n, m, i, j
  logical :: p, q
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (p) then
        if (q) then
          w(i) = 1.0
        else
          w(i) = 2.0
        end if
      else if (h(i, j) > 0.0) then
        w(i) = h(i, j)
      else
        w(i) = 0.0
      end if
    end do
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

! Must stay sequential: some arm may leave the element unwritten.
subroutine no_else(n, m, flag, h, out)
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), out(n, m), eta(n)
  do j = 1, m
    if (flag) then
      do i = 1, n
        eta(i) = h(i, j)
      end do
    else if (.not. flag) then
      do i = 1, n
        eta(i) = 0.0
      end do
    end if
    do i = 1, n
      out(i, j) = eta(i)
    end do
  end do
end subroutine

subroutine else_writes_less(n, m, flag, h, out)
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), out(n, m), eta(n)
  do j = 1, m
    if (flag) then
      do i = 1, n
        eta(i) = h(i, j)
      end do
    else
      do i = 2, n
        eta(i) = 0.0
      end do
    end if
    do i = 1, n
      out(i, j) = eta(i)
    end do
  end do
end subroutine

subroutine else_other_element(n, m, h, out)
  integer :: n, m, i, j
  real :: h(n, m), out(n, m), w(n + 1)
  do j = 1, m
    do i = 1, n
      if (h(i, j) > 0.0) then
        w(i) = h(i, j)
      else
        w(i + 1) = 0.0
      end if
    end do
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

subroutine inner_if_without_else(n, m, p, q, h, out)
  integer :: n, m, i, j
  logical :: p, q
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (p) then
        w(i) = 1.0
      else
        if (q) w(i) = 2.0
      end if
    end do
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

subroutine select_no_default(n, m, kind, h, out)
  integer :: n, m, i, j, kind
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    select case (kind)
    case (1)
      w(1:n) = 1.0
    case (2:)
      w(1:n) = 2.0
    end select
    do i = 1, n
      out(i, j) = w(i) + h(i, j)
    end do
  end do
end subroutine

subroutine where_elsewhere(n, m, h, out)
  integer :: n, m, i, j
  real :: h(n, m), out(n, m), w(n), g(n)
  do j = 1, m
    g(1:n) = h(1:n, j)
    where (g(1:n) > 0.0)
      w(1:n) = g(1:n)
    elsewhere
      w(1:n) = 0.0
    end where
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

subroutine exit_in_arm(n, m, h, out)
  integer :: n, m, i, j
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (h(i, j) > 0.0) then
        if (h(i, j) > 5.0) exit
        w(i) = h(i, j)
      else
        w(i) = 0.0
      end if
    end do
    do i = 1, n
      out(i, j) = w(i)
    end do
  end do
end subroutine

subroutine read_in_arm_after(n, m, flag, h, out)
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    if (flag) then
      w(1:n) = h(1:n, j)
    else
      out(1:n, j) = w(1:n)
    end if
  end do
end subroutine

subroutine read_before_arms(n, m, flag, h, out)
  integer :: n, m, i, j
  logical :: flag
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      out(i, j) = w(i)
    end do
    if (flag) then
      w(1:n) = h(1:n, j)
    else
      w(1:n) = 0.0
    end if
  end do
end subroutine

! Written under an IF and read under an IF of the same condition, which has one value at the
! element in both (an ocean model's land mask).
module grids
  type grid
    real, allocatable :: mask(:, :)
    real, pointer :: wet(:, :) => null()
  end type
end module

subroutine same_mask(n, m, nz, g, h, tr)
  use grids
  integer :: n, m, nz, i, j, k
  type(grid), intent(in) :: g
  real :: h(n, m, nz), tr(n, m, nz), b1(n), c1(n, nz)
  do j = 1, m
    do i = 1, n
      if (g%mask(i, j) > 0.0) then
        b1(i) = 1.0/h(i, j, 1)
      end if
    end do
    do k = 2, nz
      do i = 1, n
        if (g%mask(i, j) > 0.0) then
          c1(i, k) = b1(i)
          b1(i) = 1.0/(h(i, j, k) + c1(i, k))
          tr(i, j, k) = b1(i)*tr(i, j, k - 1)
        end if
      end do
    end do
    do k = nz - 1, 2, -1
      do i = 1, n
        if (g%mask(i, j) > 0.0) then
          tr(i, j, k) = tr(i, j, k) + c1(i, k + 1)*tr(i, j, k + 1)
        end if
      end do
    end do
  end do
end subroutine

subroutine other_condition(n, m, mask, h, out)
  integer :: n, m, i, j
  real :: mask(n, m), h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (mask(i, j) > 0.0) then
        w(i) = h(i, j)
      end if
    end do
    do i = 1, n
      if (mask(i, j) >= 0.0) then
        out(i, j) = w(i)
      end if
    end do
  end do
end subroutine

subroutine mask_changed(n, m, mask, h, out)
  integer :: n, m, i, j
  real :: mask(n, m), h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (mask(i, j) > 0.0) then
        w(i) = h(i, j)
      end if
    end do
    mask(1, j) = 1.0
    do i = 1, n
      if (mask(i, j) > 0.0) then
        out(i, j) = w(i)
      end if
    end do
  end do
end subroutine

subroutine neighbour_element(n, m, mask, h, out)
  integer :: n, m, i, j
  real :: mask(n + 1, m), h(n + 1, m), out(n, m), w(n + 1)
  do j = 1, m
    do i = 1, n + 1
      if (mask(i, j) > 0.0) then
        w(i) = h(i, j)
      end if
    end do
    do i = 1, n
      if (mask(i, j) > 0.0) then
        out(i, j) = w(i + 1)
      end if
    end do
  end do
end subroutine

subroutine flag_flipped(n, m, h, out)
  integer :: n, m, i, j
  logical :: wet
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    wet = h(1, j) > 0.0
    if (wet) then
      do i = 1, n
        w(i) = h(i, j)
      end do
    end if
    wet = h(2, j) > 0.0
    if (wet) then
      do i = 1, n
        out(i, j) = w(i)
      end do
    end if
  end do
end subroutine

subroutine pointer_mask(n, m, g, h, out)
  use grids
  integer :: n, m, i, j
  type(grid), intent(in) :: g
  real :: h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (g%wet(i, j) > 0.0) then
        w(i) = h(i, j)
      end if
    end do
    do i = 1, n
      if (g%wet(i, j) > 0.0) then
        out(i, j) = w(i)
      end if
    end do
  end do
end subroutine

subroutine mask_of_another_loop(n, m, nz, mask, h, out)
  integer :: n, m, nz, i, j, k
  real :: mask(n, nz), h(n, m), out(n, m), w(n)
  do j = 1, m
    do k = 1, nz
      do i = 1, n
        if (mask(i, k) > 0.0) then
          w(i) = h(i, j) + k
        end if
      end do
    end do
    do k = 1, nz
      do i = 1, n
        if (mask(i, k) > 0.0) then
          out(i, j) = w(i)
        end if
      end do
    end do
  end do
end subroutine

subroutine read_unguarded_too(n, m, mask, h, out)
  integer :: n, m, i, j
  real :: mask(n, m), h(n, m), out(n, m), w(n)
  do j = 1, m
    do i = 1, n
      if (mask(i, j) > 0.0) then
        w(i) = h(i, j)
      end if
    end do
    do i = 1, n
      if (mask(i, j) > 0.0) then
        out(i, j) = w(i)
      end if
      out(i, j) = out(i, j) + w(i)
    end do
  end do
end subroutine
