! Red-black sweeps whose start is a MOD of a shifted or summed index: 2 + MOD(j + 1, 2) (the
! black cells of a 2-D grid), 2 + MOD(j + k, 2) and 2 + MOD(j + k + 1, 2) (3-D).
subroutine black_2d(a, n, w)
  integer :: n, i, j
  real :: a(n, n), w
  do j = 2, n - 1
    do i = 2 + mod(j + 1, 2), n - 1, 2
      a(i, j) = w * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1)) + (1 - w) * a(i, j)
    end do
  end do
end subroutine black_2d

subroutine red_3d(a, n, w)
  integer :: n, i, j, k
  real :: a(n, n, n), w
  do k = 2, n - 1
    do j = 2, n - 1
      do i = 2 + mod(j + k, 2), n - 1, 2
        a(i, j, k) = w * (a(i - 1, j, k) + a(i + 1, j, k) + a(i, j - 1, k) + a(i, j + 1, k) &
                          + a(i, j, k - 1) + a(i, j, k + 1))
      end do
    end do
  end do
end subroutine red_3d

subroutine black_3d(a, n, w)
  integer :: n, i, j, k
  real :: a(n, n, n), w
  do k = 2, n - 1
    do j = 2, n - 1
      do i = 2 + mod(j + k + 1, 2), n - 1, 2
        a(i, j, k) = w * (a(i - 1, j, k) + a(i + 1, j, k) + a(i, j - 1, k) + a(i, j + 1, k) &
                          + a(i, j, k - 1) + a(i, j, k + 1))
      end do
    end do
  end do
end subroutine black_3d

! The colour follows j only, not k: a(i, j, k - 1) is a cell the plane before wrote.
subroutine colour_of_rows(a, n, w)
  integer :: n, i, j, k
  real :: a(n, n, n), w
  do k = 2, n - 1
    do j = 2, n - 1
      do i = 2 + mod(j, 2), n - 1, 2
        a(i, j, k) = w * (a(i - 1, j, k) + a(i + 1, j, k) + a(i, j, k - 1))
      end do
    end do
  end do
end subroutine colour_of_rows

! A read two cells along, of the same colour: the iteration before reads what the next writes.
subroutine same_colour(a, n)
  integer :: n, i, j
  real :: a(n, n)
  do j = 2, n - 1
    do i = 2 + mod(j + 1, 2), n - 2, 2
      a(i, j) = a(i + 2, j) + a(i, j)
    end do
  end do
end subroutine same_colour

! The first sweep writes the cells with i of j + 1's parity; the second reads row j - 1 at i of
! j's parity, which is (j - 1) + 1's: what the iteration j - 1 wrote. (Taking MOD(j + 1, 2) for
! MOD(j, 2) would find no dependence.)
subroutine offset_matters(a, b, n)
  integer :: n, i, j
  real :: a(n, n), b(n, n)
  do j = 2, n
    do i = 2 + mod(j + 1, 2), n, 2
      a(i, j) = real(i + j)
    end do
    do i = 2 + mod(j, 2), n, 2
      b(i, j) = a(i, j - 1)
    end do
  end do
end subroutine offset_matters
