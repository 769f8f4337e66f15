! Arrays every iteration writes with one value (CloverLeaf's generate_chunk vertices, MOM6's
! domore_k flags, Icepack's trcr_depend): whichever iteration writes an element last, the
! element ends the same, as long as the loop reads none of the array and the value does not
! change in the loop.
subroutine vertices(n, state, svel, xvel, mask)
  integer, intent(in) :: n, state
  real, intent(in) :: svel(5), mask(n, n)
  real, intent(inout) :: xvel(n+1, n+1)
  integer :: j, k, jt, kt
  do k = 1, n
    do j = 1, n
      if (mask(j, k) > 0.0) then
        do kt = k, k + 1
          do jt = j, j + 1
            xvel(jt, kt) = svel(state)
          end do
        end do
      end if
    end do
  end do
end subroutine

subroutine value_follows_outer(n, v, x)
  integer, intent(in) :: n
  real, intent(in) :: v
  real, intent(inout) :: x(n+1, n+1)
  integer :: j, k, jt, kt
  do k = 1, n
    do j = 1, n
      do kt = k, k + 1
        do jt = j, j + 1
          x(jt, kt) = v * k
        end do
      end do
    end do
  end do
end subroutine

subroutine flags(n, m, any_u, more)
  integer, intent(in) :: n, m
  logical, intent(in) :: any_u(n, m)
  integer, intent(inout) :: more(m)
  integer :: j, k
  do k = 1, m
    more(k) = 0
    do j = 1, n
      if (any_u(j, k)) more(k) = 1
    end do
  end do
end subroutine

subroutine one_constant(n, nt, dep)
  integer, intent(in) :: n, nt
  integer, intent(inout) :: dep(3*n + nt)
  integer :: k
  do k = 1, n
    dep(nt + k) = 1
    dep(nt + 2*k) = 1
  end do
end subroutine

subroutine two_values(n, c, x)
  integer, intent(in) :: n, c
  real, intent(inout) :: x(n+1, n)
  integer :: k
  do k = 1, n
    x(k, c) = 1.0
    x(k + 1, c) = 2.0
  end do
end subroutine

subroutine read_too(n, x)
  integer, intent(in) :: n
  real, intent(inout) :: x(n)
  integer :: k
  do k = 1, n
    x(1) = x(1) + 0.0
    x(k) = 3.0
  end do
end subroutine

subroutine value_changes(n, a, x)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(inout) :: x(2)
  integer :: k
  real :: s
  do k = 1, n
    s = a(k)
    x(1) = s
  end do
end subroutine

subroutine function_value(n, x)
  integer, intent(in) :: n
  real, intent(inout) :: x(2)
  integer :: k
  real, external :: next_value
  do k = 1, n
    x(1) = next_value(1)
  end do
end subroutine

subroutine call_reads(n, x)
  integer, intent(in) :: n
  real, intent(inout) :: x(2)
  integer :: k
  do k = 1, n
    x(1) = 2.0
    call show(x)
  end do
end subroutine

subroutine target_array(n, x)
  integer, intent(in) :: n
  real, intent(inout), target :: x(2)
  integer :: k
  do k = 1, n
    x(1) = 2.0
  end do
end subroutine

subroutine whole_from_array(n, m, y, x)
  integer, intent(in) :: n, m
  real, intent(in) :: y(m)
  real, allocatable, intent(inout) :: x(:)
  integer :: k
  do k = 1, n
    x = y
  end do
end subroutine
subroutine whole_from_scalar(n, v, x)
  integer, intent(in) :: n
  real, intent(in) :: v
  real, intent(inout) :: x(10)
  integer :: k
  do k = 1, n
    x = v
  end do
end subroutine
