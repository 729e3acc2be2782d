// web-ui-storage.cpp - the page's saved state (web/ui_storage.hpp): the smcalc.v1 JSON of saved GPUs and presets,
// localStorage entries that are corrupt or of another schema, and the export / import file. Native: needs
// web/ui_storage.cpp, web/ui_state.cpp and the core, no ImGui and no Emscripten.
// (Not named unit-*.cpp: those are globbed into smcalc_tests, which links the core only.)
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "badinput/doc_table.hpp"
#include "ui_storage.hpp"

using namespace smcalc;
using namespace smcalc::web;

namespace {

using Entries = std::vector<std::pair<std::string, std::string>>;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

int field_index(const char* core) {
    for (int i = 0; i < kDeviceFieldCount; ++i)
        if (fields::device_fields()[static_cast<std::size_t>(i)].key == core) return i;
    return -1;
}

}  // namespace

TEST_CASE("names: trimmed, 1..48 printable ASCII characters") {
    CHECK(check_saved_name("  my kernel ").name == std::string("my kernel"));
    CHECK_FALSE(check_saved_name("   ").name);
    CHECK_FALSE(check_saved_name(std::string(49, 'x')).name);
    CHECK(check_saved_name(std::string(48, 'x')).name);
    CHECK_FALSE(check_saved_name("tab\there").name);
    CHECK_FALSE(check_saved_name("caf\xC3\xA9").name);
    CHECK(contains(check_saved_name("").error, "name"));
}

TEST_CASE("a custom GPU round-trips through its localStorage entry") {
    Inputs in;
    in.gpu = "H100 SXM5";
    in.cc_override = ComputeCapability{8, 0};
    in.overrides[field_index("sm_count")] = 66;
    in.overrides[field_index("smem_per_sm")] = 100 * 1024;
    const SavedGpu g = gpu_from_inputs(in, "half H100");
    CHECK(storage_key(g) == "smcalc.v1/gpu/half H100");
    const std::string json = to_json(g);
    CHECK(json == "{\"name\":\"half H100\",\"base\":\"H100 SXM5\",\"cc\":\"8.0\",\"sm_count\":66,\"smem_per_sm\":102400}");

    LoadResult r = load_storage({{storage_key(g), json}});
    CHECK(r.notices.empty());
    REQUIRE(r.state.gpus.size() == 1);
    Inputs back;
    apply_saved_gpu(r.state.gpus[0], back);
    CHECK(back.gpu == "H100 SXM5");
    CHECK(back.cc_override == in.cc_override);
    CHECK(back.overrides == in.overrides);
    CHECK(effective_device(back).sm_count == 66);
    CHECK(gpu_summary(r.state.gpus[0]) == "from H100 SXM5, CC 8.0, 66 SMs");
}

TEST_CASE("a preset keeps the kernel or tile inputs, never the GPU or the compare view") {
    Inputs in;
    in.gpu = "A100";
    in.mode = Mode::Kernel;
    in.kernel.threads = 256;
    in.kernel.regs = 48;
    in.kernel.smem_static = 24576;
    in.compare = true;
    in.overrides[0] = 10;
    const SavedPreset p = preset_from_inputs(in, "attn");
    CHECK(p.inputs == "m=kernel&t=256&r=48&ss=24576&ds=0");
    CHECK_FALSE(contains(p.inputs, "gpu="));
    CHECK_FALSE(contains(p.inputs, "d."));
    CHECK(preset_summary(p) == "256 threads, 48 regs, 24576 B smem");

    Inputs other;  // H100, tile mode
    REQUIRE(apply_saved_preset(p, other));
    CHECK(other.gpu == "H100 SXM5");
    CHECK(other.mode == Mode::Kernel);
    CHECK(other.kernel.regs == 48);
    CHECK(other.kernel.smem_static == 24576);

    Inputs t;
    t.tile.m = 256;
    t.tile.stages = 4;
    const SavedPreset tp = preset_from_inputs(t, "big tile");
    CHECK(preset_summary(tp) == "256x128x64 tile, 4 stages");
    LoadResult r = load_storage({{storage_key(tp), to_json(tp)}, {storage_key(p), to_json(p)}});
    CHECK(r.notices.empty());
    REQUIRE(r.state.presets.size() == 2);
    CHECK(r.state.presets[0].name == "attn");  // sorted by name
    CHECK(r.state.presets[1].inputs == tp.inputs);
}

