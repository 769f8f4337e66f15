! Storage association: EQUIVALENCE, COMMON blocks declared differently in different procedures,
! POINTER and TARGET. Two names of one storage make a dependence the names alone do not show.
subroutine shifted
  real :: a(100), b(100)
  equivalence (a(1), b(2))
  integer :: i
  do i = 1, 99
    a(i) = b(i) + 1
  end do
end subroutine shifted

subroutine aligned
  real :: a(100), b(100)
  equivalence (a(1), b(1))
  integer :: i
  do i = 1, 100
    a(i) = b(i) + 1
  end do
end subroutine aligned

subroutine apart
  real :: a(100), b(100), c(100)
  equivalence (a(1), b(1))
  integer :: i
  do i = 1, 100
    c(i) = a(i) * 2
  end do
end subroutine apart

subroutine columns
  real :: m(10, 20), v(200)
  equivalence (m(1, 1), v(1))
  integer :: j
  do j = 1, 20
    m(1, j) = v(j)
  end do
end subroutine columns

subroutine element_alias
  real :: a(10), x, y
  equivalence (x, a(3))
  integer :: i
  do i = 1, 10
    a(i) = 1
    y = x
  end do
  print *, y
end subroutine element_alias

subroutine private_alias(c, n)
  integer :: n, i
  real :: c(n), x, z
  equivalence (x, z)
  do i = 1, n
    x = c(i)
    c(i) = x * x
  end do
end subroutine private_alias

subroutine other_layout
  real :: a(100)
  common /c/ a
  integer :: i
  do i = 1, 99
    a(i) = next(i)
  end do
end subroutine other_layout

real function next(i)
  integer :: i
  real :: z(100)
  common /c/ z
  next = z(i + 1)
end function next

subroutine disjoint_layout
  real :: p(50), q(50)
  common /d/ p, q
  integer :: i
  do i = 1, 50
    p(i) = second(i)
  end do
end subroutine disjoint_layout

real function second(i)
  integer :: i
  real :: r(50), s(50)
  common /d/ r, s
  second = s(i)
end function second

subroutine pointed(n)
  integer :: n, i
  real, target :: a(100)
  real, pointer :: p(:)
  p => a(2:100)
  do i = 1, 50
    p(i) = a(i)
  end do
end subroutine pointed

subroutine not_a_target(n)
  integer :: n, i
  real :: b(100)
  real, pointer :: p(:)
  allocate (p(100))
  do i = 1, 99
    p(i) = b(i + 1)
  end do
end subroutine not_a_target
