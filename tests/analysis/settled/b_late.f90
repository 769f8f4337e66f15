! Loaded after a_callers.f90: a module procedure takes the call to scale (module procedures come
! before external ones), and later_one gets a body.
module late_scale
  real :: calls_made = 0.0
contains
  subroutine scale(x, f)
    real :: x, f
    x = x * f
    calls_made = calls_made + 1.0
  end subroutine scale
end module late_scale

subroutine later_one(x)
  real :: x
  print *, x
end subroutine later_one
