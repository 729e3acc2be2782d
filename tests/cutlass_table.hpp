// cutlass_table.hpp - what the tests of the recorded CUTLASS tables (tests/data/cutlass; unit-cutlass,
// unit-cutlass-sm80) share: the table (tab-separated, '#' comment lines, a header row of column names) as rows keyed
// by column, the CTAs per SM of a compiled kernel, and the checks every refused or compiled row gets.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <algorithm>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "helpers.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::test {

using Row = std::map<std::string, std::string>;

// Every row; a row whose cell count differs from the header's fails the test, naming it.
inline std::vector<Row> parse_table(const std::string& text) {
    std::vector<Row> rows;
    std::vector<std::string> cols;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cells;
        std::string cell;
        std::istringstream ls(line);
        while (std::getline(ls, cell, '\t')) cells.push_back(cell);
        if (cols.empty()) {
            cols = cells;
            continue;
        }
        REQUIRE_MESSAGE(cells.size() == cols.size(), "row with " << cells.size() << " cells: " << line);
        Row r;
        for (size_t i = 0; i < cols.size(); ++i) r[cols[i]] = cells[i];
        rows.push_back(std::move(r));
    }
    return rows;
}

// A column's integer; a missing column fails the test, naming it.
inline int64_t num(const Row& r, const std::string& key) {
    auto it = r.find(key);
    REQUIRE_MESSAGE(it != r.end(), "no column " << key);
    return std::stoll(it->second);
}

// CTAs per SM of a compiled kernel: the occupancy solver (checked against cuda_occupancy.h elsewhere) given what the
// compiler and CUTLASS said (its threads, ptxas's registers, sizeof(SharedStorage) as opt-in dynamic shared memory),
// not what the model estimates.
inline int64_t compiled_ctas_per_sm(const Device& d, int64_t threads, int64_t regs, int64_t smem) {
    KernelInput k = kernel(threads, regs);
    k.smem_dynamic = smem;
    k.smem_dynamic_max = smem;
    k.optin = true;
    auto occ = occupancy(d, k, Detail::Numbers);
    REQUIRE(occ.ok());
    return occ->blocks_per_sm;
}

// The recorded table's header names the CUTLASS release and commit, the nvcc that built it and the recording script.
inline void check_recorded_by(const std::string& table, std::string_view script) {
    check_contains_all(read_data(table), {"CUTLASS 4.7.0, commit ", "Cuda compilation tools, release 13.0", script});
}

// A row CUTLASS refused at compile time: the model refuses it too (Unsupported), quoting at least one of the
// static_assert messages nvcc printed (recorded in `reason`, " | " between them).
inline void check_refused(const Expected<TileResult>& res, const Row& r) {
    REQUIRE_FALSE(res.ok());
    CHECK(res.error().id == ErrorId::Unsupported);
    const std::string& reasons = r.at("reason");
    int quoted = 0;
    for (size_t at = 0; at <= reasons.size();) {
        const size_t bar = std::min(reasons.find(" | ", at), reasons.size());
        if (res.error().message.find(reasons.substr(at, bar - at)) != std::string::npos) ++quoted;
        at = bar + 3;
    }
    CHECK_MESSAGE(quoted >= 1, res.error().message << " quotes none of: " << reasons);
}

// A compiled row against the model: sizeof(GemmKernel::SharedStorage) within 0.5 %, and exactly the compiled
// kernel's CTAs per SM on device d (compiled_ctas_per_sm with its `threads`) and the spill verdict ptxas printed.
// Returns whether ptxas spilled.
inline bool check_compiled(const TileResult& t, const Row& r, const Device& d, int64_t threads) {
    const double smem = static_cast<double>(num(r, "smem_kernel"));
    CHECK(std::abs(static_cast<double>(t.smem_per_cta) - smem) <= 0.005 * smem);
    CHECK(t.ctas_per_sm == compiled_ctas_per_sm(d, threads, num(r, "ptxas_regs"), num(r, "smem_kernel")));
    const bool spilled = num(r, "spill_stores") > 0 || num(r, "spill_loads") > 0;
    CHECK(t.spills == spilled);
    return spilled;
}

}  // namespace smcalc::test
