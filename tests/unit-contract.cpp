// unit-contract.cpp - every input field's JSON key, URL-hash key and CLI flag, pinned: a loop over the field
// tables (core/src/fields.cpp) must give exactly tests/data/contract/fields.tsv. Saved links, batch files, scripts
// and the JS API spell fields this way; a rename fails here (and, for a hash key, in tests/badinput's
// release-*.tsv links). A deliberate rename changes the list in review and keeps the old spelling readable.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <string>

#include "smcalc/fields.hpp"

using namespace smcalc;

namespace {

template <class T>
void rows(const char* table, std::span<const fields::Field<T>> fs, std::set<std::string>& out) {
    for (const auto& f : fs)
        out.insert(std::string(table) + "\t" + std::string(f.key) + "\t" + (f.hash.empty() ? "-" : std::string(f.hash)) +
                   "\t" + (f.flag.empty() ? "-" : std::string(f.flag)));
}

}  // namespace

TEST_CASE("contract: every field's JSON key, hash key and CLI flag equal tests/data/contract/fields.tsv") {
    std::set<std::string> got;
    rows("kernel", fields::kernel_fields(), got);
    rows("amd_kernel", fields::amd_kernel_fields(), got);
    rows("tile", fields::tile_fields(), got);
    rows("device", fields::device_fields(), got);
    rows("cluster", fields::cluster_fields(), got);
    std::ifstream f(std::string(SMCALC_SOURCE_DIR) + "/tests/data/contract/fields.tsv");
    REQUIRE(f.good());
    std::set<std::string> want;
    std::string line;
    while (std::getline(f, line))
        if (!line.empty() && line[0] != '#') want.insert(line);
    for (const std::string& w : want)
        if (!got.count(w)) FAIL_CHECK("the field tables lack (table, key, hash, flag): " << w);
    for (const std::string& g : got)
        if (!want.count(g)) FAIL_CHECK("a field the contract does not list (or spells otherwise): " << g);
    CHECK(want.size() == 43);
    CHECK(want.count("amd_kernel\tsgprs\tsg\t--sgprs") == 1);
}
