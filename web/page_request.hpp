// web/page_request.hpp - the JSON request (core/api's contract, docs/api.md) that means what the page's inputs mean.
//
// The page builds its core Request itself (ui_model.cpp request_for) and calls solve(); a script that asks the JS
// API about the page's state (the embed's "answer" and "change" messages, a "set" checked before it is applied,
// web/js/messages.js) needs the same request as JSON. It is written here, once, from the page's own hash reader
// (decode_hash) and the field tables, and tests/api-page.cpp checks, over 1,000 random page states and every op
// the page asks, that the API's answer to it equals the page's own answer. Linked into the JS API module
// (smcalc-api.js, web/bindings.cpp smcalc_page_request) and the native tests, not into the page (no JSON library
// there: page weight).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "smcalc/op.hpp"
#include "ui_state.hpp"

namespace smcalc::web {

// The request for `op` (occupancy, tile, next_step, block_size, tiles or compare) with the fields that op and the
// GPU's vendor read: every field of the kernel or tile table (compare: only those changed from their defaults, as a
// request "gives" them), the cluster, the problem, the GPU or the custom device.
nlohmann::json page_request(const Inputs& in, Op op);

// The request a URL hash makes on the page (read as the page reads it: decode_hash), op occupancy or tile by its
// mode: JSON text.
std::string page_request_json(std::string_view hash);

}  // namespace smcalc::web
