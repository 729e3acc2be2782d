// web/page_saved.cpp - the page's saved GPUs and presets read with the API's JSON reader (issue 26): the JS API module
// (smcalc-api.js, web/bindings.cpp smcalc_page_saved) reads localStorage's smcalc.v1 entries and export files with
// nlohmann-json, the library core/api reads every request with, and the device fields by their table
// (fields::device_fields(), the keys of the API's "device" object). The page's wasm has no JSON reader (page weight):
// it gets the entries back as tab-separated lines (saved_lines below; read_saved_lines in web/ui_storage.cpp).
// Not in the page's wasm (web/CMakeLists.txt globs ui*.cpp for the page); compiled natively for
// tests/web-ui-storage.cpp and fuzz_saved_state.
//
// Lines (cells separated by tabs, each escaped: web/lines.hpp append_cell, Cells::str):
//   X                                   an import that was refused as a whole (nothing in it was read)
//   G  name  base  cc  f0 .. f9         a saved GPU: its base GPU, its CC ("" = the base's), the device fields in
//                                       fields::device_fields() order ("" = not overridden)
//   P  name  inputs                     a saved preset
//   B  key                              a localStorage key that was skipped (left in storage)
//   N  notice                           one sentence for the notice bar
#include <nlohmann/json.hpp>

#include <algorithm>

#include "smcalc/fields.hpp"
#include "smcalc/format.hpp"
#include "lines.hpp"
#include "ui_storage.hpp"

namespace smcalc::web {
namespace {

// ordered_json: members in the order the text has them, so an entry's first bad member is the one named, as written.
using json = nlohmann::ordered_json;

// The JSON text as a document; nullopt when it is not JSON (nlohmann's parser: RFC 8259, UTF-8 checked).
std::optional<json> parse(std::string_view text) {
    json j = json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded()) return std::nullopt;
    return j;
}

// A string as it may appear in a notice: printable ASCII, at most 40 characters, quoted.
std::string in_quotes(std::string_view v) {
    std::string s;
    for (char c : v.substr(0, 40)) s += (c >= 0x20 && c < 0x7f) ? c : '?';
    if (v.size() > 40) s += "...";
    return "'" + s + "'";
}

constexpr std::string_view kGpuPrefix = "gpu/";
constexpr std::string_view kPresetPrefix = "preset/";

// Entry checks: the entry, or why not (one clause, e.g. "its base GPU 'X' is not in the database").
template <typename T>
struct Check {
    std::optional<T> entry;
    std::string why;
};

// Both kinds of entry are a JSON object with a "name" and one other required key (`required`, missing:
// `missing`); `field(key, value, entry)` reads every other member and says why it is bad ("" when good).
template <typename T, typename Field>
Check<T> read_entry(const json& j, std::string_view required, const char* missing, Field&& field) {
    if (!j.is_object()) return {std::nullopt, "it is not a JSON object"};
    T e;
    bool has_name = false, has_required = false;
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        const json& v = item.value();
        if (key == "name") {
            if (!v.is_string()) return {std::nullopt, "its name is not a string"};
            const std::string& text = v.get_ref<const std::string&>();
            NameCheck n = check_saved_name(text);
            if (!n.name) return {std::nullopt, "its name " + in_quotes(text) + " is not valid (" + n.error + ")"};
            e.name = *n.name;
            has_name = true;
            continue;
        }
        if (key == required) has_required = true;
        if (std::string why = field(key, v, e); !why.empty()) return {std::nullopt, std::move(why)};
    }
    if (!has_name) return {std::nullopt, "it has no name"};
    if (!has_required) return {std::nullopt, missing};
    return {std::move(e), {}};
}

// A device field's value: a JSON integer in the field's range (its row of fields::device_fields(), the range the
// API's "device" object checks), else nullopt. Plain integers only, as export files write them: unlike the API, no
// "48KiB" and no 1e3 (tests/web-ui-storage.cpp).
std::optional<int64_t> in_range(const json& v, const fields::Field<Device>& f) {
    int64_t i = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<uint64_t>();
        if (u > static_cast<uint64_t>(kMaxInput)) return std::nullopt;
        i = static_cast<int64_t>(u);
    } else if (v.is_number_integer()) {
        i = v.get<int64_t>();
    } else {
        return std::nullopt;
    }
    if (i < f.lo || i > f.hi) return std::nullopt;
    return i;
}

