! A blocked loop's block number in the sections and elements passed to calls (ecrad's
! ifs_copy_inputs_to_blocked: zrgp(1:il, ifs_config%iico2:..., ib) passed to gas%get).
module blocks_cfg
  type config
    integer :: j, k
  end type config
contains
  subroutine fill(a)
    real, intent(out) :: a(:, :)
    a = 1.0
  end subroutine fill

  subroutine setone(x)
    real, intent(out) :: x
    x = 1.0
  end subroutine setone
end module blocks_cfg

subroutine in_call(z, np, ncol, nb, c)
  use blocks_cfg
  integer :: np, ncol, nb, jrl, ib
  real :: z(np, 10, nb)
  type(config) :: c
  do jrl = 1, ncol, np
    ib = (jrl - 1) / np + 1
    z(1:np, c%j, ib) = 0.0
    call fill(z(1:np, c%k:c%k+3, ib))
  end do
end subroutine in_call

subroutine element_call(x, y, np, ncol, nb)
  use blocks_cfg
  integer :: np, ncol, nb, jrl, ib
  real :: x(nb), y(nb)
  do jrl = 1, ncol, np
    ib = (jrl - 1) / np + 1
    call setone(x(ib))
    y(ib) = x(ib) + 1.0
  end do
end subroutine element_call

subroutine call_next(z, np, ncol, nb, c)
  use blocks_cfg
  integer :: np, ncol, nb, jrl, ib
  real :: z(np, 10, nb + 1)
  type(config) :: c
  do jrl = 1, ncol, np
    ib = (jrl - 1) / np + 1
    z(1, c%j, ib + 1) = 0.0
    call fill(z(1:np, c%k:c%k+3, ib))
  end do
end subroutine call_next

subroutine call_not_step(z, np, n, nb, c)
  use blocks_cfg
  integer :: np, n, nb, j, ib
  real :: z(np, 10, nb)
  type(config) :: c
  do j = 1, n, 2
    ib = (j - 1) / 4 + 1
    z(1:np, c%j, ib) = 0.0
    call fill(z(1:np, c%k:c%k+3, ib))
  end do
end subroutine call_not_step
