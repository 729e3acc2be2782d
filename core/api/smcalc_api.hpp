// smcalc_api.hpp - the JSON request/answer contract, shared by `smcalc` (flags and `smcalc batch`) and the
// browser's JS API. One request object in, one answer object out; nothing here throws.
//
// REQUEST  {"op": "occupancy" | "block_size" | "dynamic_smem" | "next_step" | "tile" | "tiles" | "compare" |
//                 "parse" | "gpus" | "archs", ...}
//   Device (ops occupancy, block_size, dynamic_smem, next_step, tile, tiles): exactly one of
//     "gpu": "<name or alias>"                      a row of the GPU database (`smcalc gpus`)
//     "cc": "8.0" (also "sm_80", "80", 8.0, 80)     that CC's reference device (SM count unknown)
//     "device": {"cc": "8.0", "sm_count", "max_threads_per_block", "max_threads_per_sm", "regs_per_sm",
//                "regs_per_block", "warp_size", "smem_per_sm", "smem_per_block", "smem_per_block_optin",
//                "reserved_smem_per_block"}
//               "cc" is required; every other field overrides that CC's reference device (a custom device),
//               fields left out keep the reference value. sm_count may be null (= 0, unknown).
//   Kernel (ops occupancy, block_size, dynamic_smem, next_step, compare with kind "kernel"; semantics of
//   cudaOccFuncAttributes / cudaOccDeviceState in cuda_occupancy.h), defaults = KernelInput:
//     "threads"           threads per block, 1 .. 2^53-1, default 256 (not read by block_size: an error there)
//     "regs"              registers per thread, 0 .. 2^53-1, default 32
//     "smem_static"       bytes of __shared__ per block, default 0
//     "smem_dynamic"      bytes of dynamic shared memory at launch, default 0 (not read by dynamic_smem)
//     "optin"             boolean: cudaFuncAttributeMaxDynamicSharedMemorySize set, default false
//     "smem_dynamic_max"  bytes, that attribute's value; -1, "default" or absent = CUDA's default
//     "carveout"          0 .. 100 (% of the largest carveout); -1, "default" or absent = no preference
//     "barriers"          block barriers used, 0 .. 2^53-1, default 1
//     "blocks"            blocks per SM wanted, 1 .. 2^53-1: dynamic_smem (default 1); next_step: the target
//                         of the launch bounds (default: one more than the kernel gets now)
//   Compiler output (ops occupancy, block_size, dynamic_smem, next_step):
//     "compiler_output"   text of `ptxas -v` / `nvcc -Xptxas -v` / `cuobjdump -res-usage` (smcalc::
//                         parse_compiler_output); the chosen kernel's registers, static shared memory and
//                         barriers become "regs", "smem_static", "barriers" (fields given explicitly win).
//                         Without gpu/cc/device the device is the reference device of the kernel's sm_XX.
//     "kernel"            which kernel: its name as printed, mangled, demangled, short ("reduce<512>") or
//                         short without template arguments ("reduce": every instantiation), whitespace
//                         ignored; required when the text has several, and an error listing the candidates
//                         when it names several. Among one kernel's several targets the one
//                         for the device's CC is taken (else the nearest binary-compatible one, with a
//                         warning). The answer adds "compiler": {the kernel as "parse" answers it}.
//   Tile (ops tile, compare with kind "tile"; smcalc::TileInput, defaults = the seed's tile):
//     "m", "n", "k"       CTA tile, elements, 1 .. 2^53-1 (default 128, 128, 64)
//     "stages", "warps"   pipeline stages (3), warps per CTA (8)
//     "a", "b", "acc"     element types: f32 tf32 f16 bf16 e4m3 e5m2 i8 i32 f6 f4 and common spellings
//                         (fp16, half, fp8, int8, fp4, ...); default bf16, bf16, f32
//     "mma"               "registers" (mma.sync / wgmma / FFMA) or "tmem" (tcgen05; also "tensor_memory")
//     "epilogue"          "none" | "tile" (the output tile staged in shared memory) | "bytes"; default none,
//                         or "bytes" when "epilogue_bytes" is given
//     "epilogue_bytes"    bytes (epilogue "bytes")     "out"  output type staged by "tile" (default acc)
//     "epilogue_reuses_mainloop"  boolean              "overhead_regs"  registers/thread, -1/"default" = model
//     "subbyte_smem"      "auto" | "packed" | "padded" "acc_buffers"  accumulator copies in TMEM (1)
//     "problem"           {"m", "n", "k"} or "8192x8192x8192": waves and efficiency (optional)
//   Tiles (op tiles): the tile type fields above (a, b, acc, mma, epilogue, out, epilogue_bytes,
//     epilogue_reuses_mainloop, overhead_regs, subbyte_smem, acc_buffers) and the candidate lists
//     "ms", "ns", "ks", "stages", "warps" (arrays of integers, or one integer; defaults smcalc::TileSearch),
//     "limit" (fits listed, 1 .. 2^53-1 or "all"; default 50). At most 262,144 candidate combinations.
//   AMD Instinct (ops occupancy, next_step, tile, compare): "gpu": "MI300X" | "MI325X" | "MI350X" | "MI355X"
//   (aliases, any case; a name is looked up in the NVIDIA database first, then AMD's: smcalc::amd::find_gpu).
//   The AMD kernel fields (smcalc::fields::amd_kernel_fields, LLVM's -Rpass-analysis=kernel-resource-usage counts):
//     "threads"           work-items per workgroup, 1 .. 1024 (default 256); not a multiple of 64 is allowed and
//                         rounds up to whole waves (the idle lanes are shown: "idle_lanes", "notes")
//     "vgprs", "agprs"    architectural / accumulation VGPRs per lane, 0 .. 256 (default 32, 0)
//     "sgprs"             SGPRs per wave incl. VCC, FLAT_SCRATCH, XNACK_MASK, 0 .. 112; 0 = not known (default)
//     "lds"               bytes of LDS per workgroup (units as smem_*), 0 .. 64 KiB (gfx942) / 160 KiB (gfx950)
//     "scratch"           bytes of scratch per lane (shown; sets no limit)
//     "compiler_output"   LLVM's remarks, .s or amdhsa metadata (smcalc::amd::parse_amd_compiler_output), "kernel"
//                         its name; the kernel's counts fill the fields above (fields given win)
//   AMD tile (op tile): "m", "n", "k", "stages", "a", "b", "acc", "problem" as above (defaults smcalc::amd::TileInput:
//     256x256x64, 2 stages), "waves" (waves of 64 lanes per workgroup, 1 .. 16, default 4), "sgprs".
//   Vendor fields: an NVIDIA-only field (regs, smem_static, smem_dynamic, optin, smem_dynamic_max, carveout,
//   barriers; for a tile warps, mma, epilogue, out, epilogue_bytes, epilogue_reuses_mainloop, overhead_regs,
//   subbyte_smem, acc_buffers) with an AMD GPU, or an AMD-only field (vgprs, agprs, sgprs, lds, scratch; for a
//   tile waves, sgprs) with an NVIDIA device, is invalid_input naming the field and the GPU
//   (smcalc::amd::vendor_field_error), never ignored. block_size, dynamic_smem and tiles on an AMD GPU:
//   unsupported.
//   Compare: "gpus": ["A100", "H100 SXM5", ...] (1 to 4 GPU names), "kind": "kernel" (default; the kernel
//     fields) or "tile" (the tile fields). Across vendors (any AMD GPU listed) each column reads its own
//     vendor's fields: NVIDIA columns the NVIDIA kernel fields, AMD columns the AMD kernel fields (both may be
//     given; "notes" says which were read); for a tile every column takes m, n, k, stages and types, NVIDIA
//     columns "warps", AMD columns "waves" (default: the "warps" count as waves). A field no listed GPU reads
//     is an error, as above.
//   Thread block clusters (ops occupancy, next_step, tile, tiles, compare; CC 9.0+; smcalc::ClusterInput,
//   docs/clusters.md):
//     "cluster"              [x, y, z] (1 to 3 entries, missing ones 1), "4x2x1" (also "4x2", 'X', '*'), or a size
//                            n meaning [n, 1, 1]; each dimension 1 .. 16, size x*y*z 1 .. 8 (portable), up to 16
//                            with "non_portable_cluster" where the part allows it. A tile's cluster is M x N x 1.
//                            On CC < 9.0 an error (invalid_input, field "cluster"); compare shows it per GPU.
//     "non_portable_cluster" boolean: cudaFuncAttributeNonPortableClusterSizeAllowed (default false)
//     "grid"                 ops occupancy, next_step: the launch grid in CTAs, [x, y, z] or "XxYxZ", each
//                            1 .. 2^53-1 and a multiple of the cluster's dimension: waves of clusters. Needs
//                            "cluster". (A tile's grid comes from "problem", rounded up to whole clusters.)
//     "clusters"             op tiles: the cluster shapes to rank, a list of 1 to 8 shapes as "cluster" takes
//                            them (1x1x1 = none); "cluster" there gives one shape
//     "device": {"gpc": {"gpcs_min", "gpcs_max", "max_sms_per_gpc", "sms_per_tpc", "max_cluster_size"}}
//                            a custom device's GPC layout (smcalc::GpcLayout; 0 or absent = unknown); a "gpu"
//                            brings its database row; "cc" alone has none (only the bound is given)
//   Tiles, stages: "stages": "auto" (or ["auto"]) gives each candidate CUTLASS's StageCountAutoCarveout count.
//   Parse: "text": the compiler output.
//   Numbers must be JSON integers, or floats with no fraction (256.0), within the range given. Byte fields
//   (smem_*, device.smem_*, device.reserved_smem_per_block, epilogue_bytes) also take strings with a unit:
//   "24KiB", "24KB", "24 K", "1.5MiB" (KB = KiB = 1024 B, as in CUDA's documentation; see
//   smcalc::parse_bytes). null means "absent" (the default). "id" (any JSON value) is echoed unchanged in the
//   answer, for matching answers to requests. Any other key (at the top, in "device", "device.gpc" or
//   "problem") is an error, bad_request, whose field is the key and whose message names the nearest known key
//   ("unknown field \"thread\"; did you mean \"threads\"?"; smcalc::fields::nearest_key), null or not. The CLI's
//   spelling of a field reads as that field where it names one field (smcalc::fields::flag_alias: "smem" is
//   smem_static, as --smem is); giving both spellings is an error. A known field the op does not read is an
//   error too, bad_request naming it and the fields the op reads (a misplaced field is never ignored). The
//   answer's "warnings" array (only present when not empty) says what was answered but deserves a look: inputs
//   no compiled kernel has, a figure the compiler output did not give.
//
// ANSWERS
//   occupancy:    {"blocks_per_sm", "warps_per_sm", "threads_per_sm", "occupancy" (0..1),
//                  "limits": {"regs", "smem", "warps", "blocks", "barriers"} (integer, or null = no limit),
//                  "limiting": ["regs", ...] (every resource whose limit equals blocks_per_sm),
//                  "regs_per_block" (integer, null above 2^53-1), "smem_per_block", "smem_per_sm",
//                  "warps_per_block", "regs_per_warp", "max_warps_per_sm",
//                  "budgets": [{"name", "unit", "used", "limit", "limiting"}], "derivation": [strings],
//                  "notes": [strings], "device": {the device object used}, "gpu": name or null,
//                  "input": {the kernel fields with defaults filled in}}
//   block_size:   {"block_size", "min_grid_size", "blocks_per_sm", "occupancy", "gpu"}
//   dynamic_smem: {"bytes", "bytes_resident", "notes", "gpu"}: "bytes" is NVIDIA's figure,
//                  cudaOccAvailableDynamicSMemPerBlock (shared memory per SM / blocks, less static and
//                  reserved), which is NOT always resident: on CC 8.0+ it leaves out the 1 KiB the driver
//                  reserves per block, so with it fewer blocks may fit. "bytes_resident" is the largest dynamic
//                  size with which the blocks asked for do reside (occupancy() confirms it); use it to size a
//                  launch. They differ by at most the reserved bytes plus one allocation granule; "notes" says
//                  so when they differ.
//   next_step:    {"current": {an occupancy answer}, "target_blocks",
//                  "suggestions": [{"id": "regs"|"smem"|"threads_block"|"threads_warps"|"barriers"|"next_level",
//                                   "possible", "changes": [{"knob", "unit", "from", "to"}], "text", "reason",
//                                   "input": {kernel fields}, "blocks_per_sm", "warps_per_sm", "occupancy",
//                                   "limiting"} (the last four null when not possible)],
//                  "launch_bounds": {"possible", "target_blocks", "threads", "max_regs", "blocks_per_sm",
//                                    "occupancy", "launch_bounds", "maxrregcount", "text", "reason"},
//                  "device", "gpu"}
//   tile:         {"acc_regs_per_thread", "regs_per_thread_est", "spills", "smem_per_stage", "smem_per_cta",
//                  "smem_limit", "ctas_per_sm", "occupancy", "limiting": [resource keys], "fits", and every
//                  other field of smcalc::TileResult under its own name ("instruction", "inst": {m,n,k},
//                  "grid": {m,n}, "threads", "acc_bytes", ..., "tmem_columns", ..., "ctas_by_smem", ...,
//                  "intensity", "ridge" (null = not sourced), "problem": {...} or null),
//                  "rows": [{"key", "label", "unit", "value", "limit" (null = none), "basis": "exact"|
//                  "estimate", "over"}], "notes", "solver": {the occupancy answer for the kernel the tile
//                  becomes} or null, "input": {the tile fields, defaults filled in}, "device", "gpu"}
//   tiles:        {"fits": [{"m", "n", "k", "stages", "warps", "acc_regs_per_thread", "regs_per_thread_est",
//                  "smem_per_cta", "tmem_columns", "ctas_per_sm", "ctas_by_smem", "occupancy", "limiting"}]
//                  (sorted as smcalc::TileSearchResult, at most "limit"), "total" (all fits), "shown",
//                  "candidates", "rejected": {"refused", "spills", "smem_over", "tmem_over", "no_cta"},
//                  "input", "device", "gpu"}
//   compare:      {"kind", "gpus", "input", "columns": [{"name", "cc", "sm_count", "error" (null or an error
//                  object), kernel: "blocks_per_sm", "warps_per_sm", "occupancy", "limits", "limiting",
//                  "gpu_resident_ctas", "gpu_resident_warps"; tile: "fits", "ctas_per_sm", "occupancy",
//                  "limiting", "instruction", "acc_regs_per_thread", "regs_per_thread_est", "spills",
//                  "smem_per_cta", "smem_limit", "gpu_resident_ctas"}],
//                  "rows": [{"key", "label", "values": [text per column], "differs"}]}
//   AMD (a "gpu" or a compare column naming an AMD product; every AMD answer has "vendor": "amd"):
//   occupancy:    {"vendor", "gfx", "waves_per_simd" (resident waves per SIMD, the average over the 4 SIMDs),
//                  "max_waves_per_simd" (8), "workgroups_per_cu", "waves_per_cu", "occupancy" (0..1, waves/CU / 32),
//                  "limits": {"vgprs", "sgprs", "lds", "workgroups"} (workgroups per CU that resource alone allows;
//                  null = no limit), "limits_waves_per_simd": {the same, in waves per SIMD},
//                  "limiting": ["vgprs", ...], "compiler_waves_per_simd" (LLVM's "Occupancy [waves/SIMD]", which
//                  rounds waves up over the SIMDs and ignores the LDS granule; beside ours, never instead),
//                  "waves_per_workgroup", "lanes_per_workgroup", "idle_lanes", "unified_vgprs", "vgprs_allocated",
//                  "sgprs_allocated", "lds_allocated", "cu_count", "gpu_resident_workgroups",
//                  "budgets": [as NVIDIA's], "rows": [{"key", "label", "unit", "value", "limit", "basis": "exact"|
//                  "estimate", "over"}], "derivation": [strings], "notes": [strings], "input": {the AMD kernel
//                  fields, defaults filled in}, "gpu"}
//   next_step:    {"vendor", "current": {an AMD occupancy answer}, "suggestions": [{"resource", "field", "from",
//                  "to", "workgroups_per_cu", "waves_per_simd", "occupancy", "text", "hint"}] (empty at 8 waves/SIMD
//                  or when no single change helps), "gpu"}
//   tile:         {"vendor", "gfx", "threads", "acc_bytes", "acc_regs_per_lane", "overhead_vgprs", "vgprs",
//                  "agprs", "unified_vgprs", "regs_fit", "lds_a_per_stage", "lds_b_per_stage", "lds_per_stage",
//                  "lds_per_workgroup", "lds_limit", "lds_fits", "workgroups_per_cu", "waves_per_simd", "fits",
//                  "cu_count", "problem": {"tiles_m", "tiles_n", "workgroups", "k_steps", "workgroups_per_wave",
//                  "waves", "last_wave_utilization"} or null, "rows", "notes", "solver": {AMD occupancy answer}
//                  or null, "input": {"m", "n", "k", "stages", "waves", "a", "b", "acc", "sgprs", "problem"}, "gpu"}
//   compare across vendors: {"kind", "gpus", "input" (NVIDIA kernel or tile fields), "amd_input" (AMD kernel
//                  fields; null for a tile), "columns": [{"name", "vendor": "nvidia"|"amd", "error", NVIDIA: "cc",
//                  "sm_count" and the keys of the NVIDIA compare columns; AMD: "gfx", "cu_count",
//                  "workgroups_per_cu", "waves_per_cu", "waves_per_simd", "occupancy", "compiler_waves_per_simd",
//                  "limits", "limiting", "gpu_resident_workgroups" (kernel) or "fits", "workgroups_per_cu",
//                  "waves_per_simd", "acc_regs_per_lane", "vgprs", "agprs", "lds_per_workgroup", "lds_limit",
//                  "gpu_resident_workgroups" (tile)}], "rows": [{"key", "label" (both vendors' words: "CTAs per SM /
//                  workgroups per CU"), "values" (each in its vendor's words: "4 CTAs", "8 workgroups"), "differs"}],
//                  "notes": [which fields each vendor read]}
//   parse of AMD text (the NVIDIA reader found no kernel): {"vendor": "amd", "kernels": [{"name", "gfx", "vgprs",
//                  "agprs", "unified_vgprs", "sgprs", "lds", "scratch", "max_flat_workgroup_size", "vgpr_spill",
//                  "sgpr_spill", "llvm_occupancy" (LLVM's figure, null = not in the text), "formats", "line",
//                  "missing", "rules" (the gfx whose rules were applied: the kernel's, else gfx942),
//                  "threads", "compiler_waves_per_simd" (ours, by LLVM's rule), "waves_per_simd",
//                  "workgroups_per_cu" (resident, whole workgroups), "mismatch" (LLVM's figure != ours),
//                  "comparison" (one line)}], "notes", "summary"}
//   gpus:         also "amd_gpus": [{"name", "aliases", "vendor", "gfx", "family", "cu_count", "xcd_count",
//                  "cus_per_xcd", "lds_per_cu", "hbm_bytes", "peak_clock_mhz", "mem_bw_gbs" (null = unknown),
//                  "source", "note"}]
//   parse:        {"kernels": [{"name", "mangled", "demangled", "short_name", "arch", "cc", "cc_modelled",
//                  "registers", "smem_static", "barriers", "stack_frame", "spill_stores", "spill_loads",
//                  "cumulative_stack", "local" (null = not in the text), "cmem": [{"bank", "bytes"}],
//                  "entry", "tool", "line", "missing"}], "device_functions", "archs", "diagnostics", "notes",
//                  "summary"}
//   gpus:         {"gpus": [{"name", "aliases": [...], "cc", "sm_count" (null = unknown), the device fields,
//                  "boost_clock_mhz", "l2_bytes", "mem_bw_gbs", "bf16_dense_tflops", "fp32_tflops"
//                  (null = unknown), "source", "note"}]}
//   archs:        {"archs": [{"cc", "family", ... every field of smcalc::ArchRules ..., "carveouts_kib": [...]}]}
//   cluster:      with "cluster", occupancy and tile answers gain "cluster" (next_step too, beside
//                  "cluster_next_steps"): {"dims": [x,y,z], "cluster_size", "needs_non_portable", "max_cluster_size",
//                  "max_size_confirmed", "ctas_per_sm", "cluster_ctas_per_sm" (ctas_per_sm capped at 8 on CC
//                  10.x), "smem_per_cta", "dsmem_per_cluster" (bytes, size x
//                  smem_per_cta), "sm_count" (null = unknown), "ctas_per_gpc_max" (null = unknown),
//                  "max_active_clusters": {"low", "typical", "high" (null = GPC layout unknown), "bound",
//                  "figures": [{"key": "low"|"typical"|"high"|"bound"|"cutlass_heuristic"|"public_evidence",
//                  "label", "clusters", "ctas", "idle_cta_slots", "idle_sms" (null = no layout), "basis":
//                  "exact"|"estimate"|"range", "basis_text", "source"}]} or null (SM count unknown),
//                  "limiter": "per_sm_occupancy"|"gpc"|"layout_not_sourced"|"cluster_cta_cap", "limiter_label", "limiter_reason", "gpcs": [{"sms",
//                  "clusters", "ctas", "idle_sms"}] (the typical layout, GPC by GPC), "waves": {"grid", "grid_ctas",
//                  "grid_clusters", "waves_low", "waves_typical", "waves_high", "waves_bound"} or null,
//                  "derivation", "notes"}. low <= typical <= high <= bound. A cluster larger than a GPC holds at
//                  this occupancy is an answer (0 clusters, limiter "gpc", the reason), not an error.
//                  The request's cluster is echoed in "input" ("cluster", "non_portable_cluster", "grid";
//                  next_step: "cluster_input").
//   next_step +   "cluster_next_steps": [{"key": "smaller_cluster"|"gpc_limit", "dims", "clusters", "ctas",
//                  "ctas_now", "basis", "text"}] (empty: no smaller shape keeps more CTAs, per-SM occupancy limits)
//   tile +        "fit_options": [{"key": "more_warps"|"cluster_split_m"|"cluster_split_n"|"cta_pair_2sm",
//                  "label", "cluster": [x,y,z], "cta": {"m","n","k","stages","warps"}, "acc_regs_per_thread",
//                  "regs_per_thread_est", "smem_per_cta", "tmem_columns", "ctas_per_sm", "fits", "text"}]
//                  (always present; empty when the tile fits)
//   tiles +       each fit also "cluster": [x,y,z], "clusters_low", "clusters_typical", "clusters_high",
//                  "ctas_resident" (null = unknown); "ranking": [the order in words], "stages_auto"; "input"
//                  adds "clusters" and "non_portable_cluster" ("stages": "auto" when asked)
//   compare +     with "cluster", a row {"key": "clusters", "label": "Resident clusters per GPU (4x2x1)",
//                  "values": ["13..16 (even 16)", "66 (every layout)", "at most 74 (layout unknown)",
//                  "no clusters (CC < 9.0)", ...]}; when every GPU refuses the cluster alike, that error answers
//   error:        {"error": {"id": "<ErrorId string, error.hpp>", "message": "...", "field": "..." ("" if none)}}
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "smcalc/amd.hpp"
#include "smcalc/amd_parse.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/error.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/ptxas.hpp"
#include "smcalc/solve.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::api {

