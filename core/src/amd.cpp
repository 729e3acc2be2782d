// amd.cpp - AMD CDNA3/CDNA4 architecture rows, products, occupancy, derivation and next step
// (smcalc/amd.hpp). Rules re-expressed from LLVM's AMDGPU target and the HIP runtime; docs/amd.md gives
// each one with its source. Units: registers per lane (VGPR/AGPR) or per wave (SGPR), bytes for LDS,
// waves, workgroups. "per SIMD" and "per CU" as named.
//
// Index
//   [SECTION] architecture rows   gfx942, gfx950, gfx90a, gfx908
//   [SECTION] products            MI300X, MI325X, MI350X, MI355X, MI250X, MI250, MI210, MI100, MI300A
//   [SECTION] vocabulary          SM/CU, warp/wave, ...; vendor-only fields
//   [SECTION] occupancy           per-limit counts, limiter, compiler figure, derivation
//   [SECTION] next step           the smallest change of one resource that fits one more workgroup
#include "smcalc/amd.hpp"
#include "smcalc/format.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

#include "names.hpp"

#include "small_sort.hpp"

namespace smcalc::amd {
namespace {

// ============================================================================ [SECTION] architecture rows

// Source keys (docs/amd.md): LLVM-BI = llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp (getWavefrontSize,
// getEUsPerCU, getMaxWavesPerEU, getTotalNumVGPRs, getAddressableNumArchVGPRs, getVGPRAllocGranule,
// getTotalNumSGPRs, getSGPRAllocGranule, getMaxNumSGPRs, getMaxWorkGroupsPerCU, getMaxFlatWorkGroupSize);
// LLVM-TD = AMDGPU.td / GCNProcessors.td (FeatureGFX90AInsts, FeatureAddressableLocalMemorySize65536 /
// 163840); LLVM-T-LDS950 = llvm/test/CodeGen/AMDGPU gfx950 LDS-size test (granulated_lds_size 65 for
// 131,076 B, 80 for 163,840 B: 2,048-byte blocks); LLVM-ASM = AMDGPUAsmPrinter "LDS is allocated in 128
// dword blocks" (gfx9); HIP-OCC = ROCm clr hipamd/src/hip_platform.cpp
// ihipOccupancyMaxActiveBlocksPerMultiprocessor; ROCM-SPECS = rocm.docs.amd.com reference/gpu-specs.
// clang-format off
// The register files, wave slots and workgroup limits are the same on every CDNA target modelled (LLVM-BI,
// LLVM-TD: wave64, 4 SIMDs, 8 waves, 512 unified VGPRs, 800 SGPRs); only the LDS differs (LLVM-TD
// FeatureAddressableLocalMemorySize, LLVM-T-LDS950 / LLVM-ASM granule). lds: bytes per CU, also one
// workgroup's limit; lds_granule: bytes.
constexpr ArchRules cdna(std::string_view gfx, std::string_view family, std::string_view label, int lds,
                         int lds_granule, std::string_view source) {
    return {.gfx = gfx, .family = family, .label = label,
            .wave_size = 64, .simds_per_cu = 4, .max_waves_per_simd = 8,
            .vgprs_per_simd = 512, .unified_vgprs = true, .max_vgprs = 256, .max_agprs = 256, .agpr_offset_granule = 4,
            .vgpr_alloc_granule = 8, .sgprs_per_simd = 800, .sgpr_alloc_granule = 16, .max_sgprs = 112,
            .lds_per_cu = lds, .lds_per_workgroup = lds, .lds_alloc_granule = lds_granule,
            .max_workgroup_size = 1024, .max_barriers_per_cu = 16,
            .source = source};
}

// gfx908 (CDNA, MI100) has no FeatureGFX90AInsts: two files of 256 registers per lane per SIMD, one for VGPRs
// and one for AGPRs ("256 VGPR and 256 AccVGPR", ROCM-SPECS), allocated in granules of 4 (LLVM-BI
// getVGPRAllocGranule: wave64 without GFX10_3/GFX90A insts), occupancy from the larger of the two counts
// (LLVM-BI getTotalNumVGPRs(has90AInsts = false): max(VGPRs, AGPRs)); 10 waves per SIMD (LLVM-BI
// getMaxWavesPerEU: 8 only with FeatureGFX90AInsts), so 40 wave slots per CU; LDS 64 KiB in 512 B blocks
// (LLVM-ASM, gfx9). LLC19 gfx908 prints 9 waves/SIMD for 768 work-items with 20 KiB LDS (3 x 12 waves / 4).
constexpr ArchRules kGfx908 = {
    .gfx = "gfx908", .family = "CDNA", .label = "MI100",
    .wave_size = 64, .simds_per_cu = 4, .max_waves_per_simd = 10,
    .vgprs_per_simd = 256, .unified_vgprs = false, .max_vgprs = 256, .max_agprs = 256, .agpr_offset_granule = 4,
    .vgpr_alloc_granule = 4, .sgprs_per_simd = 800, .sgpr_alloc_granule = 16, .max_sgprs = 112,
    .lds_per_cu = 65536, .lds_per_workgroup = 65536, .lds_alloc_granule = 512,
    .max_workgroup_size = 1024, .max_barriers_per_cu = 16,
    .source = "LLVM-BI; LLVM-TD; LLVM-ASM; ROCM-SPECS; LLC19"};

constexpr ArchRules kArchs[] = {
    cdna("gfx942", "CDNA3", "MI300X, MI325X (and MI300A)", 65536, 512, "LLVM-BI; LLVM-TD; LLVM-ASM; HIP-OCC; ROCM-SPECS"),
    cdna("gfx950", "CDNA4", "MI350X, MI355X", 163840, 2048, "LLVM-BI; LLVM-TD; LLVM-T-LDS950; HIP-OCC; ROCM-SPECS"),
    cdna("gfx90a", "CDNA2", "MI250X, MI250, MI210", 65536, 512, "LLVM-BI; LLVM-TD; LLVM-ASM; HIP-OCC; ROCM-SPECS; LLC19"),
    kGfx908,
};

// ============================================================================ [SECTION] products

constexpr GpuSpec kGpus[] = {
    {
        .name = "MI300X", .aliases = "Instinct MI300X|AMD Instinct MI300X|AMD Instinct MI300X OAM|MI300X OAM", .gfx = "gfx942",
        .cu_count = 304, .xcd_count = 8, .cus_per_xcd = 38,
        .hbm_bytes = int64_t{192} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = 5300.0,
        .source = "ROCM-SPECS (CUs, LDS, 192 GiB); MI300X-BW (5.3 TB/s, 3rd-party)",
        .note = "304 CUs = 8 XCDs x 38. Peak clock and tensor peak: no source kept here (unknown).",
    },
    {
        .name = "MI325X", .aliases = "Instinct MI325X|AMD Instinct MI325X", .gfx = "gfx942",
        .cu_count = 304, .xcd_count = 8, .cus_per_xcd = 38,
        .hbm_bytes = int64_t{256} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (CUs 304 = 38 per XCD, LDS 64 KiB, 256 GiB)",
        .note = "Same gfx942 CU as MI300X; more and faster HBM (bandwidth: no source kept here).",
    },
    {
        .name = "MI350X", .aliases = "Instinct MI350X|AMD Instinct MI350X", .gfx = "gfx950",
        .cu_count = 256, .xcd_count = 8, .cus_per_xcd = 32,
        .hbm_bytes = int64_t{288} << 30, .peak_clock_mhz = 2200.0, .mem_bw_gbs = 8000.0,
        .source = "ROCM-SPECS (CUs 256 = 32 per XCD, LDS 160 KiB, 288 GiB); HC2025 (2.2 GHz, 8 TB/s, 3rd-party)",
        .note = "Air-cooled MI350 part (1,000 W); same gfx950 CU as MI355X.",
    },
    {
        .name = "MI355X", .aliases = "Instinct MI355X|AMD Instinct MI355X", .gfx = "gfx950",
        .cu_count = 256, .xcd_count = 8, .cus_per_xcd = 32,
        .hbm_bytes = int64_t{288} << 30, .peak_clock_mhz = 2400.0, .mem_bw_gbs = 8000.0,
        .source = "ROCM-SPECS (CUs 256 = 32 per XCD, LDS 160 KiB, 288 GiB); HC2025 (2.4 GHz, 8 TB/s, 3rd-party); "
                  "SEED002 (disagrees: 288 CUs)",
        .note = "A course text says \"MI355X (288 CUs)\"; AMD's specifications say 256 CUs (8 XCDs x 32) and 288 GB of "
                "HBM3E: 288 is the memory size. smcalc uses AMD's 256.",
    },
    {
        .name = "MI250X", .aliases = "Instinct MI250X|AMD Instinct MI250X", .gfx = "gfx90a",
        .cu_count = 220, .xcd_count = 2, .cus_per_xcd = 110,
        .hbm_bytes = int64_t{128} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (CUs 220 = 110 per GCD, LDS 64 KiB, VGPR file 512 KiB, 128 GiB)",
        .note = "Two GCDs (graphics compute dies) of 110 CUs; HIP shows each GCD as its own device (Frontier, "
                "LUMI): a launch on one device sees 110 CUs, so per-device figures are half the per-GPU ones. "
                "Peak clock and bandwidth: no source kept here (unknown).",
        .die = "GCD",
    },
    {
        .name = "MI250", .aliases = "Instinct MI250|AMD Instinct MI250", .gfx = "gfx90a",
        .cu_count = 208, .xcd_count = 2, .cus_per_xcd = 104,
        .hbm_bytes = int64_t{128} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (CUs 208 = 104 per GCD, LDS 64 KiB, VGPR file 512 KiB, 128 GiB)",
        .note = "Two GCDs of 104 CUs, each its own HIP device (104 CUs per launch). Peak clock and bandwidth: no "
                "source kept here (unknown).",
        .die = "GCD",
    },
    {
        .name = "MI210", .aliases = "Instinct MI210|AMD Instinct MI210", .gfx = "gfx90a",
        .cu_count = 104, .xcd_count = 1, .cus_per_xcd = 104,
        .hbm_bytes = int64_t{64} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (CUs 104, LDS 64 KiB, VGPR file 512 KiB, 64 GiB)",
        .note = "One GCD of 104 CUs (PCIe card). Peak clock and bandwidth: no source kept here (unknown).",
        .die = "GCD",
    },
    {
        .name = "MI100", .aliases = "Instinct MI100|AMD Instinct MI100", .gfx = "gfx908",
        .cu_count = 120, .xcd_count = 1, .cus_per_xcd = 120,
        .hbm_bytes = int64_t{32} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (CUs 120, LDS 64 KiB, 256 KiB VGPR and 256 KiB AccVGPR files, 32 GiB)",
        .note = "CDNA (gfx908): separate VGPR and AGPR files of 256 registers per lane each, 10 waves per SIMD. "
                "Peak clock and bandwidth: no source kept here (unknown).",
        .die = "GCD",
    },
    {
        .name = "MI300A", .aliases = "Instinct MI300A|AMD Instinct MI300A", .gfx = "gfx942",
        .cu_count = 228, .xcd_count = 6, .cus_per_xcd = 38,
        .hbm_bytes = int64_t{128} << 30, .peak_clock_mhz = std::nullopt, .mem_bw_gbs = std::nullopt,
        .source = "ROCM-SPECS (MI300A: CDNA3, gfx942, 228 CUs, 128 GiB, LDS 64 KiB)",
        .note = "The APU: 228 CUs; 6 XCDs x 38 derived (228 / 38, the MI300X's CUs per XCD). Its 128 GiB of HBM3 "
                "is shared with the CPU. Peak clock and bandwidth: no source kept here (unknown).",
    },
};
// clang-format on

// ============================================================================ [SECTION] text helpers

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string normalise(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '-' && c != '_') out += lower(c);
    return out;
}

std::string bytes_text(int64_t b) { return b > 0 && b % 1024 == 0 ? grouped(b / 1024) + " KiB" : grouped(b) + " B"; }
std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}
std::string pct(double f) { return fixed(f * 100.0) + " %"; }

