! Calls that touch one column of what they are passed: every reference of the callee to the
! dummy has the same subscript, a dummy it never changes, in one dimension.
module call_columns
contains
  subroutine column(jl, n, m, x, y)
    integer, intent(in) :: jl, n, m
    real :: x(n, m), y(n, m)
    integer :: jk
    do jk = 1, m
      x(jl, jk) = x(jl, jk) + max(y(jl, jk), 0.) + sum(y(jl, :))
    end do
  end subroutine

  subroutine row(jl, n, m, x)
    integer, intent(in) :: jl, n, m
    real :: x(n, m)
    x(:, jl) = 2 * x(:, jl)
  end subroutine

  subroutine shape_free(jl, x)
    integer, intent(in) :: jl
    real :: x(:, :)
    integer :: jk
    do jk = 1, size(x, 2)
      x(jl, jk) = jk
    end do
  end subroutine

  subroutine shifted(jl, off, n, x)
    integer, intent(in) :: jl, off, n
    real :: x(n)
    x(jl + off) = x(jl + off) * 2
  end subroutine

  subroutine neighbour(jl, n, m, x)
    integer, intent(in) :: jl, n, m
    real :: x(n, m)
    integer :: jk
    do jk = 1, m
      x(jl, jk) = x(jl - 1, jk)
    end do
  end subroutine

  subroutine moved(jl, n, x)
    integer :: jl, n
    real :: x(n)
    x(jl) = 1
    jl = jl + 1
    x(jl) = 2
  end subroutine

  subroutine passes_on(jl, n, m, x)
    integer, intent(in) :: jl, n, m
    real :: x(n, m)
    x(jl, 1) = 0
    call shifted(2, 0, 2, x(jl, 1))
  end subroutine

  subroutine by_function(jl, n, x)
    integer, intent(in) :: jl, n
    real :: x(n)
    real :: f
    f(jl) = x(jl)
    x(jl) = f(jl - 1)
  end subroutine

  subroutine first_of(n, x)
    integer, intent(in) :: n
    real :: x(n)
    x(1) = x(1) + 1
  end subroutine
end module

! The loops.
subroutine cc1(n, m, a, b)      ! x(i, :) of a whole array: parallel
  use call_columns
  integer :: n, m, i
  real :: a(n, m), b(n, m)
  do i = 1, n
    call column(i, n, m, a, b)
  end do
end subroutine

subroutine cc2(n, m, k, a, b)   ! sections of constant triplets and a scalar: parallel
  use call_columns
  integer :: n, m, k, i
  real :: a(n, m, 4, k), b(n, m, k)
  do i = 1, n
    call column(i, n, m, a(:, :, 2, k), b(:, :, k))
  end do
end subroutine

subroutine cc3(n, m, k, a, b)   ! a nest: j by the sections, i by the column: parallel
  use call_columns
  integer :: n, m, k, i, j
  real :: a(n, m, k), b(n, m, k)
  do j = 1, k
    do i = 1, n
      call column(i, n, m, a(:, :, j), b(:, :, j))
    end do
  end do
end subroutine

subroutine cc4(n, m, a)         ! the column in the second dimension: parallel
  use call_columns
  integer :: n, m, i
  real :: a(n, m)
  do i = 1, m
    call row(i, n, m, a)
  end do
end subroutine

subroutine cc5(n, m, a)         ! an assumed shape: parallel
  use call_columns
  integer :: n, m, i
  real :: a(n, m)
  do i = 1, n
    call shape_free(i, a)
  end do
end subroutine

subroutine cc6(n, a)            ! jl + off, off fixed: parallel
  use call_columns
  integer :: n, i
  real :: a(n + 3)
  do i = 1, n
    call shifted(i, 3, n + 3, a)
  end do
end subroutine

subroutine cc7(n, a)            ! jl + off, off = -i: every call on one element: sequential
  use call_columns
  integer :: n, i
  real :: a(n)
  do i = 1, n
    call shifted(i, -i + 1, n, a)
  end do
end subroutine

subroutine cc8(n, m, a, b)      ! one column for all: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m), b(n, m)
  do i = 1, n
    call column(1, n, m, a, b)
  end do
end subroutine

subroutine cc9(n, m, a)         ! the callee reads the neighbour's column: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m)
  do i = 2, n
    call neighbour(i, n, m, a)
  end do
end subroutine

