// fields-dummy.cpp - one row added to the kernel table (SMCALC_TEST_DUMMY_FIELD) reaches the JSON reader and
// answers, the URL hash and the TypeScript declarations, with no other edit (docs/architecture.md).
#include <doctest/doctest.h>

#include <string>

#include "smcalc/fields.hpp"
#include "smcalc/schema.hpp"
#include "smcalc_api.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "ui_json.hpp"
#include "ui_state.hpp"

using nlohmann::json;

TEST_CASE("fields: a row added to the table is read, echoed, range-checked, suggested and not warned about") {
    const json a = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"dummy_field", 9}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["input"]["dummy_field"] == 9);
    CHECK_FALSE(a.contains("warnings"));
    const json bad = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"dummy_field", 1001}});
    REQUIRE(bad.contains("error"));
    CHECK(bad["error"]["field"] == "dummy_field");
    CHECK(bad["error"]["message"].get<std::string>().find("an integer from 0 to 1000 (dummies)") != std::string::npos);
    // A misspelling of it is refused, naming it (the nearest known key comes from the tables too).
    const json typo = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"dummy_feild", 9}});
    REQUIRE(typo.contains("error"));
    CHECK(typo["error"]["message"] == "unknown field \"dummy_feild\"; did you mean \"dummy_field\"?");
    // Refused on the vendor whose model does not read it (an NVIDIA kernel row on an AMD GPU), naming it: the
    // vendor check loops over the kernel table (smcalc::fields::vendor_error), so no edit there either.
    const json amd = smcalc::api::handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"dummy_field", 9}});
    REQUIRE(amd.contains("error"));
    CHECK(amd["error"]["field"] == "dummy_field");
    CHECK(amd["error"]["message"].get<std::string>().find("\"dummy_field\" is an NVIDIA field but MI300X is an AMD GPU") == 0);
    // Refused where the op reads no kernel (a tile), like every kernel field: the op check loops over the tables.
    const json tile = smcalc::api::handle({{"op", "tile"}, {"cc", "9.0"}, {"dummy_field", 9}});
    REQUIRE(tile.contains("error"));
    CHECK(tile["error"]["field"] == "dummy_field");
    CHECK(tile["error"]["message"].get<std::string>().rfind("field \"dummy_field\" is not read by op tile;", 0) == 0);
}

TEST_CASE("fields: a row added to the table is in the URL hash, both ways") {
    smcalc::web::Inputs in;
    in.mode = smcalc::web::Mode::Kernel;
    in.kernel.dummy_field = 9;
    const std::string h = smcalc::web::encode_hash(in);
    CHECK(h.find("&dmy=9") != std::string::npos);
    const auto d = smcalc::web::decode_hash(h);
    CHECK(d.notices.empty());
    CHECK(d.inputs.kernel.dummy_field == 9);
    const auto bad = smcalc::web::decode_hash("m=kernel&dmy=5000");
    REQUIRE(bad.notices.size() == 1);
    CHECK(bad.notices[0] == "Dummy field '5000' in the link is not valid (0 .. 1000); using the default 7.");
}

TEST_CASE("fields: a row added to the table is an input of the page's kernel card") {
    // The card draws one widget per row of the kernel table (web/ui_views.cpp view_kernel_inputs, through
    // kernel_input_row); the dummy row has no page look, so it is drawn from the table: its label and help, a number
    // widget, id "##" + its hash key.
    const std::size_t last = smcalc::fields::kernel_fields().size() - 1;
    const smcalc::web::InputRow r = smcalc::web::kernel_input_row(false, last);
    CHECK(std::string(r.label) == "Dummy field");
    CHECK(std::string(r.tooltip) == "a field that only the table test knows (default 7)");
    CHECK(r.id == nullptr);
    CHECK(std::string(r.hash) == "dmy");
    CHECK(r.widget == smcalc::web::Widget::Number);
    CHECK(r.hi == 1000);
    // An NVIDIA kernel field is not an input on an AMD GPU's card.
    for (std::size_t i = 0; i < smcalc::fields::amd_kernel_fields().size(); ++i)
        CHECK(std::string(smcalc::web::kernel_input_row(true, i).label) != "Dummy field");
}

