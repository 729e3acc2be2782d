// unit-tile.cpp - the GEMM tile model (core/src/tile.cpp): the seed's numbers, invariants, every refusal,
// overflow, and the "what fits" enumeration. Known answers name their source (seed 002 = the SM
// architecture lesson, ../shared/seeds/002_*.txt; docs/tile-model.md for the formulas).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;

namespace {

Device ref(int major, int minor) { return reference_device(**find_arch({major, minor})); }

const GpuSpec& h100() { return **find_gpu("H100 SXM5"); }

TileResult ok(const Device& d, const TileInput& in, const GpuSpec* g = nullptr) {
    auto r = tile(d, in, g);
    if (!r) FAIL_CHECK("unexpected error: " << r.error().message);
    REQUIRE(r.ok());
    return r.value();
}

// The error a tile must give: id and field.
void refused(const Device& d, const TileInput& in, ErrorId id, const std::string& field) {
    auto r = tile(d, in);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().id == id);
    CHECK(r.error().field == field);
    CHECK_FALSE(r.error().message.empty());
}

const TileRow* row(const TileResult& r, const std::string& key) {
    for (const auto& x : r.rows)
        if (x.key == key) return &x;
    return nullptr;
}

}  // namespace

// --------------------------------------------------------------------------------------------- seed 002

TEST_CASE("tile: seed 002, H100 128x128x64, 3 stages, 8 warps, bf16 in, f32 accumulate") {
    const TileInput in;  // the defaults are the seed's tile
    REQUIRE(in.m == 128);
    REQUIRE(in.k == 64);
    for (const Device& d : {h100().device, ref(9, 0)}) {
        const TileResult r = ok(d, in, &h100());
        // "16,384 FP32 accumulators ... 256 threads -> 64 regs/thread for the accumulator alone"
        CHECK(r.threads == 256);
        CHECK(r.acc_bytes == 16384 * 4);
        CHECK(r.acc_regs_per_thread == 64);
        CHECK(r.acc_regs_even);
        CHECK_FALSE(r.acc_over_cap);
        // "3 stages x (128 x 64 + 64 x 128) x 2 bytes = 96 KB"
        CHECK(r.smem_a_per_stage == 128 * 64 * 2);
        CHECK(r.smem_b_per_stage == 64 * 128 * 2);
        CHECK(r.smem_per_stage == 32768);
        CHECK(r.smem_mainloop == 98304);
        CHECK(r.smem_barriers == 3 * 2 * 8);  // estimate: full + empty mbarrier per stage
        CHECK(r.smem_per_cta == 98304 + 48);
        // "Fits in 228 KB SMEM": the per-block opt-in limit is 227 KiB on CC 9.0.
        CHECK(r.smem_limit == 227 * 1024);
        CHECK(r.smem_fits);
        // "Could fit 2 CTAs per SM" by shared memory; the default register estimate (64 + 32) allows 2 too.
        REQUIRE(r.ctas_by_smem);
        CHECK(*r.ctas_by_smem == 2);
        CHECK(r.overhead_regs == 32);
        CHECK(r.regs_per_thread_est == 96);
        CHECK_FALSE(r.spills);
        REQUIRE(r.ctas_by_regs);
        CHECK(*r.ctas_by_regs == 2);
        CHECK(r.ctas_per_sm == 2);
        CHECK(r.occupancy == doctest::Approx(0.25));
        CHECK(r.fits);
        // wgmma on CC 9.0: 2 warpgroups stacked along M, m64n128k16.
        CHECK(r.inst_m == 64);
        CHECK(r.inst_n == 128);
        CHECK(r.inst_k == 16);
        CHECK(r.grid_m == 2);
        CHECK(r.grid_n == 1);
        // Rows carry the same numbers, with limits and basis.
        const TileRow* acc = row(r, "acc_regs_per_thread");
        REQUIRE(acc);
        CHECK(acc->value == 64);
        CHECK(acc->limit == 255);
        CHECK(acc->basis == Basis::Exact);
        const TileRow* est = row(r, "regs_per_thread_est");
        REQUIRE(est);
        CHECK(est->basis == Basis::Estimate);
        const TileRow* sm = row(r, "smem_mainloop");
        REQUIRE(sm);
        CHECK(sm->value == 98304);
        CHECK(sm->basis == Basis::Exact);
    }
}

