// unit-cutlass-sm80.cpp - the tile model's sm80_multistage schedule against real CUTLASS 2.x kernels.
//
// tests/data/cutlass/kernels-sm80.tsv holds what nvcc 13.0 / ptxas -v, the PTX and the host-side sizeof()/constexpr
// values said for CUTLASS 2.x multistage GEMMs (cutlass::gemm::device::Gemm, OpClassTensorOp, ArchTag Sm80;
// scripts/record-cutlass-sm80.sh, the header names the commit and nvcc). Every row is replayed here: the model must
// give the kernel's thread count (kThreadCount) exactly, its SharedStorage within 0.5 % (the mainloop's A and B
// buffers exactly), the CTAs per SM the occupancy solver gives for the *compiled* kernel (ptxas's registers,
// sizeof(SharedStorage)) exactly, the spill verdict ptxas printed, ptxas's register count inside the model's stated
// range, and CUTLASS's compile-time refusals with their reason. The expected values are the compiler's.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "cutlass_table.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;

namespace {

using test::num;
using test::parse_table;
using test::Row;

// The configuration as the model's input: the CTA's warps are ThreadblockShape / WarpShape (WarpShape::kK is the
// whole K in every row: no warp split along K, which the model does not have).
TileInput input_of(const Row& r) {
    REQUIRE(num(r, "wk") == num(r, "tk"));
    TileInput in;
    in.schedule = Schedule::Sm80Multistage;
    in.m = num(r, "tm");
    in.n = num(r, "tn");
    in.k = num(r, "tk");
    in.stages = num(r, "stages_req");
    in.warps = (num(r, "tm") / num(r, "wm")) * (num(r, "tn") / num(r, "wn"));
    in.a = in.b = r.at("elem") == "f16" ? DType::F16 : DType::BF16;
    in.acc = DType::F32;
    return in;
}

// The GPU a row's -arch runs on (each compiled for exactly that CC).
const Device& device_for(const Row& r) {
    static const std::map<std::string, std::string> gpu = {
        {"80", "A100 80GB SXM4"}, {"86", "RTX 3090"}, {"89", "RTX 4090"}, {"90", "H100 SXM5"}, {"120", "RTX 5090"}};
    static std::map<std::string, Device> cache;
    const std::string arch = r.at("arch");
    REQUIRE_MESSAGE(gpu.count(arch) == 1, "no GPU for sm_" << arch);
    if (!cache.count(arch)) {
        auto g = find_gpu(gpu.at(arch));
        REQUIRE(g.ok());
        cache[arch] = (*g)->device;
    }
    const Device& d = cache.at(arch);
    REQUIRE(std::to_string(d.cc.major * 10 + d.cc.minor) == arch);
    return d;
}

double row_value(const TileResult& t, const std::string& key) {
    const auto it = std::find_if(t.rows.begin(), t.rows.end(), [&](const TileRow& x) { return x.key == key; });
    REQUIRE_MESSAGE(it != t.rows.end(), "no row " << key);
    return it->value;
}

struct Counts {
    int ok = 0, rejected = 0, spilled = 0;
    std::vector<std::string> archs;
};

void check_row(const Row& r, Counts& n) {
    CAPTURE(r.at("id"));
    const TileInput in = input_of(r);
    auto res = tile(device_for(r), in);
    if (r.at("status") == "rejected") {
        test::check_refused(res, r);
        ++n.rejected;
        return;
    }
    REQUIRE_MESSAGE(res.ok(), (res.ok() ? std::string() : res.error().message));
    const TileResult& t = *res;
    ++n.ok;
    if (std::find(n.archs.begin(), n.archs.end(), r.at("arch")) == n.archs.end()) n.archs.push_back(r.at("arch"));
    CHECK(t.schedule == Schedule::Sm80Multistage);
    CHECK(t.instruction.find("mma.sync") != std::string::npos);
    // Threads: GemmKernel::kThreadCount, exactly; stages as given.
    CHECK(t.threads == num(r, "threads"));
    CHECK(t.input.stages == num(r, "stages"));
    // The mainloop's buffers: sizeof of Mma::SharedStorage's A and B, exactly (stages x the tile).
    CHECK(t.smem_a_per_stage * t.input.stages == num(r, "smem_a"));
    CHECK(t.smem_b_per_stage * t.input.stages == num(r, "smem_b"));
    CHECK(t.smem_mainloop == num(r, "smem_mainloop"));
    // CUTLASS 2.x's SharedStorage is a union: the recorded sizeof is the larger of its members (not their sum).
    CHECK(num(r, "smem_kernel") == std::max(num(r, "smem_mainloop"), num(r, "smem_epilogue")));
    // The warp grid: the recorded WarpCount (the model picks it from the warps; docs/tile-model.md), and with it the
    // epilogue's staging, sizeof(Epilogue::SharedStorage), exactly.
    CHECK(t.grid_m == num(r, "warps_m"));
    CHECK(t.grid_n == num(r, "warps_n"));
    CHECK(num(r, "warps_k") == 1);
    CHECK(t.smem_epilogue == num(r, "smem_epilogue"));
    // No launch bounds (recorded from the PTX): ptxas may use up to the cap.
    CHECK(r.at("launch_bounds") == "-");
    CHECK(t.regs_launch_alloc == 255);
    // SharedStorage within 0.5 %; CTAs per SM and the spill verdict exactly the compiled kernel's.
    if (test::check_compiled(t, r, device_for(r), num(r, "threads"))) ++n.spilled;
    // Registers: ptxas -v's count inside the model's stated range.
    const double regs = static_cast<double>(num(r, "ptxas_regs"));
    CHECK(row_value(t, "regs_launch_low") <= regs);
    CHECK(regs <= row_value(t, "regs_launch_high"));
    REQUIRE(t.roles.size() == 1);
    CHECK(t.roles[0].threads == num(r, "threads"));
    MESSAGE(r.at("id") << " (sm_" << r.at("arch") << "): registers " << t.regs_launch << " [" << row_value(t, "regs_launch_low")
                       << " .. " << row_value(t, "regs_launch_high") << "], ptxas -v " << regs << "; smem " << t.smem_per_cta
                       << " vs " << num(r, "smem_kernel") << "; CTAs/SM " << t.ctas_per_sm);
}

}  // namespace