int64_t align_to(int64_t v, int64_t g) { return (v + g - 1) / g * g; }  // v >= 0, g > 0, no overflow in range
int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

Error range_error(const char* field, int64_t v, int64_t lo, int64_t hi, const std::string& what) {
    return Error{ErrorId::InvalidInput, field,
                 std::string(field) + " is " + std::to_string(v) + "; it must be between " + std::to_string(lo) +
                     " and " + std::to_string(hi) + " " + what};
}
std::optional<Error> check(const char* field, int64_t v, int64_t lo, int64_t hi, const std::string& what) {
    if (v >= lo && v <= hi) return std::nullopt;
    return range_error(field, v, lo, hi, what);
}

std::optional<Error> validate(const ArchRules& a, const KernelInput& in) {
    const std::string on = " on " + std::string(a.gfx);
    if (auto e = check("threads", in.threads, 1, a.max_workgroup_size, "work-items per workgroup" + on)) return e;
    if (auto e = check("vgprs", in.vgprs, 0, a.max_vgprs, "architectural VGPRs per lane (v0..v255)" + on)) return e;
    if (auto e = check("agprs", in.agprs, 0, a.max_agprs, "AGPRs per lane (a0..a255)" + on)) return e;
    if (auto e = check("sgprs", in.sgprs, 0, a.max_sgprs,
                       "SGPRs per wave including VCC, FLAT_SCRATCH and XNACK_MASK (0 = not known)" + on))
        return e;
    if (auto e = check("lds", in.lds, 0, a.lds_per_workgroup,
                       "bytes of LDS per workgroup (" + bytes_text(a.lds_per_workgroup) + on + ")"))
        return e;
    if (auto e = check("scratch", in.scratch, 0, kMaxInput, "bytes of scratch per lane")) return e;
    if (auto e = check("alloc_vgprs", in.alloc_vgprs, 0, a.vgprs_per_simd,
                       "VGPRs per lane the kernel descriptor allocates (.amdhsa_next_free_vgpr)" + on))
        return e;
    return std::nullopt;
}

