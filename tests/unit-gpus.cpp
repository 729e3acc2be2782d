// unit-gpus.cpp - the GPU product database (core/src/gpus.cpp): invariants over every row, name lookup,
// and known values, each naming its source key (docs/sources.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"

using namespace smcalc;

namespace {

// Same normalisation find_gpu documents: case-insensitive, spaces / '-' / '_' ignored.
std::string norm(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::vector<std::string_view> split_aliases(std::string_view a) {
    std::vector<std::string_view> out;
    while (!a.empty()) {
        const auto bar = a.find('|');
        out.push_back(a.substr(0, bar));
        if (bar == std::string_view::npos) break;
        a.remove_prefix(bar + 1);
    }
    return out;
}

}  // namespace

TEST_CASE("gpus: every row agrees with its CC's rules") {
    REQUIRE(!all_gpus().empty());
    for (const GpuSpec& g : all_gpus()) {
        CAPTURE(g.name);
        const Device& d = g.device;
        auto arch = find_arch(d.cc);
        REQUIRE(arch.ok());
        const ArchRules& a = **arch;
        CHECK(d.max_threads_per_sm == int64_t{a.max_warps_per_sm} * 32);
        CHECK(d.max_threads_per_sm == a.max_threads_per_sm);
        CHECK(d.max_threads_per_block == a.max_threads_per_block);
        CHECK(d.max_threads_per_block == 1024);
        CHECK(d.warp_size == a.warp_size);
        CHECK(d.warp_size == 32);
        CHECK(d.regs_per_sm == a.regs_per_sm);
        CHECK(d.regs_per_block == a.regs_per_block);
        CHECK(d.smem_per_sm == a.smem_per_sm);
        CHECK(d.smem_per_block == a.smem_per_block);
        CHECK(d.smem_per_block == 49152);
        CHECK(d.smem_per_block_optin == a.smem_per_block_optin);
        CHECK(d.reserved_smem_per_block == a.reserved_smem_per_block);
        CHECK(d.sm_count >= 0);

        // The row is the CC's reference device plus an SM count.
        Device ref = reference_device(a);
        ref.sm_count = d.sm_count;
        CHECK(ref.max_threads_per_sm == d.max_threads_per_sm);
        CHECK(ref.smem_per_block_optin == d.smem_per_block_optin);

        auto v = validate_device(d);
        CHECK_MESSAGE(v.ok(), (v.ok() ? std::string() : v.error().message));
        if (v.ok()) CHECK(*v == &a);
    }
}

TEST_CASE("gpus: every row has a source; optional figures are positive when present") {
    for (const GpuSpec& g : all_gpus()) {
        CAPTURE(g.name);
        CHECK(!g.name.empty());
        CHECK(!g.source.empty());
        for (auto f : {g.boost_clock_mhz, g.l2_bytes, g.mem_bw_gbs, g.bf16_dense_tflops, g.fp32_tflops})
            if (f) CHECK(*f > 0.0);
        // An unknown SM count must be explained.
        if (g.device.sm_count == 0) CHECK(g.note.find("unknown") != std::string_view::npos);
    }
}

TEST_CASE("gpus: names and aliases are unique and resolve to their own row") {
    std::set<std::string> seen;
    for (const GpuSpec& g : all_gpus()) {
        CAPTURE(g.name);
        const std::string n = norm(g.name);
        CHECK_MESSAGE(seen.insert(n).second, "duplicate name or alias: ", n);
        auto r = find_gpu(g.name);
        REQUIRE(r.ok());
        CHECK(*r == &g);
        for (std::string_view alias : split_aliases(g.aliases)) {
            CAPTURE(alias);
            CHECK(!alias.empty());
            const std::string na = norm(alias);
            CHECK_MESSAGE(seen.insert(na).second, "alias names two rows: ", na);
            auto ra = find_gpu(alias);
            REQUIRE(ra.ok());
            CHECK(*ra == &g);
        }
    }
}

TEST_CASE("gpus: lookup ignores case, spaces, '-' and '_'") {
    for (std::string_view typed : {"H100 SXM5", "h100-sxm5", "h100sxm5", "H100_SXM5", " h100 - sxm5 ", "H100",
                                   "h100 sxm"}) {
        CAPTURE(typed);
        auto r = find_gpu(typed);
        REQUIRE(r.ok());
        CHECK((*r)->name == "H100 SXM5");
    }
    struct Case {
        std::string_view typed, name;
    };
    const Case cases[] = {
        {"A100", "A100 40GB SXM4"},         {"a100-80gb", "A100 80GB SXM4"},  {"A100 80GB SXM4", "A100 80GB SXM4"},
        {"h100 pcie", "H100 PCIe"},         {"H200", "H200 SXM"},             {"b200", "B200"},
        {"GB10", "DGX Spark GB10"},         {"spark", "DGX Spark GB10"},      {"dgx-spark", "DGX Spark GB10"},
        {"5090", "RTX 5090"},               {"geforce rtx 5090", "RTX 5090"}, {"rtx_4090", "RTX 4090"},
        {"Orin", "Jetson AGX Orin 64GB"},   {"jetson agx orin 64 gb", "Jetson AGX Orin 64GB"},
        {"rtx pro 6000", "RTX PRO 6000 Blackwell"}, {"v100", "V100 SXM2"}, {"tesla t4", "T4"},
        {"l40s", "L40S"},                   {"B300", "B300"},                 {"5080", "RTX 5080"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.typed);
        auto r = find_gpu(c.typed);
        REQUIRE(r.ok());
        CHECK((*r)->name == c.name);
    }
}

TEST_CASE("gpus: unknown names are an error, never another GPU") {
    for (std::string_view typed : {"H300", "RTX 9090", "", "   ", "A1000", "H100 SXM6", "rtx 6000"}) {
        CAPTURE(typed);
        auto r = find_gpu(typed);
        REQUIRE(!r.ok());
        CHECK(r.error().id == ErrorId::UnknownGpu);
        CHECK(r.error().field == "gpu");
        CHECK(r.error().message.find("\"" + std::string(typed) + "\"") != std::string::npos);
        CHECK(r.error().message.find("H100 SXM5") != std::string::npos);  // lists known names
        CHECK(r.error().message.find("device or cc") != std::string::npos);
    }
}

TEST_CASE("gpus: known values, each with its source") {
    struct Known {
        std::string_view name;
        int major, minor;
        int64_t sms;
        const char* source;  // where the expected value comes from (docs/sources.md)
    };
    const Known known[] = {
        {"V100 SXM2", 7, 0, 80, "A100WP T4; LMCACHE (cc)"},
        {"T4", 7, 5, 40, "DQ-T4"},
        {"A100 40GB SXM4", 8, 0, 108, "A100WP"},
        {"A100 80GB SXM4", 8, 0, 108, "A100WP"},
        {"A10", 8, 6, 0, "LMCACHE (cc); no SM count published"},
        {"RTX 3090", 8, 6, 82, "DQ-3090"},
        {"RTX 4090", 8, 9, 128, "DQ-4090; ADAWP"},
        {"L4", 8, 9, 58, "VGPU-LAYOUT (3rd-party)"},
        {"L40S", 8, 9, 142, "L40S-DS: 18176 cores / 128 (derived)"},
        {"H100 SXM5", 9, 0, 132, "H100WP"},
        {"H100 PCIe", 9, 0, 114, "H100WP"},
        {"H200 SXM", 9, 0, 0, "SGL-TEST (cc); no SM count published"},
        {"B200", 10, 0, 148, "AO4002"},
        {"B300", 10, 3, 0, "SAGE358 (sm_103); 160 SMs only for the full chip (BU-BLOG)"},
        {"RTX 5090", 12, 0, 170, "DQ-5090"},
        {"RTX 5080", 12, 0, 84, "DQ-5080"},
        {"RTX PRO 6000 Blackwell", 12, 0, 188, "RTXPRO6000-DS: 24064 cores / 128 (derived)"},
        {"Jetson AGX Orin 64GB", 8, 7, 16, "DQ-ORIN"},
        {"DGX Spark GB10", 12, 1, 48, "DQ-GB10"},
    };
    for (const Known& k : known) {
        CAPTURE(k.name);
        CAPTURE(k.source);
        auto r = find_gpu(k.name);
        REQUIRE(r.ok());
        CHECK((*r)->device.cc == ComputeCapability{k.major, k.minor});
        CHECK((*r)->device.sm_count == k.sms);
    }

    SUBCASE("shared memory as devices report it") {
        // DQ-5090 and DQ-GB10: 102400 B per SM, 101376 B opt-in, 1024 B reserved (CC 12.x).
        for (std::string_view n : {"RTX 5090", "DGX Spark GB10"}) {
            const Device& d = (*find_gpu(n))->device;
            CHECK(d.smem_per_sm == 102400);
            CHECK(d.smem_per_block_optin == 101376);
            CHECK(d.reserved_smem_per_block == 1024);
        }
        // AO4002: B200 228 KB per SM; PG13: 227 KB opt-in.
        CHECK((*find_gpu("B200"))->device.smem_per_sm == 233472);
        CHECK((*find_gpu("B200"))->device.smem_per_block_optin == 232448);
        // PG13 / ATG: CC 8.0 164 KB per SM, 163 KB opt-in.
        CHECK((*find_gpu("A100"))->device.smem_per_sm == 167936);
        // PG11 / OCC: CC 7.0 96 KB, no reserved memory before 8.0.
        CHECK((*find_gpu("V100"))->device.smem_per_block_optin == 98304);
        CHECK((*find_gpu("V100"))->device.reserved_smem_per_block == 0);
        // DQ-GB10 / DQ-5090 / DQ-5080: 1536 threads per SM on CC 12.x.
        CHECK((*find_gpu("RTX 5080"))->device.max_threads_per_sm == 1536);
    }

    SUBCASE("whole-chip figures") {
        const GpuSpec& h100 = **find_gpu("H100 SXM5");
        CHECK(h100.bf16_dense_tflops.value_or(-1.0) == doctest::Approx(989.4));  // H100WP v1.04 T3
        CHECK(h100.mem_bw_gbs.value_or(-1.0) == doctest::Approx(3350.0));        // H100-DS-COPY
        CHECK(h100.l2_bytes.value_or(-1.0) == doctest::Approx(50.0 * 1024 * 1024));
        const GpuSpec& b200 = **find_gpu("B200");
        CHECK(b200.mem_bw_gbs.value_or(-1.0) == doctest::Approx(7700.0));  // BWDS (disagreement: 8 TB/s elsewhere)
        CHECK(b200.fp32_tflops.value_or(-1.0) == doctest::Approx(75.0));   // BWDS
        CHECK(!b200.boost_clock_mhz.has_value());           // no source
        const GpuSpec& gb10 = **find_gpu("GB10");
        CHECK(gb10.l2_bytes.value_or(-1.0) == doctest::Approx(25165824.0));  // DQ-GB10
        CHECK(gb10.mem_bw_gbs.value_or(-1.0) == doctest::Approx(273.0));     // GB10-THESIS
        CHECK(!gb10.bf16_dense_tflops.has_value());           // not published
        const GpuSpec& r5090 = **find_gpu("RTX 5090");
        CHECK(r5090.l2_bytes.value_or(-1.0) == doctest::Approx(100663296.0));  // DQ-5090
        CHECK(r5090.bf16_dense_tflops.value_or(-1.0) == doctest::Approx(209.5));  // RTXBW-WP
        const GpuSpec& h200 = **find_gpu("H200");
        CHECK(h200.mem_bw_gbs.value_or(-1.0) == doctest::Approx(4800.0));  // ASTRO
        CHECK(!h200.fp32_tflops.has_value());
    }
}

// CheckedDevice finds cudaOccSMemPerMultiprocessor's carveout by counting the sizes below the wanted one: it
// must equal the search the header does (smallest carveout >= percent x smem_per_sm / 100), for every CC's
// reference device and for smaller shared memory per SM (devices may report less than the largest).
TEST_CASE("gpus: CheckedDevice's carveout for each percent equals a search") {
    int compared = 0;
    for (const ArchRules& a : all_arch_rules()) {
        Device d = reference_device(a);
        for (const int64_t smem : {d.smem_per_sm, d.smem_per_sm / 2 / a.smem_alloc_granularity * a.smem_alloc_granularity}) {
            d.smem_per_sm = smem;
            d.smem_per_block = std::min(d.smem_per_block, smem);
            d.smem_per_block_optin = std::min(d.smem_per_block_optin, smem - d.reserved_smem_per_block);
            auto cd = CheckedDevice::check(d);
            if (!cd) continue;
            for (int pct = -1; pct <= 100; ++pct) {
                CAPTURE(pct);
                const int64_t want = pct < 0 ? smem : int64_t{pct} * smem / 100;
                const int64_t expected = a.cc.major < 7 ? smem : a.carveout_at_least(want);
                CHECK(cd->smem_preference(pct) == expected);
                ++compared;
            }
        }
    }
    CHECK(compared > 2000);
}
