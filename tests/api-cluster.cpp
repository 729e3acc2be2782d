// api-cluster.cpp - thread block clusters in the JSON contract (issue 17): the request keys "cluster",
// "non_portable_cluster", "grid", "clusters" and "device.gpc"; the answer's "cluster" object on occupancy, tile
// and next_step, "fit_options" on tile, the cluster fields of tiles, "cluster_next_steps", compare's "clusters"
// row; and every refusal as an error id naming its field. The numbers must equal the core's (smcalc::clusters,
// cluster_next_steps, tile, tiles_that_fit): the API only reads and writes them.
// Known answers (docs/clusters.md): H100 SXM5, cluster 4x2x1 at 1 CTA/SM: 13..16 clusters, even layout 16,
// bound 16, CUTLASS heuristic 14, cuBLAS's public launch 15 (CUTLASS1921); seed 002's 256x256 fits as a 2x1
// cluster of 128x256 CTAs (66 clusters, 16 waves for 8192^3).
#include <doctest/doctest.h>

#include "api_answers.hpp"

#include <set>
#include <string>

#include "smcalc/cluster.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc_api.hpp"

namespace {

using namespace smcalc::test;

// 256 threads x 255 registers: 1 CTA per SM on CC 9.0 (registers).
json one_cta(json cluster) {
    return {{"op", "occupancy"}, {"gpu", "H100 SXM5"}, {"threads", 256}, {"regs", 255}, {"cluster", std::move(cluster)}};
}

std::string message(const json& a) { return a.contains("error") ? a["error"]["message"].get<std::string>() : ""; }

}  // namespace

TEST_CASE("api cluster: occupancy answers gain a cluster object with every figure labelled") {
    const json a = handle(one_cta(json::array({4, 2, 1})));
    REQUIRE_FALSE(a.contains("error"));
    REQUIRE(a.contains("cluster"));
    const json& c = a["cluster"];
    for (const char* key : {"dims", "cluster_size", "ctas_per_sm", "smem_per_cta", "dsmem_per_cluster", "sm_count",
                            "max_active_clusters", "limiter", "limiter_reason", "gpcs", "waves", "derivation", "notes"})
        CHECK_MESSAGE(c.contains(key), key);
    CHECK(c["dims"] == json::array({4, 2, 1}));
    CHECK(c["cluster_size"] == 8);
    CHECK(c["ctas_per_sm"] == 1);
    CHECK(c["limiter"] == "gpc");
    const json& m = c["max_active_clusters"];
    CHECK(m["low"] == 13);
    CHECK(m["typical"] == 16);
    CHECK(m["high"] == 16);
    CHECK(m["bound"] == 16);
    std::set<std::string> keys, bases;
    for (const json& f : m["figures"]) {
        for (const char* key : {"key", "label", "clusters", "ctas", "idle_cta_slots", "idle_sms", "basis", "basis_text", "source"})
            CHECK_MESSAGE(f.contains(key), key);
        keys.insert(f["key"].get<std::string>());
        bases.insert(f["basis"].get<std::string>());
        CHECK(f["ctas"] == f["clusters"].get<int64_t>() * 8);
        if (f["key"] == "public_evidence") {
            // cuBLAS's 15 clusters (CUTLASS1921) lie in the range.
            CHECK(f["clusters"] == 15);
            CHECK(m["low"].get<int64_t>() <= 15);
            CHECK(15 <= m["high"].get<int64_t>());
        }
    }
    CHECK(keys == std::set<std::string>{"low", "typical", "high", "bound", "cutlass_heuristic", "public_evidence"});
    CHECK(bases == std::set<std::string>{"range", "estimate", "exact"});
    // The per-GPC rows of the even layout add up to the typical figure.
    int64_t sum = 0;
    for (const json& g : c["gpcs"]) sum += g["clusters"].get<int64_t>();
    CHECK(sum == 16);
    CHECK(c["waves"].is_null());
    CHECK(a["input"]["cluster"] == json::array({4, 2, 1}));
    CHECK(a["input"]["non_portable_cluster"] == false);
    // The same as the core computes.
    const auto* h = *smcalc::find_gpu("H100 SXM5");
    smcalc::KernelInput k;
    k.threads = 256;
    k.regs = 255;
    auto core = smcalc::clusters(*h, k, smcalc::ClusterInput{{4, 2, 1}, false, std::nullopt});
    REQUIRE(core);
    CHECK(c["derivation"] == core->derivation);
    CHECK(c["limiter_reason"] == core->limiter_reason);
}