TEST_CASE("corrupt and foreign entries are reported and skipped - the others load") {
    SavedPreset good{"good", "m=kernel&t=128&r=64"};
    Entries e = {
        {"other-app", "whatever"},                              // not ours: silent
        {"smcalc.v1/preset/bad", "{broken"},                    // not JSON
        {storage_key(good), to_json(good)},
        {"smcalc.v2/preset/new", "{\"name\":\"new\"}"},         // another schema
        {"smcalc.v1/preset/wrong", "{\"name\":\"other\",\"inputs\":\"t=1\"}"},  // name does not match the key
        {"smcalc.v1/preset/x", "{\"name\":\"x\",\"inputs\":\"t=abc\"}"},        // inputs do not read
        {"smcalc.v1/gpu/g", "{\"name\":\"g\",\"base\":\"Voodoo 2\"}"},          // unknown base GPU
        {"smcalc.v1/gpu/h", "{\"name\":\"h\",\"base\":\"A100\",\"sm_count\":-1}"},
        {"smcalc.v1/gpu/i", "{\"name\":\"i\",\"base\":\"A100\",\"colour\":1}"},
        {"smcalc.v1/thing/j", "{}"},
    };
    LoadResult r = load_storage(e);
    REQUIRE(r.state.presets.size() == 1);
    CHECK(r.state.presets[0].name == "good");
    CHECK(r.state.gpus.empty());
    CHECK(r.bad_keys.size() == 8);
    REQUIRE(r.notices.size() == 6);  // 5 sentences, then "... and 3 more"
    CHECK(contains(r.notices[0], "'smcalc.v1/preset/bad'"));
    CHECK(contains(r.notices[0], "not valid JSON"));
    CHECK(contains(r.notices[1], "another version"));
    CHECK(contains(r.notices[2], "does not match"));
    CHECK(contains(r.notices[3], "inputs do not read"));
    CHECK(contains(r.notices[4], "not in the database"));
    CHECK(contains(r.notices[5], "3 more"));
}

TEST_CASE("the embed dialog's base URL (kEmbedBaseKey) is a preference: neither loaded nor reported") {
    // web/js/messages.js keeps "Copy embed code"'s base URL under this key; any value is the dialog's business.
    CHECK(kEmbedBaseKey == "smcalc.v1/embed-base");
    LoadResult r = load_storage({{std::string(kEmbedBaseKey), "https://course.example/smcalc/"},
                                 {std::string(kEmbedBaseKey) + "/x", "{}"}});  // under it: not the key, reported
    CHECK(r.state.presets.empty());
    CHECK(r.state.gpus.empty());
    REQUIRE(r.bad_keys.size() == 1);
    CHECK(r.bad_keys[0] == "smcalc.v1/embed-base/x");
}

