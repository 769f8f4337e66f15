! Nothing but comments and blank lines.

   ! an indented comment
!DIR$ not a directive we know either
