// api_detail.hpp - what the JSON writers of core/api share (smcalc_api.cpp, api_amd.cpp, api_cluster.cpp): value
// helpers and the writers of the answer parts that solve() (smcalc/solve.hpp) computed. Internal to core/api;
// not part of the contract.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/format.hpp"
#include "smcalc/solve.hpp"
#include "smcalc_api.hpp"

namespace smcalc::api::detail {

// Plain decimal, as the error messages write a bound.
inline std::string num(int64_t v) { return std::to_string(v); }
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
// ----- AMD (api_amd.cpp) -----
nlohmann::json amd_occupancy_json(const Request& req, const amd::OccupancyResult& r);
nlohmann::json amd_next_step_json(const Request& req, const AmdNextStepAnswer& a);
nlohmann::json amd_tile_json(const Request& req, const amd::TileResult& r);
nlohmann::json amd_parse_json(const AmdParseAnswer& a);
nlohmann::json amd_parsed_kernel_json(const amd::ParsedKernel& k);
nlohmann::json vendor_compare_json(const Request& req, const VendorComparison& c);
nlohmann::json amd_gpus_json();
nlohmann::json amd_input_json(const amd::KernelInput& in);

// ----- Thread block clusters (api_cluster.cpp) -----
// The answer's cluster keys ("cluster", "cluster_next_steps", "fit_options", the tiles' cluster fields and
// "ranking"), added to the op's JSON answer `a`.
void add_cluster_json(nlohmann::json& a, const Request& req, const Solved& solved, const ClusterAnswer& cluster);
// An error answer's "fit_options" (a refused tile that runs another way), beside "error".
void add_refused_fit_options(nlohmann::json& a, const ClusterAnswer& cluster);

}  // namespace smcalc::api::detail
