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

module fill_procedures
contains
  subroutine fill(n, x, value)
    integer, intent(in) :: n
    real, intent(inout) :: x(n)
    real, intent(in) :: value
    x = x + value
  end subroutine
  subroutine look(n, q, total)
    integer, intent(in) :: n
    real, pointer, intent(in) :: q(:)
    real, intent(out) :: total
    total = sum(q(1:n))
  end subroutine
  subroutine relook(n, q, total)
    integer, intent(in) :: n
    real, pointer :: q(:)
    real, intent(out) :: total
    total = sum(q(1:n))
  end subroutine
end module

! Passed itself to dummies that cannot point it elsewhere (an array, an INTENT(IN) POINTER),
! with a procedure not known called between: it hosts no procedure that one could run.
subroutine passed_to_arrays(n, c)
  use fill_procedures
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: pa(:), pb(:)
  real :: total
  integer :: i
  pa => ta
  pb => tb
  call fill(n + 1, pa, 1.0)
  call fill(n, pb(2:), 2.0)
  call look(n, pa, total)
  call unknown_timer(total)
  do i = 1, n
    pa(i) = pb(i + 1) + total
  end do
  c = ta(1:n) + tb(1:n)
end subroutine

! Passed to a POINTER dummy that may point it elsewhere (relook does not, but may): sequential.
subroutine passed_to_pointer(n, c)
  use fill_procedures
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  real :: total
  integer :: i
  ta = 1.0
  p => tb
  call relook(n, p, total)
  do i = 1, n
    p(i) = ta(i + 1) + total
  end do
  c = ta(1:n) + tb(1:n)
end subroutine

! Passed to a procedure not known: sequential.
subroutine passed_to_unknown(n, c)
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  integer :: i
  ta = 1.0
  p => tb
  call unknown_fill(p)
  do i = 1, n
    p(i) = ta(i + 1)
  end do
  c = ta(1:n) + tb(1:n)
end subroutine

! A procedure not known may run the internal procedure passed to it, which points p at ta.
subroutine hosted_for_unknown(n, c)
  integer, intent(in) :: n
  real, intent(out) :: c(n)
  real, target :: ta(n + 1), tb(n + 1)
  real, pointer :: p(:)
  integer :: i
  ta = 1.0
  tb = 2.0
  p => tb
  call unknown_run(swap)
  do i = 1, n
    p(i) = ta(i + 1)
  end do
  c = ta(1:n) + tb(1:n)
contains
  subroutine swap()
    p => ta
  end subroutine
end subroutine
