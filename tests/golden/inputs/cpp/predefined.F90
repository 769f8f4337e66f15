! __LINE__ and __FILE__, which cpp defines in every file it reads: error reports use them.
subroutine check(a, n)
  integer :: n, i
  real :: a(n)
  do i = 1, n
    if (a(i) < 0) call fail(__FILE__, __LINE__)
  end do
end subroutine check
