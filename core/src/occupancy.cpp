// occupancy.cpp - NVIDIA's occupancy rules, step for step as CUDA 13.0's cuda_occupancy.h computes them
// (function names in comments are the header's), with 64-bit checked arithmetic and an explanation.
//
// Units: bytes for shared memory, 32-bit registers, threads, warps, blocks (CTAs). "per SM" throughout.
#include "smcalc/occupancy.hpp"
#include "smcalc/format.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include "names.hpp"

namespace smcalc {
namespace {

constexpr int64_t kInf = kNoLimit;  // "this resource sets no limit"

int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }  // a >= 0, b > 0

// a / b for a >= 0, b > 0, as a 32-bit division when both fit (always, for real devices and kernels): on many
// x86 cores (Intel before Ice Lake) a 64-bit division costs 2-3x a 32-bit one; on recent ones they cost alike.
inline int64_t quot(int64_t a, int64_t b) {
    if (((static_cast<uint64_t>(a) | static_cast<uint64_t>(b)) >> 32) == 0) [[likely]]
        return static_cast<uint32_t>(a) / static_cast<uint32_t>(b);
    return a / b;
}
// a / b where the caller knows 0 <= a < 2^32 and 0 < b < 2^32 (each use says why): validate_device bounds
// every device figure by 2^31, so quotients of device figures by per-block figures that passed their limit
// need no test.
inline int64_t quot32(int64_t a, int64_t b) { return static_cast<uint32_t>(a) / static_cast<uint32_t>(b); }

// a * b, or nullopt if it does not fit in int64 (inputs are non-negative).
std::optional<int64_t> checked_mul(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}
std::optional<int64_t> checked_round_up(int64_t a, int64_t unit) {
    const int64_t q = ceil_div(a, unit);
    return checked_mul(q, unit);
}

// 12345678 -> "12,345,678" (grouped()); a resource without a limit -> "no limit"
std::string num(int64_t v) { return v == kInf ? "no limit" : grouped(v); }
std::string kib(int64_t bytes) {
    if (bytes % 1024 == 0) return num(bytes / 1024) + " KiB";
    return num(bytes) + " B";
}

[[gnu::cold, gnu::noinline]] Error range_error(const char* field, int64_t v, int64_t lo, int64_t hi, const char* what) {
    return Error{ErrorId::InvalidInput, field,
                 std::string(field) + " is " + std::to_string(v) + "; it must be between " + std::to_string(lo) +
                     " and " + std::to_string(hi) + " " + what};
}
// Inline check, out-of-line Error: validation runs on every solver call.
inline std::optional<Error> check_range(const char* field, int64_t v, int64_t lo, int64_t hi, const char* what) {
    if (v >= lo && v <= hi) [[likely]]
        return std::nullopt;
    return range_error(field, v, lo, hi, what);
}

std::optional<Error> validate_kernel(const KernelInput& in) {
    if (auto e = check_range("threads", in.threads, 1, kMaxInput, "threads per block")) return e;
    if (auto e = check_range("regs", in.regs, 0, kMaxInput, "registers per thread")) return e;
    if (auto e = check_range("smem_static", in.smem_static, 0, kMaxInput, "bytes")) return e;
    if (auto e = check_range("smem_dynamic", in.smem_dynamic, 0, kMaxInput, "bytes")) return e;
    if (in.smem_dynamic_max != -1)
        if (auto e = check_range("smem_dynamic_max", in.smem_dynamic_max, 0, kMaxInput, "bytes (or -1 for CUDA's default)"))
            return e;
    if (in.carveout != -1)
        if (auto e = check_range("carveout", in.carveout, 0, 100, "percent (or -1 for the default carveout)")) return e;
    if (auto e = check_range("barriers", in.barriers, 0, kMaxInput, "block barriers")) return e;
    return std::nullopt;
}

// validate_kernel's ranges as one quick test for the solver's hot path: true only when every field is in
// range (it may say false for a few valid edge values, e.g. smem_dynamic_max = 2^53 - 1: validate_kernel then
// decides). kMaxInput is 2^53 - 1, so "every value <= kMaxInput" is "no bit 53 or above in their OR".
inline bool kernel_in_range(const KernelInput& in) {
    using U = uint64_t;
    static_assert(kMaxInput == (int64_t{1} << 53) - 1);
    const U any = U(in.threads) | (U(in.threads) - 1) | U(in.regs) | U(in.smem_static) | U(in.smem_dynamic) |
                  (U(in.smem_dynamic_max) + 1) | U(in.barriers);
    return (any >> 53) == 0 && U(int64_t{in.carveout}) + 1 <= 101;
}

// cudaOccAlignUpShmemSizeVoltaPlus: the smallest supported carveout >= size.
std::optional<int64_t> align_up_carveout(const ArchRules& a, int64_t size) {
    const int64_t c = a.carveout_at_least(size);
    return c >= 0 ? std::optional<int64_t>(c) : std::nullopt;
}

Error carveout_error(const ArchRules& a, int64_t size, const char* what) {
    return Error{ErrorId::InvalidInput, "smem",
                 std::string(what) + " (" + num(size) + " B) exceeds the largest shared-memory carveout of CC " +
                     cc_text(a.cc) + " (" + kib(int64_t{a.carveouts().back()} * 1024) +
                     "); lower the shared memory or the device's shared-memory fields"};
}

// cudaOccSMemPerMultiprocessor: the shared memory per SM the carveout preference asks for.
Expected<int64_t> smem_preference(const Device& d, const ArchRules& a, int carveout) {
    if (a.cc.major < 7) return d.smem_per_sm;  // Maxwell/Pascal: dedicated shared memory, no carveout
    const int64_t pref = carveout < 0 ? d.smem_per_sm : (int64_t{carveout} * d.smem_per_sm) / 100;
    auto aligned = align_up_carveout(a, pref);
    if (!aligned) return carveout_error(a, pref, "the carveout preference");
    return *aligned;
}

// cudaOccSMemPerBlock: the per-CTA shared-memory limit, including the driver's reserved bytes from CC 8.0.
int64_t smem_limit_per_block(const Device& d, const ArchRules& a, bool optin, int64_t max_usage) {
    int64_t limit = d.smem_per_block;
    if (a.cc.major >= 7 && optin && max_usage > d.smem_per_block) limit = d.smem_per_block_optin;
    if (a.cc.major >= 8) limit += d.reserved_smem_per_block;
    return limit;
}

int64_t default_dynamic_max(const Device& d, const KernelInput& in) {
    // CUDA's default for cudaFuncAttributeMaxDynamicSharedMemorySize is what remains of the per-block
    // limit after static shared memory; with opt-in the largest value the attribute may be set to.
    const int64_t limit = in.optin ? d.smem_per_block_optin : d.smem_per_block;
    return std::max<int64_t>(0, limit - in.smem_static);
}

struct RegsOut {
    int64_t limit = 0;
    std::optional<int64_t> alloc_per_block;
    int64_t per_warp = 0;
    int64_t warps_per_sm = 0;  // warps the register file holds (0 if the block cannot launch)
    const char* zero_reason = nullptr;
};

// cudaOccMaxBlocksPerSMRegsLimit (partitioned global caching off).
RegsOut regs_limit(const Device& d, const ArchRules& a, int sub_partitions, int64_t warps, int64_t regs) {
    RegsOut o;
    const int64_t unit = a.reg_alloc_unit;
    auto per_warp = checked_mul(regs, d.warp_size);
    std::optional<int64_t> alloc_warp = per_warp ? checked_round_up(*per_warp, unit) : std::nullopt;
    std::optional<int64_t> alloc_cta = alloc_warp ? checked_mul(*alloc_warp, warps) : std::nullopt;
    // The hardware check assumes allocation on all sub-partitions at once: warps round up to a multiple.
    std::optional<int64_t> assumed =
        alloc_warp ? checked_mul(*alloc_warp, ceil_div(warps, sub_partitions) * sub_partitions) : std::nullopt;
    o.alloc_per_block = (alloc_cta && *alloc_cta <= kMaxInput) ? alloc_cta : std::nullopt;
    o.per_warp = alloc_warp.value_or(0);
    if (regs > a.max_regs_per_thread_occ) {
        o.zero_reason = "registers per thread exceed the per-thread cap";
        return o;
    }
    if (!assumed || !alloc_cta || *assumed > d.regs_per_block || *alloc_cta > d.regs_per_block) {
        o.zero_reason = "the block's registers exceed the per-block register limit";
        return o;
    }
    if (*alloc_warp == 0) {
        o.limit = kInf;
        return o;
    }
    const int64_t per_sub = d.regs_per_sm / sub_partitions;
    o.warps_per_sm = (per_sub / *alloc_warp) * sub_partitions;
    o.limit = o.warps_per_sm / warps;
    if (o.limit == 0) o.zero_reason = "the register file cannot hold one block's warps";
    return o;
}

}  // namespace

