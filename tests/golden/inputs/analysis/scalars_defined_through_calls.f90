! Scalar dummies a procedure defines through the procedures it calls, and the ones it does not.
module leaves
contains
  subroutine leaf(x)
    real :: x
    x = 1.0
  end subroutine leaf

  subroutine leaf_maybe(x, c)
    real :: x
    logical :: c
    if (c) x = 2.0
  end subroutine leaf_maybe

  ! Passes y on to leaf, which writes it first: y is defined by a call of mid.
  subroutine mid(y)
    real :: y
    call leaf(y)
    y = y + 1.0
  end subroutine mid

  ! Two calls down: top -> mid -> leaf.
  subroutine top(z)
    real :: z
    call mid(z)
  end subroutine top

  ! Reads y before leaf writes it.
  subroutine mid_reads_first(y, w)
    real :: y, w
    w = y
    call leaf(y)
  end subroutine mid_reads_first

  ! Calls leaf on one path only.
  subroutine mid_guarded(y, c)
    real :: y
    logical :: c
    if (c) call leaf(y)
  end subroutine mid_guarded

  ! leaf_maybe may leave y as it was.
  subroutine mid_partial(y, c)
    real :: y
    logical :: c
    call leaf_maybe(y, c)
  end subroutine mid_partial

  ! Writes x after calling q, which reads x through host association first.
  subroutine host_reads(x, y)
    real :: x, y
    call q()
    x = 1.0
  contains
    subroutine q()
      y = x
    end subroutine q
  end subroutine host_reads

  ! The same shape, but r does not touch x: x is defined.
  subroutine host_ignores(x, y)
    real :: x, y
    call r()
    x = 1.0
  contains
    subroutine r()
      y = 3.0
    end subroutine r
  end subroutine host_ignores

  ! Recursive: every path writes x in truth, but proving it needs an induction the analysis does
  ! not make (it starts from "defines nothing").
  recursive subroutine rec(x, n)
    real :: x
    integer :: n
    if (n > 0) then
      call rec(x, n - 1)
    else
      x = 1.0
    end if
  end subroutine rec
end module leaves

subroutine by_mid(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call mid(t)
    b(i) = t
  end do
end subroutine by_mid

subroutine by_top(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call top(t)
    b(i) = t
  end do
end subroutine by_top

subroutine by_reads_first(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call mid_reads_first(t, b(i))
  end do
end subroutine by_reads_first

subroutine by_guarded(b, n, c)
  use leaves
  integer :: n, i
  logical :: c
  real :: b(n), t
  do i = 1, n
    call mid_guarded(t, c)
    b(i) = t
  end do
end subroutine by_guarded

subroutine by_partial(b, n, c)
  use leaves
  integer :: n, i
  logical :: c
  real :: b(n), t
  do i = 1, n
    call mid_partial(t, c)
    b(i) = t
  end do
end subroutine by_partial

subroutine by_host_reads(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call host_reads(t, b(i))
  end do
end subroutine by_host_reads

subroutine by_host_ignores(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call host_ignores(t, b(i))
  end do
end subroutine by_host_ignores

subroutine by_rec(b, n)
  use leaves
  integer :: n, i
  real :: b(n), t
  do i = 1, n
    call rec(t, 2)
    b(i) = t
  end do
end subroutine by_rec

! After the loop, t is passed to mid, which defines it (through leaf) before reading it: the
! value the loop leaves in t is never read. mid calls a procedure, so whether it defines y is
! known only once the calls are resolved: the loop's analysis waits for it.
subroutine by_after(a, b, n)
  use leaves
  integer :: n, i
  real :: a(n), b(n), t
  do i = 1, n
    t = a(i)
    b(i) = 2.0 * t
  end do
  call mid(t)
  b(1) = t
end subroutine by_after
