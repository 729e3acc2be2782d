// unit-gpus.cpp - the GPU product database (core/src/gpus.cpp): invariants over every row, name lookup,
// and known values, each naming its source key (docs/sources.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iomanip>
#include <optional>
#include <sstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
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

// Each typed name is refused by find_gpu with a message that contains its text (the nearest names, the AMD
// target's GPUs, ...).
struct Refusal {
    std::string_view typed, says;
};
void check_refusals(std::initializer_list<Refusal> refusals) {
    for (const Refusal& t : refusals) {
        CAPTURE(t.typed);
        auto r = find_gpu(t.typed);
        REQUIRE(!r.ok());
        CHECK_MESSAGE(r.error().message.find(t.says) != std::string::npos, r.error().message);
    }
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

TEST_CASE("gpus: every row has a source - optional figures are positive when present") {
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
    for (std::string_view typed : {"H300", "RTX 9090", "", "   ", "A1000", "H100 SXM6", "rtx 6000", "Z100"}) {
        CAPTURE(typed);
        auto r = find_gpu(typed);
        REQUIRE(!r.ok());
        CHECK(r.error().id == ErrorId::UnknownGpu);
        CHECK(r.error().field == "gpu");
        CHECK(r.error().message.find("\"" + std::string(typed) + "\"") != std::string::npos);
        CHECK(r.error().message.find("did you mean ") != std::string::npos);  // three nearest names
        CHECK(r.error().message.find("device or cc") != std::string::npos);
    }
    // The three nearest names: same family first (issue 33), then edit distance, ties in table order.
    check_refusals({
        {"H300", "did you mean H100 SXM5, H200 SXM or H800?"},
        {"Z100", "did you mean Tesla P100 SXM2, V100 SXM2 or A100 40GB SXM4?"},
        {"rtx 6000", "did you mean RTX 6000 Ada, RTX A6000 or RTX 3090?"},
        {"H100 SXM6", "did you mean H100 SXM5, H100 PCIe or H100 NVL?"},
        {"gtx 1070", "did you mean GTX 1080, GTX 1080 Ti or GTX 970?"},
    });
    // A compilation target names a CC, which several products share: the answer lists them, never picks one.
    for (std::string_view typed : {"sm_90", "SM90", "sm_90a", "compute_90", "cc 9.0"}) {
        CAPTURE(typed);
        auto r = find_gpu(typed);
        REQUIRE(!r.ok());
        CHECK(r.error().id == ErrorId::UnknownGpu);
        CHECK_MESSAGE(r.error().message.find("names compute capability 9.0, not a GPU; give cc 9.0 or one of the CC 9.0 "
                                             "GPUs: H100 SXM5, H100 PCIe, H100 NVL, H200 SXM, GH200") != std::string::npos,
                      r.error().message);
    }
    // Bounded work on huge names (URL hashes and API requests may carry megabytes).
    const std::string huge(1 << 20, 'h');
    auto r = find_gpu(huge);
    REQUIRE(!r.ok());
    CHECK(r.error().message.size() < 1000);
}

TEST_CASE("gpus: names people type resolve (issue 21)") {
    struct Case {
        std::string_view typed, name;
    };
    const Case cases[] = {
        {"h100", "H100 SXM5"},          {"H100-SXM", "H100 SXM5"},         {"gb200", "GB200"},
        {"gtx 1080", "GTX 1080"},       {"h200", "H200 SXM"},              {"jetson orin", "Jetson AGX Orin 64GB"},
        {"Jetson AGX Orin", "Jetson AGX Orin 64GB"},                       {"b300", "B300"},
        {"a10", "A10"},                 {"A40", "A40"},                    {"a100 pcie", "A100 80GB PCIe"},
        {"H100 NVL", "H100 NVL"},       {"H100 PCIe", "H100 PCIe"},        {"gh200", "GH200"},
        {"GB300", "GB300"},             {"jetson thor", "Jetson AGX Thor"}, {"thor", "Jetson AGX Thor"},
        {"l40", "L40"},                 {"L40S", "L40S"},                  {"rtx 6000 ada", "RTX 6000 Ada"},
        {"RTX PRO 6000 Blackwell Server Edition", "RTX PRO 6000 Blackwell Server Edition"},
        {"titan v", "Titan V"},         {"p100", "Tesla P100 SXM2"},       {"GTX 980", "GTX 980"},
        {"tesla m40", "Tesla M40"},     {"M40", "Tesla M40"},              {"B300 SXM6 AC", "B300"},
        // Issue 33: the names machines print (deviceQuery, nvidia-smi, CUDA's device name) and course names.
        {"NVIDIA GeForce RTX 4060 Laptop GPU", "RTX 4060 Laptop"},         {"Tesla T4", "T4"},
        {"NVIDIA A100-SXM4-40GB", "A100 40GB SXM4"},                       {"NVIDIA A100-SXM4-80GB", "A100 80GB SXM4"},
        {"NVIDIA H100 80GB HBM3", "H100 SXM5"},                            {"NVIDIA H100 PCIe", "H100 PCIe"},
        {"Tesla V100-SXM2-16GB", "V100 SXM2"},                             {"Tesla V100-PCIE-32GB", "V100 PCIe"},
        {"NVIDIA GeForce RTX 4090", "RTX 4090"},                           {"GeForce GTX 1080 Ti", "GTX 1080 Ti"},
        {"NVIDIA Tegra X1", "Jetson Nano"},                                {"NVIDIA GeForce RTX 3060", "RTX 3060"},
        {"RTX 3060 laptop", "RTX 3060 Laptop"},                            {"NVIDIA RTX A6000", "RTX A6000"},
        {"NVIDIA TITAN RTX", "TITAN RTX"},                                 {"rtx 2080 ti", "RTX 2080 Ti"},
        {"NVIDIA GeForce RTX 5060 Ti", "RTX 5060 Ti"},                     {"Tesla P40", "Tesla P40"},
        // Issue 33, round 3: names as the device reports print them (docs/sources.md keys in the comments).
        {"Tesla V100S-PCIE-32GB", "V100S PCIe"},    // DQ-V100S
        {"NVIDIA H20", "H20"},                       // AMK3
        {"NVIDIA GeForce RTX 5060", "RTX 5060"},    // DQ-5060 (not the 5060 Ti)
        {"Jetson Orin Nano 4GB", "Jetson Orin Nano 4GB"},  // not the 8 GB row that "Orin Nano" names
        {"Jetson Orin NX 16GB", "Jetson Orin NX 16GB"},
        // Issue 33, round 4: the names the device reports and tools print (docs/sources.md keys in the comments).
        {"NVIDIA H800", "H800"},                     // KINETO-H800 (the trace's device name)
        {"NVIDIA H800 80GB HBM3", "H800"},           // a size and memory type the H800 row does not spell
        {"NVIDIA H800 PCIe", "H800 PCIe"},           // DQ-H800PCIE (not the SXM row)
        {"NVIDIA L20", "L20"},                       // KINETO-L20
        {"NVIDIA A800-SXM4-80GB", "A800"},           {"NVIDIA A800 80GB PCIe", "A800"},
        {"NVIDIA A800-SXM4-40GB", "A800"},           {"L20 48GB", "L20"},
        {"NVIDIA GeForce RTX 4060", "RTX 4060"},     // KINETO-4060 (not the Laptop GPU row)
        {"NVIDIA GeForce RTX 4060 Laptop GPU", "RTX 4060 Laptop"},
        {"NVIDIA GeForce RTX 5070", "RTX 5070"},     // DQ-5070
        {"NVIDIA RTX A2000 12GB", "RTX A2000"},      {"NVIDIA RTX A2000", "RTX A2000"},
        {"NVIDIA A16", "A16"},
        // Issue 33, round 4: more names machines print (nvidia-smi, CUDA's device name; DQ-GH200 for the GH200s).
        {"Tesla V100-SXM2-16GB", "V100 SXM2"},      {"NVIDIA A100 80GB PCIe", "A100 80GB PCIe"},
        {"NVIDIA H100 NVL", "H100 NVL"},            {"NVIDIA L40S", "L40S"},
        {"NVIDIA RTX 6000 Ada Generation", "RTX 6000 Ada"},                {"NVIDIA B200", "B200"},
        {"NVIDIA GH200 480GB", "GH200"},            {"NVIDIA GH200 120GB", "GH200"},
        {"H800 80GB", "H800"},                      {"NVIDIA H200", "H200 SXM"},
        {"NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "RTX PRO 6000 Blackwell"},
        {"NVIDIA B300 SXM6 AC", "B300"},            {"NVIDIA Thor", "Jetson AGX Thor"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.typed);
        auto r = find_gpu(c.typed);
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().message));
        CHECK((*r)->name == c.name);
    }
}

