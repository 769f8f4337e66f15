C     Nothing but comments, in each of the fixed-form spellings.
c     lower-case c
*     star
!     bang
D     a debug line counts as a comment

