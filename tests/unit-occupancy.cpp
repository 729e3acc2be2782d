// unit-occupancy.cpp - known answers, invariants and error cases of the resource solver (smcalc/occupancy.hpp).
//
// Every known-answer row names where its expected values come from:
//   WE#n  ../shared/notes/worked-examples.md, example n (the figures a user checks first)
//   OCC   CUDA 13.0 include/cuda_occupancy.h, worked through by hand with the named function's rule
// The exhaustive comparison against the header itself is tests/oracle/diff-occupancy.cpp.
#include <doctest/doctest.h>

#include <array>
#include <cstring>
#include <random>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"
#include "fuzz/inputs.hpp"
#include "smcalc/occupancy.hpp"
#include "helpers.hpp"

using namespace smcalc;
using smcalc::test::kernel;

namespace {

const ArchRules& arch(ComputeCapability cc) {
    auto a = find_arch(cc);
    REQUIRE(a.ok());
    return **a;
}

Device ref(ComputeCapability cc) {
    Device d = reference_device(arch(cc));
    d.cc = cc;  // keeps 10.1 as typed (its rules are 11.0's)
    return d;
}

using Limits = std::array<int64_t, 5>;  // regs, smem, warps, blocks, barriers (kResources order)
constexpr int64_t kNone = kNoLimit;

std::vector<Resource> sorted(std::vector<Resource> v) {
    std::sort(v.begin(), v.end());
    return v;
}

std::string describe(const Limits& l) {
    std::string s;
    for (std::size_t i = 0; i < l.size(); ++i) {
        s += std::string(resource_key(kResources[i])) + "=" + (l[i] != kNone ? std::to_string(l[i]) : "none") + " ";
    }
    return s;
}

// Every count and size a result carries is non-negative (no wrapped number ever reaches a user).
void check_non_negative(const OccupancyResult& r) {
    CHECK(r.blocks_per_sm >= 0);
    CHECK(r.warps_per_sm >= 0);
    CHECK(r.threads_per_sm >= 0);
    CHECK(r.occupancy >= 0.0);
    CHECK(r.occupancy <= 1.0);
    for (const int64_t l : r.limits) CHECK(l >= 0);
    if (r.regs_per_block) CHECK(*r.regs_per_block >= 0);
    CHECK(r.smem_per_block >= 0);
    CHECK(r.smem_per_sm >= 0);
    CHECK(r.warps_per_block >= 0);
    CHECK(r.regs_per_warp >= 0);
    CHECK(r.max_warps_per_sm > 0);
    for (const auto& b : r.budgets) {
        CHECK(b.used >= 0);
        CHECK(b.limit >= 0);
    }
}

struct KnownAnswer {
    const char* what;  // the case and the source of its expected values
    ComputeCapability cc;
    KernelInput in;
    int64_t blocks;
    int64_t warps;
    double occupancy;
    Limits limits;
    std::vector<Resource> limiting;
};

}  // namespace