TEST_CASE("export and import round trip - a foreign file imports nothing") {
    SavedState s;
    Inputs in;
    in.overrides[field_index("sm_count")] = 100;
    upsert(s, gpu_from_inputs(in, "trimmed H100"));
    upsert(s, SavedPreset{"b", "m=kernel&t=256&r=48"});
    upsert(s, SavedPreset{"a", "m=tile&tm=256"});
    CHECK(upsert(s, SavedPreset{"b", "m=kernel&t=512&r=48"}));  // replaced
    const std::string file = export_json(s);
    CHECK(contains(file, "\"schema\":\"smcalc.v1\""));

    ImportResult r = import_json(file);
    CHECK(r.ok);
    CHECK(r.notices.empty());
    REQUIRE(r.state.presets.size() == 2);
    CHECK(r.state.presets[0].name == "a");
    CHECK(r.state.presets[1].inputs == "m=kernel&t=512&r=48");
    REQUIRE(r.state.gpus.size() == 1);
    CHECK(r.state.gpus[0].fields[field_index("sm_count")] == 100);
    CHECK(export_json(r.state) == file);

    CHECK_FALSE(import_json("not json").ok);
    CHECK_FALSE(import_json("[1,2]").ok);
    ImportResult foreign = import_json("{\"schema\":\"smcalc.v2\",\"presets\":[]}");
    CHECK_FALSE(foreign.ok);
    REQUIRE(foreign.notices.size() == 1);
    CHECK(contains(foreign.notices[0], "'smcalc.v2'"));

    // One bad entry among good ones: the good ones import.
    ImportResult mixed = import_json(
        "{\"schema\":\"smcalc.v1\",\"presets\":[{\"name\":\"ok\",\"inputs\":\"t=64\"},{\"name\":\"\"},42],"
        "\"gpus\":[{\"name\":\"\\u0041100 copy\",\"base\":\"a100\"}],\"extra\":true}");
    CHECK(mixed.ok);
    REQUIRE(mixed.state.presets.size() == 1);
    REQUIRE(mixed.state.gpus.size() == 1);
    CHECK(mixed.state.gpus[0].name == "A100 copy");
    CHECK(mixed.state.gpus[0].base == "A100 40GB SXM4");
    CHECK(mixed.notices.size() == 3);
}

TEST_CASE("the JSON reader (nlohmann-json, the API's) refuses what is not JSON, deep nesting included") {
    CHECK(parse_entry_list("[[\"a\",\"b\"],[\"smcalc.v1/x\",\"{\\\"q\\\":1}\"]]")->size() == 2);
    CHECK_FALSE(parse_entry_list("[[\"a\"]]"));
    CHECK_FALSE(parse_entry_list("[[\"a\",1]]"));
    CHECK_FALSE(parse_entry_list("{}"));
    CHECK_FALSE(parse_entry_list("[[\"a\",\"b\"]] x"));
    CHECK_FALSE(parse_entry_list("[\"\\ud800\"]"));
    // nlohmann's parser and destructor are iterative: 10,000 levels are no stack overflow (the ASan build runs this).
    CHECK_FALSE(import_json(std::string(10000, '[') + std::string(10000, ']')).ok);
    CHECK_FALSE(import_json("{\"schema\":\"smcalc.v1\",\"presets\":[{\"name\":\"a\",\"inputs\":\"t=1\"}]").ok);
    CHECK(import_json("{\"schema\":\"smcalc.v1\",\"presets\":[{\"name\":\"a\",\"inputs\":\"t=1\"}]}").state.presets.size() == 1);
    // Numbers: integers only for device fields; 1e3 and 1.5 are refused as values, not as JSON.
    ImportResult n = import_json("{\"schema\":\"smcalc.v1\",\"gpus\":[{\"name\":\"a\",\"base\":\"A100\",\"sm_count\":1e3},"
                                 "{\"name\":\"b\",\"base\":\"A100\",\"sm_count\":99999999999999999999}]}");
    CHECK(n.ok);
    CHECK(n.state.gpus.empty());
    CHECK(n.notices.size() == 2);
}

