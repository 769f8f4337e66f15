#define M 8
program plain
  integer :: k(M)
  k = 0
end program plain
