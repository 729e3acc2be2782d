// web/ui_state.cpp - Inputs <-> URL hash, with a notice for every value that falls back to its default.
#include "ui_state.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>
#include <span>
#include <utility>

#include "smcalc/format.hpp"
#include "smcalc/report.hpp"

namespace smcalc::web {

std::array<std::string, kCompareSlots> default_compare_gpus() {
    static const std::array<std::string, kCompareSlots> names = [] {
        std::array<std::string, kCompareSlots> out;
        const char* wanted[kCompareSlots] = {"A100", "H100 SXM5", "B200", "RTX 5090"};
        for (int i = 0; i < kCompareSlots; ++i) {
            auto g = find_gpu(wanted[i]);
            out[i] = g ? std::string((*g)->name) : std::string();
        }
        return out;
    }();
    return names;
}

namespace {

constexpr std::size_t kMaxHashChars = 4096;  // longer than any hash we write by a factor of ten
constexpr std::size_t kMaxNotices = 6;
// Hash keys renamed since links were first shared: {old, new}. "ab" (accumulator buffers) read like the
// CLI's --ab (the A and B types); it is "abuf" now.
constexpr std::pair<std::string_view, std::string_view> kRenamedKeys[] = {{"ab", "abuf"}};

// A value as it may be quoted in a notice: printable ASCII, at most 24 characters.
std::string quoted(std::string_view v) {
    std::string s;
    for (char c : v.substr(0, 24)) s += (c >= 0x20 && c < 0x7f) ? c : '?';
    if (v.size() > 24) s += "...";
    return "'" + s + "'";
}

std::optional<int64_t> parse_int(std::string_view s, int64_t lo, int64_t hi) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    if (s.empty()) return std::nullopt;
    int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
    return v;
}

bool flag(std::string_view v, bool& dst) {
    if (v == "1" || v == "true") {
        dst = true;
        return true;
    }
    if (v == "0" || v == "false") {
        dst = false;
        return true;
    }
    return false;
}

struct Decoder {
    Decoded out;
    std::size_t dropped = 0;

    void notice(std::string text) {
        if (out.notices.size() < kMaxNotices)
            out.notices.push_back(std::move(text));
        else
            ++dropped;
    }
    void bad(const char* what, std::string_view value, const std::string& range, const std::string& fallback) {
        notice(std::string(what) + " " + quoted(value) + " in the link is not valid (" + range + "); using " +
               fallback + ".");
    }
    void integer(const char* what, std::string_view v, int64_t& dst, int64_t lo, int64_t hi) {
        if (auto x = parse_int(v, lo, hi))
            dst = *x;
        else
            bad(what, v,
                hi == kMaxInput ? "a whole number, at least " + std::to_string(lo)
                                : std::to_string(lo) + " .. " + std::to_string(hi),
                "the default " + std::to_string(dst));
    }
    // One field of an input table: its text form (fields::parse_text), or a notice naming the field, the
    // allowed values and the value kept.
    template <class T>
    void field(const fields::Field<T>& f, std::string_view v, T& dst) {
        if (auto x = fields::parse_text(f, v)) {
            f.set(dst, *x);
            return;
        }
        bad(std::string(f.label).c_str(), v, range_text(f), fallback_text(f, f.get(dst)));
    }
    template <class T>
    static std::string range_text(const fields::Field<T>& f) {
        const std::string or_default = f.default_what.empty() ? "" : " or default";
        switch (f.codec) {
            case fields::Codec::Bool: return "0 or 1";
            case fields::Codec::DType: return "f32, tf32, f16, bf16, e4m3, e5m2, i8, i32, f6 or f4";
            case fields::Codec::Bytes: return "bytes, e.g. 24576 or 24KB" + or_default;
            case fields::Codec::Word: {
                std::vector<std::string_view> words;
                for (const auto& w : f.vocab->words)
                    if (fields::word_of(*f.vocab, w.value) == w.word) words.push_back(w.word);
                std::string t;
                for (std::size_t i = 0; i < words.size(); ++i)
                    t += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + std::string(words[i]);
                return t;
            }
            case fields::Codec::Int: break;
        }
        if (f.hi == kMaxInput && or_default.empty()) return "a whole number, at least " + std::to_string(f.lo);
        const std::string percent = f.unit.substr(0, 1) == "%" ? " %" : "";  // carveout: "0 .. 100 % or default"
        return std::to_string(f.lo) + " .. " + std::to_string(f.hi) + percent + or_default;
    }
    template <class T>
    static std::string fallback_text(const fields::Field<T>& f, int64_t v) {
        if (v == -1 && !f.default_what.empty()) return "the default";
        switch (f.codec) {
            case fields::Codec::Bool: return v ? "on" : "off";
            case fields::Codec::DType: return "the default";
            case fields::Codec::Word: return std::string(fields::word_of(*f.vocab, static_cast<int>(v)));
            case fields::Codec::Bytes: return "the default " + format_bytes(v);
            case fields::Codec::Int: break;
        }
        return "the default " + std::to_string(v);
    }
    void bytes(const char* what, std::string_view v, int64_t& dst) {
        auto p = parse_bytes_field(what, v);
        if (p.value)
            dst = *p.value;
        else
            bad(what, v, "bytes, e.g. 24576 or 24KB", "the default " + format_bytes(dst));
    }
};

}  // namespace

