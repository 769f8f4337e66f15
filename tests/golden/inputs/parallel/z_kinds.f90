module z_kinds
  integer, parameter :: wp = selected_real_kind(15, 307)
end module z_kinds
