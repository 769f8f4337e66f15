! A callee that writes its dummy before it reads it (MOM6's find_weights: wt set in every arm,
! then wt_p = 1 - wt; CloverLeaf's field_summary_kernel: vol = 0, then vol = vol + ...): the call
! reads only what it wrote, not the caller's value.
module weights_mod
  implicit none
contains
  subroutine weights(x, wt, wt_p)
    real, intent(in) :: x
    real, intent(out) :: wt, wt_p
    if (x < 0) then
      wt = 1.0
    else
      wt = 0.5 * x
    end if
    wt_p = 1.0 - wt
  end subroutine weights

  subroutine accumulate(v, n, total)
    integer, intent(in) :: n
    real, intent(in) :: v(n)
    real, intent(out) :: total
    integer :: k
    total = 0
    do k = 1, n
      total = total + v(k)
    end do
  end subroutine accumulate

  ! Reads wt before it writes it when x >= 0: the caller's value goes in.
  subroutine scaled(x, wt)
    real, intent(in) :: x
    real, intent(inout) :: wt
    if (x < 0) then
      wt = 1.0
    else
      wt = 2.0 * wt
    end if
  end subroutine scaled
end module weights_mod

subroutine defined_reads(n, m, a, b, c, v)
  use weights_mod
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n), v(m, n)
  real, intent(inout) :: b(n), c(n)
  real :: wt, wt_p, total, s
  integer :: i
  ! defined_reads:1  weights defines wt and wt_p: private, parallel
  do i = 1, n
    call weights(a(i), wt, wt_p)
    b(i) = wt * a(i) + wt_p * c(i)
  end do
  ! defined_reads:2  accumulate sets total to 0 first: private; s a sum reduction: parallel
  s = 0
  do i = 1, n
    call accumulate(v(1, i), m, total)
    c(i) = total
    s = s + total
  end do
  b(1) = s
  ! defined_reads:3  scaled reads the wt an earlier iteration left: sequential
  wt = 1
  do i = 1, n
    call scaled(a(i), wt)
    b(i) = wt
  end do
  ! defined_reads:4  weights runs only when a(i) > 0: b(i) = wt may read an earlier iteration's: sequential
  do i = 1, n
    if (a(i) > 0) call weights(a(i), wt, wt_p)
    b(i) = wt
  end do
end subroutine defined_reads
