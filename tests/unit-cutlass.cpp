// unit-cutlass.cpp - the tile model's CUTLASS schedules against real CUTLASS kernels.
//
// tests/data/cutlass/kernels.tsv holds what nvcc 13.0 / ptxas -v and the host-side sizeof()/constexpr values said
// for CUTLASS 4.7 GEMM kernels built from its collective builders (scripts/record-cutlass.sh; the header names
// the commit and nvcc). Every row is replayed here: the model must give CUTLASS's stage count, its SharedStorage
// size within 0.5 %, the CTAs per SM the occupancy solver gives for the *compiled* kernel (MaxThreadsPerBlock,
// ptxas's registers, sizeof(SharedStorage)), the spill verdict ptxas printed, the registers per role (Hopper:
// the setmaxnreg values in the PTX), and the builder's refusals. The expected values are the compiler's, never
// the model's own arithmetic. A live case re-runs the recording (skipped without SMCALC_CUTLASS_DIR).
#include <algorithm>
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

// setmaxnreg values of the PTX ("dec:40,inc:232"): the one of `kind`, or -1.
int64_t maxnreg(const Row& r, const std::string& kind) {
    const std::string& s = r.at("setmaxnreg");
    const auto at = s.find(kind + ":");
    if (at == std::string::npos) return -1;
    return std::stoll(s.substr(at + kind.size() + 1));
}

TileInput input_of(const Row& r) {
    TileInput in;
    const std::string sched = r.at("sched");
    in.schedule = sched == "coop"       ? Schedule::Cooperative
                  : sched == "pingpong" ? Schedule::PingPong
                  : sched == "1sm"      ? Schedule::Sm100_1Sm
                                        : Schedule::Sm100_2Sm;
    in.m = num(r, "tm");
    in.n = num(r, "tn");
    in.k = num(r, "tk");
    in.a = in.b = r.at("elem") == "f16" ? DType::F16 : DType::BF16;
    in.acc = DType::F32;
    const int64_t st = num(r, "stages_req");
    if (st == 0)
        in.stages_auto = true;
    else
        in.stages = st;
    if (num(r, "cm") * num(r, "cn") > 1) {
        ClusterInput c;
        c.dims = Dim3{num(r, "cm"), num(r, "cn"), 1};
        in.cluster = c;
    }
    return in;
}

const Device& device_for(const Row& r) {
    static const Device h100 = (**find_gpu("H100 SXM5")).device;
    static const Device b200 = (**find_gpu("B200")).device;
    return r.at("arch") == "90" ? h100 : b200;
}

// One recorded row against the model; returns the number of rows checked (1), for the count below.
int check_row(const Row& r) {
    CAPTURE(r.at("id"));
    const TileInput in = input_of(r);
    auto res = tile(device_for(r), in);
    if (r.at("status") == "rejected") {
        // The builder refused the tile at compile time: the model refuses it too, quoting the builder's own
        // reason (its static_assert, recorded), and naming the field.
        test::check_refused(res, r);
        CHECK(res.error().field == "m");
        return 1;
    }
    REQUIRE_MESSAGE(res.ok(), (res.ok() ? std::string() : res.error().message));
    const TileResult& t = *res;
    // Stage count: CUTLASS's StageCountAutoCarveout (or the one given).
    CHECK(t.input.stages == num(r, "stages"));
    // Threads: MaxThreadsPerBlock.
    CHECK(t.threads == num(r, "max_threads"));
    // SharedStorage within 0.5 %; CTAs per SM (MaxThreadsPerBlock) and the spill verdict exactly the compiled kernel's.
    test::check_compiled(t, r, device_for(r), num(r, "max_threads"));
    // The epilogue's SharedStorage, the carveout StageCountAutoCarveout is given.
    // (Hopper rounds it up to 128 B; Blackwell's builder takes it as it is.)
    if (t.stage_auto) {
        const int64_t epi = num(r, "smem_epilogue");
        CHECK(t.stage_auto->carveout == (r.at("arch") == "90" ? (epi + 127) / 128 * 128 : epi));
    }
    CHECK(t.epilogue_tile_m == num(r, "epi_tile_m"));
    CHECK(t.epilogue_tile_n == num(r, "epi_tile_n"));
    CHECK(t.epilogue_stages_c == num(r, "epi_stages_c"));
    CHECK(t.epilogue_stages_d == num(r, "epi_stages_d"));
    if (r.at("arch") == "90") {
        // Registers per role: the launch allocation ptxas reports, and the setmaxnreg budgets in the PTX.
        CHECK(t.regs_launch == num(r, "ptxas_regs"));
        REQUIRE(t.roles.size() == 2);
        CHECK(t.roles[0].regs == num(r, "load_regs"));
        CHECK(t.roles[0].regs == maxnreg(r, "dec"));
        CHECK(t.roles[1].regs == num(r, "mma_regs"));
        CHECK(t.roles[1].regs == maxnreg(r, "inc"));
        CHECK(t.roles[0].threads + t.roles[1].threads == num(r, "max_threads"));
    } else {
        // No setmaxnreg on these kernels; accumulator stages in TMEM as the builder chose them.
        CHECK(r.at("setmaxnreg") == "-");
        CHECK(t.acc_stages == num(r, "acc_stages"));
        int64_t threads = 0;
        for (const TileRole& role : t.roles) threads += role.threads;
        CHECK(threads == num(r, "max_threads"));
        CHECK(t.roles.back().threads == num(r, "epilogue_threads"));
        // Registers: a range (docs/tile-model.md), the estimate .. its high-end row; ptxas -v's count must lie inside,
        // and CTAs per SM must not change across it (no note saying they would).
        const auto high = std::find_if(t.rows.begin(), t.rows.end(), [](const TileRow& x) { return x.key == "regs_launch_high"; });
        REQUIRE(high != t.rows.end());
        CHECK(t.regs_launch <= num(r, "ptxas_regs"));
        CHECK(static_cast<double>(num(r, "ptxas_regs")) <= high->value);
        for (const std::string& n : t.notes) CHECK(n.find("At the register range's high end") == std::string::npos);
        MESSAGE(r.at("id") << ": registers per thread, model " << t.regs_launch << " .. " << high->value << ", ptxas -v "
                           << num(r, "ptxas_regs"));
    }
    return 1;
}

}  // namespace

