! runtime_sizes.f90 -- sapfor-cuda golden input: nests whose trip counts are known at run time only.
subroutine scale(a, b, n, m)
  integer :: n, m, i, j
  real(8) :: a(n, m), b(n, m)
  do j = 1, m
    do i = 1, n
      a(i, j) = 2.0d0 * b(i, j)
    end do
  end do
end subroutine scale

subroutine segment(x, bounds)
  integer :: bounds(2), i
  real :: x(100)
  do i = bounds(1), bounds(2)
    x(i) = 0.0
  end do
end subroutine segment