// Names machines print whose product has no row (or a row of another product with other figures): refused with the
// nearest names, never taken as another GPU. A memory size, "Laptop GPU", a form factor or a suffix ("D", "Ti",
// "SUPER") that is part of the product stays part of it.
TEST_CASE("gpus: names machines print that have no row are refused, never another GPU (issue 33)") {
    struct Refused {
        std::string_view typed, not_this;
    };
    const Refused refused[] = {
        {"NVIDIA GeForce RTX 3080 Ti Laptop GPU", "RTX 3080"},
        {"Quadro RTX 6000", "RTX 6000 Ada"},              // Turing, not Ada
        {"NVIDIA GeForce RTX 4090 D", "RTX 4090"},        // the China part, another SM count
        {"Tesla P100-PCIE-16GB", "Tesla P100 SXM2"},      // the row's clock and TFLOPS are the SXM2 card's
        {"NVIDIA RTX A2000 8GB Laptop GPU", "RTX A2000"}, // GA107, not the desktop card's GA106
        {"NVIDIA GeForce RTX 5070 Laptop GPU", "RTX 5070"},
        {"NVIDIA H200 NVL", "H200 SXM"},
        {"NVIDIA H800 NVL", "H800"},
        {"NVIDIA A10G", "A10"},
        {"NVIDIA A100-PCIE-40GB", "A100 80GB PCIe"},       // a size the row contradicts
        {"Tesla K80", "Tesla M40"},                       // Kepler: not modelled
    };
    for (const Refused& r : refused) {
        CAPTURE(r.typed);
        auto g = find_gpu(r.typed);
        REQUIRE_MESSAGE(!g.ok(), (g.ok() ? std::string((*g)->name) : std::string()));
        CHECK(g.error().id == ErrorId::UnknownGpu);
        CHECK(g.error().field == "gpu");
        CHECK(g.error().message.find("did you mean") != std::string::npos);
        CHECK(!amd::find_gpu(r.typed).ok());
    }
    // An AMD target names an architecture several products share: listed, never one picked.
    const std::initializer_list<Refusal> targets = {
        {"gfx942", "it names the AMD target gfx942, not a GPU; give one of the gfx942 GPUs: MI300X, MI325X, MI300A"},
        {"gfx90a", "give one of the gfx90a GPUs: MI250X, MI250, MI210"},
        {"amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-", "give one of the gfx950 GPUs: MI350X, MI355X"},
        {"gfx1100", "it names the AMD target gfx1100, which none of the AMD GPUs smcalc models has; they are MI300X (gfx942)"},
    };
    check_refusals(targets);
    for (const Refusal& t : targets) CHECK(!amd::find_gpu(t.typed).ok());
    // rocm-smi's "Card series: AMD Instinct MI300X OAM" is the MI300X (every MI300X is an OAM module).
    auto oam = amd::find_gpu("AMD Instinct MI300X OAM");
    REQUIRE(oam.ok());
    CHECK((*oam)->name == "MI300X");
    CHECK(!find_gpu("AMD Instinct MI300X OAM").ok());  // not an NVIDIA row
}

