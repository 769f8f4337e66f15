subroutine sweep(u, rhs, grid_points)
  integer :: grid_points(3), i, j, k, m
  double precision :: u(5, 0:64, 0:64, 0:64), rhs(5, 0:64, 0:64, 0:64), ue(0:64, 5)
  do k = 1, grid_points(3) - 2
    do j = 1, grid_points(2) - 2
      do i = 0, grid_points(1) - 1
        do m = 1, 5
          ue(i, m) = u(m, i, j, k)
        end do
      end do
      do i = 1, grid_points(1) - 2
        do m = 1, 5
          rhs(m, i, j, k) = ue(i + 1, m) - ue(i - 1, m)
        end do
      end do
    end do
  end do
end subroutine sweep

subroutine changed(u, rhs, g)
  integer :: g(3), i, j
  double precision :: u(0:64, 64), rhs(0:64, 64), ue(0:64)
  do j = 1, g(2)
    do i = 0, g(1) - 1
      ue(i) = u(i, j)
    end do
    g(1) = g(1) + 1
    do i = 1, g(1) - 2
      rhs(i, j) = ue(i + 1) - ue(i - 1)
    end do
  end do
end subroutine changed

subroutine bump(g)
  integer :: g(3)
  g(1) = g(1) + 1
end subroutine bump

subroutine passed(u, rhs, g)
  integer :: g(3), i, j
  double precision :: u(0:64, 64), rhs(0:64, 64), ue(0:64)
  do j = 1, g(2)
    do i = 0, g(1) - 1
      ue(i) = u(i, j)
    end do
    call bump(g)
    do i = 1, g(1) - 2
      rhs(i, j) = ue(i + 1) - ue(i - 1)
    end do
  end do
end subroutine passed

subroutine in_common(u, rhs)
  integer :: gp(3), i, j
  common /sizes/ gp
  double precision :: u(0:64, 64), rhs(0:64, 64), ue(0:64)
  do j = 1, gp(2)
    do i = 0, gp(1) - 1
      ue(i) = u(i, j)
    end do
    call elsewhere(j)
    do i = 1, gp(1) - 2
      rhs(i, j) = ue(i + 1) - ue(i - 1)
    end do
  end do
end subroutine in_common

subroutine in_common_kept(u, rhs)
  integer :: gp(3), i, j
  common /sizes/ gp
  double precision :: u(0:64, 64), rhs(0:64, 64), ue(0:64)
  do j = 1, gp(2)
    do i = 0, gp(1) - 1
      ue(i) = u(i, j)
    end do
    do i = 1, gp(1) - 2
      rhs(i, j) = ue(i + 1) - ue(i - 1)
    end do
  end do
end subroutine in_common_kept
