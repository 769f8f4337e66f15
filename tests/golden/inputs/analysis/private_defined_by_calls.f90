subroutine exact(i, j, d)
  integer :: i, j, m
  double precision :: d(5)
  do m = 1, 5
    d(m) = i + j * m
  end do
end subroutine exact

subroutine zero(d)
  double precision :: d(5)
  d = 0
  d(1) = d(2) + 1
end subroutine zero

subroutine partly(d)
  double precision :: d(5)
  integer :: m
  do m = 1, 4
    d(m) = m
  end do
end subroutine partly

subroutine reads_first(d)
  double precision :: d(5)
  integer :: m
  d(1) = d(5)
  do m = 1, 5
    d(m) = m
  end do
end subroutine reads_first

subroutine may_return(i, d)
  integer :: i, m
  double precision :: d(5)
  if (i < 0) return
  do m = 1, 5
    d(m) = m
  end do
end subroutine may_return

subroutine fill_nest(t)
  double precision :: t(0:2, 3)
  integer :: k, m
  do m = 1, 3
    do k = 0, 2
      t(k, m) = k * m
    end do
  end do
end subroutine fill_nest

subroutine by_exact(u, n)
  integer :: n, i, j, m
  double precision :: u(5, n, n), dtemp(5)
  do j = 1, n
    do i = 1, n
      call exact(i, j, dtemp)
      do m = 1, 5
        u(m, i, j) = dtemp(m)
      end do
    end do
  end do
end subroutine by_exact

subroutine by_zero(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(5)
  do j = 1, n
    call zero(dtemp)
    u(j) = dtemp(1) + dtemp(5)
  end do
end subroutine by_zero

subroutine by_nest(u, n)
  integer :: n, j
  double precision :: u(n), t(3, 3)
  do j = 1, n
    call fill_nest(t)
    u(j) = t(1, 1) + t(3, 3)
  end do
end subroutine by_nest

subroutine by_partly(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(5)
  do j = 1, n
    call partly(dtemp)
    u(j) = dtemp(5)
  end do
end subroutine by_partly

subroutine by_reads_first(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(5)
  do j = 1, n
    call reads_first(dtemp)
    u(j) = dtemp(1)
  end do
end subroutine by_reads_first

subroutine by_may_return(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(5)
  do j = 1, n
    call may_return(j, dtemp)
    u(j) = dtemp(1)
  end do
end subroutine by_may_return

subroutine by_condition(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(5)
  do j = 1, n
    if (j > 1) call exact(j, j, dtemp)
    u(j) = dtemp(1)
  end do
end subroutine by_condition

subroutine by_larger(u, n)
  integer :: n, j
  double precision :: u(n), dtemp(6)
  do j = 1, n
    call exact(j, j, dtemp)
    u(j) = dtemp(6)
  end do
end subroutine by_larger

subroutine by_inner_loop(u, n, l)
  integer :: n, j, k, l
  double precision :: u(n), dtemp(5)
  do j = 1, n
    do k = 1, l
      call exact(j, k, dtemp)
    end do
    u(j) = dtemp(1)
  end do
end subroutine by_inner_loop