std::string OccupancyNumbers::limits_text() const {
    std::string out;
    for (Resource res : kResources) {
        const std::optional<int64_t> v = limit(res);
        if (!v) continue;
        if (!out.empty()) out += ", ";
        out += num(*v);
    }
    return out;
}

// Each resource's JSON name and the words the derivation and the pages use for it.
constexpr Named<Resource> kResourceNames[] = {
    {Resource::Registers, "regs", "registers"},  {Resource::SharedMemory, "smem", "shared memory"},
    {Resource::Warps, "warps", "warp slots"},    {Resource::Blocks, "blocks", "block slots"},
    {Resource::Barriers, "barriers", "barriers"},
};
std::string_view resource_key(Resource r) { return name_of(kResourceNames, r).key; }
std::string_view resource_label(Resource r) { return name_of(kResourceNames, r).label; }

namespace {

// What the explanation needs beyond the numbers: the solver's intermediate values. The fields without an
// initialiser are always written by compute() (this struct is made once per solver call: no extra stores).
struct Work {
    RegsOut regs;
    int64_t warps_limit;
    int64_t smem_limit = 0;
    int64_t bars_limit = kInf;
    int64_t total;                // static + dynamic + reserved shared memory per block, bytes
    int64_t smem_cta_limit;       // per-block shared-memory limit, bytes
    int64_t pref;                 // cudaOccSMemPerMultiprocessor's preference, bytes
    const char* smem_zero = nullptr;
};

// What compute() returns: on the rare carveout errors the size no carveout holds and which size it was;
// what == nullptr when it answered. Returned by value (two registers), so the solver's Work never escapes the
// hot path and the stores to it that occupancy_numbers() does not read are dropped.
struct CarveoutMiss {
    int64_t size;
    const char* what;
};

[[gnu::cold, gnu::noinline]] Error miss_error(const CheckedDevice& cd, CarveoutMiss m) {
    return carveout_error(cd.rules(), m.size, m.what);
}

// cudaOccMaxBlocksPerSMRegsLimit for `threads` threads (`warps` warps) of `regs_per_thread` registers.
// Writes every field of `regs` (an out-parameter: the hot path makes no copy).
[[gnu::always_inline]] inline void regs_of(const CheckedDevice& cd, int64_t regs_per_thread, int64_t threads, int64_t warps,
                                           RegsOut& regs) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    regs = RegsOut{};
    if (regs_per_thread <= a.max_regs_per_thread_occ && threads <= d.max_threads_per_block && !cd.gp100())
        [[likely]] {
        // regs_limit without checked arithmetic: registers <= 256, warp size <= 1,024 and warps <= 65,536
        // (validate_device) keep every product below 2^35.
        const int64_t alloc_warp = cd.reg_unit().round_up(regs_per_thread * d.warp_size);
        const int64_t alloc_cta = alloc_warp * warps;
        const int64_t assumed = alloc_warp * cd.sub_partitions().round_up(warps);
        regs.alloc_per_block = alloc_cta;
        regs.per_warp = alloc_warp;
        if (assumed > d.regs_per_block || alloc_cta > d.regs_per_block) {
            regs.zero_reason = "the block's registers exceed the per-block register limit";
        } else if (alloc_warp == 0) {
            regs.limit = kInf;
        } else {
            // regs_per_sm <= 2^31 (validate_device); 0 < alloc_warp <= 2^18; 0 < warps <= 2^16 (threads
            // passed max_threads_per_block).
            regs.warps_per_sm = quot32(cd.regs_per_sub_partition(), alloc_warp) * a.sub_partitions;
            regs.limit = quot32(regs.warps_per_sm, warps);
            if (regs.limit == 0) regs.zero_reason = "the register file cannot hold one block's warps";
        }
    } else {
        regs = regs_limit(d, a, a.sub_partitions, warps, regs_per_thread);
        if (cd.gp100() && regs.limit != 0) {
            // GP100 has 2 sub-partitions, GP10x 4: OCC refuses on GP100 what GP10x cannot run.
            if (regs_limit(d, a, 4, warps, regs_per_thread).limit == 0) {
                regs.limit = 0;
                regs.zero_reason = "the kernel could not run on GP10x (4 sub-partitions); OCC refuses it on GP100 too";
            }
        }
    }
}

