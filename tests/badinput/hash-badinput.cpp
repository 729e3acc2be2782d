// hash-badinput.cpp - the "URL hash" table of docs/bad-inputs.md, row by row, through the page's own hash reader
// (web/ui_state.cpp, built natively: it needs only the core): the exact notices, the state the page goes on
// with (its canonical hash) and what validate_device says of the device that state yields. Then properties of
// the reader over 20,000 random hashes (tests/fuzz/fuzz_url_hash.cpp checks the same over fuzzed bytes).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "badinput/doc_table.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/gpu.hpp"
#include "ui_state.hpp"

namespace bi = smcalc::badinput;
using namespace smcalc;

namespace {

const std::string kDoc = std::string(SMCALC_SOURCE_DIR) + "/docs/bad-inputs.md";

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " | ") + x;
    return s;
}

}  // namespace

TEST_CASE("bad inputs: every URL-hash row of docs/bad-inputs.md gets its documented notices and state") {
    const auto rows = bi::read_rows(kDoc, "hash");
    REQUIRE(rows.size() >= 30);
    for (const bi::Row& r : rows) {
        REQUIRE_MESSAGE(r.cells.size() == 6, "docs/bad-inputs.md:" << r.line << " needs 6 cells");
        const std::string where = "docs/bad-inputs.md:" + std::to_string(r.line) + " (" + r.cells[1] + ")";
        const web::Decoded d = web::decode_hash(bi::expand(bi::code(r.cells[2])));
        const std::vector<std::string> want =
            r.cells[3] == "(none)" ? std::vector<std::string>{} : bi::lines(r.cells[3]);
        CHECK_MESSAGE(d.notices == want, where << ":\n  doc:    " << joined(want) << "\n  answer: " << joined(d.notices));
        CHECK_MESSAGE(web::encode_hash(d.inputs) == bi::code(r.cells[4]), where << ": state " << web::encode_hash(d.inputs));
        // An AMD GPU has no NVIDIA device: the column names its LLVM target instead ("amd gfx942").
        auto ok = validate_device(web::effective_device(d.inputs));
        const amd::GpuSpec* amd_gpu = web::amd_gpu(d.inputs);
        const std::string dev = amd_gpu ? "amd " + std::string(amd_gpu->gfx)
                                : ok    ? "ok"
                                        : std::string(error_id_string(ok.error().id)) + " " + ok.error().field;
        std::string want_dev = r.cells[5];
        for (char& c : want_dev)
            if (c == '`') c = ' ';
        while (want_dev.find("  ") != std::string::npos) want_dev.erase(want_dev.find("  "), 1);
        if (!want_dev.empty() && want_dev.front() == ' ') want_dev.erase(0, 1);
        if (!want_dev.empty() && want_dev.back() == ' ') want_dev.pop_back();
        CHECK_MESSAGE(dev == want_dev, where << ": device " << dev);
    }
}