TEST_CASE("api cluster: the cluster's spellings and the grid's waves") {
    const json as_array = handle(one_cta(json::array({8, 1, 1})))["cluster"];
    CHECK(handle(one_cta(8))["cluster"] == as_array);
    CHECK(handle(one_cta("8x1x1"))["cluster"] == as_array);
    CHECK(handle(one_cta("8"))["cluster"] == as_array);
    CHECK(handle(one_cta(json::array({8})))["cluster"] == as_array);
    CHECK(handle(one_cta(8.0))["cluster"] == as_array);
    json r = one_cta("4x2x1");
    r["grid"] = "120x2x1";
    const json a = handle(r);
    REQUIRE(a.contains("cluster"));
    const json& w = a["cluster"]["waves"];
    CHECK(w["grid"] == json::array({120, 2, 1}));
    CHECK(w["grid_clusters"] == 30);
    CHECK(w["waves_low"] == 2);      // 30 / 16 most clusters
    CHECK(w["waves_typical"] == 2);  // 30 / 16
    CHECK(w["waves_high"] == 3);     // 30 / 13 fewest
    CHECK(w["waves_bound"] == 2);
    // A line through handle_line answers the same.
    CHECK(json::parse(handle_line(r.dump())) == a);
    // Without "cluster" nothing is added.
    json plain = one_cta(1);
    plain.erase("cluster");
    CHECK_FALSE(handle(plain).contains("cluster"));
}

TEST_CASE("api cluster: bad clusters are errors naming the field and range") {
    auto check = [](json req, const char* id, const char* field, const char* part) {
        const json a = handle(req);
        CHECK_MESSAGE(error_id(a) == id, req.dump());
        CHECK_MESSAGE(error_field(a) == field, req.dump());
        CHECK_MESSAGE(message(a).find(part) != std::string::npos, message(a));
    };
    json a100 = one_cta(2);
    a100["gpu"] = "A100";
    check(a100, "invalid_input", "cluster", "need CC 9.0 or newer");
    check(one_cta(16), "invalid_input", "non_portable_cluster", "need non_portable_cluster");
    json np = one_cta(16);
    np["non_portable_cluster"] = true;
    CHECK_FALSE(handle(np).contains("error"));
    np["cluster"] = "4x4x2";
    check(np, "invalid_input", "cluster", "up to 16 with non_portable_cluster");
    check(one_cta(0), "invalid_input", "cluster.x", "from 1 to 16");
    check(one_cta(json::array({2, -1, 1})), "invalid_input", "cluster.y", "from 1 to 16");
    check(one_cta(json::array({2, 1, 17})), "invalid_input", "cluster.z", "from 1 to 16");
    check(one_cta(json::array({1, 2, 3, 4})), "invalid_input", "cluster", "[x, y, z]");
    check(one_cta("2y2"), "invalid_input", "cluster", "[x, y, z]");
    check(one_cta(true), "invalid_input", "cluster", "[x, y, z]");
    check(one_cta(1.5), "invalid_input", "cluster.x", "from 1 to 16");
    json g = one_cta("4x2x1");
    g["grid"] = json::array({6, 2, 1});
    check(g, "invalid_input", "grid", "not a multiple of the cluster's x (4)");
    g["grid"] = json::array({0, 2, 1});
    check(g, "invalid_input", "grid.x", "a whole number, 1 or more");
    json nog = one_cta(1);
    nog.erase("cluster");
    nog["grid"] = "8x1x1";
    check(nog, "bad_request", "grid", "give cluster too");
    json np_bad = one_cta(2);
    np_bad["non_portable_cluster"] = "yes";
    check(np_bad, "invalid_input", "non_portable_cluster", "true or false");
    // GB10 (CC 12.1): 8 is a hard limit even with the attribute.
    json gb10 = one_cta(16);
    gb10["gpu"] = "DGX Spark GB10";
    gb10["non_portable_cluster"] = true;
    check(gb10, "invalid_input", "cluster", "at most 8");
}