// compute()'s step: cudaOccMaxBlocksPerSMSmemLimit. Fills w.smem_limit (left 0 when the block's shared memory is
// refused, w.smem_zero saying why) and r's shared-memory figures; on the rare carveout errors returns what
// miss_error() reports.
[[gnu::always_inline]] inline CarveoutMiss smem_of(const CheckedDevice& cd, const KernelInput& in, OccupancyNumbers& r,
                                                   Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    // cudaOccSMemPerMultiprocessor, inline: an Error is built only on failure.
    // (A table lookup per carveout preference: CheckedDevice did the search of the carveout list once.)
    int64_t& pref = w.pref;
    pref = cd.smem_preference(in.carveout);
    if (pref < 0) [[unlikely]] {
        return {in.carveout < 0 ? d.smem_per_sm : (int64_t{in.carveout} * d.smem_per_sm) / 100,
                "the carveout preference"};
    }
    const int64_t dyn_max = in.smem_dynamic_max >= 0 ? in.smem_dynamic_max : default_dynamic_max(d, in);
    const int64_t static_total = in.smem_static + d.reserved_smem_per_block;  // < 2^54: no overflow
    const int64_t total = w.total = static_total + in.smem_dynamic;
    const int64_t smem_alloc = cd.smem_granule().round_up(total);  // < 2^55 + granule: no overflow
    const int64_t max_usage = static_total + dyn_max;
    const int64_t smem_cta_limit = w.smem_cta_limit = smem_limit_per_block(d, a, in.optin, max_usage);
    r.smem_per_block = smem_alloc;
    int64_t& smem_limit = w.smem_limit;
    int64_t smem_sm = pref;
    const char*& smem_zero = w.smem_zero;
    if (in.optin && in.smem_dynamic > dyn_max) {
        smem_zero = "dynamic shared memory exceeds the kernel's max-dynamic-shared-memory attribute";
    } else if (smem_alloc > smem_cta_limit) {
        smem_zero = "the block's shared memory exceeds the per-block limit";
    } else {
        if (pref < smem_alloc) {
            // The launch needs more than the preference: the driver picks the carveout that fits one block.
            if (a.cc.major >= 7) {
                auto aligned = align_up_carveout(a, smem_alloc);
                if (!aligned) [[unlikely]] {
                    return {smem_alloc, "shared memory per block"};
                }
                smem_sm = *aligned;
            } else {
                smem_sm = d.smem_per_sm;
            }
        }
        // smem_sm is a carveout or smem_per_sm (<= 2^31, validate_device); smem_alloc <= smem_cta_limit here.
        smem_limit = smem_alloc > 0 ? quot32(smem_sm, smem_alloc) : kInf;
    }
    r.smem_per_sm = smem_sm;
    return {0, nullptr};
}

