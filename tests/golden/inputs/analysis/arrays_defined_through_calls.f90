! Work arrays that a callee defines by passing them on to calls that define them (FV3's
! mid_pt_sphere(p1, p2, pm): cart_to_latlon(1, e3, pm(1), pm(2)) writes xs(1:np), ys(1:np);
! get_unit_vect2(e1, e2, uc): vect_cross(uc, pc, p3) writes uc(1:3)), some of a kind named in
! a module not loaded.

module sphere
  use kinds_not_loaded, only: rk
contains
  subroutine to_latlon(np, q, xs, ys)
    integer, intent(in) :: np
    real(rk), intent(in) :: q(3, np)
    real(rk), intent(inout) :: xs(np), ys(np)
    integer :: i
    do i = 1, np
      xs(i) = atan2(q(2, i), q(1, i))
      ys(i) = asin(q(3, i))
    end do
  end subroutine

  subroutine cross(e, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: e(3)
    e(1) = a(2) * b(3) - a(3) * b(2)
    e(2) = a(3) * b(1) - a(1) * b(3)
    e(3) = a(1) * b(2) - a(2) * b(1)
  end subroutine

  ! Writes e(1) and e(2) only.
  subroutine cross2(e, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: e(3)
    e(1) = a(2) * b(3) - a(3) * b(2)
    e(2) = a(3) * b(1) - a(1) * b(3)
  end subroutine

  ! Reads e(1) before it writes it.
  subroutine rotate(e)
    real(rk), intent(inout) :: e(3)
    e(2) = e(1)
    e(1) = 0.0
    e(3) = 1.0
  end subroutine

  subroutine midpoint(p1, p2, pm)
    real(rk), intent(in) :: p1(2), p2(2)
    real(rk), intent(out) :: pm(2)
    real(rk) :: e(3)
    e(1) = p1(1) + p2(1)
    e(2) = p1(2) + p2(2)
    e(3) = 1.0
    call to_latlon(1, e, pm(1), pm(2))
  end subroutine

  ! np passed as a variable: how much of pm is written is not known here.
  subroutine midpoint_n(n, p1, p2, pm)
    integer, intent(in) :: n
    real(rk), intent(in) :: p1(2), p2(2)
    real(rk), intent(out) :: pm(2)
    real(rk) :: e(3, 2)
    e = 1.0
    e(1, 1) = p1(1) + p2(1)
    call to_latlon(n, e, pm(1), pm(2))
  end subroutine

  subroutine unit_cross(u, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: u(3)
    call cross(u, a, b)
    u = u / sqrt(sum(u * u))
  end subroutine

  ! Two levels: unit_cross defines u through cross.
  subroutine unit_cross_twice(u, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: u(3)
    call unit_cross(u, a, b)
  end subroutine

  ! The last three elements written here, the first three by cross, passed w(1).
  subroutine six(w, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: w(6)
    w(4) = a(1)
    w(5) = a(2)
    w(6) = a(3)
    call cross(w(1), a, b)
  end subroutine

  ! Reads u before cross writes it.
  subroutine read_first(u, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(inout) :: u(3)
    real(rk) :: s
    s = u(1)
    call cross(u, a, b)
    u(1) = u(1) + s
  end subroutine

  subroutine partly(u, a, b)
    real(rk), intent(in) :: a(3), b(3)
    real(rk), intent(out) :: u(3)
    call cross2(u, a, b)
  end subroutine

  subroutine rotated(u)
    real(rk), intent(inout) :: u(3)
    call rotate(u)
  end subroutine

  ! Scalar dummies written before they are read, on every path, or not quite.
  subroutine get_pos(k, lon, lat)
    integer, intent(in) :: k
    real(rk), intent(out) :: lon, lat
    lon = 0.1 * k
    lat = 0.2 * k
  end subroutine

  subroutine get_pos_if(k, lon)
    integer, intent(in) :: k
    real(rk), intent(inout) :: lon
    if (k > 2) lon = 0.1 * k
  end subroutine

  subroutine next_pos(k, lon)
    integer, intent(in) :: k
    real(rk), intent(inout) :: lon
    lon = lon + 0.1 * k
  end subroutine

  subroutine set_one(k, x)
    integer, intent(in) :: k
    real(rk), intent(out) :: x
    x = 0.5 * k
  end subroutine

  ! Sets x and returns 1: a function need not run (Fortran 2018, 10.1.7).
  real(rk) function set_f(k, x)
    integer, intent(in) :: k
    real(rk), intent(out) :: x
    x = 0.5 * k
    set_f = 1.0
  end function

  real(rk) function dist(p, q)
    real(rk), intent(in) :: p(2), q(2)
    dist = sqrt((p(1) - q(1))**2 + (p(2) - q(2))**2)
  end function
end module

subroutine through_ranges(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(2, n + 1)
  real(rk), intent(out) :: out(n)
  real(rk) :: p1(2), p2(2), p3(2)
  integer :: i
  do i = 1, n
    p1(:) = g(:, i)
    p2(:) = g(:, i + 1)
    call midpoint(p1, p2, p3)
    out(i) = p3(1) + p3(2)
  end do
end subroutine

subroutine through_whole(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3), v(3), w(6)
  integer :: i
  do i = 1, n
    call unit_cross(u, g(:, i), g(:, 1))
    call unit_cross_twice(v, u, g(:, i))
    call six(w, u, v)
    out(i) = u(1) + v(2) + w(3) + w(6)
  end do
end subroutine

subroutine count_not_known(n, m, g, out)
  use sphere
  integer, intent(in) :: n, m
  real(rk), intent(in) :: g(2, n + 1)
  real(rk), intent(out) :: out(n)
  real(rk) :: p3(2)
  integer :: i
  p3 = 0.0
  do i = 1, n
    call midpoint_n(m, g(:, i), g(:, i + 1), p3)
    out(i) = p3(1) + p3(2)
  end do
end subroutine

subroutine read_before(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3)
  integer :: i
  u = 0.0
  do i = 1, n
    call read_first(u, g(:, i), g(:, 1))
    out(i) = u(1)
  end do
end subroutine

subroutine part_written(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3)
  integer :: i
  u = 0.0
  do i = 1, n
    call partly(u, g(:, i), g(:, 1))
    out(i) = u(1) + u(3)
    u(3) = out(i)
  end do
end subroutine

subroutine read_by_callee(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3)
  integer :: i
  u = 0.0
  do i = 1, n
    call rotated(u)
    out(i) = u(2) + g(1, i)
  end do
end subroutine

! An external procedure, no explicit interface: elements of a kind not known here.
subroutine ext_cross(e, a, b)
  use kinds_not_loaded, only: rk
  real(rk), intent(in) :: a(3), b(3)
  real(rk), intent(out) :: e(3)
  e(1) = a(2) * b(3) - a(3) * b(2)
  e(2) = a(3) * b(1) - a(1) * b(3)
  e(3) = a(1) * b(2) - a(2) * b(1)
end subroutine

subroutine implicit_interface(n, g, out)
  use kinds_not_loaded, only: rk
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3)
  integer :: i
  do i = 1, n
    call ext_cross(u, g(:, i), g(:, 1))
    out(i) = u(1)
  end do
end subroutine

! Elements passed to scalar dummies the callee defines (FV3's get_slp_obs(..., pos(1), pos(2), ...)
! before great_circle_dist(pos, ...)).
subroutine elements_by_scalars(n, q, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: q(2)
  real(rk), intent(out) :: out(n)
  real(rk) :: pos(2)
  integer :: i
  do i = 1, n
    call get_pos(i, pos(1), pos(2))
    out(i) = dist(pos, q)
  end do
end subroutine

! pos(2) is not written in the loop: each iteration reads the one from before it.
subroutine one_element(n, q, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: q(2)
  real(rk), intent(out) :: out(n)
  real(rk) :: pos(2), lat
  integer :: i
  pos = 0.0
  do i = 1, n
    call get_pos(i, pos(1), lat)
    out(i) = dist(pos, q) + lat
  end do
end subroutine

! Written only when k > 2: an earlier iteration's value read otherwise.
subroutine element_maybe(n, q, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: q(2)
  real(rk), intent(out) :: out(n)
  real(rk) :: pos(2)
  integer :: i
  pos = 0.0
  do i = 1, n
    pos(2) = q(2)
    call get_pos_if(i, pos(1))
    out(i) = dist(pos, q)
  end do
end subroutine

! Read before it is written: the previous iteration's.
subroutine element_read_first(n, q, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: q(2)
  real(rk), intent(out) :: out(n)
  real(rk) :: pos(2)
  integer :: i
  pos = 0.0
  do i = 1, n
    pos(2) = q(2)
    call next_pos(i, pos(1))
    out(i) = dist(pos, q)
  end do
end subroutine

! Each element of a work array set by a call to a scalar dummy it defines, in a loop, then read.
subroutine elements_in_loop(n, m, out)
  use sphere
  integer, intent(in) :: n, m
  real(rk), intent(out) :: out(n)
  real(rk) :: w(4), v(100)
  integer :: i, k
  do i = 1, n
    do k = 1, 4
      call set_one(k + i, w(k))
    end do
    do k = 1, m
      call set_one(k * i, v(k))
    end do
    out(i) = sum(w)
    do k = 1, m
      out(i) = out(i) + v(k)
    end do
  end do
end subroutine

! Set only when k > 2.
subroutine elements_in_loop_maybe(n, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(out) :: out(n)
  real(rk) :: w(4)
  integer :: i, k
  w = 0.0
  do i = 1, n
    do k = 1, 4
      call get_pos_if(k + i, w(k))
    end do
    out(i) = sum(w)
  end do
end subroutine

! Under an IF: not in every iteration.
subroutine elements_in_loop_if(n, flag, out)
  use sphere
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real(rk), intent(out) :: out(n)
  real(rk) :: w(4)
  integer :: i, k
  w = 0.0
  do i = 1, n
    do k = 1, 4
      if (flag) call set_one(k + i, w(k))
    end do
    out(i) = sum(w)
  end do
end subroutine

! By a function in an expression.
subroutine elements_by_function(n, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(out) :: out(n)
  real(rk) :: w(4), t
  integer :: i, k
  w = 0.0
  do i = 1, n
    t = 0.0
    do k = 1, 4
      t = t + set_f(k + i, w(k))
    end do
    out(i) = sum(w) + t
  end do
end subroutine

! Elements set by functions in a CALL's argument, whose evaluation is not sure either.
subroutine elements_by_function_argument(n, q, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: q(2)
  real(rk), intent(out) :: out(n)
  real(rk) :: pos(2), t
  integer :: i
  pos = 0.0
  do i = 1, n
    t = 0.0
    call next_pos(nint(set_f(i, pos(1)) + set_f(i, pos(2))), t)
    out(i) = dist(pos, q) + t
  end do
end subroutine

! After the loop, unit_cross defines u through cross before reading it: u's last value is not
! read after the loop, so u is private. (While the load runs, the loop waits for that to be
! settled: analysed early, u would look read after the loop.)
subroutine defined_after_loop(n, g, out)
  use sphere
  integer, intent(in) :: n
  real(rk), intent(in) :: g(3, n)
  real(rk), intent(out) :: out(n)
  real(rk) :: u(3)
  integer :: i
  do i = 1, n
    u = g(:, i)
    out(i) = u(1) + u(3)
  end do
  call unit_cross(u, g(:, 1), g(:, n))
  out(1) = out(1) + u(2)
end subroutine
