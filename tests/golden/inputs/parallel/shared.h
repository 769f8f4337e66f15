#define SIZE_V 32