TEST_CASE("api cluster: a cluster larger than a GPC holds is an answer of 0 clusters") {
    json r = {{"op", "occupancy"},
              {"device", {{"cc", "9.0"}, {"sm_count", 16}, {"gpc", {{"gpcs_min", 4}, {"max_sms_per_gpc", 4}}}}},
              {"threads", 1024},
              {"regs", 64},
              {"cluster", 8}};
    const json a = handle(r);
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["cluster"]["max_active_clusters"]["high"] == 0);
    CHECK(a["cluster"]["limiter"] == "gpc");
    CHECK(a["cluster"]["limiter_reason"].get<std::string>().find("0 clusters fit") != std::string::npos);
    // A GPC layout that contradicts the SM count is a device error naming its field.
    r["device"]["gpc"]["max_sms_per_gpc"] = 2;
    CHECK(error_id(handle(r)) == "invalid_device");
    CHECK(error_field(handle(r)) == "gpc.max_sms_per_gpc");
    r["device"]["gpc"] = {{"gpcs_min", 4}, {"max_sms_per_gpc", 4}, {"bogus", 1}};
    const json w = handle(r);
    CHECK(error_id(w) == "bad_request");
    CHECK(error_field(w) == "device.gpc.bogus");
    CHECK(error_message(w) ==
          "unknown field \"device.gpc.bogus\"; the nearest known field is \"device.gpc.gpcs_min\" (smcalc fields lists "
          "them all)");
    r["device"]["gpc"] = {{"gpcs_min", 4}, {"max_sm_per_gpc", 4}};
    CHECK(error_message(handle(r)) == "unknown field \"device.gpc.max_sm_per_gpc\"; did you mean \"device.gpc.max_sms_per_gpc\"?");
}

TEST_CASE("api cluster: tile answers gain cluster and fit_options") {
    json t = {{"op", "tile"}, {"gpu", "H100 SXM5"}, {"m", 256}, {"n", 256}, {"k", 64}, {"stages", 3}, {"warps", 8}};
    const json a = handle(t);
    REQUIRE(a["fits"] == false);
    REQUIRE(a["fit_options"].size() == 3);
    CHECK(a["fit_options"][1]["key"] == "cluster_split_m");
    CHECK(a["fit_options"][1]["cluster"] == json::array({2, 1, 1}));
    CHECK(a["fit_options"][1]["cta"]["m"] == 128);
    CHECK(a["fit_options"][1]["smem_per_cta"] == 147504);
    CHECK(a["fit_options"][1]["fits"] == true);
    CHECK_FALSE(a.contains("cluster"));
    t["m"] = 128;
    t["cluster"] = "2x1x1";
    t["problem"] = "8192x8192x8192";
    const json b = handle(t);
    REQUIRE(b.contains("cluster"));
    CHECK(b["fits"] == true);
    CHECK(b["fit_options"] == json::array());
    CHECK(b["cluster"]["dsmem_per_cluster"] == 295008);
    CHECK(b["cluster"]["max_active_clusters"]["low"] == 66);
    CHECK(b["cluster"]["max_active_clusters"]["high"] == 66);
    CHECK(b["cluster"]["waves"]["grid"] == json::array({64, 32, 1}));
    CHECK(b["cluster"]["waves"]["waves_typical"] == 16);
    CHECK(b["input"]["cluster"] == json::array({2, 1, 1}));
    // A tile's cluster is M x N x 1.
    t["cluster"] = json::array({1, 1, 2});
    CHECK(error_field(handle(t)) == "cluster.z");
}

