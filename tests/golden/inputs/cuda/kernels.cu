// CUDA C written by sapfor-cuda: one kernel per parallel loop nest, one thread per iteration,
// with dvmh-predict's block and 1-D grid (MODEL.md section 3).

/// x**n for an integer n (Fortran's power with an integer exponent): square and multiply; with a
/// constant n the loop unrolls.
template <typename T>
__device__ __forceinline__ T sapfor_ipow(T x, int n)
{
  T result = 1;
  for (unsigned k = n < 0 ? 0u - (unsigned)n : (unsigned)n; k != 0; k >>= 1, x *= x)
    if (k & 1) result *= x;
  return n < 0 ? T(1) / result : result;
}

// smooth:1: kernels.f90 lines 13-27, the nest (i) (user directive)
// one thread per iteration: i <-> x; block 448,1,1, a 1-D grid of 65535 blocks (capped: each thread runs 2 iterations)
// dvmh-predict (Tesla C2050): 19 registers per thread
extern "C" __global__ void smooth_1(int n, float* __restrict__ y, const float* __restrict__ x, int* __restrict__ flags, double* __restrict__ total_global)
{
  int i;
  float t;
  int k;
  const int n_i = max(0, n - 1 + 1);
  double total = 0.0;
  const int tiles_i = (n_i + (int)blockDim.x - 1) / (int)blockDim.x;
  for (long long first_tile = blockIdx.x; first_tile < (long long)tiles_i; first_tile += gridDim.x) {
    long long tile = first_tile;
    const int t_i = (int)(tile % tiles_i) * (int)blockDim.x + (int)threadIdx.x;
    if (t_i >= n_i) continue;
    i = 1 + t_i;
    t = 0.0f;
    for (k = 4; k >= 1; k -= 2) {
      t = t + y[i - 1 + (long long)n * (k - 1)] * 0.5f;
    }
    if (t > 1.0f) {
      y[i - 1 + (long long)n * (1 - 1)] = sqrtf(t);
    } else if (t < -1.0f) {
      y[i - 1 + (long long)n * (1 - 1)] = -fabsf(t);
    } else {
      y[i - 1 + (long long)n * (1 - 1)] = fmaxf(t, fmaxf(x[(long long)(i - 1)], (float)(i % 3)));
    }
    flags[(long long)(i - 1)] = (int)t == 0 && !(x[(long long)(i)] > 0.0f);
    total = total + sapfor_ipow<double>((double)t, 2);
  }
  atomicAdd(total_global, total);
}

extern "C" void launch_smooth_1(int n, float* y, const float* x, int* flags, double* total_global)
{
  smooth_1<<<65535, dim3(448, 1, 1)>>>(n, y, x, flags, total_global);
}

// calls:1: not translatable: it calls the function half (its body is not translated)
