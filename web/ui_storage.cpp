// web/ui_storage.cpp - saved GPUs and presets <-> JSON (see ui_storage.hpp). A small JSON reader of its own:
// the page does not link nlohmann-json (page weight), and this reads a few flat objects only.
#include "ui_storage.hpp"

#include "smcalc/format.hpp"

#include <algorithm>
#include <charconv>

namespace smcalc::web {
namespace {

// ----- a minimal JSON reader: objects, arrays, strings (with \u escapes), integers, true/false/null -----

struct Json {
    enum Type { Null, Bool, Int, Number, String, Array, Object } type = Null;
    bool b = false;
    int64_t i = 0;  // Int
    std::string s;  // String
    std::vector<Json> arr;          // Array; Object: the values, keys[i] naming arr[i]
    std::vector<std::string> keys;  // (no vector<pair<string, Json>>: pair of an incomplete type)

    const Json* get(std::string_view key) const {
        for (std::size_t n = 0; n < keys.size(); ++n)
            if (keys[n] == key) return &arr[n];
        return nullptr;
    }
};

class Reader {
public:
    explicit Reader(std::string_view t) : t_(t) {}
    std::optional<Json> document() {
        Json j;
        if (!value(j, 0)) return std::nullopt;
        ws();
        if (p_ != t_.size()) return std::nullopt;
        return j;
    }

private:
    std::string_view t_;
    std::size_t p_ = 0;
    static constexpr int kMaxDepth = 32;

