// api-contract.cpp - the members of every op's answer, pinned: tests/data/contract/requests.jsonl holds one
// request per op and variant (NVIDIA and AMD, clusters, compiler output, a custom device, compare across
// vendors, an error), each answered by smcalc::api::handle; every member path of each answer ("columns[].
// gpu_resident_warps": [] stands for every element of an array) must equal the list recorded for it in
// tests/data/contract/answers.tsv (smcalc/answer_schema.hpp declares them; docs/api.md says what they mean). A misspelt, lost or new
// member fails here and says which. After an intended change, rerun with SMCALC_CONTRACT_UPDATE=1 (rewrites
// answers.tsv) and review the diff; a removed or renamed member breaks scripts and the JS API's users.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "api_answers.hpp"

using smcalc::test::json;

namespace {

const std::string kDir = std::string(SMCALC_SOURCE_DIR) + "/tests/data/contract/";

void paths(const json& v, const std::string& at, std::set<std::string>& out) {
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string p = at.empty() ? it.key() : at + "." + it.key();
            out.insert(p);
            paths(it.value(), p, out);
        }
    } else if (v.is_array()) {
        for (const json& e : v) paths(e, at + "[]", out);
    }
}

}  // namespace

TEST_CASE("contract: every op's answer has exactly the members of tests/data/contract/answers.tsv") {
    std::ifstream req(kDir + "requests.jsonl");
    REQUIRE(req.good());
    std::map<std::string, std::set<std::string>> got;
    std::set<std::string> ops;
    std::string line;
    while (std::getline(req, line)) {
        if (line.empty()) continue;
        const json r = json::parse(line);
        const std::string id = r.at("id").get<std::string>();
        ops.insert(r.at("op").get<std::string>());
        const json a = smcalc::api::handle(r);
        INFO(id, ": ", a.dump().substr(0, 300));
        CHECK(a.contains("error") == (id == "error"));
        CHECK(got.count(id) == 0);
        paths(a, "", got[id]);
    }
    // Every op of the contract is asked at least once.
    CHECK(ops == std::set<std::string>{"occupancy", "block_size", "dynamic_smem", "next_step", "tile", "tiles",
                                       "compare", "parse", "gpus", "archs"});

    if (std::getenv("SMCALC_CONTRACT_UPDATE")) {
        std::ofstream out(kDir + "answers.tsv");
        out << "# Every member path of each answer to tests/data/contract/requests.jsonl (smcalc::api::handle), by\n"
               "# request id; '[]' = every element of an array. Checked by tests/api-contract.cpp; rewritten by\n"
               "# SMCALC_CONTRACT_UPDATE=1 build/debug/tests/smcalc_api_tests -tc='contract:*' (review the diff).\n";
        for (const auto& [id, set] : got)
            for (const std::string& p : set) out << id << "\t" << p << "\n";
        MESSAGE("rewrote " << kDir << "answers.tsv");
        return;
    }
    std::ifstream f(kDir + "answers.tsv");
    REQUIRE(f.good());
    std::map<std::string, std::set<std::string>> want;
    while (std::getline(f, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        want[line.substr(0, tab)].insert(line.substr(tab + 1));
    }
    CHECK(want.size() == got.size());
    for (const auto& [id, set] : want) {
        const auto& have = got[id];
        for (const std::string& p : set)
            if (!have.count(p)) FAIL_CHECK(id << ": the answer lacks the member " << p);
        for (const std::string& p : have)
            if (!set.count(p)) FAIL_CHECK(id << ": the answer has a member the contract does not list: " << p);
    }
    // The members issue 27 found unpinned, by name.
    CHECK(want["compare_kernel"].count("columns[].gpu_resident_warps") == 1);
    CHECK(want["compare_kernel"].count("columns[].gpu_resident_ctas") == 1);
    CHECK(want["next_step"].count("launch_bounds.maxrregcount") == 1);
    CHECK(want["occupancy_amd"].count("limits.sgprs") == 1);
}
