! sapfor-diff golden input (renumbered): a loop inserted before the sweep, which now writes through
! an index array (a scatter): its iterations may write the same element, so it is not parallel.
subroutine smooth(a, b, idx, n)
  integer :: n, i, j, idx(n)
  real :: a(n, n), b(n, n)
  do i = 1, n
    a(i, 1) = 0.0
  end do
  do j = 2, n - 1
    do i = 2, n - 1
      b(idx(i), j) = 0.25 * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1))
    end do
  end do
end subroutine smooth
