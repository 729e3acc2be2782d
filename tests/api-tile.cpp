// api-tile.cpp - ops "tile" and "tiles" of the JSON contract (core/api, what `smcalc batch`, `smcalc tile`,
// `smcalc tiles` and the JS API speak): the contract's keys, the seed's numbers through the batch op, every
// refusal as an error id naming its field, and agreement with smcalc::tile / smcalc::tiles_that_fit.
// Known answers: seed lesson 002 ("SM Architecture"): H100, 128x128x64, 3 stages, 8 warps, bf16 in, fp32
// accumulate -> 64 accumulator registers per thread, 98,304 B of mainloop shared memory, 2 CTAs by shared
// memory; 256x256 -> 256 registers per thread, over the cap, 256 KB of accumulators = the register file.
#include <doctest/doctest.h>

#include "api_answers.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "smcalc/gpu.hpp"
#include "smcalc/tile.hpp"
#include "smcalc_api.hpp"

namespace {

using namespace smcalc::test;

json seed_tile() {
    return {{"op", "tile"}, {"gpu", "H100 SXM5"}, {"m", 128},      {"n", 128},     {"k", 64},
            {"stages", 3},  {"warps", 8},         {"a", "bf16"},   {"b", "bf16"},  {"acc", "f32"},
            {"mma", "registers"}};
}




const json* row(const json& a, const std::string& key) {
    for (const auto& r : a["rows"])
        if (r["key"] == key) return &r;
    return nullptr;
}

}  // namespace

TEST_CASE("api tile: the seed's tile through the batch op (H100 SXM5, 128x128x64, 3 stages, 8 warps, bf16/f32)") {
    const json a = json::parse(handle_line(seed_tile().dump()));
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    // The contract's keys (issue 3).
    for (const char* k : {"acc_regs_per_thread", "regs_per_thread_est", "spills", "smem_per_stage", "smem_per_cta",
                          "smem_limit", "ctas_per_sm", "occupancy", "limiting"})
        CHECK_MESSAGE(a.contains(k), k);
    // The seed's numbers.
    CHECK(a["acc_regs_per_thread"] == 64);
    CHECK(a["smem_per_stage"] == 32768);
    CHECK(a["smem_mainloop"] == 98304);
    CHECK(a["ctas_by_smem"] == 2);
    CHECK(a["fits"] == true);
    CHECK(a["spills"] == false);
    // The model around them: 32 overhead registers on wgmma, 3 x 2 mbarriers of 8 B, 227 KB opt-in limit.
    CHECK(a["regs_per_thread_est"] == 96);
    CHECK(a["smem_barriers"] == 48);
    CHECK(a["smem_per_cta"] == 98304 + 48);
    CHECK(a["smem_limit"] == 227 * 1024);
    CHECK(a["ctas_per_sm"] == 2);
    CHECK(a["occupancy"].get<double>() == doctest::Approx(0.25));
    CHECK(a["limiting"].is_array());
    CHECK(std::find(a["limiting"].begin(), a["limiting"].end(), json("smem")) != a["limiting"].end());
    CHECK(a["instruction"].get<std::string>().find("wgmma") == 0);
    CHECK(a["inst"] == json{{"m", 64}, {"n", 128}, {"k", 16}});
    CHECK(a["threads"] == 256);
    CHECK(a["cc"] == "9.0");
    CHECK(a["gpu"] == "H100 SXM5");
    CHECK(a["device"]["sm_count"] == 132);
    CHECK(a["tmem_columns"] == 0);
    CHECK(a["ctas_by_tmem"].is_null());
    CHECK(a["problem"].is_null());
    // Ridge point from the database's sourced peaks: 64 FLOP/B against ~295 FLOP/B.
    CHECK(a["intensity"].get<double>() == doctest::Approx(64.0));
    REQUIRE(a["ridge"].is_number());
    CHECK(a["ridge"].get<double>() == doctest::Approx(295.3).epsilon(0.01));
    // The solver's own answer for the kernel the tile becomes (docs/tile-model.md, Residency).
    REQUIRE(a["solver"].is_object());
    CHECK(a["solver"]["blocks_per_sm"] == a["ctas_per_sm"]);
    CHECK(a["solver"]["input"]["threads"] == 256);
    CHECK(a["solver"]["input"]["regs"] == 96);
    CHECK(a["solver"]["input"]["smem_dynamic"] == 98352);
    CHECK(a["solver"]["input"]["optin"] == true);
    CHECK(!a["solver"]["derivation"].empty());
    // Every readout with its limit, unit and basis.
    REQUIRE(a["rows"].is_array());
    for (const auto& r : a["rows"]) {
        for (const char* k : {"key", "label", "unit", "value", "limit", "basis", "over"}) CHECK_MESSAGE(r.contains(k), k);
        CHECK((r["basis"] == "exact" || r["basis"] == "estimate"));
    }
    REQUIRE(row(a, "acc_regs_per_thread"));
    CHECK((*row(a, "acc_regs_per_thread"))["value"] == 64);
    CHECK((*row(a, "acc_regs_per_thread"))["limit"] == 255);
    CHECK((*row(a, "acc_regs_per_thread"))["basis"] == "exact");
    CHECK((*row(a, "regs_per_thread_est"))["basis"] == "estimate");
    CHECK((*row(a, "smem_mainloop"))["value"] == 98304);
    CHECK((*row(a, "smem_mainloop"))["unit"] == "bytes");
    CHECK((*row(a, "ctas_by_smem"))["value"] == 2);
    CHECK((*row(a, "occupancy"))["value"].is_number_float());
    CHECK(!a["notes"].empty());
    // The input as the model read it, defaults resolved.
    CHECK(a["input"]["m"] == 128);
    CHECK(a["input"]["a"] == "bf16");
    CHECK(a["input"]["mma"] == "registers");
    CHECK(a["input"]["out"] == "f32");
    CHECK(a["input"]["overhead_regs"] == 32);
    CHECK(!a.contains("warnings"));
}