bool Inputs::custom() const {
    return cc_override.has_value() ||
           std::any_of(overrides.begin(), overrides.end(), [](const auto& o) { return o.has_value(); });
}

const amd::GpuSpec* amd_gpu(const Inputs& in) {
    auto g = amd::find_gpu(in.gpu);
    return g ? *g : nullptr;
}

amd::TileInput Inputs::amd_tile_input() const { return amd::tile_input(tile_input()); }

const GpuSpec* base_gpu(const Inputs& in) {
    auto g = find_gpu(in.gpu);
    return g ? *g : nullptr;
}

Device effective_device(const Inputs& in) {
    Device d;
    if (const GpuSpec* g = base_gpu(in)) d = g->device;
    if (in.cc_override) {
        // Another CC starts from that CC's reference device, keeping the SM count of the base GPU.
        if (auto a = find_arch(*in.cc_override)) {
            const int64_t sms = d.sm_count;
            d = reference_device(**a);
            d.sm_count = sms;
        }
        d.cc = *in.cc_override;
    }
    const auto table = fields::device_fields();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (in.overrides[i]) table[i].set(d, *in.overrides[i]);
    return d;
}

namespace {

// The active mode's main inputs are written whatever their value (a link says what it shows); every other
// field only where it differs from its default.
constexpr std::string_view kKernelMain[] = {"threads", "regs", "smem_static", "smem_dynamic"};
constexpr std::string_view kAmdMain[] = {"vgprs", "agprs", "lds"};
constexpr std::string_view kTileMain[] = {"m", "n", "k", "stages", "warps", "a", "b", "acc", "mma"};

bool listed(std::span<const std::string_view> keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

template <class T>
void put_fields(std::string& h, std::span<const fields::Field<T>> table, const T& value, bool active,
                std::span<const std::string_view> main) {
    const T defaults{};
    for (const auto& f : table) {
        const int64_t v = f.get(value);
        if ((active && listed(main, f.key)) || v != f.get(defaults))
            h += "&" + std::string(f.hash) + "=" + percent_encode(fields::value_text(f, v));
    }
}

}  // namespace

std::string encode_hash(const Inputs& in) {
    const bool kern = in.mode == Mode::Kernel, til = in.mode == Mode::Tile;
    std::string h = "gpu=" + percent_encode(in.gpu);
    h += std::string("&m=") + std::string(fields::word_of(fields::kModeVocab, til ? 1 : 0));
    if (amd_gpu(in)) {
        // An AMD GPU: threads from the kernel table, then the AMD fields (no NVIDIA kernel field applies).
        put_fields(h, fields::kernel_fields().subspan(0, 1), in.kernel, kern, kKernelMain);
        put_fields(h, fields::amd_kernel_fields().subspan(1), in.amd, kern, kAmdMain);
    } else {
        put_fields(h, fields::kernel_fields(), in.kernel, kern, kKernelMain);
    }
    put_fields(h, fields::tile_fields(), in.tile, til, kTileMain);
    const ProblemSize pd = Inputs().problem;
    auto put = [&h](bool always, bool differs, const char* key, const std::string& v) {
        if (always || differs) h += std::string("&") + key + "=" + v;
    };
    put(false, in.problem_on, "p", "1");
    put(in.problem_on, in.problem.m != pd.m, "pm", std::to_string(in.problem.m));
    put(in.problem_on, in.problem.n != pd.n, "pn", std::to_string(in.problem.n));
    put(in.problem_on, in.problem.k != pd.k, "pk", std::to_string(in.problem.k));
    if (in.cluster_on) {
        h += "&cl=" + dims_text(in.cluster.dims);
        put_fields(h, fields::cluster_fields(), in.cluster, false, {});
    }
    put(false, in.compare, "cmp", "1");
    if (in.compare_gpus != default_compare_gpus()) {
        std::string list;
        for (int i = 0; i < kCompareSlots; ++i) list += (i ? "," : "") + percent_encode(in.compare_gpus[i]);
        h += "&cg=" + list;
    }
    if (in.cc_override) h += "&d.cc=" + cc_text(*in.cc_override);
    const auto dev = fields::device_fields();
    for (std::size_t i = 0; i < dev.size(); ++i)
        if (in.overrides[i]) h += "&d." + std::string(dev[i].hash) + "=" + std::to_string(*in.overrides[i]);
    return h;
}

// "cg": up to four GPU names separated by commas; an empty name leaves its slot empty.
SMCALC_STEP void decode_compare_gpus(Decoder& d, const std::string& value) {
    std::array<std::string, kCompareSlots> gpus{};
    std::size_t start = 0;
    int slot = 0;
    bool too_many = false;
    while (start <= value.size()) {
        std::size_t comma = value.find(',', start);
        if (comma == std::string::npos) comma = value.size();
        const std::string name = value.substr(start, comma - start);
        start = comma + 1;
        if (slot >= kCompareSlots) {
            too_many = true;
            break;
        }
        if (name.empty()) {
            ++slot;
            continue;
        }
        if (auto g = find_gpu(name))
            gpus[slot] = std::string((*g)->name);
        else if (auto ag = amd::find_gpu(name))  // a compare across vendors
            gpus[slot] = std::string((*ag)->name);
        else
            d.notice("Unknown GPU " + quoted(name) + " in the link's comparison; its column is left empty.");
        ++slot;
    }
    if (too_many)
        d.notice("The link compares more than " + std::to_string(kCompareSlots) + " GPUs; the first " +
                 std::to_string(kCompareSlots) + " are shown.");
    d.out.inputs.compare_gpus = gpus;
}

// "d.<field>": a custom device's override of one device field; false when `key` is no device field's.
SMCALC_STEP bool decode_device_override(Decoder& d, const std::string& key, const std::string& value) {
    Inputs& in = d.out.inputs;
    bool found = false;
    const auto dev = fields::device_fields();
    for (std::size_t i = 0; i < dev.size(); ++i) {
        if (key != "d." + std::string(dev[i].hash)) continue;
        found = true;
        const auto& df = dev[i];
        if (df.codec == fields::Codec::Bytes) {
            auto p = parse_bytes_field(df.label, value);
            if (p.value)
                in.overrides[i] = *p.value;
            else
                d.bad(std::string(df.label).c_str(), value, "bytes", "the GPU's own value");
        } else if (auto x = parse_int(value, 0, kMaxInput)) {
            in.overrides[i] = *x;
        } else {
            d.bad(std::string(df.label).c_str(), value, "a whole number, at least 0", "the GPU's own value");
        }
    }
    return found;
}

// One key=value of the link, read into the decoder's inputs (or a notice saying why not).
SMCALC_STEP void decode_setting(Decoder& d, const std::string& key, const std::string& value) {
    Inputs& in = d.out.inputs;
    if (const auto* f = fields::find_hash(fields::kernel_fields(), key)) {
        d.field(*f, value, in.kernel);
    } else if (const auto* t = fields::find_hash(fields::tile_fields(), key)) {
        d.field(*t, value, in.tile);
    } else if (const auto* am = fields::find_hash(fields::amd_kernel_fields(), key)) {
        d.field(*am, value, in.amd);
    } else if (key == "gpu") {
        auto g = find_gpu(value);
        if (g)
            in.gpu = std::string((*g)->name);
        else if (auto ag = amd::find_gpu(value))
            in.gpu = std::string((*ag)->name);
        else
            d.notice("Unknown GPU " + quoted(value) + " in the link; showing " + in.gpu + " instead.");
    } else if (key == "m") {
        if (auto mode = fields::value_of(fields::kModeVocab, value))
            in.mode = *mode == 1 ? Mode::Tile : Mode::Kernel;
        else
            d.bad("Mode", value, "kernel or tile", "tile");
    } else if (key == "p") {
        if (!flag(value, in.problem_on)) d.bad("Problem size switch", value, "0 or 1", "off");
    } else if (key == "pm" || key == "pn" || key == "pk") {
        int64_t& dst = key == "pm" ? in.problem.m : key == "pn" ? in.problem.n : in.problem.k;
        d.integer(key == "pm" ? "Problem M" : key == "pn" ? "Problem N" : "Problem K", value, dst, 1, kMaxInput);
    } else if (key == "cl") {
        // "4x2x1" or a size "8"; each dimension 1 .. 16 (validate_cluster names the CC and size limits).
        auto dims = split_dims(value);
        if (dims && std::all_of(dims->begin(), dims->end(), [](int64_t v) { return v >= 1 && v <= kMaxClusterSize; })) {
            in.cluster_on = true;
            in.cluster.dims = Dim3{(*dims)[0], (*dims)[1], (*dims)[2]};
        } else {
            d.bad("Cluster", value, "XxYxZ such as 4x2x1 or a size such as 8, each dimension 1 .. 16", "no cluster");
        }
    } else if (const auto* c = fields::find_hash(fields::cluster_fields(), key)) {
        d.field(*c, value, in.cluster);
    } else if (key == "cmp") {
        if (!flag(value, in.compare)) d.bad("Compare switch", value, "0 or 1", "off");
    } else if (key == "cg") {
        decode_compare_gpus(d, value);
    } else if (key == "d.cc") {
        auto cc = parse_cc(value);
        if (cc && find_arch(*cc))
            in.cc_override = *cc;
        else
            d.bad("Compute capability", value, "a modelled CC such as 9.0", "the GPU's own");
    } else if (!decode_device_override(d, key, value)) {
        d.notice("Ignored unknown setting " + quoted(key) + " in the link.");
    }
}

Decoded decode_hash(std::string_view hash) {
    Decoder d;
    if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
    if (hash.size() > kMaxHashChars) {
        d.notice("The link's settings are too long (" + std::to_string(hash.size()) + " characters, at most " +
                 std::to_string(kMaxHashChars) + "); using the defaults.");
        return d.out;
    }
    std::set<std::string> seen;
    std::size_t pos = 0;
    while (pos <= hash.size()) {
        std::size_t end = hash.find_first_of("&;", pos);
        if (end == std::string_view::npos) end = hash.size();
        const std::string_view part = hash.substr(pos, end - pos);
        pos = end + 1;
        if (part.empty()) continue;
        const std::size_t eq = part.find('=');
        if (eq == std::string_view::npos) {
            d.notice("Ignored " + quoted(part) + " in the link (settings look like key=value).");
            continue;
        }
        bool ok_key = true, ok_value = true;
        std::string key = percent_decode(part.substr(0, eq), &ok_key);
        const std::string value = percent_decode(part.substr(eq + 1), &ok_value);
        if (!ok_key || !ok_value) {
            d.notice("Ignored " + quoted(part) + " in the link (broken %-escape).");
            continue;
        }
        // Keys renamed since links were first shared: read under their current name.
        for (const auto& [old_key, new_key] : kRenamedKeys)
            if (key == old_key) key = new_key;
        if (!seen.insert(key).second) {
            d.notice("Setting " + quoted(key) + " appears more than once in the link; the first one is used.");
            continue;
        }
        decode_setting(d, key, value);
    }
    if (d.dropped) d.out.notices.push_back("... and " + std::to_string(d.dropped) + " more problems in the link.");
    return d.out;
}

namespace {
template <class T>
void put_rows(std::string& j, char table, std::span<const fields::Field<T>> rows) {
    for (const auto& f : rows) {
        if (f.hash.empty()) continue;
        const char codec = "ibowt"[static_cast<int>(f.codec)];
        j += std::string(j.size() > 1 ? "," : "") + "[\"" + table + "\"," + json_string(f.key) + "," +
             json_string(f.hash) + ",\"" + codec + "\"," + json_string(f.flag) + "]";
    }
}
}  // namespace

std::string fields_json() {
    std::string j = "[";
    put_rows(j, 'k', fields::kernel_fields());
    put_rows(j, 'a', fields::amd_kernel_fields());
    put_rows(j, 't', fields::tile_fields());
    put_rows(j, 'c', fields::cluster_fields());
    put_rows(j, 'd', fields::device_fields());
    return j + "]";
}

BytesParse parse_bytes_field(std::string_view field, std::string_view text) {
    auto r = parse_bytes(field, text);
    if (r) return {*r, {}};
    return {std::nullopt, r.error().message};
}

namespace {

// The page's additions to a kernel table's rows (see kernel_input_row); nullptr: the table's own.
struct Look {
    const char *key = nullptr, *label = nullptr, *compact = nullptr, *tooltip = nullptr, *id = nullptr,
               *hint = nullptr, *format = nullptr;
    int step = 8, fast = 32;
    bool above_block_smem = false;
};
constexpr Look kNvidiaLooks[] = {
    {"threads", "Threads per block", "Threads", "blockDim.x * blockDim.y * blockDim.z", "##threads", nullptr, nullptr,
     32, 128},
    {"regs", "Registers per thread", "Registers", "From ptxas -v or cuobjdump --dump-resource-usage (\"Used N registers\").",
     "##regs", nullptr, nullptr, 1, 8},
    {"smem_static", "Static shared mem", "Static smem",
     "__shared__ arrays: bytes, e.g. 24576, 24KB or 24 KiB (1 KB = 1024 B).", "##ss", "e.g. 24KB"},
    {"smem_dynamic", "Dynamic shared mem", "Dynamic smem", "The third <<<grid, block, bytes>>> launch argument.", "##ds",
     "e.g. 0"},
    {"optin", "Opt-in", "Opt-in",
     "cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes): lets a block use more than 48 KiB, "
     "up to the device's opt-in limit.",
     "##optin", nullptr, nullptr, 8, 32, true},
    {"smem_dynamic_max", "Max dynamic", "Max dynamic",
     "cudaFuncAttributeMaxDynamicSharedMemorySize in bytes. Empty: CUDA's default (the per-block limit minus static "
     "shared memory).",
     "##dm", "default"},
    {"carveout", "Carveout", "Carveout",
     "cudaFuncAttributePreferredSharedMemoryCarveout: percent of the L1/shared pool to prefer as shared memory. The "
     "driver rounds up to a supported size. Ctrl+click to type.",
     "##co", nullptr, "%d %%"},
    {"barriers", "Barriers", "Barriers",
     "Block barriers the kernel uses (cudaFuncAttributes reports 1). From CC 9.0 NVIDIA's rules limit blocks per SM by "
     "barriers too.",
     "##bar", nullptr, nullptr, 1, 4},
};
constexpr Look kAmdLooks[] = {
    {.key = "threads", .id = "##t", .step = 64, .fast = 256},
    {.key = "sgprs", .id = "##sg", .step = 16, .fast = 32},
};

// What the page reads of a table row, whatever the table's type.
struct TableRow {
    std::string_view key, hash, label, help;
    fields::Codec codec;
    int64_t hi;
    bool has_default;
};
template <class T>
TableRow table_row(const fields::Field<T>& f) {
    return {f.key, f.hash, f.label, f.help, f.codec, f.hi, !f.default_what.empty()};
}

InputRow make_row(const TableRow& f, std::span<const Look> looks) {
    Look l{};
    for (const Look& x : looks)
        if (f.key == x.key) l = x;
    const char* label = l.label ? l.label : f.label.data();
    return {f.hash.data(), label, l.compact ? l.compact : label, l.tooltip ? l.tooltip : f.help.data(),
            f.label.data(), l.hint ? l.hint : "e.g. 16KiB", l.format ? l.format : "%d", l.id,
            f.codec == fields::Codec::Bytes  ? Widget::Bytes
            : f.codec == fields::Codec::Bool ? Widget::Check
            : f.has_default                  ? Widget::Slider
                                             : Widget::Number,
            l.step, l.fast, f.hi, f.has_default, l.above_block_smem};
}

}  // namespace

InputRow kernel_input_row(bool amd, std::size_t i) {
    return amd ? make_row(table_row(fields::amd_kernel_fields()[i]), kAmdLooks)
               : make_row(table_row(fields::kernel_fields()[i]), kNvidiaLooks);
}

std::string url_with_embed(std::string_view page_url, bool embed) {
    std::string base(page_url);
    std::string query;
    if (auto q = base.find('?'); q != std::string::npos) {
        query = base.substr(q + 1);
        base.resize(q);
    }
    // Keep every other query parameter as it was.
    std::string kept;
    std::size_t pos = 0;
    while (pos <= query.size() && !query.empty()) {
        std::size_t end = query.find('&', pos);
        if (end == std::string::npos) end = query.size();
        std::string_view part = std::string_view(query).substr(pos, end - pos);
        if (!part.empty() && part != "embed" && part.substr(0, 6) != "embed=") {
            if (!kept.empty()) kept += '&';
            kept += part;
        }
        pos = end + 1;
    }
    if (embed) kept += kept.empty() ? "embed=1" : "&embed=1";
    return kept.empty() ? base : base + "?" + kept;
}

std::string percent_encode(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string percent_decode(std::string_view s, bool* ok) {
    auto hexval = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    bool good = true;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            if (i + 2 < s.size() && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
                out += static_cast<char>(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
                i += 2;
            } else {
                good = false;
                out += '%';
            }
        } else if (s[i] == '+') {
            out += ' ';
        } else {
            out += s[i];
        }
    }
    if (ok) *ok = good;
    return out;
}

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace smcalc::web
