// api-json.cpp - the JSON request/answer contract of core/api (what `smcalc batch` and the JS API speak):
// field names, null limits, the limiting array, defaults, byte strings, every kind of bad field, JSON Lines.
// Known answers name their source: seed 000 / ../shared/notes/worked-examples.md example 1 (A100).
#include <doctest/doctest.h>

#include "api_answers.hpp"

#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "smcalc_api.hpp"

namespace {

using namespace smcalc::test;

// The A100 example of seed 000: 256 threads, 48 registers, 24 KB of shared memory per block.
json a100_example() {
    return {{"op", "occupancy"}, {"gpu", "A100"}, {"threads", 256}, {"regs", 48}, {"smem_static", "24KB"}};
}




}  // namespace

TEST_CASE("api: occupancy answer, seed 000 example (A100, 256 threads, 48 regs, 24 KB)") {
    const json a = handle(a100_example());
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    // The contract's keys (issue 2) and their values.
    CHECK(a["blocks_per_sm"] == 5);
    CHECK(a["warps_per_sm"] == 40);
    CHECK(a["threads_per_sm"] == 1280);
    CHECK(a["occupancy"].get<double>() == doctest::Approx(0.625));
    CHECK(a["limits"] == json{{"regs", 5}, {"smem", 6}, {"warps", 8}, {"blocks", 32}, {"barriers", nullptr}});
    CHECK(a["limiting"] == json::array({"regs"}));
    CHECK(a["regs_per_block"] == 8 * 1536);
    CHECK(a["smem_per_block"] == 24 * 1024 + 1024);  // + 1 KB reserved from CC 8.0
    CHECK(a["smem_per_sm"] == 164 * 1024);
    // Extras.
    CHECK(a["gpu"] == "A100 40GB SXM4");
    CHECK(a["device"]["cc"] == "8.0");
    CHECK(a["device"]["sm_count"] == 108);
    CHECK(a["device"]["smem_per_sm"] == 167936);
    CHECK(a["budgets"].is_array());
    CHECK(!a["budgets"].empty());
    for (const auto& b : a["budgets"])
        for (const char* k : {"name", "unit", "used", "limit", "limiting"}) CHECK_MESSAGE(b.contains(k), k);
    CHECK(a["derivation"].is_array());
    CHECK(!a["derivation"].empty());
    CHECK(a["notes"].is_array());
    CHECK(a["input"]["smem_static"] == 24576);
    CHECK(!a.contains("warnings"));
}

TEST_CASE("api: the three ways to name a device") {
    const json by_cc = handle({{"op", "occupancy"}, {"cc", "8.0"}, {"threads", 256}, {"regs", 48}, {"smem_static", 24576}});
    const json by_device = handle({{"op", "occupancy"}, {"device", {{"cc", "8.0"}}}, {"threads", 256}, {"regs", 48},
                                   {"smem_static", 24576}});
    const json by_gpu = handle(a100_example());
    for (const json* a : {&by_cc, &by_device}) {
        REQUIRE_MESSAGE(!a->contains("error"), a->dump());
        CHECK((*a)["limits"] == by_gpu["limits"]);
        CHECK((*a)["gpu"].is_null());
        CHECK((*a)["device"]["sm_count"].is_null());  // a reference device: SM count unknown
    }
    SUBCASE("cc spellings") {
        for (json cc : {json("8.0"), json("sm_80"), json("80"), json(8.0), json(80)}) {
            const json a = handle({{"op", "occupancy"}, {"cc", cc}});
            CHECK_MESSAGE(a["device"]["cc"] == "8.0", cc.dump());
        }
        CHECK(handle({{"op", "occupancy"}, {"cc", 8.6}})["device"]["cc"] == "8.6");
        CHECK(handle({{"op", "occupancy"}, {"cc", "12.0"}})["limits"]["blocks"] == 24);  // CC 12.0: 24 block slots
    }
    SUBCASE("a custom device overrides the reference values it names") {
        const json a = handle({{"op", "occupancy"},
                               {"device", {{"cc", "8.0"}, {"sm_count", 100}, {"smem_per_sm", "100KiB"}, {"smem_per_block_optin", "99KiB"}}},
                               {"threads", 256}, {"regs", 48}, {"smem_static", "24KiB"}});
        REQUIRE_MESSAGE(!a.contains("error"), a.dump());
        CHECK(a["device"]["sm_count"] == 100);
        CHECK(a["device"]["smem_per_sm"] == 102400);
        CHECK(a["device"]["regs_per_sm"] == 65536);  // kept from the reference
        CHECK(a["limits"]["smem"] == 4);             // 100 KiB / 25 KiB
    }
    SUBCASE("sm_count null means unknown") {
        const json a = handle({{"op", "occupancy"}, {"device", {{"cc", "9.0"}, {"sm_count", nullptr}}}});
        CHECK(!a.contains("error"));
        CHECK(a["device"]["sm_count"].is_null());
    }
}

