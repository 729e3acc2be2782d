// api-amd.cpp - the AMD model through the JSON contract (core/api/api_amd.cpp): "gpu" naming an AMD product,
// ops occupancy, next_step, tile, compare across vendors, parse of LLVM output, gpus; fields of the other vendor
// are errors naming the field and the GPU.
// Known answers: docs/amd.md's rules (gfx942: 512 VGPRs per lane per SIMD, 64 KiB LDS per CU; gfx950: 160 KiB)
// and its worked example (seed 002: H100 SXM5 vs B200 vs MI355X).
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "smcalc_api.hpp"

using nlohmann::json;
using smcalc::api::handle;

namespace {

bool has(const json& v, const std::string& text) { return v.get<std::string>().find(text) != std::string::npos; }

std::string read(const std::string& rel) {
    std::ifstream f(std::string(SMCALC_SOURCE_DIR) + "/" + rel, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("api amd: occupancy on MI300X (256 work-items, 128 VGPRs, 16 KiB LDS)") {
    // VGPRs: 512 / 128 = 4 waves/SIMD -> 4 x 4 / 4 waves = 4 workgroups; LDS 64 KiB / 16 KiB = 4; slots 32 / 4 = 8.
    const json a = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"threads", 256}, {"vgprs", 128}, {"lds", "16KiB"}});
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["vendor"] == "amd");
    CHECK(a["gpu"] == "MI300X");
    CHECK(a["workgroups_per_cu"] == 4);
    CHECK(a["waves_per_simd"] == 4.0);
    CHECK(a["occupancy"] == 0.5);
    CHECK(a["limits"]["vgprs"] == 4);
    CHECK(a["limits"]["lds"] == 4);
    CHECK(a["limits"]["sgprs"].is_null());  // sgprs not given: no SGPR limit
    CHECK(a["limits"]["workgroups"] == 8);
    CHECK(a["limiting"] == json::array({"vgprs", "lds"}));
    CHECK(a["compiler_waves_per_simd"] == 4);  // LLVM 19 printed 4 for the same kernel (tests/data/amd)
    CHECK(a["input"]["lds"] == 16384);
    CHECK(a["gpu_resident_workgroups"] == 4 * 304);
    for (const auto& r : a["rows"]) CHECK((r["basis"] == "exact" || r["basis"] == "estimate"));
    CHECK(!a["derivation"].empty());
}

TEST_CASE("api amd: names, rounding, vendor fields and ranges") {
    CHECK(handle({{"op", "occupancy"}, {"gpu", "mi355x"}})["gpu"] == "MI355X");
    CHECK(handle({{"op", "occupancy"}, {"gpu", "H100 SXM5"}})["gpu"] == "H100 SXM5");  // NVIDIA first
    // 100 work-items: 2 waves, 28 idle lanes, shown.
    const json r = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"threads", 100}});
    CHECK(r["idle_lanes"] == 28);
    CHECK(r["waves_per_workgroup"] == 2);
    bool noted = false;
    for (const auto& n : r["notes"]) noted = noted || has(n, "round up to 2 waves");
    CHECK(noted);

    const json nv_on_amd = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"regs", 64}});
    CHECK(nv_on_amd["error"]["id"] == "invalid_input");
    CHECK(nv_on_amd["error"]["field"] == "regs");
    CHECK(has(nv_on_amd["error"]["message"], "MI300X"));
    const json amd_on_nv = handle({{"op", "occupancy"}, {"gpu", "H100 SXM5"}, {"vgprs", 64}});
    CHECK(amd_on_nv["error"]["field"] == "vgprs");
    CHECK(has(amd_on_nv["error"]["message"], "H100 SXM5"));
    CHECK(handle({{"op", "occupancy"}, {"cc", "8.0"}, {"lds", 1024}})["error"]["field"] == "lds");
    CHECK(handle({{"op", "tile"}, {"gpu", "MI355X"}, {"mma", "tmem"}})["error"]["field"] == "mma");
    CHECK(handle({{"op", "tile"}, {"gpu", "H100 SXM5"}, {"waves", 4}})["error"]["field"] == "waves");

    const json v = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"vgprs", 300}});
    CHECK(v["error"]["field"] == "vgprs");
    CHECK(has(v["error"]["message"], "from 0 to 256"));
    const json l = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"lds", "100KiB"}});
    CHECK(l["error"]["field"] == "lds");
    CHECK(has(l["error"]["message"], "65536"));
    CHECK(handle({{"op", "occupancy"}, {"gpu", "MI355X"}, {"lds", "100KiB"}})["workgroups_per_cu"] == 1);
    CHECK(handle({{"op", "block_size"}, {"gpu", "MI300X"}})["error"]["id"] == "unsupported");
}

