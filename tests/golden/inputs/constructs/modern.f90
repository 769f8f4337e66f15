! DO CONCURRENT, FORALL (statement and construct), WHERE and array syntax.
program modern
  implicit none
  integer, parameter :: n = 50, m = 20
  real(8) :: a(n, m), b(n, m), c(n)
  integer :: i, j
  do concurrent (j = 1:m, i = 1:n)
    a(i, j) = i + j
  end do
  forall (i = 2:n - 1) c(i) = a(i, 1) * 2
  forall (j = 1:m, i = 1:n:2)
    b(i, j) = a(i, j) / c(i)
  end forall
  b(:, 2) = a(:, 1) + a(:, 3)
  a = 0
  c(1:n:5) = -c(1:n:5)
  where (b > 0) b = sqrt(b)
end program modern
