! sapfor-diff golden input (renumbered): a Jacobi sweep into b, parallel.
subroutine smooth(a, b, n)
  integer :: n, i, j
  real :: a(n, n), b(n, n)
  do j = 2, n - 1
    do i = 2, n - 1
      b(i, j) = 0.25 * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1))
    end do
  end do
end subroutine smooth
