// unit-properties.cpp - properties of the solver and the tile model over >= 100,000 random inputs each (fixed
// seeds, so a failure reproduces): occupancy in [0, 1]; blocks = the lowest limit; more registers, shared memory
// or barriers never raise occupancy, on every CC; the same input twice gives the same answer; block_size's
// answer is at least as good as every block size it tries. Plus the fuzz findings as regression tests.
//
// Inputs come from tests/fuzz/inputs.hpp, the decoder the libFuzzer targets use, fed with PRNG bytes: the same
// input space (catalogued GPUs, reference devices, custom devices, edge values) and the same invariant checks.
// A property counts only inputs the solver accepts (validate_device and the kernel ranges pass).
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/inputs.hpp"
#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;
using smcalc::fuzz::Bytes;

namespace {

constexpr int kInputs = 100'000;  // accepted inputs per property

// PRNG bytes for one input.
struct Source {
    std::mt19937_64 rng;
    std::array<uint8_t, 128> buf{};
    explicit Source(uint64_t seed) : rng(seed) {}
    Bytes next() {
        for (std::size_t i = 0; i < buf.size(); i += 8) {
            const uint64_t r = rng();
            for (std::size_t j = 0; j < 8; ++j) buf[i + j] = static_cast<uint8_t>(r >> (8 * j));
        }
        return Bytes(buf.data(), buf.size());
    }
};

struct Case {
    Device d;
    KernelInput k;
    OccupancyResult r;
};

// The next input the solver accepts (Detail::Numbers: the properties compare numbers).
template <typename Accept>
Case next_case(Source& src, Accept&& accept) {
    for (;;) {
        Bytes b = src.next();
        Case c{fuzz::device(b), fuzz::kernel(b), {}};
        if (!accept(c)) continue;
        auto r = occupancy(c.d, c.k, Detail::Numbers);
        if (!r) continue;
        c.r = std::move(r.value());
        return c;
    }
}
Case next_case(Source& src) {
    return next_case(src, [](const Case&) { return true; });
}

std::string describe(const Case& c) {
    const Device& d = c.d;
    const KernelInput& k = c.k;
    return "CC " + std::to_string(d.cc.major) + "." + std::to_string(d.cc.minor) + " sms " + std::to_string(d.sm_count) +
           " tpb " + std::to_string(d.max_threads_per_block) + " tps " + std::to_string(d.max_threads_per_sm) + " rsm " +
           std::to_string(d.regs_per_sm) + " rpb " + std::to_string(d.regs_per_block) + " ws " + std::to_string(d.warp_size) +
           " ssm " + std::to_string(d.smem_per_sm) + " spb " + std::to_string(d.smem_per_block) + " spo " +
           std::to_string(d.smem_per_block_optin) + " rsv " + std::to_string(d.reserved_smem_per_block) + " | threads " +
           std::to_string(k.threads) + " regs " + std::to_string(k.regs) + " static " + std::to_string(k.smem_static) +
           " dyn " + std::to_string(k.smem_dynamic) + " optin " + std::to_string(k.optin) + " dynmax " +
           std::to_string(k.smem_dynamic_max) + " carveout " + std::to_string(k.carveout) + " barriers " +
           std::to_string(k.barriers);
}

std::string cc_key(ComputeCapability cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); }

// validate_device refuses `d` as a contradicting device and names `field`.
void check_contradicting(const Device& d, std::string_view field) {
    auto ok = validate_device(d);
    REQUIRE(!ok.ok());
    CHECK(ok.error().id == ErrorId::InvalidDevice);
    CHECK(ok.error().field == field);
}

}  // namespace

TEST_CASE("properties: occupancy in [0, 1], blocks = the lowest limit, limiting list exact (100,000 inputs)") {
    Source src(0x5eed0001);
    std::map<std::string, int> per_cc;
    int custom = 0;
    for (int i = 0; i < kInputs; ++i) {
        const Case c = next_case(src);
        ++per_cc[cc_key(c.d.cc)];
        bool catalogued = false;
        for (const GpuSpec& g : all_gpus()) catalogued = catalogued || std::memcmp(&g.device, &c.d, sizeof c.d) == 0;
        custom += catalogued ? 0 : 1;
        const std::string problem = fuzz::check_occupancy(c.d, c.k, c.r);
        if (!problem.empty()) FAIL_CHECK(problem << " on " << describe(c));
    }
    // Every modelled CC is covered, and custom devices too.
    for (const ArchRules& a : all_arch_rules()) CHECK_MESSAGE(per_cc[cc_key(a.cc)] >= 1000, "CC " << cc_key(a.cc));
    CHECK(custom >= 1000);
}

