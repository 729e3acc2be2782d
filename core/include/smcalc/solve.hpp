// smcalc/solve.hpp - one request in, one answer out: the path every surface takes.
//
//   CLI flags, a batch JSON line, the JS API, the page's inputs and its URL hash
//       -> a Request (built by core/api from JSON, by web/ from the page's inputs)
//       -> solve()   (this header: the only place an op is dispatched)
//       -> an Answer (the op's result, the cluster part, the refused tile's ways to run)
//       -> formatters: answer_text() (smcalc/answer_text.hpp), JSON (core/api), the page's views (web/)
//
// Standard library only: no JSON here. A Request is already validated (core/api's parse_request checks every
// field and names the bad one); solve() never throws and answers an Error where the model refuses the input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/amd_parse.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/op.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/ptxas.hpp"
#include "smcalc/tile.hpp"

namespace smcalc {


inline constexpr int64_t kDefaultTilesLimit = 50;                 // op tiles: fits listed when "limit" is absent
inline constexpr int64_t kMaxTileCandidates = int64_t{1} << 18;  // op tiles: candidate combinations allowed

// A request after validation: what the solver gets.
struct Request {
    Op op = Op::Occupancy;
    std::string gpu;                    // canonical GPU name when "gpu" chose the device, else empty
    const GpuSpec* gpu_spec = nullptr;  // that database row (peak TFLOPS and bandwidth for the tile's ridge point)
    Device device;                      // valid (validate_device passed) for the device ops
    KernelInput input;                  // defaults of KernelInput where a field was absent
    int64_t blocks = 1;                 // dynamic_smem; next_step (launch bounds target) when blocks_given
    bool blocks_given = false;
    TileInput tile;                     // tile, compare (kind tile); tiles: the base types/path/epilogue
    TileSearch search;                  // tiles (search.base = tile)
    std::optional<int64_t> limit = kDefaultTilesLimit;  // tiles: fits listed; nullopt = all
    bool compare_tile = false;          // compare: kind "tile"
    std::vector<std::string> gpus;      // compare: canonical GPU names, 1 .. 4
    std::string text;                   // parse
    std::optional<ParsedKernel> compiler;  // the kernel "compiler_output" chose (its numbers are in `input`)
    // AMD: "gpu" named an AMD Instinct product (then device, input and tile above are unused), or a compare
    // lists one (then both vendors' fields are read, each column its own).
    const amd::GpuSpec* amd_gpu = nullptr;
    amd::KernelInput amd_input;         // the AMD kernel fields (smcalc::fields::amd_kernel_fields)
    amd::TileInput amd_tile;            // tile on an AMD GPU, AMD columns of a tile compare
    std::vector<std::string> amd_given; // AMD kernel fields the request gave (compare notes)
    std::vector<std::string> nvidia_given;  // NVIDIA kernel fields the request gave (compare notes)
    bool waves_given = false;           // "waves" given (tile compare: else AMD columns take "warps" as waves)
    std::optional<amd::ParsedKernel> amd_compiler;  // the AMD kernel "compiler_output" chose
    std::vector<std::string> warnings;  // fields the op ignores; inputs no compiled kernel has
    // Thread block clusters: "cluster", "non_portable_cluster", "grid" (occupancy, next_step, compare; op tile
    // copies it into tile.cluster, op tiles into search.clusters). nullopt = no cluster asked for.
    std::optional<ClusterInput> cluster;
    GpcLayout gpc;  // the GPU's GPC row ("gpu"), or "device": {"gpc": {...}}; default = unknown (bound only)
};

// ----- what the composite ops answer (each computed once, here; the formatters only write it) -----

// next_step: the suggestions and the launch bounds for the target (req.blocks, or default_bounds_target).
struct NextStepAnswer {
    NextStep step;
    int64_t bounds_target = 0;
    std::optional<LaunchBounds> bounds;  // set when the target is reachable
    std::optional<Error> bounds_error;   // why not (only when the target was the default)
};

// dynamic_smem: NVIDIA's cudaOccAvailableDynamicSMemPerBlock figure, and the most that really stays resident.
struct DynamicSmemAnswer {
    int64_t bytes = 0;           // cudaOccAvailableDynamicSMemPerBlock (it overlooks the reserved shared memory)
    int64_t bytes_resident = 0;  // the most that still lets req.blocks blocks reside
};

// next_step on an AMD GPU: the kernel now and the smallest single changes (amd::next_steps).
struct AmdNextStepAnswer {
    amd::OccupancyResult current;
    std::vector<amd::NextStep> steps;
};

// parse, when the text is AMD compiler output: the kernels and, per kernel, LLVM's figure beside ours.
struct AmdParseAnswer {
    amd::ParsedOutput parsed;
    std::vector<std::optional<amd::LlvmComparison>> llvm;  // per kernel; nullopt when its gfx is not modelled
    std::vector<std::string> gfx_used;                       // per kernel: the rules compared with ("" = none)
};

// compare across vendors (any AMD GPU in "gpus"): NVIDIA columns read the NVIDIA kernel (or tile) fields, AMD
// columns the AMD ones; rows name both vendors' words ("CTAs per SM / workgroups per CU").
struct VendorColumn {
    std::string name;
    const amd::GpuSpec* amd_gpu = nullptr;          // set for an AMD column
    std::optional<CompareColumn> nvidia;            // kernel compare, NVIDIA column
    std::optional<TileColumn> nvidia_tile;          // tile compare, NVIDIA column
    std::optional<Error> error;                     // this column's solver refused (AMD columns)
    std::optional<amd::OccupancyResult> amd_occ;    // kernel compare, AMD column
    std::optional<amd::TileResult> amd_tile;        // tile compare, AMD column
};
struct VendorComparison {
    bool tile = false;
    KernelInput kernel;
    amd::KernelInput amd_kernel;
    TileInput tile_input;
    amd::TileInput amd_tile_input;
    std::vector<VendorColumn> columns;
    std::vector<CompareRow> rows;
    std::vector<std::string> notes;  // which fields each vendor read
};

// What an op answers. gpus and archs answer from the database itself (monostate).
using Solved = std::variant<std::monostate, OccupancyResult, BlockSizeResult, DynamicSmemAnswer, NextStepAnswer,
                            TileResult, TileSearchResult, Comparison, TileComparison, ParsedOutput,
                            amd::OccupancyResult, AmdNextStepAnswer, amd::TileResult, VendorComparison, AmdParseAnswer>;

// What "cluster" adds to an op's answer. Ops tile and tiles carry their cluster figures in their own results
// (TileResult::cluster, fit_options; TileFit's cluster fields).
struct ClusterAnswer {
    std::optional<ClusterResult> result;  // occupancy, next_step: the kernel's resident clusters
    std::vector<ClusterStep> steps;       // next_step: smaller shapes that keep more CTAs, or the GPC limit
    std::vector<TileFitOption> refused_fit_options;  // tile: a shape tile() refuses (e.g. M = 256 on the TMEM
                                                     // path) still has ways to run; the error names them
};

// The whole answer to one request.
struct Answer {
    std::optional<Error> error;  // no answer: why (cluster.refused_fit_options may still name ways to run it)
    Solved solved;               // the op's result (when !error)
    ClusterAnswer cluster;       // the request's cluster part (when !error, or refused_fit_options)
    bool ok() const { return !error; }
};

// The one dispatch: the op's result, then the request's cluster (smcalc::clusters, cluster_next_steps; compare's
// "clusters" row; a refused tile's fit options). Never throws. Op parse is a reader, not a solve: below.
Answer solve(const Request& req);

// Op parse: the kernels of compiler output (ptxas -v / cuobjdump -res-usage, else LLVM's AMDGPU remarks, .s or
// metadata), each AMD kernel with LLVM's occupancy figure beside ours. In its own file (core/src/read.cpp), so that
// a surface that does not read AMD output (the page's paste box, which calls parse_compiler_output) links neither.
// `amd_gpu` (op parse's "gpu"): LLVM output read with that AMD GPU's rules (remarks name no target).
Answer read_compiler_output(std::string_view text, const amd::GpuSpec* amd_gpu = nullptr);

// What a surface answers for any op: read_compiler_output(req.text, req.amd_gpu) for parse, solve(req) for the others.
inline Answer answer(const Request& req) {
    return req.op == Op::Parse ? read_compiler_output(req.text, req.amd_gpu) : solve(req);
}

// ----- compiler output in a request ("compiler_output", "kernel", "text"; core/src/compiled.cpp) -----
// The rules every surface applies to compiler output given with a request; core/api only turns JSON into their
// arguments.

// A compiled file sent as base64 text (RFC 4648, as btoa() and base64(1) write it; '-' and '_' read as '+' and
// '/', whitespace skipped): its bytes. Errors name "<field>.base64".
Expected<std::string> decode_base64(std::string_view text, std::string_view field);
// Compiler output or a compiled file's bytes, NVIDIA's kernels: the binary reader for a file, else the text reader.
Expected<ParsedOutput> read_nvidia_output(std::string_view bytes);
// The same for AMD's (LLVM's remarks, .s or metadata; a code object or offload bundle).
Expected<amd::ParsedOutput> read_amd_output(std::string_view bytes);
// The kernel of `p` that a request means: `name` (as printed, mangled, demangled, short or without template
// arguments; nullptr = the only kernel), compiled for `device_cc` where the output holds several targets (the
// exact CC, else the newest binary-compatible one, else the newest it has, with a warning); without a device the
// one modelled CC the output names. Errors name "kernel", "gpu" or "cc".
Expected<const ParsedKernel*> choose_kernel(const ParsedOutput& p, const std::string* name,
                                            std::optional<ComputeCapability> device_cc,
                                            std::vector<std::string>& warnings);
// AMD's: the kernel named (exactly), or the only one.
Expected<const amd::ParsedKernel*> choose_amd_kernel(const amd::ParsedOutput& p, const std::string* name);

// Is any GPU of a compare an AMD one (then the comparison is a VendorComparison)?
bool has_amd_gpu(const Request& req);

}  // namespace smcalc