TEST_CASE("fields: a row added to the table is in the TypeScript declarations") {
    const std::string dts = smcalc::fields::typescript_declarations();
    CHECK(dts.find("  dummy_field?: number;") != std::string::npos);
    // ... and in the answers' echo of the kernel ("input"), which the JSON writer fills from the same rows.
    const auto at = dts.find("export interface KernelAnswerInput ");
    REQUIRE(at != std::string::npos);
    CHECK(dts.find("  dummy_field: number;", at) < dts.find("\n}\n", at));
    const json a = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"dummy_field", 9}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["input"]["dummy_field"] == 9);
}

// The answer side of the same promise: a member added to a result struct and to its list in
// smcalc/answer_schema.hpp (OccupancyResult::dummy_member, SMCALC_TEST_DUMMY_FIELD) is in every JSON answer that
// shows that struct (an occupancy answer, a tile's solver, next_step's current answer) and in the TypeScript
// declarations, with no edit to a writer; and in the page's state JSON (window.smcalc.state().result, web/ui_json.cpp
// put_occupancy, the writer web/ui.cpp calls), checked here natively.
TEST_CASE("schema: a member added to an answer's list is in the JSON answers and the TypeScript declarations") {
    const json a = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["dummy_member"] == 7);
    const json t = smcalc::api::handle({{"op", "tile"}, {"cc", "9.0"}});
    REQUIRE_MESSAGE(!t.contains("error"), t.dump());
    CHECK(t["solver"]["dummy_member"] == 7);
    const json n = smcalc::api::handle({{"op", "next_step"}, {"cc", "8.0"}, {"regs", 64}});
    REQUIRE_MESSAGE(!n.contains("error"), n.dump());
    CHECK(n["current"]["dummy_member"] == 7);
    const std::string dts = smcalc::schema::answer_declarations();
    const auto at = dts.find("export interface OccupancyFigures {");
    REQUIRE(at != std::string::npos);
    CHECK(dts.find("  dummy_member: number;", at) < dts.find("\n}\n", at));
}

TEST_CASE("schema: a member added to an answer's list is in the page's state JSON") {
    const auto arch = smcalc::find_arch(smcalc::ComputeCapability{8, 0});
    REQUIRE(arch.ok());
    const smcalc::Device d = smcalc::reference_device(**arch);
    smcalc::KernelInput k;
    k.threads = 256;
    const auto r = smcalc::occupancy(d, k);
    REQUIRE(r.ok());
    std::string out;
    smcalc::web::JsonOut j(out);
    smcalc::web::put_occupancy(j, *r);
    const json state = json::parse(out);  // valid JSON
    CHECK(state["dummy_member"] == 7);
    // The same members as the API's occupancy answer has from the list (the API writes more beside it).
    const json a = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"threads", 256}});
    for (auto it = state.begin(); it != state.end(); ++it) {
        CAPTURE(it.key());
        REQUIRE(a.contains(it.key()));
        if (it.value().is_number_float()) CHECK(it.value().get<double>() == doctest::Approx(a[it.key()].get<double>()));
        else CHECK(it.value() == a[it.key()]);
    }
}

// The page state's top-level kernel inputs (window.smcalc.state().threads, ...) are the kernel table's rows
// (web/ui_json.cpp put_kernel_rows, called by web/ui.cpp ui_state_json): the dummy field is there, with no edit to
// the writer, and the keys and values are the API's "input" echo's.
TEST_CASE("fields: a new kernel field is in the page's state JSON, as in the API's input echo") {
    smcalc::KernelInput k;
    k.threads = 128;
    k.dummy_field = 9;
    std::string out;
    smcalc::web::JsonOut j(out);
    j.open('{');
    smcalc::web::put_kernel_rows(j, k);
    j.close('}');
    const json state = json::parse(out);
    CHECK(state["dummy_field"] == 9);
    const json a = smcalc::api::handle({{"op", "occupancy"}, {"cc", "8.0"}, {"threads", 128}, {"dummy_field", 9}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(state == a["input"]);
}