TEST_CASE("cutlass: every recorded CUTLASS kernel (tests/data/cutlass/kernels.tsv) against the tile model") {
    const auto rows = parse_table(test::read_data("cutlass/kernels.tsv"));
    int checked = 0, hopper = 0, blackwell = 0, rejected = 0;
    for (const Row& r : rows) {
        checked += check_row(r);
        if (r.at("status") == "rejected") ++rejected;
        else if (r.at("arch") == "90") ++hopper;
        else ++blackwell;
    }
    // The table holds Hopper and Blackwell kernels and at least one builder refusal (a shorter table fails here).
    CHECK(checked == static_cast<int>(rows.size()));
    CHECK(hopper >= 11);
    CHECK(blackwell >= 8);
    CHECK(rejected >= 1);
}

TEST_CASE("cutlass: the recorded table's header names the CUTLASS commit and the nvcc that built it") {
    test::check_recorded_by("cutlass/kernels.tsv", "scripts/record-cutlass.sh");
}

TEST_CASE("cutlass: schedules keep the warps model's answers for requests without one") {
    // A request without a schedule is the hand-written model: the seed tile on H100 stays 8 warps, 3 stages.
    const Device h100 = (**find_gpu("H100 SXM5")).device;
    auto plain = tile(h100, TileInput{});
    REQUIRE(plain.ok());
    CHECK(plain->threads == 256);
    CHECK(plain->roles.empty());
    CHECK(plain->schedule == Schedule::None);
    // A schedule on the wrong CC names the field.
    TileInput coop;
    coop.schedule = Schedule::Cooperative;
    auto b = tile((**find_gpu("B200")).device, coop);
    REQUIRE_FALSE(b.ok());
    CHECK(b.error().field == "schedule");
    TileInput one;
    one.schedule = Schedule::Sm100_1Sm;
    auto h = tile(h100, one);
    REQUIRE_FALSE(h.ok());
    CHECK(h.error().field == "schedule");
    // A 2-SM tile with an odd cluster M is refused, naming the cluster.
    TileInput two;
    two.schedule = Schedule::Sm100_2Sm;
    two.m = 256;
    ClusterInput c;
    c.dims = Dim3{1, 2, 1};
    two.cluster = c;
    auto t = tile((**find_gpu("B200")).device, two);
    REQUIRE_FALSE(t.ok());
    CHECK(t.error().field == "cluster");
}

// Runs only where SMCALC_CUTLASS_DIR names a CUTLASS checkout and nvcc is installed: re-records one kernel with
// scripts/record-cutlass.sh and replays it (a changed compiler or CUTLASS shows up here). Skipped elsewhere:
// doctest counts it as skipped, never as a pass.
TEST_CASE("cutlass: live recording of one kernel (needs SMCALC_CUTLASS_DIR and nvcc - skipped otherwise)" *
          doctest::skip(std::getenv("SMCALC_CUTLASS_DIR") == nullptr)) {
    const char* dir = std::getenv("SMCALC_CUTLASS_DIR");
    REQUIRE(dir != nullptr);
    const auto out = std::filesystem::temp_directory_path() / "smcalc-cutlass-live.tsv";
    std::filesystem::remove(out);
    const std::string cmd = "CUTLASS_DIR='" + std::string(dir) + "' bash '" + std::string(SMCALC_SOURCE_DIR) +
                            "/scripts/record-cutlass.sh' '" + out.string() + "' h-pp-64x128-3 >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream f(out);
    std::stringstream ss;
    ss << f.rdbuf();
    const auto rows = parse_table(ss.str());
    REQUIRE(rows.size() == 1);
    check_row(rows[0]);
}