TEST_CASE("api: defaults are KernelInput's") {
    const json a = handle({{"op", "occupancy"}, {"cc", "9.0"}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    const smcalc::KernelInput d;
    CHECK(a["input"] == json{{"threads", d.threads},
                             {"regs", d.regs},
                             {"smem_static", d.smem_static},
                             {"smem_dynamic", d.smem_dynamic},
                             {"optin", d.optin},
                             {"smem_dynamic_max", d.smem_dynamic_max},
                             {"carveout", d.carveout},
                             {"barriers", d.barriers}});
    CHECK(a["input"]["threads"] == 256);
    CHECK(a["input"]["regs"] == 32);
    CHECK(a["input"]["barriers"] == 1);
    // null is absent.
    const json b = handle({{"op", "occupancy"}, {"cc", "9.0"}, {"threads", nullptr}, {"carveout", nullptr}});
    CHECK(b["input"] == a["input"]);
    // "default" and -1 are the defaults of the two fields that have one.
    const json c = handle({{"op", "occupancy"}, {"cc", "9.0"}, {"carveout", "default"}, {"smem_dynamic_max", -1}});
    CHECK(c["input"] == a["input"]);
    const json e = handle({{"op", "occupancy"}, {"cc", "9.0"}, {"carveout", -1}, {"smem_dynamic_max", "Default"}});
    CHECK(e["input"] == a["input"]);
}

TEST_CASE("api: byte fields take integers, whole floats and strings with units") {
    const json base = {{"op", "occupancy"}, {"cc", "8.0"}, {"threads", 256}, {"regs", 48}};
    for (json v : {json(24576), json(24576.0), json("24576"), json("24KiB"), json("24KB"), json("24 K"), json("24k"),
                   json("24 kib"), json("0.0234375MiB")}) {
        const json a = handle(with(base, "smem_static", v));
        REQUIRE_MESSAGE(!a.contains("error"), (v.dump() + " -> " + a.dump()));
        CHECK_MESSAGE(a["input"]["smem_static"] == 24576, v.dump());
        CHECK(a["smem_per_block"] == 25600);
    }
    const json big = handle(with(base, "smem_dynamic", "1.5MiB"));
    REQUIRE(!big.contains("error"));
    CHECK(big["input"]["smem_dynamic"] == 1572864);
    CHECK(big["limits"]["smem"] == 0);  // does not fit a block: 0 blocks is an answer, not an error
    CHECK(big["blocks_per_sm"] == 0);
    CHECK(!big["notes"].empty());
    // Whole floats for counts too.
    CHECK(handle(with(base, "threads", 128.0))["input"]["threads"] == 128);
}

TEST_CASE("api: every bad field answers its error id and names the field") {
    struct Case {
        json request;
        const char* id;
        const char* field;
        const char* in_message;  // a part of the message (the range, the unit, ...)
    };
    const json occ = {{"op", "occupancy"}, {"cc", "8.0"}};
    const double big = 9007199254740992.0;  // 2^53
    const std::vector<Case> cases = {
        {with(occ, "threads", 0), "invalid_input", "threads", "a whole number, 1 or more (threads per block; at most 2^53-1)"},
        {with(occ, "threads", -1), "invalid_input", "threads", "1 or more"},
        {with(occ, "threads", 1.5), "invalid_input", "threads", "a whole number"},
        {with(occ, "threads", "abc"), "invalid_input", "threads", "a whole number"},
        {with(occ, "threads", "256"), "invalid_input", "threads", "a whole number"},  // counts are not strings
        {with(occ, "threads", true), "invalid_input", "threads", "a whole number"},
        {with(occ, "threads", json::array({256})), "invalid_input", "threads", "a whole number"},
        {with(occ, "threads", json::object()), "invalid_input", "threads", "a whole number"},
        {with(occ, "threads", big), "invalid_input", "threads", "at most 2^53-1"},
        {with(occ, "threads", int64_t{1} << 53), "invalid_input", "threads", "at most 2^53-1"},
        {with(occ, "threads", std::numeric_limits<uint64_t>::max()), "invalid_input", "threads", "at most 2^53-1"},
        {with(occ, "threads", 1e300), "invalid_input", "threads", "at most 2^53-1"},
        {with(occ, "threads", std::nan("")), "invalid_input", "threads", "a whole number"},
        {with(occ, "regs", -1), "invalid_input", "regs", "registers per thread"},
        {with(occ, "smem_static", "24XB"), "invalid_input", "smem_static", "unit"},
        {with(occ, "smem_static", "0.3K"), "invalid_input", "smem_static", "whole number of bytes"},
        {with(occ, "smem_static", -5), "invalid_input", "smem_static", "bytes"},
        {with(occ, "smem_dynamic", "9007199254740992"), "invalid_input", "smem_dynamic", "above 2^53-1 bytes"},
        {with(occ, "smem_dynamic_max", -2), "invalid_input", "smem_dynamic_max", "default"},
        {with(occ, "smem_dynamic_max", "none"), "invalid_input", "smem_dynamic_max", "unit"},
        {with(occ, "optin", "yes"), "invalid_input", "optin", "true or false"},
        {with(occ, "optin", 1), "invalid_input", "optin", "true or false"},
        {with(occ, "carveout", 101), "invalid_input", "carveout", "from 0 to 100"},
        {with(occ, "carveout", -2), "invalid_input", "carveout", "default"},
        {with(occ, "carveout", "50%"), "invalid_input", "carveout", "from 0 to 100"},
        {with(occ, "barriers", -1), "invalid_input", "barriers", "block barriers"},
        {{{"op", "dynamic_smem"}, {"cc", "8.0"}, {"blocks", 0}}, "invalid_input", "blocks", "1 or more"},
        {{{"op", "dynamic_smem"}, {"gpu", "A100"}, {"blocks", 40}}, "not_achievable", "blocks", "8"},
        // The device.
        {{{"op", "occupancy"}}, "bad_request", "gpu", "exactly one"},
        {{{"op", "occupancy"}, {"gpu", "A100"}, {"cc", "8.0"}}, "bad_request", "device", "gpu and cc"},
        {{{"op", "occupancy"}, {"gpu", "Z100"}}, "unknown_gpu", "gpu", "Z100"},
        {{{"op", "occupancy"}, {"gpu", 100}}, "invalid_input", "gpu", "GPU name"},
        {{{"op", "occupancy"}, {"cc", "7.7"}}, "unknown_arch", "cc", "7.7"},
        {{{"op", "occupancy"}, {"cc", "abc"}}, "invalid_input", "cc", "8.0"},
        {{{"op", "occupancy"}, {"cc", 8.65}}, "invalid_input", "cc", "8.0"},
        {{{"op", "occupancy"}, {"cc", true}}, "invalid_input", "cc", "8.0"},
        {{{"op", "occupancy"}, {"device", "8.0"}}, "invalid_input", "device", "object"},
        {{{"op", "occupancy"}, {"device", {{"sm_count", 10}}}}, "bad_request", "device.cc", "missing"},
        {{{"op", "occupancy"}, {"device", {{"cc", "9.9"}}}}, "unknown_arch", "device.cc", "9.9"},
        {{{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"smem_per_sm", "lots"}}}}, "invalid_input",
         "device.smem_per_sm", "whole number of bytes"},
        // Lowering smem_per_sm alone leaves the reference opt-in size above it: the device contradicts itself.
        {{{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"smem_per_sm", "100KiB"}}}}, "invalid_device",
         "device.smem_per_block_optin", "smem_per_sm"},
        {{{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"warp_size", -32}}}}, "invalid_input", "device.warp_size",
         "0 or more"},
        {{{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"smem_per_block", 200000}}}}, "invalid_device",
         "device.smem_per_block", "smem_per_sm"},
        // The request itself.
        {json::array({1, 2}), "bad_request", "", "JSON object"},
        {json("occupancy"), "bad_request", "", "JSON object"},
        {json(nullptr), "bad_request", "", "JSON object"},
        {{{"cc", "8.0"}}, "bad_request", "op", "missing"},
        {{{"op", 3}}, "bad_request", "op", "string"},
        {{{"op", "occupancy_"}}, "bad_request", "op", "block_size"},
    };
    for (const auto& c : cases) {
        const json a = handle(c.request);
        INFO("request: ", c.request.dump(), "\nanswer: ", a.dump());
        CHECK(error_id(a) == c.id);
        CHECK(error_field(a) == c.field);
        CHECK(error_message(a).find(c.in_message) != std::string::npos);
        if (std::string(c.field).size() > 0) {
            // The message names the field (its last part for device.*; "GPU" counts for gpu).
            const std::string f = c.field;
            std::string m = error_message(a);
            for (auto& ch : m) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            CHECK(m.find(f.substr(f.find('.') + 1)) != std::string::npos);
        }
    }
}