// The register-file numbers both figures share.
struct Regs {
    int64_t unified = 0, vgpr_alloc = 0, vgpr_waves = 0;
    int64_t sgpr_alloc = 0;
    std::optional<int64_t> sgpr_waves;
};

Regs regs_of(const ArchRules& a, const KernelInput& in) {
    Regs r;
    // LLVM-BI getTotalNumVGPRs(has90AInsts, ArgNumAGPR, ArgNumVGPR): with one unified file (gfx90a+) AGPRs
    // start at the next multiple of 4 after the arch VGPRs; with two files (gfx908) the larger one counts.
    if (a.unified_vgprs)
        r.unified = in.agprs > 0 ? align_to(in.vgprs, a.agpr_offset_granule) + in.agprs : in.vgprs;
    else
        r.unified = std::max(in.vgprs, in.agprs);
    // The kernel descriptor's allocation (compiler output): LLVM pads it to a waves-per-eu cap.
    r.unified = std::max(r.unified, in.alloc_vgprs);
    r.vgpr_alloc = align_to(std::max<int64_t>(1, r.unified), a.vgpr_alloc_granule);  // at least one granule
    // getNumWavesPerEUWithNumVGPRs: below one granule the file never limits.
    r.vgpr_waves = r.unified < a.vgpr_alloc_granule
                       ? a.max_waves_per_simd
                       : std::clamp<int64_t>(a.vgprs_per_simd / r.vgpr_alloc, 1, a.max_waves_per_simd);
    if (in.sgprs > 0) {
        // What the SIMD holds: 800 SGPRs in granules of 16 (HIP-OCC divides the same way; LLVM-BI
        // getMaxNumSGPRs gives a kernel asking for W waves alignDown(800 / W, 16) SGPRs: 96 for 8 waves).
        // LLVM's printed figure uses its step table instead (llvm_sgpr_waves below).
        r.sgpr_alloc = align_to(in.sgprs, a.sgpr_alloc_granule);
        r.sgpr_waves = std::clamp<int64_t>(a.sgprs_per_simd / r.sgpr_alloc, 1, a.max_waves_per_simd);
    }
    return r;
}

