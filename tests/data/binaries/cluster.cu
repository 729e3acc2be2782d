// Thread block clusters (sm_90+): __cluster_dims__ and static shared memory with two named barriers' worth of
// __syncthreads; tests/data/binaries (make.sh).
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128) pair(float* o) {
    __shared__ float s[1000];
    s[threadIdx.x] = o[threadIdx.x];
    __syncthreads();
    o[threadIdx.x] = s[127 - threadIdx.x] + s[(threadIdx.x * 3) % 1000];
}
extern "C" __global__ void __cluster_dims__(4, 2, 1) quad(float* o) { o[threadIdx.x] += 1.0f; }
