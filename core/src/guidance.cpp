// guidance.cpp - next-step suggestions, launch-bounds register caps and side-by-side comparison
// (smcalc/guidance.hpp). Every number shown comes from occupancy(); this file only searches inputs.
//
// Index
//   [SECTION] helpers        solver calls, monotone search, text
//   [SECTION] next step      one input at a time, then the next occupancy level
//   [SECTION] launch bounds
//   [SECTION] compare
#include "smcalc/guidance.hpp"

#include "smcalc/format.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>

namespace smcalc {
namespace {

// ============================================================================ [SECTION] helpers

std::string num(int64_t v) { return std::to_string(v); }

std::string pct(double fraction) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", fraction * 100.0);
    std::string s = buf;
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s + " %";
}

std::string bytes_text(int64_t b) { return b > 0 && b % 1024 == 0 ? num(b / 1024) + " KiB" : num(b) + " B"; }


std::string blocks_text(int64_t n) { return num(n) + (n == 1 ? " block" : " blocks"); }

// The solver's blocks per SM; a refused input (it cannot happen for the searches below, which only shrink
// an input the solver already accepted, but an error must never look like a block) counts as none.
Expected<OccupancyResult> solve(const Device& d, const KernelInput& in) { return occupancy(d, in, Detail::Numbers); }

int64_t limit_or_max(const OccupancyResult& r, Resource res) {
    return r.limit(res).value_or(std::numeric_limits<int64_t>::max());
}

// Largest v in [lo, hi] with pred(v), for a pred that is true up to some point and false after it.
// nullopt when pred(lo) is false. O(log(hi - lo)) calls.
template <typename Pred>
std::optional<int64_t> largest_true(int64_t lo, int64_t hi, Pred pred) {
    if (lo > hi || !pred(lo)) return std::nullopt;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo + 1) / 2;
        if (pred(mid)) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

std::string resource_limit_text(const Device& d, const KernelInput& in, Resource res, int64_t blocks) {
    if (res == Resource::Warps && in.threads > d.max_threads_per_block)
        return "the block size (" + num(in.threads) + " threads, above the device's " + num(d.max_threads_per_block) +
               ")";
    return std::string(resource_label(res)) + " (" + blocks_text(blocks) + ")";
}

// The resources other than `except` that allow fewer than `target` blocks in `r`, as
// "shared memory (6 blocks)" items.
std::vector<std::string> limits_below_list(const Device& d, const KernelInput& in, const OccupancyResult& r,
                                           int64_t target, std::optional<Resource> except) {
    std::vector<std::string> out;
    for (Resource res : kResources) {
        if (except && res == *except) continue;
        const auto l = r.limit(res);
        if (!l || *l >= target) continue;
        out.push_back(resource_limit_text(d, in, res, *l));
    }
    return out;
}

std::string join_and(const std::vector<std::string>& items) {
    std::string s;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) s += i + 1 == items.size() ? " and " : ", ";
        s += items[i];
    }
    return s;
}

// "shared memory (6 blocks) and block slots (32 blocks)"
std::string limits_below(const Device& d, const KernelInput& in, const OccupancyResult& r, int64_t target,
                         std::optional<Resource> except) {
    return join_and(limits_below_list(d, in, r, target, except));
}

// The limits no change of registers, shared memory or barriers can lift at this block size.
std::vector<std::string> fixed_limits_below(const Device& d, const KernelInput& in, const OccupancyResult& r,
                                            int64_t target) {
    std::vector<std::string> out;
    for (Resource res : {Resource::Warps, Resource::Blocks}) {
        const auto l = r.limit(res);
        if (l && *l < target) out.push_back(resource_limit_text(d, in, res, *l));
    }
    return out;
}

// "registers allow", "shared memory allows".
bool plural(Resource r) { return r != Resource::SharedMemory; }

std::string_view knob_short(Knob k) {
    switch (k) {
        case Knob::Registers: return "registers/thread";
        case Knob::SharedMemory: return "bytes of shared memory/block";
        case Knob::Threads: return "threads/block";
        case Knob::Barriers: return "barriers/block";
    }
    return "?";
}

std::string change_text(const Change& c) {
    return num(c.from) + " -> " + num(c.to) + " " + std::string(knob_short(c.knob));
}

