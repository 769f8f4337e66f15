! Components of a type a SELECT TYPE block's guard names (TYPE IS (t), CLASS IS (t)): in the
! block the selector is of type t, and t's components are its own (RTE+RRTMGP's
! optical_props%ssa(icol, ilay, igpt) in TYPE IS (ty_optical_props_2str), ssa a component of
! the extension only). A POINTER component of t may point at any TARGET.
module select_type_types
  type, abstract :: props_t
    real, allocatable :: tau(:, :)
  end type
  type, extends(props_t) :: two_stream_t
    real, allocatable :: ssa(:, :)
  end type
  type, abstract :: fluxes_t
  end type
  type, extends(fluxes_t) :: broadband_t
    real, pointer :: up(:, :) => null(), dn(:, :) => null(), net(:, :) => null()
  end type
  type :: holder_t
    class(props_t), allocatable :: props
  end type
  ! A pointer component inherited from the parent type.
  type :: pointed_t
    real, pointer :: values(:) => null()
  end type
  type, extends(pointed_t) :: pointed_more_t
    integer :: count = 0
  end type
contains
  subroutine guarded_components(props, a, n, m)
    class(props_t), intent(inout) :: props
    integer :: n, m, i, j
    real :: a(n, m)
    select type (props)
    type is (two_stream_t)
      do j = 1, m
        do i = 1, n
          props%tau(i, j) = a(i, j)
          props%ssa(i, j) = a(i, j) * 0.5
        end do
      end do
    class default
      do j = 1, m
        do i = 1, n
          props%tau(i, j) = a(i, j)
        end do
      end do
    end select
  end subroutine guarded_components

  ! The selector named: select type (p => h%props).
  subroutine guarded_associate_name(h, a, n, m)
    type(holder_t), intent(inout) :: h
    integer :: n, m, i, j
    real :: a(n, m)
    select type (p => h%props)
    class is (two_stream_t)
      do j = 1, m
        do i = 1, n
          p%ssa(i, j) = a(i, j) * 0.5
        end do
      end do
    end select
  end subroutine guarded_associate_name

  ! dn_loc points at fluxes%dn or at an array of its own: fluxes%net, a POINTER component of
  ! the guard's type, may be the same storage.
  subroutine guarded_pointer_components(fluxes, n, m, own)
    class(fluxes_t), intent(inout) :: fluxes
    integer :: n, m, i, j
    logical :: own
    real, pointer :: dn_loc(:, :)
    select type (fluxes)
    type is (broadband_t)
      if (own) then
        allocate (dn_loc(n, m))
        dn_loc = 0.0
      else
        dn_loc => fluxes%dn
      end if
      do j = 1, m
        do i = 1, n
          fluxes%net(i, j) = dn_loc(i, j) - fluxes%up(i, j)
        end do
      end do
    end select
  end subroutine guarded_pointer_components

  ! p%values, inherited from pointed_t, may point at w.
  subroutine inherited_pointer_component(p, w, n)
    type(pointed_more_t), intent(inout) :: p
    integer :: n, i
    real, target :: w(n)
    do i = 2, n
      p%values(i) = w(i - 1)
    end do
  end subroutine inherited_pointer_component
end module select_type_types
