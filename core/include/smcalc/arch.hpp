// smcalc/arch.hpp - per compute capability rules (what NVIDIA's occupancy rules key on CC, not on a device).
//
// One row per CC, written out in full (no inheritance between rows). Sources are keys into
// ../shared/reference/gpu-facts.md (PG13, PG11, OCC = CUDA 13.0 include/cuda_occupancy.h, ...), repeated in
// docs/sources.md. All sizes are bytes, all counts are per SM unless the name says otherwise.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "smcalc/error.hpp"

namespace smcalc {

struct ComputeCapability {
    int major = 0;
    int minor = 0;
    friend constexpr bool operator==(ComputeCapability, ComputeCapability) = default;
};

struct ArchRules {
    ComputeCapability cc;
    std::string_view family;          // "Hopper", "Blackwell", ...
    int warp_size;                    // threads per warp
    int max_threads_per_block;        // threads
    int max_warps_per_sm;             // warps
    int max_threads_per_sm;           // threads (= max_warps_per_sm * warp_size)
    int max_blocks_per_sm;            // CTAs resident per SM (OCC cudaOccMaxBlocksPerMultiprocessor)
    int regs_per_sm;                  // 32-bit registers
    int regs_per_block;               // 32-bit registers a single CTA may hold
    int max_regs_per_thread;          // what ptxas will allocate (programming guide: 255)
    int max_regs_per_thread_occ;      // what OCC accepts before answering 0 blocks (255 or 256, disagreement 3)
    int reg_alloc_unit;               // registers: per-warp allocation rounds up to this
    int sub_partitions;               // SM sub-partitions (warp schedulers) the register file is split over
    int smem_alloc_granularity;       // bytes: a CTA's shared memory rounds up to this
    int reserved_smem_per_block;      // bytes the driver reserves per CTA (1 KB from CC 8.0)
    int smem_per_sm;                  // bytes of shared memory per SM at the largest carveout
    int smem_per_block;               // bytes per CTA without opt-in (48 KB everywhere)
    int smem_per_block_optin;         // bytes per CTA with cudaFuncAttributeMaxDynamicSharedMemorySize
    std::array<int, 10> carveouts_kib;// supported shared-memory carveouts in KiB, ascending; unused = -1
    int carveout_count;               // 0: fixed shared memory (no carveout, CC < 7.0)
    int barrier_factor;               // OCC block-barrier budget = factor * max_blocks_per_sm
    bool barrier_limit_applies;       // OCC applies the barrier budget only from CC 9.0
    int barriers_per_block;           // named barriers per CTA (bar.sync ids 0..15, PTX ISA)
    bool has_tmem;                    // Blackwell tensor memory (tcgen05) present
    int tmem_columns;                 // 32-bit columns of TMEM per CTA (x 128 lanes), 0 if none
    std::string_view source;          // source keys for the figures above

    std::span<const int> carveouts() const {
        return {carveouts_kib.data(), static_cast<std::size_t>(carveout_count)};
    }
    // cudaOccAlignUpShmemSizeVoltaPlus: the smallest supported carveout holding `bytes`, in bytes; -1 if none
    // does (and for CCs without a carveout).
    int64_t carveout_at_least(int64_t bytes) const {
        for (int c : carveouts())
            if (int64_t{c} * 1024 >= bytes) return int64_t{c} * 1024;
        return -1;
    }
};

// Every modelled CC, ascending.
std::span<const ArchRules> all_arch_rules();

// Rules for a CC. CC 10.1 is accepted as the old name of 11.0 (Thor). Unknown CC: ErrorId::UnknownArch.
Expected<const ArchRules*> find_arch(ComputeCapability cc);

// "8.0" / "sm_80" / "80" -> {8,0}. InvalidInput with the accepted forms on anything else.
Expected<ComputeCapability> parse_cc(std::string_view text);

}  // namespace smcalc
