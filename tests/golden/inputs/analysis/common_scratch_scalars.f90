! COMMON scalars a loop writes before it reads them in every iteration (tmp1, tmp2 of the scratch
! blocks OpenMP codes make THREADPRIVATE): private when no procedure of the program reads one but
! after writing it itself.
program main
  real :: u(5, 100), t4, m1, m2
  common /fields/ u
  common /s4/ t4
  common /s1/ m1, m2  ! not read here: the calls' reads are solve1's and other1's, after their writes
  u = 1.0
  call solve1(100)
  call other1
  call solve2(100)
  call other2
  call solve3(100)
  call other3(100)
  call solve4(100)
  print *, t4
  print *, u(1, 1)
end program

! Scratch in both procedures that use it: private.
subroutine solve1(n)
  integer :: n, i
  real :: u(5, 100), tmp1, tmp2
  common /fields/ u
  common /s1/ tmp1, tmp2
  do i = 1, n
    tmp1 = u(1, i) * 2.0
    tmp2 = tmp1 + u(2, i)
    u(3, i) = tmp1 * tmp2
  end do
end subroutine

subroutine other1
  real :: u(5, 100), t1, t2
  common /fields/ u
  common /s1/ t1, t2
  t1 = u(1, 1)
  if (t1 > 0.0) then
    t2 = 1.0
  else
    t2 = 2.0
  end if
  u(4, 1) = t1 + t2
end subroutine

! Another procedure reads it before writing it.
subroutine solve2(n)
  integer :: n, i
  real :: u(5, 100), tmp
  common /fields/ u
  common /s2/ tmp
  do i = 1, n
    tmp = u(1, i) * 2.0
    u(3, i) = tmp
  end do
end subroutine

subroutine other2
  real :: u(5, 100), t
  common /fields/ u
  common /s2/ t
  if (u(1, 1) > 0.0) t = 1.0
  u(4, 1) = t
end subroutine

! Another procedure writes it, calls the loop's procedure, then reads it.
subroutine solve3(n)
  integer :: n, i
  real :: u(5, 100), tmp
  common /fields/ u
  common /s3/ tmp
  do i = 1, n
    tmp = u(1, i) * 2.0
    u(3, i) = tmp
  end do
end subroutine

subroutine other3(n)
  integer :: n
  real :: u(5, 100), t
  common /fields/ u
  common /s3/ t
  t = 1.0
  call solve3(n)
  u(4, 1) = t
end subroutine

! The main program prints it after the call.
subroutine solve4(n)
  integer :: n, i
  real :: u(5, 100), tmp
  common /fields/ u
  common /s4/ tmp
  do i = 1, n
    tmp = u(1, i) * 2.0
    u(3, i) = tmp
  end do
end subroutine
