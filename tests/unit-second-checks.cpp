// unit-second-checks.cpp - a second, independent check for the rules that rested on one test each (issue 27's
// mutation audit): tile accumulator registers and stage sizes, the cluster GPC range and the non-portable
// cluster limit, AMD allocation granules, and the guidance searches. Each area gets a known answer from a
// primary source (cited) and a property or differential check that does not restate the rule's own formula.
//   PTX-WGMMA   PTX ISA, "Matrix fragments for wgmma.mma_async" (register fragments of the accumulator D): for
//               .m64nNk16 each of the warpgroup's 128 threads holds N/2 f32 accumulators (N/2 registers), or
//               N/2 f16 ones packed two per register (N/4 registers)
//   PTX-TYPES   PTX ISA, "Fundamental Types" / "Alternate Floating-Point Data Formats": f32/tf32 (as .b32)
//               4 bytes, f16/bf16 2, e4m3/e5m2/s8 1
//   CUDA-BPG    CUDA C++ Best Practices Guide, "Calculating Occupancy": on CC 7.0, 128-thread blocks at 37
//               registers/thread give 12 active blocks per SM (75 % occupancy); 320-thread blocks at 37 give 4
//   JAX33720, BTG-CL  docs/clusters.md: Jetson Thor's non-portable maximum is 8, B200's 16
//   LLVM-BASEINFO llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp: getSGPRAllocGranule() 16 on gfx8/gfx9,
//               getTotalNumSGPRs() 800
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;

namespace {

const GpuSpec& gpu(const char* name) {
    auto g = find_gpu(name);
    REQUIRE(g.ok());
    return **g;
}

TileResult tile_ok(const Device& d, const TileInput& in) {
    auto r = tile(d, in);
    REQUIRE_MESSAGE(r.ok(), r.error().message);
    return *r;
}

// An M x N x K tile of A and B elements into an `acc` accumulator on `warps` warps; the rest TileInput's defaults.
TileInput tile_input(int64_t m, int64_t n, int64_t k, int64_t warps, DType a, DType b, DType acc) {
    TileInput in;
    in.m = m;
    in.n = n;
    in.k = k;
    in.warps = warps;
    in.a = a;
    in.b = b;
    in.acc = acc;
    return in;
}

// Bytes per element by PTX-TYPES (written here, not read from the model's type table).
int64_t ptx_bytes(DType t) {
    switch (t) {
        case DType::F32: case DType::TF32: case DType::I32: return 4;
        case DType::F16: case DType::BF16: return 2;
        case DType::E4M3: case DType::E5M2: case DType::I8: return 1;
        default: return 0;
    }
}

// Every partition of `tpcs` TPCs into between gmin and gmax GPCs of 1..cap TPCs each (non-increasing): calls
// f(layout in SMs). A brute force beside cluster_range's dynamic programme.
void partitions(int64_t tpcs, int64_t gmin, int64_t gmax, int64_t cap, int64_t u,
                const std::function<void(const std::vector<int64_t>&)>& f) {
    std::vector<int64_t> cur;
    std::function<void(int64_t, int64_t)> rec = [&](int64_t left, int64_t max_part) {
        const auto g = static_cast<int64_t>(cur.size());
        if (left == 0) {
            if (g >= gmin) f(cur);
            return;
        }
        if (g == gmax || left > (gmax - g) * max_part) return;
        for (int64_t p = std::min(left, max_part); p >= 1; --p) {
            cur.push_back(p * u);
            rec(left - p, p);
            cur.pop_back();
        }
    };
    rec(tpcs, cap);
}

}  // namespace

// ------------------------------------------------------------------------------------------------------- tiles

TEST_CASE("second check: wgmma accumulator registers per thread are N/2 (f32) and N/4 (f16) (PTX-WGMMA)") {
    const Device& h100 = gpu("H100 SXM5").device;
    for (int64_t warpgroups : {1, 2}) {
        for (int64_t n : {8, 16, 24, 64, 128, 200, 256}) {
            CAPTURE(warpgroups);
            CAPTURE(n);
            // One m64 slab per warpgroup.
            TileInput in = tile_input(64 * warpgroups, n, 64, 4 * warpgroups, DType::F16, DType::F16, DType::F32);
            CHECK(tile_ok(h100, in).acc_regs_per_thread == n / 2);
            in.acc = DType::F16;
            // N/4 for the N the PTX ISA lists (multiples of 8); a multiple of 4 needs none of the rounding.
            CHECK(tile_ok(h100, in).acc_regs_per_thread == n / 4);
        }
    }
}