std::string changes_text(const std::vector<Change>& cs) {
    std::vector<std::string> items;
    for (const Change& c : cs) items.push_back(change_text(c));
    return join_and(items);
}

std::string outcome_text(const OccupancyResult& r, bool with_warps) {
    if (with_warps) return blocks_text(r.blocks_per_sm) + " (" + num(r.warps_per_sm) + " warps, " + pct(r.occupancy) + ")";
    return blocks_text(r.blocks_per_sm) + " (" + pct(r.occupancy) + ")";
}


int64_t current_value(const KernelInput& in, Knob k) {
    switch (k) {
        case Knob::Registers: return in.regs;
        case Knob::Threads: return in.threads;
        case Knob::Barriers: return in.barriers;
        case Knob::SharedMemory: return in.smem_static + in.smem_dynamic;  // each <= 2^53: no overflow
    }
    return 0;
}

Resource knob_resource(Knob k) {
    switch (k) {
        case Knob::Registers: return Resource::Registers;
        case Knob::SharedMemory: return Resource::SharedMemory;
        case Knob::Barriers: return Resource::Barriers;
        case Knob::Threads: return Resource::Warps;
    }
    return Resource::Warps;
}

Suggestion not_possible(std::string id, const KernelInput& in, std::string reason) {
    Suggestion s;
    s.id = std::move(id);
    s.input = in;
    s.reason = reason;
    s.text = std::move(reason);
    return s;
}

// ============================================================================ [SECTION] next step

struct Ctx {
    const Device& dev;
    const ArchRules& arch;
    const KernelInput& in;
    const OccupancyResult& cur;
    int64_t target;
};

// The value of knob k (searched below its current value) at which the knob's own resource allows
// `target` blocks. nullopt + reason when it never does, or when the knob is not what holds blocks back.
struct KnobNeed {
    std::optional<int64_t> value;  // set when the knob must move to allow target blocks
    bool already_enough = false;   // the knob's resource allows target blocks as it is
    std::string reason;
};

KnobNeed knob_need(const Ctx& c, Knob k) {
    KnobNeed need;
    const Resource res = knob_resource(k);
    const int64_t from = current_value(c.in, k);
    if (limit_or_max(c.cur, res) >= c.target) {
        need.already_enough = true;
        return need;
    }
    const int64_t lo = k == Knob::Registers ? 1 : 0;
    if (from <= lo) {
        need.reason = k == Knob::Registers ? "the kernel already uses " + num(from) + " register(s) per thread"
                                           : "nothing left to cut";
        return need;
    }
    auto pred = [&](int64_t v) {
        KernelInput t = c.in;
        apply_knob(t, k, v);
        auto r = solve(c.dev, t);
        return r.ok() && limit_or_max(*r, res) >= c.target;
    };
    // Registers: never suggest more than ptxas allocates (255), even where OCC accepts 256.
    const int64_t hi = k == Knob::Registers ? std::min<int64_t>(from - 1, c.arch.max_regs_per_thread) : from - 1;
    need.value = largest_true(lo, hi, pred);
    if (!need.value) {
        KernelInput t = c.in;
        apply_knob(t, k, lo);
        auto r = solve(c.dev, t);
        const int64_t l = r.ok() ? limit_or_max(*r, res) : 0;
        need.reason = "even " + num(lo) + " " + std::string(knob_short(k)) + " lets " + std::string(resource_label(res)) +
                      " allow only " + blocks_text(l);
    }
    return need;
}

