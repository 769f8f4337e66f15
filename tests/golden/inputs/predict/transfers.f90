! Copies between host and device as the DVMH runtime makes them (tests/golden/predict_transfers.test).
program transfers
  implicit none
  integer, parameter :: n = 1000, steps = 50
  real(8) :: u(n), v(n), s
  integer :: i, it
  u = 1.0d0
  v = 0.0d0
!DVM$ REGION IN(u), OUT(v)
!DVM$ PARALLEL (i) ON v(i)
  do i = 1, n
    v(i) = 2 * u(i)
  end do
!DVM$ END REGION
  do it = 1, steps
!DVM$ REGION INOUT(v), IN(u)
!DVM$ PARALLEL (i) ON v(i)
    do i = 1, n
      v(i) = v(i) + u(i)
    end do
!DVM$ END REGION
!DVM$ GET_ACTUAL(v)
    print *, it, v(1)
    u(1) = it
!DVM$ ACTUAL(u)
  end do
!DVM$ REGION INOUT(v)
!DVM$ PARALLEL (i) ON v(i)
  do i = 1, n
    v(i) = v(i) * 0.5d0
  end do
!DVM$ END REGION
  call report(v)
  s = 0
  do i = 1, n
    s = s + v(i)
  end do
  print *, s
end program transfers

subroutine report(x)
  implicit none
  real(8) :: x(1000)
  print *, x(1)
end subroutine report
