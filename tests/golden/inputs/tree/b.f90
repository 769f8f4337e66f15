subroutine tb
end subroutine tb