// LLVM-BI getOccupancyWithNumSGPRs (LLVM 19 and 22 alike, generation VOLCANIC_ISLANDS .. GFX9): a step table,
// <= 80 SGPRs 10 waves, <= 88 9, <= 100 8, else 7, then min with getMaxWavesPerEU. It disagrees with
// getMaxNumSGPRs (8 waves allow alignDown(800 / 8, 16) = 96) for 97..100 SGPRs: LLC19 and LLC22 print 8 for
// 100 SGPRs on gfx942 and gfx950 (s94_wg256), where 800 / alignTo(100, 16) = 7 (the hardware figure here).
int64_t llvm_sgpr_waves(const ArchRules& a, int64_t sgprs) {
    const int64_t w = sgprs <= 80 ? 10 : sgprs <= 88 ? 9 : sgprs <= 100 ? 8 : 7;
    return std::min<int64_t>(w, a.max_waves_per_simd);
}

// getMaxWorkGroupsPerCU: a one-wave workgroup needs no barrier; larger ones are held to the barrier count.
int64_t workgroup_slots(const ArchRules& a, int64_t waves_per_wg) {
    const int64_t slots = int64_t{a.max_waves_per_simd} * a.simds_per_cu;
    if (waves_per_wg == 1) return slots;
    return std::min<int64_t>(slots / waves_per_wg, a.max_barriers_per_cu);
}

// Waves per SIMD from whole workgroups per CU, as LLVM spreads them (rounded up, clamped to 1..8).
int64_t spread(const ArchRules& a, int64_t workgroups, int64_t waves_per_wg) {
    return std::clamp<int64_t>(ceil_div(workgroups * waves_per_wg, a.simds_per_cu), 1, a.max_waves_per_simd);
}

}  // namespace

// ============================================================================ [SECTION] lookups

std::span<const ArchRules> all_arch_rules() { return kArchs; }

Expected<const ArchRules*> find_arch(std::string_view gfx) {
    const std::size_t colon = gfx.find(':');  // target-id features ("gfx942:sramecc+:xnack-")
    const std::string key = normalise(gfx.substr(0, colon));
    for (const ArchRules& a : kArchs)
        if (normalise(a.gfx) == key) return &a;
    std::string known;
    for (const ArchRules& a : kArchs) known += (known.empty() ? "" : ", ") + std::string(a.gfx);
    return Error{ErrorId::UnknownArch, "gfx",
                 "gfx is \"" + std::string(gfx.substr(0, 40)) + "\"; the modelled AMD targets are " + known};
}

const ArchRules& GpuSpec::arch() const {
    for (const ArchRules& a : kArchs)
        if (a.gfx == gfx) return a;
    return kArchs[0];  // unreachable: tests check every product's gfx is modelled
}

std::string GpuSpec::dies_text() const {
    return std::to_string(xcd_count) + " " + std::string(die) + (xcd_count == 1 ? "" : "s") + " x " +
           std::to_string(cus_per_xcd);
}

std::span<const GpuSpec> all_gpus() { return kGpus; }

Expected<const GpuSpec*> find_gpu(std::string_view name) {
    const std::string key = normalise(name);
    for (const GpuSpec& g : kGpus) {
        if (normalise(g.name) == key) return &g;
        std::string_view rest = g.aliases;
        while (!rest.empty()) {
            const std::size_t bar = rest.find('|');
            if (normalise(rest.substr(0, bar)) == key) return &g;
            if (bar == std::string_view::npos) break;
            rest.remove_prefix(bar + 1);
        }
    }
    std::string known;
    for (const GpuSpec& g : kGpus) known += (known.empty() ? "" : ", ") + std::string(g.name);
    return Error{ErrorId::UnknownGpu, "gpu",
                 "gpu is \"" + std::string(name.substr(0, 60)) + "\"; the AMD GPUs known are " + known};
}

// ============================================================================ [SECTION] vocabulary

const Vocabulary& vocabulary(Vendor v) {
    static constexpr Vocabulary kNvidia{"SM", "warp", "CTA", "thread", "shared memory", "registers", "tensor core", 32};
    static constexpr Vocabulary kAmd{"CU", "wave", "workgroup", "work-item", "LDS", "VGPRs", "matrix core (MFMA)", 64};
    return v == Vendor::Amd ? kAmd : kNvidia;
}

Error vendor_field_error(std::string_view field, std::string_view gpu_name, bool gpu_is_amd) {
    const std::string f(field), g(gpu_name);
    if (gpu_is_amd)
        return Error{ErrorId::InvalidInput, f,
                     "\"" + f + "\" is an NVIDIA field but " + g +
                         " is an AMD GPU; give \"vgprs\" / \"agprs\" (per lane), \"sgprs\" (per wave) and \"lds\" "
                         "(bytes per workgroup) instead"};
    return Error{ErrorId::InvalidInput, f,
                 "\"" + f + "\" is an AMD field but " + g +
                     " is an NVIDIA GPU; give \"regs\" (registers per thread) and \"smem_static\" / "
                     "\"smem_dynamic\" (bytes per block) instead"};
}

// ============================================================================ [SECTION] occupancy

// Each limit's JSON name and the words the derivation uses for it.
constexpr Named<Limit> kLimitNames[] = {
    {Limit::Vgprs, "vgprs", "VGPRs + AGPRs"},
    {Limit::Sgprs, "sgprs", "SGPRs"},
    {Limit::Lds, "lds", "LDS"},
    {Limit::Workgroups, "workgroups", "wave slots / workgroup slots"},
};
std::string_view limit_key(Limit l) { return name_of(kLimitNames, l).key; }
std::string_view limit_label(Limit l) { return name_of(kLimitNames, l).label; }