// cuda_occupancy.h's cudaOccMaxActiveBlocksPerMultiprocessor, once the kernel and the device are known to be
// in range: fills `r` (and `w` for the explanation); on the rare carveout errors returns what miss_error()
// reports.
[[gnu::always_inline]] inline CarveoutMiss compute(const CheckedDevice& cd, const KernelInput& in, OccupancyNumbers& r, Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const int64_t warps = cd.warp().ceil_div(in.threads);  // threads <= 2^53 - 1 (kernel_in_range)
    const int64_t max_warps = cd.max_warps_per_sm();
    r.warps_per_block = warps;
    r.max_warps_per_sm = max_warps;

    // --- Registers (cudaOccMaxBlocksPerSMRegsLimit) ---
    const RegsOut& regs = w.regs;
    regs_of(cd, in.regs, in.threads, warps, w.regs);
    r.regs_per_block = regs.alloc_per_block;
    r.regs_per_warp = regs.per_warp;

    // --- Warps (cudaOccMaxBlocksPerSMWarpsLimit) ---
    // max_warps <= 2^16 and warps <= max_threads_per_block <= 2^16 where it divides (validate_device).
    const int64_t warps_limit = w.warps_limit = in.threads > d.max_threads_per_block ? 0 : quot32(max_warps, warps);

    // --- Block slots (cudaOccMaxBlocksPerMultiprocessor) ---
    const int64_t blocks_limit = a.max_blocks_per_sm;

    // --- Shared memory (cudaOccMaxBlocksPerSMSmemLimit) ---
    if (const CarveoutMiss miss = smem_of(cd, in, r, w); miss.what) [[unlikely]]
        return miss;
    const int64_t smem_limit = w.smem_limit;

    // --- Overall, then barriers (cudaOccMaxBlocksPerSMBlockBarrierLimit, CC >= 9.0 only) ---
    int64_t blocks = std::min(std::min(regs.limit, smem_limit), std::min(warps_limit, blocks_limit));
    int64_t& bars_limit = w.bars_limit;
    if (a.barrier_limit_applies && in.barriers > 0) {
        // The budget (factor x blocks per SM) is small; barriers may be up to 2^53 - 1: above the budget, 0.
        const int64_t budget = int64_t{a.barrier_factor} * a.max_blocks_per_sm;
        bars_limit = in.barriers > budget ? 0 : quot32(budget, in.barriers);
        blocks = std::min(blocks, bars_limit);
    }

    // Every field of `r` is written (not left at its initial value): a caller may reuse one OccupancyNumbers
    // for many calls, as sweeps do, without clearing it in between.
    const int64_t lim[5] = {regs.limit, smem_limit, warps_limit, blocks_limit, bars_limit};
    r.limiting.clear();
    for (Resource res : kResources) {
        const int64_t v = lim[static_cast<int>(res)];
        r.limits[static_cast<std::size_t>(res)] = v;  // kInf is kNoLimit: plain stores, no branch
        r.limiting.push_back_if(res, v == blocks);
    }
    r.blocks_per_sm = blocks;
    r.warps_per_sm = blocks * warps;
    r.threads_per_sm = blocks * in.threads;
    r.occupancy = static_cast<double>(r.warps_per_sm) / static_cast<double>(max_warps);

    return {0, nullptr};
}

