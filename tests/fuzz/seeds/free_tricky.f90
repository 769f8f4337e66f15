module m
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307), n = 2**4
  real(dp), allocatable :: u(:,:)
  type point
    real(kind=dp) :: x, y
  end type point
contains
  pure elemental real(dp) function sq(x) result(r)
    real(dp), intent(in) :: x
    r = x*x
  end function sq
end module m

program p
  use m, only: dp, q => sq, n
  implicit none
  integer :: i, j, k; real(dp) :: s = 0.0_dp
  real(dp), dimension(n, n) :: a, b
  character(len=*), parameter :: msg = "semi;colon ! not a comment &"
  namelist /nl/ i, j
  !$omp parallel do private(j) reduction(+:s)
  outer: do i = 1, n
    inner: do j = 1, n, 2
      if (i == j) then
        cycle inner
      else if (i > j) then
        a(i, j) = q(real(i, dp)) + b(j:j+1, i)
      else
        exit outer
      end if
    end do inner
  end do outer
  !$omp end parallel do
!DVM$ REGION IN(b) OUT(a)
!DVM$ PARALLEL (j, i) ON a(i, j), SHADOW_RENEW(b), ACROSS(b(1:1, 2:0)), &
!DVM$& CUDA_BLOCK(32, 8)
  do concurrent (j = 1:n, i = 1:n, i /= j)
    a(i, j) = b(i - 1, j) + b(i + 1, j) * 2.0_dp ** (-3)
  end do
!DVM$ END REGION
  select case (k)
  case (1:3, 7)
    k = mod(k, 2)
  case default
    k = max(1, k, 2)
  end select
  where (a > 0) a = sqrt(a)
  forall (i = 1:n) b(i, i) = 1
  do while (s < 1.0e3_dp .and. .not. (k .eqv. 0))
    s = s + atan2(s, 1.0_dp); k = k + 1
  end do
  allocate(u(n, n)); deallocate(u)
  write (*, '(a, i0)') msg, &
    & k
contains
  subroutine inner_proc(x)
    real(dp), intent(inout) :: x(:)
    x = x + s
  end subroutine
end program p
