! Work arrays a callee fills over a range of its own bounds (FV3's moist_cv: cvm(is:ie) and
! q_con(is:ie), q_con read where it was just written).
subroutine column(is, ie, j, k, q, q_con, cvm)
  integer, intent(in) :: is, ie, j, k
  real, intent(in) :: q(is:ie, 10, 10)
  real, intent(out) :: q_con(is:ie), cvm(is:ie)
  integer :: i
  do i = is, ie
    q_con(i) = q(i, j, k)
    cvm(i) = 1.0 - q_con(i)
  end do
end subroutine

! Reads q_con(i + 1), which it writes in the next iteration.
subroutine ahead(is, ie, j, k, q, q_con, cvm)
  integer, intent(in) :: is, ie, j, k
  real, intent(in) :: q(is:ie, 10, 10)
  real, intent(out) :: q_con(is:ie), cvm(is:ie)
  integer :: i
  do i = is, ie
    q_con(i) = q(i, j, k)
    cvm(i) = 1.0 - q_con(i + 1)
  end do
end subroutine

! Reads q_con(is - 1) after the loop: is..ie written for the caller's reads after the call,
! but what the call itself reads is not only what it wrote.
subroutine after(is, ie, j, k, q, q_con, cvm)
  integer, intent(in) :: is, ie, j, k
  real, intent(in) :: q(is:ie, 10, 10)
  real, intent(out) :: q_con(is - 1:ie), cvm(is:ie)
  integer :: i
  do i = is, ie
    q_con(i) = q(i, j, k)
    cvm(i) = q_con(i)
  end do
  cvm(is) = q_con(is - 1)
end subroutine

! Both work arrays private: each iteration's call writes them before anything reads them.
subroutine energy(is, ie, j, km, q, te)
  integer :: is, ie, j, km, k, i
  real :: q(is:ie, 10, 10), te(is:ie, km)
  real :: cvm(is:ie), qd(is:ie)
  do k = 1, km
    call column(is, ie, j, k, q, qd, cvm)
    do i = is, ie
      te(i, k) = cvm(i) * qd(i)
    end do
  end do
end subroutine

! The call reads qd(i + 1), the element the previous iteration's call left.
subroutine energy_ahead(is, ie, j, km, q, te)
  integer :: is, ie, j, km, k, i
  real :: q(is:ie, 10, 10), te(is:ie, km)
  real :: cvm(is:ie), qd(is:ie)
  qd = 0.0
  do k = 1, km
    call ahead(is, ie, j, k, q, qd, cvm)
    do i = is, ie
      te(i, k) = cvm(i)
    end do
  end do
end subroutine

! The call reads qd(is - 1), which the previous iteration set.
subroutine energy_after(is, ie, j, km, q, te)
  integer :: is, ie, j, km, k, i
  real :: q(is:ie, 10, 10), te(is:ie, km)
  real :: cvm(is:ie), qd(is - 1:ie)
  qd = 0.0
  do k = 1, km
    call after(is, ie, j, k, q, qd, cvm)
    do i = is, ie
      te(i, k) = cvm(i) + qd(i)
    end do
    qd(is - 1) = te(is, k)
  end do
end subroutine

! Sections passed (FV3's moist_cv(..., gz(is:ie), cvm(is:ie))): the dummy's first element is
! the section's start.
subroutine energy_sections(is, ie, j, km, q, te)
  integer :: is, ie, j, km, k, i
  real :: q(is:ie, 10, 10), te(is:ie, km)
  real :: cvm(is - 1:ie + 1), qd(is - 1:ie + 1)
  do k = 1, km
    call column(is, ie, j, k, q, qd(is:ie), cvm(is:ie))
    do i = is, ie
      te(i, k) = cvm(i) * qd(i)
    end do
  end do
end subroutine

! Shifted by one: cvm(is + 1:ie + 1) leaves cvm(is), which the loop reads.
subroutine energy_shifted(is, ie, j, km, q, te)
  integer :: is, ie, j, km, k, i
  real :: q(is:ie, 10, 10), te(is:ie, km)
  real :: cvm(is - 1:ie + 1), qd(is - 1:ie + 1)
  cvm = 0.0
  do k = 1, km
    call column(is, ie, j, k, q, qd(is:ie), cvm(is + 1:ie + 1))
    do i = is, ie
      te(i, k) = cvm(i)
    end do
    cvm(is) = te(is, k)
  end do
end subroutine