inline constexpr std::string_view kVersion = "0.1.0";  // tests/cli checks it against CMake's PROJECT_VERSION

// The request and answer types are the core's (smcalc/solve.hpp); this layer reads JSON into a Request and writes
// an Answer as JSON.
using smcalc::kDefaultTilesLimit;
using smcalc::kMaxTileCandidates;
using smcalc::Op;
using smcalc::Request;

// Validates a request object (see the contract above). Never throws.
Expected<Request> parse_request(const nlohmann::json& request);

// One request object in, one answer object out (the contract above). Never throws.
nlohmann::json handle(const nlohmann::json& request);

// The JSON of an Answer to a Request however it was made (handle() writes this for the request it read, then its
// "warnings" and "id"): the page's requests (web/ui_model.cpp request_for) are written by it in the page-vs-API test.
nlohmann::json answer_json(const Request& req, const Answer& answer);

// `smcalc batch`: one JSON Lines line in, one compact JSON line out (no newline). Malformed JSON and empty
// lines answer bad_request (with the parser's byte position). Never throws.
std::string handle_line(std::string_view line);

// Deepest bracket nesting of a JSON text, brackets inside strings not counted (handle_line refuses > 64).
std::size_t nesting_depth(std::string_view json_text);

// {"error": {"id", "message", "field"}}.
nlohmann::json error_json(const Error& e);

// "128x128x64" -> {128, 128, 64}: the MxNxK codec of smcalc/fields.hpp (the CLI's --tile and --problem).
using fields::parse_mnk;

// What `smcalc <op>` prints without --json: the same parse and the same solver as handle(), for people.
struct TextAnswer {
    std::string text;                   // stdout when ok
    std::optional<Error> error;         // set on failure
    std::vector<std::string> warnings;  // inputs no compiled kernel has; compiler output without a figure
};
// `why` adds the solver's step-by-step derivation to the occupancy table.
TextAnswer handle_text(const nlohmann::json& request, bool why);

}  // namespace smcalc::api
