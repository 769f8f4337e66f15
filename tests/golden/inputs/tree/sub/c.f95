subroutine tc
end subroutine tc
