// smcalc/tile.hpp - a GEMM tile (CUTLASS-style: M x N x K per CTA, pipeline stages, warps) read as an SM
// budget: accumulator registers, shared memory per stage and per CTA, tensor memory, then CTAs per SM from
// the occupancy solver, and with a problem size the waves and the tile's arithmetic intensity.
//
// Every readout says whether it is exact arithmetic or a model estimate (docs/tile-model.md gives each
// formula, its unit and its source). Pure functions, no I/O, no exceptions; failures are Error values:
//   InvalidInput  a field outside its range (zero or negative sizes, products beyond 64 bits)
//   Unsupported   valid input the hardware cannot run (a type before its CC, a wgmma/tcgen05 shape rule)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc {

// Element types. Sizes are bits in memory: tf32 lives in a 32-bit container; fp6 is e2m3 or e3m2, fp4 is e2m1
// (same size, so one entry each). I32 is an accumulator/output type only.
enum class DType : uint8_t { F32, TF32, F16, BF16, E4M3, E5M2, I8, I32, F6, F4 };
inline constexpr DType kDTypes[] = {DType::F32,  DType::TF32, DType::F16, DType::BF16, DType::E4M3,
                                    DType::E5M2, DType::I8,   DType::I32, DType::F6,   DType::F4};
std::string_view dtype_key(DType t);  // "f32", "tf32", "f16", "bf16", "e4m3", "e5m2", "i8", "i32", "f6", "f4"
int dtype_bits(DType t);              // 32, 32, 16, 16, 8, 8, 8, 32, 6, 4
// Accepts the keys and common spellings ("fp32", "float", "half", "fp8"/"fp8e4m3" = e4m3, "int8", "fp4", ...).
Expected<DType> parse_dtype(std::string_view text);

enum class MmaPath : uint8_t {
    Registers,     // accumulators in registers: mma.sync (CC 7.0-8.9, 10.x-12.x) or wgmma (CC 9.0); FFMA for f32
    TensorMemory,  // accumulators in tensor memory: tcgen05.mma, only where ArchRules::has_tmem
};
enum class Epilogue : uint8_t {
    None,        // results go from registers/TMEM straight to global memory
    OutputTile,  // the whole M x N output tile is staged in shared memory in the output type
    Bytes,       // TileInput::epilogue_bytes of shared memory (e.g. CUTLASS's smaller epilogue sub-tiles)
};
// How fp6/fp4 operands sit in shared memory.
enum class SubbyteSmem : uint8_t {
    Auto,    // Padded when the MMA kind is f8f6f4 (any fp6, or fp4 mixed with fp8/fp6); Packed for fp4 x fp4
    Packed,  // bits/8 bytes per element (fp4: 2 per byte)
    Padded,  // 1 byte per element (TMA's 16-byte-padded sub-byte copy, CUTLASS *_unpacksmem_t)
};
// CUTLASS kernel schedules (docs/tile-model.md "Schedules"; checked against the kernels recorded in
// tests/data/cutlass/kernels.tsv). None = a hand-written kernel: `warps` warps, every one holding accumulators.
enum class Schedule : uint8_t {
    None,         // the warps-per-CTA model (any CC)
    Cooperative,  // Hopper KernelTmaWarpSpecializedCooperative: 1 producer + 2 consumer warpgroups splitting M
    PingPong,     // Hopper KernelTmaWarpSpecializedPingpong: 1 producer + 2 consumer warpgroups, a tile each
    Sm100_1Sm,    // Blackwell KernelTmaWarpSpecialized1SmSm100: tcgen05 cta_group::1, 8 warps in 5 roles
    Sm100_2Sm,    // Blackwell KernelTmaWarpSpecialized2SmSm100: tcgen05 cta_group::2 over a CTA pair
    // CUTLASS 2.x cutlass::gemm::device::Gemm with ArchTag Sm80 (MmaMultistage): `warps` warps (ThreadblockShape /
    // WarpShape), every one loading A and B with cp.async and computing with mma.sync; kStages-deep shared-memory
    // ring; the epilogue's shared memory a union with the mainloop's. CC 8.0 and later (recorded:
    // tests/data/cutlass/kernels-sm80.tsv).
    Sm80Multistage,
};
std::string_view schedule_key(Schedule s);  // "none", "cooperative", "pingpong", "sm100_1sm", "sm100_2sm", "sm80_multistage"
enum class Basis : uint8_t { Exact, Estimate };
std::string_view basis_key(Basis b);  // "exact", "estimate"

