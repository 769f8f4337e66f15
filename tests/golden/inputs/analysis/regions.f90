! Where the REGION of the kernels inside a sequential time loop goes.
subroutine only_kernels(a, b, n)
  integer :: n, it, i
  real :: a(n), b(n)
  do it = 1, 100
    do i = 1, n
      b(i) = a(i) * 2
    end do
    do i = 1, n
      a(i) = b(i) + 1
    end do
  end do
end subroutine only_kernels

subroutine bound_from_an_array(a, b, lim, n)
  integer :: n, it, i, lim(2)
  real :: a(n), b(n)
  do it = 1, 100
    do i = 1, lim(1)
      a(i) = b(i) * it
    end do
  end do
end subroutine bound_from_an_array

subroutine host_work(a, n)
  integer :: n, it, i
  real :: a(n), total
  do it = 1, 100
    do i = 1, n
      a(i) = a(i) + 1
    end do
    total = a(1)
  end do
  print *, total
end subroutine host_work
