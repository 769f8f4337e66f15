module m
contains
module m
end module
subroutine s
end subroutine
end module