// CUTLASS's StageCountAutoCarveout, as stages_auto() computes it (below).
struct StageAutoInfo {
    int64_t stages = 0;          // 0 when not even one stage fits
    int64_t capacity = 0;        // bytes: the opt-in per-block limit rounded down to 128 (less the kernel's own
                                 // carveout on Blackwell schedules)
    int64_t carveout = 0;        // bytes: the epilogue's shared memory rounded up to 128 (its SharedStorage)
    int64_t stage_bytes = 0;     // bytes: round_up(A + B, 128) + barriers
    int64_t barrier_bytes = 0;   // bytes per stage
    std::string text;            // the arithmetic, one line
};

struct ProblemSize {
    int64_t m = 0;  // rows of C (elements), 1 .. kMaxInput
    int64_t n = 0;  // columns of C (elements), 1 .. kMaxInput
    int64_t k = 0;  // reduction length (elements), 1 .. kMaxInput
};

// Zero/default values are the seed's tile (002: 128x128x64, 3 stages, 8 warps, bf16 in, fp32 accumulate).
struct TileInput {
    int64_t m = 128;                  // CTA tile rows of C (elements), 1 .. kMaxInput
    int64_t n = 128;                  // CTA tile columns of C (elements), 1 .. kMaxInput
    int64_t k = 64;                   // K elements loaded per pipeline stage, 1 .. kMaxInput
    int64_t stages = 3;               // shared-memory pipeline stages, 1 .. kMaxInput
    int64_t warps = 8;                // warps per CTA, all of them holding accumulators, 1 .. kMaxInput
    DType a = DType::BF16;            // A operand type
    DType b = DType::BF16;            // B operand type
    DType acc = DType::F32;           // accumulator: F32, F16 or I32 (I32 only with I8 inputs)
    MmaPath mma = MmaPath::Registers;
    Epilogue epilogue = Epilogue::None;
    std::optional<DType> out;         // output type for Epilogue::OutputTile; nullopt = the accumulator type
    int64_t epilogue_bytes = 0;       // bytes, Epilogue::Bytes only, 0 .. kMaxInput
    bool epilogue_reuses_mainloop = false;  // epilogue smem aliases the mainloop buffers (CUTLASS 2.x union)
    int64_t overhead_regs = -1;       // registers/thread beyond accumulators; -1 = model default (estimate)
    SubbyteSmem subbyte_smem = SubbyteSmem::Auto;
    int64_t acc_buffers = 1;          // accumulator copies in TMEM (2 = double-buffered); 1 on the register path
    std::optional<ProblemSize> problem;
    // CUTLASS's ClusterShape (CC 9.0+): CTAs of this tile grouped into a cluster, x along M, y along N. The
    // per-CTA budget is unchanged; TileResult::cluster counts resident clusters (GPU database GPC row) and,
    // with a problem, the grid of whole clusters. Its `grid` is ignored (taken from the problem).
    std::optional<ClusterInput> cluster;
    // A CUTLASS kernel schedule: threads, roles, register budgets and CUTLASS's defaults come from it (`warps` and
    // `mma` are then ignored, except that Sm80Multistage's CTA is `warps` warps; with Epilogue::None the schedule's
    // own epilogue is counted, C = D = `out`, whose default is then the A type). For Sm100_2Sm, m x n is the CTA
    // pair's MMA tile (m = 128 or 256).
    Schedule schedule = Schedule::None;
    // CUTLASS's StageCountAutoCarveout instead of `stages` (stages_auto() below; TileResult::input.stages holds the
    // count used).
    bool stages_auto = false;
};

// One thread role of a warp-specialised kernel (CUTLASS schedules): who runs how many threads at which register
// budget. `regs` is the setmaxnreg budget where the kernel sets one (Hopper), else the launch allocation.
struct TileRole {
    std::string key;             // "producer", "consumer", "mma", "epilogue", ...
    std::string label;           // "producer warpgroup (TMA loads, setmaxnreg.dec)"
    int64_t threads = 0;
    int64_t regs = 0;            // registers per thread this role runs with
    int64_t acc_regs = 0;        // accumulator registers per thread it holds (0: none, or in TMEM)
    Basis basis = Basis::Exact;  // exact: CUTLASS's constant, seen in the PTX; estimate: the model's
};

// One readout for display (UI, CLI, JS): a value, its limit where there is one, its unit and basis.
// The typed fields of TileResult carry the same numbers exactly (int64); `value` is a double for display.
struct TileRow {
    std::string key;               // stable JSON name, e.g. "acc_regs_per_thread"
    std::string label;             // "accumulator registers per thread"
    std::string unit;              // "registers", "bytes", "columns", "CTAs", "FLOP/B", "fraction", ...
    double value = 0;
    std::optional<double> limit;   // the budget this value is held against
    Basis basis = Basis::Exact;
    bool over = false;             // value exceeds limit (the verdict this row gives)
};

