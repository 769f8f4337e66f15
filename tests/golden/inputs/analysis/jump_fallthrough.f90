! Scalars written after a jump forward and read before the jump's target (FV3's neg_adj3: a
! GO TO out of the inner loop to a CONTINUE at the end of the IF arm), and the jumps whose paths
! skip the write before a read.

subroutine borrow(is, ie, js, je, kbot, qv, dp)
  integer, intent(in) :: is, ie, js, je, kbot
  real, intent(inout) :: qv(is:ie, js:je, kbot)
  real, intent(in) :: dp(is:ie, js:je, kbot)
  real :: dq
  integer :: i, j, k
  do j = js, je
    do i = is, ie
      if (qv(i, j, kbot) < 0.) then
        do k = kbot-1, 1, -1
          if (qv(i, j, kbot) >= 0.) goto 123
          if (qv(i, j, k) > 0.) then
            dq = min(-qv(i, j, kbot) * dp(i, j, kbot), qv(i, j, k) * dp(i, j, k))
            qv(i, j, k) = qv(i, j, k) - dq / dp(i, j, k)
            qv(i, j, kbot) = qv(i, j, kbot) + dq / dp(i, j, kbot)
          end if
        end do
123     continue
      end if
    end do
  end do
end subroutine

subroutine skip_to_end(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: t
  integer :: j
  do j = 1, n
    if (a(j) < 0.) goto 20
    t = a(j) * 2.
    b(j) = t
20  continue
  end do
end subroutine

subroutine skip_write(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: t
  integer :: j
  t = 0.
  do j = 1, n
    if (a(j) > 0.) goto 10
    t = a(j)
10  continue
    b(j) = t
  end do
end subroutine

subroutine skip_in_arm(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  logical, intent(in) :: c
  real :: t
  integer :: j
  t = 0.
  do j = 1, n
    if (c) then
      if (a(j) > 0.) goto 10
      t = a(j)
10    continue
    end if
    b(j) = t
  end do
end subroutine

subroutine two_jumps(n, a, b)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: t
  integer :: j
  t = 0.
  do j = 1, n
    if (a(j) > -1.) then
      if (a(j) > 0.) goto 10
      t = a(j)
      if (a(j) < -5.) goto 99
10    continue
    end if
    b(j) = t
99  continue
  end do
end subroutine

subroutine computed_jump(n, m, a, b)
  integer, intent(in) :: n
  integer, intent(in) :: m(n)
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real :: t
  integer :: j
  t = 0.
  do j = 1, n
    if (a(j) > -1.) then
      if (a(j) > 0.) then
        go to (10, 20) m(j)
        t = a(j)
10      continue
      end if
      b(j) = t
20    continue
    end if
  end do
end subroutine
