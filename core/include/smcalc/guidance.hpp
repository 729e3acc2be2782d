// smcalc/guidance.hpp - what to change: the next block per SM, register caps that guarantee a block count,
// and one kernel on several GPUs side by side.
//
// Every claim here is a solver answer: a suggestion carries the exact KernelInput it was checked with and
// occupancy(dev, input, Detail::Numbers) for it, so "48 -> 40 registers/thread gives 6 blocks (75 %)" is
// never computed by a second formula. Searches are binary searches over one input (the solver's blocks per
// SM never rise when registers, shared memory or barriers grow), then verified by one more solver call.
// Standard library only, like the rest of core/.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

namespace smcalc {

// ---------------------------------------------------------------------------------------------- next step

// The inputs a suggestion may change.
enum class Knob { Registers, SharedMemory, Threads, Barriers };
std::string_view knob_key(Knob k);   // "regs", "smem", "threads", "barriers" (JSON names)
std::string_view knob_unit(Knob k);  // "registers/thread", "bytes of shared memory/block", "threads/block", "barriers/block"
// Sets `in`'s input for `k` to `v` (a Change's `to`): how a suggestion is applied to a kernel, by the solver and
// by anyone checking a suggestion. Shared memory is cut from the dynamic part first (a launch parameter), then
// the static part.
void apply_knob(KernelInput& in, Knob k, int64_t v);

struct Change {
    Knob knob = Knob::Registers;
    int64_t from = 0;  // the kernel's value; for SharedMemory the total static + dynamic bytes per block
    int64_t to = 0;    // the suggested value, same unit
};

struct Suggestion {
    std::string id;               // stable: "regs", "smem", "threads_block", "threads_warps", "barriers", "next_level"
    bool possible = false;        // false: `reason` says why no change of this input helps
    std::vector<Change> changes;  // one for a single-input suggestion; the next level may need several
    KernelInput input;            // the kernel input with `changes` applied: what the solver was run on
    OccupancyResult result;       // occupancy(dev, input, Detail::Numbers): the verification (possible only)
    std::string text;             // "48 -> 40 registers/thread gives 6 blocks (75 %)" or the reason, for people
    std::string reason;           // empty when possible
};

struct NextStep {
    OccupancyResult current;  // occupancy(dev, kernel, Detail::Numbers)
    int64_t target_blocks = 0;  // current.blocks_per_sm + 1
    // The smallest change of one input that gives target_blocks (all other inputs as they are):
    Suggestion regs;           // largest registers/thread R < current
    Suggestion smem;           // largest shared memory per block S < current (static first kept, dynamic cut)
    Suggestion threads_block;  // threads/block closest to the current giving >= target_blocks (either direction)
    Suggestion threads_warps;  // threads/block giving the most resident warps (if more than now)
    Suggestion barriers;       // fewest barriers cut (CC >= 9.0 only)
    // The change reaching the next occupancy level (the next higher warps per SM): at this block size, all
    // of regs, smem and barriers that hold the kernel below target_blocks, each moved just enough, together;
    // when the block size itself is the obstacle (warp or block slots, or too many threads), the nearest
    // block size with more resident warps. Not possible at full occupancy. Coarse steps (barriers,
    // register allocation units) may give more than target_blocks.
    Suggestion next_level;

