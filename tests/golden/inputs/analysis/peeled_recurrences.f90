! Work arrays filled by a recurrence over a loop that is not the innermost (phiz(i, k) from
! phiz(i, k+1) in DO k around DO i), and read over a range one write covers but for a few values
! at its ends (c(i, k+1) for k = 1..n-1 after c(i, 2..n-1) and c(i, n)): FV3's and MOM6's shapes.
! Written for tests/golden/analysis_peeled_recurrences.test.

! Parallel: the recurrence's first iteration reads phiz(i, km+1), written before the DO k; the
! reads after it take k+1 = km+1 apart.
subroutine outer_recurrence(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
      end do
    end do
    do k = 1, km
      do i = is, ie
        te(i, j) = te(i, j) + 0.5*(phiz(i, k) + phiz(i, k+1))
      end do
    end do
  end do
end subroutine

! Parallel: a rising recurrence (pe(i, k) from pe(i, k-1)); pe(i, k) read for k = 1..km+1, k = 1
! taken apart (pe(i, 1) = ptop).
subroutine rising_recurrence(is, ie, js, je, km, ptop, dp, pk)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: ptop, dp(is:ie, js:je, km)
  real, intent(out) :: pk(is:ie, js:je, km+1)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      pe(i, 1) = ptop
    end do
    do k = 2, km+1
      do i = is, ie
        pe(i, k) = pe(i, k-1) + dp(i, j, k-1)
      end do
    end do
    do k = 1, km+1
      do i = is, ie
        pk(i, j, k) = log(pe(i, k))
      end do
    end do
  end do
end subroutine

! Parallel: c(i, 2..n-1) by a loop and c(i, n) by itself (MOM6's tracer_vertdiff); c(i, k+1)
! read for k = n-1 down to 1, k = n-1 taken apart.
subroutine peeled_high_end(is, ie, js, je, n, eb, b, tr)
  integer, intent(in) :: is, ie, js, je, n
  real, intent(in) :: eb(is:ie, js:je, n), b(is:ie)
  real, intent(inout) :: tr(is:ie, js:je, n)
  real :: c(is:ie, n)
  integer :: i, j, k
  do j = js, je
    do k = 2, n-1
      do i = is, ie
        c(i, k) = eb(i, j, k-1)*b(i)
      end do
    end do
    do i = is, ie
      c(i, n) = eb(i, j, n-1)*b(i)
    end do
    do k = n-1, 1, -1
      do i = is, ie
        tr(i, j, k) = tr(i, j, k) + c(i, k+1)*tr(i, j, k+1)
      end do
    end do
  end do
end subroutine

! Parallel: w(i, 1) and w(i, n) by themselves, w(i, 2..n-1) by a loop, w(i, k) read for k = 1..n.
subroutine peeled_both_ends(is, ie, js, je, n, a, s)
  integer, intent(in) :: is, ie, js, je, n
  real, intent(in) :: a(is:ie, js:je, n)
  real, intent(out) :: s(is:ie, js:je)
  real :: w(is:ie, n)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      w(i, 1) = a(i, j, 1)
      w(i, n) = a(i, j, n)
    end do
    do k = 2, n-1
      do i = is, ie
        w(i, k) = 0.5*a(i, j, k)
      end do
    end do
    do i = is, ie
      s(i, j) = 0.
    end do
    do k = 1, n
      do i = is, ie
        s(i, j) = s(i, j) + w(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: the recurrence's first iteration reads phiz(i, km+1), which nothing wrote.
subroutine boundary_missing(is, ie, js, je, km, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
      end do
    end do
    do k = 1, km
      do i = is, ie
        te(i, j) = te(i, j) + phiz(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: phiz(i, km+1) written for i = is+1..ie only; phiz(is, km+1) is the last j's.
subroutine boundary_narrower(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is+1, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
      end do
    end do
    do k = 1, km
      do i = is, ie
        te(i, j) = te(i, j) + phiz(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: the i range grows as k falls (i <= ie-k): phiz(ie-k, k+1) was not written by the
! iteration k+1.
subroutine range_grows(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie-k
        phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
        te(i, j) = te(i, j) + phiz(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: the recurrence's write is under an IF: where it is false, phiz(i, k) keeps the last
! j's value, which the next k reads.
subroutine recurrence_under_if(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        if (delz(i, j, k) > 0.) then
          phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
          te(i, j) = te(i, j) + phiz(i, k)
        end if
      end do
    end do
  end do
end subroutine

! Sequential: a CYCLE may skip the recurrence's write.
subroutine recurrence_cycled(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      if (delz(is, j, k) < 0.) cycle
      do i = is, ie
        phiz(i, k) = phiz(i, k+1) - 9.8*delz(i, j, k)
      end do
    end do
    do k = 1, km
      do i = is, ie
        te(i, j) = te(i, j) + phiz(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: distance 2 (phiz(i, k+2)) needs phiz(i, km+1) and phiz(i, km+2); only the first
! is written.
subroutine distance_two(is, ie, js, je, km, hs, delz, te)
  integer, intent(in) :: is, ie, js, je, km
  real, intent(in) :: hs(is:ie, js:je), delz(is:ie, js:je, km)
  real, intent(inout) :: te(is:ie, js:je)
  real :: phiz(is:ie, km+2)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      phiz(i, km+1) = hs(i, j)
    end do
    do k = km, 1, -1
      do i = is, ie
        phiz(i, k) = phiz(i, k+2) - 9.8*delz(i, j, k)
      end do
    end do
    do k = 1, km
      do i = is, ie
        te(i, j) = te(i, j) + phiz(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: c(i, n) is not written: the read c(i, k+1) at k = n-1 sees the last j's.
subroutine peeled_piece_missing(is, ie, js, je, n, eb, b, tr)
  integer, intent(in) :: is, ie, js, je, n
  real, intent(in) :: eb(is:ie, js:je, n), b(is:ie)
  real, intent(inout) :: tr(is:ie, js:je, n)
  real :: c(is:ie, n)
  integer :: i, j, k
  do j = js, je
    do k = 2, n-1
      do i = is, ie
        c(i, k) = eb(i, j, k-1)*b(i)
      end do
    end do
    do k = n-1, 1, -1
      do i = is, ie
        tr(i, j, k) = tr(i, j, k) + c(i, k+1)*tr(i, j, k+1)
      end do
    end do
  end do
end subroutine

! Sequential: w(i, 4..n) by a loop, w(i, 1) and w(i, 2) by themselves: w(i, 3) is missing.
subroutine peeled_gap(is, ie, js, je, n, a, s)
  integer, intent(in) :: is, ie, js, je, n
  real, intent(in) :: a(is:ie, js:je, n)
  real, intent(out) :: s(is:ie, js:je)
  real :: w(is:ie, n)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      w(i, 1) = a(i, j, 1)
      w(i, 2) = a(i, j, 2)
    end do
    do k = 4, n
      do i = is, ie
        w(i, k) = 0.5*a(i, j, k)
      end do
    end do
    do i = is, ie
      s(i, j) = 0.
    end do
    do k = 1, n
      do i = is, ie
        s(i, j) = s(i, j) + w(i, k)
      end do
    end do
  end do
end subroutine

! Sequential: the end taken apart, w(i, n), is written under an IF.
subroutine peeled_piece_guarded(is, ie, js, je, n, a, s)
  integer, intent(in) :: is, ie, js, je, n
  real, intent(in) :: a(is:ie, js:je, n)
  real, intent(out) :: s(is:ie, js:je)
  real :: w(is:ie, n)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      if (a(i, j, n) > 0.) w(i, n) = a(i, j, n)
    end do
    do k = 1, n-1
      do i = is, ie
        w(i, k) = 0.5*a(i, j, k)
      end do
    end do
    do i = is, ie
      s(i, j) = 0.
    end do
    do k = 1, n
      do i = is, ie
        s(i, j) = s(i, j) + w(i, k)
      end do
    end do
  end do
end subroutine

! The first level set, the others by a loop, alike in both arms of an IF (FV3's riem_solver3:
! peln2 under IF (use_cond) and its ELSE); then every level read.
subroutine peeled_in_arms(is, ie, js, je, km, use_cond, delp, pk)
  integer :: is, ie, js, je, km
  logical :: use_cond
  real :: delp(is:ie, js:je, km), pk(is:ie, js:je, km+1)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    if (use_cond) then
      do i = is, ie
        pe(i, 1) = 1.
      end do
      do k = 2, km+1
        do i = is, ie
          pe(i, k) = delp(i, j, k-1)
        end do
      end do
    else
      do i = is, ie
        pe(i, 1) = 2.
      end do
      do k = 2, km+1
        do i = is, ie
          pe(i, k) = 2.*delp(i, j, k-1)
        end do
      end do
    end if
    do k = 1, km+1
      do i = is, ie
        pk(i, j, k) = pe(i, k)
      end do
    end do
  end do
end subroutine

! The same, the ELSE arm's loop one level short: pe(i, km+1) unset on that path.
subroutine peeled_arm_short(is, ie, js, je, km, use_cond, delp, pk)
  integer :: is, ie, js, je, km
  logical :: use_cond
  real :: delp(is:ie, js:je, km), pk(is:ie, js:je, km+1)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    if (use_cond) then
      do i = is, ie
        pe(i, 1) = 1.
      end do
      do k = 2, km+1
        do i = is, ie
          pe(i, k) = delp(i, j, k-1)
        end do
      end do
    else
      do i = is, ie
        pe(i, 1) = 2.
      end do
      do k = 2, km
        do i = is, ie
          pe(i, k) = 2.*delp(i, j, k-1)
        end do
      end do
    end if
    do k = 1, km+1
      do i = is, ie
        pk(i, j, k) = pe(i, k)
      end do
    end do
  end do
end subroutine

! The loop in one arm only (no ELSE): the levels above the first may stay unset.
subroutine peeled_arm_missing(is, ie, js, je, km, use_cond, delp, pk)
  integer :: is, ie, js, je, km
  logical :: use_cond
  real :: delp(is:ie, js:je, km), pk(is:ie, js:je, km+1)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      pe(i, 1) = 1.
    end do
    if (use_cond) then
      do k = 2, km+1
        do i = is, ie
          pe(i, k) = delp(i, j, k-1)
        end do
      end do
    end if
    do k = 1, km+1
      do i = is, ie
        pk(i, j, k) = pe(i, k)
      end do
    end do
  end do
end subroutine

! The ELSE arm's loop leaves column is unset.
subroutine peeled_arm_narrow(is, ie, js, je, km, use_cond, delp, pk)
  integer :: is, ie, js, je, km
  logical :: use_cond
  real :: delp(is:ie, js:je, km), pk(is:ie, js:je, km+1)
  real :: pe(is:ie, km+1)
  integer :: i, j, k
  do j = js, je
    if (use_cond) then
      do i = is, ie
        pe(i, 1) = 1.
      end do
      do k = 2, km+1
        do i = is, ie
          pe(i, k) = delp(i, j, k-1)
        end do
      end do
    else
      do i = is, ie
        pe(i, 1) = 2.
      end do
      do k = 2, km+1
        do i = is+1, ie
          pe(i, k) = 2.*delp(i, j, k-1)
        end do
      end do
    end if
    do k = 1, km+1
      do i = is, ie
        pk(i, j, k) = pe(i, k)
      end do
    end do
  end do
end subroutine