// What the resident CTAs use of one SM's budget, per resource (the answer's bars).
void add_budgets(const CheckedDevice& cd, const KernelInput& in, OccupancyResult& r, const Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const int64_t blocks = r.blocks_per_sm, smem_alloc = r.smem_per_block;
    auto is_lim = [&](Resource res) {
        return std::find(r.limiting.begin(), r.limiting.end(), res) != r.limiting.end();
    };
    r.budgets.push_back({"registers per thread", "registers", in.regs, a.max_regs_per_thread,
                         is_lim(Resource::Registers) && in.regs > a.max_regs_per_thread});
    r.budgets.push_back({"registers per SM", "registers", blocks * r.regs_per_block.value_or(0), d.regs_per_sm,
                         is_lim(Resource::Registers)});
    r.budgets.push_back({"shared memory per CTA", "bytes", smem_alloc, w.smem_cta_limit,
                         is_lim(Resource::SharedMemory) && w.smem_zero != nullptr});
    r.budgets.push_back({"shared memory per SM", "bytes", blocks * smem_alloc, r.smem_per_sm, is_lim(Resource::SharedMemory)});
    r.budgets.push_back({"warp slots", "warps", r.warps_per_sm, r.max_warps_per_sm, is_lim(Resource::Warps)});
    r.budgets.push_back({"block slots", "blocks", blocks, a.max_blocks_per_sm, is_lim(Resource::Blocks)});
    if (a.barrier_limit_applies)
        r.budgets.push_back({"barriers per SM", "barriers", blocks * in.barriers,
                             int64_t{a.barrier_factor} * a.max_blocks_per_sm, is_lim(Resource::Barriers)});
    else
        r.budgets.push_back({"named barriers per CTA", "barriers", in.barriers, a.barriers_per_block, false});
}

// The derivation's shared-memory line: the bytes per block, the carveout and the blocks it allows.
std::string smem_derivation(const CheckedDevice& cd, const KernelInput& in, const OccupancyResult& r, const Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const int64_t smem_alloc = r.smem_per_block, smem_sm = r.smem_per_sm;
    std::string s = "Shared memory: " + num(in.smem_static) + " static + " + num(in.smem_dynamic) + " dynamic";
    if (d.reserved_smem_per_block) s += " + " + num(d.reserved_smem_per_block) + " reserved by the driver";
    s += " = " + num(w.total) + " B, rounded up to " + num(a.smem_alloc_granularity) + " B = " + num(smem_alloc) +
         " B per block";
    if (w.smem_zero)
        return s + " -> 0 blocks: " + w.smem_zero + " (" + num(w.smem_cta_limit) + " B" +
               (d.reserved_smem_per_block && a.cc.major >= 8 ? " incl. the reserved bytes" : "") + ").";
    if (smem_alloc == 0) return s + " -> no shared-memory limit.";
    if (a.cc.major >= 7) {
        s += "; carveout " + (in.carveout < 0 ? std::string("default (largest)") : std::to_string(in.carveout) + " %");
        if (smem_sm != w.pref)
            s += " gives " + kib(w.pref) + ", less than one block needs, so the driver picks " + kib(smem_sm);
        else
            s += " -> " + kib(smem_sm) + " per SM (rounded up to a supported carveout)";
    } else {
        s += "; " + kib(smem_sm) + " per SM (no carveout before CC 7.0)";
    }
    return s + " -> floor(" + num(smem_sm) + " / " + num(smem_alloc) + ") = " + num(w.smem_limit) + " blocks.";
}

