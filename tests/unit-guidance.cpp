// unit-guidance.cpp - next-step suggestions, launch-bounds register caps and the side-by-side comparison
// (smcalc/guidance.hpp).
//
// The expected values are the solver's own (occupancy(), tested against CUDA's cuda_occupancy.h in
// unit-occupancy.cpp and tests/oracle/): every claim a suggestion makes is re-run here with occupancy()
// (Detail::Full, not the Numbers path the searches use), and every "smallest change" is checked at its
// boundary: one step less of a change must not reach the target.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/occupancy.hpp"
#include "helpers.hpp"

using namespace smcalc;
using smcalc::test::kernel;

namespace {

Device ref(ComputeCapability cc) {
    auto a = find_arch(cc);
    REQUIRE(a.ok());
    return reference_device(**a);
}

Device gpu(std::string_view name) {
    auto g = find_gpu(name);
    REQUIRE_MESSAGE(g.ok(), name);
    return (*g)->device;
}

int64_t blocks(const Device& d, const KernelInput& in) {
    auto r = occupancy(d, in, Detail::Full);
    REQUIRE(r.ok());
    return r->blocks_per_sm;
}

KernelInput with(KernelInput in, Knob k, int64_t v) {
    apply_knob(in, k, v);
    return in;
}

// A suggestion's claim, re-run with the full solver: its stored numbers are the solver's for its input, and
// its input is the kernel with exactly its changes applied.
void check_claim(const Device& d, const KernelInput& in, const Suggestion& s) {
    CAPTURE(s.id);
    CAPTURE(s.text);
    if (!s.possible) {
        CHECK_FALSE(s.reason.empty());
        CHECK(s.text == s.reason);
        return;
    }
    CHECK(s.reason.empty());
    REQUIRE_FALSE(s.changes.empty());
    KernelInput expect = in;
    for (const Change& c : s.changes) {
        CHECK(c.from != c.to);
        expect = with(expect, c.knob, c.to);
    }
    CHECK(s.input.threads == expect.threads);
    CHECK(s.input.regs == expect.regs);
    CHECK(s.input.smem_static == expect.smem_static);
    CHECK(s.input.smem_dynamic == expect.smem_dynamic);
    CHECK(s.input.barriers == expect.barriers);
    auto r = occupancy(d, s.input, Detail::Full);
    REQUIRE(r.ok());
    CHECK(r->blocks_per_sm == s.result.blocks_per_sm);
    CHECK(r->warps_per_sm == s.result.warps_per_sm);
    CHECK(r->occupancy == doctest::Approx(s.result.occupancy));
}

// For a single-input cut that is possible: the next value up (a smaller cut) no longer reaches target.
void check_minimal(const Device& d, const KernelInput& in, const Suggestion& s, int64_t target) {
    if (!s.possible) return;
    REQUIRE(s.changes.size() == 1);
    const Change& c = s.changes.front();
    CHECK(c.to < c.from);
    CHECK(s.result.blocks_per_sm >= target);
    if (c.to + 1 < c.from) CHECK(blocks(d, with(in, c.knob, c.to + 1)) < target);
}

// The suggestion is not possible, and its reason says `why` (e.g. which resource holds the kernel).
void check_refused(const Suggestion& s, std::string_view why) {
    CHECK_FALSE(s.possible);
    CHECK(s.reason.find(why) != std::string::npos);
}

// A possible suggestion whose first change sets its input to `to`.
void check_first_to(const Suggestion& s, int64_t to) {
    REQUIRE(s.possible);
    CHECK(s.changes.front().to == to);
}

// next_step's answer for a kernel the solver accepts (the test fails otherwise).
NextStep solved_next_step(const Device& d, const KernelInput& in) {
    auto ns = next_step(d, in);
    REQUIRE(ns.ok());
    return *ns;
}

// `tally`, if given, counts per suggestion id how often it was possible (a grid must not check only refusals).
void check_next_step(const Device& d, const KernelInput& in, std::map<std::string, int>* tally = nullptr) {
    CAPTURE(in.threads);
    CAPTURE(in.regs);
    CAPTURE(in.smem_static);
    CAPTURE(in.barriers);
    const NextStep ns = solved_next_step(d, in);
    const int64_t target = ns.target_blocks;
    CHECK(target == blocks(d, in) + 1);
    for (const Suggestion* s : ns.all()) check_claim(d, in, *s);
    check_minimal(d, in, ns.regs, target);
    check_minimal(d, in, ns.smem, target);
    check_minimal(d, in, ns.barriers, target);
    // Threads, +1 block: no block size nearer to the current one reaches target.
    if (ns.threads_block.possible) {
        const int64_t t = ns.threads_block.changes.front().to;
        CHECK(ns.threads_block.result.blocks_per_sm >= target);
        const int64_t dist = t > in.threads ? t - in.threads : in.threads - t;
        for (int64_t u = d.warp_size; u <= d.max_threads_per_block; u += d.warp_size) {
            const int64_t du = u > in.threads ? u - in.threads : in.threads - u;
            if (u != in.threads && du < dist) CHECK(blocks(d, with(in, Knob::Threads, u)) < target);
        }
    }
    // Threads, most warps: no block size gives more.
    if (ns.threads_warps.possible) {
        CHECK(ns.threads_warps.result.warps_per_sm > ns.current.warps_per_sm);
        for (int64_t u = d.warp_size; u <= d.max_threads_per_block; u += d.warp_size) {
            auto r = occupancy(d, with(in, Knob::Threads, u), Detail::Numbers);
            REQUIRE(r.ok());
            CHECK(r->warps_per_sm <= ns.threads_warps.result.warps_per_sm);
        }
    }
    // The next level is more warps than now; at the same block size at least one more block.
    if (ns.next_level.possible) {
        CHECK(ns.next_level.result.warps_per_sm > ns.current.warps_per_sm);
        bool threads_changed = false;
        for (const Change& c : ns.next_level.changes) threads_changed = threads_changed || c.knob == Knob::Threads;
        if (!threads_changed) CHECK(ns.next_level.result.blocks_per_sm >= target);  // coarse steps may overshoot
    } else if (ns.current.warps_per_sm < ns.current.max_warps_per_sm) {
        // Not possible below full occupancy: then no block size (other inputs as they are) gives more warps
        // per SM, or next_level would have suggested the nearest one.
        for (int64_t u = d.warp_size; u <= d.max_threads_per_block; u += d.warp_size) {
            auto r = occupancy(d, with(in, Knob::Threads, u), Detail::Numbers);
            REQUIRE(r.ok());
            CHECK(r->warps_per_sm <= ns.current.warps_per_sm);
        }
    }
    if (tally)
        for (const Suggestion* s : ns.all()) (*tally)[s->id] += s->possible ? 1 : 0;
}

}  // namespace

