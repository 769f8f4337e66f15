! Arguments that alias through a call: elements of one array passed to two dummies, keyword
! arguments, a host variable an internal procedure writes, statement functions whose bodies
! read what the loop writes.
subroutine copy(x, y)
  real :: x, y
  y = x
end subroutine copy

subroutine scale(x)
  real :: x
  x = 2 * x
end subroutine scale

subroutine shift_up(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n - 1
    call copy(a(i), a(i + 1))
  end do
end subroutine shift_up

subroutine shift_down(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n - 1
    call copy(a(i + 1), a(i))
  end do
end subroutine shift_down

subroutine by_keyword(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n - 1
    call copy(y=a(i + 1), x=a(i))
  end do
end subroutine by_keyword

subroutine two_arrays(a, b, n)
  integer :: n, i
  real :: a(n), b(n)
  do i = 1, n
    call copy(a(i), b(i))
  end do
end subroutine two_arrays

subroutine in_place(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n
    call scale(a(i))
  end do
end subroutine in_place

subroutine host_written(a, n)
  integer :: n, i
  real :: a(n), last
  do i = 1, n
    call remember(a(i))
  end do
  a(1) = last
contains
  subroutine remember(x)
    real :: x
    last = x
  end subroutine remember
end subroutine host_written

subroutine statement_scalar(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t, f, x
  f(x) = x + t
  t = 0
  do i = 1, n
    b(i) = f(1.0)
    t = a(i)
  end do
end subroutine statement_scalar

subroutine statement_array(a, n)
  integer :: n, i, k
  real :: a(n), g
  g(k) = a(k + 1)
  do i = 1, n - 1
    a(i) = g(i)
  end do
end subroutine statement_array

subroutine statement_pure(a, b, n)
  integer :: n, i
  real :: a(n), b(n), h, x, w
  h(x) = 2 * x + w
  w = 1
  do i = 1, n
    b(i) = h(a(i))
  end do
end subroutine statement_pure
