#define N 1000