TEST_CASE("occupancy: known answers") {
    using R = Resource;
    const std::vector<KnownAnswer> rows = {
        // WE#1 (seed 000): A100, 256 threads, 48 regs, 24 KB static. Registers: 48 x 32 = 1536 per warp,
        // 16384 per sub-partition -> 10 warps x 4 = 40 warps -> 5 CTAs of 8 warps. Shared memory: 24 KB + the
        // 1 KB reserved from CC 8.0 = 25 KB per CTA, 164 KB / 25 KB -> 6 (the seed's 164 / 24 also gives 6).
        {"WE#1 A100 256 thr 48 regs 24 KB", {8, 0}, kernel(256, 48, 24576), 5, 40, 0.625,
         Limits{5, 6, 8, 32, kNone}, {R::Registers}},
        // WE#2 (seed 002): H100, 128 regs/thread -> 4096 regs per warp -> 4 warps per sub-partition -> 16 warps
        // per SM -> 25 % whatever the block size, as long as one block fits. Barrier budget (OCC, CC >= 9.0):
        // 2 x 32 = 64 barriers / 1 per CTA = 64.
        {"WE#2 H100 128 regs, 128 thr", {9, 0}, kernel(128, 128), 4, 16, 0.25, Limits{4, 228, 16, 32, 64},
         {R::Registers}},
        {"WE#2 H100 128 regs, 256 thr", {9, 0}, kernel(256, 128), 2, 16, 0.25, Limits{2, 228, 8, 32, 64},
         {R::Registers}},
        {"WE#2 H100 128 regs, 512 thr", {9, 0}, kernel(512, 128), 1, 16, 0.25, Limits{1, 228, 4, 32, 64},
         {R::Registers}},
        // OCC cudaOccMaxBlocksPerSMRegsLimit: 1024 threads x 128 regs = 131072 registers > regsPerBlock 65536,
        // so the launch fails: 0 blocks (WE#2's "16 warps" cannot be one 32-warp block).
        {"WE#2 H100 128 regs, 1024 thr: over the per-block register file", {9, 0}, kernel(1024, 128), 0, 0, 0.0,
         Limits{0, 228, 2, 32, 64}, {R::Registers}},
        // WE#6 + note on seed 001: CC 12.0 has 24 block slots (OCC cudaOccMaxBlocksPerMultiprocessor), and its
        // barrier budget is 1 x 24 (OCC cudaOccMaxBlocksPerSMBlockBarrierLimit), so both limit a tiny kernel.
        {"WE#6 CC 12.0 tiny kernel: 24 blocks", {12, 0}, kernel(32, 16), 24, 24, 0.5, Limits{128, 100, 48, 24, 24},
         {R::Blocks, R::Barriers}},
        // OCC: 12.1 is the same (GB10 device query reports 24 blocks/SM too).
        {"CC 12.1 tiny kernel: 24 blocks", {12, 1}, kernel(32, 16), 24, 24, 0.5, Limits{128, 100, 48, 24, 24},
         {R::Blocks, R::Barriers}},
        // WE#6: CC 10.0 has 64 warps/SM: 2 CTAs of 1024 threads at 32 regs fill it (registers: 32 x 32 = 1024
        // per warp -> 16 warps per sub-partition -> 64).
        {"WE#6 CC 10.0 1024 thr 32 regs: 64 warps", {10, 0}, kernel(1024, 32), 2, 64, 1.0,
         Limits{2, 228, 2, 32, 64}, {R::Registers, R::Warps}},
        // OCC: 10.1 is the old name of 11.0 (Thor): 24 blocks, barrier budget 1 x 24.
        {"CC 10.1 = 11.0 tiny kernel: 24 blocks", {10, 1}, kernel(32, 16), 24, 24, 0.375,
         Limits{128, 228, 64, 24, 24}, {R::Blocks, R::Barriers}},
        {"CC 11.0 tiny kernel: 24 blocks", {11, 0}, kernel(32, 16), 24, 24, 0.375, Limits{128, 228, 64, 24, 24},
         {R::Blocks, R::Barriers}},
        // OCC cudaOccMaxBlocksPerSMWarpsLimit: blockSize > maxThreadsPerBlock -> 0 blocks (the launch fails).
        {"1025 threads > 1024 per block: 0 blocks", {8, 0}, kernel(1025, 32), 0, 0, 0.0,
         Limits{1, 164, 0, 32, kNone}, {R::Warps}},
        // OCC cudaOccRegAllocationMaxPerThread: 256 on CC >= 7.0, so 257 registers -> 0 blocks.
        {"257 regs: 0 blocks", {8, 0}, kernel(256, 257), 0, 0, 0.0, Limits{0, 164, 8, 32, kNone},
         {R::Registers}},
        // OCC accepts 256 registers on CC >= 7.0 (ptxas allocates at most 255): 256 x 32 x 8 warps = 64 K -> 1.
        {"256 regs on CC 8.0: 1 block", {8, 0}, kernel(256, 256), 1, 8, 0.125, Limits{1, 164, 8, 32, kNone},
         {R::Registers}},
        // OCC: the cap is 255 on CC 5.x/6.x, so 256 registers -> 0 blocks there. No shared memory and nothing
        // reserved before CC 8.0 -> no shared-memory limit at all.
        {"256 regs on CC 5.0: 0 blocks", {5, 0}, kernel(32, 256), 0, 0, 0.0, Limits{0, kNone, 64, 32, kNone},
         {R::Registers}},
        {"255 regs on CC 5.0: 8 blocks", {5, 0}, kernel(32, 255), 8, 8, 0.125, Limits{8, kNone, 64, 32, kNone},
         {R::Registers}},
        // OCC: a kernel using no registers has no register limit (INT_MAX in the header).
        {"0 regs: no register limit", {8, 0}, kernel(256, 0), 8, 64, 1.0, Limits{kNone, 164, 8, 32, kNone},
         {R::Warps}},
        // OCC barrier rule on CC >= 9.0: budget 2 x 32 = 64, 5 barriers per CTA -> 12 CTAs. (The header's
        // limitingFactors would also flag "blocks" here: it was set before the barrier limit lowered the total.)
        {"H100 5 barriers per CTA: 12 blocks", {9, 0}, kernel(32, 16, 0, 5), 12, 12, 12.0 / 64.0,
         Limits{128, 228, 64, 32, 12}, {R::Barriers}},
        // OCC: barriers are not counted before CC 9.0.
        {"A100 20 barriers per CTA: not counted", {8, 0}, kernel(32, 16, 0, 20), 32, 32, 0.5,
         Limits{128, 164, 64, 32, kNone}, {R::Blocks}},
        // OCC: 0 barriers -> no barrier limit on CC >= 9.0 either.
        {"H100 0 barriers: no barrier limit", {9, 0}, kernel(32, 16, 0, 0), 32, 32, 0.5,
         Limits{128, 228, 64, 32, kNone}, {R::Blocks}},
        // OCC cudaOccMaxBlocksPerSMSmemLimit: 48 KB - 1 KB reserved = 47 KB static is the most a CTA may use
        // without opt-in on CC 8.0 (limit = 48 KB + 1 KB reserved); one byte more -> 0 blocks.
        {"A100 static smem at the 48 KB limit", {8, 0}, kernel(128, 32, 48 * 1024), 3, 12, 0.1875,
         Limits{16, 3, 16, 32, kNone}, {R::SharedMemory}},
        {"A100 static smem 1 B over the 48 KB limit", {8, 0}, kernel(128, 32, 48 * 1024 + 1), 0, 0, 0.0,
         Limits{16, 0, 16, 32, kNone}, {R::SharedMemory}},
    };
    for (const auto& row : rows) {
        CAPTURE(row.what);
        auto r = occupancy(ref(row.cc), row.in);
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().message));
        CHECK(r->blocks_per_sm == row.blocks);
        CHECK(r->warps_per_sm == row.warps);
        CHECK(r->occupancy == doctest::Approx(row.occupancy));
        INFO("ours: ", describe(r->limits), " expected: ", describe(row.limits));
        CHECK(r->limits == row.limits);
        CHECK(sorted(r->limiting) == sorted(row.limiting));
        if (row.blocks == 0) CHECK_MESSAGE(!r->notes.empty(), "0 blocks must say why in notes");
        check_non_negative(*r);
    }
}

