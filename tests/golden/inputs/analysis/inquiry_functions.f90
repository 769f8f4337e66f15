! Inquiry functions (F2018 16.7) look at their arguments' properties, not their values: TINY(a)
! or EPSILON(a) reads no element of a, though a loop writes a element by element (RTE+RRTMGP's
! interpolation compares col_mix(...) with 2 * tiny(col_mix)). A transformational function
! (MAXVAL) reads every element.
subroutine inquiry_functions(col, gas, tau, ssa, eta, n, m)
  integer, parameter :: wp = kind(1.0d0)
  integer :: n, m, i, j
  real(wp) :: col(2, n), gas(n), tau(n), ssa(n), eta(n)
  do i = 1, n
    do j = 1, 2
      col(j, i) = gas(i) * real(j, wp)
      if (col(j, i) > 2.0_wp * tiny(col)) then
        eta(i) = gas(i) / col(j, i)
      else
        eta(i) = 0.5_wp
      end if
    end do
  end do
  do i = 1, n
    tau(i) = gas(i) * 2.0_wp
    ssa(i) = gas(i) / max(epsilon(tau), tau(i)) + real(size(tau), wp) * huge(ssa) * 0.0_wp
  end do
  do i = 1, m
    tau(i) = gas(i) * 2.0_wp
    ssa(i) = gas(i) / maxval(tau)
  end do
end subroutine inquiry_functions
