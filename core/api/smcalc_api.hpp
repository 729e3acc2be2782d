// smcalc_api.hpp - the JSON request/answer contract, shared by `smcalc` (flags and `smcalc batch`) and the
// browser's JS API. One request object in, one answer object out; nothing here throws.
//
// The contract is docs/api.md: how requests combine their keys and what answers mean. The schema itself is declared
// once, in the core, and printed from there: the input fields (core/src/fields.cpp; `smcalc fields`), the
// request's own keys and which op reads each (core/src/request_keys.cpp), the answers' members
// (smcalc/answer_schema.hpp; their TypeScript is the generated block of web/smcalc.d.ts, `smcalc fields --dts`).
// This layer only reads JSON into a core Request (parse_request) and writes a core Answer as JSON (answer_json).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "smcalc/amd.hpp"
#include "smcalc/amd_parse.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/error.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/ptxas.hpp"
#include "smcalc/solve.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::api {

inline constexpr std::string_view kVersion = "0.1.0";  // tests/cli checks it against CMake's PROJECT_VERSION

// The request and answer types are the core's (smcalc/solve.hpp); this layer reads JSON into a Request and writes
// an Answer as JSON.
using smcalc::kDefaultTilesLimit;
using smcalc::kMaxTileCandidates;
using smcalc::Op;
using smcalc::Request;

// Validates a request object (see the contract above). Never throws.
Expected<Request> parse_request(const nlohmann::json& request);

// One request object in, one answer object out (the contract above). Never throws.
nlohmann::json handle(const nlohmann::json& request);

// The JSON of an Answer to a Request however it was made (handle() writes this for the request it read, then its
// "warnings" and "id"): the page's requests (web/ui_model.cpp request_for) are written by it in the page-vs-API test.
nlohmann::json answer_json(const Request& req, const Answer& answer);

// `smcalc batch`: one JSON Lines line in, one compact JSON line out (no newline). Malformed JSON and empty
// lines answer bad_request (with the parser's byte position). Never throws.
std::string handle_line(std::string_view line);

// Deepest bracket nesting of a JSON text, brackets inside strings not counted (handle_line refuses > 64).
std::size_t nesting_depth(std::string_view json_text);

// {"error": {"id", "message", "field"}}.
nlohmann::json error_json(const Error& e);

// "128x128x64" -> {128, 128, 64}: the MxNxK codec of smcalc/fields.hpp (the CLI's --tile and --problem).
using fields::parse_mnk;

// What `smcalc <op>` prints without --json: the same parse and the same solver as handle(), for people.
struct TextAnswer {
    std::string text;                   // stdout when ok
    std::optional<Error> error;         // set on failure
    std::vector<std::string> warnings;  // inputs no compiled kernel has; compiler output without a figure
};
// `why` adds the solver's step-by-step derivation to the occupancy table.
TextAnswer handle_text(const nlohmann::json& request, bool why);

}  // namespace smcalc::api
