! Callees that fill a work array in every arm of a SELECT CASE or IF (FV3's moist_cv), and
! calls under an IF whose results are read in the same arm.
module arm_range_calls
contains
  subroutine by_kind(is, ie, nwat, q, cvm, t1)
    integer, intent(in) :: is, ie, nwat
    real, intent(in) :: q(is:ie)
    real, intent(out) :: cvm(is:ie)
    real, intent(in), optional :: t1(is:ie)
    integer :: i
    select case (nwat)
    case (2)
      if (present(t1)) then
        do i = is, ie
          cvm(i) = q(i) * t1(i)
        end do
      else
        do i = is, ie
          cvm(i) = q(i)
        end do
      end if
    case default
      do i = is, ie
        cvm(i) = 1.0
      end do
    end select
  end subroutine

  ! No CASE DEFAULT: nwat = 3 leaves cvm as it was.
  subroutine no_default(is, ie, nwat, q, cvm)
    integer, intent(in) :: is, ie, nwat
    real, intent(in) :: q(is:ie)
    real, intent(out) :: cvm(is:ie)
    integer :: i
    select case (nwat)
    case (2)
      do i = is, ie
        cvm(i) = q(i)
      end do
    case (4)
      do i = is, ie
        cvm(i) = 2.0 * q(i)
      end do
    end select
  end subroutine

  ! One arm leaves the last element.
  subroutine short_arm(is, ie, nwat, q, cvm)
    integer, intent(in) :: is, ie, nwat
    real, intent(in) :: q(is:ie)
    real, intent(out) :: cvm(is:ie)
    integer :: i
    if (nwat == 2) then
      do i = is, ie - 1
        cvm(i) = 2.0 * q(i)
      end do
    else
      do i = is, ie
        cvm(i) = q(i)
      end do
    end if
  end subroutine

  subroutine filled(is, ie, km, nwat, q, te)
    integer :: is, ie, km, nwat, k, i
    real :: q(is:ie, km), te(is:ie, km)
    real :: cvm(is:ie)
    ! cvm private: every arm of by_kind fills is..ie.
    do k = 1, km
      call by_kind(is, ie, nwat, q(:, k), cvm)
      do i = is, ie
        te(i, k) = cvm(i)
      end do
    end do
  end subroutine

  subroutine guarded(is, ie, km, nwat, q, te, moist)
    integer :: is, ie, km, nwat, k, i
    real :: q(is:ie, km), te(is:ie, km)
    logical :: moist
    real :: cvm(is:ie)
    ! The call and the read under one IF: private.
    do k = 1, km
      if (moist) then
        call by_kind(is, ie, nwat, q(:, k), cvm)
        do i = is, ie
          te(i, k) = te(i, k) + cvm(i)
        end do
      end if
    end do
  end subroutine

  subroutine read_outside(is, ie, km, nwat, q, te, moist)
    integer :: is, ie, km, nwat, k, i
    real :: q(is:ie, km), te(is:ie, km)
    logical :: moist
    real :: cvm(is:ie)
    cvm = 0.0
    ! The read after the IF: when moist is false, the previous iteration's cvm.
    do k = 1, km
      if (moist) then
        call by_kind(is, ie, nwat, q(:, k), cvm)
      end if
      do i = is, ie
        te(i, k) = te(i, k) * cvm(i)
      end do
    end do
  end subroutine

  subroutine without_default(is, ie, km, nwat, q, te)
    integer :: is, ie, km, nwat, k, i
    real :: q(is:ie, km), te(is:ie, km)
    real :: cvm(is:ie)
    cvm = 0.0
    ! No CASE DEFAULT: sequential.
    do k = 1, km
      call no_default(is, ie, nwat, q(:, k), cvm)
      do i = is, ie
        te(i, k) = cvm(i)
      end do
    end do
  end subroutine

  subroutine one_short(is, ie, km, nwat, q, te)
    integer :: is, ie, km, nwat, k, i
    real :: q(is:ie, km), te(is:ie, km)
    real :: cvm(is:ie)
    cvm = 0.0
    ! An arm one short: cvm(ie) may be the previous iteration's: sequential.
    do k = 1, km
      call short_arm(is, ie, nwat, q(:, k), cvm)
      do i = is, ie
        te(i, k) = cvm(i)
      end do
    end do
  end subroutine
end module
