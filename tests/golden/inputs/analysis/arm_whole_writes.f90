! Work arrays set whole in every arm of a construct (TeaLeaf's tea_leaf_init_common: WHERE ...
! ELSEWHERE into zero_boundary in a loop over tiles). One subroutine per case, so that no
! case reads what another leaves.
subroutine where_elsewhere(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! where_elsewhere:1  WHERE ... ELSEWHERE: zb set whole: private, parallel
  do t = 1, n
    where (nb(:, t) == 1)
      zb = .true.
    elsewhere
      zb = .false.
    end where
    do i = 1, m
      if (zb(1)) b(i, t) = a(i, t)
    end do
  end do
end subroutine where_elsewhere

subroutine if_else(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! if_else:1  IF ... ELSE, w set whole in both arms: private, parallel
  do t = 1, n
    if (nb(1, t) > 0) then
      w = a(:, t)
    else
      w = 0
    end if
    b(:, t) = w
  end do
end subroutine if_else

subroutine where_masked_elsewhere(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! where_masked_elsewhere:1  ELSEWHERE (a mask): incomplete, some zb may keep an earlier tile's value: sequential
  do t = 1, n
    where (nb(:, t) == 1)
      zb = .true.
    elsewhere (nb(:, t) == 2)
      zb = .false.
    end where
    if (zb(1)) b(1, t) = 0
  end do
end subroutine where_masked_elsewhere

subroutine if_without_else(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! if_without_else:1  IF without ELSE: sequential
  do t = 1, n
    if (nb(1, t) > 0) then
      w = a(:, t)
    end if
    b(:, t) = w
  end do
end subroutine if_without_else

subroutine cycle_in_arm(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! cycle_in_arm:1  a CYCLE may skip the arm's write: sequential
  do t = 1, n
    if (nb(1, t) > 0) then
      if (nb(2, t) > 0) cycle
      w = a(:, t)
    else
      w = 0
    end if
    b(:, t) = w
  end do
end subroutine cycle_in_arm

subroutine read_in_arm(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! read_in_arm:1  the ELSE arm reads w before it sets it: sequential
  do t = 1, n
    if (nb(1, t) > 0) then
      w = a(:, t)
    else
      b(:, t) = w
      w = 0
    end if
    b(1, t) = w(1)
  end do
end subroutine read_in_arm

subroutine write_in_loop(n, m, nb, a, b)
  implicit none
  integer, intent(in) :: n, m
  integer, intent(in) :: nb(4, n)
  real, intent(in) :: a(m, n)
  real, intent(inout) :: b(m, n)
  logical :: zb(4)
  real :: w(m)
  integer :: t, i
  ! write_in_loop:1  the ELSE arm sets w inside a loop that may not run: sequential
  do t = 1, n
    if (nb(1, t) > 0) then
      w = a(:, t)
    else
      do i = 1, nb(2, t)
        w = 0
      end do
    end if
    b(:, t) = w
  end do
end subroutine write_in_loop
