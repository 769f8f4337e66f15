/* comments.h: a header in the style of C, included by comments.F and comments.F90. Its comments
   go the way cpp -traditional takes them out, and nothing of them reaches the Fortran. */
#define M 3  /* a comment after a macro's value is not part of it */
#define PASTE 1/**/2
#define LONG 5 /* a comment that goes on
                  to the next line ends the directive there */
      INTEGER MM, PP, LL
      PARAMETER (MM = M, PP = PASTE, LL = LONG)  /* after a statement */