TEST_CASE("properties: more registers, shared memory or barriers never raise occupancy, on every CC (100,000 inputs)") {
    Source src(0x5eed0002);
    std::mt19937_64 rng(7);
    std::map<std::string, int> per_cc;
    int lowered = 0;
    for (int i = 0; i < kInputs; ++i) {
        const Case c = next_case(src);
        ++per_cc[cc_key(c.d.cc)];
        const int64_t step = 1 + static_cast<int64_t>(rng() % 8192);
        struct More {
            const char* what;
            KernelInput k;
        };
        std::vector<More> more;
        KernelInput k = c.k;
        k.regs = std::min(kMaxInput, c.k.regs + 1 + step % 64);
        more.push_back({"regs", k});
        k = c.k;
        k.smem_static = std::min(kMaxInput, c.k.smem_static + step);
        more.push_back({"smem_static", k});
        k = c.k;
        k.smem_dynamic = std::min(kMaxInput, c.k.smem_dynamic + step);
        more.push_back({"smem_dynamic", k});
        k = c.k;
        k.barriers = std::min(kMaxInput, c.k.barriers + 1 + step % 4);
        more.push_back({"barriers", k});
        for (const More& m : more) {
            auto r = occupancy(c.d, m.k, Detail::Numbers);
            if (!r) continue;  // e.g. beyond the largest carveout: an error, not a higher occupancy
            if (r->occupancy > c.r.occupancy || r->blocks_per_sm > c.r.blocks_per_sm)
                FAIL_CHECK("more " << m.what << " raised occupancy from " << c.r.occupancy << " to " << r->occupancy
                                   << " on " << describe(c));
            lowered += r->blocks_per_sm < c.r.blocks_per_sm ? 1 : 0;
        }
    }
    for (const ArchRules& a : all_arch_rules()) CHECK_MESSAGE(per_cc[cc_key(a.cc)] >= 1000, "CC " << cc_key(a.cc));
    CHECK(lowered >= kInputs / 10);  // the property is not vacuous: more resources often cost blocks
}

TEST_CASE("properties: the same input twice gives the same answer (100,000 inputs)") {
    Source src(0x5eed0003);
    for (int i = 0; i < kInputs; ++i) {
        const Case c = next_case(src);
        auto a = occupancy(c.d, c.k, Detail::Full);
        auto b = occupancy(c.d, c.k, Detail::Full);
        REQUIRE(a.ok());
        REQUIRE(b.ok());
        const bool same = a->blocks_per_sm == b->blocks_per_sm && a->occupancy == b->occupancy && a->limits == b->limits &&
                          a->limiting == b->limiting && a->derivation == b->derivation && a->notes == b->notes &&
                          a->budgets.size() == b->budgets.size() && a->smem_per_sm == b->smem_per_sm &&
                          a->regs_per_block == b->regs_per_block;
        if (!same) FAIL_CHECK("two answers differ on " << describe(c));
        if (a->blocks_per_sm != c.r.blocks_per_sm || a->occupancy != c.r.occupancy || a->limits != c.r.limits)
            FAIL_CHECK("Detail::Full and Detail::Numbers differ on " << describe(c));
    }
    // The tile model too.
    for (int i = 0; i < kInputs / 4; ++i) {
        Bytes b = src.next();
        const Device d = fuzz::device(b);
        const TileInput t = fuzz::tile_input(b);
        auto x = tile(d, t);
        auto y = tile(d, t);
        REQUIRE(x.ok() == y.ok());
        if (!x.ok()) {
            CHECK(x.error().message == y.error().message);
            continue;
        }
        CHECK(x->ctas_per_sm == y->ctas_per_sm);
        CHECK(x->smem_per_cta == y->smem_per_cta);
        CHECK(x->rows.size() == y->rows.size());
        CHECK(x->notes == y->notes);
    }
}

