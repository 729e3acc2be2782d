// smcalc/amd.hpp - AMD Instinct CDNA..CDNA4 (gfx908: MI100; gfx90a: MI250X, MI250, MI210; gfx942: MI300X,
// MI325X; gfx950: MI350X, MI355X): the per-CU budget, occupancy, the next step, and the MFMA tile model.
//
// This is not the NVIDIA solver with renamed fields: a CU's budget is per SIMD (4 per CU), not per CU.
//   - waves are 64 lanes; a SIMD holds at most 8 waves (10 on gfx908);
//   - gfx90a+: one 512-entry-per-lane vector register file per SIMD holds both architectural VGPRs and AGPRs
//     (accumulation VGPRs): a wave takes alignTo(vgprs, 4) + agprs entries, allocated in granules of 8;
//     gfx908: two files of 256 (VGPRs, AGPRs), the larger count binds, granules of 4;
//   - 800 SGPRs per SIMD, allocated per wave in granules of 16;
//   - LDS is per CU and allocated per workgroup in granules (512 B on gfx9 to gfx942, 2 KiB on gfx950);
//   - a workgroup's waves all reside on the same CU, spread over its SIMDs.
// Every rule comes from LLVM's AMDGPU target (AMDGPUBaseInfo.cpp, AMDGPUSubtarget.cpp, GCNSubtarget.cpp,
// AMDGPU.td) and the HIP runtime's occupancy query (clr hipamd/src/hip_platform.cpp); docs/amd.md gives
// each rule, figure and source.
//
// Two figures, both exact for what they describe, are kept side by side:
//   workgroups_per_cu / waves_per_simd   whole workgroups resident per CU: what the hardware runs and what
//                                        hipOccupancyMaxActiveBlocksPerMultiprocessor answers
//   compiler_waves_per_simd              the integer LLVM prints as "Occupancy [waves/SIMD]"
//                                        (-Rpass-analysis=kernel-resource-usage, "; Occupancy:" in .s)
// They differ where a workgroup's waves do not divide evenly over the 4 SIMDs (LLVM rounds the waves per
// CU up to whole waves per SIMD; the hardware cannot hold part of a workgroup) and where LDS granules
// matter (LLVM's compiler figure divides the unrounded LDS size). Both are shown; neither is hidden.
//
// Field names of the inputs are the JSON keys the API uses: "threads", "vgprs", "agprs", "sgprs", "lds",
// "scratch". Errors name the field and its range, as elsewhere (error.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/error.hpp"
#include "smcalc/occupancy.hpp"  // Budget, kMaxInput
#include "smcalc/tile.hpp"       // DType, Basis, TileRow, ProblemSize