Suggestion single_knob(const Ctx& c, Knob k, std::string id) {
    const Resource res = knob_resource(k);
    const int64_t from = current_value(c.in, k);
    if (k == Knob::Barriers && !c.arch.barrier_limit_applies)
        return not_possible(id, c.in,
                            "Barriers do not limit occupancy before CC 9.0 in NVIDIA's rules (this is CC " +
                                cc_text(c.arch.cc) + ").");
    if (from == 0) {
        const char* what = k == Knob::Registers ? "registers" : k == Knob::SharedMemory ? "shared memory" : "barriers";
        return not_possible(id, c.in, std::string("The kernel uses no ") + what + ": nothing to cut.");
    }
    if (const auto fixed = fixed_limits_below(c.dev, c.in, c.cur, c.target); !fixed.empty())
        return not_possible(id, c.in,
                            "No cut of " + std::string(resource_label(res)) + " helps at " + num(c.in.threads) +
                                " threads/block: the limit is " + join_and(fixed) +
                                ", which does not depend on it; see the threads suggestions.");
    const KnobNeed need = knob_need(c, k);
    if (need.already_enough) {
        std::string others = limits_below(c.dev, c.in, c.cur, c.target, res);
        return not_possible(id, c.in,
                            "Cutting " + std::string(resource_label(res)) + " does not help: " +
                                std::string(resource_label(res)) + (plural(res) ? " allow " : " allows ") +
                                blocks_text(limit_or_max(c.cur, res)) + " already; the limit is " + others + ".");
    }
    if (!need.value)
        return not_possible(id, c.in,
                            "No cut of " + std::string(resource_label(res)) + " gives " + blocks_text(c.target) + ": " +
                                need.reason + ".");
    Suggestion s;
    s.id = std::move(id);
    s.changes = {{k, from, *need.value}};
    s.input = c.in;
    apply_knob(s.input, k, *need.value);
    auto r = solve(c.dev, s.input);
    if (!r) return not_possible(s.id, c.in, "The solver refused the changed input: " + r.error().message + ".");
    s.result = *r;
    if (r->blocks_per_sm >= c.target) {
        s.possible = true;
        s.text = change_text(s.changes.front()) + " gives " + outcome_text(*r, false);
        return s;
    }
    // The knob's own limit is lifted, but another resource still holds the kernel back.
    const auto others = limits_below_list(c.dev, s.input, *r, c.target, res);
    s.reason = change_text(s.changes.front()) + " lifts the " + std::string(resource_label(res)) + " limit to " +
               blocks_text(limit_or_max(*r, res)) + ", but " + (others.size() == 1 ? "the limit of " : "the limits of ") +
               join_and(others) + (others.size() == 1 ? " holds" : " hold") + " the kernel at " + blocks_text(r->blocks_per_sm) + "; see the next-level change.";
    s.text = s.reason;
    return s;
}

// Block sizes to try: every multiple of the warp size up to the device's maximum (coarser steps on custom
// devices with thousands of them, so one call stays cheap).
std::vector<int64_t> thread_candidates(const Device& d) {
    std::vector<int64_t> out;
    const int64_t w = d.warp_size;
    const int64_t count = d.max_threads_per_block / w;
    const int64_t step = w * std::max<int64_t>(1, (count + 4095) / 4096);
    for (int64_t t = step; t <= d.max_threads_per_block; t += step) out.push_back(t);
    if (out.empty() || out.back() != d.max_threads_per_block) out.push_back(d.max_threads_per_block);
    return out;
}

struct ThreadTry {
    int64_t threads;
    OccupancyResult r;
};

std::vector<ThreadTry> try_threads(const Ctx& c) {
    std::vector<ThreadTry> out;
    for (int64_t t : thread_candidates(c.dev)) {
        if (t == c.in.threads) continue;
        KernelInput k = c.in;
        k.threads = t;
        auto r = solve(c.dev, k);
        if (r) out.push_back({t, *r});
    }
    return out;
}

int64_t distance(int64_t a, int64_t b) { return a > b ? a - b : b - a; }

Suggestion from_threads(const Ctx& c, std::string id, const ThreadTry& t) {
    Suggestion s;
    s.id = std::move(id);
    s.possible = true;
    s.changes = {{Knob::Threads, c.in.threads, t.threads}};
    s.input = c.in;
    s.input.threads = t.threads;
    s.result = t.r;  // from solve() on exactly s.input
    s.text = change_text(s.changes.front()) + " gives " + outcome_text(t.r, true);
    return s;
}

Suggestion threads_block(const Ctx& c, const std::vector<ThreadTry>& tries) {
    const ThreadTry* best = nullptr;
    for (const auto& t : tries) {
        if (t.r.blocks_per_sm < c.target) continue;
        if (!best) {
            best = &t;
            continue;
        }
        const int64_t dt = distance(t.threads, c.in.threads), db = distance(best->threads, c.in.threads);
        if (dt < db || (dt == db && t.r.warps_per_sm > best->r.warps_per_sm)) best = &t;
    }
    if (best) return from_threads(c, "threads_block", *best);
    // Nothing reaches target: say what holds the smallest block size back.
    std::string why;
    if (!tries.empty()) why = limits_below(c.dev, c.in, tries.front().r, c.target, std::nullopt);
    return not_possible("threads_block", c.in,
                        "No block size gives " + blocks_text(c.target) + (why.empty() ? "" : ": " + why) + ".");
}