// The derivation: the arithmetic of each limit with the actual numbers, then the result.
void add_derivation(const CheckedDevice& cd, const KernelInput& in, OccupancyResult& r, const Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const RegsOut& regs = w.regs;
    const int64_t warps = r.warps_per_block, max_warps = r.max_warps_per_sm, blocks = r.blocks_per_sm;
    auto& D = r.derivation;
    D.push_back("Block: " + num(in.threads) + " threads = ceil(" + num(in.threads) + " / " + num(d.warp_size) +
                ") = " + num(warps) + " warps.");
    if (in.threads > d.max_threads_per_block)
        D.push_back("Warps: " + num(in.threads) + " threads exceed the " + num(d.max_threads_per_block) +
                    "-thread block limit -> 0 blocks.");
    else
        D.push_back("Warps: " + num(max_warps) + " warp slots / " + num(warps) + " warps per block = " +
                    num(w.warps_limit) + " blocks.");
    if (in.regs == 0) {
        D.push_back("Registers: the kernel uses none -> no register limit.");
    } else if (regs.zero_reason) {
        D.push_back("Registers: " + num(in.regs) + "/thread -> 0 blocks: " + regs.zero_reason + ".");
    } else {
        D.push_back("Registers: " + num(in.regs) + "/thread x " + num(d.warp_size) + " = " +
                    num(in.regs * d.warp_size) + " per warp, rounded up to a multiple of " + num(a.reg_alloc_unit) +
                    " = " + num(regs.per_warp) + "; the " + num(d.regs_per_sm) + "-register file is split over " +
                    std::to_string(a.sub_partitions) + " sub-partitions of " + num(d.regs_per_sm / a.sub_partitions) +
                    " -> " + std::to_string(a.sub_partitions) + " x floor(" + num(d.regs_per_sm / a.sub_partitions) +
                    " / " + num(regs.per_warp) + ") = " + num(regs.warps_per_sm) + " warps -> " +
                    num(regs.warps_per_sm) + " / " + num(warps) + " = " + num(regs.limit) + " blocks.");
    }
    D.push_back(smem_derivation(cd, in, r, w));
    D.push_back("Block slots: " + num(a.max_blocks_per_sm) + " per SM on CC " + cc_text(a.cc) + ".");
    if (!a.barrier_limit_applies)
        D.push_back("Barriers: not an occupancy limit before CC 9.0 in NVIDIA's rules.");
    else if (in.barriers == 0)
        D.push_back("Barriers: the kernel uses none -> no barrier limit.");
    else
        D.push_back("Barriers: budget " + std::to_string(a.barrier_factor) + " x " + num(a.max_blocks_per_sm) + " = " +
                    num(int64_t{a.barrier_factor} * a.max_blocks_per_sm) + " per SM / " + num(in.barriers) +
                    " per block = " + num(w.bars_limit) + " blocks.");
    std::string lims;
    for (Resource res : r.limiting) lims += (lims.empty() ? "" : ", ") + std::string(resource_label(res));
    char pct[32];
    std::snprintf(pct, sizeof pct, "%.1f", r.occupancy * 100.0);
    D.push_back("Result: min(" + r.limits_text() + ") = " + num(blocks) + " blocks per SM -> " + num(blocks) + " x " +
                num(warps) + " = " + num(r.warps_per_sm) + " of " + num(max_warps) + " warps = " + pct +
                " % occupancy, limited by " + lims + ".");
}

// The notes: why 0 blocks; where the common simplified formulas differ.
void add_notes(const CheckedDevice& cd, const KernelInput& in, OccupancyResult& r, const Work& w) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const std::string cc = "CC " + cc_text(a.cc);
    auto& N = r.notes;
    if (in.threads > d.max_threads_per_block)
        N.push_back("0 blocks: " + num(in.threads) + " threads per block exceed the device limit of " +
                    num(d.max_threads_per_block) + "; the launch would fail.");
    if (w.regs.zero_reason) {
        if (in.regs > a.max_regs_per_thread_occ)
            N.push_back("0 blocks: " + num(in.regs) + " registers per thread exceed " + cc + "'s cap of " +
                        num(a.max_regs_per_thread_occ) + " in NVIDIA's occupancy rules (ptxas allocates at most " +
                        num(a.max_regs_per_thread) + "; beyond that it spills to local memory).");
        else
            N.push_back(std::string("0 blocks: ") + w.regs.zero_reason + ".");
    }
    if (w.smem_zero) N.push_back(std::string("0 blocks: ") + w.smem_zero + " (" + num(w.smem_cta_limit) + " B).");
    if (!in.optin && a.cc.major >= 7 && d.smem_per_block_optin > d.smem_per_block && w.smem_zero &&
        r.smem_per_block <= d.smem_per_block_optin + (a.cc.major >= 8 ? d.reserved_smem_per_block : 0))
        N.push_back("With opt-in (cudaFuncSetAttribute MaxDynamicSharedMemorySize) a block may use up to " +
                    num(d.smem_per_block_optin) + " B.");
    if (d.reserved_smem_per_block > 0 && a.cc.major >= 8)
        N.push_back("From CC 8.0 the driver reserves " + num(d.reserved_smem_per_block) +
                    " B of shared memory per block; simple formulas that divide shared memory per SM by the "
                    "kernel's own bytes overlook it.");
    if (a.cc.major == 12 || a.cc == ComputeCapability{11, 0})
        N.push_back(cc + " devices report " + num(a.max_blocks_per_sm) +
                    " resident blocks per SM (NVIDIA's occupancy header and device queries agree); the Blackwell "
                    "tuning guide's 32 does not hold for them.");
    if (a.cc.major == 12)
        N.push_back(cc + ": 100 KiB of shared memory per SM (102,400 B reported by devices) out of a 128 KiB "
                    "L1/shared pool; some guides say 128 KB of shared memory.");
}

