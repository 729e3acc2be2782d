// fuzz_saved_state - the page's saved-state reader (web/page_saved.cpp: nlohmann-json, the API's JSON library, as the
// JS API module reads the smcalc.v1 entries of localStorage and the export file for the page; web/ui_storage.cpp:
// the lines the page reads back), compiled natively.
// The input is read three ways: as an export file (import_json), as one localStorage entry (the bytes before the
// first newline are the key, the rest its value: load_storage) and as the glue's [[key, value], ...] list
// (parse_entry_list), and through the lines the page gets (page_saved_lines, read_saved_lines: the same answer back).
// Invariants: no crash, no hang (nlohmann's parser is iterative); a refused file imports
// nothing; every entry that is accepted has a valid name and reads back from its own JSON (to_json, storage_key),
// and an export of what was imported imports again to the same export; every skipped entry has a notice (the
// remembered embed base URL, smcalc.v1/embed-base, is a preference, not an entry: skipped without one).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check.hpp"
#include "ui_storage.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

namespace {

void check_state(const web::SavedState& s, const char* where) {
    // Each saved GPU and preset has a valid name and reads back from its own storage entry.
    auto check_entry = [where](const auto& e, const char* what, auto count) {
        if (!web::check_saved_name(e.name).name || *web::check_saved_name(e.name).name != e.name)
            broken(std::string(where) + ": a " + what + " with an invalid name");
        const web::LoadResult back = web::load_storage({{web::storage_key(e), web::to_json(e)}});
        if (count(back.state) != 1 || !back.notices.empty())
            broken(std::string(where) + ": a " + what + " does not read back from its own entry: " + web::to_json(e));
    };
    for (const auto& g : s.gpus) check_entry(g, "GPU", [](const web::SavedState& b) { return b.gpus.size(); });
    for (const auto& p : s.presets) {
        check_entry(p, "preset", [](const web::SavedState& b) { return b.presets.size(); });
        web::Inputs in;
        if (!web::apply_saved_preset(p, in)) broken(std::string(where) + ": an accepted preset does not apply");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    const web::ImportResult imp = web::import_json(text);
    if (!imp.ok && (!imp.state.gpus.empty() || !imp.state.presets.empty())) broken("import_json: refused but imported");
    if (!imp.ok && imp.notices.empty()) broken("import_json: refused without a notice");
    check_state(imp.state, "import_json");
    if (imp.ok) {
        const std::string file = web::export_json(imp.state);
        const web::ImportResult again = web::import_json(file);
        if (!again.ok || !again.notices.empty() || web::export_json(again.state) != file)
            broken("export_json of an import does not import to the same export:\n" + file);
    }

    const std::size_t nl = text.find('\n');
    if (nl != std::string_view::npos) {
        const std::string key(text.substr(0, nl)), value(text.substr(nl + 1));
        const web::LoadResult r = web::load_storage({{key, value}});
        const std::size_t kept = r.state.gpus.size() + r.state.presets.size();
        if (kept > 1) broken("load_storage: one entry gave several");
        // The remembered embed base URL (kEmbedBaseKey) is a preference, not an entry: skipped, no notice.
        const bool entry_key = key.rfind("smcalc.", 0) == 0 && key != web::kEmbedBaseKey;
        if (kept == 0 && entry_key && (r.notices.empty() || r.bad_keys.size() != 1))
            broken("load_storage: an entry of ours was skipped without a notice");
        if (key == web::kEmbedBaseKey && (kept != 0 || !r.notices.empty()))
            broken("load_storage: the embed base URL preference was read as an entry or got a notice");
        if (kept == 1 && !r.notices.empty()) broken("load_storage: an entry kept with a notice");
        check_state(r.state, "load_storage");
    }

    if (auto list = web::parse_entry_list(text)) {
        const web::LoadResult r = web::load_storage(*list);
        check_state(r.state, "parse_entry_list + load_storage");
    }

    // The page gets what the JS API module read as lines (page_saved_lines): they read back to the same answer, the
    // input's bytes (any key, notice or name) included.
    for (int kind : {web::kSavedStorage, web::kSavedImport}) {
        const std::string lines = web::page_saved_lines(kind, text);
        const web::SavedRead back = web::read_saved_lines(lines);
        if (web::saved_lines(back) != lines) broken("read_saved_lines does not read page_saved_lines' answer back:\n" + lines);
        check_state(back.state, "page_saved_lines");
    }
    const web::SavedRead raw{true, {}, {std::string(text)}, {std::string(text)}};
    if (web::read_saved_lines(web::saved_lines(raw)).notices != raw.notices) broken("a cell does not read back as written");
    return 0;
}
