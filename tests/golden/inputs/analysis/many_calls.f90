! A loop that calls many procedures touching one module array (WAVEWATCH III's w3wave calls
! tens of them over hundreds of module arrays): the dependences the calls make share one row
! per kind and direction vector, the first call named; their pairs are counted.
module many_calls_state
  implicit none
  real :: w(100)
contains
  subroutine step1(i)
    integer, intent(in) :: i
    w(i + 1) = w(i) + 1.0
  end subroutine
  subroutine step2(i)
    integer, intent(in) :: i
    w(i + 2) = w(i) + 2.0
  end subroutine
  subroutine step3(i)
    integer, intent(in) :: i
    w(i + 3) = w(i) + 3.0
  end subroutine
  subroutine step4(i)
    integer, intent(in) :: i
    w(i + 4) = w(i) + 4.0
  end subroutine
  subroutine step5(i)
    integer, intent(in) :: i
    w(i + 5) = w(i) + 5.0
  end subroutine
  subroutine step6(i)
    integer, intent(in) :: i
    w(i + 6) = w(i) + 6.0
  end subroutine
  subroutine step7(i)
    integer, intent(in) :: i
    w(i + 7) = w(i) + 7.0
  end subroutine
  subroutine step8(i)
    integer, intent(in) :: i
    w(i + 8) = w(i) + 8.0
  end subroutine
  subroutine step9(i)
    integer, intent(in) :: i
    w(i + 9) = w(i) + 9.0
  end subroutine
  subroutine step10(i)
    integer, intent(in) :: i
    w(i + 10) = w(i) + 10.0
  end subroutine
  subroutine step11(i)
    integer, intent(in) :: i
    w(i + 11) = w(i) + 11.0
  end subroutine
  subroutine step12(i)
    integer, intent(in) :: i
    w(i + 12) = w(i) + 12.0
  end subroutine
end module

subroutine time_loop(n)
  use many_calls_state
  integer, intent(in) :: n
  integer :: it
  do it = 1, n
    call step1(it)
    call step2(it)
    call step3(it)
    call step4(it)
    call step5(it)
    call step6(it)
    call step7(it)
    call step8(it)
    call step9(it)
    call step10(it)
    call step11(it)
    call step12(it)
  end do
end subroutine
