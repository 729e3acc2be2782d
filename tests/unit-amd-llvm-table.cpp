// unit-amd-llvm-table.cpp - LLVM's own occupancy figures, recorded, replayed against the AMD model on every
// machine (no llc needed): tests/data/amd/llvm-occupancy.tsv, written by scripts/record-amd-oracle.sh from the
// kernel-resource-usage remarks of Debian's llc-19 (gfx942) and llc-22 (gfx942, gfx950) for every kernel of
// tests/data/amd/kernels.ll and kernels-grid.ll (the file's header names the llc versions). Each row's VGPRs,
// AGPRs, SGPRs, LDS and workgroup size go straight into amd::occupancy() (not through the compiler-output reader,
// which unit-amd.cpp tests on the raw remarks), and its compiler_waves_per_simd must equal LLVM's
// "Occupancy [waves/SIMD]".
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "smcalc/amd.hpp"
#include "helpers.hpp"

namespace a = smcalc::amd;

TEST_CASE("amd: recorded LLVM occupancy (llc-19 gfx942, llc-22 gfx942 and gfx950) equals the model for every kernel") {
    std::istringstream in(smcalc::test::read_data("amd/llvm-occupancy.tsv"));
    std::string line;
    std::map<std::string, int> per_job;
    std::set<int64_t> occupancies;
    int odd_vgprs = 0, with_agprs = 0, odd_wg = 0, lds_rows = 0, rows = 0;
    bool header = false;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (line.rfind("llc\t", 0) == 0) {
            header = true;
            continue;
        }
        std::istringstream f(line);
        std::string llc, gfx, kernel;
        a::KernelInput k;
        int64_t llvm = -1;
        f >> llc >> gfx >> kernel >> k.threads >> k.vgprs >> k.agprs >> k.sgprs >> k.lds >> llvm;
        INFO(line);
        REQUIRE(!f.fail());
        auto arch = a::find_arch(gfx);
        REQUIRE(arch.ok());
        auto r = a::occupancy(**arch, k);
        REQUIRE_MESSAGE(r.ok(), r.error().message);
        CHECK(r->compiler_waves_per_simd == llvm);
        ++rows;
        ++per_job[llc + " " + gfx];
        occupancies.insert(llvm);
        odd_vgprs += k.vgprs % 8 != 0;
        with_agprs += k.agprs > 0;
        odd_wg += k.threads % 64 != 0;
        lds_rows += k.lds > 0;
    }
    CHECK(header);
    // 191 kernels (31 + 160) for each of the three compiler/target pairs.
    CHECK(per_job.size() == 3);
    for (const auto& [job, n] : per_job) CHECK_MESSAGE(n == 191, job);
    CHECK(rows == 573);
    CHECK(occupancies.size() >= 8);  // LLVM's figures span 1..8 waves/SIMD (and 0 where nothing fits)
    CHECK(odd_vgprs > 100);
    CHECK(with_agprs > 100);
    CHECK(odd_wg > 50);
    CHECK(lds_rows > 200);
}