// The page's wasm has no JSON reader: the JS API module reads the entries (page_saved_lines) and hands the page lines,
// which read_saved_lines turns back into what load_storage or import_json answered, exactly (escapes included).
TEST_CASE("saved entries reach the page as lines and read back exactly") {
    SavedRead r;
    r.state.gpus.push_back(gpu_from_inputs(Inputs{}, "my A100"));
    r.state.gpus[0].cc = ComputeCapability{8, 6};
    r.state.gpus[0].fields[field_index("sm_count")] = 84;
    r.state.presets.push_back({"p\\1", "m=kernel&t=256&r=48"});
    r.bad_keys = {"smcalc.v1/gpu/a\tb", "smcalc.v1/x\ny\\z\r"};  // localStorage keys may hold any character
    r.notices = {"Skipped one.", "\\t is not a tab"};
    for (bool ok : {true, false}) {
        r.ok = ok;
        const std::string lines = saved_lines(r);
        const SavedRead back = read_saved_lines(lines);
        CHECK(back.ok == ok);
        CHECK(export_json(back.state) == export_json(r.state));
        CHECK(back.state.gpus[0].cc == r.state.gpus[0].cc);
        CHECK(back.bad_keys == r.bad_keys);
        CHECK(back.notices == r.notices);
    }

    // The glue's entry list, read in the module: the same as load_storage's answer.
    SavedPreset good{"good", "m=kernel&t=128&r=64"};
    const std::string list = "[[\"" + storage_key(good) + "\"," + json_string(to_json(good)) +
                             "],[\"smcalc.v1/preset/bad\",\"{broken\"]]";
    const SavedRead loaded = read_saved_lines(page_saved_lines(kSavedStorage, list));
    CHECK(loaded.ok);
    REQUIRE(loaded.state.presets.size() == 1);
    CHECK(loaded.state.presets[0].inputs == good.inputs);
    CHECK(loaded.bad_keys == std::vector<std::string>{"smcalc.v1/preset/bad"});
    REQUIRE(loaded.notices.size() == 1);
    CHECK(contains(loaded.notices[0], "not valid JSON"));
    // An export file that is not one: refused as a whole, with its notice.
    const SavedRead refused = read_saved_lines(page_saved_lines(kSavedImport, "not json"));
    CHECK_FALSE(refused.ok);
    CHECK(refused.state.presets.empty());
    REQUIRE(refused.notices.size() == 1);
    CHECK(contains(refused.notices[0], "not a JSON object"));
}

// docs/bad-inputs.md "Saved entries and import files", row by row: the input as the JS API module gets it (the
// glue's JSON list of localStorage's [key, value] pairs, or an export file's text), through page_saved_lines and
// read_saved_lines (what the page then has): its notices exactly, and the entries it keeps.
TEST_CASE("bad inputs: every saved-entry and import row of docs/bad-inputs.md gets its documented notices") {
    namespace bi = smcalc::badinput;
    const auto rows = bi::read_rows(std::string(SMCALC_SOURCE_DIR) + "/docs/bad-inputs.md", "saved");
    REQUIRE(rows.size() >= 20);
    for (const bi::Row& r : rows) {
        REQUIRE_MESSAGE(r.cells.size() == 6, "docs/bad-inputs.md:" << r.line << " needs 6 cells");
        const std::string where = "docs/bad-inputs.md:" + std::to_string(r.line) + " (" + r.cells[1] + ")";
        const std::string kind = bi::code(r.cells[2]);
        REQUIRE_MESSAGE((kind == "storage" || kind == "import"), where << ": kind is storage or import");
        const SavedRead got =
            read_saved_lines(page_saved_lines(kind == "import" ? kSavedImport : kSavedStorage, bi::expand(bi::code(r.cells[3]))));
        const std::vector<std::string> want = r.cells[4] == "(none)" ? std::vector<std::string>{} : bi::lines(r.cells[4]);
        std::string notices;
        for (const auto& n : got.notices) notices += "\n    " + n;
        CHECK_MESSAGE(got.notices == want, where << ": notices" << notices);
        // What the page keeps: "refused" (an import read as a whole as nothing), else the entries by name.
        std::string kept = got.ok ? "" : "refused";
        for (const SavedGpu& g : got.state.gpus) kept += (kept.empty() ? "" : ", ") + std::string("gpu ") + g.name;
        for (const SavedPreset& p : got.state.presets) kept += (kept.empty() ? "" : ", ") + std::string("preset ") + p.name;
        for (const std::string& k : got.bad_keys) kept += (kept.empty() ? "" : ", ") + std::string("left ") + k;
        CHECK_MESSAGE(kept == (r.cells[5] == "(nothing)" ? std::string() : bi::code(r.cells[5])), where << ": kept " << kept);
    }
}