TEST_CASE("tile: seed 002, H100 256x256 spills: 256 accumulator registers = the whole register file") {
    TileInput in;
    in.m = in.n = 256;
    const TileResult r = ok(h100().device, in);
    // "65,536 FP32 accumulators / 256 threads = 256 regs/thread - past the 255-reg cap, so the compiler spills"
    CHECK(r.acc_regs_per_thread == 256);
    CHECK(r.regs_cap == 255);
    CHECK(r.acc_over_cap);
    CHECK(r.spills);
    CHECK_FALSE(r.fits);
    // "256 KB of FP32 accumulators ... the 256 KB register file" (65,536 x 4 B)
    CHECK(r.acc_bytes == 256 * 1024);
    CHECK(r.regfile_bytes == 65536 * 4);
    CHECK(r.acc_bytes == r.regfile_bytes);
    const TileRow* acc = row(r, "acc_regs_per_thread");
    REQUIRE(acc);
    CHECK(acc->over);
    // ptxas caps at 255 and spills: the solver is given 255.
    CHECK(r.regs_launch == 255);
    // "grow warps_per_cta to 16": 128 accumulator registers, but 512 threads x 160 exceed the register file.
    in.warps = 16;
    const TileResult r16 = ok(h100().device, in);
    CHECK(r16.acc_regs_per_thread == 128);
    CHECK_FALSE(r16.spills);
    CHECK(r16.ctas_per_sm == 0);
    CHECK_FALSE(r16.fits);
}

TEST_CASE("tile: a problem size gives CTAs, waves and the last wave's share") {
    TileInput in;
    in.problem = ProblemSize{8192, 8192, 8192};
    const TileResult r = ok(h100().device, in, &h100());
    REQUIRE(r.problem);
    const ProblemResult& p = *r.problem;
    CHECK(p.ctas == 64 * 64);
    CHECK(p.k_steps == 128);
    CHECK(p.tile_efficiency == 1.0);
    REQUIRE(p.waves);
    CHECK(*p.ctas_per_wave == 2 * 132);
    CHECK(*p.waves == 16);  // ceil(4096 / 264)
    CHECK(*p.last_wave_utilization == doctest::Approx((4096.0 - 15 * 264) / 264));
    CHECK(p.flops == doctest::Approx(2.0 * 8192.0 * 8192.0 * 8192.0));
    // Intensity per k-step: 2 x 128 x 128 x 64 / ((128 x 64 + 128 x 64) x 2 B) = 64 FLOP/B; H100's ridge
    // 989.4 TFLOPS / 3.35 TB/s = 295 FLOP/B (both sourced in the GPU database).
    CHECK(r.intensity == doctest::Approx(64.0));
    REQUIRE(r.ridge);
    CHECK(*r.ridge == doctest::Approx(989.4e12 / 3350e9));
    // Ragged problem: padding counted; no SM count -> no waves.
    in.problem = ProblemSize{1000, 130, 65};
    const TileResult q = ok(ref(9, 0), in);
    CHECK(q.problem->tiles_m == 8);
    CHECK(q.problem->tiles_n == 2);
    CHECK(q.problem->k_steps == 2);
    CHECK(q.problem->tile_efficiency == doctest::Approx((1000.0 / 1024) * (130.0 / 256)));
    CHECK_FALSE(q.problem->waves);
    CHECK_FALSE(q.ridge);  // no GPU figures given
}

// --------------------------------------------------------------------------------------------- invariants

TEST_CASE("tile: shared memory grows with stages and K - accumulators do not") {
    for (const Device& d : {ref(8, 0), ref(9, 0), ref(12, 0)}) {
        TileInput in;
        in.stages = 1;
        TileResult prev = ok(d, in);
        for (int64_t s = 2; s <= 8; ++s) {
            in.stages = s;
            const TileResult r = ok(d, in);
            CHECK(r.smem_mainloop == s * r.smem_per_stage);
            CHECK(r.smem_per_cta > prev.smem_per_cta);
            CHECK(r.acc_regs_per_thread == prev.acc_regs_per_thread);
            prev = r;
        }
        in.stages = 3;
        int64_t last = 0;
        for (int64_t k : {16, 32, 64, 128, 256}) {
            in.k = k;
            const TileResult r = ok(d, in);
            CHECK(r.smem_per_stage == (128 + 128) * k * 2);
            CHECK(r.smem_per_stage > last);
            last = r.smem_per_stage;
        }
    }
}