// The budgets, the derivation and the notes of an answer whose numbers compute() filled.
void explain(const CheckedDevice& cd, const KernelInput& in, OccupancyResult& r, const Work& w) {
    add_budgets(cd, in, r, w);
    add_derivation(cd, in, r, w);
    add_notes(cd, in, r, w);
}

Expected<OccupancyResult> solve(const CheckedDevice& cd, const KernelInput& in, Detail detail) {
    // Filled where it is returned (Expected's in-place constructor; every return returns `out`).
    Expected<OccupancyResult> out(std::in_place);
    Work w;
    if (const CarveoutMiss m = compute(cd, in, out.value(), w); m.what) [[unlikely]] {
        out = miss_error(cd, m);
        return out;
    }
    if (detail == Detail::Full) explain(cd, in, out.value(), w);
    return out;
}

}  // namespace

Expected<OccupancyResult> occupancy(const Device& d, const KernelInput& in, Detail detail) {
    if (auto e = validate_kernel(in)) return *e;
    auto cd = CheckedDevice::check(d);
    if (!cd) return cd.error();
    return solve(*cd, in, detail);
}

Expected<OccupancyResult> occupancy(const CheckedDevice& cd, const KernelInput& in, Detail detail) {
    if (!kernel_in_range(in)) [[unlikely]]
        if (auto e = validate_kernel(in)) return *e;
    return solve(cd, in, detail);
}

std::optional<Error> occupancy_numbers(const CheckedDevice& cd, const KernelInput& in, OccupancyNumbers& out) {
    if (!kernel_in_range(in)) [[unlikely]]
        if (auto e = validate_kernel(in)) return e;
    Work w;
    const CarveoutMiss m = compute(cd, in, out, w);
    if (m.what) [[unlikely]]
        return miss_error(cd, m);
    return std::nullopt;
}

Expected<OccupancyNumbers> occupancy_numbers(const CheckedDevice& cd, const KernelInput& in) {
    Expected<OccupancyNumbers> out(std::in_place);
    if (auto e = occupancy_numbers(cd, in, out.value())) out = std::move(*e);
    return out;
}

detail::CheckedRegs detail::checked_regs_limit(const CheckedDevice& cd, int64_t threads, int64_t regs_per_thread) {
    const Device& d = cd.device();
    const ArchRules& a = cd.rules();
    const int64_t warps = ceil_div(threads, d.warp_size);
    RegsOut regs = regs_limit(d, a, a.sub_partitions, warps, regs_per_thread);
    if (cd.gp100() && regs.limit != 0 && regs_limit(d, a, 4, warps, regs_per_thread).limit == 0) regs.limit = 0;
    return {regs.limit, regs.alloc_per_block, regs.per_warp};
}

Expected<BlockSizeResult> block_size(const Device& d, const KernelInput& in) {
    KernelInput k = in;
    k.threads = 1;
    if (auto e = validate_kernel(k)) return *e;
    auto cd = CheckedDevice::check(d);
    if (!cd) return cd.error();
    return block_size(*cd, in);
}

Expected<BlockSizeResult> block_size(const CheckedDevice& cd, const KernelInput& in_) {
    // cudaOccMaxPotentialOccupancyBlockSize with a constant dynamic shared memory size.
    KernelInput in = in_;
    in.threads = 1;
    if (auto e = validate_kernel(in)) return *e;
    const Device& d = cd.device();
    const int64_t limit = d.max_threads_per_block;
    const int64_t gran = d.warp_size;
    BlockSizeResult best;
    int64_t best_threads = 0;
    // Shared memory, block slots and barriers do not depend on the block size: computed once (with the
    // first candidate, which also reports a carveout error as every candidate would); only registers and
    // warps are recomputed per candidate, with the same regs_of() as occupancy().
    in.threads = limit;
    OccupancyNumbers first;
    Work w;
    if (const CarveoutMiss m = compute(cd, in, first, w); m.what) [[unlikely]]
        return miss_error(cd, m);
    const int64_t fixed = std::min({w.smem_limit, int64_t{cd.rules().max_blocks_per_sm}, w.bars_limit});
    const int64_t max_warps = cd.max_warps_per_sm();
    for (int64_t aligned = ceil_div(limit, gran) * gran; aligned > 0; aligned -= gran) {
        const int64_t threads = std::min(limit, aligned);  // 1 .. 65,536 (validate_device), <= the block limit
        const int64_t warps = cd.warp().ceil_div(threads);
        RegsOut regs;
        regs_of(cd, in.regs, threads, warps, regs);
        const int64_t blocks = std::min({regs.limit, quot(max_warps, warps), fixed});
        const int64_t threads_per_sm = threads * blocks;
        if (threads_per_sm > best_threads) {
            best_threads = threads_per_sm;
            best.block_size = threads;
            best.blocks_per_sm = blocks;
            best.occupancy = static_cast<double>(blocks * warps) / static_cast<double>(max_warps);
        }
        if (best_threads == d.max_threads_per_sm) break;
    }
    best.min_grid_size = best.blocks_per_sm * (d.sm_count > 0 ? d.sm_count : 1);
    return best;
}