TEST_CASE("occupancy: allocation details of worked example 1") {
    // WE#1 with OCC's allocation rules: 8 warps x 1536 registers; 24576 + 1024 reserved, already a multiple
    // of the 128 B granularity.
    auto r = occupancy(ref({8, 0}), kernel(256, 48, 24576));
    REQUIRE(r.ok());
    REQUIRE(r->regs_per_block.has_value());
    CHECK(*r->regs_per_block == 12288);
    CHECK(r->regs_per_warp == 1536);
    CHECK(r->warps_per_block == 8);
    CHECK(r->smem_per_block == 25600);
    CHECK(r->threads_per_sm == 5 * 256);
    CHECK(r->max_warps_per_sm == 64);
    CHECK(r->limit(Resource::Registers) == 5);
    CHECK(r->limit(Resource::SharedMemory) == 6);
    CHECK_FALSE(r->derivation.empty());
    CHECK_FALSE(r->budgets.empty());
}

TEST_CASE("occupancy: invariants over every compute capability") {
    const int64_t threads_list[] = {1, 31, 32, 33, 96, 100, 256, 640, 1023, 1024, 1025};
    const int64_t smem_list[] = {0, 1, 1000, 8192, 40000};
    const int64_t regs_list[] = {0, 1, 2, 8, 16, 24, 32, 33, 40, 48, 56, 64, 72, 80, 96, 128, 168, 200, 255, 256, 257};
    for (const auto& a : all_arch_rules()) {
        const Device dev = reference_device(a);
        CAPTURE(a.cc.major);
        CAPTURE(a.cc.minor);
        for (int64_t threads : threads_list) {
            for (int64_t smem : smem_list) {
                CAPTURE(threads);
                CAPTURE(smem);
                int64_t previous_blocks = INT64_MAX;
                for (int64_t regs : regs_list) {
                    auto r = occupancy(dev, kernel(threads, regs, smem));
                    REQUIRE(r.ok());
                    // blocks == min of the limits, and the limiting set is exactly the limits equal to it.
                    int64_t lowest = INT64_MAX;
                    std::vector<Resource> at_min;
                    for (Resource res : kResources)
                        if (auto l = r->limit(res)) lowest = std::min(lowest, *l);
                    for (Resource res : kResources)
                        if (r->limit(res) == lowest) at_min.push_back(res);
                    CHECK(r->blocks_per_sm == lowest);
                    CHECK(sorted(r->limiting) == sorted(at_min));
                    CHECK(r->warps_per_sm == r->blocks_per_sm * ((threads + a.warp_size - 1) / a.warp_size));
                    CHECK(r->warps_per_sm <= a.max_warps_per_sm);
                    check_non_negative(*r);
                    // More registers never raise the block count.
                    CHECK(r->blocks_per_sm <= previous_blocks);
                    previous_blocks = r->blocks_per_sm;
                }
            }
        }
    }
}