TEST_CASE("api: an unknown field is an error naming it and the nearest known field, a field the op does not read an error too") {
    // A plausible misspelling must not leave its field at the default while the answer looks right.
    const json a = handle({{"op", "occupancy"}, {"cc", "8.0"}, {"thread", 128}});
    CHECK(error_id(a) == "bad_request");
    CHECK(error_field(a) == "thread");
    CHECK(error_message(a) == "unknown field \"thread\"; did you mean \"threads\"?");
    CHECK(error_message(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"smem_stat", "24KB"}})) ==
          "unknown field \"smem_stat\"; did you mean \"smem_static\"?");
    CHECK(error_message(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"device_", 1}})) ==
          "unknown field \"device_\"; did you mean \"device\"?");
    // Case and '-' for '_' are near misses, not aliases.
    CHECK(error_message(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"Threads", 1}})) ==
          "unknown field \"Threads\"; did you mean \"threads\"?");
    CHECK(error_field(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"smem-dynamic", 1}})) == "smem-dynamic");
    // Far from every key: the nearest is still named, as such.
    CHECK(error_message(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"foo", 1}})) ==
          "unknown field \"foo\"; the nearest known field is \"op\" (smcalc fields lists them all)");
    // Refused even when null (the key is still wrong) and on ops that read no fields.
    CHECK(error_field(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"thread", nullptr}})) == "thread");
    CHECK(error_field(handle({{"op", "gpus"}, {"thread", 1}})) == "thread");
    // Among equally near keys, one the op reads: "mm" is one edit from m, mma and ms; op tile reads m and mma,
    // op tiles reads ms.
    CHECK(error_message(handle({{"op", "tile"}, {"gpu", "H100 SXM5"}, {"mm", 4}})) ==
          "unknown field \"mm\"; did you mean \"m\"?");
    CHECK(error_message(handle({{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"mm", 4}})) ==
          "unknown field \"mm\"; did you mean \"ms\"?");
    CHECK(error_message(handle({{"op", "tile"}, {"gpu", "H100 SXM5"}, {"wraps", 4}})) ==
          "unknown field \"wraps\"; did you mean \"warps\"?");
    // Inside the device object and a GPC layout, with their paths.
    const json c = handle({{"op", "occupancy"}, {"device", {{"cc", "8.0"}, {"smem_per_blok", 1}}}});
    CHECK(error_field(c) == "device.smem_per_blok");
    CHECK(error_message(c) == "unknown field \"device.smem_per_blok\"; did you mean \"device.smem_per_block\"?");
    // The id is echoed on this error too.
    CHECK(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"thread", 1}, {"id", 4}})["id"] == 4);

    // A known field the op does not read is an error naming it and what the op reads (issue 26: never ignored).
    const json w = handle({{"op", "occupancy"}, {"cc", "8.0"}, {"blocks", 2}});
    CHECK(error_id(w) == "bad_request");
    CHECK(error_field(w) == "blocks");
    CHECK(error_message(w).rfind("field \"blocks\" is not read by op occupancy; leave it out (op occupancy reads gpu, cc, "
                                 "device, device_report, compiler_output, kernel, ", 0) == 0);
    const json b = handle({{"op", "block_size"}, {"cc", "8.0"}, {"threads", 999}});
    CHECK(error_field(b) == "threads");
    const json d = handle({{"op", "gpus"}, {"gpu", "A100"}});
    CHECK(error_message(d) == "field \"gpu\" is not read by op gpus; leave it out (op gpus reads no other field)");
    // Whatever its value: the field is refused for where it is, before its value is read.
    CHECK(error_field(handle({{"op", "block_size"}, {"cc", "8.0"}, {"threads", "lots"}})) == "threads");
    // null is "not given", everywhere: no error.
    CHECK(!handle({{"op", "block_size"}, {"cc", "8.0"}, {"threads", nullptr}}).contains("error"));
}