TEST_CASE("api tile: the seed's 256x256 tile spills - its accumulators are the whole register file") {
    const json a = handle(with(with(seed_tile(), "m", 256), "n", 256));
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["acc_regs_per_thread"] == 256);
    CHECK(a["acc_over_cap"] == true);
    CHECK(a["spills"] == true);
    CHECK(a["fits"] == false);
    CHECK(a["acc_bytes"] == 256 * 1024);
    CHECK(a["acc_bytes"] == a["regfile_bytes"]);
    CHECK((*row(a, "acc_regs_per_thread"))["over"] == true);
    CHECK((*row(a, "regs_per_thread_est"))["over"] == true);
}

TEST_CASE("api tile: defaults are the seed's tile - the fields the contract names all count") {
    const json seed = handle(seed_tile());
    const json d = handle({{"op", "tile"}, {"gpu", "H100 SXM5"}});
    REQUIRE(!d.contains("error"));
    CHECK(d == seed);
    // cc and device name the device too (no ridge point without a database row).
    const json by_cc = handle({{"op", "tile"}, {"cc", "9.0"}});
    CHECK(by_cc["acc_regs_per_thread"] == 64);
    CHECK(by_cc["ctas_per_sm"] == 2);
    CHECK(by_cc["ridge"].is_null());
    CHECK(by_cc["gpu"].is_null());
    const json by_device = handle({{"op", "tile"}, {"device", {{"cc", "9.0"}, {"sm_count", 132}}}, {"problem", "8192x8192x8192"}});
    CHECK(by_device["problem"]["waves"] == 16);

    SUBCASE("problem size: object or MxNxK string") {
        const json p = handle(with(seed_tile(), "problem", {{"m", 8192}, {"n", 8192}, {"k", 8192}}));
        REQUIRE_MESSAGE(!p.contains("error"), p.dump());
        CHECK(p["problem"]["ctas"] == 4096);
        CHECK(p["problem"]["k_steps"] == 128);
        CHECK(p["problem"]["ctas_per_wave"] == 264);
        CHECK(p["problem"]["waves"] == 16);
        CHECK(p["problem"]["last_wave_utilization"].get<double>() == doctest::Approx(136.0 / 264.0));
        CHECK(p["problem"]["flops"].get<double>() == doctest::Approx(2.0 * 8192.0 * 8192.0 * 8192.0));
        CHECK(row(p, "waves") != nullptr);
        const json s = handle(with(seed_tile(), "problem", "8192x8192x8192"));
        CHECK(s == p);
        CHECK(s["input"]["problem"] == json{{"m", 8192}, {"n", 8192}, {"k", 8192}});
    }
    SUBCASE("epilogue, overhead, types") {
        const json t = handle(with(seed_tile(), "epilogue", "tile"));
        CHECK(t["smem_epilogue"] == 128 * 128 * 4);
        const json bytes = handle(with(seed_tile(), "epilogue_bytes", "4KiB"));  // implies "bytes"
        CHECK(bytes["smem_epilogue"] == 4096);
        CHECK(bytes["input"]["epilogue"] == "bytes");
        const json reuse = handle(with(with(seed_tile(), "epilogue", "tile"), "epilogue_reuses_mainloop", true));
        CHECK(reuse["smem_per_cta"] == 98304 + 48);  // max(mainloop, epilogue) + barriers
        const json o = handle(with(seed_tile(), "overhead_regs", 100));
        CHECK(o["regs_per_thread_est"] == 164);
        CHECK(handle(with(seed_tile(), "overhead_regs", "default"))["regs_per_thread_est"] == 96);
        CHECK(handle(with(seed_tile(), "overhead_regs", -1))["regs_per_thread_est"] == 96);
        const json fp8 = handle(with(with(seed_tile(), "a", "fp8"), "b", "e5m2"));
        REQUIRE_MESSAGE(!fp8.contains("error"), fp8.dump());
        CHECK(fp8["input"]["a"] == "e4m3");
        CHECK(fp8["smem_per_stage"] == 16384);
    }
    SUBCASE("Blackwell tensor memory") {
        const json b = handle({{"op", "tile"}, {"gpu", "B200"}, {"mma", "tmem"}});
        REQUIRE_MESSAGE(!b.contains("error"), b.dump());
        CHECK(b["acc_regs_per_thread"] == 0);
        CHECK(b["tmem_columns"] == 128);
        CHECK(b["tmem_columns_limit"] == 512);
        CHECK(b["ctas_by_tmem"] == 4);
        CHECK(b["instruction"].get<std::string>().find("tcgen05") == 0);
        CHECK(handle({{"op", "tile"}, {"gpu", "B200"}, {"mma", "tensor_memory"}}) == b);
    }
}

