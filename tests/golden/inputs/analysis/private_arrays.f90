! Work arrays each iteration writes before it reads them (private to the iteration), and
! look-alikes that are not.
subroutine work(a, b, n)
  integer, parameter :: m = 4
  integer :: n, i, k
  real :: a(n, m), b(n), w(m)
  do i = 1, n
    do k = 1, m
      w(k) = a(i, k) * 2
    end do
    b(i) = w(1) + w(m)
  end do
end subroutine work

subroutine elements(a, b, n)
  integer :: n, i
  real :: a(n, 2), b(n), t(2)
  do i = 1, n
    t(1) = a(i, 1)
    t(2) = a(i, 2)
    b(i) = t(1) * t(2)
  end do
end subroutine elements

subroutine time_loop(a, b, n)
  integer :: n, i, it
  real :: a(n), b(n), w(1)
  do it = 1, 10
    do i = 1, n
      w(1) = a(i)
      b(i) = w(1) * 2
    end do
  end do
end subroutine time_loop

subroutine partial(a, b, n)
  integer, parameter :: m = 4
  integer :: n, i, k
  real :: a(n, m), b(n), w(m)
  w(m) = 0
  do i = 1, n
    do k = 1, m - 1
      w(k) = a(i, k)
    end do
    b(i) = w(1) + w(m)
  end do
end subroutine partial

subroutine shifted(a, b, n)
  integer, parameter :: m = 4
  integer :: n, i, k
  real :: a(n, m), b(n), w(m + 1)
  w(m + 1) = 0
  do i = 1, n
    do k = 1, m
      w(k) = a(i, k)
    end do
    do k = 1, m
      b(i) = b(i) + w(k + 1)
    end do
  end do
end subroutine shifted

subroutine conditional(a, b, n)
  integer :: n, i
  real :: a(n), b(n), w(1)
  w(1) = 0
  do i = 1, n
    if (a(i) > 0) w(1) = a(i)
    b(i) = w(1)
  end do
end subroutine conditional

subroutine accumulated(a, b, n)
  integer :: n, i
  real :: a(n), b(n), w(1)
  w(1) = 0
  do i = 1, n
    w(1) = w(1) + a(i)
    b(i) = w(1)
  end do
end subroutine accumulated

subroutine live(a, b, n)
  integer :: n, i
  real :: a(n), b(n), w(1)
  do i = 1, n
    w(1) = a(i)
    b(i) = w(1)
  end do
  print *, w(1)
end subroutine live

subroutine dummy(a, b, w, n)
  integer :: n, i
  real :: a(n), b(n), w(1)
  do i = 1, n
    w(1) = a(i)
    b(i) = w(1)
  end do
end subroutine dummy

subroutine saved(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  real, save :: w(1)
  do i = 1, n
    w(1) = a(i)
    b(i) = w(1)
  end do
end subroutine saved

subroutine carried(a, b, n)
  integer :: n, j
  real :: a(n), b(n), w(0:n)
  w(0) = 0
  do j = 1, n
    w(j) = a(j)
    b(j) = w(j - 1)
  end do
end subroutine carried

subroutine elements3(a, b, n)
  integer :: n, i, k
  real :: a(n, 3), b(n), d(3)
  do i = 1, n
    d(1) = a(i, 1)
    d(2) = a(i, 2) * 2
    d(3) = a(i, 3) * 3
    do k = 1, 3
      b(i) = b(i) + d(k)
    end do
  end do
end subroutine elements3

subroutine element_gap(a, b, n)
  integer :: n, i, k
  real :: a(n, 3), b(n), d(3)
  d(2) = 0
  do i = 1, n
    d(1) = a(i, 1)
    d(3) = a(i, 3) * 3
    do k = 1, 3
      b(i) = b(i) + d(k)
    end do
  end do
end subroutine element_gap

subroutine element_table(a, b, n)
  integer :: n, i, k, m
  real :: a(n), b(n), t(2, 2)
  do i = 1, n
    t(1, 1) = a(i)
    t(2, 1) = a(i) + 1
    t(1, 2) = a(i) + 2
    if (a(i) > 0) t(2, 2) = a(i) + 3
    t(2, 2) = a(i) + 4
    do k = 1, 2
      do m = 1, 2
        b(i) = b(i) + t(m, k)
      end do
    end do
  end do
end subroutine element_table
