module outer
contains
  subroutine s
  end subroutine s
module inner
  integer :: k
end module inner
