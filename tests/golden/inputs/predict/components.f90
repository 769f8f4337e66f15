! components.f90 -- dvmh-predict golden input: loop bounds that are components of derived-type
! variables (chunk%tiles(tile)%t_xmax, as CloverLeaf and TeaLeaf write them).
module chunks
  type tile_type
    integer :: t_xmin, t_xmax
  end type tile_type
  type chunk_type
    type(tile_type) :: tiles(4)
  end type chunk_type
  type(chunk_type) :: chunk
end module chunks

subroutine clear(a, tile)
  use chunks
  integer :: tile, j
  real :: a(1000)
  do j = chunk%tiles(tile)%t_xmin, chunk%tiles(tile)%t_xmax + 2
    a(j) = 0.0
  end do
end subroutine clear
