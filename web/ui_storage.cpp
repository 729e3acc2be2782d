// web/ui_storage.cpp - saved GPUs and presets (see ui_storage.hpp): their JSON as the page writes it, and the entries
// read back from the lines of the JS API module's reader (web/page_saved.cpp: nlohmann-json, the API's JSON library;
// the page's wasm has no JSON reader).
#include "ui_storage.hpp"

#include "smcalc/format.hpp"
#include "lines.hpp"

#include <algorithm>
#include <charconv>

namespace smcalc::web {
namespace {

template <typename T>
bool upsert_sorted(std::vector<T>& list, T item) {
    auto it = std::lower_bound(list.begin(), list.end(), item, [](const T& a, const T& b) { return a.name < b.name; });
    if (it != list.end() && it->name == item.name) {
        *it = std::move(item);
        return true;
    }
    list.insert(it, std::move(item));
    return false;
}

// Hash keys a preset may not carry (they belong to the GPU or to the view).
bool device_or_view_key(std::string_view key) {
    return key == "gpu" || key.substr(0, 2) == "d." || key == "cmp" || key == "cg";
}

}  // namespace

std::string strip_device_keys(std::string_view hash) {
    std::string out;
    std::size_t pos = 0;
    while (pos <= hash.size()) {
        std::size_t end = hash.find_first_of("&;", pos);  // decode_hash's separators
        if (end == std::string_view::npos) end = hash.size();
        const std::string_view part = hash.substr(pos, end - pos);
        pos = end + 1;
        if (part.empty()) continue;
        const std::string_view key = part.substr(0, part.find('='));
        if (device_or_view_key(key)) continue;
        if (!out.empty()) out += '&';
        out += part;
    }
    return out;
}

NameCheck check_saved_name(std::string_view typed) {
    while (!typed.empty() && typed.front() == ' ') typed.remove_prefix(1);
    while (!typed.empty() && typed.back() == ' ') typed.remove_suffix(1);
    if (typed.empty()) return {std::nullopt, "type a name first"};
    if (typed.size() > kMaxSavedName) return {std::nullopt, "at most " + std::to_string(kMaxSavedName) + " characters"};
    for (char c : typed)
        if (c < 0x20 || c >= 0x7f) return {std::nullopt, "letters, digits, spaces and ASCII punctuation only"};
    return {std::string(typed), {}};
}

std::string storage_key(const SavedGpu& g) { return std::string(kStorageSchema) + "/gpu/" + g.name; }
std::string storage_key(const SavedPreset& p) { return std::string(kStorageSchema) + "/preset/" + p.name; }

std::string to_json(const SavedGpu& g) {
    std::string j = "{\"name\":" + json_string(g.name) + ",\"base\":" + json_string(g.base);
    if (g.cc) j += ",\"cc\":" + json_string(cc_text(*g.cc));
    for (int i = 0; i < kDeviceFieldCount; ++i)
        if (g.fields[i])
            j += ",\"" + std::string(fields::device_fields()[static_cast<std::size_t>(i)].key) + "\":" + std::to_string(*g.fields[i]);
    return j + "}";
}

std::string to_json(const SavedPreset& p) {
    return "{\"name\":" + json_string(p.name) + ",\"inputs\":" + json_string(p.inputs) + "}";
}

std::string export_json(const SavedState& s) {
    std::string j = "{\"schema\":" + json_string(kStorageSchema) + ",\n\"gpus\":[";
    for (std::size_t i = 0; i < s.gpus.size(); ++i) j += (i ? ",\n  " : "\n  ") + to_json(s.gpus[i]);
    j += "],\n\"presets\":[";
    for (std::size_t i = 0; i < s.presets.size(); ++i) j += (i ? ",\n  " : "\n  ") + to_json(s.presets[i]);
    return j + "]}\n";
}

bool upsert(SavedState& s, SavedGpu g) { return upsert_sorted(s.gpus, std::move(g)); }
bool upsert(SavedState& s, SavedPreset p) { return upsert_sorted(s.presets, std::move(p)); }

SavedGpu gpu_from_inputs(const Inputs& in, std::string name) {
    SavedGpu g;
    g.name = std::move(name);
    g.base = in.gpu;
    g.cc = in.cc_override;
    g.fields = in.overrides;
    return g;
}

void apply_saved_gpu(const SavedGpu& g, Inputs& in) {
    in.gpu = g.base;
    in.cc_override = g.cc;
    in.overrides = g.fields;
}

SavedPreset preset_from_inputs(const Inputs& in, std::string name) {
    return SavedPreset{std::move(name), strip_device_keys(encode_hash(in))};
}

bool apply_saved_preset(const SavedPreset& p, Inputs& in) {
    Decoded d = decode_hash(p.inputs);
    if (!d.notices.empty()) return false;
    in.mode = d.inputs.mode;
    in.kernel = d.inputs.kernel;
    in.tile = d.inputs.tile;
    in.problem_on = d.inputs.problem_on;
    in.problem = d.inputs.problem;
    return true;
}

std::string preset_summary(const SavedPreset& p) {
    const Inputs in = decode_hash(p.inputs).inputs;
    if (in.mode == Mode::Tile) {
        const TileInput& t = in.tile;
        return std::to_string(t.m) + "x" + std::to_string(t.n) + "x" + std::to_string(t.k) + " tile, " +
               count_text(t.stages, "stage", "stages");
    }
    const KernelInput& k = in.kernel;
    std::string s = std::to_string(k.threads) + " threads, " + std::to_string(k.regs) + " regs";
    if (k.smem_static + k.smem_dynamic > 0) s += ", " + std::to_string(k.smem_static + k.smem_dynamic) + " B smem";
    return s;
}

std::string gpu_summary(const SavedGpu& g) {
    Inputs in;
    apply_saved_gpu(g, in);
    const Device d = effective_device(in);
    std::string s = "from " + g.base + ", CC " + cc_text(d.cc);
    s += d.sm_count > 0 ? ", " + std::to_string(d.sm_count) + " SMs" : std::string(", SM count unknown");
    return s;
}

SavedRead read_saved_lines(std::string_view lines) {
    SavedRead r;
    for (std::size_t pos = 0; pos < lines.size();) {
        const std::size_t end = std::min(lines.find('\n', pos), lines.size());
        const Cells c(lines.substr(pos, end - pos));
        pos = end + 1;
        const char kind = c[0].empty() ? 0 : c[0][0];
        if (kind == 'X') {
            r.ok = false;
        } else if (kind == 'G') {
            SavedGpu g;
            g.name = c.str(1);
            g.base = c.str(2);
            if (auto cc = parse_cc(c[3]); cc && !c[3].empty()) g.cc = *cc;
            for (std::size_t f = 0; f < g.fields.size(); ++f) g.fields[f] = c.num(4 + f);
            r.state.gpus.push_back(std::move(g));
        } else if (kind == 'P') {
            r.state.presets.push_back({c.str(1), c.str(2)});
        } else if (kind == 'B') {
            r.bad_keys.push_back(c.str(1));
        } else if (kind == 'N') {
            r.notices.push_back(c.str(1));
        }
    }
    return r;
}

}  // namespace smcalc::web