subroutine cc10(n, a)           ! the callee changes jl: sequential
  use call_columns
  integer :: n, i, j
  real :: a(n)
  do i = 1, n - 1
    j = i
    call moved(j, n, a)
  end do
end subroutine

subroutine cc11(n, m, a)        ! the callee passes x(jl, 1) on, which writes x(jl + 1, 1): sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m)
  do i = 1, n - 1
    call passes_on(i, n, m, a)
  end do
end subroutine

subroutine cc12(n, a)           ! a statement function reads x(jl - 1): sequential
  use call_columns
  integer :: n, i
  real :: a(n)
  do i = 2, n
    call by_function(i, n, a)
  end do
end subroutine

subroutine cc13(n, m, a, b)     ! the extent the column is laid out by changes: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n * m), b(n * m)
  do i = 1, n
    call column(i, i, m, a, b)
  end do
end subroutine

subroutine cc14(n, m, a, b)     ! sections that move with i: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m + n), b(n, m + n)
  do i = 1, n
    call column(i, n, m, a(:, i:), b(:, i:))
  end do
end subroutine

subroutine cc15(n, m, a, b)     ! read beside the call: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m), b(n, m), s(n)
  do i = 2, n
    call column(i, n, m, a, b)
    s(i) = a(i - 1, 1)
  end do
end subroutine

subroutine cc16(n, m, a, b)     ! keywords, the column by a stride: parallel
  use call_columns
  integer :: n, m, i
  real :: a(2 * n, m), b(2 * n, m)
  do i = 1, n
    call column(x=a, y=b, n=2 * n, m=m, jl=2 * i)
  end do
end subroutine

subroutine cc17(n, a)           ! no column (a constant subscript): sequential
  use call_columns
  integer :: n, i
  real :: a(n)
  do i = 1, n
    call first_of(n, a)
  end do
end subroutine

subroutine cc18(n, m, a)        ! two planes of one array, apart: parallel
  use call_columns
  integer :: n, m, i
  real :: a(n, m, 3)
  do i = 1, n
    call column(i, n, m, a(:, :, 1), a(:, :, 2:3))
  end do
end subroutine

subroutine cc19(n, m, a)        ! the planes overlap: sequential
  use call_columns
  integer :: n, m, i
  real :: a(n, m, 3)
  do i = 1, n
    call column(i, n, m, a(:, :, 2), a(:, :, 1:2))
  end do
end subroutine

! An internal procedure writing one column of its host's array.
subroutine cc20(n)              ! fill(i): h(k, :): parallel
  integer :: n, i
  real :: h(n, 3)
  do i = 1, n
    call fill(i)
  end do
  print *, h(1, 1)
contains
  subroutine fill(k)
    integer, intent(in) :: k
    h(k, :) = k
  end subroutine
end subroutine

subroutine cc21(n)              ! smear reads the next row: sequential
  integer :: n, i
  real :: h(n + 1, 3)
  h = 0
  do i = 1, n
    call smear(i)
  end do
  print *, h(1, 1)
contains
  subroutine smear(k)
    integer, intent(in) :: k
    h(k, 1) = h(k + 1, 1)
  end subroutine
end subroutine

subroutine cc22(n)              ! the internal procedure calls one that may touch h anywhere: sequential
  integer :: n, i
  real :: h(n, 3)
  h = 0
  do i = 1, n
    call via_call(i)
  end do
  print *, h(1, 1)
contains
  subroutine via_call(k)
    integer, intent(in) :: k
    h(k, 1) = 1
    call touch_first()
  end subroutine
  subroutine touch_first()
    h(1, 1) = h(1, 1) + 1
  end subroutine
end subroutine

subroutine cc23(n)              ! fill(1) at every call: sequential
  integer :: n, i
  real :: h(n, 3)
  do i = 1, n
    call fill(1)
  end do
  print *, h(1, 1)
contains
  subroutine fill(k)
    integer, intent(in) :: k
    h(k, :) = i
  end subroutine
end subroutine

! An element passed to an array dummy starts what the call may touch: not apart by constants.
module column_pairs
contains
  subroutine two(v)
    real :: v(2)
    v(1) = v(2) + 1
  end subroutine
end module

subroutine cc24(n, a, b)        ! two(a(1, i)) reads a(2, i), which iteration i + 1 writes: sequential
  use column_pairs
  integer :: n, i
  real :: a(3, n), b(n)
  do i = 2, n
    call two(a(1, i))
    a(2, i - 1) = b(i)
  end do
