#define CHECK(a, b) if ((a) /= (b)) stop 1
#define N 8
! Function-like macros expand, their arguments too.
program macros
  integer :: k(N), i
  do i = 1, N
    k(i) = i * i
  end do
  CHECK(k(3), 9)
  CHECK(sum(k), 204)
end program macros