TEST_CASE("tile: more warps never raise accumulator registers per thread") {
    struct Case {
        Device d;
        DType t;
    };
    for (const Case& c : {Case{ref(8, 0), DType::BF16}, Case{ref(9, 0), DType::BF16}, Case{ref(9, 0), DType::F32},
                          Case{ref(7, 0), DType::F16}}) {
        for (int64_t mn : {64, 128, 256}) {
            int64_t prev = -1;
            for (int64_t w = 1; w <= 32; ++w) {
                TileInput in;
                in.m = in.n = mn;
                in.k = 32;
                in.warps = w;
                in.a = in.b = c.t;
                auto r = tile(c.d, in);
                if (!r) continue;  // shape refusals (e.g. wgmma needs warpgroups)
                if (prev >= 0) CHECK(r->acc_regs_per_thread <= prev);
                prev = r->acc_regs_per_thread;
                CHECK(r->acc_regs_per_thread * r->threads * 4 >= r->acc_bytes);  // every accumulator has a home
            }
        }
    }
}

TEST_CASE("tile: element sizes: fp8 halves shared memory of bf16, f16 accumulators halve registers") {
    TileInput bf;
    bf.k = 64;
    TileInput f8 = bf;
    f8.a = f8.b = DType::E4M3;
    for (const Device& d : {ref(8, 9), ref(9, 0), ref(10, 0), ref(12, 0)}) {
        const TileResult rb = ok(d, bf);
        const TileResult r8 = ok(d, f8);
        CHECK(r8.smem_per_stage * 2 == rb.smem_per_stage);
        CHECK(r8.acc_regs_per_thread == rb.acc_regs_per_thread);
        CHECK(r8.intensity == doctest::Approx(2 * rb.intensity));
    }
    TileInput h;
    h.a = h.b = DType::F16;
    TileInput hh = h;
    hh.acc = DType::F16;
    const TileResult r32 = ok(ref(9, 0), h);
    const TileResult r16 = ok(ref(9, 0), hh);
    CHECK(r16.acc_regs_per_thread * 2 == r32.acc_regs_per_thread);
    // wgmma: N/2 f32 accumulator registers per thread per 64-row warpgroup tile (gpu-facts Part 4).
    TileInput w;
    w.m = 64;
    w.warps = 4;
    for (int64_t n : {8, 64, 128, 256}) {
        w.n = n;
        CHECK(ok(ref(9, 0), w).acc_regs_per_thread == n / 2);
    }
    // tf32 lives in 32 bits; e5m2 mixes with e4m3.
    TileInput t;
    t.a = t.b = DType::TF32;
    CHECK(ok(ref(8, 0), t).smem_per_stage == 2 * 128 * 64 * 4);
    TileInput mix;
    mix.a = DType::E4M3;
    mix.b = DType::E5M2;
    CHECK(ok(ref(9, 0), mix).smem_per_stage == 2 * 128 * 64);
}

TEST_CASE("tile: fp6/fp4 in shared memory: packed fp4 x fp4, padded under kind::f8f6f4, or as asked") {
    const Device b200 = ref(10, 0);
    TileInput in;
    in.mma = MmaPath::TensorMemory;
    in.k = 128;
    in.a = in.b = DType::F4;
    TileResult r = ok(b200, in);
    CHECK(r.a_smem_bits == 4);
    CHECK(r.smem_per_stage == 2 * 128 * 128 / 2);
    in.a = DType::E4M3;  // e4m3 x e2m1: kind::f8f6f4, fp4 padded to a byte
    r = ok(b200, in);
    CHECK(r.b_smem_bits == 8);
    CHECK(r.smem_per_stage == 2 * 128 * 128);
    in.subbyte_smem = SubbyteSmem::Packed;
    r = ok(b200, in);
    CHECK(r.smem_per_stage == 128 * 128 + 128 * 128 / 2);
    in.a = in.b = DType::F6;
    r = ok(b200, in);
    CHECK(r.smem_per_stage == 2 * 128 * 128 * 6 / 8);
    in.m = 64;
    in.n = 8;
    in.k = 32;  // 8 x 32 x 6 bits = 192 B exactly; 64 x 32 x 6 bits = 1536 B
    CHECK(ok(b200, in).smem_per_stage == 1536 + 192);
    in.subbyte_smem = SubbyteSmem::Padded;
    CHECK(ok(b200, in).smem_per_stage == 64 * 32 + 8 * 32);
    // Global memory is always packed: intensity uses 6 bits.
    CHECK(ok(b200, in).global_bytes_per_kstep == doctest::Approx((64 + 8) * 32 * 6 / 8.0));
    // RTX 50 (CC 12.0): fp4 through mma.sync kind::f8f6f4 on the register path.
    TileInput g;
    g.a = g.b = DType::F4;
    g.k = 64;
    CHECK(ok(ref(12, 0), g).smem_per_stage == 2 * 128 * 64 / 2);
}

