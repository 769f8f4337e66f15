! decls.inc and sweep.inc are not beside this file: they are found through -I include.
program include_main
  include 'decls.inc'
  n = 4
  include 'sweep.inc'
  print *, w(n)
end program include_main