TEST_CASE("guidance: A100 (CC 8.0), 256 threads, 48 registers, 24 KiB: 48 -> 40 registers gives 6 blocks (75 %)") {
    // Solver: registers 48 x 32 = 1536 per warp; 4 x floor(16384 / 1536) = 40 warps = 5 blocks.
    // Shared memory (24576 + 1024 reserved = 25600 B): floor(167936 / 25600) = 6 blocks.
    const Device d = ref({8, 0});
    const KernelInput in = kernel(256, 48, 24576);
    const NextStep ns = solved_next_step(d, in);
    CHECK(ns.current.blocks_per_sm == 5);
    CHECK(ns.target_blocks == 6);

    REQUIRE(ns.regs.possible);
    CHECK(ns.regs.changes.front().from == 48);
    CHECK(ns.regs.changes.front().to == 40);
    CHECK(ns.regs.result.blocks_per_sm == 6);
    CHECK(ns.regs.result.occupancy == doctest::Approx(0.75));
    CHECK(ns.regs.text == "48 -> 40 registers/thread gives 6 blocks (75 %)");
    CHECK(blocks(d, kernel(256, 41, 24576)) == 5);  // the boundary: 41 is not enough

    // Shared memory already allows 6: cutting it alone does not help, and says what limits.
    check_refused(ns.smem, "registers (5 blocks)");
    // Barriers are no limit before CC 9.0.
    check_refused(ns.barriers, "9.0");
    // The next level is the register change (nothing else needs to move).
    REQUIRE(ns.next_level.possible);
    CHECK(ns.next_level.changes.size() == 1);
    CHECK(ns.next_level.changes.front().knob == Knob::Registers);
    CHECK(ns.next_level.result.warps_per_sm == 48);
    check_next_step(d, in);
}

