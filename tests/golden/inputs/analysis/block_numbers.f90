! A blocked loop's block number, (v - start)/step + c, in subscripts (ECMWF's NPROMA blocking:
! ibl = (jkglo - 1)/nproma + 1 in DO jkglo = 1, ngptot, nproma).
subroutine blocked(ldin, ldout, ngptot, nproma)
  integer :: ngptot, nproma, jkglo, ibl, icend, jl
  logical :: ldin(ngptot), ldout(nproma, *)
  do jkglo = 1, ngptot, nproma
    ibl = (jkglo - 1)/nproma + 1
    icend = min(nproma, ngptot - jkglo + 1)
    do jl = 1, icend
      ldout(jl, ibl) = ldin(jkglo + jl - 1)
    end do
    if (icend < nproma) then
      do jl = icend + 1, nproma
        ldout(jl, ibl) = .false.
      end do
    end if
  end do
end subroutine

! A constant step, the number first; a section of the block's column.
subroutine constant_step(a, x, y, n)
  integer :: n, j, ib
  real :: a(n), x(*), y(4, *)
  do j = 1, n, 4
    ib = 1 + (j - 1)/4
    x(ib) = a(j)
    y(:, ib) = 0.0
  end do
end subroutine

! Next block from this one: x(ib + 1) is the next iteration's x(ib).
subroutine next_block(x, n, np)
  integer :: n, np, j, ib
  real :: x(*)
  do j = 1, n, np
    ib = (j - 1)/np + 1
    x(ib + 1) = x(ib) * 2.0
  end do
end subroutine

! The divisor is not the step: two iterations share a block.
subroutine not_the_step(a, x, n)
  integer :: n, j, ib
  real :: a(n), x(*)
  do j = 1, n, 2
    ib = (j - 1)/4 + 1
    x(ib) = a(j)
  end do
end subroutine

! The start is not the one subtracted: (j - 1)/4 for j = 3, 7, 11... is 0, 1, 2: still apart
! (an offset of 2, of the step's sign, truncates to the same shift in every iteration).
subroutine other_start(a, x, n)
  integer :: n, j, ib
  real :: a(n), x(*)
  do j = 3, n, 4
    ib = (j - 1)/4 + 1
    x(ib) = a(j)
  end do
end subroutine

! Division truncates toward zero: (j - 4)/4 is 0 for both j = 1 and j = 5.
subroutine truncated(a, x, n)
  integer :: n, j, ib
  real :: a(n), x(*)
  do j = 1, n, 4
    ib = (j - 4)/4 + 1
    x(ib) = a(j)
  end do
end subroutine

! The divisor changes in the loop: the quotient is no block number.
subroutine changing_divisor(a, x, n, np)
  integer :: n, np, j, ib
  real :: a(n), x(*)
  do j = 1, n, np
    ib = (j - 1)/np + 1
    x(ib) = a(j)
    np = max(np - 1, 1)
  end do
end subroutine

! An outer loop's variable in the number: blocks of different k meet (DO k is sequential); for
! one k the blocks are apart, but the number is not of the form read (unproven: sequential).
subroutine outer_offset(x, n, np, nk)
  integer :: n, np, nk, j, k, ib
  real :: x(*)
  do k = 1, nk
    do j = 1, n, np
      ib = (j - 1)/np + k
      x(ib) = real(j + k)
    end do
  end do
end subroutine

! A name the loop changes in the number: m cancels the block, every iteration writes x(1).
subroutine cancelled(a, x, n, np)
  integer :: n, np, j, ib, m
  real :: a(n), x(*)
  do j = 1, n, np
    m = 1 - (j - 1)/np
    ib = (j - 1)/np + m
    x(ib) = a(j)
  end do
end subroutine

! Set under a condition: an iteration that skips it reads the previous block's number.
subroutine guarded(a, x, n, np, flag)
  integer :: n, np, j, ib
  real :: a(n), x(*)
  logical :: flag(n)
  ib = 1
  do j = 1, n, np
    if (flag(j)) ib = (j - 1)/np + 1
    x(ib) = a(j)
  end do
end subroutine

! Downwards by 4 from n: (j - n - 2)/(-4) is 0, 1, 2... (the offset has the step's sign).
subroutine downwards(a, x, n)
  integer :: n, j, ib
  real :: a(n), x(*)
  do j = n, 1, -4
    ib = (j - n - 2)/(-4) + 1
    x(ib) = a(j)
  end do
end subroutine

! Downwards with an offset of the other sign: (j - n + 2)/(-4) is 0 for both j = n and n - 4.
subroutine downwards_folded(a, x, n)
  integer :: n, j, ib
  real :: a(n), x(*)
  do j = n, 1, -4
    ib = (j - n + 2)/(-4) + 1
    x(ib) = a(j)
  end do
end subroutine