    void ws() {
        while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\n' || t_[p_] == '\r')) ++p_;
    }
    // Past an opening bracket, `j` becomes a `type`; true if the container is empty (`close` follows at once).
    bool open_empty(Json& j, Json::Type type, char close) {
        ++p_;
        j.type = type;
        ws();
        if (p_ >= t_.size() || t_[p_] != close) return false;
        ++p_;
        return true;
    }
    // After a member or an element: ',' (another follows: 1), the closing bracket `close` (0), else -1.
    int next_or_close(char close) {
        ws();
        if (p_ >= t_.size()) return -1;
        if (t_[p_] == ',') return ++p_, 1;
        if (t_[p_] == close) return ++p_, 0;
        return -1;
    }
    bool lit(std::string_view w) {
        if (t_.substr(p_, w.size()) != w) return false;
        p_ += w.size();
        return true;
    }
    bool hex4(uint32_t& v) {
        if (p_ + 4 > t_.size()) return false;
        v = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = t_[p_++];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
            else return false;
        }
        return true;
    }
    bool string(std::string& out) {
        if (p_ >= t_.size() || t_[p_] != '"') return false;
        ++p_;
        while (p_ < t_.size()) {
            const char c = t_[p_++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return false;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (p_ >= t_.size()) return false;
            // JSON's two-character escapes (RFC 8259, section 7): the letter after the backslash, what it means.
            static constexpr std::string_view kLetters = "\"\\/bfnrt", kMeaning = "\"\\/\b\f\n\r\t";
            const char e = t_[p_++];
            if (const std::size_t i = kLetters.find(e); i != std::string_view::npos) {
                out += kMeaning[i];
                continue;
            }
            if (e != 'u') return false;
            uint32_t cp = 0;
            if (!hex4(cp)) return false;
            if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
                uint32_t lo = 0;
                if (!lit("\\u") || !hex4(lo) || lo < 0xDC00 || lo >= 0xE000) return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp < 0xE000) {
                return false;
            }
            append_utf8(out, cp);
        }
        return false;
    }
    bool number(Json& j) {
        const std::size_t start = p_;
        if (p_ < t_.size() && t_[p_] == '-') ++p_;
        const std::size_t digits = p_;
        while (p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9') ++p_;
        if (p_ == digits) return false;
        bool integral = true;
        if (p_ < t_.size() && t_[p_] == '.') {
            integral = false;
            ++p_;
            const std::size_t f = p_;
            while (p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9') ++p_;
            if (p_ == f) return false;
        }
        if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
            integral = false;
            ++p_;
            if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
            const std::size_t f = p_;
            while (p_ < t_.size() && t_[p_] >= '0' && t_[p_] <= '9') ++p_;
            if (p_ == f) return false;
        }
        j.type = Json::Number;
        if (integral) {
            int64_t v = 0;
            auto [end, ec] = std::from_chars(t_.data() + start, t_.data() + p_, v);
            if (ec == std::errc{} && end == t_.data() + p_) {
                j.type = Json::Int;
                j.i = v;
            }
        }
        return true;
    }
    bool value(Json& j, int depth) {
        if (depth > kMaxDepth) return false;
        ws();
        if (p_ >= t_.size()) return false;
        const char c = t_[p_];
        if (c == '{') {
            if (open_empty(j, Json::Object, '}')) return true;
            for (;;) {
                ws();
                std::string key;
                if (!string(key)) return false;
                ws();
                if (p_ >= t_.size() || t_[p_++] != ':') return false;
                Json v;
                if (!value(v, depth + 1)) return false;
                j.keys.push_back(std::move(key));
                j.arr.push_back(std::move(v));
                if (const int more = next_or_close('}'); more <= 0) return more == 0;
            }
        }
        if (c == '[') {
            if (open_empty(j, Json::Array, ']')) return true;
            for (;;) {
                Json v;
                if (!value(v, depth + 1)) return false;
                j.arr.push_back(std::move(v));
                if (const int more = next_or_close(']'); more <= 0) return more == 0;
            }
        }
        if (c == '"') {
            j.type = Json::String;
            return string(j.s);
        }
        if (lit("true")) { j.type = Json::Bool; j.b = true; return true; }
        if (lit("false")) { j.type = Json::Bool; j.b = false; return true; }
        if (lit("null")) { j.type = Json::Null; return true; }
        return number(j);
    }
};

// A string as it may appear in a notice: printable ASCII, at most 40 characters, quoted.
std::string quoted(std::string_view v) {
    std::string s;
    for (char c : v.substr(0, 40)) s += (c >= 0x20 && c < 0x7f) ? c : '?';
    if (v.size() > 40) s += "...";
    return "'" + s + "'";
}


constexpr std::string_view kGpuPrefix = "gpu/";
constexpr std::string_view kPresetPrefix = "preset/";

// Hash keys a preset may not carry (they belong to the GPU or to the view).
bool device_or_view_key(std::string_view key) {
    return key == "gpu" || key.substr(0, 2) == "d." || key == "cmp" || key == "cg";
}

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

// Entry checks: the entry, or why not (one clause, e.g. "its base GPU 'X' is not in the database").
template <typename T>
struct Check {
    std::optional<T> entry;
    std::string why;
};

// Both kinds of entry are a JSON object with a "name" and one other required key (`required`, missing:
// `missing`); `field(key, value, entry)` reads every other field and says why it is bad ("" when good).
template <typename T, typename Field>
Check<T> read_entry(const Json& j, std::string_view required, const char* missing, Field&& field) {
    if (j.type != Json::Object) return {std::nullopt, "it is not a JSON object"};
    T e;
    bool has_name = false, has_required = false;
    for (std::size_t i = 0; i < j.keys.size(); ++i) {
        const std::string& key = j.keys[i];
        const Json& v = j.arr[i];
        if (key == "name") {
            if (v.type != Json::String) return {std::nullopt, "its name is not a string"};
            NameCheck n = check_saved_name(v.s);
            if (!n.name) return {std::nullopt, "its name " + quoted(v.s) + " is not valid (" + n.error + ")"};
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

Check<SavedGpu> read_gpu(const Json& j) {
    return read_entry<SavedGpu>(j, "base", "it has no base GPU", [](const std::string& key, const Json& v, SavedGpu& g) {
        if (key == "base") {
            if (v.type != Json::String) return std::string("its base GPU is not a string");
            auto spec = find_gpu(v.s);
            if (!spec) return "its base GPU " + quoted(v.s) + " is not in the database";
            g.base = std::string((*spec)->name);
        } else if (key == "cc") {
            if (v.type == Json::Null) return std::string();
            std::optional<ComputeCapability> cc;
            if (v.type == Json::String)
                if (auto c = parse_cc(v.s); c && find_arch(*c)) cc = *c;
            if (!cc)
                return "its compute capability " +
                       (v.type == Json::String ? quoted(v.s) : std::string("(not a string)")) +
                       " is not a modelled CC such as \"9.0\"";
            g.cc = *cc;
        } else {
            int field = -1;
            for (int f = 0; f < kDeviceFieldCount; ++f)
                if (key == fields::device_fields()[static_cast<std::size_t>(f)].key) field = f;
            if (field < 0) return "it has an unknown field " + quoted(key);
            if (v.type != Json::Int || v.i < 0 || v.i > kMaxInput)
                return "its " + key + " is not a whole number 0 .. 2^53 - 1";
            g.fields[field] = v.i;
        }
        return std::string();
    });
}

Check<SavedPreset> read_preset(const Json& j) {
    return read_entry<SavedPreset>(j, "inputs", "it has no inputs", [](const std::string& key, const Json& v, SavedPreset& p) {
        if (key != "inputs") return "it has an unknown field " + quoted(key);
        if (v.type != Json::String) return std::string("its inputs are not a string");
        Decoded d = decode_hash(v.s);
        if (!d.notices.empty()) return "its inputs do not read: " + d.notices.front();
        p.inputs = strip_device_keys(v.s);
        return std::string();
    });
}

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

}  // namespace

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

LoadResult load_storage(const std::vector<std::pair<std::string, std::string>>& entries) {
    LoadResult r;
    const std::string prefix = std::string(kStorageSchema) + "/";
    std::size_t skipped = 0;
    auto bad = [&](const std::string& key, const std::string& why) {
        r.bad_keys.push_back(key);
        if (r.notices.size() < 5)
            r.notices.push_back("Skipped the saved entry " + quoted(key) + ": " + why +
                                ". It stays in this browser's storage as it is.");
        else
            ++skipped;
    };
    for (const auto& [key, value] : entries) {
        if (key.rfind("smcalc.", 0) != 0 || key == kEmbedBaseKey) continue;  // another page's data; a preference
        if (key.rfind(prefix, 0) != 0) {
            const std::string schema = key.substr(0, key.find('/'));
            bad(key, "it belongs to another version of this page (schema " + quoted(schema) + ", this page reads " +
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
        auto j = Reader(value).document();
        if (!j) {
            bad(key, "its value is not valid JSON");
            continue;
        }
        if (is_gpu) {
            auto c = read_gpu(*j);
            if (!c.entry) { bad(key, c.why); continue; }
            if (c.entry->name != name) { bad(key, "its name does not match its key"); continue; }
            if (r.state.gpus.size() >= kMaxSavedEntries) { bad(key, "more than 200 saved GPUs"); continue; }
            upsert_sorted(r.state.gpus, std::move(*c.entry));
        } else {
            auto c = read_preset(*j);
            if (!c.entry) { bad(key, c.why); continue; }
            if (c.entry->name != name) { bad(key, "its name does not match its key"); continue; }
            if (r.state.presets.size() >= kMaxSavedEntries) { bad(key, "more than 200 saved presets"); continue; }
            upsert_sorted(r.state.presets, std::move(*c.entry));
        }
    }
    if (skipped) r.notices.push_back("... and " + std::to_string(skipped) + " more saved entries could not be read.");
    return r;
}

std::string export_json(const SavedState& s) {
    std::string j = "{\"schema\":" + json_string(kStorageSchema) + ",\n\"gpus\":[";
    for (std::size_t i = 0; i < s.gpus.size(); ++i) j += (i ? ",\n  " : "\n  ") + to_json(s.gpus[i]);
    j += "],\n\"presets\":[";
    for (std::size_t i = 0; i < s.presets.size(); ++i) j += (i ? ",\n  " : "\n  ") + to_json(s.presets[i]);
    return j + "]}\n";
}

ImportResult import_json(std::string_view text) {
    ImportResult r;
    if (text.size() > kMaxImportBytes) {
        r.notices.push_back("The file is too large (" + std::to_string(text.size()) + " bytes, at most " +
                            std::to_string(kMaxImportBytes) + "); nothing was imported.");
        return r;
    }
    auto j = Reader(text).document();
    if (!j || j->type != Json::Object) {
        r.notices.push_back("The file is not a JSON object; nothing was imported. Export files of this page look like "
                            "{\"schema\":\"smcalc.v1\", \"gpus\":[...], \"presets\":[...]}.");
        return r;
    }
    const Json* schema = j->get("schema");
    if (!schema || schema->type != Json::String || schema->s != kStorageSchema) {
        r.notices.push_back("The file is not an " + std::string(kStorageSchema) + " export (its schema is " +
                            (schema && schema->type == Json::String ? quoted(schema->s) : std::string("missing")) +
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
    for (std::size_t k = 0; k < j->keys.size(); ++k) {
        const std::string& key = j->keys[k];
        const Json& v = j->arr[k];
        if (key == "schema") continue;
        if (key != "gpus" && key != "presets") {
            r.notices.push_back("Ignored the unknown field " + quoted(key) + " of the file.");
            continue;
        }
        if (v.type != Json::Array) {
            r.notices.push_back("Ignored " + key + ": it is not a list.");
            continue;
        }
        for (std::size_t i = 0; i < v.arr.size(); ++i) {
            if (key == "gpus") {
                auto c = read_gpu(v.arr[i]);
                if (!c.entry) bad("GPU", i, c.why);
                else if (r.state.gpus.size() >= kMaxSavedEntries) bad("GPU", i, "more than 200 GPUs");
                else upsert_sorted(r.state.gpus, std::move(*c.entry));
            } else {
                auto c = read_preset(v.arr[i]);
                if (!c.entry) bad("preset", i, c.why);
                else if (r.state.presets.size() >= kMaxSavedEntries) bad("preset", i, "more than 200 presets");
                else upsert_sorted(r.state.presets, std::move(*c.entry));
            }
        }
    }
    if (skipped) r.notices.push_back("... and " + std::to_string(skipped) + " more entries were skipped.");
    return r;
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

std::optional<std::vector<std::pair<std::string, std::string>>> parse_entry_list(std::string_view json) {
    auto j = Reader(json).document();
    if (!j || j->type != Json::Array) return std::nullopt;
    std::vector<std::pair<std::string, std::string>> out;
    for (const Json& e : j->arr) {
        if (e.type != Json::Array || e.arr.size() != 2 || e.arr[0].type != Json::String || e.arr[1].type != Json::String)
            return std::nullopt;
        out.emplace_back(e.arr[0].s, e.arr[1].s);
    }
    return out;
}

}  // namespace smcalc::web
