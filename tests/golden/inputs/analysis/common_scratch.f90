! COMMON work arrays (the scratch OpenMP codes make THREADPRIVATE): private to a loop only when
! no procedure of the program reads one but after writing it in the same iteration of a loop.
program main
  real :: u(5, 100), w2(5), v(5, 100)
  common /fields/ u
  common /w2/ w2
  u = 1.0
  call solve1(100)
  call other1(100)
  call solve2(100)
  print *, w2(1)
  call solve3(100)
  call other3(100)
  call solve3b(100)
  call other3b(100)
  call solve4(100)
  call other4(100)
  call solve5(100, 10)
  call solve6(100)
  call other6(100)
  call solve7(99, v)
  print *, u(1, 1)
end program

! Scratch in both procedures that use it: private in both loops.
subroutine solve1(n)
  integer :: n, i, m
  real :: u(5, 100), fjac(5, 0:100), tmp
  common /fields/ u
  common /w1/ fjac, tmp
  do i = 1, n
    do m = 1, 5
      fjac(m, 0) = u(m, i) * 2.0
    end do
    do m = 1, 5
      u(m, i) = fjac(m, 0) + 1.0
    end do
  end do
end subroutine

subroutine other1(n)
  integer :: n, i
  real :: u(5, 100), w(5, 0:100), t
  common /fields/ u
  common /w1/ w, t
  do i = 1, n
    w(1, 0) = u(1, i)
    u(2, i) = w(1, 0)
  end do
end subroutine

! The main program prints what the loop leaves.
subroutine solve2(n)
  integer :: n, i
  real :: u(5, 100), w2(5)
  common /fields/ u
  common /w2/ w2
  do i = 1, n
    w2(1) = u(1, i)
    u(3, i) = w2(1) * 2.0
  end do
end subroutine

! Another procedure reads it outside a loop.
subroutine solve3(n)
  integer :: n, i
  real :: u(5, 100), w3(5)
  common /fields/ u
  common /w3/ w3
  do i = 1, n
    w3(1) = u(1, i)
    u(3, i) = w3(1) * 2.0
  end do
end subroutine

subroutine other3(n)
  integer :: n
  real :: u(5, 100), w3(5)
  common /fields/ u
  common /w3/ w3
  u(4, n) = w3(1)
end subroutine

! Another procedure's loop writes it, then calls the loop's procedure, then reads it.
subroutine solve3b(n)
  integer :: n, i
  real :: u(5, 100), w3b(5)
  common /fields/ u
  common /w3b/ w3b
  do i = 1, n
    w3b(1) = u(1, i)
    u(3, i) = w3b(1) * 2.0
  end do
end subroutine

subroutine other3b(n)
  integer :: n, j
  real :: u(5, 100), w3b(5)
  common /fields/ u
  common /w3b/ w3b
  do j = 1, 2
    w3b(1) = 0.0
    call solve3b(n)
    u(5, j) = w3b(1)
  end do
end subroutine

! Another procedure lays the block out differently: its t0 is the loop's w4(1), read outside a loop.
subroutine solve4(n)
  integer :: n, i
  real :: u(5, 100), w4(5)
  common /fields/ u
  common /w4/ w4
  do i = 1, n
    w4(1) = u(1, i)
    u(3, i) = w4(1) * 2.0
  end do
end subroutine

subroutine other4(n)
  integer :: n
  real :: u(5, 100), t0, rest(4)
  common /fields/ u
  common /w4/ t0, rest
  u(4, n) = t0
end subroutine

! A loop around the loop reads what it leaves.
subroutine solve5(n, nt)
  integer :: n, nt, i, it
  real :: u(5, 100), w5(5), z(0:100)
  common /fields/ u
  common /w5/ w5
  z(0) = 0.0
  do it = 1, nt
    w5(1) = 0.0
    do i = 1, n
      w5(1) = u(1, i) * 2.0
      u(1, i) = w5(1) + 1.0
    end do
    z(it) = w5(1) + z(it - 1)
  end do
  u(2, 1) = z(nt)
end subroutine

! Another procedure has an internal procedure, which may see the block under other names.
subroutine solve6(n)
  integer :: n, i
  real :: u(5, 100), w6(5)
  common /fields/ u
  common /w6/ w6
  do i = 1, n
    w6(1) = u(1, i)
    u(3, i) = w6(1) * 2.0
  end do
end subroutine

subroutine other6(n)
  integer :: n, i
  real :: u(5, 100), w6(5)
  common /fields/ u
  common /w6/ w6
  do i = 1, n
    w6(2) = u(2, i)
    u(4, i) = w6(2)
  end do
  call inner
contains
  subroutine inner
    u(5, 1) = 1.0
  end subroutine
end subroutine

! A block solver's shape: the blocks built in a loop, then passed element by element to a
! routine that reads a 5x5 block: private.
subroutine solve7(n, v)
  integer :: n, i, j, l, m
  real :: u(5, 100), v(5, 100), lhs(5, 5, 0:100)
  common /fields/ u
  common /w7/ lhs
  do j = 1, n
    do i = 0, n
      do l = 1, 5
        do m = 1, 5
          lhs(m, l, i) = u(m, i + 1) * l
        end do
      end do
    end do
    do i = 1, n
      call rowsum(lhs(1, 1, i), v(1, j))
    end do
  end do
end subroutine

subroutine rowsum(a, y)
  real :: a(5, 5), y(5)
  integer :: m
  do m = 1, 5
    y(m) = y(m) + a(m, 1) + a(m, 5)
  end do
end subroutine