TEST_CASE("occupancy: input errors name their field") {
    const Device a100 = ref({8, 0});
    SUBCASE("threads 0") {
        auto r = occupancy(a100, kernel(0, 32));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().id == ErrorId::InvalidInput);
        CHECK(r.error().message.find("threads") != std::string::npos);
    }
    SUBCASE("negative counts") {
        for (auto in : {kernel(-1, 32), kernel(32, -1), kernel(32, 32, -1), kernel(32, 32, 0, -1)}) {
            auto r = occupancy(a100, in);
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().id == ErrorId::InvalidInput);
        }
        KernelInput in = kernel(32, 32);
        in.smem_dynamic = -1;
        auto r = occupancy(a100, in);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().id == ErrorId::InvalidInput);
    }
    SUBCASE("above kMaxInput") {
        auto r = occupancy(a100, kernel(kMaxInput + 1, 32));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().id == ErrorId::InvalidInput);
        CHECK(r.error().message.find("threads") != std::string::npos);
    }
    SUBCASE("carveout outside -1..100") {
        for (int c : {101, -2, 1000}) {
            KernelInput in = kernel(256, 32);
            in.carveout = c;
            auto r = occupancy(a100, in);
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().id == ErrorId::InvalidInput);
            CHECK(r.error().message.find("carveout") != std::string::npos);
        }
    }
    SUBCASE("carveout at its bounds is valid") {
        for (int c : {-1, 0, 1, 50, 99, 100}) {
            KernelInput in = kernel(256, 32);
            in.carveout = c;
            CHECK(occupancy(a100, in).ok());
        }
    }
    SUBCASE("unknown compute capability") {
        for (ComputeCapability cc : {ComputeCapability{4, 0}, ComputeCapability{8, 1}, ComputeCapability{13, 0},
                                     ComputeCapability{10, 2}}) {
            Device d = a100;
            d.cc = cc;
            auto r = occupancy(d, kernel(256, 32));
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().id == ErrorId::UnknownArch);
            CHECK_FALSE(block_size(d, kernel(256, 32)).ok());
            CHECK_FALSE(dynamic_smem(d, kernel(256, 32), 1).ok());
        }
    }
    SUBCASE("contradictory custom device") {
        Device d = a100;
        d.smem_per_block = d.smem_per_sm + 1;  // a block cannot have more shared memory than its SM
        auto r = occupancy(d, kernel(256, 32));
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().id == ErrorId::InvalidDevice);
        auto b = block_size(d, kernel(256, 32));
        REQUIRE_FALSE(b.ok());
        CHECK(b.error().id == ErrorId::InvalidDevice);
        auto s = dynamic_smem(d, kernel(256, 32), 1);
        REQUIRE_FALSE(s.ok());
        CHECK(s.error().id == ErrorId::InvalidDevice);

        Device w = a100;
        w.max_threads_per_block = w.max_threads_per_sm + 32;
        auto rw = occupancy(w, kernel(256, 32));
        REQUIRE_FALSE(rw.ok());
        CHECK(rw.error().id == ErrorId::InvalidDevice);

        // Opt-in below the default limit (the header's dynamic_smem would wrap), and opt-in + reserved
        // above the SM (the header would answer an error for blocks near the limit): both refused up front.
        Device low = a100;
        low.smem_per_block_optin = 16 * 1024;
        auto rl = occupancy(low, kernel(256, 32));
        REQUIRE_FALSE(rl.ok());
        CHECK(rl.error().field == "device.smem_per_block_optin");
        Device high = a100;
        high.smem_per_block_optin = high.smem_per_sm;
        auto rh = occupancy(high, kernel(256, 32));
        REQUIRE_FALSE(rh.ok());
        CHECK(rh.error().field == "device.smem_per_block_optin");
        CHECK(rh.error().message.find("reserved") != std::string::npos);
    }
}

