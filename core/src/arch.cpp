// arch.cpp - the per compute capability rules table, CC parsing, reference devices and device checks.
//
// Source keys (resolved in docs/sources.md, from ../shared/reference/gpu-facts.md):
//   OCC   CUDA 13.0 include/cuda_occupancy.h (granularities, sub-partitions, blocks/SM, carveouts, barriers)
//   PG13  CUDA Programming Guide 13.x, Tables 30-32 (7.5 .. 12.x)
//   PG11  CUDA 11-era guide Table 15 (5.0 .. 8.7)
//   PG-legacy13  legacy guide sections 20.4-20.10 (reserved 1 KB per block, opt-in sizes)
//   PTX-bar      PTX ISA barrier: 16 named barriers per CTA (ids 0..15)
//   PTX-TMEM     PTX ISA tensor memory: 128 lanes x 512 columns per CTA (tcgen05 on sm_100/sm_110)
//   BU-BLOG      Blackwell Ultra (CC 10.3): 256 KB of tensor memory per SM
#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"

namespace smcalc {
namespace {

constexpr int KiB = 1024;
constexpr std::array<int, 10> kNoCarveouts = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
constexpr std::array<int, 10> kVolta = {0, 8, 16, 32, 64, 96, -1, -1, -1, -1};
constexpr std::array<int, 10> kTuring = {32, 64, -1, -1, -1, -1, -1, -1, -1, -1};
constexpr std::array<int, 10> kGA100 = {0, 8, 16, 32, 64, 100, 132, 164, -1, -1};
constexpr std::array<int, 10> kGA10x = {0, 8, 16, 32, 64, 100, -1, -1, -1, -1};
constexpr std::array<int, 10> kHopper = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};

// clang-format off
// cc, family, warp, thr/blk, warps/SM, thr/SM, blk/SM, regs/SM, regs/blk, regs/thr, regs/thr(OCC), reg unit,
// sub-partitions, smem gran, reserved, smem/SM, smem/blk, smem/blk opt-in, carveouts, count,
// barrier factor, barrier limit applies, barriers/CTA, TMEM, TMEM columns, source
constexpr ArchRules kArch[] = {
    {{5, 0}, "Maxwell",  32, 1024, 64, 2048, 32, 65536, 65536, 255, 255, 256, 4, 256, 0,     64 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; OCC"},
    {{5, 2}, "Maxwell",  32, 1024, 64, 2048, 32, 65536, 65536, 255, 255, 256, 4, 256, 0,     96 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; PG-legacy13 20.4.1; OCC"},
    {{5, 3}, "Maxwell",  32, 1024, 64, 2048, 32, 65536, 32768, 255, 255, 256, 4, 256, 0,     64 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; OCC"},
    {{6, 0}, "Pascal",   32, 1024, 64, 2048, 32, 65536, 65536, 255, 255, 256, 2, 256, 0,     64 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; PG-legacy13 20.5.1; OCC (2 sub-partitions)"},
    {{6, 1}, "Pascal",   32, 1024, 64, 2048, 32, 65536, 65536, 255, 255, 256, 4, 256, 0,     96 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; PG-legacy13 20.5.1; OCC"},
    {{6, 2}, "Pascal",   32, 1024, 64, 2048, 32, 65536, 32768, 255, 255, 256, 4, 256, 0,     64 * KiB,  48 * KiB,  48 * KiB, kNoCarveouts, 0, 2, false, 16, false, 0, "PG11 T15; PG-legacy13 20.5.1; OCC"},
    {{7, 0}, "Volta",    32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 256, 0,     96 * KiB,  48 * KiB,  96 * KiB, kVolta,  6, 2, false, 16, false, 0, "PG11 T15; PG-legacy13 20.6.4; OCC"},
    {{7, 2}, "Volta",    32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 256, 0,     96 * KiB,  48 * KiB,  96 * KiB, kVolta,  6, 2, false, 16, false, 0, "PG11 T15; OCC (7.x other than 7.5 is Volta)"},
    {{7, 5}, "Turing",   32, 1024, 32, 1024, 16, 65536, 65536, 255, 256, 256, 4, 256, 0,     64 * KiB,  48 * KiB,  64 * KiB, kTuring, 2, 2, false, 16, false, 0, "PG13 T30-T32; PG-legacy13 20.6.4; OCC"},
    {{8, 0}, "Ampere",   32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 128, 1024, 164 * KiB, 48 * KiB, 163 * KiB, kGA100, 8, 2, false, 16, false, 0, "PG13 T30-T32; OCC; ATG"},
    {{8, 6}, "Ampere",   32, 1024, 48, 1536, 16, 65536, 65536, 255, 256, 256, 4, 128, 1024, 100 * KiB, 48 * KiB,  99 * KiB, kGA10x, 6, 1, false, 16, false, 0, "PG13 T30-T32; OCC; ATG"},
    {{8, 7}, "Ampere",   32, 1024, 48, 1536, 16, 65536, 65536, 255, 256, 256, 4, 128, 1024, 164 * KiB, 48 * KiB, 163 * KiB, kGA100, 8, 1, false, 16, false, 0, "PG13 T30-T32; PG11 T15; OCC"},
    {{8, 9}, "Ada",      32, 1024, 48, 1536, 24, 65536, 65536, 255, 256, 256, 4, 128, 1024, 100 * KiB, 48 * KiB,  99 * KiB, kGA10x, 6, 1, false, 16, false, 0, "PG13 T30-T32; OCC; DQ-4060Ti/4070TiS"},
    {{9, 0}, "Hopper",   32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 128, 1024, 228 * KiB, 48 * KiB, 227 * KiB, kHopper, 10, 2, true, 16, false, 0, "PG13 T30-T32; OCC; HTG"},
    {{10, 0}, "Blackwell", 32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 128, 1024, 228 * KiB, 48 * KiB, 227 * KiB, kHopper, 10, 2, true, 16, true, 512, "PG13 T30-T32; OCC; BTG; AO4002; PTX-TMEM"},
    {{10, 3}, "Blackwell Ultra", 32, 1024, 64, 2048, 32, 65536, 65536, 255, 256, 256, 4, 128, 1024, 228 * KiB, 48 * KiB, 227 * KiB, kHopper, 10, 2, true, 16, true, 512, "PG13 T30-T32 (10.x); OCC; BU-BLOG (TMEM)"},
    {{11, 0}, "Blackwell (Thor)", 32, 1024, 64, 2048, 24, 65536, 65536, 255, 256, 256, 4, 128, 1024, 228 * KiB, 48 * KiB, 227 * KiB, kHopper, 10, 1, true, 16, true, 512, "PG13 T30-T32 (11.0); OCC; CCCL6185; TCGEN05-TARGETS"},
    {{12, 0}, "Blackwell (GeForce/RTX)", 32, 1024, 48, 1536, 24, 65536, 65536, 255, 256, 256, 4, 128, 1024, 100 * KiB, 48 * KiB, 99 * KiB, kGA10x, 6, 1, true, 16, false, 0, "PG13 T30-T32; OCC; CCCL6185; DQ-5090; DQ-5080"},
    {{12, 1}, "Blackwell (GB10)", 32, 1024, 48, 1536, 24, 65536, 65536, 255, 256, 256, 4, 128, 1024, 100 * KiB, 48 * KiB, 99 * KiB, kGA10x, 6, 1, true, 16, false, 0, "PG13 (12.x); OCC; DQ-GB10"},
};
// clang-format on

std::string cc_string(ComputeCapability cc) {
    return std::to_string(cc.major) + "." + std::to_string(cc.minor);
}

std::string known_cc_list() {
    std::string s;
    for (const auto& a : kArch) {
        if (!s.empty()) s += ", ";
        s += cc_string(a.cc);
    }
    return s + " (and 10.1, the old name of 11.0)";
}

}  // namespace

std::span<const ArchRules> all_arch_rules() { return kArch; }

Expected<const ArchRules*> find_arch(ComputeCapability cc) {
    // CC 10.1 (Thor) was renamed 11.0 in CUDA 13; OCC treats both alike (24 blocks, barrier factor 1).
    if (cc.major == 10 && cc.minor == 1) cc = {11, 0};
    // Direct index by major * 10 + minor (the solver looks the CC up on every call).
    static constexpr auto kIndex = [] {
        std::array<int8_t, 160> t{};
        for (auto& v : t) v = -1;
        for (std::size_t i = 0; i < std::size(kArch); ++i) t[static_cast<std::size_t>(kArch[i].cc.major * 10 + kArch[i].cc.minor)] = static_cast<int8_t>(i);
        return t;
    }();
    if (cc.major >= 0 && cc.minor >= 0 && cc.minor <= 9 && cc.major < 16) {
        const int8_t i = kIndex[static_cast<std::size_t>(cc.major * 10 + cc.minor)];
        if (i >= 0) return &kArch[i];
    }
    return Error{ErrorId::UnknownArch, "cc",
                 "cc " + cc_string(cc) + " is not a modelled compute capability; known: " + known_cc_list()};
}

Expected<ComputeCapability> parse_cc(std::string_view text) {
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (t.rfind("sm_", 0) == 0 || t.rfind("sm", 0) == 0) t = t.substr(t[2] == '_' ? 3 : 2);
    if (!t.empty() && (t.back() == 'a' || t.back() == 'f')) t.pop_back();  // sm_90a, sm_100f: same CC
    auto bad = [&] {
        return Error{ErrorId::InvalidInput, "cc",
                     "cc \"" + std::string(text) + "\" is not a compute capability; write it as 8.0, 80 or sm_80"};
    };
    ComputeCapability cc;
    const char* b = t.data();
    const char* e = t.data() + t.size();
    if (auto dot = t.find('.'); dot != std::string::npos) {
        auto r1 = std::from_chars(b, b + dot, cc.major);
        auto r2 = std::from_chars(b + dot + 1, e, cc.minor);
        if (r1.ec != std::errc{} || r1.ptr != b + dot || r2.ec != std::errc{} || r2.ptr != e || dot == 0) return bad();
    } else {
        int v = 0;
        auto r = std::from_chars(b, e, v);
        if (r.ec != std::errc{} || r.ptr != e || t.size() < 2 || t.size() > 3) return bad();
        cc = {v / 10, v % 10};
    }
    if (cc.major < 0 || cc.minor < 0 || cc.major > 99 || cc.minor > 9) return bad();
    return cc;
}

Device reference_device(const ArchRules& a) {
    Device d;
    d.cc = a.cc;
    d.sm_count = 0;
    d.max_threads_per_block = a.max_threads_per_block;
    d.max_threads_per_sm = a.max_threads_per_sm;
    d.regs_per_sm = a.regs_per_sm;
    d.regs_per_block = a.regs_per_block;
    d.warp_size = a.warp_size;
    d.smem_per_sm = a.smem_per_sm;
    d.smem_per_block = a.smem_per_block;
    d.smem_per_block_optin = a.smem_per_block_optin;
    d.reserved_smem_per_block = a.reserved_smem_per_block;
    return d;
}

namespace {
[[gnu::cold, gnu::noinline]] Error device_range_error(const char* field, int64_t v, int64_t lo, int64_t hi,
                                                      const char* unit) {
    return Error{ErrorId::InvalidDevice, std::string("device.") + field,
                 std::string("device.") + field + " is " + std::to_string(v) + "; it must be between " +
                     std::to_string(lo) + " and " + std::to_string(hi) + " " + unit};
}
[[gnu::cold, gnu::noinline]] Error granule_error(const ArchRules& a, const char* field, int64_t v) {
    return Error{ErrorId::InvalidDevice, std::string("device.") + field,
                 std::string("device.") + field + " (" + std::to_string(v) + ") must be a multiple of " +
                     std::to_string(a.smem_alloc_granularity) + " bytes, CC " + std::to_string(a.cc.major) + "." +
                     std::to_string(a.cc.minor) + "'s shared-memory allocation granularity"};
}
}  // namespace

Expected<const ArchRules*> validate_device(const Device& d) {
    auto arch = find_arch(d.cc);
    if (!arch) return arch.error();
    const ArchRules& a = **arch;
    // The checks run on every solver call: the Error is built out of line, only when one fails.
    std::optional<Error> failed;
    auto range = [&failed](const char* field, int64_t v, int64_t lo, int64_t hi, const char* unit) {
        if (v >= lo && v <= hi) [[likely]]
            return false;
        failed = device_range_error(field, v, lo, hi, unit);
        return true;
    };
    // Fields are bounded so that every product below fits comfortably in 64 bits.
    constexpr int64_t kMaxCount = int64_t{1} << 31;
    if (range("sm_count", d.sm_count, 0, 1 << 20, "SMs")) return *failed;
    if (range("warp_size", d.warp_size, 1, 1024, "threads")) return *failed;
    // Thread counts are bounded at 65,536 (64 x any real device): block_size() tries every multiple of the
    // warp size up to max_threads_per_block, which must stay a quick loop (fuzz finding F4).
    constexpr int64_t kMaxThreads = int64_t{1} << 16;
    if (range("max_threads_per_block", d.max_threads_per_block, 1, kMaxThreads, "threads")) return *failed;
    if (range("max_threads_per_sm", d.max_threads_per_sm, 1, kMaxThreads, "threads")) return *failed;
    if (range("regs_per_sm", d.regs_per_sm, 1, kMaxCount, "registers")) return *failed;
    if (range("regs_per_block", d.regs_per_block, 1, kMaxCount, "registers")) return *failed;
    // The largest carveout of the CC bounds what the hardware can give one SM (OCC rejects more).
    const int64_t max_smem = a.carveout_count ? int64_t{a.carveouts().back()} * 1024 : int64_t{1} << 31;
    if (range("smem_per_sm", d.smem_per_sm, 1, max_smem, "bytes")) return *failed;
    if (range("smem_per_block", d.smem_per_block, 1, d.smem_per_sm, "bytes (at most smem_per_sm)")) return *failed;
    if (range("smem_per_block_optin", d.smem_per_block_optin, 0, d.smem_per_sm,
                       "bytes (at most smem_per_sm)")) return *failed;
    if (range("reserved_smem_per_block", d.reserved_smem_per_block, 0, d.smem_per_sm,
                       "bytes (at most smem_per_sm)")) return *failed;
    if (d.smem_per_block_optin < d.smem_per_block)
        return Error{ErrorId::InvalidDevice, "device.smem_per_block_optin",
                     "device.smem_per_block_optin (" + std::to_string(d.smem_per_block_optin) +
                         ") must be at least device.smem_per_block (" + std::to_string(d.smem_per_block) +
                         "): opting in never lowers the per-block limit"};
    if (a.cc.major >= 8 && d.smem_per_block_optin + d.reserved_smem_per_block > d.smem_per_sm)
        return Error{ErrorId::InvalidDevice, "device.smem_per_block_optin",
                     "device.smem_per_block_optin (" + std::to_string(d.smem_per_block_optin) +
                         ") plus device.reserved_smem_per_block (" + std::to_string(d.reserved_smem_per_block) +
                         ") must not exceed device.smem_per_sm (" + std::to_string(d.smem_per_sm) + ")"};
    // Devices report shared-memory sizes in whole allocation granules, and reserve shared memory per block
    // only from CC 8.0. A custom device that breaks either makes NVIDIA's rules contradict themselves
    // (dynamic_smem's answer would not let its blocks reside), so it is refused here.
    auto granules = [&](const char* field, int64_t v) {
        if (v % a.smem_alloc_granularity == 0) [[likely]]
            return false;
        failed = granule_error(a, field, v);
        return true;
    };
    if (granules("smem_per_sm", d.smem_per_sm)) return *failed;
    if (granules("smem_per_block", d.smem_per_block)) return *failed;
    if (granules("smem_per_block_optin", d.smem_per_block_optin)) return *failed;
    if (granules("reserved_smem_per_block", d.reserved_smem_per_block)) return *failed;
    if (a.cc.major < 8 && d.reserved_smem_per_block != 0)
        return Error{ErrorId::InvalidDevice, "device.reserved_smem_per_block",
                     "device.reserved_smem_per_block must be 0 before CC 8.0 (the driver reserves shared memory "
                     "per block from CC 8.0 on); it is " + std::to_string(d.reserved_smem_per_block)};
    if (d.max_threads_per_block > d.max_threads_per_sm)
        return Error{ErrorId::InvalidDevice, "device.max_threads_per_block",
                     "device.max_threads_per_block (" + std::to_string(d.max_threads_per_block) +
                         ") must not exceed device.max_threads_per_sm (" + std::to_string(d.max_threads_per_sm) + ")"};
    if (d.regs_per_block > d.regs_per_sm)
        return Error{ErrorId::InvalidDevice, "device.regs_per_block",
                     "device.regs_per_block (" + std::to_string(d.regs_per_block) +
                         ") must not exceed device.regs_per_sm (" + std::to_string(d.regs_per_sm) + ")"};
    if (d.max_threads_per_sm % d.warp_size != 0)
        return Error{ErrorId::InvalidDevice, "device.max_threads_per_sm",
                     "device.max_threads_per_sm (" + std::to_string(d.max_threads_per_sm) +
                         ") must be a whole number of warps of device.warp_size (" + std::to_string(d.warp_size) + ")"};
    return &a;
}

CheckedDevice::Divisor::Divisor(int64_t v) : v_(v), shift_(-1) {
    if ((v & (v - 1)) == 0)
        for (shift_ = 0; (int64_t{1} << shift_) != v;) ++shift_;
}

CheckedDevice::CheckedDevice(const Device& dev, const ArchRules* rules)
    : dev_(dev),
      rules_(rules),
      max_warps_(dev.max_threads_per_sm / dev.warp_size),
      regs_per_sub_(dev.regs_per_sm / rules->sub_partitions),
      warp_(dev.warp_size),
      reg_unit_(rules->reg_alloc_unit),
      sub_partitions_(rules->sub_partitions),
      smem_granule_(rules->smem_alloc_granularity),
      gp100_(rules->cc == ComputeCapability{6, 0}) {
    // Maxwell/Pascal: dedicated shared memory, no carveout: every preference gives smem_per_sm.
    const bool fixed = rules->cc.major < 7;
    default_pref_ = fixed ? dev.smem_per_sm : rules->carveout_at_least(dev.smem_per_sm);
    static_assert(std::tuple_size_v<decltype(carveout_max_pct_)> == std::tuple_size_v<decltype(rules->carveouts_kib)>);
    carveout_bytes_.fill(-1);
    carveout_max_pct_.fill(INT32_MAX);
    if (fixed || rules->carveout_count == 0) {
        carveout_bytes_[0] = default_pref_;
        return;
    }
    // cudaOccSMemPerMultiprocessor asks for want = p x S / 100 bytes (rounded down; S = smem_per_sm) and takes
    // the first carveout of C bytes with want <= C, i.e. p x S < 100 (C + 1): p <= ceil(100 (C + 1) / S) - 1.
    // Unsigned 32-bit arithmetic (a cheaper division: CheckedDevice::check runs once per CLI or batch request):
    // S <= 2^31 (validate_device) and C <= 1 MiB (a CC's carveouts are KiB counts below 1,024), so
    // 100 (C + 1) + S - 1 < 2^32.
    const auto S = static_cast<uint32_t>(dev.smem_per_sm);
    for (std::size_t i = 0; i < rules->carveouts().size(); ++i) {
        const auto C = static_cast<uint32_t>(rules->carveouts()[i]) * 1024u;
        carveout_bytes_[i] = C;
        carveout_max_pct_[i] = static_cast<int32_t>(std::min<uint32_t>(100, (100u * (C + 1) + S - 1) / S - 1));
    }
}

Expected<CheckedDevice> CheckedDevice::check(const Device& dev) {
    auto a = validate_device(dev);
    if (!a) return a.error();
    return CheckedDevice(dev, *a);
}

}  // namespace smcalc