TEST_CASE("api tile: the answer is smcalc::tile's, number for number") {
    struct Case {
        const char* gpu;
        smcalc::TileInput in;
        json request;
    };
    smcalc::TileInput a100;
    a100.a = a100.b = smcalc::DType::F16;
    a100.stages = 4;
    smcalc::TileInput b200;
    b200.mma = smcalc::MmaPath::TensorMemory;
    b200.m = 128;
    b200.n = 256;
    b200.acc_buffers = 2;
    const std::vector<Case> cases = {
        {"A100", a100, {{"op", "tile"}, {"gpu", "A100"}, {"a", "f16"}, {"b", "f16"}, {"stages", 4}}},
        {"B200", b200, {{"op", "tile"}, {"gpu", "B200"}, {"mma", "tmem"}, {"n", 256}, {"acc_buffers", 2}}},
    };
    for (const auto& c : cases) {
        const auto* g = *smcalc::find_gpu(c.gpu);
        const auto r = smcalc::tile(g->device, c.in, g);
        REQUIRE(r.ok());
        const json a = handle(c.request);
        INFO(a.dump());
        REQUIRE(!a.contains("error"));
        CHECK(a["acc_regs_per_thread"] == r->acc_regs_per_thread);
        CHECK(a["regs_per_thread_est"] == r->regs_per_thread_est);
        CHECK(a["smem_per_cta"] == r->smem_per_cta);
        CHECK(a["ctas_per_sm"] == r->ctas_per_sm);
        CHECK(a["occupancy"].get<double>() == r->occupancy);
        CHECK(a["tmem_columns"] == r->tmem_columns);
        CHECK(a["instruction"] == r->instruction);
        CHECK(a["rows"].size() == r->rows.size());
        CHECK(a["notes"].size() == r->notes.size());
    }
}

