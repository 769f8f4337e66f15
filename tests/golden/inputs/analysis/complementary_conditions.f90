! A scalar written where a condition holds and where it fails, the condition unchanged between
! (MOM6's calc_isoneutral_slopes: IF (.NOT. use_EOS) drdiA = 0, then in DO I: IF (use_EOS)
! drdiA = ..., and drdiA read after both).

subroutine slopes(n, m, use_eos, stanley, t, v, out)
  integer, intent(in) :: n, m
  logical, intent(in) :: use_eos, stanley
  real, intent(in) :: t(m, n), v(m, n)
  real, intent(out) :: out(m, n)
  real :: drdi
  integer :: i, j
  do j = 1, n
    if (.not. (use_eos)) then
      drdi = 0.0
    end if
    do i = 1, m
      if (use_eos) then
        drdi = t(i, j) * 2.0
      end if
      if (stanley) drdi = drdi + v(i, j)
      out(i, j) = drdi
    end do
  end do
end subroutine

subroutine two_ifs(n, f, a, b, c)
  integer, intent(in) :: n
  logical, intent(in) :: f
  real, intent(in) :: a(n), b(n)
  real, intent(out) :: c(n)
  real :: x
  integer :: j
  do j = 1, n
    if (f) x = a(j)
    if (.not. f) x = b(j)
    c(j) = x
  end do
end subroutine

! The condition changes between the two writes: x may be left from an earlier iteration.
subroutine changed_between(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n), b(n)
  real, intent(out) :: c(n)
  real :: x
  logical :: f
  integer :: j
  do j = 1, n
    f = a(j) > 0.0
    if (f) x = a(j)
    f = b(j) > 0.0
    if (.not. f) x = b(j)
    c(j) = x
  end do
end subroutine

! k > 2 tested before DO k and inside it: not one condition.
subroutine loop_variable(n, kin, a, c)
  integer, intent(in) :: n, kin(n)
  real, intent(in) :: a(n)
  real, intent(out) :: c(3, n)
  real :: x
  integer :: j, k
  do j = 1, n
    k = kin(j)
    if (k > 2) x = a(j)
    do k = 3, 4
      if (.not. (k > 2)) x = 2.0 * a(j)
      c(k - 1, j) = x
    end do
  end do
end subroutine

! The same condition twice: where it fails, x is not written.
subroutine same_way(n, f, a, b, c)
  integer, intent(in) :: n
  logical, intent(in) :: f
  real, intent(in) :: a(n), b(n)
  real, intent(out) :: c(n)
  real :: x
  integer :: j
  do j = 1, n
    if (f) x = a(j)
    if (f) x = b(j)
    c(j) = x
  end do
end subroutine

! Two conditions: both may fail.
subroutine two_flags(n, f, g, a, b, c)
  integer, intent(in) :: n
  logical, intent(in) :: f, g
  real, intent(in) :: a(n), b(n)
  real, intent(out) :: c(n)
  real :: x
  integer :: j
  do j = 1, n
    if (f) x = a(j)
    if (.not. g) x = b(j)
    c(j) = x
  end do
end subroutine

! A call between may change the flag.
subroutine call_between(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n), b(n)
  real, intent(out) :: c(n)
  logical :: f
  real :: x
  integer :: j
  do j = 1, n
    f = a(j) > 0.0
    if (f) x = a(j)
    call flip(f, j)
    if (.not. f) x = b(j)
    c(j) = x
  end do
end subroutine

subroutine flip(f, j)
  logical, intent(inout) :: f
  integer, intent(in) :: j
  if (mod(j, 3) == 0) f = .not. f
end subroutine