TEST_CASE("guidance: the next level moves every limiting input together") {
    // A100, 256 threads, 48 registers and 30 KiB: registers and shared memory (31744 B allocated: 167936 / 31744)
    // both allow 5 blocks.
    const Device d = ref({8, 0});
    const KernelInput in = kernel(256, 48, 30 * 1024);
    const NextStep ns = solved_next_step(d, in);
    REQUIRE(ns.current.blocks_per_sm == 5);
    // Each alone is not enough, and each says why.
    check_refused(ns.regs, "shared memory");
    check_refused(ns.smem, "registers");
    REQUIRE(ns.next_level.possible);
    REQUIRE(ns.next_level.changes.size() == 2);
    CHECK(ns.next_level.changes[0].knob == Knob::Registers);
    CHECK(ns.next_level.changes[0].to == 40);
    CHECK(ns.next_level.changes[1].knob == Knob::SharedMemory);
    // 26880 + 1024 = 27904 B (a multiple of 128): floor(167936 / 27904) = 6; one byte more rounds to 28032: 5.
    CHECK(ns.next_level.changes[1].to == 26880);
    CHECK(ns.next_level.result.blocks_per_sm == 6);
    CHECK(ns.next_level.text.find(" and ") != std::string::npos);
    CHECK(ns.next_level.text.find("give 6 blocks (75 %)") != std::string::npos);
    check_next_step(d, in);
}

TEST_CASE("guidance: barriers on Hopper (CC 9.0): 8 barriers per block allow 8 blocks, 7 allow 9") {
    // OCC: barrier budget 2 x 32 = 64 per SM; 64 / 8 = 8 blocks, 64 / 7 = 9.
    const Device d = gpu("H100 SXM5");
    const KernelInput in = kernel(128, 16, 0, 8);
    const NextStep ns = solved_next_step(d, in);
    CHECK(ns.current.blocks_per_sm == 8);
    check_first_to(ns.barriers, 7);
    CHECK(ns.barriers.result.blocks_per_sm == 9);
    check_refused(ns.regs, "barriers (8 blocks)");
    check_next_step(d, in);
}

TEST_CASE("guidance: no change of an input can help past warp or block slots, and says so") {
    const Device d = ref({8, 0});
    SUBCASE("full occupancy: 256 threads x 8 blocks = 64 warps") {
        const NextStep ns = solved_next_step(d, kernel(256, 32));
        CHECK(ns.current.occupancy == doctest::Approx(1.0));
        check_refused(ns.regs, "warp slots (8 blocks)");
        check_refused(ns.next_level, "full occupancy");
        CHECK_FALSE(ns.threads_warps.possible);
        // Fewer threads per block still give one more (smaller) block.
        check_first_to(ns.threads_block, 224);
        CHECK(ns.threads_block.result.blocks_per_sm == 9);
    }
    SUBCASE("block slots: 32 threads x 32 blocks") {
        const NextStep ns = solved_next_step(d, kernel(32, 16));
        CHECK(ns.current.blocks_per_sm == 32);
        check_refused(ns.regs, "block slots (32 blocks)");
        CHECK_FALSE(ns.threads_block.possible);
        // The next level needs bigger blocks: the nearest block size with more warps.
        REQUIRE(ns.next_level.possible);
        CHECK(ns.next_level.changes.front().knob == Knob::Threads);
        CHECK(ns.next_level.changes.front().to == 64);
        CHECK(ns.next_level.result.warps_per_sm == 64);
    }
    SUBCASE("a block too large for the device: only the block size helps") {
        const NextStep ns = solved_next_step(d, kernel(2048, 32));
        CHECK(ns.current.blocks_per_sm == 0);
        check_refused(ns.regs, "above the device's 1024");
        check_first_to(ns.threads_block, 1024);
        check_first_to(ns.next_level, 1024);
    }
    SUBCASE("nothing to cut") {
        const NextStep ns = solved_next_step(d, kernel(256, 48, 0));
        check_refused(ns.smem, "no shared memory");
    }
}

TEST_CASE("guidance: register suggestions stay within what ptxas allocates (255)") {
    // 300 registers per thread give 0 blocks; the cut lands at 255, not OCC's 256.
    const Device d = ref({9, 0});
    const NextStep ns = solved_next_step(d, kernel(64, 300));
    CHECK(ns.current.blocks_per_sm == 0);
    check_first_to(ns.regs, 255);
    check_claim(d, kernel(64, 300), ns.regs);
}

