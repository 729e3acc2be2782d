// web/bindings.cpp - every Embind binding of smcalc: the JS API module smcalc-api.js (no UI, no GL).
// The page (smcalc.js) carries no JSON layer; it loads this module on first use (web/js/page.js).
//
// One function crosses the boundary, smcalc_handle(op, request_json) -> answer_json; web/js/api.js wraps it
// into occupancy(req), block_size(req), ... taking and returning plain objects, so every value crosses as a
// copy, never as a view into wasm memory. Nothing here lets an exception or an abort escape: every failure
// becomes {"error": {"id", "message", "field"}} and the module keeps working.

#include <emscripten/bind.h>

#include <exception>
#include <string>

#include <nlohmann/json.hpp>

#include "smcalc_api.hpp"

namespace {

std::string error_text(std::string message) {
    return smcalc::api::error_json(smcalc::Error{smcalc::ErrorId::BadRequest, "", std::move(message)}).dump();
}

// `op` ("occupancy", "block_size", ...) replaces the request's "op"; empty keeps the request's own.
std::string handle(const std::string& op, const std::string& request_text) {
    try {
        nlohmann::json request = nlohmann::json::parse(request_text, nullptr, /*allow_exceptions=*/false);
        if (request.is_discarded()) return error_text("the request is not valid JSON");
        if (!request.is_object()) return error_text("the request must be an object, e.g. {\"gpu\": \"A100\", \"threads\": 256}");
        if (!op.empty()) request["op"] = op;
        // replace: a string the solver echoes back is never allowed to make dump() throw on bad UTF-8
        return smcalc::api::handle(request).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    } catch (const std::exception& e) {
        return error_text(std::string("internal error: ") + e.what());
    } catch (...) {
        return error_text("internal error");
    }
}

}  // namespace

EMSCRIPTEN_BINDINGS(smcalc) {
    emscripten::function("smcalc_handle", &handle);
}