TEST_CASE("gpus: known values, each with its source") {
    struct Known {
        std::string_view name;
        int major, minor;
        int64_t sms;
        const char* source;  // where the expected value comes from (docs/sources.md)
    };
    const Known known[] = {
        {"GTX 980", 5, 2, 16, "GTX980-SPEC: 2048 cores / 128 (derived); PCL880 (cc)"},
        {"Tesla M40", 5, 2, 24, "V100-TABLE; DQ-TITANX (GM200 cc 5.2)"},
        {"Tesla P100 SXM2", 6, 0, 56, "PASCAL-WP"},
        {"GTX 1080", 6, 1, 20, "DQ-1080; BOINC2706 (cc)"},
        {"V100 SXM2", 7, 0, 80, "A100WP T4; LMCACHE (cc)"},
        {"Titan V", 7, 0, 80, "GEEKTOPIA; BOINC2706 (cc)"},
        {"T4", 7, 5, 40, "DQ-T4"},
        {"A100 40GB SXM4", 8, 0, 108, "A100WP"},
        {"A100 80GB SXM4", 8, 0, 108, "A100WP"},
        {"A100 80GB PCIe", 8, 0, 108, "DQ-A100PCIE"},
        {"A30", 8, 0, 0, "LMCACHE (cc); no SM count published"},
        {"A10", 8, 6, 72, "SYSRQ-A10 (3rd-party); LMCACHE (cc)"},
        {"A40", 8, 6, 84, "A40-DS: 10752 cores / 128 (derived)"},
        {"RTX 3090", 8, 6, 82, "DQ-3090"},
        {"RTX 4090", 8, 9, 128, "DQ-4090; ADAWP"},
        {"L4", 8, 9, 58, "VGPU-LAYOUT (3rd-party)"},
        {"L40S", 8, 9, 142, "L40S-DS: 18176 cores / 128 (derived)"},
        {"L40", 8, 9, 142, "L40S-DS: 18176 cores / 128 (derived)"},
        {"RTX 6000 Ada", 8, 9, 142, "RTX6000ADA-RS: 18176 cores / 128 (derived)"},
        {"H100 SXM5", 9, 0, 132, "H100WP"},
        {"H100 PCIe", 9, 0, 114, "H100WP"},
        {"H100 NVL", 9, 0, 132, "GPUBLOG-NVL (3rd-party)"},
        {"H200 SXM", 9, 0, 132, "SAUL-H200 (3rd-party); SGL-TEST (cc)"},
        {"GH200", 9, 0, 132, "EMERGENT-GH200: 16896 cores / 128 (derived)"},
        {"B200", 10, 0, 148, "AO4002"},
        {"GB200", 10, 0, 152, "DQ-GB200 (cc); SM-GB200 (152 SMs, two 3rd-party device reports)"},
        {"B300", 10, 3, 148, "KOKKOS8791 (cc); SM-B300 (\"NVIDIA B300 SXM6 AC (148 SMs)\", 3rd-party device reports)"},
        {"GB300", 10, 3, 152, "KOKKOS8791 / BU-BLOG (cc, derived); SM-GB300 (152 SMs, 3rd-party)"},
        {"Jetson AGX Thor", 11, 0, 20, "DQ-THOR"},
        {"RTX 5090", 12, 0, 170, "DQ-5090"},
        {"RTX 5080", 12, 0, 84, "DQ-5080"},
        {"RTX PRO 6000 Blackwell", 12, 0, 188, "RTXPRO6000-DS: 24064 cores / 128 (derived)"},
        {"RTX PRO 6000 Blackwell Server Edition", 12, 0, 188, "PRO6000-VARIANTS (3rd-party)"},
        {"Jetson AGX Orin 64GB", 8, 7, 16, "DQ-ORIN"},
        {"DGX Spark GB10", 12, 1, 48, "DQ-GB10"},
        // Issue 33 (docs/sources.md, "Device reports and tables for the students' GPUs")
        {"GTX 970", 5, 2, 13, "DARKNET3334"},
        {"Jetson Nano", 5, 3, 1, "DQ-NANO"},
        {"GTX 1080 Ti", 6, 1, 28, "ETHMINER536"},
        {"Tesla P40", 6, 1, 30, "DQ-P40"},
        {"Tesla P4", 6, 1, 20, "DQ-P4"},
        {"V100 PCIe", 7, 0, 80, "DQ-V100PCIE"},
        {"Jetson AGX Xavier", 7, 2, 8, "DQ-XAVIER"},
        {"Jetson Xavier NX", 7, 2, 6, "DQ-XAVIER"},
        {"RTX 2080 Ti", 7, 5, 68, "DQ-2080TI; VANITY15"},
        {"TITAN RTX", 7, 5, 72, "TITANRTX-CORES: 4608 cores / 64 (derived, 3rd-party)"},
        {"RTX 3050", 8, 6, 18, "DQ-3050"},
        {"RTX 3050 Laptop", 8, 6, 16, "XTRUPAL"},
        {"RTX 3060", 8, 6, 28, "DQ-3060"},
        {"RTX 3060 Laptop", 8, 6, 30, "DQ-3060L"},
        {"RTX 3060 Ti", 8, 6, 38, "DQ-3060TI"},
        {"RTX 3070 Laptop", 8, 6, 40, "DQ-3070L"},
        {"RTX 3080", 8, 6, 68, "DQ-3080"},
        {"RTX A4000", 8, 6, 48, "DQ-A4000"},
        {"RTX A5000", 8, 6, 64, "DQ-A5000"},
        {"RTX A6000", 8, 6, 84, "DQ-A6000"},
        {"Jetson Orin Nano 8GB", 8, 7, 8, "ORIN-NANO: 1024 cores / 128 (derived)"},
        {"RTX 4060 Laptop", 8, 9, 24, "DQ-4060L; GPUFETCH41"},
        {"RTX 4060 Ti", 8, 9, 34, "GPUFETCH60"},
        {"RTX 4070", 8, 9, 46, "CLUB386; FPSREVIEW-4070 (3rd-party)"},
        {"RTX 4070 Ti", 8, 9, 60, "SCRE4MIE; CLUB386"},
        {"RTX 4080", 8, 9, 76, "CLUB386 (3rd-party)"},
        {"RTX 5060 Ti", 12, 0, 36, "DQ-3090 (Jumperkables device query)"},
        // Issue 33, round 3
        {"V100S PCIe", 7, 0, 80, "DQ-V100S (80 compute units)"},
        {"Jetson Orin Nano 4GB", 8, 7, 4, "ORIN-NANO-DS: 512 cores / 128 (derived)"},
        {"Jetson Orin NX 16GB", 8, 7, 8, "DQ-ORINNX"},
        {"H20", 9, 0, 78, "AMK3"},
        {"RTX 5060", 12, 0, 30, "DQ-5060"},
        // Issue 33, round 4
        {"H800", 9, 0, 132, "KINETO-H800 (numSms 132); DSV3"},
        {"H800 PCIe", 9, 0, 114, "CROQTILE-H800 (SM90a, 114 SMs)"},
        {"L20", 8, 9, 92, "KINETO-L20 (numSms 92)"},
        {"A800", 8, 0, 108, "DQ-A800 (first-hand); A800-TABLE (3rd-party)"},
        {"RTX 4060", 8, 9, 24, "KINETO-4060 (numSms 24); DQ-4060; 3072 cores / 128"},
        {"RTX 5070", 12, 0, 48, "DQ-5070 (first-hand, CC (12, 0)); NV-CES25: 6144 cores / 128"},
        {"RTX A2000", 8, 6, 26, "DQ-A2000 (first-hand); A2000-SPEC: 3328 cores / 128"},
        {"A16", 8, 6, 10, "A16-DS: 1280 cores per GPU / 128; LMCACHE (cc); DQ-A16"},
    };
    CHECK(std::size(known) == all_gpus().size());  // every row has a known-value line
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
        // H100-CLOCKS: NVIDIA's datasheet boost clocks (issue 21; 1830 / 1620 MHz were the tensor-peak basis).
        CHECK(h100.boost_clock_mhz.value_or(-1.0) == doctest::Approx(1980.0));
        CHECK((*find_gpu("H100 PCIe"))->boost_clock_mhz.value_or(-1.0) == doctest::Approx(1755.0));
        const GpuSpec& thor = **find_gpu("Thor");
        CHECK(thor.l2_bytes.value_or(-1.0) == doctest::Approx(32.0 * 1024 * 1024));  // DQ-THOR
        const GpuSpec& h200 = **find_gpu("H200");
        CHECK(h200.mem_bw_gbs.value_or(-1.0) == doctest::Approx(4800.0));  // ASTRO
        CHECK(!h200.fp32_tflops.has_value());
    }
}