TEST_CASE("api: the CLI's spelling of a field reads as that field (smem for smem_static: the CLI's --smem)") {
    const json base = {{"op", "occupancy"}, {"gpu", "A100"}, {"threads", 256}, {"regs", 48}};
    const json a = handle(with(base, "smem", "24KB"));
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["input"]["smem_static"] == 24576);
    CHECK(a["blocks_per_sm"] == 5);
    CHECK(!a.contains("warnings"));
    CHECK(a == handle(with(base, "smem_static", "24KB")));
    // Checked as that field: a bad value's error names smem_static.
    CHECK(error_field(handle(with(base, "smem", "24XB"))) == "smem_static");
    // Both spellings: refused, whatever the values.
    const json both = handle(with(with(base, "smem", "24KB"), "smem_static", 24576));
    CHECK(error_id(both) == "bad_request");
    CHECK(error_field(both) == "smem");
    CHECK(error_message(both) ==
          "\"smem\" is the CLI's spelling of \"smem_static\" (--smem), which is given too; give one of them");
    // A null spelling is absent, as any null field.
    CHECK(handle(with(with(base, "smem", nullptr), "smem_static", "24KB"))["input"]["smem_static"] == 24576);
    CHECK(handle(with(with(base, "smem", "24KB"), "smem_static", nullptr))["input"]["smem_static"] == 24576);
    // An op that reads no kernel refuses it by the field's name.
    CHECK(error_field(handle({{"op", "tile"}, {"gpu", "H100 SXM5"}, {"smem", 1}})) == "smem_static");
}

