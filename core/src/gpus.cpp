// gpus.cpp - the GPU product database: one row per product, and name lookup.
//
// Every row gives its own figures; what many rows share is named once above the rows: the per-CC device
// limits (kCcLimits: the per-CC figures of core/src/arch.cpp as the device would report them,
// cudaGetDeviceProperties units: bytes, threads, 32-bit registers; tests/unit-gpus.cpp checks that they agree)
// and the GPC layouts several products share. sm_count 0 means nobody published the SM count of that product:
// per-SM answers only. An optional figure without a source stays std::nullopt ("unknown"). `source` holds keys
// resolved in docs/sources.md (taken from ../shared/reference/gpu-facts.md); `note` names derived figures and
// disagreements between sources.
//
// Conventions for the optional figures: KB = 1024 B and MB = 1024 KB (gpu-facts.md units); GB/s = 10^9 B/s;
// "derived" = arithmetic on sourced numbers, formula in the note.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/gpu.hpp"

#include "small_sort.hpp"

// The notes (derived figures, disagreements between sources) and the source keys of each product row are text the
// page shows only in the GPU picker's tooltip and the Why tab's last line; its core leaves them out (about 3 KB and
// 1.9 KB of the page's weight) and asks the JS API module for them when one is first shown (web/ui_views.cpp
// gpu_note, gpu_sources). The CLI, the JSON and JS APIs have them.
#ifdef SMCALC_PAGE_CORE
#define SMCALC_NOTE(text) ""
#else
#define SMCALC_NOTE(text) text
#endif