Expected<int64_t> dynamic_smem(const Device& d, const KernelInput& in_, int64_t blocks) {
    // cudaOccAvailableDynamicSMemPerBlock
    if (auto e = check_range("blocks", blocks, 1, kMaxInput, "blocks per SM")) return *e;
    KernelInput in = in_;
    in.smem_dynamic = 0;
    auto r = occupancy(d, in, Detail::Numbers);
    if (!r) return r.error();
    if (r->blocks_per_sm < blocks)
        return Error{ErrorId::NotAchievable, "blocks",
                     "blocks is " + std::to_string(blocks) + ", but only " + std::to_string(r->blocks_per_sm) +
                         " blocks of " + std::to_string(in.threads) +
                         " threads fit per SM even without dynamic shared memory; ask for 1 to " +
                         std::to_string(r->blocks_per_sm)};
    const ArchRules& a = **find_arch(d.cc);
    const int64_t limit = smem_limit_per_block(d, a, in.optin, d.smem_per_sm);
    int64_t smem_sm = 0;
    if (blocks == 1) {
        smem_sm = limit;  // a single block may use the whole per-block limit whatever the preference
    } else {
        int64_t pref = *smem_preference(d, a, in.carveout);  // cannot fail: occupancy() above succeeded
        if (pref == 0) pref = align_up_carveout(a, 1).value_or(0);
        smem_sm = pref;
    }
    int64_t avail = smem_sm / blocks;
    avail = (avail / a.smem_alloc_granularity) * a.smem_alloc_granularity;
    avail = std::min(avail, limit);
    // The header subtracts in size_t and would wrap if static exceeded the share; answer 0 instead.
    avail = avail >= in.smem_static ? avail - in.smem_static : 0;
    const int64_t dyn_max = in.smem_dynamic_max >= 0 ? in.smem_dynamic_max : default_dynamic_max(d, in);
    return std::min(avail, dyn_max);
}

Expected<int64_t> dynamic_smem_resident(const Device& d, const KernelInput& in_, int64_t blocks) {
    auto header = dynamic_smem(d, in_, blocks);
    if (!header) return header;
    const ArchRules& a = **find_arch(d.cc);
    KernelInput in = in_;
    const int64_t fixed = in.smem_static + d.reserved_smem_per_block;
    int64_t dyn = *header;
    // Each step drops the block's rounded allocation by one granule; dynamic 0 resides (dynamic_smem
    // checked that), so this ends after at most header / granularity steps (a handful in practice).
    while (dyn > 0) {
        in.smem_dynamic = dyn;
        auto r = occupancy(d, in, Detail::Numbers);
        if (r && r->blocks_per_sm >= blocks) return dyn;
        const int64_t alloc = ceil_div(fixed + dyn, a.smem_alloc_granularity) * a.smem_alloc_granularity;
        dyn = std::max<int64_t>(0, alloc - a.smem_alloc_granularity - fixed);
    }
    return int64_t{0};
}

std::vector<std::string> kernel_input_warnings(const KernelInput& in, const ArchRules& a) {
    std::vector<std::string> out;
    const std::string cc = std::to_string(a.cc.major) + "." + std::to_string(a.cc.minor);
    if (in.regs > a.max_regs_per_thread)
        out.push_back("regs is " + std::to_string(in.regs) + ", but ptxas allocates at most " +
                      std::to_string(a.max_regs_per_thread) +
                      " registers per thread (CUDA Programming Guide, compute capability tables): no compiled kernel "
                      "reports more" +
                      (in.regs <= a.max_regs_per_thread_occ
                           ? "; cuda_occupancy.h still accepts " + std::to_string(a.max_regs_per_thread_occ) +
                                 " on CC " + cc + ", and so does this answer"
                           : std::string()));
    if (in.barriers > a.barriers_per_block)
        out.push_back("barriers is " + std::to_string(in.barriers) + ", but a CTA has " +
                      std::to_string(a.barriers_per_block) +
                      " named barriers (PTX ISA, barrier: ids 0.." + std::to_string(a.barriers_per_block - 1) +
                      "): no kernel can use more; the answer takes it as given, as cuda_occupancy.h does");
    return out;
}

}  // namespace smcalc