TEST_CASE("URL hash: 20,000 random hashes - at most 7 notices, a stable canonical hash, values in range") {
    std::mt19937_64 rng(0x4a54);
    static const char* const kKeys[] = {"gpu", "m", "t", "r", "ss", "ds", "oi", "dm", "co", "b", "tm", "tn", "tk",
                                        "st", "w", "ta", "tb", "tc", "mma", "ep", "eo", "eb", "er", "ov", "sb", "ab",
                                        "p", "pm", "pn", "pk", "cl", "np", "abuf", "vg", "ag", "sg", "lds", "scr", "d.cc", "d.sm", "d.ws", "d.spb", "d.rsv", "zz"};
    static const char* const kValues[] = {"", "0", "1", "-1", "abc", "256", "24KB", "1e30", "9007199254740991",
                                          "9007199254740992", "%", "%4", "%zz", "%20", "+", "kernel", "tile", "bf16",
                                          "tmem", "out", "default", "4x2x1", "16", "0x2", "2x1x1x1", "MI300X", "MI355X", "H100%20SXM5", "A100", "8.0", "7.7", "\xff"};
    for (int i = 0; i < 20'000; ++i) {
        std::string h = rng() % 2 ? "#" : "";
        const int parts = static_cast<int>(rng() % 12);
        for (int p = 0; p < parts; ++p) {
            if (p) h += rng() % 8 ? "&" : ";";
            switch (rng() % 8) {
                case 0:  // raw bytes
                    for (int n = static_cast<int>(rng() % 6); n > 0; --n) h += static_cast<char>(rng() % 256);
                    break;
                default:
                    h += kKeys[rng() % std::size(kKeys)];
                    if (rng() % 16) h += "=";
                    h += kValues[rng() % std::size(kValues)];
            }
        }
        const web::Decoded d = web::decode_hash(h);
        REQUIRE(d.notices.size() <= 7);
        const std::string canonical = web::encode_hash(d.inputs);
        const web::Decoded again = web::decode_hash(canonical);
        if (!again.notices.empty()) FAIL_CHECK("canonical hash " << canonical << " gives: " << again.notices.front());
        if (web::encode_hash(again.inputs) != canonical) FAIL_CHECK("encode_hash not stable for " << canonical);
        const KernelInput& k = d.inputs.kernel;
        CHECK((k.threads >= 1 && k.threads <= kMaxInput && k.regs >= 0 && k.regs <= kMaxInput && k.carveout >= -1 &&
               k.carveout <= 100));
        CHECK((web::base_gpu(d.inputs) != nullptr) != (web::amd_gpu(d.inputs) != nullptr));  // one vendor each
    }
}

// Every tests/data/hash/release-*.tsv: 0.1.0's links, and main b272322's AMD, cluster and device keys.
TEST_CASE("URL hashes of the previous releases (0.1.0, main b272322) still load: the same inputs, no notice") {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(std::string(SMCALC_SOURCE_DIR) + "/tests/data/hash")) {
        const std::string name = e.path().filename().string();
        if (name.rfind("release-", 0) == 0 && name.size() > 4 && name.substr(name.size() - 4) == ".tsv")
            files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 2);
    int checked = 0;
    std::string all;  // every hash checked, for the keys' coverage below
    for (const std::string& file : files) {
    std::ifstream f(file);
    REQUIRE(f);
    std::string line;
    while (std::getline(f, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        REQUIRE(tab != std::string::npos);
        const std::string old_hash = line.substr(0, tab), now = line.substr(tab + 1);
        const web::Decoded d = web::decode_hash(old_hash);
        CHECK_MESSAGE(d.notices.empty(), old_hash << ": " << joined(d.notices));
        CHECK_MESSAGE(web::encode_hash(d.inputs) == now, old_hash);
        // And the current form reads back to itself.
        CHECK(web::encode_hash(web::decode_hash(now).inputs) == now);
        all += "&" + now;
        ++checked;
    }
    }
    CHECK(checked >= 21);
    // Every hash key of every field table appears in some recorded link, so a renamed key fails above.
    auto covered = [&](std::string_view key) { return all.find("&" + std::string(key) + "=") != std::string::npos; };
    for (const auto& fl : fields::kernel_fields()) CHECK_MESSAGE(covered(fl.hash), fl.hash);
    for (const auto& fl : fields::amd_kernel_fields()) CHECK_MESSAGE(covered(fl.hash), fl.hash);
    for (const auto& fl : fields::cluster_fields()) CHECK_MESSAGE(covered(fl.hash), fl.hash);
    for (const auto& fl : fields::device_fields()) CHECK_MESSAGE(covered("d." + std::string(fl.hash)), fl.hash);
    for (const auto& fl : fields::tile_fields())
        if (!fl.hash.empty()) CHECK_MESSAGE(covered(fl.hash), fl.hash);
    for (const char* key : {"gpu", "m", "p", "pm", "pn", "pk", "cl", "cmp", "cg", "d.cc"}) CHECK_MESSAGE(covered(key), key);
}
