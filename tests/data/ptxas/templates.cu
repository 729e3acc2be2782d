// templates.cu - kernels whose names need demangling (issue 21): two instantiations of a template, a kernel
// templated on a lambda, kernels in a namespace and in an anonymous namespace, and an extern "C" kernel.
// The outputs of the commands in README.md are committed next to it; nothing here is run.
#include <cstdio>

template <int BLOCK>
__global__ void reduce(const float* in, float* out, int n) {
    __shared__ float buf[BLOCK];
    float v = 0.f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) v += in[i];
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

template <typename F>
__global__ void apply(F f, float* data, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = f(data[i]);
}

namespace physics {
namespace detail {
__global__ void step(float* x, const float* v, float dt, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += v[i] * dt;
}
}  // namespace detail
}  // namespace physics

namespace {
__global__ void hidden(int* p) { p[threadIdx.x] = threadIdx.x; }
}  // namespace

extern "C" __global__ void plain_c(float* p, float a) { p[threadIdx.x] *= a; }

void launch_all(const float* in, float* out, float* x, const float* v, int* ip, int n) {
    reduce<512><<<1, 512>>>(in, out, n);
    reduce<256><<<1, 256>>>(in, out, n);
    const float scale = 2.f;
    apply<<<1, 256>>>([=] __device__(float a) { return a * scale; }, out, n);
    physics::detail::step<<<1, 256>>>(x, v, 0.1f, n);
    hidden<<<1, 32>>>(ip);
    plain_c<<<1, 32>>>(out, 3.f);
}
