// unit-oracle-table.cpp - NVIDIA's recorded answers, replayed against the solver on every machine (no CUDA toolkit
// needed): tests/data/oracle/cuda_occupancy-*.tsv, written by scripts/record-oracle.sh from CUDA's own
// include/cuda_occupancy.h (tests/oracle/record-table.cpp documents the format; the file's header names the CUDA
// release, the header's path and its sha256). The live differential test (tests/oracle/diff-occupancy.cpp) still
// runs where the toolkit is installed; this keeps its answers checked where it is not.
//
//   occupancy()     vs cudaOccMaxActiveBlocksPerMultiprocessor  blocks, each of the 5 limits, the limiting set,
//                                                               registers and shared memory per block
//   block_size()    vs cudaOccMaxPotentialOccupancyBlockSize    block size, min grid size (launch bounds as a
//                                                               device whose per-block maximum is min(device, N))
//   dynamic_smem()  vs cudaOccAvailableDynamicSMemPerBlock      bytes
// and each of the header's errors against an Error of the matching kind (UNKNOWN_DEVICE: unknown_arch,
// INVALID_INPUT: invalid_input, or not_achievable where the header's own check says the blocks do not fit).
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "smcalc/occupancy.hpp"

using namespace smcalc;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, sep)) out.push_back(cur);
    if (!s.empty() && s.back() == sep) out.emplace_back();
    return out;
}

int64_t num(const std::string& s) {
    std::size_t used = 0;
    const long long v = std::stoll(s, &used);
    REQUIRE_MESSAGE(used == s.size(), "not a number: '" << s << "'");
    return v;
}

// "-" (INT_MAX in cudaOccResult: no limit) is nullopt, as OccupancyNumbers::limit() answers.
std::optional<int64_t> limit_of(const std::string& s) { return s == "-" ? std::nullopt : std::optional<int64_t>(num(s)); }

std::string kind(const Error& e) { return std::string(error_id_string(e.id)); }

// The header's error name -> smcalc's kind (docs: error.hpp; the live test's kind_matches()).
std::string expected_kind(const std::string& cell) {
    if (cell == "E:UNKNOWN_DEVICE") return std::string(error_id_string(ErrorId::UnknownArch));
    if (cell == "E:INVALID_INPUT:NOT_FITTING") return std::string(error_id_string(ErrorId::NotAchievable));
    if (cell == "E:INVALID_INPUT") return std::string(error_id_string(ErrorId::InvalidInput));
    FAIL("unknown error cell " << cell);
    return {};
}

struct Row {
    int line = 0;
    Device dev;
    std::string dev_name;
    KernelInput in;
    int64_t launch_bounds = 0;
    int64_t blocks = 0;
    std::string occ, bs, dyn;
};

struct Table {
    std::string file;
    std::vector<Row> rows;
};

std::vector<Table> load_tables() {
    std::vector<Table> out;
    const std::filesystem::path dir = std::filesystem::path(SMCALC_SOURCE_DIR) / "tests/data/oracle";
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("cuda_occupancy-", 0) == 0 && name.size() > 4 && name.substr(name.size() - 4) == ".tsv")
            files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        Table t;
        t.file = path.filename().string();
        std::ifstream f(path);
        REQUIRE(f.good());
        std::map<int64_t, std::pair<Device, std::string>> devices;
        std::string line;
        int n = 0;
        while (std::getline(f, line)) {
            ++n;
            if (line.empty() || line[0] == '#') continue;
            const auto c = split(line, '\t');
            INFO(t.file, ":", n, ": ", line);
            if (c[0] == "D") {
                REQUIRE(c.size() == 14);
                Device d;
                const auto cc = split(c[2], '.');
                REQUIRE(cc.size() == 2);
                d.cc = {static_cast<int>(num(cc[0])), static_cast<int>(num(cc[1]))};
                d.sm_count = num(c[3]);
                d.max_threads_per_block = num(c[4]);
                d.max_threads_per_sm = num(c[5]);
                d.regs_per_sm = num(c[6]);
                d.regs_per_block = num(c[7]);
                d.warp_size = num(c[8]);
                d.smem_per_sm = num(c[9]);
                d.smem_per_block = num(c[10]);
                d.smem_per_block_optin = num(c[11]);
                d.reserved_smem_per_block = num(c[12]);
                devices[num(c[1])] = {d, c[13]};
            } else {
                REQUIRE(c[0] == "R");
                REQUIRE(c.size() == 15);
                Row r;
                r.line = n;
                const auto it = devices.find(num(c[1]));
                REQUIRE(it != devices.end());
                r.dev = it->second.first;
                r.dev_name = it->second.second;
                r.in.threads = num(c[2]);
                r.in.regs = num(c[3]);
                r.in.smem_static = num(c[4]);
                r.in.smem_dynamic = num(c[5]);
                r.in.optin = num(c[6]) != 0;
                r.in.smem_dynamic_max = num(c[7]);
                r.in.carveout = static_cast<int>(num(c[8]));
                r.in.barriers = num(c[9]);
                r.launch_bounds = num(c[10]);
                r.blocks = num(c[11]);
                r.occ = c[12];
                r.bs = c[13];
                r.dyn = c[14];
                t.rows.push_back(std::move(r));
            }
        }
        out.push_back(std::move(t));
    }
    return out;
}

