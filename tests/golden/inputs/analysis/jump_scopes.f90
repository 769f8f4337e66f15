! A GO TO makes the writes after it uncertain only until control leaves the block its targets are
! in (ecwam's create_bathy: GOTO 2222 from a DO I to the end of the DO J around it).
subroutine jump_in_inner(n, m, a, b)
  integer :: n, m, i, j, k
  real :: a(n, m), b(n), t, s
  do i = 1, n
    s = 0.0
    do j = 1, m
      if (a(i, j) < 0.0) goto 10
      s = s + a(i, j)
10    continue
      s = s * 0.5
    end do
    t = s
    b(i) = t
  end do
end
subroutine jump_over_write(n, m, a, b)
  integer :: n, m, i, j
  real :: a(n, m), b(n), t
  do i = 1, n
    if (a(i, 1) < 0.0) goto 20
    t = a(i, 2)
20  continue
    b(i) = t
  end do
end
subroutine jump_out_of_arm(n, a, b)
  integer :: n, i
  real :: a(n), b(n), t
  do i = 1, n
    if (a(i) > 0.0) then
      if (a(i) > 1.0) goto 30
      b(i) = 1.0
30    continue
    end if
    t = a(i)
    b(i) = b(i) + t
  end do
end
subroutine jump_past_arm(n, a, b)
  integer :: n, i
  real :: a(n), b(n), t
  do i = 1, n
    if (a(i) > 0.0) then
      if (a(i) > 1.0) goto 40
      b(i) = 1.0
    end if
    t = a(i)
40  continue
    b(i) = b(i) + t
  end do
end