Suggestion threads_warps(const Ctx& c, const std::vector<ThreadTry>& tries) {
    const ThreadTry* best = nullptr;
    for (const auto& t : tries) {
        if (t.r.warps_per_sm <= c.cur.warps_per_sm) continue;
        if (!best || t.r.warps_per_sm > best->r.warps_per_sm ||
            (t.r.warps_per_sm == best->r.warps_per_sm &&
             distance(t.threads, c.in.threads) < distance(best->threads, c.in.threads)))
            best = &t;
    }
    if (best) return from_threads(c, "threads_warps", *best);
    if (c.cur.warps_per_sm >= c.cur.max_warps_per_sm)
        return not_possible("threads_warps", c.in, "Already at full occupancy (" + pct(c.cur.occupancy) + ").");
    return not_possible("threads_warps", c.in,
                        "No other block size gives more than the current " + num(c.cur.warps_per_sm) +
                            " resident warps per SM (" + pct(c.cur.occupancy) + ").");
}

// The next occupancy level: at this block size, every resource that keeps the kernel below target blocks
// moved just enough (together); when the block size itself is the obstacle (warp or block slots), the
// nearest block size with more resident warps.
Suggestion next_level(const Ctx& c, const std::vector<ThreadTry>& tries) {
    if (c.cur.warps_per_sm >= c.cur.max_warps_per_sm)
        return not_possible("next_level", c.in, "Already at full occupancy (" + pct(c.cur.occupancy) + ").");

    // (a) At this block size.
    std::optional<Suggestion> joint;
    std::string joint_reason;
    {
        const bool fixed_ok = limit_or_max(c.cur, Resource::Warps) >= c.target &&
                              limit_or_max(c.cur, Resource::Blocks) >= c.target;
        if (!fixed_ok) {
            std::string w;
            if (limit_or_max(c.cur, Resource::Warps) < c.target)
                w = resource_limit_text(c.dev, c.in, Resource::Warps, limit_or_max(c.cur, Resource::Warps));
            if (limit_or_max(c.cur, Resource::Blocks) < c.target)
                w += (w.empty() ? "" : ", ") +
                     resource_limit_text(c.dev, c.in, Resource::Blocks, limit_or_max(c.cur, Resource::Blocks));
            joint_reason = "at " + num(c.in.threads) + " threads/block the limit of " + w + " cannot be lifted";
        } else {
            Suggestion s;
            s.id = "next_level";
            s.input = c.in;
            bool ok = true;
            for (Knob k : {Knob::Registers, Knob::SharedMemory, Knob::Barriers}) {
                if (k == Knob::Barriers && !c.arch.barrier_limit_applies) continue;
                const KnobNeed need = knob_need(c, k);
                if (need.already_enough) continue;
                if (!need.value) {
                    ok = false;
                    joint_reason = "no cut of " + std::string(resource_label(knob_resource(k))) + " gives " +
                                   blocks_text(c.target) + " (" + need.reason + ")";
                    break;
                }
                s.changes.push_back({k, current_value(c.in, k), *need.value});
                apply_knob(s.input, k, *need.value);
            }
            if (ok) {
                auto r = solve(c.dev, s.input);
                if (r && r->blocks_per_sm >= c.target && !s.changes.empty()) {
                    s.possible = true;
                    s.result = *r;
                    s.text = changes_text(s.changes) + (s.changes.size() == 1 ? " gives " : " give ") +
                             outcome_text(*r, false);
                    joint = std::move(s);
                } else if (r) {
                    joint_reason = "the combined change still gives " + blocks_text(r->blocks_per_sm);
                }
            }
        }
    }

    if (joint) return std::move(*joint);

    // (b) This block size cannot get there: the nearest block size with more resident warps (more warps on ties).
    const ThreadTry* alt = nullptr;
    for (const auto& t : tries) {
        if (t.r.warps_per_sm <= c.cur.warps_per_sm) continue;
        const int64_t dt = distance(t.threads, c.in.threads);
        if (!alt || dt < distance(alt->threads, c.in.threads) ||
            (dt == distance(alt->threads, c.in.threads) && t.r.warps_per_sm > alt->r.warps_per_sm))
            alt = &t;
    }
    if (alt) {
        Suggestion s = from_threads(c, "next_level", *alt);
        if (!joint_reason.empty()) s.text += " (" + joint_reason + ")";
        return s;
    }
    return not_possible("next_level", c.in,
                        "No change reaches more than the current " + num(c.cur.warps_per_sm) + " warps per SM: " +
                            (joint_reason.empty() ? std::string("no block size gives more") : joint_reason) +
                            ", and no other block size gives more warps.");
}

}  // namespace