int64_t llvm_waves_per_simd(const ArchRules& a, const KernelInput& in, int64_t min_threads) {
    // AMDGPUSubtarget getOccupancyWithWorkGroupSizes (LLVM 20+; LLVM-ST22) for the flat workgroup size range
    // [min_threads, threads], the upper end of the occupancy range it returns (what the remark prints):
    // LDS divides the unrounded byte count ("FIXME: We should take into account the LDS allocation
    // granularity"); more LDS than the CU has gives 1.
    const int64_t max_wg = in.threads, min_wg = std::clamp<int64_t>(min_threads, 1, in.threads);
    const int64_t by_lds = a.lds_per_cu / std::max<int64_t>(in.lds, 1);
    int64_t occ = 1;
    if (by_lds > 0) {
        struct Props { int64_t waves_per_wg, wgs, waves; };
        auto props = [&](int64_t size) {
            const int64_t w = ceil_div(size, a.wave_size);
            const int64_t g = std::min(workgroup_slots(a, w), by_lds);
            return Props{w, g, w * g};
        };
        const Props lo = props(min_wg), hi = props(max_wg);
        int64_t max_waves = lo.waves;
        if (hi.waves >= lo.waves) {
            max_waves = hi.waves;  // LDS or barriers flip the ends: the larger size gives more waves
        } else {
            // A larger size than the minimum with the same workgroup count fills the slots the minimum leaves.
            const int64_t slots = int64_t{a.max_waves_per_simd} * a.simds_per_cu;
            const int64_t left_per_wg = (slots - lo.wgs * lo.waves_per_wg) / lo.wgs;
            if (left_per_wg > 0) max_waves += lo.wgs * std::min(left_per_wg, ceil_div(max_wg, a.wave_size) - lo.waves_per_wg);
        }
        occ = std::clamp<int64_t>(ceil_div(max_waves, a.simds_per_cu), 1, a.max_waves_per_simd);
    }
    // GCNSubtarget computeOccupancy: min with the register limits (VGPRs as the hardware, SGPRs by the table).
    const Regs r = regs_of(a, in);
    occ = std::min(occ, r.vgpr_waves);
    if (in.sgprs > 0) occ = std::min(occ, llvm_sgpr_waves(a, in.sgprs));
    return occ;
}

int64_t compiler_waves_per_simd(const ArchRules& a, const KernelInput& in) {
    // A fixed size [threads, threads]: LLVM 19's getOccupancyWithLocalMemSize (the maximum size only) and
    // LLVM 22's range rule give the same figure.
    return llvm_waves_per_simd(a, in, in.threads);
}

// The per-resource bars (CU view: the busiest SIMD for per-SIMD files).
void add_budgets(const ArchRules& a, const Regs& r, OccupancyResult& o) {
    const int64_t simds = a.simds_per_cu, wmax = a.max_waves_per_simd, slots = wmax * simds;
    const int64_t wpw = o.waves_per_workgroup, wgs = o.workgroups_per_cu;
    const LimitCount &lv = o.limits[0], &ls = o.limits[1], &ll = o.limits[2], &lw = o.limits[3];
    const int64_t busiest = ceil_div(o.waves_per_cu, simds);
    o.budgets.push_back({"VGPRs per SIMD (per lane)", "registers", busiest * r.vgpr_alloc, a.vgprs_per_simd,
                         lv.limiting});
    if (r.sgpr_waves)
        o.budgets.push_back({"SGPRs per SIMD", "registers", busiest * r.sgpr_alloc, a.sgprs_per_simd, ls.limiting});
    o.budgets.push_back({"LDS per CU", "bytes", wgs * o.lds_allocated, a.lds_per_cu, ll.limiting});
    o.budgets.push_back({"wave slots per CU", "waves", o.waves_per_cu, slots, lw.limiting});
    if (wpw > 1)
        o.budgets.push_back({"workgroup barriers per CU", "workgroups", wgs, a.max_barriers_per_cu,
                             lw.limiting && *lw.workgroups_per_cu == a.max_barriers_per_cu});

}

// Every figure with its unit and basis (exact: these are the hardware's and LLVM's rules).
void add_rows(const ArchRules& a, const KernelInput& in, const Regs& r, OccupancyResult& o) {
    const int64_t simds = a.simds_per_cu, wmax = a.max_waves_per_simd, slots = wmax * simds;
    const int64_t wpw = o.waves_per_workgroup, wgs = o.workgroups_per_cu;
    auto row = [&](const char* key, const char* label, const char* unit, double v, std::optional<double> lim) {
        o.rows.push_back(TileRow{key, label, unit, v, lim, Basis::Exact, lim && v > *lim});
    };
    row("waves_per_workgroup", "waves per workgroup", "waves", static_cast<double>(wpw), std::nullopt);
    row("unified_vgprs", a.unified_vgprs ? "VGPRs + AGPRs per lane (unified file)" : "max(VGPRs, AGPRs) per lane (two files)",
        "registers", static_cast<double>(r.unified), static_cast<double>(a.vgprs_per_simd));
    row("vgprs_allocated", a.unified_vgprs ? "unified registers allocated per lane" : "registers allocated per lane per file",
        "registers", static_cast<double>(r.vgpr_alloc), static_cast<double>(a.vgprs_per_simd));
    if (r.sgpr_waves)
        row("sgprs_allocated", "SGPRs allocated per wave", "registers", static_cast<double>(r.sgpr_alloc),
            static_cast<double>(a.sgprs_per_simd));
    if (in.lds > 0)
        row("lds_allocated", "LDS allocated per workgroup", "bytes", static_cast<double>(o.lds_allocated),
            static_cast<double>(a.lds_per_workgroup));
    row("workgroups_per_cu", "workgroups per CU", "workgroups", static_cast<double>(wgs), std::nullopt);
    row("waves_per_cu", "waves per CU", "waves", static_cast<double>(o.waves_per_cu), static_cast<double>(slots));
    row("waves_per_simd", "waves per SIMD", "waves", o.waves_per_simd, static_cast<double>(wmax));
    row("occupancy", "occupancy", "fraction", o.occupancy, 1.0);
    row("compiler_waves_per_simd", "LLVM's Occupancy [waves/SIMD]", "waves",
        static_cast<double>(o.compiler_waves_per_simd), static_cast<double>(wmax));

}

