// tests/api_answers.hpp - asking smcalc::api::handle and reading its answers in the tests/api-*.cpp suites.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "smcalc_api.hpp"

#include <nlohmann/json.hpp>

namespace smcalc::test {

using nlohmann::json;
using smcalc::api::handle;
using smcalc::api::handle_line;

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

// A request that must be refused: the error id and the field it names.
struct ErrorCase {
    json request;
    const char* id;
    const char* field;
};
// Each request's answer from smcalc::api::handle is the error `id` naming `field`.
inline void check_error_cases(const std::vector<ErrorCase>& cases) {
    for (const auto& c : cases) {
        const json a = handle(c.request);
        INFO("request: ", c.request.dump().substr(0, 300), "\nanswer: ", a.dump().substr(0, 400));
        CHECK(error_id(a) == c.id);
        CHECK(error_field(a) == c.field);
    }
}

}  // namespace smcalc::test
