! PRIVATE names stay in their module; PUBLIC ones and the rest of a default-public module are used.
module store
  implicit none
  private
  integer, public, parameter :: n = 5
  integer :: index(n)
  real, public :: data(n)
  public :: fill
contains
  subroutine fill()
    index = 1
  end subroutine fill
end module store
program user
  use store
  implicit none
  integer :: index(n)
  index = 0
  data = 1
  call fill()
end program user