end subroutine

! Columns in two dimensions: SNAP's inner_src_calc(j, k, ..., q) writes q(m, i, j, k) only.
subroutine plane(nx, ny, j, k, f, q)
  integer, intent(in) :: nx, ny, j, k
  real, intent(in) :: f(nx)
  real, intent(out) :: q(4, nx, ny, *)
  integer :: i, m
  do i = 1, nx
    q(1, i, j, k) = f(i)
    do m = 2, 4
      q(m, i, j, k) = f(i) * m
    end do
  end do
end subroutine

subroutine plane_shifted(nx, ny, j, k, f, q)   ! writes (j, k) and (j, k + 1): a column in j only
  integer, intent(in) :: nx, ny, j, k
  real, intent(in) :: f(nx)
  real, intent(out) :: q(4, nx, ny, *)
  integer :: i
  do i = 1, nx
    q(1, i, j, k) = f(i)
    q(2, i, j, k + 1) = f(i)
  end do
end subroutine

subroutine cc25(nx, ny, nz, ng, qtot, f)        ! k and j by the columns (j, k): both parallel
  integer :: nx, ny, nz, ng, g, j, k
  real :: qtot(4, nx, ny, nz, ng), f(nx, ny, nz, ng)
  do g = 1, ng
    do k = 1, nz
      do j = 1, ny
        call plane(nx, ny, j, k, f(:, j, k, g), qtot(:, :, :, :, g))
      end do
    end do
  end do
end subroutine

subroutine cc26(nx, ny, nz, qtot, f)            ! k: (j, k + 1) is the next k's (j, k): sequential
  integer :: nx, ny, nz, j, k
  real :: qtot(4, nx, ny, nz + 1), f(nx, ny, nz)
  do k = 1, nz
    do j = 1, ny
      call plane_shifted(nx, ny, j, k, f(:, j, k), qtot)
    end do
  end do
end subroutine

subroutine cc27(nx, ny, nz, qtot, f)            ! k: the extent before the k column moves with k: sequential
  integer :: nx, ny, nz, j, k
  real :: qtot(4 * nx * (ny + nz) * nz), f(nx, ny, nz)
  do k = 1, nz
    do j = 1, ny
      call plane(nx, ny + k, j, k, f(:, j, k), qtot)
    end do
  end do
end subroutine

subroutine plane_from(nx, ny, j0, j, k, f, q)
  integer, intent(in) :: nx, ny, j0, j, k
  real, intent(in) :: f(nx)
  real, intent(out) :: q(4, nx, j0:j0 + ny - 1, *)
  integer :: i
  do i = 1, nx
    q(1, i, j, k) = f(i)
  end do
end subroutine

subroutine cc28(nx, ny, nz, qtot, f)            ! j: q's j column starts at j, always the same storage: sequential
  integer :: nx, ny, nz, j, k
  real :: qtot(4, nx, ny, nz), f(nx, ny, nz)
  do k = 1, nz
    do j = 1, ny
      call plane_from(nx, ny, j, j, k, f(:, j, k), qtot)
    end do
  end do
end subroutine