TEST_CASE("occupancy: absurd inputs give a value or a clean error") {
    const int64_t huge_threads[] = {int64_t{1} << 31, kMaxInput};
    for (const auto& a : all_arch_rules()) {
        const Device dev = reference_device(a);
        CAPTURE(a.cc.major);
        CAPTURE(a.cc.minor);
        std::vector<KernelInput> inputs;
        for (int64_t t : huge_threads) inputs.push_back(kernel(t, 32));
        inputs.push_back(kernel(256, kMaxInput));
        inputs.push_back(kernel(256, 32, 1'000'000'000'000'000));
        inputs.push_back(kernel(256, 32, kMaxInput));
        inputs.push_back(kernel(256, 32, 0, kMaxInput));
        inputs.push_back(kernel(kMaxInput, kMaxInput, kMaxInput, kMaxInput));
        KernelInput dyn = kernel(256, 32);
        dyn.smem_dynamic = 1'000'000'000'000'000;
        inputs.push_back(dyn);
        KernelInput opt = dyn;
        opt.optin = true;
        opt.smem_dynamic_max = kMaxInput;
        inputs.push_back(opt);
        for (const auto& in : inputs) {
            CAPTURE(in.threads);
            CAPTURE(in.regs);
            CAPTURE(in.smem_static);
            CAPTURE(in.smem_dynamic);
            CAPTURE(in.barriers);
            auto r = occupancy(dev, in);
            if (r.ok()) {
                // None of these can run: 0 blocks, every field non-negative.
                const bool barriers_count = a.barrier_limit_applies || in.barriers != kMaxInput;
                if (barriers_count) {
                    CHECK(r->blocks_per_sm == 0);
                    CHECK_FALSE(r->notes.empty());
                }
                check_non_negative(*r);
            } else {
                CHECK(r.error().id == ErrorId::InvalidInput);
            }
            auto b = block_size(dev, in);
            if (b.ok()) {
                CHECK(b->block_size >= 0);
                CHECK(b->min_grid_size >= 0);
                CHECK(b->blocks_per_sm >= 0);
            }
            auto s = dynamic_smem(dev, in, 1);
            if (s.ok()) CHECK(*s >= 0);
            auto s2 = dynamic_smem(dev, in, kMaxInput);
            if (s2.ok()) CHECK(*s2 >= 0);
        }
    }
}

TEST_CASE("occupancy: dynamic_smem") {
    // OCC cudaOccAvailableDynamicSMemPerBlock on the WE#1 kernel (A100, 256 threads, 48 regs, 24 KB static).
    const Device a100 = ref({8, 0});
    const KernelInput ex1 = kernel(256, 48, 24576);
    SUBCASE("more blocks than fit -> not achievable") {
        // WE#1: registers allow only 5 CTAs.
        auto r = dynamic_smem(a100, ex1, 6);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().id == ErrorId::NotAchievable);
    }
    SUBCASE("blocks below 1 -> invalid input") {
        for (int64_t n : {int64_t{0}, int64_t{-1}}) {
            auto r = dynamic_smem(a100, ex1, n);
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().id == ErrorId::InvalidInput);
        }
    }
    SUBCASE("one block: capped by the default dynamic limit, 48 KB - 24 KB static") {
        auto r = dynamic_smem(a100, ex1, 1);
        REQUIRE(r.ok());
        CHECK(*r == 24576);
    }
    SUBCASE("five blocks") {
        // OCC: 164 KB / 5 = 33587 -> 33536 (128 B granularity), minus the 24576 B static = 8960. (The header
        // does not subtract the 1 KB reserved per CTA here; we answer what it answers.)
        auto r = dynamic_smem(a100, ex1, 5);
        REQUIRE(r.ok());
        CHECK(*r == 8960);
    }
    SUBCASE("answers shrink as blocks grow") {
        int64_t previous = INT64_MAX;
        for (int64_t n = 1; n <= 5; ++n) {
            auto r = dynamic_smem(a100, ex1, n);
            REQUIRE(r.ok());
            CHECK(*r >= 0);
            CHECK(*r <= previous);
            previous = *r;
        }
    }
}

