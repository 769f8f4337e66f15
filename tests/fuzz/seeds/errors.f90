program errors
  do i = 1, 10
    a(i = 1
  end if
  x = ((((((((1))))))))
  y = 'unterminated
  call f(,)
  goto 99999
99999 continue
123456 continue
  do 0 i = 1, 2
0 continue
end do
end program
end