TEST_CASE("api tile: refusals and bad fields answer their error id and field") {
    const json t = seed_tile();
    const std::vector<ErrorCase> cases = {
        // Hardware refusals (issue 3, point 3): unsupported.
        {with(t, "mma", "tmem"), "unsupported", "mma"},                       // no TMEM on CC 9.0
        {with(t, "m", 100), "unsupported", "m"},                              // wgmma: M a multiple of 64
        {with(t, "warps", 6), "unsupported", "warps"},                        // wgmma: warpgroups of 4 warps
        {with(t, "k", 8), "unsupported", "k"},                                // wgmma bf16: K steps of 16
        {with(with(with(t, "gpu", "A100"), "a", "e4m3"), "b", "e4m3"), "unsupported", "a"},  // fp8 before 8.9
        {with(with(t, "a", "f4"), "b", "f4"), "unsupported", "a"},            // fp4 before 10.0
        {with(t, "acc", "i32"), "unsupported", "acc"},                        // i32 with i8 only
        {with(t, "b", "f16"), "unsupported", "b"},                            // no bf16 x f16 MMA
        {{{"op", "tile"}, {"gpu", "B200"}, {"mma", "tmem"}, {"n", 512}}, "unsupported", "n"},
        // Bad values: invalid_input.
        {with(t, "acc", "bf16"), "invalid_input", "acc"},
        {with(t, "a", "bf17"), "invalid_input", "a"},
        {with(t, "a", 16), "invalid_input", "a"},
        {with(t, "mma", "wmma"), "invalid_input", "mma"},
        {with(t, "epilogue", "some"), "invalid_input", "epilogue"},
        {with(t, "subbyte_smem", "dense"), "invalid_input", "subbyte_smem"},
        {with(t, "m", 0), "invalid_input", "m"},
        {with(t, "n", -128), "invalid_input", "n"},
        {with(t, "k", 64.5), "invalid_input", "k"},
        {with(t, "stages", "3"), "invalid_input", "stages"},
        {with(t, "warps", 64), "invalid_input", "warps"},                    // 2048 threads per CTA
        {with(t, "overhead_regs", -2), "invalid_input", "overhead_regs"},
        {with(t, "acc_buffers", 0), "invalid_input", "acc_buffers"},
        {with(with(t, "epilogue", "none"), "epilogue_bytes", 5), "invalid_input", "epilogue_bytes"},
        {with(t, "epilogue_reuses_mainloop", "yes"), "invalid_input", "epilogue_reuses_mainloop"},
        {with(t, "problem", {{"m", 0}, {"n", 1}, {"k", 1}}), "invalid_input", "problem.m"},
        {with(t, "problem", {{"m", 1}, {"n", 1}}), "bad_request", "problem.k"},
        {with(t, "problem", "8192x8192"), "invalid_input", "problem"},
        {with(t, "problem", 8192), "invalid_input", "problem"},
        // The device.
        {{{"op", "tile"}}, "bad_request", "gpu"},
        {{{"op", "tile"}, {"gpu", "Z100"}}, "unknown_gpu", "gpu"},
        {{{"op", "tile"}, {"cc", "7.7"}}, "unknown_arch", "cc"},
    };
    for (const auto& c : cases) {
        const json a = handle(c.request);
        INFO("request: ", c.request.dump(), "\nanswer: ", a.dump());
        CHECK(error_id(a) == c.id);
        CHECK(error_field(a) == c.field);
        CHECK(!a["error"]["message"].get<std::string>().empty());
    }
}