TEST_CASE("tile: tensor memory on Blackwell") {
    const Device d = ref(10, 0);
    TileInput in;
    in.mma = MmaPath::TensorMemory;
    in.warps = 4;
    TileResult r = ok(d, in);
    CHECK(r.acc_regs_per_thread == 0);
    CHECK(r.tmem_columns_needed == 128);
    CHECK(r.tmem_columns == 128);
    CHECK(r.tmem_columns_limit == 512);
    CHECK(r.tmem_fits);
    REQUIRE(r.ctas_by_tmem);
    CHECK(*r.ctas_by_tmem == 4);
    CHECK(r.regs_per_thread_est == r.overhead_regs);
    CHECK(r.smem_barriers == 3 * 16 + 1 * 16 + 4);
    in.n = 16;  // 16 columns -> the 32-column minimum allocation
    CHECK(ok(d, in).tmem_columns == 32);
    in.n = 48;  // 48 -> 64 (power of two)
    CHECK(ok(d, in).tmem_columns == 64);
    in.n = 256;
    in.acc_buffers = 2;  // 2 x 256 = the whole 512 columns
    r = ok(d, in);
    CHECK(r.tmem_columns == 512);
    CHECK(r.tmem_fits);
    in.acc_buffers = 3;  // 768 -> 1024 > 512
    r = ok(d, in);
    CHECK_FALSE(r.tmem_fits);
    CHECK_FALSE(r.fits);
    in.acc_buffers = 1;
    in.acc = DType::F16;  // f16 accumulators: N x 16 / 32 columns
    in.a = in.b = DType::F16;
    CHECK(ok(d, in).tmem_columns_needed == 128);
    // Every allocation is a power of two >= 32.
    for (int64_t n = 16; n <= 256; n += 16) {
        in.n = n;
        const int64_t c = ok(d, in).tmem_columns;
        CHECK(c >= 32);
        CHECK((c & (c - 1)) == 0);
    }
}

TEST_CASE("tile: barriers and epilogue staging") {
    TileInput in;
    CHECK(ok(ref(8, 0), in).smem_barriers == 0);  // cp.async pipelines: no mbarriers in the model
    CHECK(ok(ref(9, 0), in).smem_barriers == 48);
    in.epilogue = Epilogue::OutputTile;
    in.out = DType::BF16;
    TileResult r = ok(ref(9, 0), in);
    CHECK(r.smem_epilogue == 128 * 128 * 2);
    CHECK(r.smem_per_cta == 98304 + 48 + 32768);
    in.out.reset();  // default: the accumulator type
    CHECK(ok(ref(9, 0), in).smem_epilogue == 128 * 128 * 4);
    in.epilogue_reuses_mainloop = true;
    CHECK(ok(ref(9, 0), in).smem_per_cta == 98304 + 48);  // max(98304, 65536) + barriers
    in.epilogue = Epilogue::Bytes;
    in.epilogue_reuses_mainloop = false;
    in.epilogue_bytes = 8192;
    CHECK(ok(ref(9, 0), in).smem_per_cta == 98304 + 48 + 8192);
}

TEST_CASE("tile: the residency comes from the occupancy solver") {
    for (const Device& d : {ref(8, 0), ref(8, 6), ref(9, 0), ref(12, 0)}) {
        for (int64_t st : {2, 3, 4}) {
            TileInput in;
            in.stages = st;
            in.overhead_regs = 40;
            const TileResult r = ok(d, in);
            KernelInput k;
            k.threads = 256;
            k.regs = r.regs_per_thread_est;
            k.smem_dynamic = r.smem_per_cta;
            k.optin = true;
            k.smem_dynamic_max = r.smem_per_cta;
            auto o = occupancy(d, k);
            REQUIRE(o.ok());
            CHECK(r.ctas_per_sm == o->blocks_per_sm);
            CHECK(r.occupancy == o->occupancy);
            CHECK(r.limiting == o->limiting);
            REQUIRE(r.occ);
            CHECK_FALSE(r.occ->derivation.empty());
        }
    }
}

