// api_detail.hpp - what smcalc_api.cpp (JSON answers) and api_text.cpp (text answers) share: the results of
// the composite ops (next step with launch bounds, a tile on several GPUs) computed once, and the text
// forms of values. Internal to core/api; not part of the contract.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/amd_parse.hpp"
#include "smcalc/error.hpp"
#include "smcalc/format.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/ptxas.hpp"
#include "smcalc/tile.hpp"
#include "smcalc_api.hpp"

namespace smcalc::api::detail {

std::string num(int64_t v);
// "H100 SXM5: CC 9.0 (Hopper), 132 SMs" / "CC 8.6 (Ampere), SM count unknown".
std::string device_title(const Device& dev, std::string_view gpu);
// "bf16 x bf16 -> f32".
std::string tile_types_text(const TileInput& in);
// Shared by the formatters (smcalc_api.cpp, api_text.cpp, api_amd.cpp, api_cluster.cpp).
// null where absent: an optional count or figure, an empty string.
nlohmann::json opt_json(const std::optional<int64_t>& v);
nlohmann::json opt_json(const std::optional<double>& v);
nlohmann::json opt_json(const std::string& s);
nlohmann::json gpu_json(const Request& r);  // the GPU's canonical name, or null (a CC or a custom device)
// A result member as JSON: its value, or null for an absent optional.
template <class T>
nlohmann::json member_json(const T& v) {
    return nlohmann::json(v);
}
template <class T>
nlohmann::json member_json(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}
// Writes members of the struct `in` into the JSON object `out`, each under its own name:
// SMCALC_JSON_MEMBERS(a, r, threads, vgprs) is a["threads"] = r.threads; a["vgprs"] = r.vgprs. So a result field's
// JSON key is its C++ name, written once; a key that differs, or a value that needs converting, is written beside.
#define SMCALC_JSON_MEMBER(m) smcalc_json_out_[#m] = ::smcalc::api::detail::member_json(smcalc_json_in_.m);
#define SMCALC_JSON_MEMBERS(out, in, ...)                                          \
    do {                                                                           \
        nlohmann::json& smcalc_json_out_ = (out);                                  \
        const auto& smcalc_json_in_ = (in);                                        \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(SMCALC_JSON_MEMBER, __VA_ARGS__)) \
    } while (0)
// The per-resource bars of an occupancy answer (NVIDIA and AMD alike).
nlohmann::json budgets_json(const std::vector<Budget>& budgets);
// An NVIDIA answer's "limiting" (resource keys), "limits" (blocks per SM each resource allows, null = none) and a
// comparison's "rows".
nlohmann::json limiting_json(const std::vector<Resource>& limiting);
nlohmann::json limits_json(const OccupancyResult& r);
nlohmann::json rows_json(const std::vector<CompareRow>& rows);
// A database entry's "a|b|c" aliases as ["a", "b", "c"] (empty ones left out).
nlohmann::json aliases_json(std::string_view aliases);
// A GEMM problem size {"m", "n", "k"}, or null.
nlohmann::json problem_size_json(const std::optional<ProblemSize>& p);
// A tile's readouts as JSON rows: {"key", "label", "unit", "value", "limit", "basis", "over"}; counts and bytes
// as integers, other values as doubles.
nlohmann::json tile_rows_json(const std::vector<TileRow>& rows);
// Columns of text, two spaces apart, each left- or right-aligned (`right`), every line after `indent`.
std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right,
                       const std::string& indent = "");

// A tile readout as people read it: fractions as "51.5 %", integers plain, other values to 1 decimal.
std::string row_value_text(std::string_view unit, double value);

// next_step: the suggestions and the launch bounds for the target (req.blocks, or default_bounds_target).
struct NextStepAnswer {
    NextStep step;
    int64_t bounds_target = 0;
    std::optional<LaunchBounds> bounds;  // set when the target is reachable
    std::optional<Error> bounds_error;   // why not (only when the target was the default)
};
Expected<NextStepAnswer> next_step_answer(const Request& req);

// dynamic_smem: NVIDIA's cudaOccAvailableDynamicSMemPerBlock figure, and the most that really stays resident.
struct DynamicSmemAnswer {
    int64_t bytes = 0;           // cudaOccAvailableDynamicSMemPerBlock (it overlooks the reserved shared memory)
    int64_t bytes_resident = 0;  // the most that still lets req.blocks blocks reside
};

// ----- AMD (core/api/api_amd.cpp) -----

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

bool has_amd_gpu(const Request& req);
Expected<VendorComparison> compare_vendors(const Request& req);
Expected<AmdNextStepAnswer> amd_next_step_answer(const Request& req);
Expected<AmdParseAnswer> amd_parse_answer(std::string_view text);

nlohmann::json amd_occupancy_json(const Request& req, const amd::OccupancyResult& r);
nlohmann::json amd_next_step_json(const Request& req, const AmdNextStepAnswer& a);
nlohmann::json amd_tile_json(const Request& req, const amd::TileResult& r);
nlohmann::json amd_parse_json(const AmdParseAnswer& a);
nlohmann::json amd_parsed_kernel_json(const amd::ParsedKernel& k);
nlohmann::json vendor_compare_json(const Request& req, const VendorComparison& c);
nlohmann::json amd_gpus_json();
nlohmann::json amd_input_json(const amd::KernelInput& in);

