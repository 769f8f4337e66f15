! Other names for a variable: NAMELIST groups, ASSOCIATE names, BLOCK declarations, POINTER
! components, and names a module that was not loaded may provide.
module holders
  type holder
    real, pointer :: p(:) => null()
  end type holder
end module holders

subroutine namelist_out(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  namelist /results/ t
  do i = 1, n
    t = a(i)
    b(i) = t
  end do
  write (*, nml=results)
end subroutine namelist_out

subroutine associated_scalar(a, n, s)
  integer :: n, i
  real :: a(n), s
  associate (acc => s)
    do i = 1, n
      a(i) = s
      acc = a(i) + 1
    end do
  end associate
end subroutine associated_scalar

subroutine associated_read(a, n, s)
  integer :: n, i
  real :: a(n), s
  associate (scale => s)
    do i = 1, n
      a(i) = a(i) * scale
    end do
  end associate
end subroutine associated_read

subroutine shadowed(a, b, n)
  integer :: n, i
  real :: a(n), b(n), t
  t = 0
  do i = 1, n
    block
      real :: t
      t = 2 * a(i)
      a(i) = t
    end block
    b(i) = t
    t = a(i)
  end do
end subroutine shadowed

subroutine components(x, y, n)
  use holders
  integer :: n, i
  type(holder) :: x, y
  do i = 1, n
    x%p(i) = y%p(i + 1)
  end do
end subroutine components

subroutine from_missing(a, n)
  use not_loaded
  integer :: n, i
  real :: a(n)
  do i = 1, n
    t = a(i)
    a(i) = t * t
  end do
end subroutine from_missing