struct ProblemResult {
    int64_t tiles_m = 0, tiles_n = 0;      // ceil(problem.m / tile.m), ceil(problem.n / tile.n)
    int64_t ctas = 0;                      // tiles_m x tiles_n (one CTA per output tile, no split-K)
    int64_t k_steps = 0;                   // ceil(problem.k / tile.k) mainloop iterations per CTA
    double tile_efficiency = 0;            // problem.m x problem.n / (tiles_m x tile.m x tiles_n x tile.n)
    std::optional<int64_t> ctas_per_wave;  // ctas_per_sm x sm_count (nullopt: sm_count unknown or 0 CTAs/SM)
    std::optional<int64_t> waves;          // ceil(ctas / ctas_per_wave)
    std::optional<double> last_wave_utilization;  // CTAs in the last wave / ctas_per_wave
    std::optional<double> wave_efficiency;        // ctas / (waves x ctas_per_wave)
    double flops = 0;                      // 2 x m x n x k of the problem (FLOP, double)
};

// A way to make a tile that does not fit one SM fit (docs/clusters.md, "Tiles larger than one SM").
struct TileFitOption {
    std::string key;              // "more_warps", "cluster_split_m", "cluster_split_n", "cta_pair_2sm"
    std::string label;            // "2x1 cluster of 128x256 CTAs"
    TileInput cta;                // the per-CTA tile that runs (for "cta_pair_2sm": one CTA of the pair)
    Dim3 cluster;                 // 1x1x1, 2x1x1, 1x2x1
    int64_t acc_regs_per_thread = 0;   // exact arithmetic (0 on the TMEM path)
    int64_t regs_per_thread_est = 0;   // estimate
    int64_t smem_per_cta = 0;          // bytes (for the pair: this CTA's half of A, half of B)
    int64_t tmem_columns = 0;          // TMEM path: this CTA's half of the accumulators
    int64_t ctas_per_sm = 0;
    bool fits = false;
    std::string text;             // one line with the numbers and why
};