namespace smcalc {
namespace {

// Public launches beside the range (docs/clusters.md). cuBLAS's grid is a launch choice: it shows 15 clusters of
// 4x2x1 running at once on one die, a lower bound for that die, not a residency measurement
// (cudaOccupancyMaxActiveClusters); the residency measurements are tests/data/clusters/measurements.tsv.
constexpr ClusterEvidence kH100Sxm5Evidence[] = {
    {.cluster_size = 8, .ctas_per_sm = 1, .clusters = 15,
     .text = "cuBLAS launched grid (60,2,1) = 120 CTAs = 15 clusters of 4x2x1 for a 128x128x64 bf16 GEMM tile at 1 CTA/SM "
             "(M = N = K = 4096) on one H100 SXM5 die: a launch choice, not a residency measurement",
     .source = "CUTLASS1921"},
};

// The B200's groups of SMs that host clusters together, inferred from two public cudaOccupancyMaxActiveClusters
// sweeps on different machines (B200-SMDOC: 8 CTAs/SM, sizes 1 to 16; B200-CLDOC: 1 CTA/SM, sizes 4, 6, 8): the
// one grouping of 148 SMs into GPCs of at most 20 SMs (BU-BLOG) that gives all nine figures under the own-SM rule.
// 3 x 20 + 4 x 18 + 10 SMs host any cluster; three lone TPCs (6 SMs) host clusters of 1 or 2 only (6 SMs of 148
// are missing from every figure for sizes 4 and 8; a B300 note, B300-NOTES, reports SMs 142-147 excluded likewise).
constexpr int64_t kB200Groups[] = {20, 20, 20, 18, 18, 18, 18, 10, 2, 2, 2};

// clang-format off
// The limits every device of one CC reports (cudaGetDeviceProperties units: threads, 32-bit registers, bytes).
// They repeat arch.cpp's per-CC table on purpose, written as a device reports them, so that tests/unit-gpus.cpp
// can check one against the other. Source keys (docs/sources.md) as arch.cpp gives them for that CC.
// Every CC here: 1024 threads per block, 65536 registers per SM, warp of 32, 48 KiB per block without opt-in.
constexpr Device cc_limits(ComputeCapability cc, int64_t threads_per_sm, int64_t regs_per_block, int64_t smem_per_sm,
                           int64_t smem_per_block_optin, int64_t reserved_smem_per_block) {
    return {.cc = cc, .sm_count = 0, .max_threads_per_block = 1024, .max_threads_per_sm = threads_per_sm,
            .regs_per_sm = 65536, .regs_per_block = regs_per_block, .warp_size = 32, .smem_per_sm = smem_per_sm,
            .smem_per_block = 49152, .smem_per_block_optin = smem_per_block_optin,
            .reserved_smem_per_block = reserved_smem_per_block};
}

// cc, threads/SM, regs/block, smem/SM, smem/block opt-in, reserved smem/block
constexpr Device kCcLimits[] = {
    cc_limits({5, 2}, 2048, 65536,  98304,  49152,    0),   // PG11 T15; PG-legacy13 20.4.1; OCC
    cc_limits({5, 3}, 2048, 32768,  65536,  49152,    0),   // PG11 T15; OCC
    cc_limits({6, 0}, 2048, 65536,  65536,  49152,    0),   // PG11 T15; PG-legacy13 20.5.1; OCC
    cc_limits({6, 1}, 2048, 65536,  98304,  49152,    0),   // PG11 T15; PG-legacy13 20.5.1; OCC
    cc_limits({7, 0}, 2048, 65536,  98304,  98304,    0),   // PG11 T15; PG-legacy13 20.6.4; OCC
    cc_limits({7, 2}, 2048, 65536,  98304,  98304,    0),   // PG11 T15; OCC
    cc_limits({7, 5}, 1024, 65536,  65536,  65536,    0),   // PG13 T30-T32; PG-legacy13 20.6.4; OCC
    cc_limits({8, 0}, 2048, 65536, 167936, 166912, 1024),   // PG13 T30-T32; OCC; ATG
    cc_limits({8, 6}, 1536, 65536, 102400, 101376, 1024),   // PG13 T30-T32; OCC; ATG
    cc_limits({8, 7}, 1536, 65536, 167936, 166912, 1024),   // PG13 T30-T32; PG11 T15; OCC
    cc_limits({8, 9}, 1536, 65536, 102400, 101376, 1024),   // PG13 T30-T32; OCC; DQ-4060Ti/4070TiS
    cc_limits({9, 0}, 2048, 65536, 233472, 232448, 1024),   // PG13 T30-T32; OCC; HTG
    cc_limits({10, 0}, 2048, 65536, 233472, 232448, 1024),  // PG13 T30-T32; OCC; BTG
    cc_limits({10, 3}, 2048, 65536, 233472, 232448, 1024),  // PG13 T30-T32 (10.x); OCC
    cc_limits({11, 0}, 2048, 65536, 233472, 232448, 1024),  // PG13 T30-T32 (11.0); OCC; CCCL6185
    cc_limits({12, 0}, 1536, 65536, 102400, 101376, 1024),  // PG13 T30-T32; OCC; CCCL6185; DQ-5090; DQ-5080
    cc_limits({12, 1}, 1536, 65536, 102400, 101376, 1024),  // PG13 (12.x); OCC; DQ-GB10
};

// A product's device: its CC's limits and its SM count (0 = unknown). A CC missing from kCcLimits stops the
// compile (std::abort is not a constant expression).
constexpr Device on_cc(ComputeCapability cc, int64_t sm_count) {
    for (Device d : kCcLimits) {
        if (d.cc == cc) {
            d.sm_count = sm_count;
            return d;
        }
    }
    std::abort();
}

// GPC layouts several rows share.
// No GPC figures (0 = unknown), no cluster figures; SMs enabled in TPCs of sms_per_tpc (1 = no constraint), for the
// reason in source.
constexpr GpcLayout layout_unknown(int64_t sms_per_tpc, std::string_view source) {
    GpcLayout g;
    g.sms_per_tpc = sms_per_tpc;
    g.source = source;
    return g;
}
// Maxwell and Pascal: no layout sourced, SMs not paired in TPCs, no clusters (9 rows).
constexpr GpcLayout kNoClustersPreVolta = layout_unknown(1, "GPC layout not sourced; no clusters before CC 9.0");
// Volta to Ada without a sourced layout: SMs enabled in TPCs of 2, no clusters (38 rows).
constexpr GpcLayout kNoClusters = layout_unknown(2, "GPC layout not sourced; no clusters before CC 9.0");
// CC 12.0 cards without a sourced layout (4 rows).
constexpr GpcLayout kCc120GpcsUnsourced = layout_unknown(2, "GPC layout and non-portable limit of CC 12.0 not sourced");
// No layout sourced: the cluster range is only its exact upper bound (3 rows).
constexpr GpcLayout kGpcsUnsourcedUpperBound =
    layout_unknown(2, "GPC layout not sourced (per-GPC figures unknown: only the exact upper bound is given)");
// No layout sourced (2 rows).
constexpr GpcLayout kGpcsUnsourced = layout_unknown(2, "GPC layout not sourced (per-GPC figures unknown)");
// A100 SXM4: 108 SMs of GA100 on 7 GPCs (2 rows).
constexpr GpcLayout kA100Gpcs = {.gpcs_min = 7, .gpcs_max = 7, .max_sms_per_gpc = 16, .sms_per_tpc = 2,
    .heuristic_sms_per_gpc = 0, .max_cluster_size = 0, .evidence = {},
    .source = "A100WP (GA100: 8 GPCs x 8 TPCs x 2 SMs; A100: 108 SMs on 7 GPCs); no clusters before CC 9.0",
    .measured_groups = {}, .measured_groups_source = ""};
// The 132-SM GH100 parts beside H100 SXM5 (3 rows).
constexpr GpcLayout kGh100Gpcs132 = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 18, .sms_per_tpc = 2,
    .heuristic_sms_per_gpc = 18, .max_cluster_size = 16, .evidence = {},
    .source = "H100-UNITS (GH100: 8 GPCs x 9 TPCs x 2 SMs); the 132-SM GH100 parts enable 66 TPCs on 8 GPCs "
              "like H100 SXM5 (assumed: same die and SM count); CUTLASS-TSP (18 SMs per GPC); PG13-CL (16 "
              "with the non-portable attribute on Hopper)",
    .measured_groups = {}, .measured_groups_source = ""};

constexpr GpuSpec kGpus[] = {
    // ---------------------------------------------------------------- Maxwell
    {
        .name = "GTX 980",
        .aliases = "GeForce GTX 980|980",
        .device = on_cc({5, 2}, 16),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("GTX980-SPEC (2048 CUDA cores, NVIDIA product page quoted in PCL880, 3rd-party); PG11 (128 FP32 "
                "cores per SM on CC 5.x); PCL880 (CC 5.2, 3rd-party)"),
        .note = SMCALC_NOTE("SM count derived: 2048 CUDA cores / 128 per SM (CC 5.x) = 16. Clock, L2, bandwidth and TFLOPS "
                "unknown (no source read)."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "Tesla M40",
        .aliases = "M40|Tesla M40 24GB|Tesla M40 12GB",
        .device = on_cc({5, 2}, 24),
        .boost_clock_mhz = 1114.0,
        .l2_bytes = 3145728.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = 6.8,
        .source = SMCALC_NOTE("V100-TABLE (NVIDIA's Volta launch table, 3rd-party copy: M40 GM200, 24 SMs, 1114 MHz, 3072 KB "
                "L2, 6.8 TFLOPS); DQ-TITANX (GM200 is CC 5.2, 24 SMs)"),
        .note = SMCALC_NOTE("CC 5.2 derived: the M40's GM200 is the chip a GTX TITAN X device query reports as CC 5.2 with 24 "
                "SMs (DQ-TITANX). Bandwidth unknown. No tensor cores."),
        .gpc = kNoClustersPreVolta,
    },
    // ---------------------------------------------------------------- Pascal
    {
        .name = "Tesla P100 SXM2",
        .aliases = "P100|Tesla P100|P100 SXM2|P100 NVLink",
        .device = on_cc({6, 0}, 56),
        .boost_clock_mhz = 1480.0,
        .l2_bytes = 4194304.0,
        .mem_bw_gbs = 720.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = 10.6,
        .source = SMCALC_NOTE("PASCAL-WP (GP100 whitepaper: Tesla P100 uses 56 SMs, 4096 KB L2); V100-TABLE (1480 MHz, 10.6 "
                "TFLOPS, 3rd-party copy); GEEKTOPIA (720 GB/s, 3rd-party); OCC (CC 6.0 = GP100)"),
        .note = SMCALC_NOTE("The SXM2 (NVLink) part; the PCIe card has the same 56 SMs at lower clocks. No tensor cores. Full "
                "GP100 has 60 SMs. Bandwidth 720 GB/s is 3rd-party."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "GTX 1080",
        .aliases = "GeForce GTX 1080|1080",
        .device = on_cc({6, 1}, 20),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-1080 (cudaDevAttrMultiProcessorCount 20); BOINC2706 (CC 6.1 for the GTX 10x0 range, "
                "3rd-party)"),
        .note = SMCALC_NOTE("SM count from a device report. Clock, L2, bandwidth and TFLOPS unknown (no source read)."),
        .gpc = kNoClustersPreVolta,
    },
    // ---------------------------------------------------------------- Volta / Turing
    {
        .name = "V100 SXM2",
        .aliases = "V100|Tesla V100|V100 SXM",
        .device = on_cc({7, 0}, 80),
        .boost_clock_mhz = 1530.0,
        .l2_bytes = 6291456.0,
        .mem_bw_gbs = 900.0,
        .bf16_dense_tflops = 125.0,
        .fp32_tflops = 15.7,
        .source = SMCALC_NOTE("A100WP T4 (3rd-party transcriptions); GV100-TR; LMCACHE (CC)"),
        .note = SMCALC_NOTE("No BF16 on Volta: the tensor figure is FP16 with FP32 accumulate. L2 6144 KB. "
                "Full GV100 has 84 SMs (6 GPCs x 7 TPCs x 2); the product enables 80."),
        .gpc = {.gpcs_min = 6, .gpcs_max = 6, .max_sms_per_gpc = 14, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GV100-TR (6 GPCs x 7 TPCs x 2 SMs on the full die; 80 of 84 SMs enabled); no clusters before CC 9.0",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "Titan V",
        .aliases = "NVIDIA TITAN V",
        .device = on_cc({7, 0}, 80),
        .boost_clock_mhz = 1455.0,
        .l2_bytes = 4718592.0,
        .mem_bw_gbs = 653.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = 13.8,
        .source = SMCALC_NOTE("GEEKTOPIA (80 SMs, 3rd-party); ANANDTECH-TITANV (5120 CUDA cores, 1455 MHz, 4.5 MB L2, 653 GB/s, "
                "13.8 TFLOPS, 3rd-party); BOINC2706 / HFJS2151 (CC 7.0, 3rd-party)"),
        .note = SMCALC_NOTE("All figures are 3rd-party (press tables of NVIDIA's launch specs); 80 SMs also = 5120 cores / 64 "
                "per SM (CC 7.0). L2 4.5 MB = 4608 KB. Tensor TFLOPS unknown (110 is quoted for deep learning "
                "without a precision)."),
        .gpc = kNoClusters,
    },
    {
        .name = "T4",
        .aliases = "Tesla T4",
        .device = on_cc({7, 5}, 40),
        .boost_clock_mhz = 1590.0,
        .l2_bytes = 4194304.0,
        .mem_bw_gbs = 320.0,
        .bf16_dense_tflops = 65.0,
        .fp32_tflops = 8.1,
        .source = SMCALC_NOTE("DQ-T4; KENT (T4 datasheet); VGPU-LAYOUT; LMCACHE (CC)"),
        .note = SMCALC_NOTE("Memory bandwidth derived: 256-bit x 5001 MHz x 2 / 8 = 320 GB/s. No BF16 on Turing: the tensor "
                "figure is FP16 mixed precision. 5 GPCs / 20 TPCs (3rd-party, citing NVIDIA's whitepaper)."),
        .gpc = {.gpcs_min = 5, .gpcs_max = 5, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (5 GPCs / 20 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    // ---------------------------------------------------------------- Ampere
    {
        .name = "A100 40GB SXM4",
        .aliases = "A100|A100 40GB|A100 SXM4 40GB|A100 40GB SXM",
        .device = on_cc({8, 0}, 108),
        .boost_clock_mhz = 1410.0,
        .l2_bytes = 41943040.0,
        .mem_bw_gbs = 1555.0,
        .bf16_dense_tflops = 312.0,
        .fp32_tflops = 19.5,
        .source = SMCALC_NOTE("A100WP (T4 + unit lists); DQ-A100 (1410 MHz, L2 41943040 B); LMCACHE (CC)"),
        .note = SMCALC_NOTE("Plain \"A100\" means this 40 GB SXM4 part; the 80 GB part differs only in memory bandwidth. "
                "Full GA100 has 128 SMs (8 GPCs x 8 TPCs x 2); the product enables 108 over 7 GPCs."),
        .gpc = kA100Gpcs,
    },
    {
        .name = "A100 80GB SXM4",
        .aliases = "A100 80GB|A100 SXM4 80GB|A100 80GB SXM",
        .device = on_cc({8, 0}, 108),
        .boost_clock_mhz = 1410.0,
        .l2_bytes = 41943040.0,
        .mem_bw_gbs = 2039.0,
        .bf16_dense_tflops = 312.0,
        .fp32_tflops = 19.5,
        .source = SMCALC_NOTE("A100DS (2039 GB/s, 3rd-party transcription); A100WP; LMCACHE (CC)"),
        .note = SMCALC_NOTE("L2 40 MB."),
        .gpc = kA100Gpcs,
    },
    {
        .name = "A100 80GB PCIe",
        .aliases = "A100 PCIe|A100 PCIe 80GB",
        .device = on_cc({8, 0}, 108),
        .boost_clock_mhz = 1410.0,
        .l2_bytes = 41943040.0,
        .mem_bw_gbs = 1935.0,
        .bf16_dense_tflops = 312.0,
        .fp32_tflops = 19.5,
        .source = SMCALC_NOTE("DQ-A100PCIE (mixbench device report: CC 8.0, 108 SMs, 1410 MHz, 40960 KB L2, 5120-bit, 1935.36 "
                "GB/s); A100WP (312 / 19.5 TFLOPS)"),
        .note = SMCALC_NOTE("Bandwidth 1935 GB/s is what mixbench computes from the reported bus and memory clock (derived). "
                "\"A100 PCIe\" means this 80 GB part; the 40 GB PCIe card is not in the table."),
        .gpc = kNoClusters,
    },
    {
        .name = "A30",
        .aliases = "",
        .device = on_cc({8, 0}, 0),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("LMCACHE (CC only)"),
        .note = SMCALC_NOTE("Only the compute capability is sourced: SM count unknown (0), so per-SM answers only."),
        .gpc = kNoClusters,
    },
    {
        .name = "A10",
        .aliases = "NVIDIA A10|A10 PCIe",
        .device = on_cc({8, 6}, 72),
        .boost_clock_mhz = 1695.0,
        .l2_bytes = 6291456.0,
        .mem_bw_gbs = 600.0,
        .bf16_dense_tflops = 125.0,
        .fp32_tflops = 31.2,
        .source = SMCALC_NOTE("ASTRO; SPECS-WZ (A10 datasheet, 3rd-party); SYSRQ-A10 (72 SMs, 9216 shaders, 1695 MHz, 6 MB L2, "
                "3rd-party); LMCACHE (CC)"),
        .note = SMCALC_NOTE("SM count, boost clock and L2 are 3rd-party (a TechPowerUp-derived table; 72 SMs = 9216 CUDA cores / "
                "128). Tensor figure 125 dense (250 with sparsity)."),
        .gpc = kNoClusters,
    },
    {
        .name = "A40",
        .aliases = "NVIDIA A40",
        .device = on_cc({8, 6}, 84),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 696.0,
        .bf16_dense_tflops = 149.7,
        .fp32_tflops = 37.4,
        .source = SMCALC_NOTE("A40-DS (datasheet reproduced by a reseller: 10,752 CUDA cores, 696 GB/s, 37.4 FP32, 149.7 BF16); "
                "LMCACHE (CC)"),
        .note = SMCALC_NOTE("SM count derived: 10,752 CUDA cores / 128 per SM (CC 8.6) = 84. Tensor 149.7 dense (299.4 "
                "sparse). Boost clock and L2 unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3090",
        .aliases = "3090|GeForce RTX 3090",
        .device = on_cc({8, 6}, 82),
        .boost_clock_mhz = 1695.0,
        .l2_bytes = 6291456.0,
        .mem_bw_gbs = 936.0,
        .bf16_dense_tflops = 71.2,
        .fp32_tflops = 35.6,
        .source = SMCALC_NOTE("DQ-3090; VGPU-LAYOUT; LLMC; RTX30-TABLE"),
        .note = SMCALC_NOTE("BF16 tensor derived from LLMC: 80 x 328/336 x 1695/1860 = 71.2. FP32 35.6 (RTX30-TABLE; also "
                "derived 82 x 128 x 2 x 1.695 GHz). Bandwidth 936 GB/s is 3rd-party. 7 GPCs / 41 TPCs "
                "(3rd-party, citing the GA102 whitepaper)."),
        .gpc = {.gpcs_min = 7, .gpcs_max = 7, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (7 GPCs / 41 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "Jetson AGX Orin 64GB",
        .aliases = "Orin|AGX Orin|Jetson AGX Orin|Jetson Orin",
        .device = on_cc({8, 7}, 16),
        .boost_clock_mhz = 1300.0,
        .l2_bytes = 4194304.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-ORIN"),
        .note = SMCALC_NOTE("Clock is tool-reported as 1.3 GHz (rounded); another Orin reports 1275 MHz. SM counts vary by "
                "module: 16 on the AGX Orin 64 GB, but an agx-orin-devkit-industrial run reports 8, so \"Orin\" "
                "here means the 64 GB AGX module; give a device for other Orin modules. Bandwidth and tensor "
                "figures unknown."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Ada
    {
        .name = "RTX 4090",
        .aliases = "4090|GeForce RTX 4090",
        .device = on_cc({8, 9}, 128),
        .boost_clock_mhz = 2520.0,
        .l2_bytes = 75497472.0,
        .mem_bw_gbs = 1008.0,
        .bf16_dense_tflops = 165.2,
        .fp32_tflops = 82.6,
        .source = SMCALC_NOTE("ADAWP App. A (3rd-party transcription); DQ-4090; VGPU-LAYOUT"),
        .note = SMCALC_NOTE("Clocks disagree: whitepaper boost 2520 MHz, deviceQuery max clock 2535 MHz (2520 used). "
                "L2 72 MB (73728 KB; full AD102 has 96 MB). Tensor 165.2 dense (330.4 sparse). "
                "11 GPCs / 64 TPCs (3rd-party, citing the Ada whitepaper)."),
        .gpc = {.gpcs_min = 11, .gpcs_max = 11, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (11 GPCs / 64 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "L4",
        .aliases = "",
        .device = on_cc({8, 9}, 58),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 300.0,
        .bf16_dense_tflops = 121.0,
        .fp32_tflops = 30.3,
        .source = SMCALC_NOTE("SPECS-WZ (L4 datasheet); KENT (0.3 TB/s); VGPU-LAYOUT; LMCACHE (CC)"),
        .note = SMCALC_NOTE("SM count 58 (5 GPCs / 29 TPCs) is 3rd-party, citing the Ada whitepaper. Boost clock and L2 "
                "unknown. Tensor 121 dense (242 sparse)."),
        .gpc = {.gpcs_min = 5, .gpcs_max = 5, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (5 GPCs / 29 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "L40S",
        .aliases = "",
        .device = on_cc({8, 9}, 142),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 864.0,
        .bf16_dense_tflops = 362.05,
        .fp32_tflops = 91.6,
        .source = SMCALC_NOTE("L40S-DS (datasheet reproduced by reseller); SPECS-WZ; LMCACHE (CC)"),
        .note = SMCALC_NOTE("SM count derived: 18,176 CUDA cores / 128 per SM = 142. L2 left unknown: 3rd-party figures "
                "disagree (96 MB, said to be the full AD102, vs 48 MB) and no NVIDIA source or device query "
                "was found. Boost clock unknown. Tensor 362.05 dense (733 sparse)."),
        .gpc = kNoClusters,
    },
    {
        .name = "L40",
        .aliases = "NVIDIA L40",
        .device = on_cc({8, 9}, 142),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 864.0,
        .bf16_dense_tflops = 181.05,
        .fp32_tflops = 90.5,
        .source = SMCALC_NOTE("L40S-DS (L40 column: 18,176 CUDA cores, 864 GB/s, 90.5 FP32, 181.05 BF16); LMCACHE (CC)"),
        .note = SMCALC_NOTE("SM count derived: 18,176 CUDA cores / 128 per SM = 142. Tensor 181.05 dense (362.1 sparse). "
                "Boost clock and L2 unknown (see the L40S note)."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 6000 Ada",
        .aliases = "RTX 6000 Ada Generation|NVIDIA RTX 6000 Ada Generation",
        .device = on_cc({8, 9}, 142),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("RTX6000ADA-RS (reseller table: 18,176 CUDA cores, 568 Tensor, 142 RT cores, 3rd-party); DQ-4090 "
                "(AD102 is CC 8.9)"),
        .note = SMCALC_NOTE("SM count derived: 18,176 CUDA cores / 128 per SM = 142. CC 8.9 derived: same AD102 chip as the "
                "RTX 4090 (DQ-4090). Clock, L2, bandwidth and TFLOPS unknown. Not the Turing \"Quadro RTX 6000\"."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Hopper
    {
        .name = "H100 SXM5",
        .aliases = "H100|H100 SXM|H100 SXM5 80GB|H100 80GB SXM5|H100 80GB HBM3",
        .device = on_cc({9, 0}, 132),
        .boost_clock_mhz = 1980.0,
        .l2_bytes = 52428800.0,
        .mem_bw_gbs = 3350.0,
        .bf16_dense_tflops = 989.4,
        .fp32_tflops = 67.0,
        .source = SMCALC_NOTE("H100WP v1.04 T3; H100-UNITS; H100-DS-COPY (FP32, BW, L2); H100-CLOCKS (1980 MHz); LLMC (1830 MHz "
                "tensor basis); LMCACHE (CC)"),
        .note = SMCALC_NOTE("Plain \"H100\" means this SXM5 part. Boost clock 1980 MHz (H100-CLOCKS; also implied by 67 TFLOPS "
                "FP32: 67e12 / (132 x 128 x 2)); 1830 MHz is the tensor-peak basis (LLMC). Whitepaper revisions "
                "disagree: v1.0 era 1000 TFLOPS FP16, 60 FP32, 3000 GB/s; v1.04 989.4 (1978.9 sparse), 3.35 TB/s "
                "(used); the Hopper Tuning Guide still says up to 3 TB/s. 8 GPCs / 66 TPCs; full GH100 has 144 "
                "SMs. L2 50 MB."),
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 18, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 18,
                .max_cluster_size = 16, .evidence = kH100Sxm5Evidence,
                .source = "H100-UNITS (GH100: 8 GPCs x 9 TPCs x 2 SMs; H100 SXM5: 66 TPCs, 8 GPCs); CUTLASS1921 (uneven "
                          "split); ACCELSIM87 (the driver's SM-to-GPC table of one H100: GPC 0 has 16 SMs); CUTLASS-TSP "
                          "(18 SMs per GPC); PG13-CL + CUPY8778 (16 with the non-portable attribute)",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "H100 PCIe",
        .aliases = "H100 PCIe 80GB|H100 80GB PCIe",
        .device = on_cc({9, 0}, 114),
        .boost_clock_mhz = 1755.0,
        .l2_bytes = 52428800.0,
        .mem_bw_gbs = 2000.0,
        .bf16_dense_tflops = 756.0,
        .fp32_tflops = 51.0,
        .source = SMCALC_NOTE("H100WP v1.04 T3; H100-UNITS; H100-DS-COPY (FP32, BW, L2); H100-CLOCKS (1755 MHz); LLMC (1620 MHz "
                "tensor basis); LMCACHE (CC)"),
        .note = SMCALC_NOTE("Boost clock 1755 MHz (H100-CLOCKS); 1620 MHz is the tensor-peak basis (LLMC). Tensor 756 dense "
                "(1513 sparse). \"7 or 8 GPCs\" / 57 TPCs. L2 50 MB."),
        .gpc = {.gpcs_min = 7, .gpcs_max = 8, .max_sms_per_gpc = 18, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 18,
                .max_cluster_size = 16, .evidence = {},
                .source = "H100-UNITS (GH100: 9 TPCs per GPC; H100 PCIe: 57 TPCs on \"7 or 8 GPCs\"); CUTLASS-TSP (18 SMs per "
                          "GPC); PG13-CL (16 on H100 with the non-portable attribute)",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "H100 NVL",
        .aliases = "H100 NVL 94GB",
        .device = on_cc({9, 0}, 132),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("GPUBLOG-NVL (132 SMs, 16,896 CUDA cores, 94 GB, 3rd-party); LMCACHE (CC of H100)"),
        .note = SMCALC_NOTE("All figures 3rd-party. Bandwidth unknown: 3rd-party copies disagree (3.9 TB/s vs 4.8 TB/s) and "
                "no NVIDIA source was read. Clock, L2 and TFLOPS unknown."),
        .gpc = kGh100Gpcs132,
    },
    {
        .name = "H200 SXM",
        .aliases = "H200|H200 SXM 141GB|NVIDIA H200",
        .device = on_cc({9, 0}, 132),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 4800.0,
        .bf16_dense_tflops = 989.5,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("ASTRO (H200 datasheet table); SAUL-H200 (132 SMs, 16,896 CUDA cores, 3rd-party); GLENNK (same GPU "
                "as H100 with HBM3e, 3rd-party); SGL-TEST (CC)"),
        .note = SMCALC_NOTE("SM count 132 is 3rd-party (a reseller's table; the H200 is the H100 SXM5's GPU with more memory); "
                "GPC layout as H100 SXM5 (same GH100 die, 66 TPCs). "
                "Boost clock, L2 and FP32 unknown. "
                "Tensor derived: datasheet 1979 sparse / 2 = 989.5."),
        .gpc = kGh100Gpcs132,
    },
    {
        .name = "GH200",
        .aliases = "GH200 Grace Hopper|Grace Hopper|GH200 96GB|GH200 480GB|GH200 120GB",
        .device = on_cc({9, 0}, 132),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 4000.0,
        .bf16_dense_tflops = 990.0,
        .fp32_tflops = 67.0,
        .source = SMCALC_NOTE("GH200DS (datasheet transcription: 4 TB/s with 96 GB HBM3, 4.9 TB/s with 144 GB HBM3e, 990 dense "
                "BF16, 67 FP32, 3rd-party); EMERGENT-GH200 (Hopper H100 GPU, 16,896 CUDA cores, 3rd-party); DQ-GH200"),
        .note = SMCALC_NOTE("The GPU of the Grace Hopper superchip. SM count derived: 16,896 CUDA cores / 128 = 132, and "
                "device reports agree (DQ-GH200); CC 9.0. Bandwidth is the 96 GB HBM3 part (4900 GB/s for the 144 GB "
                "HBM3e part). The names devices print, \"GH200 480GB\" and \"GH200 120GB\", count the superchip's "
                "CPU memory; both report 96 GB of GPU memory. Clock and L2 unknown."),
        .gpc = kGh100Gpcs132,
    },
    // ---------------------------------------------------------------- Blackwell (data centre)
    {
        .name = "B200",
        .aliases = "HGX B200|B200 SXM|NVIDIA B200",
        .device = on_cc({10, 0}, 148),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = 132644864.0,
        .mem_bw_gbs = 7700.0,
        .bf16_dense_tflops = 2250.0,
        .fp32_tflops = 75.0,
        .source = SMCALC_NOTE("AO4002 (device query: 148 SMs, L2, bus); BWDS (HGX B200 per GPU); BTG; DC-BLOG"),
        .note = SMCALC_NOTE("Bandwidth disagrees: 7.7 TB/s (current datasheet BWDS, used), 8 TB/s (older collateral, "
                "DC-BLOG), 7.672 TB/s derived from the reported 7680-bit x 3996 MHz x 2. L2 derived from the "
                "device-reported 126.50 MB (x 2^20 B); BTG says 126 MB for GB200. Tensor derived: 4.5 PF sparse "
                "/ 2 = 2250. Boost clock unknown; GPC layout not published."),
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 20, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 16, .evidence = {},
                .source = "BU-BLOG (Blackwell: 160 SMs in 8 GPCs on the full chip, i.e. at most 20 SMs per GPC); BTG-CL "
                          "(B200: non-portable cluster size 16)",
                .measured_groups = kB200Groups,
                .measured_groups_source = "B200-SMDOC + B200-CLDOC (inferred from measurements: the grouping that "
                                          "reproduces both sweeps)"},
    },
    {
        .name = "GB200",
        .aliases = "GB200 NVL72|GB200 Grace Blackwell|NVIDIA GB200",
        .device = on_cc({10, 0}, 152),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = 132120576.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-GB200 (sglang report: \"NVIDIA GB200\", compute capability 10.0); SM-GB200 (152 SMs, "
                "3rd-party); BTG (126 MB L2 for GB200)"),
        .note = SMCALC_NOTE("The Blackwell GPU of the Grace Blackwell superchip. SM count 152 from two 3rd-party device reports "
                "(SM-GB200), 4 more than the B200. L2 126 MB (BTG) = 126 x 2^20 B. Clock, bandwidth and TFLOPS "
                "unknown."),
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 20, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "BU-BLOG (Blackwell: 160 SMs in 8 GPCs on the full chip, i.e. at most 20 SMs per GPC); per-GPC "
                          "split of the 152 SMs not measured",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "B300",
        .aliases = "HGX B300|B300 SXM|B300 SXM6|B300 SXM6 AC|NVIDIA B300",
        .device = on_cc({10, 3}, 148),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 8000.0,
        .bf16_dense_tflops = 2250.0,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("BU-BLOG; COSMOS114; DC-BLOG; SAGE358 (sm_103); KOKKOS8791 (device query: CC 10.3, 2048 "
                "threads/SM); SM-B300 (\"NVIDIA B300 SXM6 AC (148 SMs)\", 3rd-party device reports)"),
        .note = SMCALC_NOTE("SM count 148 from 3rd-party device reports (SM-B300); NVIDIA's Blackwell Ultra blog gives 160 SMs "
                "\"in the full GPU implementation\". Tensor derived: HGX B300 36 PF sparse / 2 / 8 GPUs = 2250. Boost "
                "clock, L2 and FP32 unknown."),
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 20, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "BU-BLOG (160 SMs in 8 GPCs on the full chip, i.e. at most 20 SMs per GPC); non-portable "
                          "cluster limit of CC 10.3 not sourced",
                .measured_groups = kB200Groups,
                .measured_groups_source = "assumed from the B200's groups (B200-SMDOC + B200-CLDOC, inferred from "
                                          "measurements): same SM count; B300-NOTES reports SMs 142-147 of a B300 "
                                          "excluded from clusters of 4 and 8, as its three lone TPCs predict"},
    },
    {
        .name = "GB300",
        .aliases = "GB300 NVL72|GB300 Grace Blackwell Ultra|NVIDIA GB300",
        .device = on_cc({10, 3}, 152),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("BU-BLOG (Blackwell Ultra GPU of GB300); KOKKOS8791 (Blackwell Ultra B300 reports CC 10.3); "
                "SM-GB300 (152 SMs, 3rd-party)"),
        .note = SMCALC_NOTE("CC 10.3 derived: the GPU is the Blackwell Ultra of the B300 (KOKKOS8791). SM count 152 from a "
                "3rd-party kernel source (SM-GB300: \"GB300 has 152 SMs, B300 148\"); BU-BLOG's 160 SMs are the "
                "full chip. Clock, L2, bandwidth and TFLOPS unknown."),
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 20, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "BU-BLOG (160 SMs in 8 GPCs on the full chip, i.e. at most 20 SMs per GPC); per-GPC split "
                          "of the 152 SMs not measured",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "Jetson AGX Thor",
        .aliases = "Thor|Jetson Thor|AGX Thor|NVIDIA Thor|Jetson T5000",
        .device = on_cc({11, 0}, 20),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = 33554432.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-THOR (CUDA driver query on a Jetson AGX Thor developer kit: \"NVIDIA Thor\", 20 SMs, 32 MiB L2, "
                "228 KiB shared memory per SM); PG13 / CCCL6185 (Thor is CC 11.0, formerly 10.1)"),
        .note = SMCALC_NOTE("Developer kit (T5000 module); the Thor TRM allows up to 24 SMs, the device reports 20. Clock, "
                "bandwidth and TFLOPS unknown."),
        .gpc = kGpcsUnsourcedUpperBound,
    },
    // ---------------------------------------------------------------- Blackwell (RTX / GB10), CC 12.x
    {
        .name = "RTX 5090",
        .aliases = "5090|GeForce RTX 5090",
        .device = on_cc({12, 0}, 170),
        .boost_clock_mhz = 2407.0,
        .l2_bytes = 100663296.0,
        .mem_bw_gbs = 1792.0,
        .bf16_dense_tflops = 209.5,
        .fp32_tflops = 104.8,
        .source = SMCALC_NOTE("DQ-5090; RTXBW-WP; VGPU-LAYOUT; NCCL1637 / AIKITORIA1 (partner-card clocks)"),
        .note = SMCALC_NOTE("Clocks disagree: 2407 MHz reported on one card (used) vs 2550 / 2655 MHz on partner cards. "
                "Bandwidth derived: 512-bit x 14001 MHz x 2 / 8. FP32 derived: 170 x 128 x 2 x 2.407 GHz. Devices "
                "report 24 blocks/SM and 100 KB smem/SM (the Blackwell Tuning Guide's 32 blocks and 128 KB are "
                "not used). 11 GPCs / 85 TPCs (3rd-party); full GB202 has 192 SMs. A 3rd-party table lists CC "
                "10.1; deviceQuery reports 12.0."),
        .gpc = {.gpcs_min = 11, .gpcs_max = 11, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (11 GPCs / 85 TPCs, 3rd-party); RTXBW-WP (full GB202: 12 GPCs / 96 TPCs / 192 SMs "
                          "= 8 TPCs x 2 SMs per GPC); non-portable limit of CC 12.0 not sourced",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "RTX 5080",
        .aliases = "5080|GeForce RTX 5080",
        .device = on_cc({12, 0}, 84),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-5080 (device report)"),
        .note = SMCALC_NOTE("A device report gives CC 12.0, 84 SMs, 1536 threads/SM and 24 blocks/SM; clock, L2, bandwidth "
                "and TFLOPS unknown."),
        .gpc = kCc120GpcsUnsourced,
    },
    {
        .name = "RTX PRO 6000 Blackwell",
        .aliases = "RTX PRO 6000|RTX PRO 6000 Blackwell Workstation|RTX PRO 6000 Workstation|RTX PRO 6000 Blackwell Workstation Edition",
        .device = on_cc({12, 0}, 188),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 1792.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = 125.0,
        .source = SMCALC_NOTE("RTXPRO6000-DS (Workstation datasheet); VGPU-LAYOUT; RTXBW-WP; SGL-TEST (CC)"),
        .note = SMCALC_NOTE("Workstation edition. SM count derived: 24,064 CUDA cores / 128 per SM = 188 (12 GPCs / 94 TPCs, "
                "3rd-party). Dense BF16 unknown: the datasheet gives only \"4000 AI TOPS\" (FP4 sparse). Boost "
                "clock and L2 unknown (full GB202 has 131,072 KB)."),
        .gpc = {.gpcs_min = 12, .gpcs_max = 12, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "RTXBW-WP (RTX PRO 6000: 12 GPCs / 94 TPCs / 188 SMs; full GB202 8 TPCs x 2 SMs per GPC); "
                          "non-portable limit of CC 12.0 not sourced",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    {
        .name = "RTX PRO 6000 Blackwell Server Edition",
        .aliases = "RTX PRO 6000 Server|RTX PRO 6000 Blackwell Server|RTX PRO 6000 Server Edition",
        .device = on_cc({12, 0}, 188),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 1792.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("PRO6000-VARIANTS (press report of NVIDIA's GTC 2025 launch: 188 SMs and 1792 GB/s on the "
                "Workstation, Max-Q and Server editions, 3rd-party); RTXPRO6000-DS; SGL-TEST (CC)"),
        .note = SMCALC_NOTE("SM count and bandwidth are 3rd-party (the same GB202 configuration as the Workstation edition). "
                "Clock, L2 and TFLOPS unknown (they differ between the editions)."),
        .gpc = kGpcsUnsourcedUpperBound,
    },
    {
        .name = "DGX Spark GB10",
        .aliases = "GB10|Spark|DGX Spark|NVIDIA GB10",
        .device = on_cc({12, 1}, 48),
        .boost_clock_mhz = 2418.0,
        .l2_bytes = 25165824.0,
        .mem_bw_gbs = 273.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-GB10; GB10-THESIS; SGL-TEST (CC)"),
        .note = SMCALC_NOTE("Clock 2418 MHz is the default application clock (device ClockRate 2418000 kHz); a 3rd-party "
                "source gives 3003 MHz as the boost ceiling. Bandwidth 273 GB/s = 256-bit x 8533 MT/s / 8 "
                "(LPDDR5x). Device reports 24 blocks/SM; cluster size 8 is a hard limit. Tensor and FP32 TFLOPS "
                "unknown; no GPC count published."),
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 8, .evidence = {},
                .source = "GB10-THESIS (cluster size 8 is a hard limit); GPC layout not published",
                .measured_groups = {}, .measured_groups_source = ""},
    },
    // ---------------------------------------------------------------- Maxwell / Pascal / Volta (issue 33)
    {
        .name = "GTX 970",
        .aliases = "GeForce GTX 970|970",
        .device = on_cc({5, 2}, 13),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DARKNET3334"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "Jetson Nano",
        .aliases = "NVIDIA Tegra X1|Tegra X1|Jetson Nano 4GB|Jetson Nano 2GB",
        .device = on_cc({5, 3}, 1),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-NANO"),
        .note = SMCALC_NOTE("The Jetson Nano's GPU reports itself as \"NVIDIA Tegra X1\". Other figures unknown."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "GTX 1080 Ti",
        .aliases = "GeForce GTX 1080 Ti|1080 Ti",
        .device = on_cc({6, 1}, 28),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("ETHMINER536"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "Tesla P40",
        .aliases = "P40",
        .device = on_cc({6, 1}, 30),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-P40"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "Tesla P4",
        .aliases = "P4",
        .device = on_cc({6, 1}, 20),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-P4"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClustersPreVolta,
    },
    {
        .name = "V100 PCIe",
        .aliases = "Tesla V100 PCIe|Tesla V100-PCIE-32GB|Tesla V100-PCIE-16GB|V100 PCIe 32GB|V100 PCIe 16GB",
        .device = on_cc({7, 0}, 80),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-V100PCIE"),
        .note = SMCALC_NOTE("Same 80 SMs as the SXM2 part at lower clocks (clocks not kept here). Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "Jetson AGX Xavier",
        .aliases = "AGX Xavier",
        .device = on_cc({7, 2}, 8),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-XAVIER"),
        .note = SMCALC_NOTE("Devices print only \"Xavier\": 8 SMs on the 16 GB AGX module, 6 on the 8 GB (Xavier NX) module."),
        .gpc = kNoClusters,
    },
    {
        .name = "Jetson Xavier NX",
        .aliases = "Xavier NX",
        .device = on_cc({7, 2}, 6),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-XAVIER"),
        .note = SMCALC_NOTE("Devices print only \"Xavier\"; the 8 GB module reports 6 SMs. Module name inferred from the memory size."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Turing (issue 33)
    {
        .name = "RTX 2080 Ti",
        .aliases = "GeForce RTX 2080 Ti|2080 Ti",
        .device = on_cc({7, 5}, 68),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-2080TI; VANITY15"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "TITAN RTX",
        .aliases = "NVIDIA TITAN RTX",
        .device = on_cc({7, 5}, 72),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("TITANRTX-CORES; PG11"),
        .note = SMCALC_NOTE("SM count derived: 4608 / 64 = 72 (3rd-party core count; no device report found). Other figures unknown."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Ampere (issue 33)
    {
        .name = "RTX 3050",
        .aliases = "GeForce RTX 3050|3050",
        .device = on_cc({8, 6}, 18),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3050"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3050 Laptop",
        .aliases = "RTX 3050 Laptop GPU|GeForce RTX 3050 Laptop GPU|RTX 3050 Mobile",
        .device = on_cc({8, 6}, 16),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("XTRUPAL"),
        .note = SMCALC_NOTE("Laptop part: 16 SMs (the desktop RTX 3050 has 18). Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3060",
        .aliases = "GeForce RTX 3060|3060",
        .device = on_cc({8, 6}, 28),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3060"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3060 Laptop",
        .aliases = "RTX 3060 Laptop GPU|GeForce RTX 3060 Laptop GPU|RTX 3060 Mobile",
        .device = on_cc({8, 6}, 30),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3060L"),
        .note = SMCALC_NOTE("Laptop part: 30 SMs (the desktop RTX 3060 has 28). Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3060 Ti",
        .aliases = "GeForce RTX 3060 Ti|3060 Ti",
        .device = on_cc({8, 6}, 38),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3060TI"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3070 Laptop",
        .aliases = "RTX 3070 Laptop GPU|GeForce RTX 3070 Laptop GPU|RTX 3070 Mobile",
        .device = on_cc({8, 6}, 40),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3070L"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 3080",
        .aliases = "GeForce RTX 3080|3080|RTX 3080 10GB",
        .device = on_cc({8, 6}, 68),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3080"),
        .note = SMCALC_NOTE("The 10 GB card; the later 12 GB card is another product (not in the table). Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX A4000",
        .aliases = "NVIDIA RTX A4000|A4000",
        .device = on_cc({8, 6}, 48),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-A4000"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX A5000",
        .aliases = "NVIDIA RTX A5000|A5000",
        .device = on_cc({8, 6}, 64),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-A5000"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX A6000",
        .aliases = "NVIDIA RTX A6000|A6000",
        .device = on_cc({8, 6}, 84),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-A6000"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "Jetson Orin Nano 8GB",
        .aliases = "Orin Nano|Jetson Orin Nano|Orin Nano Super|Jetson Orin Nano Super",
        .device = on_cc({8, 7}, 8),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("ORIN-NANO; DQ-ORIN"),
        .note = SMCALC_NOTE("SM count derived: 1024 / 128 = 8 (no device report found). Devices print \"Orin\", which names the AGX Orin row."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Ada (issue 33)
    {
        .name = "RTX 4060 Laptop",
        .aliases = "RTX 4060 Laptop GPU|GeForce RTX 4060 Laptop GPU|RTX 4060 Mobile",
        .device = on_cc({8, 9}, 24),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-4060L; GPUFETCH41"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 4060 Ti",
        .aliases = "GeForce RTX 4060 Ti|4060 Ti",
        .device = on_cc({8, 9}, 34),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("GPUFETCH60"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 4070",
        .aliases = "GeForce RTX 4070|4070",
        .device = on_cc({8, 9}, 46),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("CLUB386 / FPSREVIEW-4070; PG13"),
        .note = SMCALC_NOTE("SM count 3rd-party (no device report found). Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 4070 Ti",
        .aliases = "GeForce RTX 4070 Ti|4070 Ti",
        .device = on_cc({8, 9}, 60),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("SCRE4MIE; CLUB386"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 4080",
        .aliases = "GeForce RTX 4080|4080",
        .device = on_cc({8, 9}, 76),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("CLUB386; PG13"),
        .note = SMCALC_NOTE("SM count 3rd-party (no device report found). Other figures unknown."),
        .gpc = kNoClusters,
    },
    // ---------------------------------------------------------------- Blackwell RTX (issue 33)
    {
        .name = "RTX 5060 Ti",
        .aliases = "GeForce RTX 5060 Ti|5060 Ti",
        .device = on_cc({12, 0}, 36),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-3090"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kCc120GpcsUnsourced,
    },
    // ---------------------------------------------------------------- issue 33, round 3
    {
        .name = "V100S PCIe",
        .aliases = "Tesla V100S PCIe|Tesla V100S-PCIE-32GB|V100S|V100S PCIe 32GB",
        .device = on_cc({7, 0}, 80),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-V100S"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "Jetson Orin Nano 4GB",
        .aliases = "Orin Nano 4GB",
        .device = on_cc({8, 7}, 4),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("ORIN-NANO-DS; PG13"),
        .note = SMCALC_NOTE("SM count derived: 512 / 128 = 4 (no device report found). Devices print \"Orin\", which names the AGX Orin row."),
        .gpc = kNoClusters,
    },
    {
        .name = "Jetson Orin NX 16GB",
        .aliases = "Orin NX 16GB",
        .device = on_cc({8, 7}, 8),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-ORINNX"),
        .note = SMCALC_NOTE("SM count from a device report. Devices print \"Orin\", which names the AGX Orin row."),
        .gpc = kNoClusters,
    },
    {
        .name = "H20",
        .aliases = "NVIDIA H20|H20 96GB",
        .device = on_cc({9, 0}, 78),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = 62914560.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("AMK3"),
        .note = SMCALC_NOTE("L2 as reported (60 MiB); other figures unknown."),
        .gpc = kGpcsUnsourcedUpperBound,
    },
    {
        .name = "RTX 5060",
        .aliases = "GeForce RTX 5060|5060",
        .device = on_cc({12, 0}, 30),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-5060"),
        .note = SMCALC_NOTE("SM count from device reports; other figures unknown."),
        .gpc = kCc120GpcsUnsourced,
    },
    // ---------------------------------------------------------------- issue 33, round 4
    {
        .name = "H800",
        .aliases = "H800 SXM|H800 SXM5",
        .device = on_cc({9, 0}, 132),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("KINETO-H800; DSV3; DEEPGEMM12"),
        .note = SMCALC_NOTE("SM count, CC and per-SM figures from a device report (the trace's deviceProperties, "
                "tests/data/device-reports/pytorch-trace-h800.txt). The SXM part; the PCIe card is its own row. Clock, L2, "
                "bandwidth and TFLOPS unknown (no NVIDIA source read)."),
        .gpc = kGpcsUnsourced,
    },
    {
        .name = "H800 PCIe",
        .aliases = "",
        .device = on_cc({9, 0}, 114),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("CROQTILE-H800; DQ-H800PCIE"),
        .note = SMCALC_NOTE("SM count and CC 9.0 (sm_90a) from first-hand reports; the per-SM figures are CC 9.0's (PG13). Clock, L2, "
                "bandwidth and TFLOPS unknown."),
        .gpc = kGpcsUnsourced,
    },
    {
        .name = "L20",
        .aliases = "",
        .device = on_cc({8, 9}, 92),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("KINETO-L20"),
        .note = SMCALC_NOTE("SM count, CC and per-SM figures from a device report (the trace's deviceProperties, "
                "tests/data/device-reports/pytorch-trace-l20.txt). NVIDIA publishes no L20 datasheet that was read: clock, L2, "
                "bandwidth and TFLOPS unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "A800",
        .aliases = "A800 SXM4|A800 PCIe",
        .device = on_cc({8, 0}, 108),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-A800; A800-TABLE (3rd-party); LMCACHE"),
        .note = SMCALC_NOTE("SM count from first-hand reports that do not name the form factor, and 3rd-party tables that give 6,912 cores "
                "(108 x 64, CC 8.0) for the SXM4 and PCIe cards alike: one row for all A800 variants. The A800 is the A100's "
                "GA100 with NVLink cut (3rd-party); clock, L2, bandwidth and TFLOPS unknown (no NVIDIA source read)."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 4060",
        .aliases = "4060",
        .device = on_cc({8, 9}, 24),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("KINETO-4060; DQ-4060; RTX4060-SPEC (3rd-party); ADAWP"),
        .note = SMCALC_NOTE("The desktop card; the Laptop GPU is its own row (also 24 SMs, DQ-4060L). SM count from device reports, and "
                "3,072 cores / 128 per SM (CC 8.9) = 24 agrees. Other figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "RTX 5070",
        .aliases = "5070",
        .device = on_cc({12, 0}, 48),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-5070; NV-CES25 (3rd-party); RTXBW-WP"),
        .note = SMCALC_NOTE("The desktop card (the Laptop GPU differs and has no row). SM count from first-hand reports; 6,144 cores / 128 "
                "per SM (CC 12.0) = 48 agrees. Other figures unknown."),
        .gpc = kCc120GpcsUnsourced,
    },
    {
        .name = "RTX A2000",
        .aliases = "A2000",
        .device = on_cc({8, 6}, 26),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("DQ-A2000; A2000-SPEC (3rd-party)"),
        .note = SMCALC_NOTE("The desktop card (6 GB and 12 GB: the same 3,328 cores); the RTX A2000 Laptop GPU (GA107, 2,560 cores) "
                "differs and has no row. 3,328 / 128 = 26 SMs, one RT core per SM (26) agrees; CC 8.6 is GA10x's. Other "
                "figures unknown."),
        .gpc = kNoClusters,
    },
    {
        .name = "A16",
        .aliases = "",
        .device = on_cc({8, 6}, 10),
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = SMCALC_NOTE("A16-DS; LMCACHE; DQ-A16"),
        .note = SMCALC_NOTE("One of the board's four GPUs, each a CUDA device of its own (\"NVIDIA A16\"): 1,280 cores / 128 per SM (CC "
                "8.6) = 10 SMs, one RT core per SM (10) agrees. Other figures unknown."),
        .gpc = kNoClusters,
    },
};
// clang-format on

// Lower-case ASCII with spaces, '-' and '_' removed: "H100-SXM5" == "h100 sxm5" == "H100_SXM5".
std::string normalise(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        if (c == '-' || c == '_' || std::isspace(static_cast<unsigned char>(c))) continue;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// normalise(candidate) == key, without building the normalised string (find_gpu runs on every URL-hash read
// and API request: 20 rows and their aliases).
bool same_normalised(std::string_view candidate, std::string_view key) {
    std::size_t i = 0;
    for (char c : candidate) {
        if (c == '-' || c == '_' || std::isspace(static_cast<unsigned char>(c))) continue;
        if (i == key.size() || static_cast<char>(std::tolower(static_cast<unsigned char>(c))) != key[i]) return false;
        ++i;
    }
    return i == key.size();
}

bool matches(const GpuSpec& g, std::string_view key) {
    if (same_normalised(g.name, key)) return true;
    std::string_view rest = g.aliases;
    while (!rest.empty()) {
        const auto bar = rest.find('|');
        const std::string_view alias = rest.substr(0, bar);
        if (!alias.empty() && same_normalised(alias, key)) return true;
        if (bar == std::string_view::npos) break;
        rest.remove_prefix(bar + 1);
    }
    return false;
}

// Every name and alias of `g`, in table order ('|'-separated aliases split).
template <class F>
void for_each_name(const GpuSpec& g, F&& f) {
    f(g.name);
    std::string_view rest = g.aliases;
    while (!rest.empty()) {
        const auto bar = rest.find('|');
        if (bar != 0) f(rest.substr(0, bar));
        if (bar == std::string_view::npos) break;
        rest.remove_prefix(bar + 1);
    }
}

#ifndef SMCALC_PAGE_CORE  // the did-you-mean ranking: the page never shows it (it names the link's GPU itself)
// Levenshtein distance between two normalised names, each cut to kMaxCompared characters: a typed name is at
// most a few dozen characters, and the cut bounds the work (kMaxCompared^2 per name, about 200 names) whatever
// is typed (a URL hash or API request may carry megabytes).
constexpr std::size_t kMaxCompared = 48;

std::size_t edit_distance(std::string_view a, std::string_view b) {
    a = a.substr(0, kMaxCompared);
    b = b.substr(0, kMaxCompared);
    std::array<std::size_t, kMaxCompared + 1> prev{}, cur{};
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        prev = cur;
    }
    return prev[b.size()];
}

#endif

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }

// A normalised name as the tools print it, reduced to the product: the vendor and brand words in front
// ("NVIDIA", "GeForce", "Tesla", "AMD", "Instinct"), the memory type behind ("HBM3", "GDDR6X": nvidia-smi's
// "NVIDIA H100 80GB HBM3"), and "Laptop GPU" -> "laptop" (deviceQuery's "NVIDIA GeForce RTX 4060 Laptop GPU").
// Applied to both the typed name and the table's names, so "Tesla T4" == "T4" and "AMD Instinct MI250X" == "MI250X".
std::string canonical(std::string_view normalised) {
    std::string_view s = normalised;
    for (bool again = true; again;) {
        again = false;
        for (std::string_view w : {"nvidia", "geforce", "tesla", "amd", "instinct"})
            if (starts_with(s, w) && s.size() > w.size()) {
                s.remove_prefix(w.size());
                again = true;
            }
    }
    for (std::string_view w : {"hbm3e", "hbm3", "hbm2e", "hbm2", "gddr7", "gddr6x", "gddr6"})
        if (ends_with(s, w) && s.size() > w.size()) {
            s.remove_suffix(w.size());
            break;
        }
    std::string out(s);
    if (ends_with(out, "laptopgpu")) out.resize(out.size() - 3);
    return out;
}

// Names machines print (deviceQuery, nvidia-smi, PyTorch), read by the CLI, the APIs, device reports and the
// page's links alike. A memory size the name carries as a word of its own ("A100-SXM4-40GB", "NVIDIA H800 80GB
// HBM3", "RTX A2000 12GB": 1 to 4 digits then "GB", between spaces, '-' or '_'), cut out: {canonical name without
// it, "40gb"}; {canonical name, ""} when there is none. Words, not the normalised string: normalising glues the size
// to the model number ("H800 80GB" -> "h80080gb"), and then no rule can tell where one ends.
std::pair<std::string, std::string> split_memory(std::string_view name) {
    std::string rest, size;
    bool first = true;
    std::size_t i = 0;
    const auto separator = [](char c) { return c == '-' || c == '_' || std::isspace(static_cast<unsigned char>(c)); };
    while (i < name.size()) {
        while (i < name.size() && separator(name[i])) ++i;
        std::size_t j = i;
        while (j < name.size() && !separator(name[j])) ++j;
        const std::string word = normalise(name.substr(i, j - i));
        const std::size_t digits = word.size() > 2 ? word.size() - 2 : 0;
        const bool is_size = digits >= 1 && digits <= 4 && ends_with(word, "gb") &&
                             std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(digits),
                                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
        // The first word is the product ("80GB" alone names nothing), and only one size is cut.
        if (is_size && !first && size.empty()) size = word;
        else rest += word;
        if (!word.empty()) first = false;
        i = j;
    }
    return {canonical(rest), size};
}

#ifndef SMCALC_PAGE_CORE
// A name's family for the did-you-mean: its leading letters and the first digit after them ("mi300" -> "mi3",
// "rtx4060laptop" -> "rtx4", "h100" -> "h1"); a product of the same family ranks before a near spelling of
// another ("MI300" -> MI300X, MI325X before B300).
std::string family(const std::string& c) {
    std::size_t i = 0;
    while (i < c.size() && std::isalpha(static_cast<unsigned char>(c[i]))) ++i;
    if (i == c.size() || i == 0) return c;
    return c.substr(0, i + 1);
}

enum class Leaning { None, Nvidia, Amd };

// Which vendor a typed name leans to: its vendor word, or a brand or series only one vendor uses.
Leaning leaning(std::string_view normalised, const std::string& c) {
    for (std::string_view w : {"amd", "instinct", "radeon", "gfx"})
        if (starts_with(normalised, w)) return Leaning::Amd;
    if (starts_with(c, "mi") && c.size() > 2 && std::isdigit(static_cast<unsigned char>(c[2]))) return Leaning::Amd;
    for (std::string_view w : {"nvidia", "geforce", "tesla", "quadro", "rtx", "gtx", "jetson", "titan"})
        if (starts_with(normalised, w) || starts_with(c, w)) return Leaning::Nvidia;
    return Leaning::None;
}

// One candidate of the did-you-mean: NVIDIA rows and AMD rows ranked together.
struct Candidate {
    std::string_view name;
    bool amd = false;
    std::array<std::ptrdiff_t, 4> rank{};  // family mismatch, vendor mismatch, edit distance, -common prefix
};

template <class Names>
std::array<std::ptrdiff_t, 4> rank_of(Names&& each_name, bool amd, std::string_view key, const std::string& ckey,
                                      const std::string& fkey, Leaning lean) {
    std::array<std::ptrdiff_t, 4> best{PTRDIFF_MAX, PTRDIFF_MAX, PTRDIFF_MAX, 0};
    each_name([&](std::string_view n) {
        const std::string nn = normalise(n);
        const std::string cn = canonical(nn);
        std::size_t d = std::min(edit_distance(key, nn), edit_distance(ckey, cn));
        // A name that starts with what was typed ("rtx pro" for "RTX PRO 6000 Blackwell") counts as distance 1.
        if (!ckey.empty() && cn.size() > ckey.size() && starts_with(cn, ckey)) d = std::min<std::size_t>(d, 1);
        std::ptrdiff_t prefix = 0;
        while (static_cast<std::size_t>(prefix) < std::min(cn.size(), ckey.size()) && cn[prefix] == ckey[prefix]) ++prefix;
        const std::ptrdiff_t fam = family(cn) == fkey ? 0 : 1;
        const std::ptrdiff_t vendor = lean == Leaning::None ? 0 : ((lean == Leaning::Amd) == amd ? 0 : 1);
        best = std::min(best, std::array<std::ptrdiff_t, 4>{fam, vendor, static_cast<std::ptrdiff_t>(d), -prefix});
    });
    return best;
}

template <class F>
void for_each_alias(std::string_view name, std::string_view aliases, F&& f) {
    f(name);
    while (!aliases.empty()) {
        const auto bar = aliases.find('|');
        if (bar != 0) f(aliases.substr(0, bar));
        if (bar == std::string_view::npos) break;
        aliases.remove_prefix(bar + 1);
    }
}
#endif

// "sm_90", "sm_90a", "sm90", "compute_90", "cc 9.0", "9.0": a compilation target or compute capability, not
// a product. nullopt for anything else (a bare number such as "750" is not taken as a CC).
std::optional<ComputeCapability> target_cc(std::string_view key) {  // key is normalised
    for (std::string_view p : {"compute", "sm", "cc", ""}) {
        if (key.substr(0, p.size()) != p) continue;
        std::string_view rest = key.substr(p.size());
        if (p.empty() && rest.find('.') == std::string_view::npos) continue;
        if (!rest.empty() && (rest.back() == 'a' || rest.back() == 'f')) rest.remove_suffix(1);
        if (rest.empty() || rest.size() > 5) continue;
        if (auto cc = parse_cc(rest); cc && cc->major >= 1 && cc->major <= 20) return *cc;
    }
    return std::nullopt;
}

// A memory size the row does not spell ("Tesla V100-SXM2-32GB" is the V100 SXM2 row, whose names carry no size),
// but never one that contradicts a size the row names ("A100-PCIE-40GB" is not the 80 GB PCIe row): the one row
// whose name without the size matches, or nullptr.
const GpuSpec* match_memory_size(std::string_view name) {
    // Not a structured binding: clang 14 (em++) cannot capture those in the lambda below.
    const std::pair<std::string, std::string> split = split_memory(name);
    const std::string& bare = split.first;
    const std::string& size = split.second;
    if (size.empty()) return nullptr;
    const GpuSpec* only = nullptr;
    int hits = 0;
    for (const auto& g : kGpus) {
        bool hit = false, sized = false, same_size = false;
        for_each_name(g, [&](std::string_view n) {
            const auto [b, s] = split_memory(n);
            if (!s.empty()) sized = true;
            if (s == size) same_size = true;
            if (b == bare) hit = true;
        });
        if (hit && (!sized || same_size)) {
            only = &g;
            ++hits;
        }
    }
    return hits == 1 ? only : nullptr;
}

#ifndef SMCALC_PAGE_CORE
// An AMD target (rocminfo's "Name: gfx942", or "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-") names an architecture
// that several products share, like sm_90: the error saying which (never one picked), or nullopt.
std::optional<Error> amd_target_error(const std::string& key, const std::string& shown) {
    if (const std::size_t at = key.find("gfx"); at != std::string::npos && (at == 0 || ends_with(key.substr(0, at), "amdhsa"))) {
        std::size_t end = at + 3;
        while (end < key.size() && std::isalnum(static_cast<unsigned char>(key[end]))) ++end;
        const std::string target = key.substr(at, end - at);
        std::string same;
        for (const auto& g : amd::all_gpus())
            if (target == g.gfx) same += (same.empty() ? "" : ", ") + std::string(g.name);
        if (!same.empty())
            return Error{ErrorId::UnknownGpu, "gpu",
                         "unknown GPU " + shown + ": it names the AMD target " + target + ", not a GPU; give one of the " +
                             target + " GPUs: " + same};
        if (target.size() > 3) {  // a target no modelled product has (a Radeon's gfx1100): say what is modelled
            std::string known;
            for (const auto& g : amd::all_gpus())
                known += (known.empty() ? "" : ", ") + std::string(g.name) + " (" + std::string(g.gfx) + ")";
            return Error{ErrorId::UnknownGpu, "gpu",
                         "unknown GPU " + shown + ": it names the AMD target " + target +
                             ", which none of the AMD GPUs smcalc models has; they are " + known};
        }
}
    return std::nullopt;
}

// The error for a name no row has: the three nearest names ("did you mean") across both vendors.
Error did_you_mean(const std::string& key, const std::string& ckey, const std::string& shown) {
    // The three nearest names ("did you mean") across both vendors: same family first ("MI300" -> MI300X,
    // MI325X), then the vendor the name leans to, then edit distance and common prefix; ties in table order.
    const std::string fkey = family(ckey);
    const Leaning lean = leaning(key, ckey);
    std::vector<Candidate> ranked;
    for (const auto& g : kGpus)
        ranked.push_back({g.name, false, rank_of([&](auto f) { for_each_alias(g.name, g.aliases, f); }, false, key, ckey, fkey, lean)});
    for (const auto& g : amd::all_gpus())
        ranked.push_back({g.name, true, rank_of([&](auto f) { for_each_alias(g.name, g.aliases, f); }, true, key, ckey, fkey, lean)});
    detail::small_stable_sort(ranked.begin(), ranked.end(), [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
    std::string near;
    for (std::size_t i = 0; i < 3 && i < ranked.size(); ++i)
        near += std::string(i == 0 ? "" : i + 1 == 3 ? " or " : ", ") + std::string(ranked[i].name);
    return Error{ErrorId::UnknownGpu, "gpu",
                 "unknown GPU " + shown + "; did you mean " + near + "? (" +
                     std::to_string(std::size(kGpus) + amd::all_gpus().size()) +
                     " GPUs are known: see the gpus list); or give a device or cc"};
}
#endif

}  // namespace

std::span<const GpuSpec> all_gpus() { return kGpus; }

Expected<const GpuSpec*> find_gpu(std::string_view name) {
    const std::string key = normalise(name.substr(0, 4096));
    const bool usable = !key.empty() && name.size() <= 4096;
    if (usable)
        for (const auto& g : kGpus)
            if (matches(g, key)) return &g;
    // Names as the tools print them: vendor words, memory type and "Laptop GPU" set aside (canonical), then a
    // memory size the row does not spell ("Tesla V100-SXM2-32GB" is the V100 SXM2 row, whose names carry no
    // size) - but never one that contradicts a size the row names ("A100-PCIE-40GB" is not the 80 GB PCIe row).
    const std::string ckey = canonical(key);
    if (usable && !ckey.empty()) {
        for (const auto& g : kGpus) {
            bool hit = false;
            for_each_name(g, [&](std::string_view n) { hit = hit || canonical(normalise(n)) == ckey; });
            if (hit) return &g;
        }
        if (const GpuSpec* g = match_memory_size(name.substr(0, 4096))) return g;
    }
    const std::string shown = "\"" + std::string(name.substr(0, 80)) + (name.size() > 80 ? "...\"" : "\"");
    // A target such as sm_90 names a compute capability that several products share: say which, never pick one.
    if (const auto cc = target_cc(key)) {
        std::string same;
        for (const auto& g : kGpus)
            if (g.device.cc == *cc) same += (same.empty() ? "" : ", ") + std::string(g.name);
        const std::string cc_s = std::to_string(cc->major) + "." + std::to_string(cc->minor);
        return Error{ErrorId::UnknownGpu, "gpu",
                     "unknown GPU " + shown + ": it names compute capability " + cc_s + ", not a GPU; give cc " + cc_s +
                         (same.empty() ? std::string() : " or one of the CC " + cc_s + " GPUs: " + same) +
                         "; or give a device or cc"};
    }
#ifdef SMCALC_PAGE_CORE
    // The page's own copy of the core (web/CMakeLists.txt): the page says "Unknown GPU ... in the link" itself and
    // lists the GPUs in its picker, so it carries no did-you-mean ranking (page weight).
    return Error{ErrorId::UnknownGpu, "gpu", "unknown GPU " + shown + "; see the gpus list; or give a device or cc"};
#else
    if (auto e = amd_target_error(key, shown)) return *e;
    return did_you_mean(key, ckey, shown);
#endif
}

}  // namespace smcalc