TEST_CASE("tile: mma.sync before Hopper: warp grid and default fragment overhead") {
    const TileResult r = ok(ref(8, 0), TileInput{});
    CHECK(r.inst_m == 16);
    CHECK(r.inst_n == 8);
    CHECK(r.inst_k == 16);
    CHECK(r.grid_m * r.grid_n == 8);
    // 32 base + 2 x (warp_m + warp_n) x 16 (k) x 16 bits / (32 x 32) for the 32x64 or 64x32 warp tile.
    CHECK(r.overhead_regs == 32 + 48);
    CHECK(r.regs_per_thread_est == 64 + 80);
    TileInput in;
    in.overhead_regs = 0;
    CHECK(ok(ref(8, 0), in).regs_per_thread_est == 64);
    // Volta: f16 m8n8k4 (16x16 per warp)
    in.a = in.b = DType::F16;
    in.k = 4;
    const TileResult v = ok(ref(7, 0), in);
    CHECK(v.inst_k == 4);
    CHECK(v.inst_m == 16);
    CHECK(v.inst_n == 16);
}

// --------------------------------------------------------------------------------------------- refusals

TEST_CASE("tile: types a GPU lacks are refused with the reason") {
    TileInput in;
    struct Case {
        int major, minor;
        DType t;
    };
    // Each type one CC before it starts (per PTX ISA): bf16/tf32 8.0, fp8 8.9, f16 7.0, i8 7.5, fp6/fp4 10.0.
    for (const Case& c : {Case{7, 5, DType::BF16}, Case{7, 5, DType::TF32}, Case{8, 6, DType::E4M3},
                          Case{8, 7, DType::E5M2}, Case{6, 1, DType::F16}, Case{7, 0, DType::I8},
                          Case{9, 0, DType::F6}, Case{9, 0, DType::F4}, Case{8, 9, DType::F4}}) {
        CAPTURE(c.major);
        CAPTURE(c.minor);
        CAPTURE(dtype_key(c.t));
        in.a = in.b = c.t;
        in.acc = c.t == DType::I8 ? DType::I32 : DType::F32;
        refused(ref(c.major, c.minor), in, ErrorId::Unsupported, "a");
    }
    in.a = in.b = DType::E4M3;
    in.acc = DType::F32;
    CHECK(tile(ref(8, 9), in).ok());  // fp8 from 8.9
    in.a = DType::BF16;
    in.b = DType::E4M3;
    refused(ref(8, 6), in, ErrorId::Unsupported, "b");
    in.a = in.b = DType::F32;
    CHECK(tile(ref(5, 0), in).ok());  // FFMA runs everywhere
    in.a = in.b = DType::I8;
    in.acc = DType::I32;
    in.k = 64;
    CHECK(tile(ref(7, 5), in).ok());
}

TEST_CASE("tile: type pairs and accumulators that no MMA takes") {
    const Device d = ref(9, 0);
    TileInput in;
    in.a = DType::F16;
    in.b = DType::BF16;
    refused(d, in, ErrorId::Unsupported, "b");  // f16 x bf16: no such MMA
    in.a = in.b = DType::BF16;
    in.acc = DType::I32;
    refused(d, in, ErrorId::Unsupported, "acc");  // i32 only with i8
    in.acc = DType::F16;
    refused(d, in, ErrorId::Unsupported, "acc");  // bf16 accumulates in f32 only
    in.acc = DType::BF16;
    refused(d, in, ErrorId::InvalidInput, "acc");  // not an accumulator type
    in.a = in.b = DType::I8;
    in.acc = DType::F32;
    refused(d, in, ErrorId::Unsupported, "acc");  // i8 accumulates in i32
    in.a = in.b = DType::TF32;
    in.acc = DType::F16;
    refused(d, in, ErrorId::Unsupported, "acc");
    in.a = in.b = DType::I32;
    in.acc = DType::I32;
    refused(d, in, ErrorId::InvalidInput, "a");  // i32 is not an input type
    in.a = in.b = DType::E4M3;
    in.acc = DType::F16;
    CHECK(tile(d, in).ok());  // fp8 with f16 accumulators (wgmma .f16)
    in.a = in.b = DType::F32;
    in.acc = DType::F16;
    refused(d, in, ErrorId::Unsupported, "acc");
}