const std::vector<Table>& tables() {
    static const std::vector<Table> t = load_tables();
    return t;
}

std::string where(const Table& t, const Row& r) {
    std::ostringstream s;
    s << t.file << ":" << r.line << " CC " << r.dev.cc.major << "." << r.dev.cc.minor << " '" << r.dev_name
      << "' threads " << r.in.threads << " regs " << r.in.regs << " smem " << r.in.smem_static << "+"
      << r.in.smem_dynamic << " optin " << r.in.optin << " dynmax " << r.in.smem_dynamic_max << " carveout "
      << r.in.carveout << " barriers " << r.in.barriers << " launch_bounds " << r.launch_bounds << " blocks " << r.blocks;
    return s.str();
}

// Every recorded row: `answer(row)` against the header's answer in the row's column `col`. Where the header refused
// ("E:<kind>"), ours refuses with the same kind; else `check(row, ours, recorded)`. Returns the rows compared.
template <typename Answer, typename Check>
int compare_rows(std::string Row::*col, const Answer& answer, const Check& check) {
    int compared = 0;
    for (const Table& t : tables())
        for (const Row& r : t.rows) {
            const std::string& recorded = r.*col;
            INFO(where(t, r), " header: ", recorded);
            ++compared;
            const auto ours = answer(r);
            if (recorded.rfind("E:", 0) == 0) {
                REQUIRE_FALSE(ours.ok());
                CHECK(kind(ours.error()) == expected_kind(recorded));
                continue;
            }
            REQUIRE_MESSAGE(ours.ok(), ours.error().message);
            check(r, *ours, recorded);
        }
    return compared;
}

}  // namespace

TEST_CASE("oracle table: the recorded cuda_occupancy.h tables cover every CC, odd registers, launch bounds, errors") {
    REQUIRE_FALSE(tables().empty());
    const Table* v13 = nullptr;
    for (const Table& t : tables())
        if (t.file == "cuda_occupancy-13.0.tsv") v13 = &t;
    REQUIRE(v13 != nullptr);
    std::set<std::pair<int, int>> ccs;
    int odd_regs = 0, bounded = 0, optin = 0, carveouts = 0, positive = 0, occ_errors = 0, unknown = 0,
        not_fitting = 0, dyn_positive = 0;
    for (const Row& r : v13->rows) {
        ccs.insert({r.dev.cc.major, r.dev.cc.minor});
        odd_regs += r.in.regs % 8 != 0;
        bounded += r.launch_bounds > 0;
        optin += r.in.optin;
        carveouts += r.in.carveout >= 0;
        positive += r.occ.rfind("E:", 0) != 0 && r.occ.rfind("0,", 0) != 0;
        occ_errors += r.occ.rfind("E:", 0) == 0;
        unknown += r.occ == "E:UNKNOWN_DEVICE";
        not_fitting += r.dyn == "E:INVALID_INPUT:NOT_FITTING";
        dyn_positive += r.dyn.rfind("E:", 0) != 0 && r.dyn != "0";
    }
    MESSAGE(v13->rows.size() << " rows x 3 functions; " << ccs.size() << " CCs, " << odd_regs
                             << " with registers not a multiple of 8, " << bounded << " with launch bounds, "
                             << positive << " with blocks > 0, " << occ_errors << " refused");
    CHECK(v13->rows.size() >= 3000);
    CHECK(ccs.size() >= all_arch_rules().size() + 3);  // every modelled CC, 10.1, and two the header refuses
    for (const ArchRules& a : all_arch_rules()) CHECK(ccs.count({a.cc.major, a.cc.minor}) == 1);
    CHECK(odd_regs > 1000);
    CHECK(bounded > 500);
    CHECK(optin > 1000);
    CHECK(carveouts > 1000);
    CHECK(positive > 1500);
    CHECK(occ_errors >= 60);
    CHECK(unknown == 2);
    CHECK(not_fitting > 500);
    CHECK(dyn_positive > 800);
}

