// unit-report.cpp - core/src/report.cpp: byte strings (parse_bytes), formatting, and the budget tables.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "smcalc/format.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/report.hpp"
#include "helpers.hpp"

using namespace smcalc;
using smcalc::test::check_contains_all;

TEST_CASE("report: parse_bytes accepts what people write (KB = KiB = 1024 B, as in CUDA's docs)") {
    struct Row {
        const char* text;
        int64_t bytes;
    };
    const Row rows[] = {
        {"0", 0},           {"24576", 24576},     {"24KiB", 24576},   {"24KB", 24576},
        {"24kb", 24576},    {"24 K", 24576},      {" 24k ", 24576},   {"24 KiB", 24576},
        {"1.5MiB", 1572864}, {"1.5K", 1536},      {"0.5k", 512},      {".5K", 512},
        {"2G", 2147483648}, {"1 GB", 1073741824}, {"100B", 100},      {"228KiB", 233472},
        {"9007199254740991", kMaxInput},          {"8388607G", int64_t{8388607} << 30},
        {"5.", 5},          {"0.25K", 256},
    };
    for (const auto& r : rows) {
        auto v = parse_bytes("smem_static", r.text);
        REQUIRE_MESSAGE(v.ok(), r.text, ": ", v.ok() ? "" : v.error().message);
        CHECK_MESSAGE(*v == r.bytes, r.text);
    }
}

TEST_CASE("report: parse_bytes rejects the rest, naming the field") {
    for (const char* text : {"", " ", "K", "-1", "+5", "24XB", "24 K B", "0.3K", "1.0000000001K", "1e3", "abc",
                             "9007199254740992", "8388608G", "99999999999999999999999", "0.000000001G", "1..5K",
                             "24KiBs", "0x10"}) {
        auto v = parse_bytes("smem_dynamic", text);
        CHECK_MESSAGE(!v.ok(), "accepted: \"", text, "\"");
        if (v.ok()) continue;
        CHECK(v.error().id == ErrorId::InvalidInput);
        CHECK(v.error().field == "smem_dynamic");
        CHECK(v.error().message.find("smem_dynamic") != std::string::npos);
        CHECK(v.error().message.find("a whole number of bytes, 0 or more (at most 2^53-1)") != std::string::npos);
    }
}

TEST_CASE("report: round_half_away is std::round (the page's libm round is not)") {
    // 0.49999999999999994 is the largest double below 0.5: floor(x + 0.5), the browser's round, gives 1.
    const double xs[] = {0.0, -0.0, 0.49999999999999994, -0.49999999999999994, 0.5, -0.5, 1.5, 2.5, -2.5,
                         4503599627370495.5, 4503599627370497.0, 1e300, -1e300, 62.5, 333.33333333333331,
                         std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::denorm_min()};
    for (double x : xs) {
        CAPTURE(x);
        CHECK(round_half_away(x) == std::round(x));
        CHECK(std::signbit(round_half_away(x)) == std::signbit(std::round(x)));
    }
    CHECK(std::isnan(round_half_away(std::nan(""))));
    CHECK(round_half_away(0.49999999999999994) == 0.0);
}

TEST_CASE("report: format_bytes and format_percent") {
    CHECK(format_bytes(0) == "0 B");
    CHECK(format_bytes(1000) == "1000 B");
    CHECK(format_bytes(25600) == "25 KiB");
    CHECK(format_bytes(167936) == "164 KiB");
    CHECK(format_bytes(1572864) == "1536 KiB");
    CHECK(format_bytes(int64_t{1} << 20) == "1 MiB");
    CHECK(format_bytes(int64_t{3} << 30) == "3 GiB");
    CHECK(format_percent(0.625) == "62.5 %");
    CHECK(format_percent(1.0) == "100 %");
    CHECK(format_percent(0.0) == "0 %");
    CHECK(format_percent(1.0 / 3.0) == "33.3 %");
}

TEST_CASE("report: budget table for seed 000's example (A100, 256 threads, 48 regs, 24 KB)") {
    const Device dev = reference_device(**find_arch({8, 0}));
    KernelInput in;
    in.threads = 256;
    in.regs = 48;
    in.smem_static = 24 * 1024;
    auto r = occupancy(dev, in);
    REQUIRE(r.ok());
    const std::string text = budget_table_text(*r, dev, in, "A100");
    INFO(text);
    check_contains_all(text, {
        "A100: CC 8.0",
        "min(5, 6, 8, 32) = 5 blocks/SM",
        "40 / 64 warps = 62.5 %",
        "4 x floor(16384 / 1536) = 40 warps",
        "164 KiB/SM / (24 KiB static + 1 KiB reserved = 25 KiB/block)",
        "limited by     registers",
        "<- limiting",
    });

    const std::string md = budget_table_markdown(*r, dev, in, "A100");
    INFO(md);
    check_contains_all(md, {
        "| Resource | Calculation | Blocks/SM |",
        "| **registers** |",
        "| **Result** | min(5, 6, 8, 32) = 5 blocks/SM | **5** |",
        "62.5 %",
    });
}

TEST_CASE("report: tables with 0 blocks and no limits") {
    const Device dev = reference_device(**find_arch({9, 0}));
    KernelInput in;
    in.threads = 2048;  // above 1024: 0 blocks
    in.regs = 0;        // no register limit
    in.barriers = 0;    // no barrier limit
    auto r = occupancy(dev, in);
    REQUIRE(r.ok());
    const std::string text = budget_table_text(*r, dev, in);
    INFO(text);
    check_contains_all(text, {
        "no limit",
        "2048 threads/block is above the device's 1024",
        "= 0 blocks/SM",
        "note: 0 blocks",
    });
}

TEST_CASE("report: GPU and arch tables list every row") {
    const std::string g = gpu_table_text(all_gpus());
    for (const auto& spec : all_gpus()) CHECK(g.find(std::string(spec.name)) != std::string::npos);
    const std::string a = arch_table_text(all_arch_rules());
    CHECK(a.find("12.1") != std::string::npos);
}