TEST_CASE("second check: accumulator registers round up - every thread holds at least its share, one register less would not") {
    int uneven = 0, compared = 0;
    for (const char* name : {"A100 40GB SXM4", "H100 SXM5", "RTX 4090"}) {
        const Device& d = gpu(name).device;
        for (int64_t m : {8, 16, 24, 32, 48, 64, 80, 128})
            for (int64_t n : {8, 12, 16, 20, 24, 40, 64, 72, 128})
                for (int64_t warps : {1, 2, 3, 4, 6, 8})
                    for (DType acc : {DType::F32, DType::F16, DType::I32}) {
                        // f16 -> f32/f16 on the tensor cores (mma.sync, wgmma: even splits by their shapes);
                        // f32 (FFMA, any shape: uneven splits round up) written as acc I32's slot.
                        const DType ab = acc == DType::I32 ? DType::F32 : DType::F16;
                        if (acc == DType::I32) acc = DType::F32;
                        TileInput in = tile_input(m, n, 32, warps, ab, ab, acc);
                        in.stages = 2;
                        auto r = tile(d, in);
                        if (!r) continue;  // a shape no MMA tiles with this warp grid
                        ++compared;
                        const int64_t bits = m * n * (acc == DType::F32 ? 32 : 16), per_reg = 32 * warps * 32;
                        CAPTURE(name);
                        CAPTURE(m);
                        CAPTURE(n);
                        CAPTURE(warps);
                        CHECK(r->acc_regs_per_thread * per_reg >= bits);
                        CHECK((r->acc_regs_per_thread - 1) * per_reg < bits);
                        CHECK(r->acc_regs_even == (bits % per_reg == 0));
                        uneven += bits % per_reg != 0;
                    }
    }
    CHECK(compared > 200);
    CHECK(uneven > 10);  // the rounding is exercised, not only even splits
}

TEST_CASE("second check: a stage is M x K of A plus N x K of B at the PTX element sizes, and each stage adds one") {
    int compared = 0;
    const std::pair<DType, DType> pairs[] = {{DType::F16, DType::F16},   {DType::BF16, DType::BF16},
                                             {DType::TF32, DType::TF32}, {DType::E4M3, DType::E5M2},
                                             {DType::E5M2, DType::E4M3}, {DType::I8, DType::I8},
                                             {DType::F32, DType::F32}};
    for (const char* name : {"H100 SXM5", "B200", "RTX 4090"}) {
        const Device& d = gpu(name).device;
        for (const auto& [a, b] : pairs)
            for (int64_t m : {64, 128})
                for (int64_t n : {64, 128, 256})
                    for (int64_t k : {32, 64, 128}) {
                        TileInput in = tile_input(m, n, k, 4, a, b, a == DType::I8 ? DType::I32 : DType::F32);
                        in.stages = 2;
                        auto r = tile(d, in);
                        if (!r) continue;  // a type the GPU lacks, or a shape its MMA does not take
                        ++compared;
                        CAPTURE(name);
                        CAPTURE(m);
                        CAPTURE(n);
                        CAPTURE(k);
                        CHECK(r->smem_per_stage == m * k * ptx_bytes(a) + n * k * ptx_bytes(b));
                        // One more stage adds one stage of A + B and its pipeline barriers (16 B of mbarriers per
                        // stage from CC 9.0, none before: tile.hpp).
                        in.stages = 3;
                        auto r3 = tile(d, in);
                        REQUIRE(r3.ok());
                        const int64_t bars = d.cc.major >= 9 ? 16 : 0;
                        CHECK(r3->smem_per_cta - r->smem_per_cta == r->smem_per_stage + bars);
                        CHECK(r3->smem_barriers - r->smem_barriers == bars);
                    }
    }
    CHECK(compared > 150);
}

