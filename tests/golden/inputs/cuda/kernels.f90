! Kernels for sapfor-cuda's golden test: a private scalar, an inner sequential DO with a step,
! IF / ELSE IF / ELSE, intrinsics, REAL(4) and LOGICAL arrays, a SUM reduction, a grid that is
! capped with --param n=30000000; a call of a PURE function, which is not translated.
subroutine smooth(n, x, y, flags, total)
  integer, intent(in) :: n
  real, intent(in) :: x(0:n+1)
  real, intent(inout) :: y(n, 4)
  logical, intent(out) :: flags(n)
  double precision, intent(inout) :: total
  real :: t
  integer :: i, k
!DVM$ PARALLEL (i) ON y(i, 1), PRIVATE(t, k), REDUCTION(SUM(total))
  do i = 1, n
    t = 0.0
    do k = 4, 1, -2
      t = t + y(i, k) * 0.5
    end do
    if (t > 1.0) then
      y(i, 1) = sqrt(t)
    else if (t < -1.0) then
      y(i, 1) = -abs(t)
    else
      y(i, 1) = max(t, x(i - 1), real(mod(i, 3)))
    end if
    flags(i) = int(t) == 0 .and. .not. (x(i) > 0.0)
    total = total + dble(t)**2
  end do
end subroutine smooth

pure real function half(v)
  real, intent(in) :: v
  half = v / 2
end function half

subroutine calls(n, a)
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  integer :: i
  real, external :: half
!DVM$ PARALLEL (i) ON a(i)
  do i = 1, n
    a(i) = half(a(i))
  end do
end subroutine calls