void apply_knob(KernelInput& in, Knob k, int64_t v) {
    switch (k) {
        case Knob::Registers: in.regs = v; break;
        case Knob::Threads: in.threads = v; break;
        case Knob::Barriers: in.barriers = v; break;
        case Knob::SharedMemory:
            // Cut dynamic shared memory first (a launch parameter), then static.
            if (v >= in.smem_static) {
                in.smem_dynamic = v - in.smem_static;
            } else {
                in.smem_static = v;
                in.smem_dynamic = 0;
            }
            break;
    }
}

std::string_view knob_key(Knob k) {
    switch (k) {
        case Knob::Registers: return "regs";
        case Knob::SharedMemory: return "smem";
        case Knob::Threads: return "threads";
        case Knob::Barriers: return "barriers";
    }
    return "?";
}

std::string_view knob_unit(Knob k) { return knob_short(k); }

Expected<NextStep> next_step(const Device& dev, const KernelInput& in) {
    auto cur = solve(dev, in);
    if (!cur) return cur.error();
    const ArchRules& arch = **find_arch(dev.cc);  // cannot fail: occupancy() validated the device
    NextStep ns;
    ns.current = *cur;
    ns.target_blocks = cur->blocks_per_sm + 1;
    const Ctx c{dev, arch, in, ns.current, ns.target_blocks};
    const std::vector<ThreadTry> tries = try_threads(c);
    ns.regs = single_knob(c, Knob::Registers, "regs");
    ns.smem = single_knob(c, Knob::SharedMemory, "smem");
    ns.barriers = single_knob(c, Knob::Barriers, "barriers");
    ns.threads_block = threads_block(c, tries);
    ns.threads_warps = threads_warps(c, tries);
    ns.next_level = next_level(c, tries);
    return ns;
}

// ============================================================================ [SECTION] launch bounds

Expected<LaunchBounds> launch_bounds(const Device& dev, const KernelInput& in, int64_t target_blocks) {
    auto cur = solve(dev, in);
    if (!cur) return cur.error();
    if (target_blocks < 1 || target_blocks > kMaxInput)
        return Error{ErrorId::InvalidInput, "blocks",
                     "blocks is " + num(target_blocks) + "; it must be between 1 and " + num(kMaxInput) +
                         " blocks per SM"};
    const ArchRules& arch = **find_arch(dev.cc);
    const int64_t max_r = arch.max_regs_per_thread;
    KernelInput k = in;
    auto pred = [&](int64_t r) {
        k.regs = r;
        auto res = solve(dev, k);
        return res.ok() && res->blocks_per_sm >= target_blocks;
    };
    const auto best = largest_true(1, max_r, pred);
    if (!best) {
        k.regs = 1;
        auto r1 = solve(dev, k);
        const int64_t got = r1.ok() ? r1->blocks_per_sm : 0;
        const std::string why = r1.ok() ? limits_below(dev, k, *r1, target_blocks, std::nullopt) : r1.error().message;
        return Error{ErrorId::NotAchievable, "blocks",
                     "blocks is " + num(target_blocks) + ", but only " + num(got) + " blocks of " + num(in.threads) +
                         " threads fit per SM even with 1 register per thread (limited by " + why +
                         "); ask for 1 to " + num(got) + " or change the block size or shared memory"};
    }
    LaunchBounds lb;
    lb.threads = in.threads;
    lb.target_blocks = target_blocks;
    lb.max_regs = *best;
    lb.input = in;
    lb.input.regs = *best;
    auto r = solve(dev, lb.input);
    if (!r) return r.error();
    lb.result = *r;
    lb.launch_bounds = "__launch_bounds__(" + num(in.threads) + ", " + num(target_blocks) + ")";
    lb.maxrregcount = "-maxrregcount=" + num(*best);
    lb.text = (*best == max_r ? "any register count (up to " + num(max_r) + "/thread) keeps "
                              : "at most " + num(*best) + " registers/thread keep ") +
              blocks_text(r->blocks_per_sm) + " of " + num(in.threads) + " threads per SM (" + pct(r->occupancy) + ")";
    return lb;
}

