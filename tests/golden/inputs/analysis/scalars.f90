! Scalars in loops: private temporaries, values carried between iterations, inductions, values
! used after the loop.
subroutine scalars(n, a, b)
  integer, intent(in) :: n
  real :: a(n), b(n)
  real :: t, u, v, w, x, y
  integer :: i, k
  do i = 1, n
    t = a(i) * 2
    b(i) = t + 1
  end do
  do i = 1, n
    b(i) = u
    u = a(i)
  end do
  do i = 1, n
    if (a(i) > 0) v = a(i)
    b(i) = v
  end do
  do i = 1, n
    if (a(i) > 0) then
      w = a(i)
    else
      w = -a(i)
    end if
    b(i) = w
  end do
  k = 0
  do i = 1, n
    k = k + 2
    b(k) = a(i)
  end do
  do i = 1, n
    x = a(i)
    b(i) = x
  end do
  print *, x
  do i = 1, n
    y = y + a(i)
    b(i) = y
  end do
  do i = 1, n
    if (a(i) > 0) then
      t = a(i)
    end if
    b(i) = a(i)
  end do
end subroutine scalars