Check<SavedGpu> read_gpu(const json& j) {
    return read_entry<SavedGpu>(j, "base", "it has no base GPU", [](const std::string& key, const json& v, SavedGpu& g) {
        if (key == "base") {
            if (!v.is_string()) return std::string("its base GPU is not a string");
            const std::string& name = v.get_ref<const std::string&>();
            auto spec = find_gpu(name);
            if (!spec) return "its base GPU " + in_quotes(name) + " is not in the database";
            g.base = std::string((*spec)->name);
        } else if (key == "cc") {
            if (v.is_null()) return std::string();
            std::optional<ComputeCapability> cc;
            if (v.is_string())
                if (auto c = parse_cc(v.get_ref<const std::string&>()); c && find_arch(*c)) cc = *c;
            if (!cc)
                return "its compute capability " + (v.is_string() ? in_quotes(v.get_ref<const std::string&>()) : std::string("(not a string)")) +
                       " is not a modelled CC such as \"9.0\"";
            g.cc = *cc;
        } else {
            const auto table = fields::device_fields();
            const auto* f = fields::find(table, key);
            if (!f) return "it has an unknown field " + in_quotes(key);
            if (v.is_null()) return std::string();  // null: not given, as in the API's device object
            const auto n = in_range(v, *f);
            if (!n) return "its " + key + " must be " + fields::allowed(*f) + "; got " + v.dump();  // the API's words
            g.fields[static_cast<std::size_t>(f - table.data())] = *n;
        }
        return std::string();
    });
}

Check<SavedPreset> read_preset(const json& j) {
    return read_entry<SavedPreset>(j, "inputs", "it has no inputs", [](const std::string& key, const json& v, SavedPreset& p) {
        if (key != "inputs") return "it has an unknown field " + in_quotes(key);
        if (!v.is_string()) return std::string("its inputs are not a string");
        const std::string& text = v.get_ref<const std::string&>();
        Decoded d = decode_hash(text);
        if (!d.notices.empty()) {  // the reader's notice is a sentence; the caller ends this clause with its own "."
            std::string why = d.notices.front();
            if (!why.empty() && why.back() == '.') why.pop_back();
            return "its inputs do not read: " + why;
        }
        p.inputs = strip_device_keys(text);
        return std::string();
    });
}

}  // namespace

LoadResult load_storage(const std::vector<std::pair<std::string, std::string>>& entries) {
    LoadResult r;
    const std::string prefix = std::string(kStorageSchema) + "/";
    std::size_t skipped = 0;
    auto bad = [&](const std::string& key, const std::string& why) {
        r.bad_keys.push_back(key);
        if (r.notices.size() < 5)
            r.notices.push_back("Skipped the saved entry " + in_quotes(key) + ": " + why +
                                ". It stays in this browser's storage as it is.");
        else
            ++skipped;
    };
    for (const auto& [key, value] : entries) {
        if (key.rfind("smcalc.", 0) != 0 || key == kEmbedBaseKey) continue;  // another page's data; a preference
        if (key.rfind(prefix, 0) != 0) {
            const std::string schema = key.substr(0, key.find('/'));
            bad(key, "it belongs to another version of this page (schema " + in_quotes(schema) + ", this page reads " +
                         std::string(kStorageSchema) + ")");
            continue;
        }
        const std::string_view rest = std::string_view(key).substr(prefix.size());
        const bool is_gpu = rest.substr(0, kGpuPrefix.size()) == kGpuPrefix;
        const bool is_preset = rest.substr(0, kPresetPrefix.size()) == kPresetPrefix;
        if (!is_gpu && !is_preset) {
            bad(key, "it is neither a saved GPU nor a saved preset");
            continue;
        }
        const std::string_view name = rest.substr(is_gpu ? kGpuPrefix.size() : kPresetPrefix.size());
        auto j = parse(value);
        if (!j) {
            bad(key, "its value is not valid JSON");
            continue;
        }
        if (is_gpu) {
            auto c = read_gpu(*j);
            if (!c.entry) { bad(key, c.why); continue; }
            if (c.entry->name != name) { bad(key, "its name does not match its key"); continue; }
            if (r.state.gpus.size() >= kMaxSavedEntries) { bad(key, "more than 200 saved GPUs"); continue; }
            upsert(r.state, std::move(*c.entry));
        } else {
            auto c = read_preset(*j);
            if (!c.entry) { bad(key, c.why); continue; }
            if (c.entry->name != name) { bad(key, "its name does not match its key"); continue; }
            if (r.state.presets.size() >= kMaxSavedEntries) { bad(key, "more than 200 saved presets"); continue; }
            upsert(r.state, std::move(*c.entry));
        }
    }
    if (skipped) r.notices.push_back("... and " + std::to_string(skipped) + " more saved entries could not be read.");
    return r;
}