namespace smcalc::amd {

// ----- Architecture: one row per gfx target, written out in full -----

struct ArchRules {
    std::string_view gfx;               // LLVM target name: "gfx942", "gfx950", "gfx90a", "gfx908"
    std::string_view family;            // "CDNA3", "CDNA4", "CDNA2", "CDNA"
    std::string_view label;             // why the row exists ("modelled only for the LLVM 19 oracle test", ...)
    int wave_size;                      // lanes per wave (wave64)
    int simds_per_cu;                   // SIMDs (LLVM: EUs) per CU
    int max_waves_per_simd;             // wave slots per SIMD (LLVM getMaxWavesPerEU)
    int vgprs_per_simd;                 // VGPR entries per lane per SIMD (getTotalNumVGPRs): the unified
                                        // VGPR+AGPR file (512, gfx90a+), or each of the two files (256, gfx908)
    bool unified_vgprs;                 // one file for VGPRs and AGPRs (FeatureGFX90AInsts): a wave takes
                                        // alignTo(vgprs, 4) + agprs; false (gfx908): max(vgprs, agprs) of each file
    int max_vgprs;                      // architectural VGPRs a wave can address (v0..v255)
    int max_agprs;                      // AGPRs a wave can address (a0..a255)
    int agpr_offset_granule;            // AGPRs start at alignTo(vgprs, this) (accum_offset granule)
    int vgpr_alloc_granule;             // unified registers are allocated in multiples of this
    int sgprs_per_simd;                 // SGPR file per SIMD (getTotalNumSGPRs)
    int sgpr_alloc_granule;             // SGPRs allocated per wave in multiples of this (getSGPRAllocGranule)
    int max_sgprs;                      // SGPRs per wave incl. VCC, FLAT_SCRATCH, XNACK_MASK (getMaxNumSGPRs)
    int lds_per_cu;                     // bytes of LDS per CU (getLocalMemorySize)
    int lds_per_workgroup;              // bytes one workgroup may allocate (the same on these targets)
    int lds_alloc_granule;              // bytes: a workgroup's LDS rounds up to this (COMPUTE_PGM_RSRC2.LDS_SIZE unit)
    int max_workgroup_size;             // work-items per workgroup (getMaxFlatWorkGroupSize)
    int max_barriers_per_cu;            // workgroups of more than one wave per CU (barrier limit in getMaxWorkGroupsPerCU)
    std::string_view source;            // source keys, resolved in docs/amd.md
};

std::span<const ArchRules> all_arch_rules();
// "gfx942", "GFX942", "gfx942:sramecc+:xnack-" (target-id features are ignored). UnknownArch lists the known ones.
Expected<const ArchRules*> find_arch(std::string_view gfx);

// ----- Products -----

struct GpuSpec {
    std::string_view name;              // canonical name, e.g. "MI355X"
    std::string_view aliases;           // '|'-separated ("Instinct MI355X|AMD Instinct MI355X")
    std::string_view gfx;               // ArchRules::gfx of the chip
    int64_t cu_count;                   // CUs enabled on the product (AMD's figure)
    int64_t xcd_count;                  // accelerator complex dies
    int64_t cus_per_xcd;                // CUs enabled per XCD
    std::optional<int64_t> hbm_bytes;   // HBM capacity, bytes (GiB x 2^30)
    std::optional<double> peak_clock_mhz;  // peak engine clock, MHz
    std::optional<double> mem_bw_gbs;   // HBM bandwidth, GB/s (10^9 B/s)
    std::string_view source;            // source keys (docs/amd.md)
    std::string_view note;              // disagreements between sources, which figure is used and why
    std::string_view die = "XCD";       // what xcd_count counts: "XCD" (CDNA3/CDNA4 accelerator complex die) or
                                        // "GCD" (CDNA/CDNA2 graphics compute die; MI250X's two are two HIP devices)
    const ArchRules& arch() const;      // the row for `gfx` (every product's gfx is modelled: tested)
    std::string dies_text() const;      // "8 XCDs x 38", "2 GCDs x 110", "1 GCD x 120"
};

std::span<const GpuSpec> all_gpus();
// Case-insensitive; spaces, '-' and '_' ignored; aliases count. UnknownGpu on failure (never a fallback).
Expected<const GpuSpec*> find_gpu(std::string_view name);

// ----- Vocabulary: the same idea, each vendor's word -----

enum class Vendor : uint8_t { Nvidia, Amd };
struct Vocabulary {
    std::string_view processor;      // "SM" / "CU"
    std::string_view warp;           // "warp" / "wave"
    std::string_view block;          // "CTA" / "workgroup"
    std::string_view thread;         // "thread" / "work-item"
    std::string_view shared_memory;  // "shared memory" / "LDS"
    std::string_view registers;      // "registers" / "VGPRs"
    std::string_view matrix_unit;    // "tensor core" / "matrix core (MFMA)"
    int warp_size;                   // 32 / 64
};
const Vocabulary& vocabulary(Vendor v);

// A request naming an NVIDIA GPU with an AMD kernel field, or an AMD GPU with an NVIDIA one, gets
// vendor_field_error(): never silently ignored (which vendor reads a key: smcalc::fields::vendor_error).
// InvalidInput naming the field and the GPU: "\"vgprs\" is an AMD field (VGPRs per lane) but H100 SXM5 is an
// NVIDIA GPU; use \"regs\" (registers per thread)". `gpu_is_amd` says which vendor the GPU is.
Error vendor_field_error(std::string_view field, std::string_view gpu_name, bool gpu_is_amd);

// ----- Occupancy -----

struct KernelInput {
    int64_t threads = 256;  // "threads": work-items per workgroup, 1 .. max_workgroup_size (1024); not a
                            // multiple of 64 is allowed: the last wave is partly idle (shown)
    int64_t vgprs = 32;     // "vgprs": architectural VGPRs per lane, 0 .. 256 (LLVM remark "VGPRs")
    int64_t agprs = 0;      // "agprs": accumulation VGPRs per lane, 0 .. 256 (remark "AGPRs")
    int64_t sgprs = 0;      // "sgprs": SGPRs per wave as the compiler counts them (incl. VCC, FLAT_SCRATCH,
                            // XNACK_MASK), 0 .. 112; 0 = not known: no SGPR limit is applied (said in notes)
    int64_t lds = 0;        // "lds": bytes of LDS per workgroup (static group segment + dynamic), 0 .. the
                            // arch's lds_per_workgroup (64 KiB gfx942, 160 KiB gfx950)
    int64_t scratch = 0;    // "scratch": private segment bytes per lane, 0 .. kMaxInput; reported, sets no
                            // occupancy limit in this model (the runtime's scratch pool is per queue)
    int64_t alloc_vgprs = 0;  // not a JSON field: the VGPRs (+ AGPRs) per lane the kernel descriptor allocates
                              // (.amdhsa_next_free_vgpr), when compiler output gives it; the allocation is at
                              // least this (LLVM pads to an amdgpu-waves-per-eu cap: 32 used, 97 allocated);
                              // 0 .. vgprs_per_simd (512 unified, 256 on gfx908); 0 = none
};

enum class Limit : uint8_t { Vgprs, Sgprs, Lds, Workgroups };
inline constexpr std::array<Limit, 4> kLimits = {Limit::Vgprs, Limit::Sgprs, Limit::Lds, Limit::Workgroups};
std::string_view limit_key(Limit l);    // "vgprs", "sgprs", "lds", "workgroups" (JSON names)
std::string_view limit_label(Limit l);  // "VGPRs + AGPRs", "SGPRs", "LDS", "wave slots / workgroup slots"

// What one resource alone allows. nullopt = this resource sets no limit (e.g. lds 0, sgprs 0).
struct LimitCount {
    Limit limit = Limit::Vgprs;
    std::optional<int64_t> waves_per_simd;     // waves per SIMD this resource alone allows (0..8)
    std::optional<int64_t> workgroups_per_cu;  // whole workgroups per CU this resource alone allows
    bool limiting = false;                     // its workgroups_per_cu equals the answer
};

struct OccupancyResult {
    std::string gfx;                    // "gfx942"
    KernelInput input;
    // --- allocation (all exact) ---
    int64_t waves_per_workgroup = 0;    // ceil(threads / 64)
    int64_t lanes_per_workgroup = 0;    // waves x 64 (threads rounded up to whole waves)
    int64_t idle_lanes = 0;             // lanes_per_workgroup - threads
    int64_t unified_vgprs = 0;          // agprs ? alignTo(vgprs, 4) + agprs : vgprs (LLVM getTotalNumVGPRs)
    int64_t vgprs_allocated = 0;        // alignTo(unified, 8) per lane per wave
    int64_t sgprs_allocated = 0;        // alignTo(sgprs, 16) per wave (0 when sgprs is 0)
    int64_t lds_allocated = 0;          // alignTo(lds, granule) per workgroup
    // --- the answer ---
    std::array<LimitCount, 4> limits{};  // kLimits order
    std::vector<Limit> limiting;         // every resource whose workgroup limit equals workgroups_per_cu
    int64_t workgroups_per_cu = 0;       // whole workgroups resident per CU (exact)
    int64_t waves_per_cu = 0;            // workgroups_per_cu x waves_per_workgroup
    double waves_per_simd = 0;           // waves_per_cu / 4 (the average; an integer when waves divide evenly)
    int64_t max_waves_per_simd = 0;      // the SIMD's wave slots (8)
    double occupancy = 0;                // waves_per_cu / (4 x 8), 0..1
    int64_t compiler_waves_per_simd = 0; // LLVM's "Occupancy [waves/SIMD]" for this kernel (exact re-derivation)
    std::vector<Budget> budgets;         // per-resource bars (CU view), same struct as the NVIDIA answer
    std::vector<TileRow> rows;           // every figure with unit and basis (exact / estimate) for display
    std::vector<std::string> derivation; // the arithmetic, one step per line
    std::vector<std::string> notes;      // rounding shown, disagreements with LLVM's figure, 0-workgroup reasons
};

// InvalidInput for a field out of range (field = its JSON key). 0 workgroups (a workgroup whose waves need
// more registers than a CU holds) is an answer, with the reason in notes.
Expected<OccupancyResult> occupancy(const ArchRules& arch, const KernelInput& in);

// LLVM's compiler figure alone (GCNSubtarget::computeOccupancy with the flat workgroup size fixed to
// `in.threads`): min(VGPR waves, SGPR waves, waves the LDS and workgroup slots allow, spread over the SIMDs
// and rounded up). Inputs must be in range (occupancy() checks them); this is what the oracle test compares.
int64_t compiler_waves_per_simd(const ArchRules& arch, const KernelInput& in);

// LLVM's figure for a flat workgroup size range [min_threads, in.threads] ("amdgpu-flat-work-group-size" =
// "min,max"; HIP's __launch_bounds__(N) emits "1,N"). LLVM 22 (AMDGPUSubtarget getOccupancyWithWorkGroupSizes)
// prints the best occupancy any size in the range allows; LLVM 19 (getOccupancyWithLocalMemSize) takes the
// maximum size only, i.e. compiler_waves_per_simd(). Equal to compiler_waves_per_simd() when min = max.
int64_t llvm_waves_per_simd(const ArchRules& arch, const KernelInput& in, int64_t min_threads);

// ----- Next step: the smallest change of one resource that fits one more workgroup -----

struct NextStep {
    Limit resource = Limit::Vgprs;
    std::string field;                  // the input to change: "vgprs", "agprs", "sgprs", "lds", "threads"
    int64_t from = 0, to = 0;           // its value now and the largest value that gives the gain
    int64_t workgroups_per_cu = 0;      // after the change
    double waves_per_simd = 0;          // after the change
    double occupancy = 0;               // after the change
    std::string text;                   // "VGPRs 136 -> 128 gives 4 waves/SIMD (4 workgroups/CU, 50 %)"
    std::string hint;                   // how to ask the compiler: __launch_bounds__ / amdgpu_waves_per_eu
};
// Empty when the kernel is already at 8 waves/SIMD or no single change helps. Errors as occupancy().
Expected<std::vector<NextStep>> next_steps(const ArchRules& arch, const KernelInput& in);

// ----- MFMA tile model: a GEMM tile read as a CU budget -----

enum class AccPlacement : uint8_t {
    Auto,    // accumulators in VGPRs while they and the overhead fit in 256, else in AGPRs (what LLVM does
             // on gfx90a+, where the unified file lets it choose)
    Vgprs,   // all accumulators in architectural VGPRs
    Agprs,   // all accumulators in AGPRs (CDNA1-style, or hand-written kernels)
};

struct TileInput {
    int64_t m = 256;         // workgroup tile rows of C (elements), 1 .. kMaxInput
    int64_t n = 256;         // workgroup tile columns of C (elements), 1 .. kMaxInput
    int64_t k = 64;          // K elements per LDS stage, 1 .. kMaxInput
    int64_t stages = 2;      // LDS pipeline stages, 1 .. kMaxInput
    int64_t waves = 4;       // waves per workgroup, all holding accumulators, 1 .. 16
    DType a = DType::BF16;   // A operand type (f32, tf32 (gfx942 only), f16, bf16, e4m3, e5m2, i8, f6, f4 (gfx950))
    DType b = DType::BF16;   // B operand type
    DType acc = DType::F32;  // accumulator: f32 or i32 (i8 inputs)
    AccPlacement placement = AccPlacement::Auto;
    int64_t overhead_vgprs = -1;  // VGPRs per lane beyond accumulators; -1 = model default (estimate)
    int64_t sgprs = 0;            // SGPRs per wave for the occupancy step (0 = not known)
    std::optional<ProblemSize> problem;
};

// The AMD tile for an NVIDIA tile input (a compare of both vendors, the page's AMD column): the shape, stages,
// types and problem as given, the CTA's warps as waves (of 64 lanes) per workgroup. The fields an NVIDIA tile
// has no counterpart for (placement, overhead VGPRs, SGPRs) keep `base`'s.
TileInput tile_input(const smcalc::TileInput& nv, TileInput base = {});

struct TileResult {
    TileInput input;
    std::string gfx;
    int64_t threads = 0;               // waves x 64
    int64_t acc_bytes = 0;             // M x N x acc bits / 8 per workgroup (exact)
    int64_t acc_regs_per_lane = 0;     // ceil(acc_bytes / 4 / threads): 32-bit registers per lane (exact)
    int64_t overhead_vgprs = 0;        // estimate
    int64_t vgprs = 0, agprs = 0;      // the placement's split (estimate: the compiler decides)
    int64_t unified_vgprs = 0;         // alignTo(vgprs, 4) + agprs
    bool regs_fit = true;              // vgprs <= 256, agprs <= 256 (else the compiler spills: certain)
    int64_t lds_a_per_stage = 0;       // ceil(M x K x a bits / 8) (exact)
    int64_t lds_b_per_stage = 0;       // ceil(N x K x b bits / 8) (exact)
    int64_t lds_per_stage = 0;         // A + B (exact)
    int64_t lds_per_workgroup = 0;     // stages x per stage (exact; no padding, no epilogue staging)
    int64_t lds_limit = 0;             // the arch's per-workgroup LDS (bytes)
    bool lds_fits = false;
    std::optional<OccupancyResult> occ;  // the occupancy model on the tile's kernel (when registers and LDS fit)
    int64_t workgroups_per_cu = 0;
    double waves_per_simd = 0;
    std::optional<int64_t> cu_count;     // of the GPU, when one was given
    // --- over a problem (when input.problem and cu_count are set) ---
    int64_t tiles_m = 0, tiles_n = 0, workgroups = 0, k_steps = 0;
    std::optional<int64_t> workgroups_per_wave;  // workgroups_per_cu x cu_count
    std::optional<int64_t> waves;                // ceil(workgroups / workgroups_per_wave) ("waves" of a grid)
    std::optional<double> last_wave_utilization; // workgroups in the last wave / workgroups_per_wave
    bool fits = false;                  // registers and LDS fit and >= 1 workgroup per CU
    std::vector<TileRow> rows;          // every figure with basis, in display order
    std::vector<std::string> notes;
};

// The tile on a GPU (CU count for the grid waves) or on a bare architecture (per-CU answers only).
Expected<TileResult> tile(const GpuSpec& gpu, const TileInput& in);
Expected<TileResult> tile(const ArchRules& arch, const TileInput& in);

}  // namespace smcalc::amd