TEST_CASE("guidance: every suggestion over a grid of kernels and CCs is the solver's answer and minimal") {
    std::map<std::string, int> possible;  // suggestion id -> kernels of the grid where it was possible
    for (ComputeCapability cc : {ComputeCapability{7, 5}, ComputeCapability{8, 0}, ComputeCapability{8, 6},
                                 ComputeCapability{9, 0}, ComputeCapability{10, 0}, ComputeCapability{12, 0}}) {
        CAPTURE(cc.major);
        CAPTURE(cc.minor);
        const Device d = ref(cc);
        for (int64_t threads : {64, 96, 256, 1024})
            for (int64_t regs : {24, 48, 128})
                for (int64_t smem : {0, 20000})
                    for (int64_t bars : {1, 6}) check_next_step(d, kernel(threads, regs, smem, bars), &possible);
    }
    // Every kind of suggestion is made somewhere on the grid (barriers count from CC 9.0: 6 barriers x 2 per
    // block above 9.0's budget of 64 bound the blocks), so its claim and minimality checks ran on real answers.
    for (const char* id : {"regs", "smem", "threads_block", "threads_warps", "barriers", "next_level"}) {
        CAPTURE(id);
        CHECK(possible[id] > 0);
    }
    MESSAGE("possible suggestions over the grid: regs " << possible["regs"] << ", smem " << possible["smem"]
            << ", threads_block " << possible["threads_block"] << ", threads_warps " << possible["threads_warps"]
            << ", barriers " << possible["barriers"] << ", next_level " << possible["next_level"]);
}

TEST_CASE("guidance: invalid input is the solver's error") {
    auto ns = next_step(ref({8, 0}), kernel(0, 32));
    REQUIRE_FALSE(ns.ok());
    CHECK(ns.error().id == ErrorId::InvalidInput);
    CHECK(ns.error().field == "threads");
    Device bad = ref({8, 0});
    bad.cc = {4, 2};
    CHECK(next_step(bad, kernel(256, 32)).error().id == ErrorId::UnknownArch);
}

TEST_CASE("guidance: launch bounds: the largest register count that keeps a target block count") {
    const Device d = ref({8, 0});
    const KernelInput in = kernel(256, 80);
    SUBCASE("known answers on A100 (CC 8.0), 256 threads") {
        // 40 registers: 1280 per warp, 4 x floor(16384 / 1280) = 48 warps = 6 blocks; 41: 1536 -> 5 blocks.
        auto lb = launch_bounds(d, in, 6);
        REQUIRE(lb.ok());
        CHECK(lb->max_regs == 40);
        CHECK(lb->result.blocks_per_sm == 6);
        CHECK(lb->launch_bounds == "__launch_bounds__(256, 6)");
        CHECK(lb->maxrregcount == "-maxrregcount=40");
        CHECK(launch_bounds(d, in, 8)->max_regs == 32);
        CHECK(launch_bounds(d, in, 4)->max_regs == 64);
        CHECK(launch_bounds(d, in, 1)->max_regs == 255);  // any count ptxas allocates
    }
    SUBCASE("boundaries for every reachable target and several block sizes") {
        for (int64_t threads : {32, 128, 256, 384, 1024}) {
            KernelInput k = kernel(threads, 32, 4096);
            const int64_t most = blocks(d, kernel(threads, 1, 4096));
            for (int64_t t = 1; t <= most; ++t) {
                CAPTURE(threads);
                CAPTURE(t);
                auto lb = launch_bounds(d, k, t);
                REQUIRE(lb.ok());
                CHECK(blocks(d, lb->input) >= t);
                CHECK(lb->input.regs == lb->max_regs);
                if (lb->max_regs < 255) CHECK(blocks(d, kernel(threads, lb->max_regs + 1, 4096)) < t);
            }
            auto over = launch_bounds(d, k, most + 1);
            REQUIRE_FALSE(over.ok());
            CHECK(over.error().id == ErrorId::NotAchievable);
            CHECK(over.error().message.find("only " + std::to_string(most)) != std::string::npos);
        }
    }
    SUBCASE("bad targets") {
        CHECK(launch_bounds(d, in, 0).error().id == ErrorId::InvalidInput);
        CHECK(launch_bounds(d, in, -3).error().id == ErrorId::InvalidInput);
        CHECK(launch_bounds(d, in, 9).error().id == ErrorId::NotAchievable);  // 8 warp-slot blocks at most
    }
}