// ============================================================================ [SECTION] compare

namespace {

bool is_kernel_field(const std::string& f) {
    return f == "threads" || f == "regs" || f == "smem_static" || f == "smem_dynamic" || f == "smem_dynamic_max" ||
           f == "carveout" || f == "barriers";
}

std::string opt_limit(const CompareColumn& col, Resource res) {
    if (col.error) return "error";
    const auto l = col.result.limit(res);
    if (res == Resource::Barriers && !find_arch(col.device.cc).value()->barrier_limit_applies) return "n/a";
    return l ? num(*l) : "no limit";
}

// A comparison has 1 to kMaxCompare columns: `n` of them, named `what` in the error.
std::optional<Error> check_column_count(std::size_t n, const char* what) {
    if (n >= 1 && n <= kMaxCompare) return std::nullopt;
    return Error{ErrorId::InvalidInput, "gpus",
                 "compare takes 1 to " + num(static_cast<int64_t>(kMaxCompare)) + " " + what + "; got " +
                     num(static_cast<int64_t>(n))};
}

}  // namespace

Expected<Comparison> compare(const KernelInput& in, std::span<const CompareDevice> devices) {
    if (auto e = check_column_count(devices.size(), "devices")) return *e;
    Comparison cmp;
    cmp.kernel = in;
    for (const CompareDevice& d : devices) {
        CompareColumn col;
        col.name = d.name;
        col.device = d.device;
        auto r = occupancy(d.device, in, Detail::Full);
        if (!r) {
            if (is_kernel_field(r.error().field)) return r.error();  // the kernel is wrong everywhere
            col.error = r.error();
        } else {
            col.result = std::move(r.value());
            if (d.device.sm_count > 0) {
                int64_t v = 0;
                if (!__builtin_mul_overflow(col.result.blocks_per_sm, d.device.sm_count, &v)) col.gpu_resident_ctas = v;
                if (!__builtin_mul_overflow(col.result.warps_per_sm, d.device.sm_count, &v)) col.gpu_resident_warps = v;
            }
        }
        cmp.columns.push_back(std::move(col));
    }

    auto row = [&](std::string key, std::string label, auto value_of) {
        CompareRow r;
        r.key = std::move(key);
        r.label = std::move(label);
        for (const CompareColumn& col : cmp.columns) r.values.push_back(value_of(col));
        r.differs = std::adjacent_find(r.values.begin(), r.values.end(), std::not_equal_to<>()) != r.values.end();
        cmp.rows.push_back(std::move(r));
    };
    auto res_num = [](auto f) {
        return [f](const CompareColumn& col) -> std::string { return col.error ? "error" : f(col); };
    };
    row("cc", "Compute capability", [](const CompareColumn& col) { return cc_text(col.device.cc); });
    row("sm_count", "SMs", [](const CompareColumn& col) {
        return col.device.sm_count > 0 ? num(col.device.sm_count) : std::string("unknown");
    });
    row("max_warps_per_sm", "Warp slots per SM",
        [](const CompareColumn& col) { return num(col.device.max_threads_per_sm / col.device.warp_size); });
    row("regs_per_sm", "Registers per SM", [](const CompareColumn& col) { return num(col.device.regs_per_sm); });
    row("device_smem_per_sm", "Shared memory per SM (largest carveout)",
        [](const CompareColumn& col) { return bytes_text(col.device.smem_per_sm); });
    row("smem_per_sm", "Shared memory per SM for this launch",
        res_num([](const CompareColumn& col) { return bytes_text(col.result.smem_per_sm); }));
    row("smem_per_block", "Shared memory per CTA (allocated)",
        res_num([](const CompareColumn& col) { return bytes_text(col.result.smem_per_block); }));
    row("regs_per_block", "Registers per CTA (allocated)", res_num([](const CompareColumn& col) {
            return col.result.regs_per_block ? num(*col.result.regs_per_block) : std::string("too many");
        }));
    row("limit_regs", "CTAs allowed by registers", [](const CompareColumn& col) { return opt_limit(col, Resource::Registers); });
    row("limit_smem", "CTAs allowed by shared memory",
        [](const CompareColumn& col) { return opt_limit(col, Resource::SharedMemory); });
    row("limit_warps", "CTAs allowed by warp slots", [](const CompareColumn& col) { return opt_limit(col, Resource::Warps); });
    row("limit_blocks", "CTAs allowed by block slots", [](const CompareColumn& col) { return opt_limit(col, Resource::Blocks); });
    row("limit_barriers", "CTAs allowed by barriers", [](const CompareColumn& col) { return opt_limit(col, Resource::Barriers); });
    row("blocks_per_sm", "CTAs per SM", res_num([](const CompareColumn& col) { return num(col.result.blocks_per_sm); }));
    row("warps_per_sm", "Warps per SM", res_num([](const CompareColumn& col) { return num(col.result.warps_per_sm); }));
    row("occupancy", "Occupancy", res_num([](const CompareColumn& col) { return pct(col.result.occupancy); }));
    row("limiting", "Limited by", res_num([](const CompareColumn& col) {
            std::string s;
            for (Resource res : col.result.limiting) s += (s.empty() ? "" : ", ") + std::string(resource_label(res));
            return s;
        }));
    row("gpu_resident_ctas", "Resident CTAs per GPU", [](const CompareColumn& col) {
        if (col.error) return std::string("error");
        return col.gpu_resident_ctas ? num(*col.gpu_resident_ctas) : std::string("unknown");
    });
    return cmp;
}