TEST_CASE("occupancy: block_size on worked example 1") {
    // OCC cudaOccMaxPotentialOccupancyBlockSize on the WE#1 kernel: 640 threads (20 warps) x 2 CTAs = 1280
    // resident threads is the most any block size reaches (registers cap the SM at 40 warps).
    const KernelInput ex1 = kernel(256, 48, 24576);
    auto r = block_size(ref({8, 0}), ex1);
    REQUIRE(r.ok());
    CHECK(r->block_size == 640);
    CHECK(r->blocks_per_sm == 2);
    CHECK(r->min_grid_size == 2);  // sm_count 0 (unknown): one SM's worth
    CHECK(r->occupancy == doctest::Approx(0.625));

    Device a100 = ref({8, 0});
    a100.sm_count = 108;  // A100 SXM4
    auto g = block_size(a100, ex1);
    REQUIRE(g.ok());
    CHECK(g->block_size == 640);
    CHECK(g->min_grid_size == 216);

    // in.threads is ignored.
    KernelInput other = ex1;
    other.threads = 1;
    auto o = block_size(ref({8, 0}), other);
    REQUIRE(o.ok());
    CHECK(o->block_size == 640);
}

// dynamic_smem() equals NVIDIA's cudaOccAvailableDynamicSMemPerBlock (the oracle test checks that); its
// answer can leave fewer blocks resident than asked for. dynamic_smem_resident() must never do so.
TEST_CASE("occupancy: dynamic_smem_resident lets the asked-for blocks reside") {
    SUBCASE("CC 8.9, 3 blocks of 257 threads (fuzz finding F1)") {
        const Device d = reference_device(**find_arch({8, 9}));
        KernelInput k;
        k.threads = 257;
        k.regs = 33;
        CHECK(*dynamic_smem(d, k, 3) == 34048);  // 102,400 / 3 rounded down to 128 B: the header's answer
        const int64_t res = *dynamic_smem_resident(d, k, 3);
        CHECK(res == 33024);                      // (33,024 + 1,024) x 3 = 102,144 <= 102,400
        k.smem_dynamic = res;
        CHECK(occupancy(d, k)->blocks_per_sm == 3);
        k.smem_dynamic = res + 1;                 // one byte more rounds to the next granule: 2 blocks
        CHECK(occupancy(d, k)->blocks_per_sm == 2);
    }
    SUBCASE("over every CC and many kernels: resident, at most the header's answer, and maximal") {
        int checked = 0;
        for (const ArchRules& a : all_arch_rules()) {
            const Device d = reference_device(a);
            for (int64_t threads : {32, 128, 257, 512, 1024})
                for (int64_t regs : {16, 40, 64, 128})
                    for (int64_t st : {0, 1000, 8192})
                        for (int64_t blocks = 1; blocks <= 8; ++blocks) {
                            KernelInput k;
                            k.threads = threads;
                            k.regs = regs;
                            k.smem_static = st;
                            auto hdr = dynamic_smem(d, k, blocks);
                            auto res = dynamic_smem_resident(d, k, blocks);
                            REQUIRE(hdr.ok() == res.ok());
                            if (!res) continue;
                            CHECK(*res <= *hdr);
                            k.smem_dynamic = *res;
                            CHECK(occupancy(d, k, Detail::Numbers)->blocks_per_sm >= blocks);
                            if (*res < *hdr) {  // maximal: the next granule up no longer keeps them resident
                                k.smem_dynamic = *res + a.smem_alloc_granularity;
                                CHECK(occupancy(d, k, Detail::Numbers)->blocks_per_sm < blocks);
                            }
                            ++checked;
                        }
        }
        CHECK(checked > 1000);
    }
}