TEST_CASE("api: id is echoed, on answers and on errors") {
    CHECK(handle(with(a100_example(), "id", 7))["id"] == 7);
    CHECK(handle({{"op", "nope"}, {"id", "x"}})["id"] == "x");
}

TEST_CASE("api: block_size and dynamic_smem answers") {
    const json b = handle({{"op", "block_size"}, {"gpu", "H100 SXM5"}, {"regs", 32}});
    REQUIRE_MESSAGE(!b.contains("error"), b.dump());
    CHECK(b["block_size"].is_number_integer());
    CHECK(b["min_grid_size"] == b["blocks_per_sm"].get<int64_t>() * 132);
    CHECK(b["occupancy"].get<double>() == doctest::Approx(1.0));
    const json d = handle({{"op", "dynamic_smem"}, {"gpu", "A100"}, {"threads", 256}, {"blocks", 3}});
    REQUIRE_MESSAGE(!d.contains("error"), d.dump());
    CHECK(d["bytes"].is_number_integer());
    // 3 blocks of that size, plus 1 KB reserved each, fit in 164 KB.
    CHECK(3 * (d["bytes"].get<int64_t>() + 1024) <= 164 * 1024);
    // ... and the occupancy op agrees that 3 fit with it.
    const json o = handle({{"op", "occupancy"}, {"gpu", "A100"}, {"threads", 256}, {"smem_dynamic", d["bytes"]}});
    CHECK(o["limits"]["smem"].get<int64_t>() >= 3);
    CHECK(d["bytes_resident"] == d["bytes"]);
    CHECK(d["notes"].empty());
    // Where NVIDIA's answer leaves fewer blocks resident (it does not count the reserved 1 KiB), the answer
    // says so and gives the verified size beside it (CC 8.9, 3 blocks of 257 threads).
    const json f = handle({{"op", "dynamic_smem"}, {"cc", "8.9"}, {"threads", 257}, {"regs", 33}, {"blocks", 3}});
    CHECK(f["bytes"] == 34048);
    CHECK(f["bytes_resident"] == 33024);
    REQUIRE(f["notes"].size() == 1);
    CHECK(f["notes"][0].get<std::string>().find("reserve") != std::string::npos);
}

