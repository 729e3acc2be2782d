// gpus.cpp - the GPU product database: one row per product, and name lookup.
//
// Every row is written out in full (no row derives from another). The Device part repeats the per-CC
// figures of core/src/arch.cpp as the device would report them (cudaGetDeviceProperties units: bytes,
// threads, 32-bit registers); tests/unit-gpus.cpp checks that they agree. sm_count 0 means nobody
// published the SM count of that product: per-SM answers only. An optional figure without a source stays
// std::nullopt ("unknown"). `source` holds keys resolved in docs/sources.md (taken from
// ../shared/reference/gpu-facts.md); `note` names derived figures and disagreements between sources.
//
// Conventions for the optional figures: KB = 1024 B and MB = 1024 KB (gpu-facts.md units); GB/s = 10^9 B/s;
// "derived" = arithmetic on sourced numbers, formula in the note.
#include <cctype>
#include <string>

#include "smcalc/gpu.hpp"

namespace smcalc {
namespace {

// Public figures of resident clusters (docs/clusters.md). cuBLAS sizes a persistent GEMM's grid to the clusters
// that fit at once, so its grid is read as resident clusters on the die it ran on.
constexpr ClusterEvidence kH100Sxm5Evidence[] = {
    {.cluster_size = 8, .ctas_per_sm = 1, .clusters = 15,
     .text = "cuBLAS launched grid (60,2,1) = 120 CTAs = 15 clusters of 4x2x1 for a 128x128x64 bf16 GEMM tile at 1 CTA/SM "
             "(M = N = K = 4096) on an H100 SXM5",
     .source = "CUTLASS1921"},
};

// clang-format off
constexpr GpuSpec kGpus[] = {
    // ---------------------------------------------------------------- Volta / Turing
    {
        .name = "V100 SXM2",
        .aliases = "V100|Tesla V100|V100 SXM",
        .device = {.cc = {7, 0}, .sm_count = 80, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 98304, .smem_per_block = 49152, .smem_per_block_optin = 98304,
                   .reserved_smem_per_block = 0},
        .boost_clock_mhz = 1530.0,
        .l2_bytes = 6291456.0,
        .mem_bw_gbs = 900.0,
        .bf16_dense_tflops = 125.0,
        .fp32_tflops = 15.7,
        .source = "A100WP T4 (3rd-party transcriptions); GV100-TR; LMCACHE (CC)",
        .note = "No BF16 on Volta: the tensor figure is FP16 with FP32 accumulate. L2 6144 KB. "
                "Full GV100 has 84 SMs (6 GPCs x 7 TPCs x 2); the product enables 80.",
        .gpc = {.gpcs_min = 6, .gpcs_max = 6, .max_sms_per_gpc = 14, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GV100-TR (6 GPCs x 7 TPCs x 2 SMs on the full die; 80 of 84 SMs enabled); no clusters before CC 9.0"},
    },
    {
        .name = "T4",
        .aliases = "Tesla T4",
        .device = {.cc = {7, 5}, .sm_count = 40, .max_threads_per_block = 1024, .max_threads_per_sm = 1024,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 65536, .smem_per_block = 49152, .smem_per_block_optin = 65536,
                   .reserved_smem_per_block = 0},
        .boost_clock_mhz = 1590.0,
        .l2_bytes = 4194304.0,
        .mem_bw_gbs = 320.0,
        .bf16_dense_tflops = 65.0,
        .fp32_tflops = 8.1,
        .source = "DQ-T4; KENT (T4 datasheet); VGPU-LAYOUT; LMCACHE (CC)",
        .note = "Memory bandwidth derived: 256-bit x 5001 MHz x 2 / 8 = 320 GB/s. No BF16 on Turing: the tensor "
                "figure is FP16 mixed precision. 5 GPCs / 20 TPCs (3rd-party, citing NVIDIA's whitepaper).",
        .gpc = {.gpcs_min = 5, .gpcs_max = 5, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (5 GPCs / 20 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0"},
    },
    // ---------------------------------------------------------------- Ampere
    {
        .name = "A100 40GB SXM4",
        .aliases = "A100|A100 40GB|A100 SXM4 40GB|A100 40GB SXM",
        .device = {.cc = {8, 0}, .sm_count = 108, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 167936, .smem_per_block = 49152, .smem_per_block_optin = 166912,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1410.0,
        .l2_bytes = 41943040.0,
        .mem_bw_gbs = 1555.0,
        .bf16_dense_tflops = 312.0,
        .fp32_tflops = 19.5,
        .source = "A100WP (T4 + unit lists); DQ-A100 (1410 MHz, L2 41943040 B); LMCACHE (CC)",
        .note = "Plain \"A100\" means this 40 GB SXM4 part; the 80 GB part differs only in memory bandwidth. "
                "Full GA100 has 128 SMs (8 GPCs x 8 TPCs x 2); the product enables 108 over 7 GPCs.",
        .gpc = {.gpcs_min = 7, .gpcs_max = 7, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "A100WP (GA100: 8 GPCs x 8 TPCs x 2 SMs; A100: 108 SMs on 7 GPCs); no clusters before CC 9.0"},
    },
    {
        .name = "A100 80GB SXM4",
        .aliases = "A100 80GB|A100 SXM4 80GB|A100 80GB SXM",
        .device = {.cc = {8, 0}, .sm_count = 108, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 167936, .smem_per_block = 49152, .smem_per_block_optin = 166912,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1410.0,
        .l2_bytes = 41943040.0,
        .mem_bw_gbs = 2039.0,
        .bf16_dense_tflops = 312.0,
        .fp32_tflops = 19.5,
        .source = "A100DS (2039 GB/s, 3rd-party transcription); A100WP; LMCACHE (CC)",
        .note = "L2 40 MB.",
        .gpc = {.gpcs_min = 7, .gpcs_max = 7, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "A100WP (GA100: 8 GPCs x 8 TPCs x 2 SMs; A100: 108 SMs on 7 GPCs); no clusters before CC 9.0"},
    },
    {
        .name = "A30",
        .aliases = "",
        .device = {.cc = {8, 0}, .sm_count = 0, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 167936, .smem_per_block = 49152, .smem_per_block_optin = 166912,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = "LMCACHE (CC only)",
        .note = "Only the compute capability is sourced: SM count unknown (0), so per-SM answers only.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout not sourced; no clusters before CC 9.0"},
    },
    {
        .name = "A10",
        .aliases = "",
        .device = {.cc = {8, 6}, .sm_count = 0, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 600.0,
        .bf16_dense_tflops = 125.0,
        .fp32_tflops = 31.2,
        .source = "ASTRO; SPECS-WZ (A10 datasheet, 3rd-party); LMCACHE (CC)",
        .note = "No source found for the SM count (0 = unknown: per-SM answers only), boost clock or L2. "
                "Tensor figure 125 dense (250 with sparsity).",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout not sourced; no clusters before CC 9.0"},
    },
    {
        .name = "RTX 3090",
        .aliases = "3090|GeForce RTX 3090",
        .device = {.cc = {8, 6}, .sm_count = 82, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1695.0,
        .l2_bytes = 6291456.0,
        .mem_bw_gbs = 936.0,
        .bf16_dense_tflops = 71.2,
        .fp32_tflops = 35.6,
        .source = "DQ-3090; VGPU-LAYOUT; LLMC; RTX30-TABLE",
        .note = "BF16 tensor derived from LLMC: 80 x 328/336 x 1695/1860 = 71.2. FP32 35.6 (RTX30-TABLE; also "
                "derived 82 x 128 x 2 x 1.695 GHz). Bandwidth 936 GB/s is 3rd-party. 7 GPCs / 41 TPCs "
                "(3rd-party, citing the GA102 whitepaper).",
        .gpc = {.gpcs_min = 7, .gpcs_max = 7, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (7 GPCs / 41 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0"},
    },
    {
        .name = "Jetson AGX Orin 64GB",
        .aliases = "Orin|AGX Orin|Jetson AGX Orin",
        .device = {.cc = {8, 7}, .sm_count = 16, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 167936, .smem_per_block = 49152, .smem_per_block_optin = 166912,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1300.0,
        .l2_bytes = 4194304.0,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = "DQ-ORIN",
        .note = "Clock is tool-reported as 1.3 GHz (rounded); another Orin reports 1275 MHz. SM counts vary by "
                "module: 16 on the AGX Orin 64 GB, but an agx-orin-devkit-industrial run reports 8, so \"Orin\" "
                "here means the 64 GB AGX module; give a device for other Orin modules. Bandwidth and tensor "
                "figures unknown.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout not sourced; no clusters before CC 9.0"},
    },
    // ---------------------------------------------------------------- Ada
    {
        .name = "RTX 4090",
        .aliases = "4090|GeForce RTX 4090",
        .device = {.cc = {8, 9}, .sm_count = 128, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 2520.0,
        .l2_bytes = 75497472.0,
        .mem_bw_gbs = 1008.0,
        .bf16_dense_tflops = 165.2,
        .fp32_tflops = 82.6,
        .source = "ADAWP App. A (3rd-party transcription); DQ-4090; VGPU-LAYOUT",
        .note = "Clocks disagree: whitepaper boost 2520 MHz, deviceQuery max clock 2535 MHz (2520 used). "
                "L2 72 MB (73728 KB; full AD102 has 96 MB). Tensor 165.2 dense (330.4 sparse). "
                "11 GPCs / 64 TPCs (3rd-party, citing the Ada whitepaper).",
        .gpc = {.gpcs_min = 11, .gpcs_max = 11, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (11 GPCs / 64 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0"},
    },
    {
        .name = "L4",
        .aliases = "",
        .device = {.cc = {8, 9}, .sm_count = 58, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 300.0,
        .bf16_dense_tflops = 121.0,
        .fp32_tflops = 30.3,
        .source = "SPECS-WZ (L4 datasheet); KENT (0.3 TB/s); VGPU-LAYOUT; LMCACHE (CC)",
        .note = "SM count 58 (5 GPCs / 29 TPCs) is 3rd-party, citing the Ada whitepaper. Boost clock and L2 "
                "unknown. Tensor 121 dense (242 sparse).",
        .gpc = {.gpcs_min = 5, .gpcs_max = 5, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (5 GPCs / 29 TPCs, 3rd-party); full-die TPCs per GPC not sourced; no clusters before CC 9.0"},
    },
    {
        .name = "L40S",
        .aliases = "",
        .device = {.cc = {8, 9}, .sm_count = 142, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 864.0,
        .bf16_dense_tflops = 362.05,
        .fp32_tflops = 91.6,
        .source = "L40S-DS (datasheet reproduced by reseller); SPECS-WZ; LMCACHE (CC)",
        .note = "SM count derived: 18,176 CUDA cores / 128 per SM = 142. L2 left unknown: 3rd-party figures "
                "disagree (96 MB, said to be the full AD102, vs 48 MB) and no NVIDIA source or device query "
                "was found. Boost clock unknown. Tensor 362.05 dense (733 sparse).",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout not sourced; no clusters before CC 9.0"},
    },
    // ---------------------------------------------------------------- Hopper
    {
        .name = "H100 SXM5",
        .aliases = "H100|H100 SXM|H100 SXM5 80GB|H100 80GB SXM5",
        .device = {.cc = {9, 0}, .sm_count = 132, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 233472, .smem_per_block = 49152, .smem_per_block_optin = 232448,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1830.0,
        .l2_bytes = 52428800.0,
        .mem_bw_gbs = 3350.0,
        .bf16_dense_tflops = 989.4,
        .fp32_tflops = 67.0,
        .source = "H100WP v1.04 T3; H100-UNITS; H100-DS-COPY (FP32, BW, L2); LLMC (clock); LMCACHE (CC)",
        .note = "Plain \"H100\" means this SXM5 part. Clock 1830 MHz is LLMC's tensor-peak basis; 67 TFLOPS FP32 "
                "implies about 1980 MHz (derived 67e12 / (132 x 128 x 2)). Whitepaper revisions disagree: v1.0 era "
                "1000 TFLOPS FP16, 60 FP32, 3000 GB/s; v1.04 989.4 (1978.9 sparse), 3.35 TB/s (used); the Hopper "
                "Tuning Guide still says up to 3 TB/s. 8 GPCs / 66 TPCs; full GH100 has 144 SMs. L2 50 MB.",
        .gpc = {.gpcs_min = 8, .gpcs_max = 8, .max_sms_per_gpc = 18, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 18,
                .max_cluster_size = 16, .evidence = kH100Sxm5Evidence,
                .source = "H100-UNITS (GH100: 8 GPCs x 9 TPCs x 2 SMs; H100 SXM5: 66 TPCs, 8 GPCs); CUTLASS1921 (uneven "
                          "split); CUTLASS-TSP (18 SMs per GPC); PG13-CL + CUPY8778 (16 with the non-portable attribute)"},
    },
    {
        .name = "H100 PCIe",
        .aliases = "H100 PCIe 80GB|H100 80GB PCIe",
        .device = {.cc = {9, 0}, .sm_count = 114, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 233472, .smem_per_block = 49152, .smem_per_block_optin = 232448,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 1620.0,
        .l2_bytes = 52428800.0,
        .mem_bw_gbs = 2000.0,
        .bf16_dense_tflops = 756.0,
        .fp32_tflops = 51.0,
        .source = "H100WP v1.04 T3; H100-UNITS; H100-DS-COPY (FP32, BW, L2); LLMC (clock); LMCACHE (CC)",
        .note = "Clock 1620 MHz is LLMC's tensor-peak basis. Tensor 756 dense (1513 sparse). \"7 or 8 GPCs\" / "
                "57 TPCs. L2 50 MB.",
        .gpc = {.gpcs_min = 7, .gpcs_max = 8, .max_sms_per_gpc = 18, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 18,
                .max_cluster_size = 16, .evidence = {},
                .source = "H100-UNITS (GH100: 9 TPCs per GPC; H100 PCIe: 57 TPCs on \"7 or 8 GPCs\"); CUTLASS-TSP (18 SMs per "
                          "GPC); PG13-CL (16 on H100 with the non-portable attribute)"},
    },
    {
        .name = "H200 SXM",
        .aliases = "H200|H200 SXM 141GB",
        .device = {.cc = {9, 0}, .sm_count = 0, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 233472, .smem_per_block = 49152, .smem_per_block_optin = 232448,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 4800.0,
        .bf16_dense_tflops = 989.5,
        .fp32_tflops = std::nullopt,
        .source = "ASTRO (H200 datasheet table); SGL-TEST (CC)",
        .note = "No source found for the SM count (0 = unknown: per-SM answers only), boost clock, L2 or FP32. "
                "Tensor derived: datasheet 1979 sparse / 2 = 989.5.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 18, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 18,
                .max_cluster_size = 16, .evidence = {},
                .source = "H100-UNITS (GH100 die: 9 TPCs x 2 SMs per GPC); CUTLASS-TSP (18); PG13-CL (Hopper: 16 "
                          "non-portable); enabled GPC count not sourced"},
    },
    // ---------------------------------------------------------------- Blackwell (data centre)
    {
        .name = "B200",
        .aliases = "HGX B200|B200 SXM",
        .device = {.cc = {10, 0}, .sm_count = 148, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 233472, .smem_per_block = 49152, .smem_per_block_optin = 232448,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = 132644864.0,
        .mem_bw_gbs = 7700.0,
        .bf16_dense_tflops = 2250.0,
        .fp32_tflops = 75.0,
        .source = "AO4002 (device query: 148 SMs, L2, bus); BWDS (HGX B200 per GPU); BTG; DC-BLOG",
        .note = "Bandwidth disagrees: 7.7 TB/s (current datasheet BWDS, used), 8 TB/s (older collateral, "
                "DC-BLOG), 7.672 TB/s derived from the reported 7680-bit x 3996 MHz x 2. L2 derived from the "
                "device-reported 126.50 MB (x 2^20 B); BTG says 126 MB for GB200. Tensor derived: 4.5 PF sparse "
                "/ 2 = 2250. Boost clock unknown; GPC layout not published.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 16, .evidence = {},
                .source = "BTG-CL (B200: non-portable cluster size 16); GPC count and SMs per GPC not published"},
    },
    {
        .name = "B300",
        .aliases = "HGX B300|B300 SXM",
        .device = {.cc = {10, 3}, .sm_count = 0, .max_threads_per_block = 1024, .max_threads_per_sm = 2048,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 233472, .smem_per_block = 49152, .smem_per_block_optin = 232448,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 8000.0,
        .bf16_dense_tflops = 2250.0,
        .fp32_tflops = std::nullopt,
        .source = "BU-BLOG; COSMOS114; DC-BLOG; SAGE358 (sm_103)",
        .note = "SM count left unknown (0): NVIDIA's Blackwell Ultra blog gives 160 SMs \"in the full GPU "
                "implementation\" (its GPC count is self-contradictory) and no device query of a shipping B300 "
                "was found, so the enabled count is unconfirmed. Tensor derived: HGX B300 36 PF sparse / 2 / 8 "
                "GPUs = 2250. Boost clock, L2 and FP32 unknown.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout and non-portable cluster limit of CC 10.3 not sourced (BU-BLOG's GPC count "
                          "contradicts itself)"},
    },
    // ---------------------------------------------------------------- Blackwell (RTX / GB10), CC 12.x
    {
        .name = "RTX 5090",
        .aliases = "5090|GeForce RTX 5090",
        .device = {.cc = {12, 0}, .sm_count = 170, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 2407.0,
        .l2_bytes = 100663296.0,
        .mem_bw_gbs = 1792.0,
        .bf16_dense_tflops = 209.5,
        .fp32_tflops = 104.8,
        .source = "DQ-5090; RTXBW-WP; VGPU-LAYOUT; NCCL1637 / AIKITORIA1 (partner-card clocks)",
        .note = "Clocks disagree: 2407 MHz reported on one card (used) vs 2550 / 2655 MHz on partner cards. "
                "Bandwidth derived: 512-bit x 14001 MHz x 2 / 8. FP32 derived: 170 x 128 x 2 x 2.407 GHz. Devices "
                "report 24 blocks/SM and 100 KB smem/SM (the Blackwell Tuning Guide's 32 blocks and 128 KB are "
                "not used). 11 GPCs / 85 TPCs (3rd-party); full GB202 has 192 SMs. A 3rd-party table lists CC "
                "10.1; deviceQuery reports 12.0.",
        .gpc = {.gpcs_min = 11, .gpcs_max = 11, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "VGPU-LAYOUT (11 GPCs / 85 TPCs, 3rd-party); RTXBW-WP (full GB202: 12 GPCs / 96 TPCs / 192 SMs "
                          "= 8 TPCs x 2 SMs per GPC); non-portable limit of CC 12.0 not sourced"},
    },
    {
        .name = "RTX 5080",
        .aliases = "5080|GeForce RTX 5080",
        .device = {.cc = {12, 0}, .sm_count = 84, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = std::nullopt,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = "DQ-5080 (device report)",
        .note = "A device report gives CC 12.0, 84 SMs, 1536 threads/SM and 24 blocks/SM; clock, L2, bandwidth "
                "and TFLOPS unknown.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "GPC layout and non-portable limit of CC 12.0 not sourced"},
    },
    {
        .name = "RTX PRO 6000 Blackwell",
        .aliases = "RTX PRO 6000|RTX PRO 6000 Blackwell Workstation|RTX PRO 6000 Workstation",
        .device = {.cc = {12, 0}, .sm_count = 188, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = std::nullopt,
        .l2_bytes = std::nullopt,
        .mem_bw_gbs = 1792.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = 125.0,
        .source = "RTXPRO6000-DS (Workstation datasheet); VGPU-LAYOUT; RTXBW-WP; SGL-TEST (CC)",
        .note = "Workstation edition. SM count derived: 24,064 CUDA cores / 128 per SM = 188 (12 GPCs / 94 TPCs, "
                "3rd-party). Dense BF16 unknown: the datasheet gives only \"4000 AI TOPS\" (FP4 sparse). Boost "
                "clock and L2 unknown (full GB202 has 131,072 KB).",
        .gpc = {.gpcs_min = 12, .gpcs_max = 12, .max_sms_per_gpc = 16, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 0, .evidence = {},
                .source = "RTXBW-WP (RTX PRO 6000: 12 GPCs / 94 TPCs / 188 SMs; full GB202 8 TPCs x 2 SMs per GPC); "
                          "non-portable limit of CC 12.0 not sourced"},
    },
    {
        .name = "DGX Spark GB10",
        .aliases = "GB10|Spark|DGX Spark|NVIDIA GB10",
        .device = {.cc = {12, 1}, .sm_count = 48, .max_threads_per_block = 1024, .max_threads_per_sm = 1536,
                   .regs_per_sm = 65536, .regs_per_block = 65536, .warp_size = 32,
                   .smem_per_sm = 102400, .smem_per_block = 49152, .smem_per_block_optin = 101376,
                   .reserved_smem_per_block = 1024},
        .boost_clock_mhz = 2418.0,
        .l2_bytes = 25165824.0,
        .mem_bw_gbs = 273.0,
        .bf16_dense_tflops = std::nullopt,
        .fp32_tflops = std::nullopt,
        .source = "DQ-GB10; GB10-THESIS; SGL-TEST (CC)",
        .note = "Clock 2418 MHz is the default application clock (device ClockRate 2418000 kHz); a 3rd-party "
                "source gives 3003 MHz as the boost ceiling. Bandwidth 273 GB/s = 256-bit x 8533 MT/s / 8 "
                "(LPDDR5x). Device reports 24 blocks/SM; cluster size 8 is a hard limit. Tensor and FP32 TFLOPS "
                "unknown; no GPC count published.",
        .gpc = {.gpcs_min = 0, .gpcs_max = 0, .max_sms_per_gpc = 0, .sms_per_tpc = 2, .heuristic_sms_per_gpc = 0,
                .max_cluster_size = 8, .evidence = {},
                .source = "GB10-THESIS (cluster size 8 is a hard limit); GPC layout not published"},
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

}  // namespace

std::span<const GpuSpec> all_gpus() { return kGpus; }

Expected<const GpuSpec*> find_gpu(std::string_view name) {
    const std::string key = normalise(name);
    if (!key.empty())
        for (const auto& g : kGpus)
            if (matches(g, key)) return &g;
    std::string known;
    for (const auto& g : kGpus) {
        if (!known.empty()) known += ", ";
        known += g.name;
    }
    return Error{ErrorId::UnknownGpu, "gpu",
                 "unknown GPU \"" + std::string(name) + "\"; known: " + known + "; or give a device or cc"};
}

}  // namespace smcalc