Expected<Comparison> compare(const KernelInput& in, std::span<const std::string_view> gpu_names) {
    if (auto e = check_column_count(gpu_names.size(), "GPUs")) return *e;
    std::vector<CompareDevice> devs;
    for (std::string_view name : gpu_names) {
        auto g = find_gpu(name);
        if (!g) return g.error();
        devs.push_back({std::string((*g)->name), (*g)->device});
    }
    return compare(in, std::span<const CompareDevice>(devs));
}

Expected<TileComparison> compare_tile(const TileInput& tile_in, std::span<const std::string_view> gpu_names) {
    if (auto e = check_column_count(gpu_names.size(), "GPUs")) return *e;
    TileComparison c;
    c.tile = tile_in;
    for (std::string_view name : gpu_names) {
        auto spec = find_gpu(name);
        if (!spec) return spec.error();
        TileColumn col;
        col.name = std::string((*spec)->name);
        col.gpu = *spec;
        auto r = tile(col.gpu->device, tile_in, col.gpu);
        if (r) {
            col.result = std::move(r.value());
            if (col.gpu->device.sm_count > 0) col.gpu_resident_ctas = col.result->ctas_per_sm * col.gpu->device.sm_count;
        } else {
            col.error = r.error();
        }
        c.columns.push_back(std::move(col));
    }
    const auto& first = c.columns.front().error;
    if (first && std::all_of(c.columns.begin(), c.columns.end(), [&](const TileColumn& col) {
            return col.error && col.error->id == first->id && col.error->message == first->message;
        }))
        return *first;

    // One row: each column's value (columns the tile() refused show "error").
    auto add = [&](std::string key, std::string label, auto value_of) {
        CompareRow row{std::move(key), std::move(label), {}, false};
        for (const TileColumn& col : c.columns) row.values.push_back(col.result ? value_of(col) : std::string("error"));
        row.differs = std::adjacent_find(row.values.begin(), row.values.end(), std::not_equal_to<>()) != row.values.end();
        c.rows.push_back(std::move(row));
    };
    auto device_row = [&](std::string key, std::string label, auto value_of) {
        CompareRow row{std::move(key), std::move(label), {}, false};
        for (const TileColumn& col : c.columns) row.values.push_back(value_of(col));
        row.differs = std::adjacent_find(row.values.begin(), row.values.end(), std::not_equal_to<>()) != row.values.end();
        c.rows.push_back(std::move(row));
    };
    device_row("cc", "Compute capability", [](const TileColumn& col) { return cc_text(col.gpu->device.cc); });
    device_row("sm_count", "SMs", [](const TileColumn& col) {
        return col.gpu->device.sm_count > 0 ? num(col.gpu->device.sm_count) : std::string("unknown");
    });
    add("instruction", "MMA instruction", [](const TileColumn& col) { return col.result->instruction; });
    // Every readout row any column has, in the order of first appearance.
    std::vector<const TileRow*> keys;
    for (const TileColumn& col : c.columns)
        if (col.result)
            for (const TileRow& r : col.result->rows)
                if (std::none_of(keys.begin(), keys.end(), [&](const TileRow* k) { return k->key == r.key; })) keys.push_back(&r);
    for (const TileRow* k : keys) {
        std::string label = k->label;
        if (!label.empty()) label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
        add(k->key, label, [&](const TileColumn& col) {
            for (const TileRow& r : col.result->rows) {
                if (r.key != k->key) continue;
                std::string v = r.limit && r.unit != "fraction" ? value_of_limit_text(r.unit, r.value, *r.limit)
                                                                : unit_value_text(r.unit, r.value);
                if (r.over) v += " (over)";
                return v;
            }
            return std::string("-");
        });
    }
    add("fits", "Fits", [](const TileColumn& col) { return std::string(col.result->fits ? "yes" : "no"); });
    add("limiting", "Limited by", [](const TileColumn& col) {
        std::string s;
        for (Resource res : col.result->limiting) s += (s.empty() ? "" : ", ") + std::string(resource_label(res));
        return s.empty() ? std::string("-") : s;
    });
    add("gpu_resident_ctas", "Resident CTAs per GPU", [](const TileColumn& col) {
        return col.gpu_resident_ctas ? grouped(*col.gpu_resident_ctas) : std::string("unknown");
    });
    return c;
}

