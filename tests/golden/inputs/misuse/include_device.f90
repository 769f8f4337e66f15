! An INCLUDE naming a device: read, it would never end.
program include_device
  include '/dev/zero'
end program include_device
