// api_detail.hpp - what the JSON writers of core/api share (smcalc_api.cpp, api_amd.cpp, api_cluster.cpp): value
// helpers and the writers of the answer parts that solve() (smcalc/solve.hpp) computed. Internal to core/api;
// not part of the contract.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "smcalc/answer_schema.hpp"
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
// An answer part as JSON, from its member list (smcalc/answer_schema.hpp): a struct with a schema becomes an
// object of its listed members, a list an array, an absent optional null, an enum its key, a Dim3 [x, y, z].
template <class T>
nlohmann::json value_json(const T& v);
// Writes the listed members of `s` into the object `out`, each under its schema key.
// A Sometimes member is left out while empty; a Base member's own members are written beside the others.
template <class T>
void put_members(nlohmann::json& out, const T& s) {
    schema::each_member(
        s,
        [&](std::string_view key, const auto& v) {
            using V = std::remove_cvref_t<decltype(v)>;
            if constexpr (schema::is_sometimes<V>::value) {
                if (v) out[std::string(key)] = value_json(*v);
            } else {
                out[std::string(key)] = value_json(v);
            }
        },
        [&](const auto& b) {
            if constexpr (schema::has_schema<std::remove_cvref_t<decltype(b)>>::value) put_members(out, b);
            else out.update(value_json(b));
        });
}
// The value types written another way (schema::Custom): a shape as [x, y, z], a kernel's inputs from their field
// table, (name, text) pairs as an object.
nlohmann::json custom_json(const Dim3& d);
nlohmann::json custom_json(const Device& d);
nlohmann::json custom_json(const TileInput& t);
nlohmann::json custom_json(const schema::TilesInputEcho& e);
nlohmann::json custom_json(const amd::KernelInput& in);
nlohmann::json custom_json(const schema::ReadoutNumber& n);
nlohmann::json custom_json(const KernelInput& in);
nlohmann::json custom_json(const schema::NamedTexts& t);
template <class T>
nlohmann::json value_json(const T& v) {
    if constexpr (std::is_enum_v<T>) {
        return std::string(schema::EnumKey<T>::key(v));
    } else if constexpr (std::is_same_v<T, schema::Undefined>) {
        return nlohmann::json();  // never written (a Sometimes<Undefined> is always empty)
    } else if constexpr (schema::is_literal<T>::value) {
        return std::string(T::text);
    } else if constexpr (schema::is_keyed<T>::value) {
        nlohmann::json o = nlohmann::json::object();
        for (const auto& [k, x] : v.items) o[std::string(schema::EnumKey<std::remove_cvref_t<decltype(k)>>::key(k))] = value_json(x);
        return o;
    } else if constexpr (schema::has_custom<T>::value) {
        return custom_json(v);
    } else if constexpr (schema::is_optional<T>::value) {
        return v ? value_json(*v) : nlohmann::json(nullptr);
    } else if constexpr (schema::has_schema<T>::value) {
        nlohmann::json o = nlohmann::json::object();
        put_members(o, v);
        return o;
    } else if constexpr (schema::is_list<T>::value) {
        nlohmann::json a = nlohmann::json::array();
        for (const auto& e : v) a.push_back(value_json(e));
        return a;
    } else {
        return nlohmann::json(v);
    }
}
template <class T>
nlohmann::json member_json(const T& v) {
    return value_json(v);
}
// A subset of a struct's members under their own names, for the parts whose shape is not one struct's list (the
// columns of a compare, an AMD tile's "problem" and "input"): SMCALC_JSON_MEMBERS(a, r, threads, vgprs) is
// a["threads"] = r.threads; a["vgprs"] = r.vgprs. Everything else is written from its schema (put_members).
#define SMCALC_JSON_MEMBER(m) smcalc_json_out_[#m] = ::smcalc::api::detail::member_json(smcalc_json_in_.m);
#define SMCALC_JSON_MEMBERS(out, in, ...)                                          \
    do {                                                                           \
        nlohmann::json& smcalc_json_out_ = (out);                                  \
        const auto& smcalc_json_in_ = (in);                                        \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(SMCALC_JSON_MEMBER, __VA_ARGS__)) \
    } while (0)
// An NVIDIA answer's "limits" (blocks per SM each resource allows, null = none).
nlohmann::json limits_json(const OccupancyResult& r);
// A database entry's "a|b|c" aliases as ["a", "b", "c"] (empty ones left out).
nlohmann::json aliases_json(std::string_view aliases);
// A GEMM problem size {"m", "n", "k"}, or null.
nlohmann::json problem_size_json(const std::optional<ProblemSize>& p);
// ----- AMD (api_amd.cpp) -----
nlohmann::json vendor_compare_json(const Request& req, const VendorComparison& c);
nlohmann::json amd_input_json(const amd::KernelInput& in);
inline nlohmann::json custom_json(const amd::KernelInput& in) { return amd_input_json(in); }
inline nlohmann::json custom_json(const schema::ReadoutNumber& n) {
    return n.integral ? nlohmann::json(static_cast<int64_t>(n.v)) : nlohmann::json(n.v);
}

// ----- Thread block clusters (api_cluster.cpp) -----
// The cluster read, echoed in the op's JSON answer `a`'s "input".
void add_cluster_json(nlohmann::json& a, const Request& req);
// An error answer's "fit_options" (a refused tile that runs another way), beside "error".
void add_refused_fit_options(nlohmann::json& a, const ClusterAnswer& cluster);

}  // namespace smcalc::api::detail
