! Free-form Hollerith, DO with a comma, operator interfaces, ENTRY with BIND(C), WRITE with a comma.
module strings
  interface operator(//)
    module procedure join
  end interface operator(//)
contains
  function join(a, b)
    integer, intent(in) :: a, b
    integer :: join
    join = a * 10 + b
  end function join
  subroutine sub(x)
    integer :: x
    x = 1
    entry alias(x) bind(c, name="alias_c")
    x = 2
  end subroutine sub
end module strings
program forms
  integer :: i, k(4)
  do, i = 1, 4
    k(i) = i
  end do
  if (k(1) .eq. 1) write (*, *), 4habcd
end program forms