TEST_CASE("tile: MMA path refusals") {
    TileInput in;
    in.mma = MmaPath::TensorMemory;
    refused(ref(9, 0), in, ErrorId::Unsupported, "mma");   // Hopper has no TMEM
    refused(ref(12, 0), in, ErrorId::Unsupported, "mma");  // nor do RTX 50 / GB10
    refused(ref(12, 1), in, ErrorId::Unsupported, "mma");
    for (ComputeCapability cc : {ComputeCapability{10, 0}, {10, 3}, {11, 0}}) CHECK(tile(ref(cc.major, cc.minor), in).ok());
    in.a = in.b = DType::F32;
    refused(ref(10, 0), in, ErrorId::Unsupported, "mma");  // no f32 tensor-core MMA
    in.mma = MmaPath::Registers;
    in.a = in.b = DType::F4;
    in.k = 64;
    refused(ref(10, 0), in, ErrorId::Unsupported, "mma");  // fp4 on sm_100 is tcgen05 only
    CHECK(tile(ref(12, 0), in).ok());
}

TEST_CASE("tile: wgmma shape rules on CC 9.0") {
    const Device d = ref(9, 0);
    TileInput in;
    in.warps = 6;  // not whole warpgroups
    refused(d, in, ErrorId::Unsupported, "warps");
    in.warps = 8;
    in.m = 96;  // not a multiple of 64
    refused(d, in, ErrorId::Unsupported, "m");
    in.m = 32;
    refused(d, in, ErrorId::Unsupported, "m");
    in.m = 64;
    in.n = 8;  // 2 warpgroups over 64 x 8: neither along M (64 / 2) nor along N (8 / 2)
    refused(d, in, ErrorId::Unsupported, "warps");
    in.warps = 4;
    CHECK(ok(d, in).inst_n == 8);
    in.n = 128;
    in.k = 8;  // bf16 consumes K in steps of 16
    refused(d, in, ErrorId::Unsupported, "k");
    in.a = in.b = DType::E4M3;
    in.k = 16;  // fp8: steps of 32
    refused(d, in, ErrorId::Unsupported, "k");
    in.k = 32;
    CHECK(ok(d, in).inst_k == 32);
    in.a = in.b = DType::TF32;
    in.k = 8;
    CHECK(ok(d, in).inst_k == 8);
    // A 64-row tile with 2 warpgroups splits N: each does 64 x 64.
    in.a = in.b = DType::BF16;
    in.k = 64;
    in.warps = 8;
    const TileResult r = ok(d, in);
    CHECK(r.grid_m == 1);
    CHECK(r.grid_n == 2);
    CHECK(r.inst_n == 64);
    // Wide per-warpgroup N uses several instructions of <= 256.
    in.m = 64;
    in.n = 384;
    in.warps = 4;
    CHECK(ok(d, in).inst_n == 192);
    // int8 wgmma: N 8, 16, 24 or multiples of 16.
    in.a = in.b = DType::I8;
    in.acc = DType::I32;
    in.n = 40;
    in.k = 32;
    CHECK(ok(d, in).inst_n == 8);
}

TEST_CASE("tile: mma.sync and tcgen05 shape rules") {
    TileInput in;
    in.m = 16;
    in.n = 8;
    in.warps = 4;  // 4 warps cannot split 16 x 8 into m16n8 pieces
    refused(ref(8, 0), in, ErrorId::Unsupported, "warps");
    in.warps = 1;
    CHECK(tile(ref(8, 0), in).ok());
    in.k = 8;
    refused(ref(8, 0), in, ErrorId::Unsupported, "k");  // bf16 k16

    const Device b = ref(10, 0);
    TileInput t;
    t.mma = MmaPath::TensorMemory;
    t.m = 256;
    refused(b, t, ErrorId::Unsupported, "m");  // 2-CTA tiles not modelled
    t.m = 96;
    refused(b, t, ErrorId::Unsupported, "m");
    t.m = 128;
    t.n = 8;  // M = 128 takes N in steps of 16
    refused(b, t, ErrorId::Unsupported, "n");
    t.n = 272;
    refused(b, t, ErrorId::Unsupported, "n");
    t.m = 64;
    t.n = 8;
    CHECK(tile(b, t).ok());
    t.warps = 2;
    refused(b, t, ErrorId::Unsupported, "warps");
}

