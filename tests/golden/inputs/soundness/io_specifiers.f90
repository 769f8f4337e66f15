! What I/O statements set besides their input items: IOSTAT=, IOMSG=, SIZE=, NEWUNIT=, the
! answers of an INQUIRE, and the CHARACTER variable an internal WRITE writes into.
subroutine io_specifiers(n, names, path)
  implicit none
  integer, intent(in) :: n
  character(len=8), intent(inout) :: names(n)
  character(len=*), intent(in) :: path
  character(len=80) :: msg, tag
  integer :: u, ios, k, nread
  logical :: there
  inquire (file=path, exist=there)
  open (newunit=u, file=path, iostat=ios, iomsg=msg)
  read (u, '(a8)', advance='no', size=nread, iostat=ios) tag
  write (tag, '(i8)') n
  write (unit=names(1), fmt='(a)') tag
  write (tag(1:4), '(i4)') k
  read (tag, *) k
  write (*, *) tag, ios
  close (u)
end subroutine io_specifiers
