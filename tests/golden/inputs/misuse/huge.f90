! A kernel and its region whose sizes come from n: with n = 2147483647 (--param's largest) the
! 2,147,483,647^2 iterations still fit in 64 bits, the region's transfer of a (8 n^2 bytes) does not.
subroutine scale(a, n)
  integer n
  real(8) a(n, n)
!DVM$ REGION INOUT(a)
!DVM$ PARALLEL (j, i) ON a(i, j)
  do j = 1, n
    do i = 1, n
      a(i, j) = 2 * a(i, j)
    end do
  end do
!DVM$ END REGION
end subroutine scale
