// web/ui_json.hpp - the page's state JSON (smcalc.state(), read by the browser tests and the embed's messages)
// written through one small writer: each key and value is an out-of-line call. Written as std::string
// concatenations it cost the page ~10 KB of code (page weight, scripts/page-weight.sh). Compact JSON, no spaces;
// doubles as %.6g (what the tests compare with the JS API's figures).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "smcalc/schema.hpp"

namespace smcalc {
struct OccupancyResult;
struct Dim3;
struct KernelInput;
struct TileInput;
namespace amd {
struct KernelInput;
}
}  // namespace smcalc

namespace smcalc::web {

class JsonOut {
public:
    explicit JsonOut(std::string& out) : s_(out) {}
    JsonOut& key(std::string_view k);      // ,"k": (the comma where a member came before)
    JsonOut& num(int64_t v);
    JsonOut& real(double v);               // %.6g
    JsonOut& str(std::string_view v);      // a JSON string (json_string)
    JsonOut& boolean(bool v);
    JsonOut& null();
    JsonOut& opt(const std::optional<int64_t>& v) { return v ? num(*v) : null(); }
    // An optional error (std::optional<Error>) as its message, or null.
    template <class E>
    JsonOut& message(const E& error) { return error ? str(error->message) : null(); }
    JsonOut& open(char bracket);           // '{' or '['
    JsonOut& close(char bracket);          // '}' or ']'
    JsonOut& raw(std::string_view json);   // a value that is already JSON

private:
    void value_start();
    std::string& s_;
    uint64_t comma_ = 0;   // bit d: level d has a member already (levels up to 63 deep)
    int depth_ = 0;
    bool after_key_ = false;
};

// The value types the answers write another way (schema::Custom), as core/api's custom_json writes them: a shape
// as [x, y, z]; an input as its field table's rows (numbers, booleans, words; null for an element type left at its
// default), a tile's with its problem.
void put_custom(JsonOut& j, const Dim3& d);
void put_custom(JsonOut& j, const KernelInput& k);
void put_custom(JsonOut& j, const amd::KernelInput& k);
void put_custom(JsonOut& j, const TileInput& t);
// The kernel's field table rows as keys of the object being written (the page state's top-level kernel inputs).
void put_kernel_rows(JsonOut& j, const KernelInput& k);

// An answer part written from its member list (smcalc/answer_schema.hpp), as core/api's value_json writes it into
// the API's answers: the same members under the same keys (numbers as %.6g). A struct with a schema becomes an
// object, a list an array, an absent optional null, an enum its key.
template <class T>
void put_value(JsonOut& j, const T& v);
// The listed members of `v` as keys of the object being written (a base's members inline; a Sometimes member only
// when it has a value; an Undefined one never).
template <class T>
void put_members(JsonOut& j, const T& v) {
    schema::each_member(
        v,
        [&](std::string_view key, const auto& m) {
            using M = std::remove_cvref_t<decltype(m)>;
            if constexpr (schema::is_sometimes<M>::value) {
                if (m) put_value(j.key(key), *m);
            } else if constexpr (!std::is_same_v<M, schema::Undefined>) {
                put_value(j.key(key), m);
            }
        },
        [&](const auto& b) { put_members(j, b); });
}
template <class T>
void put_value(JsonOut& j, const T& v) {
    if constexpr (std::is_same_v<T, bool>) {
        j.boolean(v);
    } else if constexpr (std::is_enum_v<T>) {
        j.str(schema::EnumKey<T>::key(v));
    } else if constexpr (std::is_floating_point_v<T>) {
        j.real(v);
    } else if constexpr (std::is_integral_v<T>) {
        j.num(v);
    } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
        j.str(v);
    } else if constexpr (schema::is_literal<T>::value) {
        j.str(T::text);
    } else if constexpr (schema::is_optional<T>::value) {
        if (v) put_value(j, *v);
        else j.null();
    } else if constexpr (schema::has_custom<T>::value) {
        put_custom(j, v);
    } else if constexpr (schema::has_schema<T>::value) {
        j.open('{');
        put_members(j, v);
        j.close('}');
    } else {
        static_assert(schema::is_list<T>::value, "a value type the page cannot write");
        j.open('[');
        for (const auto& e : v) put_value(j, e);
        j.close(']');
    }
}

// The page state's "result": an NVIDIA occupancy answer's figures (Of<OccupancyResult>), the members the JSON API's
// occupancy answer has from the same list (a member added there appears here too: tests/fields-dummy).
void put_occupancy(JsonOut& j, const OccupancyResult& r);

}  // namespace smcalc::web
