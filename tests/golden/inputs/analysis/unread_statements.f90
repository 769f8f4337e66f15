! A procedure with a statement the front end cannot read: a Cray POINTER it skips, a syntax error.
module unread_kernels
contains
  subroutine cray_kern(jl, addr)
    integer, intent(in) :: jl
    integer(kind=8), intent(in) :: addr
    real :: w(8)
    pointer(ip, w)
    ip = addr
    w(1) = w(1) + jl
  end subroutine

  subroutine bad_kern(jl, w)
    integer, intent(in) :: jl
    real :: w(8)
    w(1) = w(1) + jl +* 2
  end subroutine

  subroutine good_kern(jl, w)
    integer, intent(in) :: jl
    real :: w(8)
    w(jl) = jl
  end subroutine

  subroutine calls_bad(jl, w)
    integer, intent(in) :: jl
    real :: w(8)
    call bad_kern(jl, w)
  end subroutine
end module

subroutine ur1(n, buf)          ! calls a procedure with a Cray POINTER: sequential
  use unread_kernels
  integer :: n, i
  real :: buf(8)
  integer(kind=8) :: a
  a = loc(buf)
  do i = 1, n
    call cray_kern(i, a)
  end do
end subroutine

subroutine ur2(buf)             ! calls one with a syntax error: sequential
  use unread_kernels
  integer :: i
  real :: buf(8)
  do i = 1, 8
    call bad_kern(i, buf)
  end do
end subroutine

subroutine ur3(buf)             ! through a call in between: sequential
  use unread_kernels
  integer :: i
  real :: buf(8)
  do i = 1, 8
    call calls_bad(i, buf)
  end do
end subroutine

subroutine ur4(buf)             ! a procedure read whole: parallel
  use unread_kernels
  integer :: i
  real :: buf(8)
  do i = 1, 8
    call good_kern(i, buf)
  end do
end subroutine

subroutine ur5(buf, other)      ! its own Cray POINTER may alias buf: sequential
  integer :: i
  real :: buf(9), other(8)
  pointer(ip, other)
  ip = loc(buf)
  do i = 1, 8
    other(i) = buf(i + 1)
  end do
end subroutine