TEST_CASE("second check: operands of different sizes (kind::f8f6f4) - A at A's size, B at B's (PTX-TYPES)") {
    // PTX ISA: .e4m3/.e5m2 8 bits, .e2m3/.e3m2 (f6) 6 bits, .e2m1 (f4) 4 bits; packed in shared memory as asked.
    auto bits = [](DType t) { return t == DType::F6 ? 6 : t == DType::F4 ? 4 : 8; };
    int compared = 0;
    const std::pair<DType, DType> pairs[] = {{DType::E4M3, DType::F4}, {DType::F4, DType::E4M3},
                                             {DType::F6, DType::E5M2}, {DType::E5M2, DType::F6},
                                             {DType::F6, DType::F4},   {DType::F4, DType::F6}};
    for (const char* name : {"B200", "RTX 5090"}) {
        const Device& d = gpu(name).device;
        for (const auto& [a, b] : pairs)
            for (int64_t k : {64, 128}) {
                TileInput in = tile_input(128, d.cc.major == 10 ? 256 : 64, k, TileInput{}.warps, a, b, DType::F32);
                in.mma = d.cc.major == 10 ? MmaPath::TensorMemory : MmaPath::Registers;
                in.subbyte_smem = SubbyteSmem::Packed;
                auto r = tile(d, in);
                CAPTURE(name);
                CAPTURE(k);
                REQUIRE_MESSAGE(r.ok(), r.error().message);
                CHECK(r->smem_per_stage == (in.m * k * bits(a) + in.n * k * bits(b)) / 8);
                ++compared;
            }
    }
    CHECK(compared == 2 * 6 * 2);
}

// ---------------------------------------------------------------------------------------------------- clusters

TEST_CASE("second check: the cluster range equals a brute force over every GPC layout of the real parts") {
    int compared = 0;
    for (const GpuSpec& g : all_gpus()) {
        const GpcLayout& gpc = g.gpc;
        if (gpc.gpcs_min == 0 || gpc.max_sms_per_gpc == 0 || g.device.sm_count == 0) continue;
        const int64_t u = std::max<int64_t>(1, gpc.sms_per_tpc);
        std::vector<std::vector<int64_t>> layouts;
        partitions(g.device.sm_count / u, gpc.gpcs_min, gpc.gpcs_max, gpc.max_sms_per_gpc / u, u,
                   [&](const std::vector<int64_t>& l) { layouts.push_back(l); });
        REQUIRE_FALSE(layouts.empty());
        for (int64_t c : {1, 2, 3, 4})
            for (int64_t k : {1, 2, 3, 4, 6, 8, 12, 16}) {
                int64_t lo = -1, hi = -1;
                for (const auto& l : layouts) {
                    int64_t sum = 0;
                    // Each CTA of a cluster on its own SM: a GPC of fewer SMs than the cluster holds none.
                    for (int64_t s : l) sum += s < k ? 0 : s * c / k;
                    lo = lo < 0 ? sum : std::min(lo, sum);
                    hi = std::max(hi, sum);
                }
                const auto r = cluster_range(gpc, g.device.sm_count, c, k);
                REQUIRE(r);
                CAPTURE(g.name);
                CAPTURE(c);
                CAPTURE(k);
                if (gpc.measured_groups.empty()) {
                    CHECK(r->low == lo);
                    CHECK(r->high == hi);
                } else {  // widened to hold the SM groups inferred from measurements (docs/clusters.md)
                    CHECK(r->low <= lo);
                    CHECK(r->high >= hi);
                }
                CHECK(r->low <= r->typical);
                CHECK(r->typical <= r->high);
                CHECK(r->high <= g.device.sm_count * c / k);
                ++compared;
            }
    }
    CHECK(compared >= 5 * 32);  // H100 SXM5/PCIe, H200, B200, ... each with 32 (CTAs/SM, size) pairs
}

