! Arrays every iteration adds into (array reductions), and look-alikes that are not.
subroutine rms_norm(u, rms, n)
  integer :: n, i, m
  real(8) :: u(5, n), rms(5)
  do i = 1, n
    do m = 1, 5
      rms(m) = rms(m) + u(m, i) ** 2
    end do
  end do
end subroutine rms_norm

subroutine histogram(idx, h, n)
  integer :: n, i, idx(n), h(10)
  do i = 1, n
    h(idx(i)) = h(idx(i)) + 1
  end do
end subroutine histogram

subroutine column_max(u, vmax, n)
  integer :: n, i, m
  real :: u(5, n), vmax(5)
  do i = 1, n
    do m = 1, 5
      vmax(m) = max(vmax(m), u(m, i))
    end do
  end do
end subroutine column_max

subroutine read_elsewhere(u, s, w, n)
  integer :: n, i
  real :: u(n), s(2), w(n)
  do i = 1, n
    s(1) = s(1) + u(i)
    w(i) = s(1)
  end do
end subroutine read_elsewhere

subroutine mixed(u, s, n)
  integer :: n, i
  real :: u(n), s(2)
  do i = 1, n
    s(1) = s(1) + u(i)
    s(1) = s(1) * 2
  end do
end subroutine mixed

subroutine guarded_by_itself(u, s, n)
  integer :: n, i
  real :: u(n), s(2)
  do i = 1, n
    if (s(2) > 0) s(1) = s(1) + u(i)
  end do
end subroutine guarded_by_itself

subroutine subtracted(u, s, n)
  integer :: n, i
  real :: u(n), s(2)
  do i = 1, n
    s(1) = u(i) - s(1)
  end do
end subroutine subtracted
