! Work arrays whose slabs a call fills from the element it is passed (the shapes of a
! block-tridiagonal solver's initialization): the callee writes every element of its
! explicit-shape dummy before reading any.
module slab_data
  implicit none
  integer, parameter :: nx = 16
  double precision :: u(5, nx, nx), coef(5, 4)
end module slab_data

subroutine fill5(x, y, v)
  use slab_data
  implicit none
  double precision, intent(in) :: x, y
  double precision, intent(out) :: v(5)
  integer :: m
  do m = 1, 5
    v(m) = coef(m, 1) + x * coef(m, 2) + y * coef(m, 3)
  end do
end subroutine fill5

subroutine fill4(x, v)
  use slab_data
  implicit none
  double precision, intent(in) :: x
  double precision, intent(out) :: v(4)
  integer :: m
  do m = 1, 4
    v(m) = coef(m, 1) * x
  end do
end subroutine fill4

subroutine part5(x, v)
  use slab_data
  implicit none
  double precision, intent(in) :: x
  double precision, intent(inout) :: v(5)
  integer :: m
  do m = 1, 4
    v(m) = coef(m, 1) * x
  end do
end subroutine part5

subroutine fill55(x, b)
  implicit none
  double precision, intent(in) :: x
  double precision, intent(out) :: b(5, 5)
  integer :: m, n
  do n = 1, 5
    do m = 1, 5
      b(m, n) = x * m + n
    end do
  end do
end subroutine fill55

! Both faces filled by calls in short loops, then read: pface private.
subroutine faces
  use slab_data
  implicit none
  integer :: i, j, ix, iy, m
  double precision :: xi, eta, pface(5, 3, 2)
  do j = 1, nx
    eta = dble(j) / nx
    do i = 1, nx
      xi = dble(i) / nx
      do ix = 1, 2
        call fill5(dble(ix - 1), eta, pface(1, 1, ix))
      end do
      do iy = 1, 2
        call fill5(xi, dble(iy - 1), pface(1, 2, iy))
      end do
      do m = 1, 5
        u(m, i, j) = xi * pface(m, 1, 2) + (1.0d0 - xi) * pface(m, 1, 1) + eta * pface(m, 2, 2)
      end do
    end do
  end do
end subroutine faces

! A 5 x 5 block of a larger array, filled by one call, then read: blk private.
subroutine blocks
  use slab_data
  implicit none
  integer :: i, m, n
  double precision :: blk(5, 5, 3)
  do i = 1, nx
    call fill55(dble(i), blk(1, 1, 2))
    do n = 1, 5
      do m = 1, 5
        u(m, i, n) = blk(m, n, 2)
      end do
    end do
  end do
end subroutine blocks

! The dummy has 4 elements, the column 5: pface(5, 1, 1) may be an earlier iteration's.
subroutine short_dummy
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    call fill4(dble(i), pface(1, 1, 1))
    do m = 1, 5
      u(m, i, 1) = pface(m, 1, 1)
    end do
  end do
end subroutine short_dummy

! The callee writes 4 of its 5 elements: pface(5, 1, 1) may be an earlier iteration's.
subroutine partly_written
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    call part5(dble(i), pface(1, 1, 1))
    do m = 1, 5
      u(m, i, 1) = pface(m, 1, 1)
    end do
  end do
end subroutine partly_written

! The element starts the column at its second element: the 4 written are pface(2:5, 1, 1).
subroutine offset_start
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    call fill4(dble(i), pface(2, 1, 1))
    do m = 1, 5
      u(m, i, 1) = pface(m, 1, 1)
    end do
  end do
end subroutine offset_start

! The call runs only on some iterations.
subroutine guarded_call
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    if (mod(i, 2) == 0) call fill5(dble(i), 0.0d0, pface(1, 1, 1))
    do m = 1, 5
      u(m, i, 1) = pface(m, 1, 1)
    end do
  end do
end subroutine guarded_call

! Only the first face's first column is filled; the second is read.
subroutine other_face
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    call fill5(dble(i), 0.0d0, pface(1, 1, 1))
    do m = 1, 5
      u(m, i, 1) = pface(m, 1, 2)
    end do
  end do
end subroutine other_face

! The slab is read before the call fills it.
subroutine read_first
  use slab_data
  implicit none
  integer :: i, m
  double precision :: pface(5, 3, 2)
  do i = 1, nx
    u(1, i, 1) = pface(1, 1, 1)
    call fill5(dble(i), 0.0d0, pface(1, 1, 1))
    do m = 1, 5
      u(m, i, 2) = pface(m, 1, 1)
    end do
  end do
end subroutine read_first

subroutine matvec5(ablock, avec, bvec)
  implicit none
  double precision, intent(in) :: ablock(5, 5), avec(5)
  double precision, intent(inout) :: bvec(5)
  integer :: i
  do i = 1, 5
    bvec(i) = bvec(i) - ablock(i, 1) * avec(1) - ablock(i, 5) * avec(5)
  end do
end subroutine matvec5

! A 5 x 5 block of a work array filled by a nest, then passed from its first element to a
! dummy of 5 x 5, which reads it: work private.
subroutine block_reads
  use slab_data
  implicit none
  integer, parameter :: ib = 2
  integer :: i, j, l, m, n
  double precision :: work(5, 5, 3, 0:nx), r(5, 0:nx, nx)
  do j = 1, nx
    do i = 0, nx
      do l = 1, 3
        do n = 1, 5
          do m = 1, 5
            work(m, n, l, i) = u(m, max(i, 1), j) * (n + l)
          end do
        end do
      end do
    end do
    do i = 1, nx - 1
      call matvec5(work(1, 1, ib, i), r(1, i - 1, j), r(1, i, j))
    end do
  end do
end subroutine block_reads

! As block_reads, the work array's last extent a dummy's: the block's elements still known.
subroutine block_reads_sized(k)
  use slab_data
  implicit none
  integer, intent(in) :: k
  integer :: i, j, l, m, n
  double precision :: work(5, 5, 3, 0:k), r(5, 0:nx, nx)
  do j = 1, nx
    do i = 0, k
      do l = 1, 3
        do n = 1, 5
          do m = 1, 5
            work(m, n, l, i) = u(m, 1, j) * (n + l + i)
          end do
        end do
      end do
    end do
    do i = 1, k - 1
      call matvec5(work(1, 1, 3, i), r(1, i - 1, j), r(1, i, j))
    end do
  end do
end subroutine block_reads_sized

! Rows 1..4 of each block filled: the call may read row 5, an earlier iteration's.
subroutine block_rows_short
  use slab_data
  implicit none
  integer :: i, j, l, m, n
  double precision :: work(5, 5, 3, 0:nx), r(5, 0:nx, nx)
  do j = 1, nx
    do i = 0, nx
      do l = 1, 3
        do n = 1, 5
          do m = 1, 4
            work(m, n, l, i) = u(m, max(i, 1), j) * (n + l)
          end do
        end do
      end do
    end do
    do i = 1, nx - 1
      call matvec5(work(1, 1, 2, i), r(1, i - 1, j), r(1, i, j))
    end do
  end do
end subroutine block_rows_short

! Blocks 1..nx-2 filled, block nx-1 read.
subroutine block_last_unfilled
  use slab_data
  implicit none
  integer :: i, j, l, m, n
  double precision :: work(5, 5, 3, 0:nx), r(5, 0:nx, nx)
  do j = 1, nx
    do i = 1, nx - 2
      do l = 1, 3
        do n = 1, 5
          do m = 1, 5
            work(m, n, l, i) = u(m, i, j) * (n + l)
          end do
        end do
      end do
    end do
    do i = 1, nx - 1
      call matvec5(work(1, 1, 2, i), r(1, i - 1, j), r(1, i, j))
    end do
  end do
end subroutine block_last_unfilled

module slab_sections
  implicit none
contains
  subroutine set_all(v, x)
    double precision, intent(out) :: v(:)
    double precision, intent(in) :: x
    v = x
  end subroutine set_all

  subroutine set_tail(v, x)
    double precision, intent(inout) :: v(:)
    double precision, intent(in) :: x
    v(2:) = x
  end subroutine set_tail

  subroutine total(v, s)
    double precision, intent(in) :: v(:)
    double precision, intent(out) :: s
    s = sum(v)
  end subroutine total
end module slab_sections

! Sections passed to dummies the callees define whole, then read: w, z private.
subroutine section_fills
  use slab_data
  use slab_sections
  implicit none
  integer :: i, j, m
  double precision :: w(5, 2), z(5, 2)
  do j = 1, nx
    do i = 1, nx
      call set_all(w(:, 1), dble(i))
      call set_all(w(:, 2), dble(j))
      call fill5(dble(i), dble(j), z(:, 1))
      call fill5(dble(j), dble(i), z(:, 2))
      do m = 1, 5
        u(m, i, j) = w(m, 1) + w(m, 2) + z(m, 1) + z(m, 2)
      end do
    end do
  end do
end subroutine section_fills

! A column filled by a nest, then a callee reads the section: w private.
subroutine section_reads
  use slab_data
  use slab_sections
  implicit none
  integer :: i, m
  double precision :: w(5, 2), s
  do i = 1, nx
    do m = 1, 5
      w(m, 2) = u(m, i, 1)
    end do
    call total(w(:, 2), s)
    u(1, i, 2) = s
  end do
end subroutine section_reads

! Sections that leave elements unwritten: sequential. fill4's dummy has 4 elements, z(:, 1) 5.
subroutine section_short
  use slab_data
  implicit none
  integer :: i
  double precision :: z(5, 2)
  do i = 1, nx
    call fill4(dble(i), z(:, 1))
    u(1, i, 1) = z(5, 1)
  end do
end subroutine section_short

! set_tail writes v(2:) only.
subroutine section_tail
  use slab_data
  use slab_sections
  implicit none
  integer :: i
  double precision :: w(5, 2)
  do i = 1, nx
    call set_tail(w(:, 1), dble(i))
    u(1, i, 2) = w(1, 1)
  end do
end subroutine section_tail

! The section is w(2:5, 1); w(1, 1) is read.
subroutine section_part
  use slab_data
  use slab_sections
  implicit none
  integer :: i
  double precision :: w(5, 2)
  do i = 1, nx
    call set_all(w(2:5, 1), dble(i))
    u(1, i, 3) = w(1, 1)
  end do
end subroutine section_part

! Rows 1..4 of the column filled; total reads all 5.
subroutine section_reads_short
  use slab_data
  use slab_sections
  implicit none
  integer :: i, m
  double precision :: w(5, 2), s
  do i = 1, nx
    do m = 1, 4
      w(m, 2) = u(m, i, 1)
    end do
    call total(w(:, 2), s)
    u(1, i, 4) = s
  end do
end subroutine section_reads_short