// docs/sources.md's product table is printed from the data by scripts/gpu-table.py; here every line is compared
// with the compiled rows, cell by cell, so the page cannot drift from the database.
TEST_CASE("gpus: docs/sources.md lists every row") {
    std::ifstream f(std::string(SMCALC_SOURCE_DIR) + "/docs/sources.md");
    REQUIRE(f.good());
    std::vector<std::vector<std::string>> rows;
    std::string line;
    bool in = false;
    while (std::getline(f, line)) {
        if (line == "<!-- products:begin -->") in = true;
        else if (line == "<!-- products:end -->") in = false;
        else if (in && line.rfind("| ", 0) == 0 && line.rfind("| GPU |", 0) != 0) {
            std::vector<std::string> cells;
            std::size_t pos = 1;
            while (pos < line.size()) {
                const std::size_t bar = line.find(" |", pos);
                if (bar == std::string::npos) break;
                cells.push_back(line.substr(pos + 1, bar - pos - 1));
                pos = bar + 2;
            }
            rows.push_back(cells);
        }
    }
    const auto gpus = all_gpus();
    REQUIRE(rows.size() == gpus.size());
    auto num = [](std::optional<double> v) {
        if (!v) return std::string("unknown");
        std::ostringstream o;
        o << std::setprecision(12) << *v;
        return o.str();
    };
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const GpuSpec& g = gpus[i];
        CAPTURE(g.name);
        REQUIRE(rows[i].size() == 8);
        std::string aliases(g.aliases);
        for (std::size_t p = 0; (p = aliases.find('|', p)) != std::string::npos;) aliases.replace(p, 1, ", ");
        std::string source(g.source);
        std::replace(source.begin(), source.end(), '|', '/');
        CHECK(rows[i][0] == g.name);
        CHECK(rows[i][1] == (aliases.empty() ? "-" : aliases));
        CHECK(rows[i][2] == std::to_string(g.device.cc.major) + "." + std::to_string(g.device.cc.minor));
        CHECK(rows[i][3] == (g.device.sm_count ? std::to_string(g.device.sm_count) : "unknown"));
        CHECK(rows[i][4] == num(g.l2_bytes));
        CHECK(rows[i][5] == num(g.mem_bw_gbs));
        CHECK(rows[i][6] == num(g.boost_clock_mhz));
        CHECK(rows[i][7] == source);
    }
}

