! Work arrays filled by a call over a range its arguments give (DO i = 1, n: x(i) = ...).
subroutine gen(n, x, seed)
  integer :: n, i
  double precision :: x(*), seed
  do i = 1, n
    seed = mod(seed * 1.1d0, 1.0d0)
    x(i) = seed
  end do
end subroutine

subroutine gen_shrunk(n, x)
  integer :: n, i
  double precision :: x(n)
  n = n - 1
  do i = 1, n
    x(i) = i
  end do
end subroutine

subroutine gen_some(n, x)
  integer :: n, i
  double precision :: x(n)
  do i = 1, n
    if (i > 2) x(i) = i
  end do
end subroutine

subroutine gen_early(n, x)
  integer :: n, i
  double precision :: x(n)
  if (n > 100) return
  do i = 1, n
    x(i) = i
  end do
end subroutine

subroutine gen_two(n, x, y)
  integer :: n, i
  double precision :: x(n), y(n)
  do i = 1, n
    x(i) = y(i) + 1
  end do
end subroutine

subroutine pairs(np, nk, q)
  integer :: np, nk, k, i
  double precision :: q(np), x(2 * 65536), seed
  do k = 1, np
    seed = 271828183.0d0 + k
    call gen(2 * nk, x, seed)
    q(k) = 0
    do i = 1, nk
      q(k) = q(k) + x(2 * i - 1) * x(2 * i)
    end do
  end do
end subroutine

subroutine pairs_short(np, nk, q)
  integer :: np, nk, k, i
  double precision :: q(np), x(2 * 65536), seed
  do k = 1, np
    seed = 271828183.0d0 + k
    call gen(nk, x, seed)
    q(k) = 0
    do i = 1, nk
      q(k) = q(k) + x(2 * i - 1) * x(2 * i)
    end do
  end do
end subroutine

subroutine from_zero(np, nk, q)
  integer :: np, nk, k, i
  double precision :: q(np), x(0:65535), seed
  do k = 1, np
    seed = 271828183.0d0 + k
    call gen(nk, x, seed)
    q(k) = 0
    do i = 0, nk - 1
      q(k) = q(k) + x(i)
    end do
  end do
end subroutine

subroutine from_zero_past(np, nk, q)
  integer :: np, nk, k, i
  double precision :: q(np), x(0:65535), seed
  do k = 1, np
    seed = 271828183.0d0 + k
    call gen(nk, x, seed)
    q(k) = 0
    do i = 1, nk
      q(k) = q(k) + x(i)
    end do
  end do
end subroutine

subroutine shrunk(np, m, q)
  integer :: np, m, k, i, n
  double precision :: q(np), x(1000)
  do k = 1, np
    n = m
    call gen_shrunk(n, x)
    q(k) = x(m)
  end do
end subroutine

subroutine some(np, m, q)
  integer :: np, m, k
  double precision :: q(np), x(1000)
  do k = 1, np
    call gen_some(m, x)
    q(k) = x(1)
  end do
end subroutine

subroutine early(np, m, q)
  integer :: np, m, k
  double precision :: q(np), x(1000)
  do k = 1, np
    call gen_early(m, x)
    q(k) = x(m)
  end do
end subroutine

subroutine twice(np, m, q)
  integer :: np, m, k
  double precision :: q(np), x(1000)
  do k = 1, np
    call gen_two(m, x, x)
    q(k) = x(m)
  end do
end subroutine

subroutine bound_changes(np, m, q)
  integer :: np, m, k, n
  double precision :: q(np), x(1000), seed
  n = m
  do k = 1, np
    seed = k
    call gen(n, x, seed)
    n = n + 1
    q(k) = x(n - 1)
  end do
end subroutine
subroutine gen_then_grow(n, x)
  integer :: n, i
  double precision :: x(*)
  do i = 1, n
    x(i) = i
  end do
  n = n + 5
end subroutine

subroutine grows(np, m, q)
  integer :: np, m, k
  double precision :: q(np), x(1000)
  do k = 1, np
    call gen_then_grow(m, x)
    q(k) = x(m)
  end do
end subroutine