TEST_CASE("api tile: fields the op does not read and unknown ones are errors naming them") {
    CHECK(error_field(handle(with(seed_tile(), "threads", 128))) == "threads");
    CHECK(error_message(handle(with(seed_tile(), "ms", json::array({64})))).rfind(
              "field \"ms\" is not read by op tile; leave it out (op tile reads gpu, cc, device, ", 0) == 0);
    // The CLI's --tile MxNxK is m, n and k in JSON, not a field of its own.
    const json t = handle(with(seed_tile(), "tile", "128x128x64"));
    CHECK(error_id(t) == "bad_request");
    CHECK(error_field(t) == "tile");
    const json p = handle(with(seed_tile(), "problem", {{"m", 1}, {"n", 1}, {"k", 1}, {"l", 1}}));
    CHECK(error_field(p) == "problem.l");
    CHECK(error_message(p) == "unknown field \"problem.l\"; did you mean \"problem.m\"?");
}

TEST_CASE("api tiles: what fits, sorted as the core sorts it, capped by limit") {
    const auto* h100 = *smcalc::find_gpu("H100 SXM5");
    smcalc::TileSearch s;  // bf16 x bf16 -> f32, registers: the defaults
    const auto core = smcalc::tiles_that_fit(h100->device, s);
    REQUIRE(core.ok());
    const json a = json::parse(handle_line(R"({"op":"tiles","gpu":"H100 SXM5","a":"bf16","b":"bf16","acc":"f32"})"));
    REQUIRE_MESSAGE(!a.contains("error"), a.dump().substr(0, 400));
    CHECK(a["total"] == core->fits.size());
    CHECK(a["total"].get<int64_t>() > 0);
    CHECK(a["shown"] == smcalc::api::kDefaultTilesLimit);
    CHECK(a["fits"].size() == static_cast<std::size_t>(smcalc::api::kDefaultTilesLimit));
    CHECK(a["candidates"] == 8192);
    const auto& rej = a["rejected"];
    CHECK(rej["refused"].get<int64_t>() + rej["spills"].get<int64_t>() + rej["smem_over"].get<int64_t>() +
              rej["tmem_over"].get<int64_t>() + rej["no_cta"].get<int64_t>() + a["total"].get<int64_t>() ==
          8192);
    for (std::size_t i = 0; i < a["fits"].size(); ++i) {
        const auto& f = a["fits"][i];
        const auto& c = core->fits[i];
        CHECK(f["m"] == c.m);
        CHECK(f["n"] == c.n);
        CHECK(f["k"] == c.k);
        CHECK(f["stages"] == c.stages);
        CHECK(f["warps"] == c.warps);
        CHECK(f["ctas_per_sm"] == c.ctas_per_sm);
        CHECK(f["regs_per_thread_est"] == c.regs_per_thread_est);
        CHECK(f["occupancy"].get<double>() == c.occupancy);
        CHECK(f["ctas_per_sm"].get<int64_t>() >= 1);
        CHECK(f["smem_per_cta"].get<int64_t>() <= 227 * 1024);
    }
    CHECK(a["input"]["limit"] == 50);
    CHECK(a["input"]["ms"].size() == 8);

    SUBCASE("limit") {
        CHECK(handle({{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"limit", 3}})["fits"].size() == 3);
        const json all = handle({{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"limit", "all"}});
        CHECK(all["shown"] == all["total"]);
        CHECK(all["fits"].size() == core->fits.size());
        CHECK(all["input"]["limit"] == "all");
    }
    SUBCASE("candidate lists: the seed's tile alone") {
        const json one = handle({{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"ms", {128}}, {"ns", 128}, {"ks", {64}},
                                 {"stages", {3}}, {"warps", {8}}});
        REQUIRE_MESSAGE(!one.contains("error"), one.dump());
        CHECK(one["candidates"] == 1);
        REQUIRE(one["total"] == 1);
        CHECK(one["fits"][0]["acc_regs_per_thread"] == 64);
        CHECK(one["fits"][0]["smem_per_cta"] == 98352);
        CHECK(one["fits"][0]["ctas_per_sm"] == 2);
        CHECK(one["fits"][0]["ctas_by_smem"] == 2);
    }
    SUBCASE("TMEM path on B200") {
        const json b = handle({{"op", "tiles"}, {"gpu", "B200"}, {"mma", "tmem"}, {"limit", 5}});
        REQUIRE_MESSAGE(!b.contains("error"), b.dump().substr(0, 400));
        CHECK(b["total"].get<int64_t>() > 0);
        for (const auto& f : b["fits"]) CHECK(f["tmem_columns"].get<int64_t>() <= 512);
    }
}