TEST_CASE("properties: block_size's answer is at least as good as every block size it tries (100,000 inputs)") {
    Source src(0x5eed0004);
    for (int i = 0; i < kInputs; ++i) {
        // F4: devices with more than 2^12 candidate sizes are left out (block_size tries every one of them).
        const Case c = next_case(src, [](const Case& x) {
            return x.d.warp_size > 0 && x.d.max_threads_per_block / x.d.warp_size <= 4096 && validate_device(x.d).ok();
        });
        auto bs = block_size(c.d, c.k);
        if (!bs) {
            FAIL_CHECK("block_size refuses a kernel occupancy() accepts: " << bs.error().message << " on " << describe(c));
            continue;
        }
        const std::string problem = fuzz::check_block_size(c.d, c.k, *bs);
        if (!problem.empty()) FAIL_CHECK(problem << " on " << describe(c));
        const int64_t best = bs->block_size * bs->blocks_per_sm;
        const int64_t limit = c.d.max_threads_per_block, gran = c.d.warp_size;
        KernelInput k = c.k;
        for (int64_t aligned = (limit + gran - 1) / gran * gran; aligned > 0; aligned -= gran) {
            k.threads = std::min(limit, aligned);
            auto r = occupancy(c.d, k, Detail::Numbers);
            REQUIRE(r.ok());
            // Better is more threads per SM; on a tie the larger block size wins (cudaOccMaxPotentialOccupancyBlockSize).
            const int64_t t = r->threads_per_sm;
            if (t > best || (t == best && best > 0 && k.threads > bs->block_size)) {
                FAIL_CHECK(k.threads << " threads give " << t << " threads per SM, block_size's " << bs->block_size
                                     << " gives " << best << " on " << describe(c));
                break;
            }
        }
    }
}

