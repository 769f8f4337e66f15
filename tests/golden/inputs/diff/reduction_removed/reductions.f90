! reductions.f90 -- one DVMH parallel loop per reduction operation:
! SUM, PRODUCT, MAX, MIN, AND, OR, EQV, NEQV, MAXLOC, MINLOC (some loops carry
! two reductions), with SQRT, EXP, ABS, MOD, 3-argument MIN/MAX, x**2, x**3,
! divisions, implicit int->real conversions and explicit DBLE/REAL.
program reductions
  implicit none
  integer, parameter :: N = 1000, M = 30
  real(8) :: a(N), b(N), c(M, M)
  integer :: ia(N)
  logical :: mask(N)
  real(8) :: x, s, p, vmax, vmin, amax, cmin
  integer :: i, j, isum, imax(1), cloc(2)
  logical :: land, lor, leqv, lneqv
!DVM$ DISTRIBUTE a(BLOCK)
!DVM$ ALIGN b(i) WITH a(i)
!DVM$ ALIGN ia(i) WITH a(i)
!DVM$ ALIGN mask(i) WITH a(i)
!DVM$ DISTRIBUTE c(BLOCK, BLOCK)

  s = 0; isum = 0; p = 1; vmax = -1.0d30; vmin = 1.0d30
  land = .true.; lor = .false.; leqv = .true.; lneqv = .false.
  amax = -1.0d30; imax(1) = 0; cmin = 1.0d30; cloc = 0
!DVM$ ACTUAL(s, isum, p, vmax, vmin, land, lor, leqv, lneqv, amax, imax, cmin, cloc)
!DVM$ REGION
!DVM$ PARALLEL (i) ON a(i), PRIVATE(x)
  do i = 1, N
    x = i * 0.01d0
    a(i) = sqrt(x) * exp(-x) + abs(x - 5.0d0)**2 / 8
    b(i) = dble(mod(i * 37, 101)) / 101.0d0 + x**3 / 1000.0d0
    ia(i) = mod(i * 7, 13)
    mask(i) = ia(i) > 5
  end do
!DVM$ PARALLEL (j, i) ON c(i, j)
  do j = 1, M
    do i = 1, M
      c(i, j) = real(i - M / 2, 8)**2 + 0.5d0 * (j - 2 * M / 3)**2 + 1.0d0
    end do
  end do
!DVM$ PARALLEL (i) ON a(i), REDUCTION(SUM(s), SUM(isum))
  do i = 1, N
    s = s + a(i) * b(i)
    isum = isum + ia(i)
  end do
!DVM$ PARALLEL (i) ON a(i), REDUCTION(PRODUCT(p))
  do i = 1, N
    p = p * (1.0d0 + b(i) / (N * i))
  end do
!DVM$ PARALLEL (i) ON a(i), REDUCTION(MAX(vmax))
  do i = 1, N
    vmax = max(vmax, a(i) - b(i), abs(b(i) * i))
    vmin = min(vmin, a(i), b(i))
  end do
!DVM$ PARALLEL (i) ON mask(i), REDUCTION(AND(land), OR(lor))
  do i = 1, N
    land = land .and. a(i) >= 0.0d0
    lor = lor .or. (mask(i) .and. b(i) > 0.99d0)
  end do
!DVM$ PARALLEL (i) ON mask(i), REDUCTION(EQV(leqv), NEQV(lneqv))
  do i = 1, N
    leqv = leqv .eqv. mask(i)
    lneqv = lneqv .neqv. (mod(ia(i), 2) == 0)
  end do
!DVM$ PARALLEL (i) ON a(i), REDUCTION(MAXLOC(amax, imax, 1))
  do i = 1, N
    if (a(i) > amax) then
      amax = a(i)
      imax(1) = i
    end if
  end do
!DVM$ PARALLEL (j, i) ON c(i, j), REDUCTION(MINLOC(cmin, cloc, 2))
  do j = 1, M
    do i = 1, M
      if (c(i, j) < cmin) then
        cmin = c(i, j)
        cloc(1) = i
        cloc(2) = j
      end if
    end do
  end do
!DVM$ END REGION
!DVM$ GET_ACTUAL(s, isum, p, vmax, vmin, land, lor, leqv, lneqv, amax, imax, cmin, cloc)
  print *, 'SUM     s =', s, '  isum =', isum
  print *, 'PRODUCT p =', p
  print *, 'MAX/MIN   ', vmax, vmin
  print *, 'AND/OR/EQV/NEQV ', land, lor, leqv, lneqv
  print *, 'MAXLOC  ', amax, ' at', imax
  print *, 'MINLOC  ', cmin, ' at', cloc
end program reductions
