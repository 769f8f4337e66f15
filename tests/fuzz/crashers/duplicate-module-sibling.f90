module m
integer x
end module
module m
end module
