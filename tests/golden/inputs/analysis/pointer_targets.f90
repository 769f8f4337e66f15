! Pointer components set in a loop (CLOUDSC's field_init_state, CVMix's drivers): a pointer
! assignment sets the pointer itself, and reads where its target is.
module pointer_targets
  type view
    real, pointer :: t(:, :) => null()
    real, pointer :: a(:, :) => null()
  end type
contains
  ! Each block's views into its own slice: parallel.
  subroutine views(state, buffer, nb)
    integer :: nb, b
    type(view) :: state(nb)
    real, target :: buffer(:, :, :, :)
    do b = 1, nb
      state(b)%t => buffer(:, :, 1, b)
      state(b)%a => buffer(:, :, 2, b)
    end do
  end subroutine

  ! One pointer for every iteration: the last one's target stays.
  subroutine same_pointer(state, buffer, nb)
    integer :: nb, b
    type(view) :: state(nb)
    real, target :: buffer(:, :, :, :)
    do b = 1, nb
      state(1)%t => buffer(:, :, 1, b)
    end do
  end subroutine

  ! Points where the previous iteration's pointer points.
  subroutine chained(state, buffer, nb)
    integer :: nb, b
    type(view) :: state(nb)
    real, target :: buffer(:, :, :, :)
    do b = 2, nb
      state(b)%t => buffer(:, :, 1, b)
      state(b)%a => state(b - 1)%t
    end do
  end subroutine

  ! Every view on one slice, then written through: all write buffer(1, 1, 1, 1).
  subroutine written_through(state, buffer, nb)
    integer :: nb, b
    type(view) :: state(nb)
    real, target :: buffer(:, :, :, :)
    do b = 1, nb
      state(b)%t => buffer(:, :, 1, 1)
      state(b)%t(1, 1) = real(b)
    end do
  end subroutine

  ! The target's subscript is the value k had in the previous iteration.
  subroutine previous_slice(state, buffer, nb)
    integer :: nb, b, k
    type(view) :: state(nb)
    real, target :: buffer(:, :, :, :)
    k = 1
    do b = 1, nb
      state(b)%t => buffer(:, :, 1, k)
      k = b
    end do
  end subroutine
end module
