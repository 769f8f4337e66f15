! Calls in separate IF arms touching module arrays a pointer may join: the pairs between the two
! arrays are tested once per pair of classes (the loops alone) and counted for the rest.
module pointed_state
  implicit none
  real, pointer :: p(:), q(:)
  real :: seen
contains
  subroutine set1()
    p(1) = 1.0
  end subroutine
  subroutine set2()
    p(2) = 2.0
  end subroutine
  subroutine set3()
    p(3) = 3.0
  end subroutine
  subroutine get1()
    seen = q(1)
  end subroutine
  subroutine get2()
    seen = q(2)
  end subroutine
  subroutine get3()
    seen = q(3)
  end subroutine
end module

subroutine pointed_loop(n, flags)
  use pointed_state
  integer, intent(in) :: n
  logical, intent(in) :: flags(n, 6)
  integer :: it
  do it = 1, n
    if (flags(it, 1)) then
      call set1()
    end if
    if (flags(it, 2)) then
      call set2()
    end if
    if (flags(it, 3)) then
      call set3()
    end if
    if (flags(it, 4)) then
      call get1()
    end if
    if (flags(it, 5)) then
      call get2()
    end if
    if (flags(it, 6)) then
      call get3()
    end if
  end do
end subroutine