TEST_CASE("api amd: next_step and tile") {
    const json n = handle({{"op", "next_step"}, {"gpu", "MI300X"}, {"vgprs", 136}});
    REQUIRE_FALSE(n.contains("error"));
    CHECK(n["vendor"] == "amd");
    REQUIRE(!n["suggestions"].empty());
    CHECK(n["suggestions"][0]["field"] == "vgprs");
    CHECK(n["suggestions"][0]["to"] == 128);
    // Every suggestion re-checked through op occupancy.
    for (const auto& s : n["suggestions"]) {
        json req = {{"op", "occupancy"}, {"gpu", "MI300X"}, {"vgprs", 136}};
        req[s["field"].get<std::string>()] = s["to"];
        CHECK(handle(req)["workgroups_per_cu"] == s["workgroups_per_cu"]);
    }
    // docs/amd.md: 128x128x64, 3 stages, 8 waves, bf16: 32 accumulator registers per lane, 96 KiB LDS.
    const json t = handle({{"op", "tile"}, {"gpu", "MI355X"}, {"m", 128}, {"n", 128}, {"k", 64}, {"stages", 3},
                           {"waves", 8}, {"problem", "8192x8192x8192"}});
    REQUIRE_FALSE(t.contains("error"));
    CHECK(t["acc_regs_per_lane"] == 32);
    CHECK(t["lds_per_workgroup"] == 98304);
    CHECK(t["workgroups_per_cu"] == 1);
    CHECK(t["problem"]["workgroups"] == 4096);
    CHECK(t["problem"]["waves"] == 16);
}

TEST_CASE("api amd: compare across vendors (seed 002)") {
    const json a = handle({{"op", "compare"}, {"gpus", {"H100 SXM5", "B200", "MI355X"}}, {"threads", 256}, {"regs", 64},
                           {"vgprs", 64}, {"smem_static", "16KiB"}, {"lds", "16KiB"}});
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["columns"][2]["vendor"] == "amd");
    CHECK(a["columns"][2]["workgroups_per_cu"] == 8);
    CHECK(a["columns"][0]["blocks_per_sm"] == 4);
    bool found = false;
    for (const auto& r : a["rows"])
        if (r["key"] == "per_processor") {
            found = true;
            CHECK(r["values"] == json::array({"4 CTAs", "4 CTAs", "8 workgroups"}));
            CHECK(r["differs"] == true);
        }
    CHECK(found);
    REQUIRE(a["notes"].size() == 1);
    CHECK(has(a["notes"][0], "AMD columns read"));
    // A field no column reads is an error naming it and the GPUs.
    const json e = handle({{"op", "compare"}, {"gpus", {"A100", "H100 SXM5"}}, {"vgprs", 64}});
    CHECK(e["error"]["field"] == "vgprs");
    CHECK(has(e["error"]["message"], "H100 SXM5"));
    CHECK(handle({{"op", "compare"}, {"gpus", {"MI300X"}}, {"regs", 64}})["error"]["field"] == "regs");
    // A tile: MI300X's 64 KiB LDS refuses 96 KiB (its column says so), MI355X fits it.
    const json t = handle({{"op", "compare"}, {"kind", "tile"}, {"gpus", {"H100 SXM5", "MI300X", "MI355X"}}, {"m", 128},
                           {"n", 128}, {"k", 64}, {"stages", 3}, {"warps", 8}});
    REQUIRE_FALSE(t.contains("error"));
    CHECK(t["columns"][0]["ctas_per_sm"] == 2);
    CHECK(t["columns"][1]["fits"] == false);
    CHECK(t["columns"][2]["fits"] == true);
    CHECK(t["columns"][2]["acc_regs_per_lane"] == 32);
}

TEST_CASE("api amd: parse reads LLVM output, gpus lists the AMD products") {
    const json p = handle({{"op", "parse"}, {"text", read("tests/data/amd/kernels-gfx942.s.txt")}});
    REQUIRE_FALSE(p.contains("error"));
    CHECK(p["vendor"] == "amd");
    REQUIRE(!p["kernels"].empty());
    for (const auto& k : p["kernels"]) {
        CHECK(k["llvm_occupancy"].is_number());
        CHECK(k["mismatch"] == false);
        CHECK(k["compiler_waves_per_simd"] == k["llvm_occupancy"]);
    }
    const json g = handle({{"op", "gpus"}});
    REQUIRE(g["amd_gpus"].is_array());
    CHECK(g["amd_gpus"].size() == 4);
    CHECK(g["amd_gpus"][3]["name"] == "MI355X");
    CHECK(g["amd_gpus"][3]["cu_count"] == 256);
}