TEST_CASE("cutlass sm80: every recorded CUTLASS 2.x multistage kernel (tests/data/cutlass/kernels-sm80.tsv) against the model") {
    const auto rows = parse_table(test::read_data("cutlass/kernels-sm80.tsv"));
    Counts n;
    for (const Row& r : rows) check_row(r, n);
    // The table holds sm_80 kernels and other CCs' builds, CUTLASS's refusals and a spilling kernel (a shorter table
    // fails here).
    CHECK(n.ok + n.rejected == static_cast<int>(rows.size()));
    CHECK(n.ok >= 15);
    CHECK(n.rejected >= 2);
    CHECK(n.spilled >= 1);
    CHECK(n.archs.size() >= 4);
}

TEST_CASE("cutlass sm80: the recorded table's header names the CUTLASS commit and the nvcc that built it") {
    test::check_recorded_by("cutlass/kernels-sm80.tsv", "scripts/record-cutlass-sm80.sh");
}

TEST_CASE("cutlass sm80: the multistage schedule's refusals name the field") {
    const Device a100 = (**find_gpu("A100 80GB SXM4")).device;
    TileInput in;
    in.schedule = Schedule::Sm80Multistage;
    in.m = in.n = 128;
    in.k = 32;
    in.warps = 4;
    in.a = in.b = DType::F16;
    REQUIRE(tile(a100, in).ok());
    auto refused = [](const Device& d, const TileInput& t, const char* field) {
        auto r = tile(d, t);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().field == field);
        CHECK(r.error().id == ErrorId::Unsupported);
    };
    refused((**find_gpu("T4")).device, in, "schedule");  // CC 7.5: no cp.async
    TileInput one = in;
    one.stages = 1;
    refused(a100, one, "stages");
    TileInput autos = in;
    autos.stages_auto = true;
    refused(a100, autos, "stages_auto");
    TileInput tf = in;
    tf.a = tf.b = DType::TF32;
    refused(a100, tf, "a");
    TileInput w5 = in;
    w5.warps = 5;  // no grid of 5 warps splits 128 x 128 into 16 x 8 multiples
    refused(a100, w5, "warps");
    // On Hopper it stays mma.sync (the warps model would take wgmma there), without mbarriers.
    auto h = tile((**find_gpu("H100 SXM5")).device, in);
    REQUIRE(h.ok());
    CHECK(h->instruction.find("mma.sync") != std::string::npos);
    CHECK(h->smem_barriers == 0);
    CHECK(h->threads == 128);
    // The search lists warps per candidate for this schedule (its CTA is `warps` warps) and refuses stages auto.
    TileSearch s;
    s.base = in;
    s.ms = {128};
    s.ns = {128};
    s.ks = {32};
    s.stages = {3};
    s.warps = {4, 8};
    auto found = tiles_that_fit(a100, s);
    REQUIRE(found.ok());
    CHECK(found->candidates == 2);
    REQUIRE(found->fits.size() == 2);
    s.stages_auto = true;
    auto no = tiles_that_fit(a100, s);
    REQUIRE_FALSE(no.ok());
    CHECK(no.error().field == "stages_auto");
}
