// api-device-report.cpp - "device_report" in a request (issue 33): a pasted deviceQuery / nvidia-smi -q / rocminfo
// report stands for the device. Known answers: the public reports of tests/data/device-reports (manifest.tsv) must
// answer exactly as their product row named by "gpu" does, with the reading in the warnings.
#include <doctest/doctest.h>

#include "api_answers.hpp"

#include <fstream>
#include <sstream>
#include <string>

namespace {

using namespace smcalc::test;

std::string report(const char* file) {
    std::ifstream f(std::string(SMCALC_SOURCE_DIR) + "/tests/data/device-reports/" + file, std::ios::binary);
    std::ostringstream o;
    o << f.rdbuf();
    return o.str();
}

// The answer without its warnings (a report adds its reading there).
json without_warnings(json a) {
    a.erase("warnings");
    return a;
}

}  // namespace

TEST_CASE("api: a device report answers as its product row does") {
    struct Case {
        const char* file;
        const char* gpu;
        json fields;
    };
    const Case cases[] = {
        {"deviceQuery-rtx5090.txt", "RTX 5090", {{"threads", 256}, {"regs", 64}, {"smem_static", "16KiB"}}},
        {"deviceQuery-gtx1080ti.txt", "GTX 1080 Ti", {{"threads", 128}, {"regs", 40}}},
        {"nvidia-smi-q-t4.txt", "T4", {{"threads", 256}, {"regs", 32}}},
        {"nvidia-smi-a-a100-sxm4-80gb.txt", "A100 80GB SXM4", {{"threads", 256}, {"regs", 48}, {"smem_static", "24KB"}}},
        {"rocminfo-mi300x.txt", "MI300X", {{"threads", 256}, {"vgprs", 128}}},
        {"deviceQuery-rtx5060.txt", "RTX 5060", {{"threads", 256}, {"regs", 64}}},
    };
    for (const Case& c : cases) {
        CAPTURE(c.file);
        for (const char* op : {"occupancy", "next_step"}) {
            CAPTURE(op);
            json by_report = c.fields, by_name = c.fields;
            by_report["op"] = by_name["op"] = op;
            by_report["device_report"] = report(c.file);
            by_name["gpu"] = c.gpu;
            const json a = handle(by_report), b = handle(by_name);
            REQUIRE_MESSAGE(!a.contains("error"), a.dump().substr(0, 400));
            CHECK(a["gpu"] == c.gpu);
            CHECK(has_warning(a, "device_report: "));
            CHECK(has_warning(a, std::string("matches ") + c.gpu));
            CHECK(without_warnings(a) == without_warnings(b));
        }
    }
}

TEST_CASE("api: a device report that differs from its row is a custom device, and says where") {
    std::string text = report("deviceQuery-rtx5090.txt");
    const std::string from = "(170) Multiprocessors";
    text.replace(text.find(from), from.size(), "(160) Multiprocessors");
    const json a = handle({{"op", "occupancy"}, {"device_report", text}, {"threads", 256}});
    REQUIRE_MESSAGE(!a.contains("error"), a.dump());
    CHECK(a["gpu"].is_null());
    CHECK(a["device"]["sm_count"] == 160);
    CHECK(has_warning(a, "differs from RTX 5090: sm_count: the report says 160, the database (RTX 5090) 170"));
}

TEST_CASE("api: an AMD report whose CUs differ from its row is a custom device (MI300X in CPX mode, 38 CUs)") {
    // ROCm/ROCm#4750: rocminfo of an MI300X partitioned CPX (each XCD its own device) prints "AMD Instinct MI300X"
    // with 38 CUs; the MI300X row has 304 (8 XCDs x 38). Per-CU answers are the row's (same gfx942 rules); the
    // GPU-wide count is the partition's 38 CUs, not the product's 304.
    const json fields = {{"op", "occupancy"}, {"threads", 256}, {"vgprs", 128}};
    json by_report = fields, by_name = fields;
    by_report["device_report"] = report("rocminfo-mi300x-cpx.txt");
    by_name["gpu"] = "MI300X";
    const json a = handle(by_report), b = handle(by_name);
    REQUIRE_MESSAGE(!a.contains("error"), a.dump().substr(0, 400));
    REQUIRE(!b.contains("error"));
    CHECK(a["gpu"].is_null());
    CHECK(a["cu_count"] == 38);
    CHECK(b["cu_count"] == 304);
    CHECK(a["workgroups_per_cu"] == b["workgroups_per_cu"]);
    CHECK(a["gpu_resident_workgroups"] == a["workgroups_per_cu"].get<int64_t>() * 38);
    CHECK(has_warning(a, "differs from MI300X"));
    CHECK(has_warning(a, "compute units: the report says 38, the database (MI300X) 304"));
    CHECK(has_warning(a, "a custom device: gfx942's per-CU rules with the report's 38 CUs (1 XCD x 38)"));
}

TEST_CASE("api: bad device_report fields") {
    const std::string rtx = report("deviceQuery-rtx5090.txt");
    check_error_cases({
        {{{"op", "occupancy"}, {"device_report", 5}, {"threads", 256}}, "invalid_input", "device_report"},
        {{{"op", "occupancy"}, {"device_report", "hello"}, {"threads", 256}}, "bad_request", "device_report"},
        {{{"op", "occupancy"}, {"device_report", rtx}, {"gpu", "A100"}, {"threads", 256}}, "bad_request", "device_report"},
        {{{"op", "occupancy"}, {"device_report", rtx}, {"cc", "8.0"}, {"threads", 256}}, "bad_request", "device_report"},
        {{{"op", "occupancy"}, {"device_report", report("rocminfo-mi250x-mi250-no-cus.txt")}, {"threads", 256}},
         "bad_request", "device_report"},
        {{{"op", "occupancy"}, {"device_report", "    Product Name : NVIDIA Mystery\n"}, {"threads", 256}},
         "unknown_gpu", "device_report"},
    });
    // An op without a device refuses it, naming it (issue 26: a misplaced field is never ignored).
    const json g = handle({{"op", "archs"}, {"device_report", rtx}});
    CHECK(error_id(g) == "bad_request");
    CHECK(error_field(g) == "device_report");
}