TEST_CASE("api tiles: bad lists, limits and types") {
    const json base = {{"op", "tiles"}, {"gpu", "H100 SXM5"}};
    std::vector<int64_t> many(64);
    for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<int64_t>(16 * (i + 1));
    const std::vector<ErrorCase> cases = {
        {with(base, "ms", json::array()), "invalid_input", "ms"},
        {with(base, "ms", {64, 0}), "invalid_input", "ms[1]"},
        {with(base, "ks", {"64"}), "invalid_input", "ks[0]"},
        {with(base, "warps", "4,8"), "invalid_input", "warps"},
        {with(base, "limit", 0), "invalid_input", "limit"},
        {with(base, "limit", "some"), "invalid_input", "limit"},
        // 64 x 64 x 4 x 8 x 4 = 524,288 candidates: above the cap.
        {with(with(base, "ms", many), "ns", many), "invalid_input", "ms"},
        {with(with(with(base, "gpu", "A100"), "a", "e4m3"), "b", "e4m3"), "unsupported", "a"},
        {with(base, "mma", "tmem"), "unsupported", "mma"},
        {{{"op", "tiles"}}, "bad_request", "gpu"},
    };
    check_error_cases(cases);
    CHECK(error_field(handle(with(base, "m", 64))) == "m");
}

TEST_CASE("api tile/tiles: text answers") {
    const auto t = smcalc::api::handle_text(with(seed_tile(), "problem", "8192x8192x8192"), false);
    REQUIRE(!t.error);
    for (const char* part : {"H100 SXM5: CC 9.0 (Hopper), 132 SMs", "accumulator registers per thread", "98304",
                             "estimate", "exact", "fits: 2 CTAs/SM", "waves", "51.5 %"})
        CHECK_MESSAGE(t.text.find(part) != std::string::npos, part);
    const auto big = smcalc::api::handle_text(with(with(seed_tile(), "m", 256), "n", 256), false);
    CHECK(big.text.find("does not fit") != std::string::npos);
    CHECK(big.text.find("<- over") != std::string::npos);
    const auto e = smcalc::api::handle_text(with(seed_tile(), "mma", "tmem"), false);
    REQUIRE(e.error);
    CHECK(e.error->id == smcalc::ErrorId::Unsupported);
    const auto s = smcalc::api::handle_text({{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"limit", 4}}, false);
    REQUIRE(!s.error);
    CHECK(s.text.find("candidate tiles fit") != std::string::npos);
    CHECK(s.text.find("the first 4 of") != std::string::npos);
}

TEST_CASE("api: parse_mnk") {
    using smcalc::api::parse_mnk;
    CHECK(*parse_mnk("tile", "128x128x64") == std::array<int64_t, 3>{128, 128, 64});
    CHECK(*parse_mnk("tile", "128 X 256 * 32") == std::array<int64_t, 3>{128, 256, 32});
    for (const char* bad : {"", "128x128", "128x128x64x2", "128xx64", "ax1x1", "0x1x1", "1x1x-1", "1x1x9007199254740992",
                            "1x1x99999999999999999999", "1.5x1x1", "x1x1"}) {
        const auto r = parse_mnk("tile", bad);
        CHECK_MESSAGE(!r.ok(), bad);
        if (!r.ok()) {
            CHECK(r.error().field == "tile");
            CHECK(r.error().id == smcalc::ErrorId::InvalidInput);
        }
    }
}