std::string amd_occupancy_text(const Request& req, const amd::OccupancyResult& r, bool why);
std::string amd_next_step_text(const Request& req, const AmdNextStepAnswer& a);
std::string amd_tile_text(const Request& req, const amd::TileResult& r, bool why);
std::string amd_parse_text(const AmdParseAnswer& a);
std::string vendor_compare_text(const VendorComparison& c);
std::string amd_gpus_text();
std::string amd_compiler_line(const amd::ParsedKernel& k);
// api_text.cpp's compare table, for api_amd.cpp.
std::string compare_table_text(const std::vector<std::string>& names, const std::vector<CompareRow>& rows);

// A comparison's table, then each refused column's error: the text of every kind of comparison (kernel, tile,
// vendors). `out` is the text above the table.
template <class Column>
std::string compare_columns_text(std::string out, const std::vector<Column>& columns,
                                 const std::vector<CompareRow>& rows) {
    std::vector<std::string> names;
    for (const Column& col : columns) names.push_back(col.name);
    out += compare_table_text(names, rows);
    for (const Column& col : columns)
        if (col.error)
            out += col.name + ": " + col.error->message + " [" + std::string(error_id_string(col.error->id)) + "]\n";
    return out;
}

// A titled list, one item a line after `bullet`; "" when there are no items (notes, compiler messages).
std::string list_text(const std::string& title, const std::vector<std::string>& items, const char* bullet = "  - ");

// What an op answers, solved once; the JSON (smcalc_api.cpp) and the text (api_text.cpp) answers are two
// formatters of it. gpus and archs answer from the database itself (monostate).
using Solved = std::variant<std::monostate, OccupancyResult, BlockSizeResult, DynamicSmemAnswer, NextStepAnswer,
                            TileResult, TileSearchResult, Comparison, TileComparison, ParsedOutput,
                            amd::OccupancyResult, AmdNextStepAnswer, amd::TileResult, VendorComparison, AmdParseAnswer>;
Expected<Solved> solve(const Request& req);

// The text answer of a solved request (`smcalc <op>` without --json); `why` adds the solver's derivation.
std::string answer_text(const Request& req, const Solved& solved, bool why);

// dynamic_smem's note when NVIDIA's figure and the resident figure differ.
std::string resident_note(int64_t header, int64_t resident, int64_t blocks);

// The kernel a compiler-output request chose, in one line: "from ptxas -v: transpose_tile (sm_80): 10
// registers, 4224 B static shared memory, 1 barrier".
std::string compiler_line(const ParsedKernel& k);

// Text answers of the ops added with the tile model and the guidance (handle_text calls them).
std::string tile_text(const Request& req, const TileResult& r);
std::string tiles_text(const Request& req, const TileSearchResult& r);
std::string next_step_text(const Request& req, const NextStepAnswer& a);
std::string compare_text(const Comparison& c);
std::string compare_tile_text(const TileComparison& c);
std::string parse_text(const ParsedOutput& p);

// ----- Thread block clusters (issue 17; api_cluster.cpp) -----
// What "cluster" adds to an op's answer, solved once for both formatters. Ops tile and tiles carry their
// cluster figures in their own results (TileResult::cluster, fit_options; TileFit's cluster fields).
struct ClusterAnswer {
    std::optional<ClusterResult> result;  // occupancy, next_step: the kernel's resident clusters
    std::vector<ClusterStep> steps;       // next_step: smaller shapes that keep more CTAs, or the GPC limit
    std::vector<TileFitOption> refused_fit_options;  // tile: a shape tile() refuses (e.g. M = 256 on the TMEM
                                                     // path) still has ways to run; the error names them
};
// solve(), then the cluster part of the request (req.cluster). For compare it adds the "clusters" row to the
// comparison's rows (an error for all when every GPU refuses the cluster with the same error).
Expected<Solved> solve_with_cluster(const Request& req, ClusterAnswer& cluster);
// The answer's cluster keys ("cluster", "cluster_next_steps", "fit_options", the tiles' cluster fields and
// "ranking"), added to the op's JSON answer `a`.
void add_cluster_json(nlohmann::json& a, const Request& req, const Solved& solved, const ClusterAnswer& cluster);
// An error answer's "fit_options" (a refused tile that runs another way), beside "error".
void add_refused_fit_options(nlohmann::json& a, const ClusterAnswer& cluster);
// The text of the same: the resident clusters with each figure labelled, the per-GPC arithmetic, fit options,
// cluster steps. Empty when the request has none of them.
std::string cluster_answer_text(const Request& req, const Solved& solved, const ClusterAnswer& cluster);
std::string cluster_result_text(const ClusterResult& r);
// One table cell for compare: "13..16 (even 16)", "66 (every layout)", "at most 74 (layout unknown)".

}  // namespace smcalc::api::detail