TEST_CASE("oracle table: occupancy() equals the recorded cudaOccMaxActiveBlocksPerMultiprocessor") {
    const auto answer = [](const Row& r) { return occupancy(r.dev, r.in, Detail::Numbers); };
    const auto check = [](const Row& r, const OccupancyResult& ours, const std::string& rec) {
        const auto h = split(rec, ',');
        REQUIRE(h.size() == 8);
        const int64_t blocks = num(h[0]);
        CHECK(ours.blocks_per_sm == blocks);
        std::vector<Resource> header_limiting;
        for (std::size_t i = 0; i < 5; ++i) {
            const std::optional<int64_t> theirs = limit_of(h[1 + i]);
            CHECK_MESSAGE(ours.limit(kResources[i]) == theirs, resource_key(kResources[i]));
            if (theirs && *theirs == blocks) header_limiting.push_back(kResources[i]);
        }
        // The limiting set derived from the header's limits (its limitingFactors bits predate the barrier
        // limit: diff-occupancy.cpp explains).
        CHECK(ours.limiting == header_limiting);
        CHECK(ours.regs_per_block.value_or(-1) == num(h[6]));
        CHECK(ours.smem_per_block == num(h[7]));
        const int64_t warps = (r.in.threads + r.dev.warp_size - 1) / r.dev.warp_size;
        CHECK(ours.warps_per_sm == blocks * warps);
        CHECK(ours.threads_per_sm == blocks * r.in.threads);
        CHECK(ours.occupancy ==
              static_cast<double>(blocks * warps) / static_cast<double>(r.dev.max_threads_per_sm / r.dev.warp_size));
    };
    CHECK(compare_rows(&Row::occ, answer, check) >= 3000);
}

TEST_CASE("oracle table: block_size() equals the recorded cudaOccMaxPotentialOccupancyBlockSize") {
    const auto answer = [](const Row& r) {
        // __launch_bounds__(N): the kernel's maxThreadsPerBlock attribute, where the header's search stops.
        Device d = r.dev;
        if (r.launch_bounds > 0) d.max_threads_per_block = std::min(d.max_threads_per_block, r.launch_bounds);
        return block_size(d, r.in);
    };
    const auto check = [](const Row&, const BlockSizeResult& ours, const std::string& rec) {
        const auto h = split(rec, ',');
        REQUIRE(h.size() == 2);
        CHECK(ours.block_size == num(h[0]));
        CHECK(ours.min_grid_size == num(h[1]));
    };
    CHECK(compare_rows(&Row::bs, answer, check) >= 3000);
}

TEST_CASE("oracle table: dynamic_smem() equals the recorded cudaOccAvailableDynamicSMemPerBlock") {
    const auto answer = [](const Row& r) { return dynamic_smem(r.dev, r.in, r.blocks); };
    const auto check = [](const Row&, int64_t ours, const std::string& rec) {
        // WRAP: the header's size_t subtraction wraps (outside its domain); occupancy.cpp answers 0 there.
        CHECK(ours == (rec.rfind("WRAP:", 0) == 0 ? 0 : num(rec)));
    };
    CHECK(compare_rows(&Row::dyn, answer, check) >= 3000);
}
