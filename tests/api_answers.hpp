// tests/api_answers.hpp - reading answers of smcalc::api::handle in the tests/api-*.cpp suites.
#pragma once

#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace smcalc::test {

using nlohmann::json;

// `j` with one field set (a request varied from a base request).
inline json with(json j, const std::string& key, json value) {
    j[key] = std::move(value);
    return j;
}

// An error answer's id, field and message ("" when the answer is not an error).
inline std::string error_part(const json& a, const char* part) {
    return a.contains("error") ? a["error"][part].get<std::string>() : "";
}
inline std::string error_id(const json& a) { return error_part(a, "id"); }
inline std::string error_field(const json& a) { return error_part(a, "field"); }
inline std::string error_message(const json& a) { return error_part(a, "message"); }

// Whether one of the answer's warnings contains `part`.
inline bool has_warning(const json& a, const std::string& part) {
    if (!a.contains("warnings")) return false;
    for (const auto& w : a["warnings"])
        if (w.get<std::string>().find(part) != std::string::npos) return true;
    return false;
}

}  // namespace smcalc::test