TEST_CASE("api cluster: tiles with stages auto and cluster shapes") {
    json r = {{"op", "tiles"}, {"gpu", "H100 SXM5"}, {"ms", 128}, {"ns", 128}, {"ks", 64}, {"warps", 8},
              {"stages", "auto"}, {"clusters", {"1x1x1", json::array({2, 1, 1}), 8}}};
    const json a = handle(r);
    REQUIRE_FALSE(a.contains("error"));
    CHECK(a["stages_auto"] == true);
    CHECK(a["input"]["stages"] == "auto");
    CHECK(a["input"]["clusters"] == json::array({json::array({1, 1, 1}), json::array({2, 1, 1}), json::array({8, 1, 1})}));
    REQUIRE(a["fits"].size() == 3);
    for (const json& f : a["fits"]) CHECK(f["stages"] == 7);  // (232,448 - 0) / (32,768 + 16)
    // More CTAs resident first: 1x1x1 and 2x1x1 (132), then 8x1x1 (128).
    CHECK(a["fits"][0]["cluster"] == json::array({1, 1, 1}));
    CHECK(a["fits"][1]["cluster"] == json::array({2, 1, 1}));
    CHECK(a["fits"][2]["cluster"] == json::array({8, 1, 1}));
    CHECK(a["fits"][2]["clusters_low"] == 13);
    CHECK(a["fits"][2]["clusters_high"] == 16);
    CHECK(a["fits"][2]["ctas_resident"] == 128);
    CHECK(a["ranking"].size() == 5);
    // The CLI's --stages auto arrives as a list.
    r["stages"] = json::array({"auto"});
    CHECK(handle(r)["fits"] == a["fits"]);
    r["clusters"] = json::array({16});
    CHECK(error_field(handle(r)) == "non_portable_cluster");
    r["gpu"] = "A100";
    r["clusters"] = json::array({2});
    CHECK(error_field(handle(r)) == "cluster");
    r["clusters"] = json::array();
    CHECK(error_field(handle(r)) == "clusters");
}

TEST_CASE("api cluster: next_step lists cluster steps - compare adds a clusters row") {
    json n = {{"op", "next_step"}, {"gpu", "H100 SXM5"}, {"threads", 256}, {"regs", 255}, {"cluster", 6}};
    const json a = handle(n);
    REQUIRE(a.contains("cluster_next_steps"));
    const json& s = a["cluster_next_steps"];
    REQUIRE(s.size() == 2);
    CHECK(s[0]["key"] == "smaller_cluster");
    CHECK(s[0]["dims"] == json::array({3, 1, 1}));
    CHECK(s[0]["ctas"] == 126);
    CHECK(s[0]["ctas_now"] == 108);
    CHECK(s[1]["key"] == "gpc_limit");
    CHECK(a["cluster"]["cluster_size"] == 6);
    CHECK(a["cluster_input"]["cluster"] == json::array({6, 1, 1}));
    n["cluster"] = 2;  // 66 clusters, every slot used: nothing to say
    CHECK(handle(n)["cluster_next_steps"] == json::array());

    json c = {{"op", "compare"}, {"gpus", {"A100", "H100 SXM5"}}, {"threads", 256}, {"regs", 64}, {"cluster", "4x2x1"}};
    const json b = handle(c);
    REQUIRE_FALSE(b.contains("error"));
    const json& row = b["rows"].back();
    CHECK(row["key"] == "clusters");
    // Issue 28: each CTA of a cluster on its own SM, so an allowed H100 layout with a 6-SM GPC holds no cluster
    // of 8 at 4 CTAs/SM (was "66 (every layout)").
    CHECK(row["values"] == json::array({"no clusters (CC < 9.0)", "63..66 (typical 66)"}));
    CHECK(row["differs"] == true);
    // Every GPU refuses the cluster: that error is the answer.
    c["gpus"] = {"A100", "V100"};
    CHECK(error_id(handle(c)) == "invalid_input");
    CHECK(error_field(handle(c)) == "cluster");
    c["gpus"] = {"H100 SXM5", "B200"};
    c["kind"] = "tile";
    c.erase("threads");  // a tile compare reads no kernel fields (an error naming them otherwise)
    c.erase("regs");
    const json t = handle(c);
    REQUIRE_FALSE(t.contains("error"));
    CHECK(t["rows"].back()["key"] == "clusters");
}