! A call's columns against the loop's own references (FV3's pkez(..., j, ..., pkz) then pkz(i, j, k)).
subroutine strip(is, ie, js, je, km, j, pk, pkz)
  integer, intent(in) :: is, ie, js, je, km, j
  real, intent(in) :: pk(is:ie, js:je, km + 1)
  real, intent(out) :: pkz(is:ie, js:je, km)
  integer :: i, k
  do k = 1, km
    do i = is, ie
      pkz(i, j, k) = pk(i, j, k + 1) - pk(i, j, k)
    end do
  end do
end subroutine

subroutine strip_wide(is, ie, js, je, km, j, pkz)
  integer, intent(in) :: is, ie, js, je, km, j
  real, intent(out) :: pkz(is:ie, js:je + 1, km)
  integer :: i, k
  do k = 1, km
    do i = is, ie
      pkz(i, j, k) = 0
    end do
  end do
end subroutine

subroutine strip_from_one(is, ie, nj, km, jj, pkz)
  integer, intent(in) :: is, ie, nj, km, jj
  real, intent(out) :: pkz(is:ie, nj, km)
  integer :: i, k
  do k = 1, km
    do i = is, ie
      pkz(i, jj, k) = 0
    end do
  end do
end subroutine

subroutine cc29(is, ie, js, je, km, pk, pkz, te)   ! the call writes column j, the loop reads pkz(i, j, k): parallel
  integer :: is, ie, js, je, km, i, j, k
  real :: pk(is:ie, js:je, km + 1), pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = js, je
    call strip(is, ie, js, je, km, j, pk, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j, k) * 2
      end do
    end do
  end do
end subroutine

subroutine cc30(is, ie, js, je, km, pk, pkz, te)   ! reads pkz(i, j - 1, k), the last iteration's column: sequential
  integer :: is, ie, js, je, km, i, j, k
  real :: pk(is:ie, js:je, km + 1), pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = js + 1, je
    call strip(is, ie, js, je, km, j, pk, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j - 1, k) * 2
      end do
    end do
  end do
end subroutine

subroutine cc31(is, ie, js, je, km, pkz, te)       ! the dummy's j extent is one more: its columns are not the actual's: sequential
  integer :: is, ie, js, je, km, i, j, k
  real :: pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = js, je
    call strip_wide(is, ie, js, je, km, j, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j, k) * 2
      end do
    end do
  end do
end subroutine

subroutine cc32(is, ie, js, je, km, pkz, te)       ! column j - js + 1 of a dummy from 1 is the actual's j: parallel
  integer :: is, ie, js, je, km, i, j, k
  real :: pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = js, je
    call strip_from_one(is, ie, je - js + 1, km, j - js + 1, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j, k) * 2
      end do
    end do
  end do
end subroutine

subroutine cc33(is, ie, js, je, km, pkz, te)       ! column j - js of it is the actual's j - 1: sequential
  integer :: is, ie, js, je, km, i, j, k
  real :: pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = js + 1, je
    call strip_from_one(is, ie, je - js + 1, km, j - js, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j, k) * 2
      end do
    end do
  end do
end subroutine

subroutine cc34(is, ie, js, je, km, pkz, te)       ! column j of the dummy from 1 is the actual's j + js - 1, js unknown: sequential
  integer :: is, ie, js, je, km, i, j, k
  real :: pkz(is:ie, js:je, km), te(is:ie, js:je, km)
  do j = 1, je - js + 1
    call strip_from_one(is, ie, je - js + 1, km, j, pkz)
    do k = 1, km
      do i = is, ie
        te(i, j, k) = pkz(i, j, k) * 2
      end do
    end do
  end do
end subroutine

! Dummies sized by a module's variables (SNAP's q(cmom, ichunk, ny, nz, nc)).
module column_sizes
  integer :: mx, my, nlast
contains
  subroutine sized(j, k, f, q)
    integer, intent(in) :: j, k
    real, intent(in) :: f(mx)
    real, intent(out) :: q(4, mx, my, *)
    integer :: i
    do i = 1, mx
      q(1, i, j, k) = f(i)
    end do
  end subroutine sized
end module column_sizes

subroutine cc35(nz, qtot, f)                   ! the nest writes nothing shared: k and j parallel
  use column_sizes
  integer :: nz, j, k
  real :: qtot(4, mx, my, nz), f(mx, my, nz)
  do k = 1, nz
    do j = 1, my
      call sized(j, k, f(:, j, k), qtot)
    end do
  end do
end subroutine cc35

subroutine cc36(nz, qtot, f, shrink)           ! it may change mx, an extent before the columns: sequential
  use column_sizes
  integer :: nz, j, k
  real :: qtot(4, mx, my, nz), f(mx, my, nz)
  logical :: shrink
  do k = 1, nz
    if (shrink) mx = mx - 1
    do j = 1, my
      call sized(j, k, f(:, j, k), qtot)
    end do
  end do
end subroutine cc36

subroutine cc37(nz, ny, qtot)                  ! an internal callee sized by the host's m, which the nest changes: sequential
  integer :: nz, ny, j, k, m
  real :: qtot(4 * ny * nz * nz)
  do k = 1, nz
    m = ny + k
    do j = 1, ny
      call inner(j, k, qtot)
    end do
  end do
contains
  subroutine inner(j, k, q)
    integer, intent(in) :: j, k
    real, intent(out) :: q(4, m, *)
    q(1, j, k) = 0
  end subroutine inner
end subroutine cc37
