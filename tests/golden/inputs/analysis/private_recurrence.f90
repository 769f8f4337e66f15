subroutine thomas(x, xn, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), xn(n1, n2), wa(n1), wd(n1), fac
  do j = 2, n2 - 1
    wa(1) = 0.0d0
    wd(1) = x(1, j)
    do i = 2, n1 - 1
      fac = 1.0d0 / (xn(i, j) + 2.0d0 - wa(i - 1))
      wa(i) = fac
      wd(i) = (x(i, j) + wd(i - 1)) * fac
    end do
    do i = n1 - 1, 2, -1
      x(i, j) = wd(i) + wa(i) * x(i + 1, j)
    end do
  end do
end subroutine thomas

subroutine backward(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), z(n1)
  do j = 1, n2
    z(n1) = x(n1, j)
    do i = n1 - 1, 1, -1
      z(i) = x(i, j) - z(i + 1)
    end do
    do i = 1, n1
      x(i, j) = z(i)
    end do
  end do
end subroutine backward

subroutine no_start(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), wa(0:n1)
  do j = 2, n2
    do i = 2, n1
      wa(i) = wa(i - 1) + x(i, j)
    end do
    x(1, j) = wa(n1)
  end do
end subroutine no_start

subroutine two_back(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), wa(n1)
  do j = 1, n2
    wa(1) = x(1, j)
    do i = 3, n1
      wa(i) = wa(i - 2) + x(i, j)
    end do
    x(2, j) = wa(n1)
  end do
end subroutine two_back

subroutine two_back_ok(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), wa(n1)
  do j = 1, n2
    wa(1) = x(1, j)
    wa(2) = x(2, j)
    do i = 3, n1
      wa(i) = wa(i - 2) + x(i, j)
    end do
    do i = 1, n1
      x(i, j) = wa(i)
    end do
  end do
end subroutine two_back_ok

subroutine forward_read(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), wa(n1 + 1)
  do j = 1, n2
    wa(1) = x(1, j)
    do i = 1, n1
      wa(i) = wa(i + 1) + x(i, j)
    end do
    x(2, j) = wa(1)
  end do
end subroutine forward_read

subroutine guarded(x, n1, n2)
  integer :: n1, n2, i, j
  double precision :: x(n1, n2), wa(n1)
  do j = 1, n2
    wa(1) = x(1, j)
    do i = 2, n1
      if (x(i, j) > 0) wa(i) = wa(i - 1) + x(i, j)
    end do
    x(2, j) = wa(n1)
  end do
end subroutine guarded

subroutine stale_start(x, n2)
  integer :: n2, i, j, m
  double precision :: x(8, n2), wa(8, 4)
  do j = 1, n2
    do m = 1, 3
      x(m, j) = x(m, j) * 2
    end do
    wa(1, m) = x(1, j)
    do m = 1, 4
      do i = 2, 8
        wa(i, m) = wa(i - 1, m) + x(i, j)
      end do
    end do
    x(1, j) = wa(8, 2)
  end do
end subroutine stale_start