TEST_CASE("second check: the non-portable cluster limit per part: Thor 8 (JAX33720), B200 16 (BTG-CL), 8 portable everywhere") {
    auto size_ok = [](const Device& d, const GpcLayout& gpc, int64_t x, bool np) {
        ClusterInput in;
        in.dims = {x, 1, 1};
        in.non_portable = np;
        return clusters(d, gpc, 1, 0, in).ok();
    };
    Device thor = reference_device(**find_arch({11, 0}));
    thor.sm_count = 20;
    CHECK(size_ok(thor, GpcLayout{}, 8, false));
    CHECK(size_ok(thor, GpcLayout{}, 8, true));
    CHECK_FALSE(size_ok(thor, GpcLayout{}, 9, true));
    CHECK_FALSE(size_ok(thor, GpcLayout{}, 16, true));
    const GpuSpec& b200 = gpu("B200");
    CHECK(size_ok(b200.device, b200.gpc, 16, true));
    CHECK_FALSE(size_ok(b200.device, b200.gpc, 16, false));
    // Every catalogued CC 9.0+ part: 8 without the attribute, 9 never without it; with it, its limit is 8 or 16
    // and one more is refused.
    int parts = 0;
    for (const GpuSpec& g : all_gpus()) {
        if (g.device.cc.major < 9) continue;
        CAPTURE(g.name);
        ++parts;
        CHECK(size_ok(g.device, g.gpc, 8, false));
        CHECK_FALSE(size_ok(g.device, g.gpc, 9, false));
        int64_t max = 8;
        while (max < 17 && size_ok(g.device, g.gpc, max + 1, true)) ++max;
        CHECK((max == 8 || max == 16));
        if (g.device.cc == ComputeCapability{11, 0}) CHECK(max == 8);
    }
    CHECK(parts >= 5);
}

// --------------------------------------------------------------------------------------------------------- AMD

TEST_CASE("second check: AMD VGPR and LDS granules - answers are constant inside a granule and change at its edge") {
    for (const char* gfx : {"gfx942", "gfx950"}) {
        CAPTURE(gfx);
        const amd::ArchRules& a = **amd::find_arch(gfx);
        auto occ = [&](int64_t threads, int64_t v, int64_t ag, int64_t lds) {
            amd::KernelInput k;
            k.threads = threads;
            k.vgprs = v;
            k.agprs = ag;
            k.lds = lds;
            auto r = amd::occupancy(a, k);
            REQUIRE(r.ok());
            return *r;
        };
        // VGPRs: LLVM's figure is the same for every count of one 8-register granule (the recorded LLVM table,
        // tests/data/amd/llvm-occupancy.tsv, pins the granule edges themselves), never rises with more
        // registers, and drops somewhere inside 1..256.
        int64_t prev = 9, drops = 0;
        for (int64_t v = 1; v <= 256; ++v) {
            const int64_t w = occ(256, v, 0, 0).compiler_waves_per_simd;
            CHECK(w <= prev);
            drops += w < prev && prev != 9;
            prev = w;
            const int64_t edge = (v + 7) / 8 * 8;
            CHECK(w == occ(256, edge, 0, 0).compiler_waves_per_simd);
        }
        CHECK(drops >= 5);
        // AGPRs start at a 4-aligned offset after the VGPRs: v VGPRs with AGPRs count as alignTo(v, 4).
        for (int64_t v = 1; v <= 200; v += 7)
            CHECK(occ(256, v, 16, 0).compiler_waves_per_simd == occ(256, (v + 3) / 4 * 4, 16, 0).compiler_waves_per_simd);
        // LDS: whole workgroups per CU are the same for every size inside one allocation granule.
        const int64_t g = a.lds_alloc_granule;
        REQUIRE(g > 0);
        int changes = 0;
        for (int64_t lds = 1; lds <= a.lds_per_workgroup; lds += 997) {
            const int64_t edge = (lds + g - 1) / g * g;
            const auto r = occ(64, 8, 0, lds);
            CHECK(r.workgroups_per_cu == occ(64, 8, 0, edge).workgroups_per_cu);
            CHECK(r.lds_allocated == edge);
            if (edge + 1 <= a.lds_per_workgroup)
                changes += occ(64, 8, 0, edge + 1).workgroups_per_cu != r.workgroups_per_cu;
        }
        CHECK(changes > 0);
    }
}