// CheckedDevice finds cudaOccSMemPerMultiprocessor's carveout from per-carveout percent thresholds made once
// (no division per call): it must equal the search the header does (smallest carveout >= percent x
// smem_per_sm / 100), for every catalogued GPU, every CC's reference device, and shared memory per SM of other
// sizes (devices may report less than the largest; odd sizes put the thresholds' rounding to the test).
TEST_CASE("gpus: CheckedDevice's carveout for each percent equals a search") {
    int compared = 0;
    std::vector<Device> devices;
    for (const GpuSpec& g : all_gpus()) devices.push_back(g.device);
    for (const ArchRules& a : all_arch_rules()) devices.push_back(reference_device(a));
    for (Device d : devices) {
        const ArchRules& a = **find_arch(d.cc);
        const int64_t full = d.smem_per_sm;
        for (const int64_t smem : {full, full / 2 / a.smem_alloc_granularity * a.smem_alloc_granularity, full - 1,
                                   full / 3, int64_t{100}, int64_t{4097}, int64_t{1}}) {
            d.smem_per_sm = smem;
            d.smem_per_block = std::min(d.smem_per_block, smem);
            d.reserved_smem_per_block = std::min(d.reserved_smem_per_block, smem / 2);
            d.smem_per_block_optin = std::max(d.smem_per_block,
                                              std::min(d.smem_per_block_optin, smem - d.reserved_smem_per_block));
            auto cd = CheckedDevice::check(d);
            if (!cd) continue;
            for (int pct = -1; pct <= 100; ++pct) {
                CAPTURE(pct);
                CAPTURE(smem);
                const int64_t want = pct < 0 ? smem : int64_t{pct} * smem / 100;
                const int64_t expected = a.cc.major < 7 ? smem : a.carveout_at_least(want);
                CHECK(cd->smem_preference(pct) == expected);
                ++compared;
            }
        }
    }
    CHECK(compared > 10000);
}

