! A work array passed whole to a callee that writes it (FV3's cvm, bounds bd%is:bd%ie): a
! callee cannot change an array that is neither ALLOCATABLE nor POINTER, only its elements.
module private_whole_calls
  type bounds_t
    integer :: is, ie
  end type
contains
  subroutine fill(is, ie, q, cpm)
    integer :: is, ie, i
    real :: q(is:ie), cpm(is:ie)
    do i = is, ie
      cpm(i) = q(i) * 2.0
    end do
  end subroutine

  subroutine refill(is, ie, q, cpm)
    integer :: is, ie, i
    real :: q(is:ie), cpm(is:ie)
    do i = is, ie
      cpm(i) = cpm(i) + q(i)
    end do
  end subroutine

  subroutine renew(cpm)
    real, allocatable :: cpm(:)
    if (allocated(cpm)) deallocate(cpm)
    allocate(cpm(4))
    cpm = 1.0
  end subroutine

  ! Written by the call in every iteration, never read here: private.
  subroutine component_bounds(bd, q, nk)
    type(bounds_t) :: bd
    integer :: nk, k
    real :: q(bd%is:bd%ie, nk)
    real :: cvm(bd%is:bd%ie)
    do k = 1, nk
      call fill(bd%is, bd%ie, q(:, k), cvm)
    end do
  end subroutine

  ! The callee reads what the previous iteration left.
  subroutine read_by_callee(bd, q, nk)
    type(bounds_t) :: bd
    integer :: nk, k
    real :: q(bd%is:bd%ie, nk)
    real :: cvm(bd%is:bd%ie)
    cvm = 0.0
    do k = 1, nk
      call refill(bd%is, bd%ie, q(:, k), cvm)
    end do
    q(:, 1) = cvm
  end subroutine

  ! An allocatable the callee reallocates: one array for every iteration.
  subroutine reallocated(nk, total)
    integer :: nk, k
    real :: total(nk)
    real, allocatable :: cvm(:)
    do k = 1, nk
      call renew(cvm)
      total(k) = sum(cvm)
    end do
  end subroutine
end module
