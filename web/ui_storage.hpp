// web/ui_storage.hpp - saved custom GPUs and input presets: their versioned JSON form, for the browser's
// localStorage (one key per entry) and for export / import as a JSON file.
//
// Pure functions: no ImGui, no Emscripten (tests/web-ui-storage.cpp runs them natively). The browser calls
// (localStorage, Blob download, file input) are Host services (app.hpp), in platform_html5.cpp.
//
// Schema "smcalc.v1":
//   localStorage key "smcalc.v1/gpu/<name>"     value {"name":..., "base":"H100 SXM5", "cc":"9.0",
//                                                      "<device field>": <integer>, ...}
//   localStorage key "smcalc.v1/preset/<name>"  value {"name":..., "inputs":"m=kernel&t=256&r=48"}
//   export file  {"schema":"smcalc.v1", "gpus":[<gpu>...], "presets":[<preset>...]}
// A GPU is a database GPU (`base`) with a compute capability and device fields overridden (fields::device_fields()'
// core names: "sm_count", "smem_per_sm", ...; only the overridden ones). A preset is the kernel or tile
// inputs in the URL-hash form of ui_state.hpp without the GPU ("gpu", "d.*") and without the compare view.
// Every entry is checked on the way in; a bad one is reported in one sentence and skipped, never fatal.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "smcalc/arch.hpp"
#include "ui_state.hpp"

namespace smcalc::web {

inline constexpr std::string_view kStorageSchema = "smcalc.v1";
inline constexpr std::size_t kMaxSavedName = 48;      // characters
inline constexpr std::size_t kMaxSavedEntries = 200;  // per kind
inline constexpr std::size_t kMaxImportBytes = 4u << 20;
// "Copy embed code"'s base URL, remembered by its dialog (web/js/messages.js, the same key): a preference of this
// browser that the page's C++ never reads, not a saved entry (load_storage passes over it; exports leave it out).
inline constexpr std::string_view kEmbedBaseKey = "smcalc.v1/embed-base";

struct SavedGpu {
    std::string name;
    std::string base;  // canonical database name
    std::optional<ComputeCapability> cc;
    std::array<std::optional<int64_t>, kDeviceFieldCount> fields{};
};

struct SavedPreset {
    std::string name;
    std::string inputs;  // hash form, without gpu / d.* / cmp / cg
};

struct SavedState {
    std::vector<SavedGpu> gpus;        // sorted by name
    std::vector<SavedPreset> presets;  // sorted by name
};

// A name as typed: trimmed; empty optional + message when not 1..kMaxSavedName printable ASCII characters.
struct NameCheck {
    std::optional<std::string> name;
    std::string error;
};
NameCheck check_saved_name(std::string_view typed);

std::string storage_key(const SavedGpu& g);     // "smcalc.v1/gpu/<name>"
std::string storage_key(const SavedPreset& p);  // "smcalc.v1/preset/<name>"
std::string to_json(const SavedGpu& g);
std::string to_json(const SavedPreset& p);

// The readers of the saved entries' JSON (load_storage, import_json, parse_entry_list) are web/page_saved.cpp's: the
// JS API module reads them with nlohmann-json, the API's JSON library, and hands the page lines (page_saved_lines,
// read_saved_lines). The page's wasm links neither nlohmann-json nor these three.

// Reads every (key, value) of localStorage. Keys outside "smcalc." are another page's and ignored; a key of
// another schema ("smcalc.v2/...") or a value that does not check out is reported and listed in bad_keys
// (left in storage untouched), the rest loaded.
struct LoadResult {
    SavedState state;
    std::vector<std::string> notices;
    std::vector<std::string> bad_keys;
};
LoadResult load_storage(const std::vector<std::pair<std::string, std::string>>& entries);

// The export file (pretty enough to read: one entry per line).
std::string export_json(const SavedState& s);

// Reads an export file: every good entry in `state`, a notice per skipped one. `ok` is false (and `state`
// empty) when the text is not JSON or not an smcalc.v1 export at all.
struct ImportResult {
    bool ok = false;
    SavedState state;
    std::vector<std::string> notices;
};
ImportResult import_json(std::string_view text);

// Adds or replaces (same name) entries; keeps the lists sorted. Returns true when an entry was replaced.
bool upsert(SavedState& s, SavedGpu g);
bool upsert(SavedState& s, SavedPreset p);

// Between the page's inputs and the saved forms.
SavedGpu gpu_from_inputs(const Inputs& in, std::string name);
void apply_saved_gpu(const SavedGpu& g, Inputs& in);          // GPU, CC and overrides; the rest kept
SavedPreset preset_from_inputs(const Inputs& in, std::string name);
bool apply_saved_preset(const SavedPreset& p, Inputs& in);    // mode, kernel, tile, problem; GPU kept
std::string preset_summary(const SavedPreset& p);             // "kernel: 256 threads, 48 regs" / "tile 128x128x64"
std::string gpu_summary(const SavedGpu& g);                   // "H100 SXM5, 66 SMs, CC 9.0"

// The JSON array of [key, value] string pairs the browser glue hands over (JSON.stringify of
// Object.entries of localStorage, filtered); nullopt when it does not parse.
std::optional<std::vector<std::pair<std::string, std::string>>> parse_entry_list(std::string_view json);

// A preset's hash without the keys of the GPU and of the view (gpu, d.*, cmp, cg).
std::string strip_device_keys(std::string_view hash);

// What a read of saved entries gives the page: load_storage's (ok) or import_json's answer, one shape.
struct SavedRead {
    bool ok = true;  // false: an import refused as a whole
    SavedState state;
    std::vector<std::string> notices;
    std::vector<std::string> bad_keys;
};
// The JS API module's side (web/page_saved.cpp): `kind` kSavedStorage reads the glue's entry list (parse_entry_list
// then load_storage; an unreadable list reads as no entries), kSavedImport an export file (import_json); the answer
// as lines (saved_lines).
inline constexpr int kSavedStorage = 0, kSavedImport = 1;
std::string page_saved_lines(int kind, std::string_view text);
std::string saved_lines(const SavedRead& r);
// The page's side (web/ui_storage.cpp): the lines read back, exactly as saved_lines had them.
SavedRead read_saved_lines(std::string_view lines);

}  // namespace smcalc::web
