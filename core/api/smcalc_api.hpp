// smcalc_api.hpp - the JSON request/answer contract, shared by `smcalc` (flags and `smcalc batch`) and the
// browser's JS API. One request object in, one answer object out; nothing here throws.
//
// REQUEST  {"op": "occupancy" | "block_size" | "dynamic_smem" | "gpus" | "archs", ...}
//   Device (ops occupancy, block_size, dynamic_smem): exactly one of
//     "gpu": "<name or alias>"                      a row of the GPU database (`smcalc gpus`)
//     "cc": "8.0" (also "sm_80", "80", 8.0, 80)     that CC's reference device (SM count unknown)
//     "device": {"cc": "8.0", "sm_count", "max_threads_per_block", "max_threads_per_sm", "regs_per_sm",
//                "regs_per_block", "warp_size", "smem_per_sm", "smem_per_block", "smem_per_block_optin",
//                "reserved_smem_per_block"}
//               "cc" is required; every other field overrides that CC's reference device (a custom device),
//               fields left out keep the reference value. sm_count may be null (= 0, unknown).
//   Kernel (semantics of cudaOccFuncAttributes / cudaOccDeviceState in cuda_occupancy.h), defaults = KernelInput:
//     "threads"           threads per block, 1 .. 2^53-1, default 256 (ignored by block_size)
//     "regs"              registers per thread, 0 .. 2^53-1, default 32
//     "smem_static"       bytes of __shared__ per block, default 0
//     "smem_dynamic"      bytes of dynamic shared memory at launch, default 0 (ignored by dynamic_smem)
//     "optin"             boolean: cudaFuncAttributeMaxDynamicSharedMemorySize set, default false
//     "smem_dynamic_max"  bytes, that attribute's value; -1, "default" or absent = CUDA's default
//     "carveout"          0 .. 100 (% of the largest carveout); -1, "default" or absent = no preference
//     "barriers"          block barriers used, 0 .. 2^53-1, default 1
//     "blocks"            dynamic_smem only: blocks per SM wanted, 1 .. 2^53-1, default 1
//   Numbers must be JSON integers, or floats with no fraction (256.0), within the range given. Byte fields
//   (smem_*, device.smem_*, device.reserved_smem_per_block) also take strings with a unit: "24KiB", "24KB",
//   "24 K", "1.5MiB" (KB = KiB = 1024 B, as in CUDA's documentation; see smcalc::parse_bytes). null means
//   "absent" (the default). "id" (any JSON value) is echoed unchanged in the answer, for matching answers to
//   requests. Any other field is ignored and named in the answer's "warnings" array, as is a field the op
//   ignores; "warnings" is only present when not empty.
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
//   dynamic_smem: {"bytes", "gpu"}
//   gpus:         {"gpus": [{"name", "aliases": [...], "cc", "sm_count" (null = unknown), the device fields,
//                  "boost_clock_mhz", "l2_bytes", "mem_bw_gbs", "bf16_dense_tflops", "fp32_tflops"
//                  (null = unknown), "source", "note"}]}
//   archs:        {"archs": [{"cc", "family", ... every field of smcalc::ArchRules ..., "carveouts_kib": [...]}]}
//   error:        {"error": {"id": "<ErrorId string, error.hpp>", "message": "...", "field": "..." ("" if none)}}
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc::api {

inline constexpr std::string_view kVersion = "0.1.0";  // tests/cli checks it against CMake's PROJECT_VERSION

enum class Op { Occupancy, BlockSize, DynamicSmem, Gpus, Archs };

// A request after validation: what the solver gets.
struct Request {
    Op op = Op::Occupancy;
    std::string gpu;                    // canonical GPU name when "gpu" chose the device, else empty
    Device device;                      // valid (validate_device passed) for the device ops
    KernelInput input;                  // defaults of KernelInput where a field was absent
    int64_t blocks = 1;                 // dynamic_smem only
    std::optional<nlohmann::json> id;   // echoed
    std::vector<std::string> warnings;  // ignored fields
};

// Validates a request object (see the contract above). Never throws.
Expected<Request> parse_request(const nlohmann::json& request);

// One request object in, one answer object out (the contract above). Never throws.
nlohmann::json handle(const nlohmann::json& request);

// `smcalc batch`: one JSON Lines line in, one compact JSON line out (no newline). Malformed JSON and empty
// lines answer bad_request (with the parser's byte position). Never throws.
std::string handle_line(std::string_view line);

// {"error": {"id", "message", "field"}}.
nlohmann::json error_json(const Error& e);

// What `smcalc <op>` prints without --json: the same parse and the same solver as handle(), for people.
struct TextAnswer {
    std::string text;                   // stdout when ok
    std::optional<Error> error;         // set on failure
    std::vector<std::string> warnings;  // ignored fields
};
// `why` adds the solver's step-by-step derivation to the occupancy table.
TextAnswer handle_text(const nlohmann::json& request, bool why);

}  // namespace smcalc::api