TEST_CASE("api: gpus and archs") {
    const json g = handle({{"op", "gpus"}});
    REQUIRE(g["gpus"].is_array());
    bool found = false;
    for (const auto& row : g["gpus"]) {
        for (const char* k : {"name", "aliases", "cc", "sm_count", "max_threads_per_block", "max_threads_per_sm",
                              "regs_per_sm", "regs_per_block", "warp_size", "smem_per_sm", "smem_per_block",
                              "smem_per_block_optin", "reserved_smem_per_block", "boost_clock_mhz", "l2_bytes",
                              "mem_bw_gbs", "bf16_dense_tflops", "fp32_tflops", "source", "note"})
            CHECK_MESSAGE(row.contains(k), (row["name"].dump() + " lacks " + k));
        CHECK(row["aliases"].is_array());
        CHECK((row["sm_count"].is_null() || row["sm_count"].get<int64_t>() > 0));
        if (row["name"] == "H100 SXM5") {
            found = true;
            CHECK(row["sm_count"] == 132);
            CHECK(row["cc"] == "9.0");
        }
    }
    CHECK(found);
    const json a = handle({{"op", "archs"}});
    REQUIRE(a["archs"].is_array());
    CHECK(a["archs"].size() == smcalc::all_arch_rules().size());
    for (const auto& row : a["archs"])
        if (row["cc"] == "12.0") CHECK(row["max_blocks_per_sm"] == 24);
}

