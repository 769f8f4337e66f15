subroutine ti
end subroutine ti
