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
    CHECK(g["amd_gpus"].size() == 9);  // MI300A added (issue 33)
    CHECK(g["amd_gpus"][3]["name"] == "MI355X");
    CHECK(g["amd_gpus"][3]["cu_count"] == 256);
    CHECK(g["amd_gpus"][4]["name"] == "MI250X");
    CHECK(g["amd_gpus"][4]["cu_count"] == 220);
    CHECK(g["amd_gpus"][7]["name"] == "MI100");
}

bool any_has(const json& list, const std::string& text) {
    for (const auto& n : list)
        if (has(n, text)) return true;
    return false;
}

TEST_CASE("api amd: parse \"gpu\" chooses the rules for remarks (which name no target) and warns on another target") {
    // LLVM 22 remarks for gfx950 (tests/data/amd, llc-22): without "gpu" gfx942's rules would refuse LDS above 64 KiB.
    const std::string remarks = read("tests/data/amd/llc22-gfx950-lds-remarks.txt");
    const json p = handle({{"op", "parse"}, {"gpu", "MI355X"}, {"text", remarks}});
    REQUIRE_FALSE(p.contains("error"));
    REQUIRE(p["kernels"].size() == 17);
    for (const auto& k : p["kernels"]) {
        CAPTURE(k["name"]);
        CHECK(k["rules"] == "gfx950");
        CHECK(k["gfx"].is_null());
        CHECK(k["llvm_spelling"] == 22);
        CHECK(k["compiler_waves_per_simd"].is_number());
    }
    CHECK(any_has(p["notes"], "MI355X's gfx950 rules"));
    const json q = handle({{"op", "parse"}, {"text", remarks}});
    REQUIRE_FALSE(q.contains("error"));
    CHECK(q["kernels"][0]["rules"] == "gfx942");
    CHECK(any_has(q["notes"], "give \"gpu\""));
    // a gfx942 .s read with MI355X's rules: said
    const json w = handle({{"op", "parse"}, {"gpu", "MI355X"}, {"text", read("tests/data/amd/llc22-gfx942.s.txt")}});
    REQUIRE_FALSE(w.contains("error"));
    CHECK(any_has(w["notes"], "81 kernels were compiled for gfx942 but MI355X is gfx950"));
    // an NVIDIA "gpu" is ignored with a warning (as before); an unknown name and a non-string are errors
    const json nv = handle({{"op", "parse"}, {"gpu", "H100 SXM5"}, {"text", remarks}});
    REQUIRE_FALSE(nv.contains("error"));
    CHECK(any_has(nv["warnings"], "\"gpu\" is ignored by op parse for an NVIDIA GPU"));
    CHECK(nv["kernels"][0]["rules"] == "gfx942");
    const json unk = handle({{"op", "parse"}, {"gpu", "MI999"}, {"text", remarks}});
    REQUIRE(unk.contains("error"));
    CHECK(unk["error"]["field"] == "gpu");
    CHECK(unk["error"]["id"] == "unknown_gpu");
    const json num = handle({{"op", "parse"}, {"gpu", 7}, {"text", remarks}});
    REQUIRE(num.contains("error"));
    CHECK(num["error"]["field"] == "gpu");
}

TEST_CASE("api amd: compiler output fills threads from the kernel's max_flat_workgroup_size (LLC22)") {
    // v48_lds64k_wg1024: 1,024 work-items, 64 KiB LDS: one workgroup of 16 waves per CU = 4 waves/SIMD; LLVM 22
    // prints 4. Before: 256 work-items were assumed silently (1 workgroup of 4 waves: 1 wave/SIMD).
    const std::string s = read("tests/data/amd/llc22-gfx942.s.txt");
    const json a = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"compiler_output", s}, {"kernel", "v48_lds64k_wg1024"}});
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["input"]["threads"] == 1024);
    CHECK(a["waves_per_simd"] == 4.0);
    CHECK(a["compiler_waves_per_simd"] == 4);
    CHECK(a["compiler"]["llvm_occupancy"] == 4);
    // "threads" given wins
    const json b = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"compiler_output", s}, {"kernel", "v48_lds64k_wg1024"},
                           {"threads", 256}});
    CHECK(b["input"]["threads"] == 256);
    // waves-per-eu 2: 32 VGPRs used, 169 allocated (.amdhsa_next_free_vgpr): 2 waves/SIMD, as LLVM says
    const json c = handle({{"op", "occupancy"}, {"gpu", "MI300X"}, {"compiler_output", s}, {"kernel", "v32_wpe2_wg256"}});
    REQUIRE_FALSE(c.contains("error"));
    CHECK(c["waves_per_simd"] == 2.0);
    CHECK(c["compiler_waves_per_simd"] == 2);
    // a gfx942 .s on MI355X (gfx950): a warning names both
    const json d = handle({{"op", "occupancy"}, {"gpu", "MI355X"}, {"compiler_output", s}, {"kernel", "v128_wg1024"}});
    REQUIRE_FALSE(d.contains("error"));
    CHECK(any_has(d["warnings"], "compiled for gfx942 but MI355X is gfx950"));
}

TEST_CASE("api amd: MI250X, MI210 and MI100 answer occupancy and compare") {
    const json a = handle({{"op", "occupancy"}, {"gpu", "MI250X"}, {"threads", 256}, {"vgprs", 5}, {"agprs", 128}});
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["waves_per_simd"] == 3.0);  // alignTo(5, 4) + 128 = 136 -> 512 / 136 = 3 (LLC19 gfx90a prints 3)
    const json m = handle({{"op", "occupancy"}, {"gpu", "MI100"}, {"threads", 256}, {"vgprs", 5}, {"agprs", 128}});
    REQUIRE_FALSE(m.contains("error"));
    CHECK(m["waves_per_simd"] == 2.0);  // max(5, 128) = 128 of 256 -> 2 (LLC19 gfx908 prints 2)
    CHECK(m["gpu_resident_workgroups"] == 2 * 120);
    const json c = handle({{"op", "compare"}, {"gpus", json::array({"MI250X", "MI210", "MI100"})}, {"threads", 256}, {"vgprs", 64}});
    REQUIRE_FALSE(c.contains("error"));
    REQUIRE(c["columns"].size() == 3);
    CHECK(c["columns"][0]["gfx"] == "gfx90a");
    CHECK(c["columns"][2]["gfx"] == "gfx908");
    CHECK(c["columns"][2]["waves_per_simd"] == 4.0);  // 256 / 64 = 4 on gfx908's 256-register file
    CHECK(c["columns"][0]["waves_per_simd"] == 8.0);  // 512 / 64 = 8
}
