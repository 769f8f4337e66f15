! heat_module.f90 -- explicit 2-D heat equation with the data in a MODULE.
! Shows a kind parameter dp, allocatable module arrays, a PURE and a typed
! function, a subroutine with INTENT and explicit-shape dummies holding a
! PARALLEL loop, and a main program with SELECT CASE, DO WHILE, CYCLE, EXIT.
module heat_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), allocatable :: u(:,:), unew(:,:)
!DVM$ DISTRIBUTE (BLOCK, BLOCK) :: u
!DVM$ ALIGN (I, J) WITH u(I, J) :: unew
contains
  pure real(dp) function bump(x, y)
    real(dp), intent(in) :: x, y
    bump = 16.0_dp * x * (1.0_dp - x) * y * (1.0_dp - y) * exp(-(x - 0.5_dp)**2)
  end function bump
  subroutine step(nx, ny, r, uold, unxt)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: r
    real(dp), intent(in) :: uold(nx, ny)
    real(dp), intent(inout) :: unxt(nx, ny)
    integer :: i, j
!DVM$ INHERIT uold, unxt
!DVM$ REGION IN(uold), INOUT(unxt)
!DVM$ PARALLEL (J, I) ON unxt(I, J), SHADOW_RENEW(uold)
    do j = 2, ny - 1
      do i = 2, nx - 1
        unxt(i, j) = uold(i, j) + r * (uold(i - 1, j) + uold(i + 1, j) &
                   + uold(i, j - 1) + uold(i, j + 1) - 4.0_dp * uold(i, j))
      end do
    end do
!DVM$ END REGION
  end subroutine step
  real(dp) function norm2d(nx, ny, v)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: v(nx, ny)
    real(dp) :: s
    integer :: i, j
!DVM$ INHERIT v
    s = 0.0_dp
!DVM$ ACTUAL(s)
!DVM$ REGION IN(v)
!DVM$ PARALLEL (J, I) ON v(I, J), REDUCTION(SUM(s))
    do j = 1, ny
      do i = 1, nx
        s = s + v(i, j)**2
      end do
    end do
!DVM$ END REGION
!DVM$ GET_ACTUAL(s)
    norm2d = sqrt(s / (nx * ny))
  end function norm2d
end module heat_mod
program heat
  use heat_mod
  implicit none
  integer, parameter :: NX = 48, NY = 48, NSTEPS = 400, MODE = 2
  real(dp), parameter :: TOL = 0.3_dp
  integer :: i, j, it
  real(dp) :: r, nrm
  select case (MODE)
  case (1)
    r = 0.10_dp
  case (2)
    r = 0.20_dp
  case default
    r = 0.25_dp
  end select
  allocate(u(NX, NY), unew(NX, NY))
!DVM$ REGION OUT(u, unew)
!DVM$ PARALLEL (J, I) ON u(I, J)
  do j = 1, NY
    do i = 1, NX
      u(i, j) = bump(real(i - 1, dp) / (NX - 1), real(j - 1, dp) / (NY - 1))
      unew(i, j) = u(i, j)
    end do
  end do
!DVM$ END REGION
  it = 0
  do while (it < NSTEPS)
    it = it + 2
    call step(NX, NY, r, u, unew)
    call step(NX, NY, r, unew, u)
    if (mod(it, 50) /= 0) cycle
    nrm = norm2d(NX, NY, u)
    print '(A, I5, A, ES12.5)', ' step ', it, '   rms(u) = ', nrm
    if (nrm < TOL) exit
  end do
  print *, 'HEAT done after', it, 'steps, rms(u) =', norm2d(NX, NY, u)
  deallocate(u, unew)
end program heat
