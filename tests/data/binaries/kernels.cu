// Kernels for tests/data/binaries (make.sh): templates, launch bounds, static and dynamic shared memory, barriers,
// a device function. Each figure ptxas -v prints for them is compared with what smcalc reads from the binaries.
template <int N>
__global__ void __launch_bounds__(256, 2) reduce(const float* in, float* out) {
    __shared__ float s[N];
    s[threadIdx.x % N] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
#pragma unroll 1
    for (int w = N / 2; w > 0; w /= 2) {
        if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
template __global__ void reduce<64>(const float*, float*);
template __global__ void reduce<512>(const float*, float*);

// Dynamic shared memory only: no static shared memory in the binary.
extern "C" __global__ void scale_dyn(float* x, float a) {
    extern __shared__ float d[];
    d[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = a * d[blockDim.x - 1 - threadIdx.x];
}

namespace ns {
template <typename T>
__global__ void __launch_bounds__(128) fill(T* p, T v, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] = v;
}
template __global__ void fill<double>(double*, double, int);
}  // namespace ns

// A local array indexed at run time: a stack frame.
__global__ void lookup(const int* idx, float* out) {
    float t[32];
#pragma unroll 1
    for (int i = 0; i < 32; ++i) t[i] = out[i] * i;
    out[threadIdx.x] = t[idx[threadIdx.x] & 31];
}
