subroutine te
end subroutine te