    std::array<const Suggestion*, 6> all() const {
        return {&regs, &smem, &threads_block, &threads_warps, &barriers, &next_level};
    }
};

// InvalidInput / InvalidDevice / UnknownArch exactly as occupancy() gives them for (dev, in).
Expected<NextStep> next_step(const Device& dev, const KernelInput& in);

// ------------------------------------------------------------------------------------------ launch bounds

struct LaunchBounds {
    int64_t threads = 0;        // the kernel's block size (maxThreadsPerBlock)
    int64_t target_blocks = 0;  // minBlocksPerMultiprocessor asked for
    int64_t max_regs = 0;       // largest registers/thread R with blocks_per_sm >= target_blocks
    KernelInput input;          // the kernel with regs = max_regs
    OccupancyResult result;     // occupancy(dev, input, Detail::Numbers): the verification
    std::string launch_bounds;  // "__launch_bounds__(256, 6)"
    std::string maxrregcount;   // "-maxrregcount=40"
    std::string text;           // "at most 40 registers/thread give 6 blocks of 256 threads (75 %)"
};

// The largest register count (1 .. the CC's per-thread maximum, 255) for which the solver gives at least
// `target_blocks` blocks of `in.threads` threads with the kernel's shared memory and barriers.
// InvalidInput when target_blocks < 1; NotAchievable (with what limits, and to how many blocks) when even
// 1 register per thread gives fewer.
Expected<LaunchBounds> launch_bounds(const Device& dev, const KernelInput& in, int64_t target_blocks);

// ---------------------------------------------------------------------------------------------- compare

inline constexpr std::size_t kMaxCompare = 4;

struct CompareDevice {
    std::string name;  // shown as the column title
    Device device;
};

struct CompareColumn {
    std::string name;
    Device device;
    std::optional<Error> error;                // the solver refused this device (then `result` is empty)
    OccupancyResult result;                    // occupancy(device, kernel, Detail::Full)
    std::optional<int64_t> gpu_resident_ctas;  // blocks_per_sm x sm_count; nullopt when sm_count is 0 or error
    std::optional<int64_t> gpu_resident_warps; // warps_per_sm x sm_count; same
};

// One row of the side-by-side table: the value on every device as text, and whether they differ.
struct CompareRow {
    std::string key;                  // stable: "cc", "sm_count", "limit_regs", "blocks_per_sm", ...
    std::string label;                // "CTAs per SM"
    std::vector<std::string> values;  // one per column: "6", "no limit", "unknown", "error"
    bool differs = false;             // not all values equal: highlight
};

struct Comparison {
    KernelInput kernel;
    std::vector<CompareColumn> columns;
    std::vector<CompareRow> rows;
};

// 1 .. kMaxCompare devices (InvalidInput otherwise); one device's solver error does not stop the others
// (it is kept in its column). An invalid kernel input is an error for all.
Expected<Comparison> compare(const KernelInput& in, std::span<const CompareDevice> devices);
// GPU names as find_gpu() takes them ("A100", "H100 SXM5", "B200", "RTX 5090"); UnknownGpu on the first
// unknown name. Column titles are the database's canonical names.
Expected<Comparison> compare(const KernelInput& in, std::span<const std::string_view> gpu_names);

// A GEMM tile on 1 .. kMaxCompare GPUs of the database: each GPU's tile() answer and the rows that compare
// them (CC, SMs, MMA instruction, every readout any column has, fits, limiter, resident CTAs per GPU).
// A GPU whose rules refuse the tile keeps its error; when every GPU refuses it with the same error, that
// error is the answer (a bad tile, not a difference between GPUs). The API and the page both show this.
struct TileColumn {
    std::string name;
    const GpuSpec* gpu = nullptr;
    std::optional<Error> error;
    std::optional<TileResult> result;
    std::optional<int64_t> gpu_resident_ctas;  // ctas_per_sm x SMs (nullopt: SM count unknown, or error)
};
struct TileComparison {
    TileInput tile;
    std::vector<TileColumn> columns;
    std::vector<CompareRow> rows;
};
Expected<TileComparison> compare_tile(const TileInput& tile, std::span<const std::string_view> gpu_names);

// Adds the row "Resident clusters per GPU (XxYxZ)" (key "clusters") for `cluster` (its grid is ignored) to a
// comparison: one cell per column (cluster_cell_text), "no clusters (CC < 9.0)" where the GPU refuses clusters.
// When every column refuses the cluster with the same error, that error is the answer (a bad cluster for all,
// as compare_tile does for a bad tile) and the comparison is left as it was. The API and the page both use it.
std::optional<Error> add_cluster_row(Comparison& c, const ClusterInput& cluster);
std::optional<Error> add_cluster_row(TileComparison& c, const ClusterInput& cluster);

// The default target of launch_bounds() for a kernel now at `step.current`: one more block per SM where the
// register suggestion can reach it, else the blocks it has now (bounds that keep today's occupancy); at least 1.
int64_t default_bounds_target(const NextStep& step);

}  // namespace smcalc
