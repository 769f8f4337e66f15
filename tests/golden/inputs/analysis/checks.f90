! User PARALLEL directives checked against the analysis: one mistake per loop, then a right one.
subroutine checks(n, idx, a, b, c, s, t)
  integer, intent(in) :: n, idx(n)
  real :: a(n), b(n), c(0:n+1, 0:n+1), s, t, x
  integer :: i, j
!DVM$ PARALLEL (I) ON A(I)
  do i = 1, n
    s = s + a(i)
  end do
!DVM$ PARALLEL (I) ON A(I), REDUCTION(PRODUCT(S))
  do i = 1, n
    s = s + a(i)
  end do
!DVM$ PARALLEL (I) ON B(I)
  do i = 1, n
    x = a(i) * 2
    b(i) = x
  end do
!DVM$ PARALLEL (I) ON A(I)
  do i = 2, n
    a(i) = a(i-1)
  end do
!DVM$ PARALLEL (J, I) ON C(I, J), ACROSS(C(0:1, 1:1))
  do j = 1, n
    do i = 1, n
      c(i, j) = c(i-1, j) + c(i+1, j) + c(i, j-1) + c(i, j+1)
    end do
  end do
!DVM$ PARALLEL (I) ON A(I)
  do i = 1, n
    print *, a(i)
  end do
!DVM$ PARALLEL (I) ON A(I)
  do i = 1, n
    a(idx(i)) = i
  end do
!DVM$ PARALLEL (I) ON B(I), PRIVATE(X), REDUCTION(SUM(S))
  do i = 1, n
    x = a(i)
    b(i) = x + t
    s = s + x
  end do
end subroutine checks
