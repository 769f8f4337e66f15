subroutine twice(a, n)
  integer :: n, j, k
  integer :: a(300)
  do j = 1, n
    k = 2 * j
    a(k) = 1
    k = 2 * j + 1
    a(k) = 2
  end do
end subroutine twice

subroutine after_loop(b, n)
  integer :: n, j, k
  integer :: b(100), c(100)
  do j = 1, n
    k = j
    do k = 1, 3
      c(k) = 1
    end do
    b(k) = j
  end do
end subroutine after_loop

subroutine change(k)
  integer :: k
  k = 4
end subroutine change

subroutine after_call(b, n)
  integer :: n, j, k
  integer :: b(100)
  do j = 1, n
    k = j
    call change(k)
    b(k) = j
  end do
end subroutine after_call

subroutine jumped(b, n)
  integer :: n, j, k
  integer :: b(100)
  k = 1
  do j = 1, n
    if (j > 2) goto 10
    k = j
10  b(k) = j
    k = 2 * j
  end do
end subroutine jumped

subroutine value_changed(b, n)
  integer :: n, j, k, m
  integer :: b(100)
  m = 1
  do j = 1, n
    k = j + m
    m = 0
    b(k) = j
    k = 0
  end do
end subroutine value_changed
