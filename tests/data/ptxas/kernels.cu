// kernels.cu - small kernels compiled only to capture genuine `ptxas -v` output for tests/unit-ptxas.cpp.
// See README.md in this folder for the exact commands. Never linked into anything.
#include <cstdint>

// 1. Trivial: few registers, no shared memory.
__global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

// 2. Static __shared__ arrays and __syncthreads (one barrier).
__global__ void block_sum(const float* in, float* out, int n) {
    __shared__ float buf[256];
    __shared__ int flags[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = i < n ? in[i] : 0.0f;
    if (threadIdx.x < 32) flags[threadIdx.x] = 0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = buf[0] + static_cast<float>(flags[0]);
}

// 3. Register pressure: a dynamically indexed local array lives in local memory (stack frame), and
//    __launch_bounds__(1024, 2) caps registers at 32 so the unrolled arithmetic spills.
__global__ void __launch_bounds__(1024, 2) heavy(const float* in, float* out, const int* idx, int n) {
    float acc[64];
#pragma unroll
    for (int k = 0; k < 64; ++k) acc[k] = in[(blockIdx.x * 64 + k) % n] * static_cast<float>(k + 1);
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 64; ++k) s += acc[k] * acc[(k * 7) % 64] + acc[idx[k] & 63];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// 4. A template for a long mangled name, with a static shared tile sized by template arguments.
template <typename T, int TILE>
__global__ void transpose_tile(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
    __shared__ T tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < rows && y < cols) out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
template __global__ void transpose_tile<float, 32>(const float*, float*, int, int);
template __global__ void transpose_tile<double, 16>(const double*, double*, int, int);

namespace smcalc_samples {
struct Params {
    int n;
    float alpha;
};
// 5. Named barriers (bar.sync 1 and 2 besides barrier 0) in a namespace, taking a struct by value.
__global__ void named_barriers(float* x, Params p) {
    __shared__ float stage[128];
    stage[threadIdx.x % 128] = x[threadIdx.x] * p.alpha;
    __syncthreads();
    if (threadIdx.x < 64) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        x[threadIdx.x] = stage[(threadIdx.x + 1) % 128];
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        x[threadIdx.x] = stage[(threadIdx.x + 2) % 128] + static_cast<float>(p.n);
    }
}
}  // namespace smcalc_samples

// 6. extern "C": the name is not mangled. Dynamic shared memory only (static smem 0) and __constant__ data.
__constant__ float coeffs[64];
extern "C" __global__ void conv_c(const float* in, float* out, int n) {
    extern __shared__ float dyn[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dyn[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    float s = 0.0f;
    for (int k = 0; k < 64; ++k) s += coeffs[k] * dyn[(threadIdx.x + k) % blockDim.x];
    if (i < n) out[i] = s;
}

// 7. A non-inlined device function: ptxas prints "Function properties" for it too (not a kernel).
__device__ __noinline__ float helper(const float* p, int k) {
    float local[16];
    for (int j = 0; j < 16; ++j) local[j] = p[j] * static_cast<float>(k + j);
    return local[k & 15];
}
__global__ void calls_helper(const float* in, float* out) {
    out[threadIdx.x] = helper(in, static_cast<int>(threadIdx.x));
}