// The arithmetic, one step per line.
void add_derivation(const ArchRules& a, const KernelInput& in, const Regs& r, OccupancyResult& o) {
    const int64_t simds = a.simds_per_cu, wmax = a.max_waves_per_simd, slots = wmax * simds;
    const int64_t wpw = o.waves_per_workgroup, wgs = o.workgroups_per_cu;
    const LimitCount &lv = o.limits[0], &ls = o.limits[1], &ll = o.limits[2], &lw = o.limits[3];
    auto& d = o.derivation;
    d.push_back(std::string(a.gfx) + " (" + std::string(a.family) + "): a CU has " + grouped(simds) + " SIMDs x " +
                grouped(wmax) + " wave slots = " + grouped(slots) + " waves of " + grouped(a.wave_size) + " lanes; per SIMD " +
                (a.unified_vgprs ? grouped(a.vgprs_per_simd) + " VGPRs+AGPRs per lane"
                                 : grouped(a.vgprs_per_simd) + " VGPRs and " + grouped(a.vgprs_per_simd) + " AGPRs per lane") +
                " and " + grouped(a.sgprs_per_simd) + " SGPRs; " +
                bytes_text(a.lds_per_cu) + " of LDS per CU.");
    d.push_back("waves per workgroup = ceil(" + grouped(in.threads) + " / " + grouped(a.wave_size) + ") = " + grouped(wpw) +
                (o.idle_lanes > 0 ? " (" + grouped(o.lanes_per_workgroup) + " lanes, " + grouped(o.idle_lanes) +
                                        " idle in the last wave: " + grouped(in.threads) + " is not a multiple of " +
                                        grouped(a.wave_size) + ")"
                                  : ""));
    if (in.agprs > 0 && a.unified_vgprs)
        d.push_back("unified registers = alignTo(" + grouped(in.vgprs) + " VGPRs, " + grouped(a.agpr_offset_granule) +
                    ") + " + grouped(in.agprs) + " AGPRs = " + grouped(r.unified));
    else if (in.agprs > 0)
        d.push_back("separate VGPR and AGPR files: the larger count binds, max(" + grouped(in.vgprs) + " VGPRs, " +
                    grouped(in.agprs) + " AGPRs) = " + grouped(r.unified));
    if (in.alloc_vgprs > 0 && in.alloc_vgprs == r.unified) {
        KernelInput used = in;
        used.alloc_vgprs = 0;
        if (regs_of(a, used).unified < in.alloc_vgprs)
            d.push_back("allocated: the kernel descriptor allocates " + grouped(in.alloc_vgprs) +
                        " registers per lane (.amdhsa_next_free_vgpr), more than the " + grouped(regs_of(a, used).unified) +
                        " used: LLVM pads the allocation to an amdgpu-waves-per-eu cap (or, LLVM 22, to the occupancy "
                        "the LDS and workgroup size allow), and the hardware allocates what the descriptor says");
    }
    d.push_back("VGPR limit: alignTo(" + grouped(r.unified) + ", " + grouped(a.vgpr_alloc_granule) + ") = " +
                grouped(r.vgpr_alloc) + " per lane; " + grouped(a.vgprs_per_simd) + " / " + grouped(r.vgpr_alloc) + " -> " +
                grouped(r.vgpr_waves) + " waves/SIMD (max " + grouped(wmax) + ") -> " + grouped(simds) + " x " +
                grouped(r.vgpr_waves) + " / " + grouped(wpw) + " = " + grouped(*lv.workgroups_per_cu) + " workgroups/CU");
    if (r.sgpr_waves)
        d.push_back("SGPR limit: alignTo(" + grouped(in.sgprs) + ", " + grouped(a.sgpr_alloc_granule) + ") = " +
                    grouped(r.sgpr_alloc) + " per wave; " + grouped(a.sgprs_per_simd) + " / " + grouped(r.sgpr_alloc) + " -> " +
                    grouped(*r.sgpr_waves) + " waves/SIMD -> " + grouped(*ls.workgroups_per_cu) + " workgroups/CU");
    else
        d.push_back("SGPR limit: not applied (sgprs not given)");
    if (in.lds > 0)
        d.push_back("LDS limit: alignTo(" + grouped(in.lds) + " B, " + grouped(a.lds_alloc_granule) + ") = " +
                    grouped(o.lds_allocated) + " B per workgroup; " + grouped(a.lds_per_cu) + " / " + grouped(o.lds_allocated) +
                    " = " + grouped(*ll.workgroups_per_cu) + " workgroups/CU");
    else
        d.push_back("LDS limit: none (no LDS)");
    d.push_back("slot limit: " +
                (wpw == 1 ? grouped(slots) + " one-wave workgroups (no barrier needed)"
                          : "min(" + grouped(slots) + " / " + grouped(wpw) + ", " + grouped(a.max_barriers_per_cu) +
                                " barriers) = " + grouped(*lw.workgroups_per_cu) + " workgroups/CU"));
    std::string lim;
    for (Limit l : o.limiting) lim += (lim.empty() ? "" : ", ") + std::string(limit_label(l));
    d.push_back("workgroups/CU = min(...) = " + grouped(wgs) + " -> " + grouped(o.waves_per_cu) + " waves/CU -> " +
                fixed(o.waves_per_simd) + " waves/SIMD -> occupancy " + grouped(o.waves_per_cu) + " / " + grouped(slots) +
                " = " + pct(o.occupancy) + (lim.empty() ? "" : " (limited by " + lim + ")"));

}