TEST_CASE("api: JSON Lines") {
    SUBCASE("a good line answers one compact line") {
        const std::string out = handle_line(a100_example().dump());
        CHECK(out.find('\n') == std::string::npos);
        CHECK(json::parse(out) == handle(a100_example()));
        CHECK(handle_line(a100_example().dump() + "\r") == out);  // CRLF files
    }
    SUBCASE("malformed JSON: bad_request with the parser's position") {
        const json a = json::parse(handle_line(R"({"op": "occupancy", "gpu": })"));
        CHECK(error_id(a) == "bad_request");
        CHECK(error_message(a).find("malformed JSON") != std::string::npos);
        CHECK(error_message(a).find("byte 28") != std::string::npos);
        CHECK(error_message(a).find("column 28") != std::string::npos);
        CHECK(error_id(json::parse(handle_line("{\"op\": \"gpus\"} trailing"))) == "bad_request");
        CHECK(error_id(json::parse(handle_line("\xff\xfe"))) == "bad_request");
    }
    SUBCASE("empty lines") {
        for (const char* line : {"", "   ", "\r", "\t"}) {
            const json a = json::parse(handle_line(line));
            CHECK(error_id(a) == "bad_request");
            CHECK(error_message(a) == "empty line");
        }
    }
    SUBCASE("deep nesting is refused, not recursed into") {
        const std::string deep = "{\"op\":\"gpus\",\"id\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
        const json a = json::parse(handle_line(deep));
        CHECK(error_id(a) == "bad_request");
        CHECK(error_message(a).find("nested") != std::string::npos);
        // Brackets inside strings do not count.
        CHECK(error_id(json::parse(handle_line("{\"op\":\"gpus\",\"id\":\"" + std::string(1000, '[') + "\"}"))) == "");
    }
    SUBCASE("invalid UTF-8 in a field name still dumps") {
        const json a = json::parse(handle_line("{\"op\":\"archs\",\"\xc3\x28\":1}"));
        CHECK(error_id(a) == "bad_request");  // nlohmann rejects invalid UTF-8 while parsing
    }
    SUBCASE("a batch answers in order, bad lines included") {
        const std::vector<std::string> lines = {
            R"({"op":"occupancy","cc":"8.0","id":1})", "not json", R"({"op":"block_size","cc":"9.0","id":3})", "",
            R"({"op":"dynamic_smem","cc":"8.0","blocks":2,"id":5})"};
        std::vector<json> out;
        for (const auto& l : lines) out.push_back(json::parse(handle_line(l)));
        REQUIRE(out.size() == 5);
        CHECK(out[0]["id"] == 1);
        CHECK(out[0].contains("blocks_per_sm"));
        CHECK(error_id(out[1]) == "bad_request");
        CHECK(out[2]["id"] == 3);
        CHECK(out[2].contains("block_size"));
        CHECK(error_message(out[3]) == "empty line");
        CHECK(out[4]["id"] == 5);
        CHECK(out[4].contains("bytes"));
    }
}

TEST_CASE("api: absurd inputs give answers or errors, never exceptions") {
    const json occ = {{"op", "occupancy"}, {"cc", "9.0"}};
    const int64_t max = smcalc::kMaxInput;
    for (const char* key : {"threads", "regs", "smem_static", "smem_dynamic", "smem_dynamic_max", "barriers"}) {
        for (json v : {json(max), json(0), json(1), json(int64_t{1} << 31)}) {
            json a;
            CHECK_NOTHROW(a = handle(with(with(occ, key, v), "optin", true)));
            CHECK_MESSAGE((a.contains("blocks_per_sm") || a.contains("error")), a.dump());
        }
    }
    // Registers beyond 2^53 / 32 per warp: registers per block is not representable -> null.
    const json r = handle(with(occ, "regs", max));
    REQUIRE(!r.contains("error"));
    CHECK(r["regs_per_block"].is_null());
    CHECK(r["limits"]["regs"] == 0);
    // Zero registers: registers set no limit -> null, and "regs" is not among the limiting resources.
    const json z = handle(with(occ, "regs", 0));
    CHECK(z["limits"]["regs"].is_null());
    for (const auto& name : z["limiting"]) CHECK(name != "regs");
    CHECK(handle(with(with(occ, "threads", 2048), "id", 1))["blocks_per_sm"] == 0);  // above 1024: 0 blocks
}

TEST_CASE("api: text answers use the same parse and solver") {
    const auto t = smcalc::api::handle_text(a100_example(), false);
    REQUIRE(!t.error);
    CHECK(t.text.find("62.5 %") != std::string::npos);
    CHECK(t.text.find("A100 40GB SXM4") != std::string::npos);
    const auto w = smcalc::api::handle_text(a100_example(), true);
    CHECK(w.text.find("derivation:") != std::string::npos);
    const auto e = smcalc::api::handle_text(with(a100_example(), "threads", 0), false);
    REQUIRE(e.error);
    CHECK(e.error->field == "threads");
    const auto g = smcalc::api::handle_text({{"op", "gpus"}}, false);
    CHECK(g.text.find("H100 SXM5") != std::string::npos);
}