int64_t default_bounds_target(const NextStep& step) {
    const int64_t now = step.current.blocks_per_sm;
    return std::max<int64_t>(1, step.regs.possible ? now + 1 : now);
}

// ---------------------------------------------------------------------------------------------- clusters

namespace {

// The "clusters" row over the columns: `cell(i)` is column i's answer (nullopt: the column has no result).
// Every column refusing the cluster with the same error (kind and field) makes that error the answer.
template <class Cell>
std::optional<Error> cluster_row(std::vector<CompareRow>& rows, std::size_t n, const ClusterInput& in, Cell cell) {
    CompareRow row;
    row.key = "clusters";
    row.label = "Resident clusters per GPU (" + dims_text(in.dims) + ")";
    std::vector<Error> errors;
    for (std::size_t i = 0; i < n; ++i) {
        std::optional<Expected<ClusterResult>> r = cell(i);
        if (!r) {
            row.values.emplace_back("error");
            errors.push_back(Error{ErrorId::InvalidInput, "", ""});  // a column error, never "the same" as a cluster's
            continue;
        }
        if (*r) {
            row.values.push_back(cluster_cell_text(**r));
            continue;
        }
        const Error& e = r->error();
        errors.push_back(e);
        row.values.emplace_back(e.field == "cluster" && e.message.find("CC 9.0") != std::string::npos
                                    ? "no clusters (CC < 9.0)"
                                    : "error");
    }
    if (n > 0 && errors.size() == n && !errors[0].field.empty() &&
        std::all_of(errors.begin(), errors.end(),
                    [&](const Error& e) { return e.id == errors[0].id && e.field == errors[0].field; }))
        return errors[0];
    row.differs = std::any_of(row.values.begin(), row.values.end(), [&](const std::string& v) { return v != row.values[0]; });
    rows.push_back(std::move(row));
    return std::nullopt;
}

}  // namespace

std::optional<Error> add_cluster_row(Comparison& c, const ClusterInput& cluster) {
    ClusterInput in = cluster;
    in.grid.reset();
    return cluster_row(c.rows, c.columns.size(), in, [&](std::size_t i) -> std::optional<Expected<ClusterResult>> {
        const CompareColumn& col = c.columns[i];
        if (col.error) return std::nullopt;
        auto spec = find_gpu(col.name);
        return spec ? clusters(**spec, c.kernel, in) : clusters(col.device, GpcLayout{}, c.kernel, in);
    });
}

std::optional<Error> add_cluster_row(TileComparison& c, const ClusterInput& cluster) {
    ClusterInput in = cluster;
    in.grid.reset();
    return cluster_row(c.rows, c.columns.size(), in, [&](std::size_t i) -> std::optional<Expected<ClusterResult>> {
        const TileColumn& col = c.columns[i];
        if (!col.result) return std::nullopt;
        return clusters(col.gpu->device, col.gpu->gpc, col.result->ctas_per_sm, col.result->smem_per_cta, in);
    });
}

}  // namespace smcalc