// Why 0 workgroups, idle lanes, uneven SIMDs, LLVM's figure beside the hardware's, SGPR tables, scratch.
void add_notes(const ArchRules& a, const KernelInput& in, const Regs& r, OccupancyResult& o) {
    const int64_t simds = a.simds_per_cu;
    const int64_t wpw = o.waves_per_workgroup, wgs = o.workgroups_per_cu;
    const int64_t busiest = ceil_div(o.waves_per_cu, simds);
    if (wgs == 0)
        o.notes.push_back("0 workgroups: one workgroup's " + grouped(wpw) + " waves need more registers than the CU's " +
                          grouped(simds) + " SIMDs hold at this register count (the compiler would limit registers "
                          "for this workgroup size, or spill)");
    if (o.idle_lanes > 0)
        o.notes.push_back(grouped(in.threads) + " work-items round up to " + grouped(wpw) + " waves (" +
                          grouped(o.lanes_per_workgroup) + " lanes): " + grouped(o.idle_lanes) +
                          " lanes per workgroup do no work but hold registers");
    if (!r.sgpr_waves)
        o.notes.push_back("sgprs not given: the SGPR limit (at most 1 wave on gfx9 CDNA) is not applied");
    if (o.waves_per_cu % simds != 0 && wgs > 0)
        o.notes.push_back(grouped(o.waves_per_cu) + " waves do not divide evenly over " + grouped(simds) +
                          " SIMDs: some SIMDs hold " + grouped(busiest) + " waves, others " + grouped(busiest - 1));
    const int64_t ours_int = busiest;
    if (o.compiler_waves_per_simd != ours_int || wgs == 0)
        o.notes.push_back("LLVM's compiler figure is " + grouped(o.compiler_waves_per_simd) +
                          " waves/SIMD, the hardware's whole-workgroup residency " + fixed(o.waves_per_simd) +
                          " (busiest SIMD " + grouped(ours_int) +
                          "): LLVM takes the minimum in waves per SIMD, rounds waves per CU up over the SIMDs "
                          "and divides LDS without its allocation granule");
    if (r.sgpr_waves && llvm_sgpr_waves(a, in.sgprs) != *r.sgpr_waves)
        o.notes.push_back("SGPRs: LLVM (19 through 22, getOccupancyWithNumSGPRs) counts " + grouped(in.sgprs) +
                          " SGPRs as " + grouped(llvm_sgpr_waves(a, in.sgprs)) +
                          " waves/SIMD by its step table (<= 80: 10, <= 88: 9, <= 100: 8); the SIMD's " +
                          grouped(a.sgprs_per_simd) + " SGPRs in granules of " + grouped(a.sgpr_alloc_granule) + " hold " +
                          grouped(*r.sgpr_waves) + " (" + grouped(a.sgprs_per_simd) + " / " + grouped(r.sgpr_alloc) +
                          ", as the HIP runtime and LLVM's own getMaxNumSGPRs count)");
    if (in.scratch > 0)
        o.notes.push_back("scratch (" + grouped(in.scratch) + " B per lane) sets no limit here; it costs memory "
                          "traffic and the runtime's per-queue scratch pool");
}

Expected<OccupancyResult> occupancy(const ArchRules& a, const KernelInput& in) {
    if (auto e = validate(a, in)) return *e;
    OccupancyResult o;
    o.gfx = std::string(a.gfx);
    o.input = in;
    const int64_t simds = a.simds_per_cu, wmax = a.max_waves_per_simd, slots = wmax * simds;
    const int64_t wpw = ceil_div(in.threads, a.wave_size);
    o.waves_per_workgroup = wpw;
    o.lanes_per_workgroup = wpw * a.wave_size;
    o.idle_lanes = o.lanes_per_workgroup - in.threads;
    o.max_waves_per_simd = wmax;

    const Regs r = regs_of(a, in);
    o.unified_vgprs = r.unified;
    o.vgprs_allocated = r.vgpr_alloc;
    o.sgprs_allocated = r.sgpr_alloc;
    o.lds_allocated = in.lds > 0 ? align_to(in.lds, a.lds_alloc_granule) : 0;

    // Registers are per SIMD; a workgroup's waves may sit on any SIMD of the CU, so the CU holds
    // simds x (waves per SIMD) waves of this kernel, in whole workgroups (HIP-OCC: alu_limited_threads /
    // threads rounded to waves).
    LimitCount& lv = o.limits[0];
    lv.limit = Limit::Vgprs;
    lv.waves_per_simd = r.vgpr_waves;
    lv.workgroups_per_cu = r.vgpr_waves * simds / wpw;
    LimitCount& ls = o.limits[1];
    ls.limit = Limit::Sgprs;
    if (r.sgpr_waves) {
        ls.waves_per_simd = *r.sgpr_waves;
        ls.workgroups_per_cu = *r.sgpr_waves * simds / wpw;
    }
    LimitCount& ll = o.limits[2];
    ll.limit = Limit::Lds;
    if (in.lds > 0) {
        ll.workgroups_per_cu = a.lds_per_cu / o.lds_allocated;  // >= 1: lds <= lds_per_workgroup = lds_per_cu
        ll.waves_per_simd = spread(a, *ll.workgroups_per_cu, wpw);
    }
    LimitCount& lw = o.limits[3];
    lw.limit = Limit::Workgroups;
    lw.workgroups_per_cu = workgroup_slots(a, wpw);
    lw.waves_per_simd = spread(a, *lw.workgroups_per_cu, wpw);

    int64_t wgs = INT64_MAX;
    for (const LimitCount& l : o.limits)
        if (l.workgroups_per_cu) wgs = std::min(wgs, *l.workgroups_per_cu);
    o.workgroups_per_cu = wgs;
    for (LimitCount& l : o.limits) {
        if (!l.workgroups_per_cu || *l.workgroups_per_cu != wgs) continue;
        // A register file that allows all 8 waves only repeats the wave-slot limit: not a limiter.
        const bool reg = l.limit == Limit::Vgprs || l.limit == Limit::Sgprs;
        if (reg && l.waves_per_simd == wmax) continue;
        l.limiting = true;
        o.limiting.push_back(l.limit);
    }
    o.waves_per_cu = wgs * wpw;
    o.waves_per_simd = static_cast<double>(o.waves_per_cu) / static_cast<double>(simds);
    o.occupancy = static_cast<double>(o.waves_per_cu) / static_cast<double>(slots);
    o.compiler_waves_per_simd = compiler_waves_per_simd(a, in);

    add_budgets(a, r, o);
    add_rows(a, in, r, o);
    add_derivation(a, in, r, o);
    add_notes(a, in, r, o);
    return o;
}

