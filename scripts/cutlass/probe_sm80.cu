// One CUTLASS 2.x multistage GEMM kernel (cutlass::gemm::device::Gemm, OpClassTensorOp, ArchTag Sm80: cp.async
// into a kStages-deep shared-memory ring, mma.sync, every warp both loads and computes) for
// scripts/record-cutlass-sm80.sh. The configuration comes from -D macros: PROBE_ELEM 16 (half) | 17 (bf16),
// PROBE_TM/TN/TK (threadblock tile), PROBE_WM/WN/WK (warp tile), PROBE_STAGES. Instruction shape 16x8x16
// (mma.sync.m16n8k16, the f16/bf16 tensor-core instruction of SM80), A row-major, B column-major, C/D row-major,
// 128-bit alignment, fp32 accumulate and LinearCombination epilogue. Taking the address of
// cutlass::Kernel<GemmKernel> makes nvcc compile the kernel (ptxas -v reports it); main() prints the host-side
// constants the tile model is compared with as key=value lines. Nothing here runs on a GPU.
#include <cstdio>
#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "probe_elem.hpp"
#include "cutlass/gemm/device/gemm.h"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/device_kernel.h"

using Gemm = cutlass::gemm::device::Gemm<
    Elem, cutlass::layout::RowMajor, Elem, cutlass::layout::ColumnMajor, Elem, cutlass::layout::RowMajor, Acc,
    cutlass::arch::OpClassTensorOp, cutlass::arch::Sm80,
    cutlass::gemm::GemmShape<PROBE_TM, PROBE_TN, PROBE_TK>, cutlass::gemm::GemmShape<PROBE_WM, PROBE_WN, PROBE_WK>,
    cutlass::gemm::GemmShape<16, 8, 16>, cutlass::epilogue::thread::LinearCombination<Elem, Align, Acc, Acc>,
    cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<>, PROBE_STAGES, Align, Align>;
using GemmKernel = typename Gemm::GemmKernel;
using Mma = typename GemmKernel::Mma;
using Epilogue = typename GemmKernel::Epilogue;
using MmaStorage = typename Mma::SharedStorage;

int main() {
    std::printf("kernel_ptr=%p\n", reinterpret_cast<void*>(&cutlass::Kernel<GemmKernel>));
    std::printf("stages=%d\n", int(Mma::kStages));
    std::printf("threads=%d\n", int(GemmKernel::kThreadCount));
    std::printf("warps_m=%d\nwarps_n=%d\nwarps_k=%d\n", int(GemmKernel::WarpCount::kM),
                int(GemmKernel::WarpCount::kN), int(GemmKernel::WarpCount::kK));
    std::printf("warp_k_iterations=%d\n", int(Mma::kWarpGemmIterations));
    // The kernel launches with sizeof(SharedStorage) bytes of dynamic shared memory (device::Gemm::run).
    std::printf("smem_kernel=%zu\n", sizeof(typename GemmKernel::SharedStorage));
    std::printf("smem_mainloop=%zu\n", sizeof(MmaStorage));
    std::printf("smem_a=%zu\n", sizeof(Elem) * size_t(MmaStorage::ShapeA::kCount));
    std::printf("smem_b=%zu\n", sizeof(Elem) * size_t(MmaStorage::ShapeB::kCount));
    std::printf("smem_epilogue=%zu\n", sizeof(typename Epilogue::SharedStorage));
    return 0;
}