// The fast entry points (CheckedDevice, occupancy_numbers, block_size's hoisted loop) must answer exactly as
// occupancy(Device) does, errors included: 200,000 decoded inputs (tests/fuzz/inputs.hpp: catalogued,
// reference and custom devices, edge and out-of-range kernel values). The solver's unchecked register branch is
// compared with the checked regs_limit() path (detail::checked_regs_limit), which no solver call takes for them.
TEST_CASE("occupancy: CheckedDevice and occupancy_numbers answer as occupancy(Device), errors included") {
    std::mt19937_64 rng(0x5eed00c4);
    std::array<uint8_t, 128> buf{};
    int answered = 0, refused_kernel = 0, compared_block = 0, compared_regs = 0;
    // occupancy_numbers(cd, k, out) writes every field: one result reused over all inputs, as sweeps do, must
    // read exactly as a fresh one (a field left from the previous answer would show here).
    OccupancyNumbers reused;
    for (int i = 0; i < 200'000; ++i) {
        for (std::size_t j = 0; j < buf.size(); j += 8) {
            const uint64_t r = rng();
            std::memcpy(buf.data() + j, &r, 8);
        }
        fuzz::Bytes b(buf.data(), buf.size());
        const Device d = fuzz::device(b);
        const KernelInput k = fuzz::kernel(b);
        auto cd = CheckedDevice::check(d);
        const auto slow = occupancy(d, k, Detail::Full);
        if (!cd) {
            REQUIRE_FALSE(slow);  // the device is refused either way
            continue;
        }
        const auto fast = occupancy(*cd, k, Detail::Full);
        const auto nums = occupancy_numbers(*cd, k);
        const auto into_error = occupancy_numbers(*cd, k, reused);
        REQUIRE(slow.ok() == fast.ok());
        REQUIRE(slow.ok() == nums.ok());
        REQUIRE(slow.ok() == !into_error.has_value());
        if (!slow) {
            CHECK(slow.error().message == fast.error().message);
            CHECK(slow.error().message == nums.error().message);
            CHECK(slow.error().field == nums.error().field);
            CHECK(slow.error().message == into_error->message);
            CHECK(slow.error().field == into_error->field);
            refused_kernel += 1;
            continue;
        }
        ++answered;
        const OccupancyResult& s = *slow;
        for (const OccupancyNumbers* n : {static_cast<const OccupancyNumbers*>(&*fast), &nums.value(),
                                          static_cast<const OccupancyNumbers*>(&reused)}) {
            CHECK(n->blocks_per_sm == s.blocks_per_sm);
            CHECK(n->warps_per_sm == s.warps_per_sm);
            CHECK(n->threads_per_sm == s.threads_per_sm);
            CHECK(n->occupancy == s.occupancy);
            CHECK(n->limits == s.limits);
            CHECK(n->limiting == s.limiting);
            CHECK(n->regs_per_block == s.regs_per_block);
            CHECK(n->smem_per_block == s.smem_per_block);
            CHECK(n->smem_per_sm == s.smem_per_sm);
            CHECK(n->warps_per_block == s.warps_per_block);
            CHECK(n->regs_per_warp == s.regs_per_warp);
            CHECK(n->max_warps_per_sm == s.max_warps_per_sm);
        }
        // The register limit by the checked path (regs_limit: overflow-checked arithmetic) against the
        // solver's fast branch (regs_of: unchecked, used wherever registers <= the cap, threads <= the block
        // maximum and the device is not GP100); above, every answer came through the same solver.
        const detail::CheckedRegs checked = detail::checked_regs_limit(*cd, k.threads, k.regs);
        const bool fast_branch = k.regs <= cd->rules().max_regs_per_thread_occ &&
                                 k.threads <= d.max_threads_per_block && !cd->gp100();
        compared_regs += fast_branch;
        CHECK(nums->limits[static_cast<std::size_t>(Resource::Registers)] == checked.limit);
        CHECK(nums->regs_per_warp == checked.per_warp);
        CHECK(nums->regs_per_block == checked.alloc_per_block);
        CHECK(fast->derivation == s.derivation);
        CHECK(fast->notes == s.notes);
        if (i % 8 == 0) {  // block_size: the hoisted loop against the solver, size by size
            const auto bs = block_size(*cd, k);
            if (!bs) continue;
            ++compared_block;
            KernelInput t = k;
            int64_t best = 0;
            for (t.threads = d.warp_size; t.threads <= d.max_threads_per_block; t.threads += d.warp_size) {
                auto r = occupancy(d, t, Detail::Numbers);
                if (r) best = std::max(best, r->blocks_per_sm * t.threads);
            }
            CHECK(bs->block_size * bs->blocks_per_sm >= best);
            KernelInput at = k;
            at.threads = bs->block_size;
            if (bs->block_size > 0) {
                auto r = occupancy(d, at, Detail::Numbers);
                REQUIRE(r);
                CHECK(r->blocks_per_sm == bs->blocks_per_sm);
                CHECK(r->occupancy == bs->occupancy);
            }
        }
    }
    CHECK(answered > 30'000);
    CHECK(refused_kernel > 1'000);
    CHECK(compared_block > 2'000);
    CHECK(compared_regs > 20'000);
}