TEST_CASE("properties: the tile model's invariants (20,000 answered tiles) and tiles_that_fit's accounting (10,000 searches)") {
    // Most random tiles are refused (a type before its CC, a shape rule, an edge value): those must be clean
    // errors; the answered ones must keep every invariant.
    Source src(0x5eed0005);
    int answered = 0, tried = 0;
    while (answered < 20'000 && tried < 5'000'000) {
        ++tried;
        Bytes b = src.next();
        const Device d = fuzz::device(b);
        const TileInput t = fuzz::tile_input(b);
        auto r = tile(d, t);
        if (!r) {
            if (r.error().message.empty()) FAIL_CHECK("an error without a message");
            continue;
        }
        ++answered;
        const std::string problem = fuzz::check_tile(d, *r);
        if (!problem.empty()) FAIL_CHECK(problem);
    }
    CHECK(answered == 20'000);

    // tiles_that_fit: 10,000 searches that get an answer. Fuzz-decoded searches are mostly refused as a whole
    // (about 3 in 100 are answered, and few of those list any fit), so they are drawn until 5,000 are answered;
    // the other 5,000 are valid by construction: a catalogued GPU of CC 8.0 or later (bf16 x bf16 -> f32 on the
    // register path runs there: mma.sync bf16 from CC 8.0, PTX ISA) with 1 to 3 values per list taken from
    // TileSearch's own default lists. Both kinds must keep check_search's accounting, and enough searches must
    // list fits (the fit checks are not vacuous).
    int searched = 0, with_fits = 0, fits_listed = 0;
    tried = 0;
    auto check = [&](const Device& d, const TileSearch& s) {
        auto r = tiles_that_fit(d, s);
        if (!r) return false;
        ++searched;
        if (!r->fits.empty()) ++with_fits;
        fits_listed += static_cast<int>(r->fits.size());
        const std::string problem = fuzz::check_search(s, *r);
        if (!problem.empty()) FAIL_CHECK(problem);
        return true;
    };
    while (searched < 5'000 && tried < 2'000'000) {
        ++tried;
        Bytes b = src.next();
        const Device d = fuzz::device(b);
        check(d, fuzz::tile_search(b, 3));
    }
    CHECK(searched == 5'000);
    std::vector<const GpuSpec*> ampere_on;
    for (const GpuSpec& g : all_gpus())
        if (g.device.cc.major >= 8) ampere_on.push_back(&g);
    REQUIRE(ampere_on.size() >= 10);
    std::mt19937_64 rng(0x5eed0006);
    auto subset = [&](const std::vector<int64_t>& from) {
        std::vector<int64_t> out;
        const std::size_t len = 1 + rng() % 3;
        for (std::size_t i = 0; i < len; ++i) out.push_back(from[rng() % from.size()]);
        return out;
    };
    const TileSearch defaults;
    int valid_tried = 0;
    for (; valid_tried < 5'000; ++valid_tried) {
        TileSearch s;  // base: bf16 x bf16 -> f32, register path
        s.ms = subset(defaults.ms);
        s.ns = subset(defaults.ns);
        s.ks = subset(defaults.ks);
        s.stages = subset(defaults.stages);
        s.warps = subset(defaults.warps);
        const Device& d = ampere_on[rng() % ampere_on.size()]->device;
        if (!check(d, s)) FAIL_CHECK("a valid search was refused on CC " << d.cc.major << "." << d.cc.minor);
    }
    MESSAGE("tiles_that_fit: " << searched << " searches answered (" << tried << " fuzz-decoded drawn, "
                               << valid_tried << " valid by construction), " << with_fits << " list fits, "
                               << fits_listed << " fits checked");
    CHECK(searched == 10'000);
    CHECK(with_fits >= 2'500);  // the valid half: a quarter of all searches at least must list a fit
}

// ----- Fuzz findings (docs/bad-inputs.md "Fuzzing"): each minimised input as a regression test (the corpus of
// tests/fuzz/corpus/occupancy/regress-F* replays them through the fuzz target as well).

TEST_CASE("finding F1: dynamic_smem_resident lets the asked-for blocks reside where NVIDIA's figure does not") {
    // CC 8.9, 3 blocks of 257 threads: cudaOccAvailableDynamicSMemPerBlock divides the 102,400 B by 3 without the
    // 1 KiB reserved per block, answering 34,048 B, with which only 2 blocks reside.
    const Device d = reference_device(**find_arch({8, 9}));
    KernelInput k;
    k.threads = 257;
    k.regs = 33;
    auto header = dynamic_smem(d, k, 3);
    auto resident = dynamic_smem_resident(d, k, 3);
    REQUIRE(header.ok());
    REQUIRE(resident.ok());
    CHECK(*header == 34048);
    CHECK(*resident == 33024);
    k.smem_dynamic = *header;
    CHECK(occupancy(d, k)->blocks_per_sm == 2);
    k.smem_dynamic = *resident;
    CHECK(occupancy(d, k)->blocks_per_sm == 3);
}

TEST_CASE("finding F2: reserved shared memory before CC 8.0 is a contradicting device") {
    Device d = reference_device(**find_arch({5, 2}));
    d.reserved_smem_per_block = 1;  // the fuzzer's input; 0 blocks resided with dynamic_smem's answer
    check_contradicting(d, "device.reserved_smem_per_block");
}

TEST_CASE("finding F3: a per-block shared memory limit that is not whole granules is a contradicting device") {
    Device d = reference_device(**find_arch({6, 1}));
    d.smem_per_block = 19275;  // the fuzzer's input; 0 blocks resided with dynamic_smem's answer
    check_contradicting(d, "device.smem_per_block");
}

TEST_CASE("finding F4: thread counts above 65,536 are a contradicting device, so block_size stays a quick loop") {
    Device d = reference_device(**find_arch({8, 0}));
    d.max_threads_per_block = int64_t{1} << 31;  // the input: 2^31 solver calls in block_size
    d.max_threads_per_sm = int64_t{1} << 31;
    d.warp_size = 1;
    check_contradicting(d, "device.max_threads_per_block");
    d.max_threads_per_block = 1024;  // per SM alone above the bound
    check_contradicting(d, "device.max_threads_per_sm");
    d.max_threads_per_sm = int64_t{1} << 16;  // the bound itself is a device (64 x any real one)
    d.max_threads_per_block = int64_t{1} << 16;
    CHECK(validate_device(d).ok());
}