TEST_CASE("guidance: compare A100, H100, B200, RTX 5090 side by side") {
    // The names people type resolve in the database (canonical name first, then an alias).
    for (std::string_view n : {"A100 40GB SXM4", "A100", "H100 SXM5", "B200", "RTX 5090"}) {
        CAPTURE(n);
        CHECK(find_gpu(n).ok());
    }
    const std::array<std::string_view, 4> names = {"A100", "H100 SXM5", "B200", "RTX 5090"};
    const KernelInput in = kernel(256, 48, 24576);
    auto c = compare(in, std::span<const std::string_view>(names));
    REQUIRE(c.ok());
    REQUIRE(c->columns.size() == 4);
    CHECK(c->columns[0].name == "A100 40GB SXM4");
    CHECK(c->columns[3].name == "RTX 5090");
    for (const CompareColumn& col : c->columns) {
        CAPTURE(col.name);
        REQUIRE_FALSE(col.error);
        CHECK(col.result.blocks_per_sm == blocks(col.device, in));
        REQUIRE(col.gpu_resident_ctas);
        CHECK(*col.gpu_resident_ctas == col.result.blocks_per_sm * col.device.sm_count);
        CHECK(*col.gpu_resident_warps == col.result.warps_per_sm * col.device.sm_count);
    }
    auto row = [&](std::string_view key) -> const CompareRow& {
        for (const CompareRow& r : c->rows)
            if (r.key == key) return r;
        FAIL("no row " << key);
        return c->rows.front();
    };
    for (const CompareRow& r : c->rows) CHECK(r.values.size() == 4);
    CHECK(row("cc").values == std::vector<std::string>{"8.0", "9.0", "10.0", "12.0"});
    CHECK(row("cc").differs);
    CHECK_FALSE(row("regs_per_sm").differs);  // 65536 everywhere
    CHECK_FALSE(row("limit_regs").differs);   // 48 registers: 5 blocks on every one of them
    CHECK(row("limit_regs").values[0] == "5");
    CHECK(row("limit_barriers").values[0] == "n/a");  // CC 8.0: no barrier limit in NVIDIA's rules
    // RTX 5090 (CC 12.0, 100 KiB per SM): floor(102400 / 25600) = 4 blocks, limited by shared memory.
    CHECK(row("blocks_per_sm").values == std::vector<std::string>{"5", "5", "5", "4"});
    CHECK(row("blocks_per_sm").differs);
    CHECK(row("limiting").values[3] == "shared memory");
    CHECK(row("gpu_resident_ctas").values[0] == std::to_string(5 * c->columns[0].device.sm_count));
}

TEST_CASE("guidance: compare keeps going past one device's error and reports unknown SM counts") {
    Device broken = ref({8, 0});
    broken.smem_per_block = broken.smem_per_sm + 1;  // contradicts itself: InvalidDevice
    const std::array<CompareDevice, 2> devs = {CompareDevice{"CC 8.0 (reference)", ref({8, 0})},
                                               CompareDevice{"broken", broken}};
    auto c = compare(kernel(256, 32), std::span<const CompareDevice>(devs));
    REQUIRE(c.ok());
    CHECK_FALSE(c->columns[0].error);
    CHECK_FALSE(c->columns[0].gpu_resident_ctas);  // sm_count 0 = unknown
    REQUIRE(c->columns[1].error);
    CHECK(c->columns[1].error->id == ErrorId::InvalidDevice);
    for (const CompareRow& r : c->rows)
        if (r.key == "gpu_resident_ctas") CHECK(r.values == std::vector<std::string>{"unknown", "error"});
}

TEST_CASE("guidance: compare refuses bad requests") {
    const std::array<std::string_view, 5> five = {"A100", "H100", "B200", "RTX 5090", "L4"};
    CHECK(compare(kernel(256, 32), std::span<const std::string_view>(five)).error().id == ErrorId::InvalidInput);
    CHECK(compare(kernel(256, 32), std::span<const std::string_view>()).error().id == ErrorId::InvalidInput);
    const std::array<std::string_view, 2> unknown = {"A100", "Z9000"};
    CHECK(compare(kernel(256, 32), std::span<const std::string_view>(unknown)).error().id == ErrorId::UnknownGpu);
    const std::array<std::string_view, 1> one = {"H100"};
    auto bad = compare(kernel(256, -1), std::span<const std::string_view>(one));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().field == "regs");
}