TEST_CASE("tile: ranges, unknown devices and fields that do not apply") {
    const Device d = ref(9, 0);
    auto with = [](auto set) {
        TileInput in;
        set(in);
        return in;
    };
    refused(d, with([](TileInput& i) { i.m = 0; }), ErrorId::InvalidInput, "m");
    refused(d, with([](TileInput& i) { i.n = -128; }), ErrorId::InvalidInput, "n");
    refused(d, with([](TileInput& i) { i.k = 0; }), ErrorId::InvalidInput, "k");
    refused(d, with([](TileInput& i) { i.stages = 0; }), ErrorId::InvalidInput, "stages");
    refused(d, with([](TileInput& i) { i.warps = -8; }), ErrorId::InvalidInput, "warps");
    refused(d, with([](TileInput& i) { i.m = kMaxInput + 1; }), ErrorId::InvalidInput, "m");
    refused(d, with([](TileInput& i) { i.warps = 36; }), ErrorId::InvalidInput, "warps");  // > 1024 threads
    refused(d, with([](TileInput& i) { i.warps = kMaxInput - 1; }), ErrorId::InvalidInput, "warps");
    refused(d, with([](TileInput& i) { i.overhead_regs = -2; }), ErrorId::InvalidInput, "overhead_regs");
    refused(d, with([](TileInput& i) { i.epilogue_bytes = 1024; }), ErrorId::InvalidInput, "epilogue_bytes");
    refused(d, with([](TileInput& i) {
                i.epilogue = Epilogue::Bytes;
                i.epilogue_bytes = -1;
            }),
            ErrorId::InvalidInput, "epilogue_bytes");
    refused(d, with([](TileInput& i) { i.acc_buffers = 2; }), ErrorId::InvalidInput, "acc_buffers");
    refused(d, with([](TileInput& i) { i.problem = ProblemSize{0, 1, 1}; }), ErrorId::InvalidInput, "problem.m");
    refused(d, with([](TileInput& i) { i.problem = ProblemSize{1, 1, -1}; }), ErrorId::InvalidInput, "problem.k");
    Device bad = d;
    bad.cc = {9, 5};
    auto r = tile(bad, TileInput{});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().id == ErrorId::UnknownArch);
    bad = d;
    bad.smem_per_block = bad.smem_per_sm + 1;
    r = tile(bad, TileInput{});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().id == ErrorId::InvalidDevice);
}

TEST_CASE("tile: huge tiles give exact values or a clear error, never a wrapped number") {
    // 100000 x 100000 x 100000 on Hopper's wgmma path: 100000 is not a multiple of 64.
    TileInput in;
    in.m = in.n = in.k = 100000;
    refused(ref(9, 0), in, ErrorId::Unsupported, "m");
    // The same on the FFMA path: exact 64-bit values, does not fit.
    in.a = in.b = DType::F32;
    const TileResult r = ok(ref(9, 0), in);
    CHECK(r.acc_bytes == int64_t{100000} * 100000 * 4);
    CHECK(r.acc_regs_per_thread == int64_t{100000} * 100000 / 256);
    CHECK(r.smem_a_per_stage == int64_t{100000} * 100000 * 4);
    CHECK(r.smem_mainloop == 3 * int64_t{100000} * 100000 * 8);
    CHECK(r.spills);
    CHECK_FALSE(r.smem_fits);
    CHECK(r.ctas_per_sm == 0);
    CHECK_FALSE(r.fits);
    // 2^53 - 1 per side: products beyond 64 bits are an error naming the field.
    in.m = in.n = in.k = kMaxInput;
    auto e = tile(ref(9, 0), in);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().id == ErrorId::InvalidInput);
    CHECK(e.error().message.find("64 bits") != std::string::npos);
    // A 1x1 tile over a 2^53 x 2^53 problem: 2^106 CTAs.
    TileInput p;
    p.a = p.b = DType::F32;
    p.m = p.n = p.k = 1;
    p.warps = 1;
    p.problem = ProblemSize{kMaxInput, kMaxInput, kMaxInput};
    auto q = tile(ref(9, 0), p);
    REQUIRE_FALSE(q.ok());
    CHECK(q.error().field == "problem");
    // Stages x stage bytes beyond 64 bits.
    TileInput s;
    s.a = s.b = DType::F32;
    s.m = s.n = 1 << 20;
    s.k = 1 << 20;
    s.stages = kMaxInput;
    auto t = tile(ref(9, 0), s);
    REQUIRE_FALSE(t.ok());
    CHECK(t.error().field == "stages");
}

