// api-badinput.cpp - the batch-line tables of docs/bad-inputs.md ("Batch JSON lines", "Custom devices that
// contradict themselves", "Tile inputs"), row by row through api::handle_line: each row's exact error (id,
// field, message) or answer value. The tables are read from the doc, so every row there is an assertion here.
// Every answer must also be well formed (tests/fuzz/api_check.hpp: an object, a known id, no NaN).
#include <doctest/doctest.h>

#include <string>

#include "badinput/doc_table.hpp"
#include "fuzz/api_check.hpp"
#include "smcalc_api.hpp"

using nlohmann::json;
namespace bi = smcalc::badinput;

namespace {

const std::string kDoc = std::string(SMCALC_SOURCE_DIR) + "/docs/bad-inputs.md";

json at(const json& a, const std::string& pointer) {
    const json::json_pointer p(pointer);
    return a.contains(p) ? a.at(p) : json("<absent>");
}

}  // namespace

TEST_CASE("bad inputs: every batch-line row of docs/bad-inputs.md gets its documented answer") {
    const auto rows = bi::read_rows(kDoc, "batch");
    REQUIRE(rows.size() >= 100);  // three tables: batch lines, custom devices, tile inputs
    for (const bi::Row& r : rows) {
        REQUIRE_MESSAGE(r.cells.size() == 6, "docs/bad-inputs.md:" << r.line << " needs 6 cells");
        const std::string where = "docs/bad-inputs.md:" + std::to_string(r.line) + " (" + r.cells[1] + ")";
        const std::string line = bi::expand(bi::code(r.cells[2]));
        const std::string out = smcalc::api::handle_line(line);
        CHECK_MESSAGE(out.find('\n') == std::string::npos, where);
        const json a = json::parse(out, nullptr, false);
        REQUIRE_MESSAGE(!a.is_discarded(), where << ": not JSON: " << out.substr(0, 200));
        CHECK_MESSAGE(smcalc::fuzz::check_answer(a).empty(), where << ": " << smcalc::fuzz::check_answer(a));
        if (const json request = json::parse(line, nullptr, false); !request.is_discarded())
            CHECK_MESSAGE(smcalc::fuzz::check_unknown_key(request, a).empty(),
                          where << ": " << smcalc::fuzz::check_unknown_key(request, a));
        const std::string id = bi::code(r.cells[3]);
        const std::string field = bi::code(r.cells[4]);
        bool prefix = false;
        const std::string expected = bi::code(r.cells[5], &prefix);
        if (id != "ok") {
            REQUIRE_MESSAGE(a.contains("error"), where << ": answered " << out.substr(0, 200));
            CHECK_MESSAGE(a["error"]["id"] == id, where);
        } else {
            CHECK_MESSAGE(!a.contains("error"), where << ": " << out.substr(0, 300));
        }
        if (!field.empty() && field.front() == '/') {
            CHECK_MESSAGE(at(a, field) == json::parse(expected), where << ": " << field << " is " << at(a, field).dump());
            continue;
        }
        if (!a.contains("error")) continue;
        CHECK_MESSAGE(a["error"]["field"] == field, where);
        const std::string msg = a["error"]["message"].get<std::string>();
        if (prefix)
            CHECK_MESSAGE(msg.rfind(expected, 0) == 0, where << ":\n  doc:    " << expected << "…\n  answer: " << msg);
        else
            CHECK_MESSAGE(msg == expected, where << ":\n  doc:    " << expected << "\n  answer: " << msg);
    }
}

TEST_CASE("bad inputs: a batch-line error answer is the same through handle() for every row that is JSON") {
    // The line layer adds only parsing (and the empty-line and nesting checks) to handle().
    for (const bi::Row& r : bi::read_rows(kDoc, "batch")) {
        const std::string line = bi::expand(bi::code(r.cells[2]));
        const json request = json::parse(line, nullptr, false);
        if (request.is_discarded()) continue;
        const std::string via_line = smcalc::api::handle_line(line);
        if (via_line.find("nested deeper") != std::string::npos) continue;
        CHECK_MESSAGE(smcalc::api::handle(request).dump(-1, ' ', false, json::error_handler_t::replace) == via_line,
                      "docs/bad-inputs.md:" << r.line);
    }
}

TEST_CASE("bad inputs: check_unknown_key (the fuzz targets' invariant) refuses what it should") {
    using smcalc::fuzz::check_unknown_key;
    const json req = {{"op", "occupancy"}, {"cc", "8.0"}, {"thread", 1}};
    CHECK(check_unknown_key(req, smcalc::api::handle(req)).empty());
    const json dev = {{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"smem_per_blok", 1}}}};
    CHECK(check_unknown_key(dev, smcalc::api::handle(dev)).empty());
    // Answers the old reader gave, or a broken suggestion, are caught.
    const json warned = {{"blocks_per_sm", 8}, {"warnings", {"unknown field \"thread\" ignored"}}};
    CHECK(check_unknown_key(req, warned) == "an unknown field as a warning");
    auto refused = [](const char* field, const char* message) {
        return json{{"error", {{"id", "bad_request"}, {"field", field}, {"message", message}}}};
    };
    CHECK(check_unknown_key(req, refused("thread", "unknown field \"thread\"")).find("without a suggestion") != std::string::npos);
    CHECK(check_unknown_key(req, refused("thread", "unknown field \"thread\"; did you mean \"threadz\"?")) ==
          "the suggested field threadz is unknown itself");
    CHECK(check_unknown_key(req, refused("threads", "unknown field \"threads\"; did you mean \"thread\"?"))
              .find("is no key of the request") != std::string::npos);
    CHECK(check_unknown_key(dev, refused("device.smem_per_blok", "unknown field \"device.smem_per_blok\"; did you mean \"smem_per_block\"?"))
              .find("is not beside") != std::string::npos);
}