TEST_CASE("second check: AMD SGPRs are allocated in granules of 16 of an 800-SGPR file (LLVM-BASEINFO)") {
    // LLVM AMDGPUBaseInfo.cpp: getSGPRAllocGranule() is 16 for gfx8 and gfx9 (gfx942, gfx950 are gfx9), and
    // getTotalNumSGPRs() 800. Below 96 SGPRs the file never limits (800 / 96 > 8), so only the allocation shows it.
    for (const char* gfx : {"gfx942", "gfx950"}) {
        CAPTURE(gfx);
        const amd::ArchRules& a = **amd::find_arch(gfx);
        for (int64_t s = 1; s <= 112; ++s) {
            amd::KernelInput k;
            k.sgprs = s;
            auto r = amd::occupancy(a, k);
            REQUIRE(r.ok());
            const int64_t alloc = (s + 15) / 16 * 16;
            CAPTURE(s);
            CHECK(r->sgprs_allocated == alloc);
            const auto& lim = r->limits[1];  // kLimits order: VGPRs, SGPRs, LDS, workgroups
            REQUIRE(lim.limit == amd::Limit::Sgprs);
            REQUIRE(lim.waves_per_simd);
            CHECK(*lim.waves_per_simd == std::min<int64_t>(8, 800 / alloc));
        }
    }
}

// ---------------------------------------------------------------------------------------------------- guidance

TEST_CASE("second check: CUDA-BPG's CC 7.0 example, and the launch bound that keeps it") {
    Device d = reference_device(**find_arch({7, 0}));
    KernelInput k;
    k.threads = 128;
    k.regs = 37;
    auto r = occupancy(d, k);
    REQUIRE(r.ok());
    CHECK(r->blocks_per_sm == 12);
    CHECK(r->occupancy == 0.75);
    k.threads = 320;
    CHECK(occupancy(d, k)->blocks_per_sm == 4);
    // __launch_bounds__(128, 12): the guide's 37 registers keep 12 blocks, so the bound allows at least 37.
    k.threads = 128;
    auto lb = launch_bounds(d, k, 12);
    REQUIRE(lb.ok());
    CHECK(lb->max_regs >= 37);
    CHECK(lb->result.blocks_per_sm >= 12);
}

TEST_CASE("second check: launch bounds and the register suggestion equal a linear scan of the solver") {
    int compared = 0, suggestions = 0;
    for (ComputeCapability cc : {ComputeCapability{7, 0}, ComputeCapability{7, 5}, ComputeCapability{8, 0},
                                 ComputeCapability{8, 6}, ComputeCapability{9, 0}, ComputeCapability{12, 0}}) {
        const Device d = reference_device(**find_arch(cc));
        for (int64_t threads : {64, 96, 128, 256, 384, 512, 1024})
            for (int64_t regs : {24, 40, 64, 100, 168, 255}) {
                KernelInput k;
                k.threads = threads;
                k.regs = regs;
                k.smem_static = 2048;
                auto blocks_at = [&](int64_t r) {
                    KernelInput t = k;
                    t.regs = r;
                    auto o = occupancy(d, t, Detail::Numbers);
                    return o.ok() ? o->blocks_per_sm : int64_t{-1};
                };
                for (int64_t target : {1, 2, 4, 8}) {
                    int64_t scan = 0;  // the largest register count giving >= target blocks, by trying each
                    for (int64_t r = 1; r <= 255; ++r)
                        if (blocks_at(r) >= target) scan = r;
                    auto lb = launch_bounds(d, k, target);
                    CAPTURE(cc.major);
                    CAPTURE(cc.minor);
                    CAPTURE(threads);
                    CAPTURE(target);
                    CHECK(lb.ok() == (scan > 0));
                    if (lb.ok()) CHECK(lb->max_regs == scan);
                    ++compared;
                }
                // next_step's register suggestion: the largest count below the current that lets registers alone
                // allow one more block.
                auto step = next_step(d, k);
                REQUIRE(step.ok());
                if (step->regs.possible) {
                    const int64_t target = step->target_blocks;
                    int64_t scan = 0;
                    for (int64_t r = 1; r < regs; ++r) {
                        KernelInput t = k;
                        t.regs = r;
                        auto o = occupancy(d, t, Detail::Numbers);
                        if (o.ok() && o->limit(Resource::Registers).value_or(INT64_MAX) >= target) scan = r;
                    }
                    REQUIRE_FALSE(step->regs.changes.empty());
                    CHECK(step->regs.changes.front().to == scan);
                    ++suggestions;
                }
            }
    }
    CHECK(compared == 6 * 7 * 6 * 4);
    CHECK(suggestions > 50);
}