// ============================================================================ [SECTION] next step

Expected<std::vector<NextStep>> next_steps(const ArchRules& a, const KernelInput& in) {
    auto base = occupancy(a, in);
    if (!base) return base.error();
    std::vector<NextStep> out;
    const int64_t now = base->workgroups_per_cu;
    if (base->waves_per_cu >= int64_t{a.max_waves_per_simd} * a.simds_per_cu) return out;

    // The largest value of one field (lowering it from `from`) that gives more workgroups per CU.
    auto try_field = [&](Limit res, const char* field, int64_t KernelInput::*member, int64_t step) {
        const int64_t from = in.*member;
        for (int64_t v = from - step; v >= 0; v -= step) {
            KernelInput k = in;
            k.*member = v;
            auto r = occupancy(a, k);
            if (!r || r->workgroups_per_cu <= now) continue;
            NextStep s;
            s.resource = res;
            s.field = field;
            s.from = from;
            s.to = v;
            s.workgroups_per_cu = r->workgroups_per_cu;
            s.waves_per_simd = r->waves_per_simd;
            s.occupancy = r->occupancy;
            const char* what = member == &KernelInput::vgprs   ? "VGPRs"
                               : member == &KernelInput::agprs ? "AGPRs"
                               : member == &KernelInput::sgprs ? "SGPRs"
                                                               : "LDS";
            const bool bytes = member == &KernelInput::lds;
            s.text = std::string(what) + " " + (bytes ? bytes_text(from) : grouped(from)) + " -> " +
                     (bytes ? bytes_text(v) : grouped(v)) + " gives " + fixed(r->waves_per_simd) + " waves/SIMD (" +
                     grouped(r->workgroups_per_cu) + " workgroups/CU, " + pct(r->occupancy) + ")";
            if (bytes)
                s.hint = "smaller LDS tiles or fewer stages";
            else
                s.hint = "__attribute__((amdgpu_waves_per_eu(" + grouped(ceil_div(r->waves_per_cu, a.simds_per_cu)) +
                         "))) with __launch_bounds__(" + grouped(in.threads) + ") asks the compiler for it";
            out.push_back(std::move(s));
            return;
        }
    };
    // Walk register counts down to the last value of each allocation step (exact granule boundaries).
    if (in.agprs > 0) try_field(Limit::Vgprs, "agprs", &KernelInput::agprs, 1);
    if (in.vgprs > 0) try_field(Limit::Vgprs, "vgprs", &KernelInput::vgprs, 1);
    if (in.sgprs > 0) try_field(Limit::Sgprs, "sgprs", &KernelInput::sgprs, 1);
    if (in.lds > 0) {
        // LDS: the largest allocation giving one more workgroup, then the exact byte count.
        const int64_t target = a.lds_per_cu / (now + 1) / a.lds_alloc_granule * a.lds_alloc_granule;
        KernelInput k = in;
        k.lds = target;
        auto r = occupancy(a, k);
        if (target > 0 && r && r->workgroups_per_cu > now) {
            NextStep s;
            s.resource = Limit::Lds;
            s.field = "lds";
            s.from = in.lds;
            s.to = target;
            s.workgroups_per_cu = r->workgroups_per_cu;
            s.waves_per_simd = r->waves_per_simd;
            s.occupancy = r->occupancy;
            s.text = "LDS " + bytes_text(in.lds) + " -> " + bytes_text(target) + " gives " + fixed(r->waves_per_simd) +
                     " waves/SIMD (" + grouped(r->workgroups_per_cu) + " workgroups/CU, " + pct(r->occupancy) + ")";
            s.hint = "smaller LDS tiles or fewer stages";
            out.push_back(std::move(s));
        }
    }
    // Keep only the changes that reach the best result, cheapest first (fewest units removed, relatively).
    detail::small_stable_sort(out.begin(), out.end(), [](const NextStep& x, const NextStep& y) {
        return x.workgroups_per_cu > y.workgroups_per_cu;
    });
    return out;
}

}  // namespace smcalc::amd