TEST_CASE("tile: parse_dtype and keys") {
    for (DType t : kDTypes) {
        auto p = parse_dtype(dtype_key(t));
        REQUIRE(p.ok());
        CHECK(*p == t);
    }
    CHECK(*parse_dtype("FP8") == DType::E4M3);
    CHECK(*parse_dtype("bfloat16") == DType::BF16);
    CHECK(*parse_dtype("int8") == DType::I8);
    CHECK(*parse_dtype("fp4") == DType::F4);
    CHECK(*parse_dtype(" Float32 ") == DType::F32);
    CHECK(dtype_bits(DType::F6) == 6);
    auto bad = parse_dtype("fp7");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().id == ErrorId::InvalidInput);
}

// --------------------------------------------------------------------------------------------- what fits

TEST_CASE("tile: what fits on H100 with bf16 -> f32") {
    TileSearch s;
    const auto t0 = std::chrono::steady_clock::now();
    auto res = tiles_that_fit(h100().device, s);
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE("tiles_that_fit (H100, bf16, full default grid): " << ms << " ms in this build");
    REQUIRE(res.ok());
    const TileSearchResult& r = *res;
    CHECK(r.candidates == 8 * 8 * 4 * 8 * 4);
    CHECK(r.candidates ==
          static_cast<int64_t>(r.fits.size()) + r.refused + r.spills + r.smem_over + r.tmem_over + r.no_cta);
    REQUIRE_FALSE(r.fits.empty());
    bool seed = false;
    for (std::size_t i = 0; i < r.fits.size(); ++i) {
        const TileFit& f = r.fits[i];
        CHECK(f.m % 64 == 0);  // wgmma
        CHECK(f.ctas_per_sm >= 1);
        CHECK(f.regs_per_thread_est <= 255);
        CHECK(f.smem_per_cta <= 227 * 1024);
        if (i > 0) {
            const TileFit& p = r.fits[i - 1];
            CHECK(p.m * p.n >= f.m * f.n);
            if (p.m * p.n == f.m * f.n) CHECK(p.occupancy >= f.occupancy);
        }
        if (f.m == 128 && f.n == 128 && f.k == 64 && f.stages == 3 && f.warps == 8) {
            seed = true;
            CHECK(f.acc_regs_per_thread == 64);
            CHECK(f.ctas_per_sm == 2);
            CHECK(f.ctas_by_smem == 2);
        }
    }
    CHECK(seed);
    // Spot-check a sample against tile(): same verdict and residency.
    for (std::size_t i = 0; i < r.fits.size(); i += 97) {
        const TileFit& f = r.fits[i];
        TileInput in = s.base;
        in.m = f.m;
        in.n = f.n;
        in.k = f.k;
        in.stages = f.stages;
        in.warps = f.warps;
        const TileResult one = ok(h100().device, in);
        CHECK(one.fits);
        CHECK(one.ctas_per_sm == f.ctas_per_sm);
        CHECK(one.smem_per_cta == f.smem_per_cta);
    }
}

TEST_CASE("tile: what fits - other GPUs, paths and bad searches") {
    TileSearch s;
    s.base.mma = MmaPath::TensorMemory;
    auto b = tiles_that_fit(ref(10, 0), s);
    REQUIRE(b.ok());
    CHECK_FALSE(b->fits.empty());
    for (const TileFit& f : b->fits) {
        CHECK((f.m == 64 || f.m == 128));
        CHECK(f.tmem_columns <= 512);
    }
    // Type refusals are the same as tile()'s, once for the whole search.
    auto h = tiles_that_fit(ref(9, 0), s);
    REQUIRE_FALSE(h.ok());
    CHECK(h.error().field == "mma");
    TileSearch f8;
    f8.base.a = f8.base.b = DType::E4M3;
    auto a = tiles_that_fit(ref(8, 6), f8);
    REQUIRE_FALSE(a.ok());
    CHECK(a.error().id == ErrorId::Unsupported);
    // mma.sync GPUs: every fit has an m16n8 split.
    auto ampere = tiles_that_fit(ref(8, 6), TileSearch{});
    REQUIRE(ampere.ok());
    CHECK_FALSE(ampere->fits.empty());
    for (const TileFit& f : ampere->fits) CHECK(f.smem_per_cta <= 99 * 1024);
    TileSearch empty;
    empty.ks.clear();
    auto e = tiles_that_fit(ref(9, 0), empty);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().field == "ks");
    TileSearch zero;
    zero.warps = {4, 0};
    e = tiles_that_fit(ref(9, 0), zero);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().field == "warps");
}
