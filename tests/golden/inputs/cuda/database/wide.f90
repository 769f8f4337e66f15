! Trip counts from 64-bit bounds known at run time only.
subroutine stream(a, n8)
  integer(8) :: n8, i
  real(8) :: a(n8)
  do i = 1, n8
    a(i) = 2 * a(i)
  end do
end subroutine stream

subroutine part(a, bounds)
  integer(8) :: bounds(2), i
  real(8) :: a(*)
  do i = bounds(1), bounds(2)
    a(i) = 0
  end do
end subroutine part
