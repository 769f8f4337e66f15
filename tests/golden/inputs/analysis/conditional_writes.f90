! Scalars written under a condition and read under the same condition (MOM6's res_upscale,
! ecrad's rrtm_taumol Z_SPECPARM arms, miniWeather's data_spec): the read happens only where
! the write did, as long as nothing the condition reads changes in between.
module conditional_flags
  implicit none
  type switches
    logical :: on = .false.
    real :: scale = 1.0
  end type
contains
  subroutine negate(x)
    logical, intent(inout) :: x
    x = .not. x
  end subroutine
end module

subroutine same_flag(n, a, b, f)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f
  integer :: i
  real :: t
  do i = 1, n
    if (f) t = 2.0 * a(i)
    b(i) = b(i) + 1.0
    if (f) b(i) = b(i) * t
  end do
end subroutine

subroutine construct_arms(n, a, b, f, g)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f, g
  integer :: i
  real :: t, u
  do i = 1, n
    if (f) then
      t = a(i)
      u = 1.0
    else if (g) then
      t = 2.0 * a(i)
      u = t
    else
      u = 0.0
    end if
    if (f) b(i) = t
    if (g) then
      b(i) = b(i) + t
    end if
    b(i) = b(i) + u
  end do
end subroutine

subroutine negated_else(n, a, b, f)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f
  integer :: i
  real :: t
  do i = 1, n
    if (.not. f) then
      b(i) = 0.0
    else
      t = a(i) * a(i)
    end if
    if (f) b(i) = t
  end do
end subroutine

subroutine component_switch(n, a, b, cs)
  use conditional_flags
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  type(switches), intent(in) :: cs
  integer :: i
  real :: t
  do i = 1, n
    if (cs%on .and. cs%scale > 0.0) t = cs%scale * a(i)
    if (cs%on .and. cs%scale > 0.0) b(i) = t
  end do
end subroutine

subroutine read_in_inner_loop(n, m, a, b, f)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n, m)
  logical, intent(in) :: f
  integer :: i, k
  real :: t
  do i = 1, n
    if (f) t = a(i)
    do k = 1, m
      if (f) b(i, k) = b(i, k) + t
    end do
  end do
end subroutine

subroutine read_in_next_loop(n, a, b, c, f)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n), c(n)
  logical, intent(in) :: f
  integer :: i
  real :: t
  do i = 1, n
    if (f) t = a(i)
    if (f) b(i) = t
  end do
  do i = 1, n
    if (f) t = b(i)
    if (f) c(i) = t
  end do
end subroutine

subroutine flag_changed(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n), c(n)
  real, intent(inout) :: b(n)
  integer :: i
  logical :: f
  real :: t
  do i = 1, n
    f = a(i) > 0.0
    if (f) t = a(i)
    f = c(i) > 0.0
    if (f) b(i) = t
  end do
end subroutine

subroutine other_flag(n, a, b, f, g)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f, g
  integer :: i
  real :: t
  do i = 1, n
    if (f) t = a(i)
    if (g) b(i) = t
  end do
end subroutine

subroutine flag_changed_in_inner_loop(n, m, a, b, c)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n), c(m)
  real, intent(inout) :: b(n, m)
  integer :: i, k
  logical :: f
  real :: t
  do i = 1, n
    f = a(i) > 0.0
    if (f) t = a(i)
    do k = 1, m
      if (f) b(i, k) = t
      f = c(k) > 0.0
    end do
  end do
end subroutine

subroutine opposite_arm(n, a, b, f)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f
  integer :: i
  real :: t
  do i = 1, n
    if (f) then
      t = a(i)
    end if
    if (.not. f) b(i) = t
  end do
end subroutine

subroutine read_unconditionally(n, a, b, f, g)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f, g
  integer :: i
  real :: t
  do i = 1, n
    if (f) t = a(i)
    if (g) t = -a(i)
    b(i) = t
  end do
end subroutine

subroutine call_changes_flag(n, a, b)
  use conditional_flags
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  integer :: i
  logical :: f
  real :: t
  do i = 1, n
    f = a(i) > 0.0
    if (f) t = a(i)
    call negate(f)
    if (f) b(i) = t
  end do
end subroutine

subroutine element_condition(n, a, b, mask)
  integer, intent(in) :: n
  real, intent(in) :: a(n), mask(n)
  real, intent(inout) :: b(n)
  integer :: i
  real :: t
  do i = 1, n
    if (mask(i) > 0.0) t = a(i)
    if (mask(i) > 0.0) b(i) = t
  end do
end subroutine

subroutine pointer_flag(n, a, b, pf)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, pointer :: pf
  integer :: i
  real :: t
  do i = 1, n
    if (pf) t = a(i)
    if (pf) b(i) = t
  end do
end subroutine

subroutine read_after_loop(n, a, b, f)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: b(n)
  logical, intent(in) :: f
  integer :: i
  real :: t
  t = 0.0
  do i = 1, n
    if (f) t = a(i)
    if (f) b(i) = t
  end do
  b(1) = t
end subroutine

subroutine chain_covers(n, a, b)
  integer :: n, is, k, kt
  real :: a(n+1), b(n, 4)
  do is = 1, 4
    do k = 1, n
      if (is == 1) then
        kt = k + 1
      else if (is .eq. 2) then
        kt = k
      else if (3 == is) then
        kt = k
      else if (is == 4) then
        kt = k + 1
      end if
      b(k, is) = a(kt)
    end do
  end do
end
subroutine chain_misses(n, a, b)
  integer :: n, is, k, kt
  real :: a(n+1), b(n, 5)
  do is = 1, 5
    do k = 1, n
      if (is == 1) then
        kt = k + 1
      else if (is == 2) then
        kt = k
      else if (is == 4) then
        kt = k
      else if (is == 5) then
        kt = k + 1
      end if
      b(k, is) = a(kt)
    end do
  end do
end
