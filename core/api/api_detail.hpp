// api_detail.hpp - the JSON writer of core/api's answers: every answer part is written from its member list
// (smcalc/answer_schema.hpp); the value types written another way (schema::Custom) have a custom_json here or
// in smcalc_api.cpp. Internal to core/api; not part of the contract.
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
struct EchoedId;
}
template <>
struct smcalc::schema::Custom<smcalc::api::detail::EchoedId> {
    static constexpr std::string_view ts = "unknown";
};

namespace smcalc::api::detail {

// Plain decimal, as the error messages write a bound.
inline std::string num(int64_t v) { return std::to_string(v); }
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
inline nlohmann::json custom_json(const schema::ReadoutNumber& n) {
    return n.integral ? nlohmann::json(static_cast<int64_t>(n.v)) : nlohmann::json(n.v);
}
// The request's "id" as it came (schema::Envelope's Id; TypeScript's unknown).
struct EchoedId {
    nlohmann::json v;
};
inline nlohmann::json custom_json(const EchoedId& id) { return id.v; }
template <class T>
nlohmann::json value_json(const T& v) {
    if constexpr (std::is_enum_v<T>) {
        return std::string(schema::EnumKey<T>::key(v));
    } else if constexpr (std::is_same_v<T, schema::Undefined>) {
        return nlohmann::json();  // never written (a Sometimes<Undefined> is always empty)
    } else if constexpr (schema::is_literal<T>::value) {
        return std::string(T::text);
    } else if constexpr (schema::is_variant<T>::value) {
        return std::visit([](const auto& x) { return value_json(x); }, v);
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
}  // namespace smcalc::api::detail