struct TileResult {
    TileInput input;            // as given, `out` and `overhead_regs` resolved
    ComputeCapability cc;
    // --- MMA mapping (how warps cover the tile) ---
    std::string instruction;    // e.g. "wgmma.mma_async m64n128k16 .f32.bf16.bf16"
    int64_t inst_m = 0, inst_n = 0, inst_k = 0;  // instruction shape (0 for FFMA)
    int64_t grid_m = 0, grid_n = 0;  // warps (mma.sync, FFMA) or warpgroups (wgmma) along M and N; 1x1 tcgen05
    int64_t threads = 0;        // warps x warp size
    // --- Registers (per thread unless named otherwise) ---
    int64_t acc_bytes = 0;            // M x N x acc bits / 8 per CTA (exact)
    int64_t regfile_bytes = 0;        // regs_per_sm x 4 (exact)
    int64_t acc_regs_per_thread = 0;  // ceil(acc_bytes / 4 / threads); 0 on the TMEM path (exact arithmetic)
    bool acc_regs_even = true;        // the division had no remainder
    int64_t overhead_regs = 0;        // estimate
    int64_t regs_per_thread_est = 0;  // acc + overhead (estimate)
    int64_t regs_cap = 0;             // ArchRules::max_regs_per_thread (255)
    bool acc_over_cap = false;        // accumulators alone exceed the cap: spilling is certain
    bool spills = false;              // regs_per_thread_est > cap (estimate)
    int64_t regs_launch = 0;          // min(estimate, cap): what the solver is given (ptxas caps, then spills)
    // --- Tensor memory (TMEM path only; zeros elsewhere) ---
    int64_t tmem_columns_needed = 0;  // ceil(N x acc bits / 32) x acc_buffers (32-bit columns, exact)
    int64_t tmem_columns = 0;         // allocation: power of two >= 32 (PTX tcgen05.alloc rule)
    int64_t tmem_columns_limit = 0;   // ArchRules::tmem_columns (512)
    bool tmem_fits = true;
    std::optional<int64_t> ctas_by_tmem;  // tmem_columns_limit / tmem_columns: CTAs whose allocations coexist
    // --- Shared memory (bytes) ---
    int a_smem_bits = 0, b_smem_bits = 0;  // bits per element as stored in shared memory
    int64_t smem_a_per_stage = 0;     // ceil(M x K x a bits / 8) (exact)
    int64_t smem_b_per_stage = 0;     // ceil(N x K x b bits / 8) (exact)
    int64_t smem_per_stage = 0;       // A + B (exact)
    int64_t smem_mainloop = 0;        // stages x per stage (exact)
    int64_t smem_barriers = 0;        // pipeline mbarriers (estimate of what CUTLASS allocates)
    int64_t smem_epilogue = 0;        // output staging (exact for the chosen staging)
    int64_t smem_per_cta = 0;         // mainloop + barriers + epilogue (or max(mainloop, epilogue) + barriers)
    int64_t smem_limit = 0;           // the device's opt-in per-block limit (227 KB on CC 9.0)
    bool smem_fits = false;
    // --- Residency (from smcalc::occupancy with threads, regs_launch, smem_per_cta as opt-in dynamic) ---
    std::optional<OccupancyResult> occ;      // the solver's full answer (derivation, budgets)
    int64_t ctas_per_sm = 0;
    std::optional<int64_t> ctas_by_smem;     // CTAs per SM shared memory alone allows
    std::optional<int64_t> ctas_by_regs;     // CTAs per SM registers alone allow
    double occupancy = 0;                    // resident warps / max warps per SM
    std::vector<Resource> limiting;
    bool fits = false;  // no spill, smem within limit, TMEM within 512 columns, >= 1 CTA per SM
    // --- Arithmetic intensity per k-step (model estimate: every CTA loads its A and B tiles from DRAM) ---
    double flops_per_kstep = 0;         // 2 x M x N x K (FLOP)
    double global_bytes_per_kstep = 0;  // M x K x a bits/8 + N x K x b bits/8 (global memory is packed)
    double intensity = 0;               // FLOP/B
    std::optional<double> peak_tflops;  // sourced dense tensor (or FP32) peak for these input types
    std::optional<double> mem_bw_gbs;   // sourced DRAM bandwidth, GB/s
    std::optional<double> ridge;        // peak FLOP/s / bandwidth B/s (FLOP/B)
    std::optional<ProblemResult> problem;
    std::vector<TileRow> rows;          // every readout above in display order
    std::vector<std::string> notes;     // caveats and explanations (setmaxnreg, TMEM scope, seed wording)
    // --- Clusters (TileInput::cluster given) ---
    std::optional<ClusterResult> cluster;  // resident clusters of this tile; waves of clusters with a problem
    // --- When the tile does not fit: the ways to make it fit, with their numbers ---
    std::vector<TileFitOption> fit_options;
    // --- CUTLASS schedule (TileInput::schedule given) ---
    Schedule schedule = Schedule::None;
    std::vector<TileRole> roles;       // each role with its threads and registers
    int64_t regs_launch_alloc = 0;     // registers/thread the launch bounds allow (what the hardware allocates)
    int64_t consumer_regs = 0;         // the accumulator holders' budget (setmaxnreg) or the launch allocation
    int64_t acc_stages = 0;            // Blackwell: TMEM accumulator stages (CUTLASS: min(4, 512 / N))
    int64_t epilogue_tile_m = 0, epilogue_tile_n = 0, epilogue_stages_c = 0, epilogue_stages_d = 0;
    std::optional<StageAutoInfo> stage_auto;   // how the stage count was chosen (TileInput::stages_auto)
};

// The kernel a tile becomes for the occupancy solver (docs/tile-model.md, "Residency"): warps x 32
// threads, the launch register count, and the CTA's whole shared memory as opted-in dynamic memory.
KernelInput tile_kernel(const TileResult& r);

// The tile on `dev`. `gpu` (optional) supplies peak TFLOPS and bandwidth for the ridge point; its device is
// not used (pass gpu->device as `dev` for a catalogued GPU).
Expected<TileResult> tile(const Device& dev, const TileInput& in, const GpuSpec* gpu = nullptr);
// The tile's resident clusters (TileResult::cluster, from its ctas_per_sm and smem_per_cta) and, with a problem, the
// grid rounded up to whole clusters (a note). What tile() does for a TileInput::cluster; the page calls it for a
// tile the JS API module answered (web/ui_model.cpp: its core leaves the CUTLASS schedules out). Nothing without one.
std::optional<Error> add_tile_clusters(TileResult& r, const Device& dev, const TileInput& in, const ArchRules& ar,
                                       const GpuSpec* gpu);
