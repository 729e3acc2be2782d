// One CUTLASS 3.x/4.x GEMM kernel, built from its collective builders, for scripts/record-cutlass.sh.
// The configuration comes from -D macros (PROBE_ARCH 90|100, PROBE_SCHED, PROBE_ELEM, PROBE_TM/TN/TK,
// PROBE_CM/CN, PROBE_STAGES 0 = StageCountAutoCarveout). Taking the address of device_kernel<GemmKernel> makes
// nvcc compile the kernel (ptxas -v reports it); main() prints the host-side constants the tile model is
// compared with as key=value lines. Nothing here runs on a GPU.
#include <cstdio>
#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/numeric_types.h"
#include "probe_elem.hpp"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/device_kernel.h"

using namespace cute;

using LayoutA = cutlass::layout::RowMajor;
using LayoutB = cutlass::layout::ColumnMajor;
using LayoutC = cutlass::layout::ColumnMajor;

using TileShape = Shape<Int<PROBE_TM>, Int<PROBE_TN>, Int<PROBE_TK>>;
using ClusterShape = Shape<Int<PROBE_CM>, Int<PROBE_CN>, _1>;

#if PROBE_ARCH == 90
using Arch = cutlass::arch::Sm90;
#  if PROBE_SCHED == 1  // cooperative
using MainSched = cutlass::gemm::KernelTmaWarpSpecializedCooperative;
using EpiSched = cutlass::epilogue::TmaWarpSpecializedCooperative;
#  else                 // ping-pong
using MainSched = cutlass::gemm::KernelTmaWarpSpecializedPingpong;
using EpiSched = cutlass::epilogue::TmaWarpSpecialized;
#  endif
#else
using Arch = cutlass::arch::Sm100;
#  if PROBE_SCHED == 3  // 1-SM tcgen05
using MainSched = cutlass::gemm::KernelTmaWarpSpecialized1SmSm100;
using EpiSched = cutlass::epilogue::TmaWarpSpecialized1Sm;
#  else                 // 2-SM tcgen05 (cta_group::2), TileShape is the pair's MMA tile
using MainSched = cutlass::gemm::KernelTmaWarpSpecialized2SmSm100;
using EpiSched = cutlass::epilogue::TmaWarpSpecialized2Sm;
#  endif
#endif

using CollectiveEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    Arch, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, Acc, Acc,
    Elem, LayoutC, Align, Elem, LayoutC, Align, EpiSched>::CollectiveOp;

#if PROBE_STAGES == 0
using Stages = cutlass::gemm::collective::StageCountAutoCarveout<
    static_cast<int>(sizeof(typename CollectiveEpilogue::SharedStorage))>;
#else
using Stages = cutlass::gemm::collective::StageCount<PROBE_STAGES>;
#endif

using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    Arch, cutlass::arch::OpClassTensorOp, Elem, LayoutA, Align, Elem, LayoutB, Align, Acc,
    TileShape, ClusterShape, Stages, MainSched>::CollectiveOp;

using GemmKernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop,
                                                        CollectiveEpilogue>;

// The epilogue's C and D buffer counts sit in its dispatch policy's template arguments (the members are private).
template <class P> struct EpiStages { static constexpr int c = -1, d = -1; };
template <template <int, int, int, bool, bool> class P, int C, int D, int F, bool R, bool T>
struct EpiStages<P<C, D, F, R, T>> { static constexpr int c = C, d = D; };

int main() {
    std::printf("kernel_ptr=%p\n", reinterpret_cast<void*>(&cutlass::device_kernel<GemmKernel>));
    std::printf("stages=%d\n", int(CollectiveMainloop::DispatchPolicy::Stages));
    std::printf("smem_kernel=%zu\n", sizeof(typename GemmKernel::SharedStorage));
    std::printf("smem_epilogue=%zu\n", sizeof(typename CollectiveEpilogue::SharedStorage));
    std::printf("smem_epilogue_tensors=%zu\n", sizeof(typename CollectiveEpilogue::TensorStorage));
    std::printf("smem_mainloop_tensors=%zu\n", sizeof(typename CollectiveMainloop::TensorStorage));
    std::printf("smem_mainloop_pipeline=%zu\n", sizeof(typename CollectiveMainloop::PipelineStorage));
    std::printf("smem_pipelines=%zu\n", sizeof(typename GemmKernel::SharedStorage::PipelineStorage));
    std::printf("max_threads=%u\n", unsigned(GemmKernel::MaxThreadsPerBlock));
    std::printf("min_blocks=%u\n", unsigned(GemmKernel::MinBlocksPerMultiprocessor));
    std::printf("epi_tile_m=%d\n", int(size<0>(typename CollectiveEpilogue::EpilogueTile{})));
    std::printf("epi_tile_n=%d\n", int(size<1>(typename CollectiveEpilogue::EpilogueTile{})));
    std::printf("epi_stages_c=%d\n", EpiStages<typename CollectiveEpilogue::DispatchPolicy>::c);
    std::printf("epi_stages_d=%d\n", EpiStages<typename CollectiveEpilogue::DispatchPolicy>::d);
#if PROBE_ARCH == 90
    std::printf("load_regs=%u\n", unsigned(GemmKernel::LoadRegisterRequirement));
    std::printf("mma_regs=%u\n", unsigned(GemmKernel::MmaRegisterRequirement));
    std::printf("mma_threads=%u\n", unsigned(GemmKernel::NumMMAThreads));
#else
    std::printf("acc_stages=%u\n", unsigned(GemmKernel::AccumulatorPipelineStageCount));
    std::printf("sched_stages=%u\n", unsigned(GemmKernel::SchedulerPipelineStageCount));
    std::printf("epilogue_threads=%u\n", unsigned(GemmKernel::NumEpilogueThreads));
#endif
    return 0;
}
