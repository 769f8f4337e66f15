! Sizes the predictor finds without --param: a module variable and a local set once from
! constants, ALLOCATE statements of known sizes, an assumed-shape dummy's actual array; and those
! it cannot: a size read at run time, one a call may change, one set twice.
module grid
  integer :: nx, ny
end module grid

program sizes
  use grid
  implicit none
  real, allocatable :: t(:,:), q(:), r(:)
  integer :: i, j, m, k, twice, dims(3), cfg(2)
  nx = 64
  ny = 2 * nx
  m = nx + 1
  read *, k
  twice = 10
  call reset(twice)
  allocate(t(0:nx, ny), q(m), r(k))
!DVM$ PARALLEL (J, I) ON t(I, J)
  do j = 1, ny
    do i = 0, nx
      t(i, j) = 0.0
    end do
  end do
!DVM$ PARALLEL (I) ON q(I)
  do i = 1, m
    q(i) = 1.0
  end do
!DVM$ PARALLEL (I) ON r(I)
  do i = 1, k
    r(i) = 2.0
  end do
!DVM$ PARALLEL (I) ON r(I)
  do i = 1, twice
    r(i) = 3.0
  end do
  dims(1) = 32
  dims(2) = dims(1) / 2
  cfg(1) = 5
  read *, cfg(2)
!DVM$ PARALLEL (J, I) ON t(I, J)
  do j = 1, dims(2)
    do i = 1, dims(1)
      t(i, j) = 4.0
    end do
  end do
!DVM$ PARALLEL (I) ON q(I)
  do i = 1, cfg(1)
    q(i) = 5.0
  end do
  call scale(q)
end program sizes

subroutine reset(n)
  integer :: n
  n = 0
end subroutine reset

subroutine scale(v)
  real :: v(:)
  integer :: i
!DVM$ PARALLEL (I) ON v(I)
  do i = 1, size(v)
    v(i) = 2 * v(i)
  end do
end subroutine scale