// Why a tile that does not fit does not, one clause per reason joined by "; " (registers per thread against
// the cap, shared memory per CTA against the per-block limit, TMEM columns, 0 CTAs per SM with its limiter);
// "" for a tile that fits. What the CLI's "does not fit:" line and the page's verdict say.
std::string tile_misfit_text(const TileResult& r);

// The ways to make a tile fit that does not fit one SM: more warps; the tile split over a 2-CTA cluster
// (Hopper+: two (M/2) x N or M x (N/2) CTAs, CUTLASS ClusterShape 2x1 / 1x2); on Blackwell the 2-SM MMA
// (tcgen05 cta_group::2: each SM holds its half of the accumulators in its tensor memory and loads half of A
// and half of B). Works for tiles tile() refuses for their size (e.g. M = 256 on the TMEM path). Empty when
// the tile fits as it is. Errors: those of tile() for the types and path.
Expected<std::vector<TileFitOption>> tile_fit_options(const Device& dev, const TileInput& in, const GpuSpec* gpu = nullptr);

// CUTLASS's StageCountAutoCarveout (collective builders, re-expressed; docs/clusters.md "Stages auto"): the most
// stages whose A + B tiles, each stage's pipeline barriers and the epilogue's carveout fit the per-block limit:
//   stages = (floor(limit / 128) x 128 - round_up(carveout, 128)) / (round_up(A + B per stage, 128) + barriers)
// barriers = 16 B per stage (a full and an empty mbarrier) from CC 9.0, 0 before. `in.stages` is ignored.
using StageAuto = StageAutoInfo;
Expected<StageAuto> stages_auto(const Device& dev, const TileInput& in);

// ----- What fits: every candidate tile of a GPU and types -----

struct TileSearch {
    TileInput base;  // types, path, epilogue, overhead, subbyte layout; its m, n, k, stages, warps are ignored
    std::vector<int64_t> ms = {16, 32, 48, 64, 96, 128, 192, 256};
    std::vector<int64_t> ns = {16, 32, 48, 64, 96, 128, 192, 256};
    std::vector<int64_t> ks = {16, 32, 64, 128};
    std::vector<int64_t> stages = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<int64_t> warps = {4, 8, 12, 16};
    bool stages_auto = false;        // true: `stages` is ignored; each tile gets stages_auto()'s count
    // Cluster shapes to try (CC 9.0+ only; 1x1x1 = no cluster). Each fitting tile is listed once per shape,
    // with its resident clusters over `gpc` (the GPU database's row; default: unknown layout, bound only).
    std::vector<Dim3> clusters = {Dim3{1, 1, 1}};
    bool non_portable_cluster = false;
    GpcLayout gpc;
};

struct TileFit {
    int64_t m = 0, n = 0, k = 0, stages = 0, warps = 0;
    int64_t acc_regs_per_thread = 0;
    int64_t regs_per_thread_est = 0;  // estimate
    int64_t smem_per_cta = 0;         // bytes
    int64_t tmem_columns = 0;         // TMEM path only
    int64_t ctas_per_sm = 0;
    std::optional<int64_t> ctas_by_smem;
    double occupancy = 0;
    std::vector<Resource> limiting;
    Dim3 cluster;                              // 1x1x1 without a cluster
    std::optional<int64_t> clusters_low;       // resident clusters over GPC layouts (nullopt: layout unknown)
    std::optional<int64_t> clusters_typical;
    std::optional<int64_t> clusters_high;
    std::optional<int64_t> ctas_resident;      // GPU-wide: clusters_typical (or the bound) x cluster size
};

struct TileSearchResult {
    // Sorted: M x N desc, occupancy desc, stages x K desc, stages desc, warps asc, M desc (docs/tile-model.md);
    // among cluster shapes of one tile: more CTAs resident GPU-wide first, then the smaller cluster.
    std::vector<TileFit> fits;
    std::vector<std::string> ranking;  // the order above in words, plus how stages were chosen
    int64_t candidates = 0;     // combinations tried
    int64_t refused = 0;        // shape rules of the MMA instruction (wgmma/tcgen05/mma.sync) refuse them
    int64_t spills = 0;         // estimated registers above the per-thread cap
    int64_t smem_over = 0;      // shared memory above the per-block limit
    int64_t tmem_over = 0;      // TMEM allocation above 512 columns
    int64_t no_cta = 0;         // fit each limit alone but 0 CTAs per SM (e.g. registers per block)
};

// Types, path and options are checked once (same errors as tile()); per-candidate shape refusals are
// counted, not returned. Empty candidate lists or values below 1 are InvalidInput.
Expected<TileSearchResult> tiles_that_fit(const Device& dev, const TileSearch& search);

}  // namespace smcalc