ImportResult import_json(std::string_view text) {
    ImportResult r;
    if (text.size() > kMaxImportBytes) {
        r.notices.push_back("The file is too large (" + std::to_string(text.size()) + " bytes, at most " +
                            std::to_string(kMaxImportBytes) + "); nothing was imported.");
        return r;
    }
    auto j = parse(text);
    if (!j || !j->is_object()) {
        r.notices.push_back("The file is not a JSON object; nothing was imported. Export files of this page look like "
                            "{\"schema\":\"smcalc.v1\", \"gpus\":[...], \"presets\":[...]}.");
        return r;
    }
    const auto schema = j->find("schema");
    const bool schema_text = schema != j->end() && schema->is_string();
    if (!schema_text || schema->get_ref<const std::string&>() != kStorageSchema) {
        r.notices.push_back("The file is not an " + std::string(kStorageSchema) + " export (its schema is " +
                            (schema_text ? in_quotes(schema->get_ref<const std::string&>()) : std::string("missing")) +
                            "); nothing was imported.");
        return r;
    }
    r.ok = true;
    std::size_t skipped = 0;
    auto bad = [&](const char* kind, std::size_t index, const std::string& why) {
        if (r.notices.size() < 5)
            r.notices.push_back(std::string("Skipped ") + kind + " " + std::to_string(index + 1) + " of the file: " + why + ".");
        else
            ++skipped;
    };
    for (const auto& item : j->items()) {
        const std::string& key = item.key();
        const json& v = item.value();
        if (key == "schema") continue;
        if (key != "gpus" && key != "presets") {
            r.notices.push_back("Ignored the unknown field " + in_quotes(key) + " of the file.");
            continue;
        }
        if (!v.is_array()) {
            r.notices.push_back("Ignored " + key + ": it is not a list.");
            continue;
        }
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (key == "gpus") {
                auto c = read_gpu(v[i]);
                if (!c.entry) bad("GPU", i, c.why);
                else if (r.state.gpus.size() >= kMaxSavedEntries) bad("GPU", i, "more than 200 GPUs");
                else upsert(r.state, std::move(*c.entry));
            } else {
                auto c = read_preset(v[i]);
                if (!c.entry) bad("preset", i, c.why);
                else if (r.state.presets.size() >= kMaxSavedEntries) bad("preset", i, "more than 200 presets");
                else upsert(r.state, std::move(*c.entry));
            }
        }
    }
    if (skipped) r.notices.push_back("... and " + std::to_string(skipped) + " more entries were skipped.");
    return r;
}

std::optional<std::vector<std::pair<std::string, std::string>>> parse_entry_list(std::string_view text) {
    auto j = parse(text);
    if (!j || !j->is_array()) return std::nullopt;
    std::vector<std::pair<std::string, std::string>> out;
    for (const json& e : *j) {
        if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string()) return std::nullopt;
        out.emplace_back(e[0].get<std::string>(), e[1].get<std::string>());
    }
    return out;
}

std::string saved_lines(const SavedRead& r) {
    std::string out;
    if (!r.ok) out += "X\n";
    for (const SavedGpu& g : r.state.gpus) {
        out += 'G';
        append_cell(out, g.name);
        append_cell(out, g.base);
        append_cell(out, g.cc ? cc_text(*g.cc) : std::string());
        for (const auto& f : g.fields) append_cell(out, f ? std::to_string(*f) : std::string());
        out += '\n';
    }
    for (const SavedPreset& p : r.state.presets) {
        out += 'P';
        append_cell(out, p.name);
        append_cell(out, p.inputs);
        out += '\n';
    }
    for (const std::string& k : r.bad_keys) {
        out += 'B';
        append_cell(out, k);
        out += '\n';
    }
    for (const std::string& n : r.notices) {
        out += 'N';
        append_cell(out, n);
        out += '\n';
    }
    return out;
}

std::string page_saved_lines(int kind, std::string_view text) {
    SavedRead r;
    if (kind == kSavedImport) {
        ImportResult i = import_json(text);
        r.ok = i.ok;
        r.state = std::move(i.state);
        r.notices = std::move(i.notices);
    } else if (auto entries = parse_entry_list(text)) {
        LoadResult l = load_storage(*entries);
        r.state = std::move(l.state);
        r.notices = std::move(l.notices);
        r.bad_keys = std::move(l.bad_keys);
    }
    return saved_lines(r);
}

}  // namespace smcalc::web
