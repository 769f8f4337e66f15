! Local POINTERs the procedure points at one designator only (MOM6's eaml => eatr; FV3's
! var_west => nest_BC%west_t1, fC => Atm%gridstruct%fC): each is that designator's storage.

module bc_types
  type :: bc_t
    real, allocatable :: t0(:, :), t1(:, :)
  end type
end module

subroutine local_targets(n, m, a, c)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n, m)
  real, intent(out) :: c(n, m)
  real, target :: ta(n, m), tb(n, m)
  real, pointer :: pa(:, :), pb(:, :)
  integer :: i, j
  pa => ta
  pb => tb
  do j = 1, m
    do i = 1, n
      pa(i, j) = a(i, j)
      pb(i, j) = pa(i, j) * 2.0
      c(i, j) = pb(i, j)
    end do
  end do
end subroutine

subroutine other_component(n, m, bc)
  use bc_types
  integer, intent(in) :: n, m
  type(bc_t), intent(inout), target :: bc
  real, pointer :: pw(:, :)
  integer :: i, j
  pw => bc%t1
  do j = 1, m
    do i = 1, n
      pw(i, j) = max(pw(i, j), 0.5 * bc%t0(i, j))
    end do
  end do
end subroutine

! The component the pointer points at, read shifted: the same storage.
subroutine same_component(n, m, bc)
  use bc_types
  integer, intent(in) :: n, m
  type(bc_t), intent(inout), target :: bc
  real, pointer :: pw(:, :)
  integer :: i, j
  pw => bc%t1
  do j = 1, m - 1
    do i = 1, n
      pw(i, j) = bc%t1(i, j + 1)
    end do
  end do
end subroutine

! Two TARGET dummies may be one object, which the pointers then share.
subroutine two_dummies(n, m, bc, buf)
  use bc_types
  integer, intent(in) :: n, m
  type(bc_t), intent(inout), target :: bc, buf
  real, pointer :: pw(:, :), pb(:, :)
  integer :: i, j
  pw => bc%t1
  pb => buf%t1
  do j = 1, m - 1
    do i = 1, n
      pw(i, j) = pb(i, j + 1)
    end do
  end do
end subroutine

! Pointed at another target under a condition: either may be read shifted.
subroutine two_targets(n, flag, c)
  integer, intent(in) :: n
  logical, intent(in) :: flag
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  integer :: i
  ta = 1.0
  tb = 2.0
  p => tb
  if (flag) p => ta
  do i = 1, n
    p(i) = ta(i + 1)
  end do
  c = ta(1:n) + tb(1:n)
end subroutine

! A call may point it elsewhere.
subroutine passed_to_call(n, c)
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  integer :: i
  ta = 1.0
  tb = 2.0
  p => tb
  call repoint(p, ta)
  do i = 1, n
    p(i) = ta(i + 1)
  end do
  c = ta(1:n) + tb(1:n)
contains
  subroutine repoint(q, t)
    real, pointer :: q(:)
    real, target :: t(:)
    q => t
  end subroutine
end subroutine

! An internal procedure points it elsewhere through host association.
subroutine host_repoint(n, c)
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  integer :: i
  ta = 1.0
  tb = 2.0
  p => tb
  call swap()
  do i = 1, n
    p(i) = ta(i + 1)
  end do
  c = ta(1:n) + tb(1:n)
contains
  subroutine swap()
    p => ta
  end subroutine
end subroutine