// Issue 33: a name that matches no row gets the nearest products of its family and vendor first: "MI300" is an
// AMD Instinct name (MI300X, MI300A, MI350X), not B300, GB300 or Tesla M40 (what plain edit distance gave).
TEST_CASE("gpus: did-you-mean ranks by family and vendor (issue 33)") {
    struct Case {
        std::string_view typed;
        std::vector<std::string_view> want, not_want;
    };
    const Case cases[] = {
        {"MI300", {"MI300X", "MI300A"}, {"B300", "GB300", "Tesla M40"}},
        {"AMD Instinct MI300", {"MI300X"}, {"B300"}},
        {"RTX 4060 Super", {"RTX 4060 Laptop", "RTX 4060 Ti", "RTX 4060"}, {"Tesla M40"}},
        {"NVIDIA H10", {"H100 SXM5"}, {"MI"}},
    };
    for (const Case& c : cases) {
        CAPTURE(c.typed);
        auto r = find_gpu(c.typed);
        REQUIRE(!r.ok());
        const std::string m = r.error().message;
        CAPTURE(m);
        const std::string near = m.substr(m.find("did you mean"), m.find('?') - m.find("did you mean"));
        for (std::string_view w : c.want) CHECK(near.find(w) != std::string::npos);
        for (std::string_view w : c.not_want) CHECK(near.find(w) == std::string::npos);
    }
    // A memory size the row contradicts is not taken: the 40 GB PCIe A100 is not the 80 GB PCIe row.
    CHECK(!find_gpu("NVIDIA A100-PCIE-40GB").ok());
    // "Xavier" alone names two modules with different SM counts: neither is picked.
    CHECK(!find_gpu("Xavier").ok());
}
