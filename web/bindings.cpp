// web/bindings.cpp - every Embind binding of smcalc: the JS API module smcalc-api.js (no UI, no GL).
// The page (smcalc.js) carries no JSON layer; it loads this module on first use (web/js/page.js).
//
// One function crosses the boundary, smcalc_handle(request_json) -> answer_json; web/js/api.js wraps it
// into occupancy(req), block_size(req), ... taking and returning plain objects, so every value crosses as a
// copy, never as a view into wasm memory. Nothing here lets an exception or an abort escape: every failure
// becomes {"error": {"id", "message", "field"}} and the module keeps working.

#include <emscripten/bind.h>

#include <string>

#include "smcalc_api.hpp"

namespace {

// One request object as JSON text in, one answer object as JSON text out: exactly a line of `smcalc batch`
// (api::handle_line refuses malformed and absurdly nested JSON before parsing, and catches everything).
std::string handle(const std::string& request_json) {
    try {
        return smcalc::api::handle_line(request_json);
    } catch (...) {  // handle_line promises not to throw; this keeps the promise at the boundary regardless
        return R"({"error":{"id":"bad_request","message":"internal error","field":""}})";
    }
}

}  // namespace

EMSCRIPTEN_BINDINGS(smcalc) {
    emscripten::function("smcalc_handle", &handle);
}
