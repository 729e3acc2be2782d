// web/ui_state.cpp - Inputs <-> URL hash, with a notice for every value that falls back to its default.
#include "ui_state.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>

#include "smcalc/report.hpp"

namespace smcalc::web {

const std::array<DeviceField, kDeviceFieldCount> kDeviceFields = {{
    {"sm", "SMs", "SMs", "sm_count", &Device::sm_count, false},
    {"ws", "Warp size", "threads", "warp_size", &Device::warp_size, false},
    {"tpb", "Max threads / block", "threads", "max_threads_per_block", &Device::max_threads_per_block, false},
    {"tps", "Max threads / SM", "threads", "max_threads_per_sm", &Device::max_threads_per_sm, false},
    {"rsm", "Registers / SM", "registers", "regs_per_sm", &Device::regs_per_sm, false},
    {"rpb", "Registers / block", "registers", "regs_per_block", &Device::regs_per_block, false},
    {"ssm", "Shared mem / SM", "bytes", "smem_per_sm", &Device::smem_per_sm, true},
    {"spb", "Shared mem / block", "bytes", "smem_per_block", &Device::smem_per_block, true},
    {"spo", "Opt-in smem / block", "bytes", "smem_per_block_optin", &Device::smem_per_block_optin, true},
    {"rsv", "Reserved / block", "bytes", "reserved_smem_per_block", &Device::reserved_smem_per_block,
     true},
}};

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

std::string cc_text(ComputeCapability cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); }

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
    for (int i = 0; i < kDeviceFieldCount; ++i)
        if (in.overrides[i]) d.*(kDeviceFields[i].member) = *in.overrides[i];
    return d;
}

namespace {

const char* mma_key(MmaPath p) { return p == MmaPath::TensorMemory ? "tmem" : "reg"; }
const char* epilogue_key(Epilogue e) { return e == Epilogue::OutputTile ? "out" : e == Epilogue::Bytes ? "bytes" : "none"; }
const char* subbyte_key(SubbyteSmem s) {
    return s == SubbyteSmem::Packed ? "packed" : s == SubbyteSmem::Padded ? "padded" : "auto";
}

}  // namespace

std::string encode_hash(const Inputs& in) {
    const KernelInput& k = in.kernel;
    const KernelInput kd = Inputs::default_kernel();
    const TileInput& t = in.tile;
    const TileInput td;
    const bool kern = in.mode == Mode::Kernel, til = in.mode == Mode::Tile;
    std::string h = "gpu=" + percent_encode(in.gpu);
    h += til ? "&m=tile" : "&m=kernel";
    // `always`: written whatever the value (the active mode's main inputs); else only when not the default.
    auto put = [&h](bool always, bool differs, const char* key, const std::string& v) {
        if (always || differs) h += std::string("&") + key + "=" + v;
    };
    auto S = [](int64_t v) { return std::to_string(v); };
    auto T = [](DType d) { return std::string(dtype_key(d)); };
    put(kern, k.threads != kd.threads, "t", S(k.threads));
    put(kern, k.regs != kd.regs, "r", S(k.regs));
    put(kern, k.smem_static != kd.smem_static, "ss", S(k.smem_static));
    put(kern, k.smem_dynamic != kd.smem_dynamic, "ds", S(k.smem_dynamic));
    put(false, k.optin, "oi", "1");
    put(false, k.smem_dynamic_max >= 0, "dm", S(k.smem_dynamic_max));
    put(false, k.carveout >= 0, "co", S(k.carveout));
    put(false, k.barriers != 1, "b", S(k.barriers));
    put(til, t.m != td.m, "tm", S(t.m));
    put(til, t.n != td.n, "tn", S(t.n));
    put(til, t.k != td.k, "tk", S(t.k));
    put(til, t.stages != td.stages, "st", S(t.stages));
    put(til, t.warps != td.warps, "w", S(t.warps));
    put(til, t.a != td.a, "ta", T(t.a));
    put(til, t.b != td.b, "tb", T(t.b));
    put(til, t.acc != td.acc, "tc", T(t.acc));
    put(til, t.mma != td.mma, "mma", mma_key(t.mma));
    put(false, t.epilogue != td.epilogue, "ep", epilogue_key(t.epilogue));
    put(false, t.out.has_value(), "eo", t.out ? T(*t.out) : std::string());
    put(false, t.epilogue_bytes != td.epilogue_bytes, "eb", S(t.epilogue_bytes));
    put(false, t.epilogue_reuses_mainloop, "er", "1");
    put(false, t.overhead_regs >= 0, "ov", S(t.overhead_regs));
    put(false, t.subbyte_smem != td.subbyte_smem, "sb", subbyte_key(t.subbyte_smem));
    put(false, t.acc_buffers != td.acc_buffers, "ab", S(t.acc_buffers));
    const ProblemSize pd = Inputs().problem;
    put(false, in.problem_on, "p", "1");
    put(in.problem_on, in.problem.m != pd.m, "pm", S(in.problem.m));
    put(in.problem_on, in.problem.n != pd.n, "pn", S(in.problem.n));
    put(in.problem_on, in.problem.k != pd.k, "pk", S(in.problem.k));
    put(false, in.compare, "cmp", "1");
    if (in.compare_gpus != default_compare_gpus()) {
        std::string list;
        for (int i = 0; i < kCompareSlots; ++i) list += (i ? "," : "") + percent_encode(in.compare_gpus[i]);
        h += "&cg=" + list;
    }
    if (in.cc_override) h += "&d.cc=" + cc_text(*in.cc_override);
    for (int i = 0; i < kDeviceFieldCount; ++i)
        if (in.overrides[i]) h += std::string("&d.") + kDeviceFields[i].key + "=" + std::to_string(*in.overrides[i]);
    return h;
}

Decoded decode_hash(std::string_view hash) {
    Decoder d;
    Inputs& in = d.out.inputs;
    KernelInput& k = in.kernel;
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
        const std::string key = percent_decode(part.substr(0, eq), &ok_key);
        const std::string value = percent_decode(part.substr(eq + 1), &ok_value);
        if (!ok_key || !ok_value) {
            d.notice("Ignored " + quoted(part) + " in the link (broken %-escape).");
            continue;
        }
        if (!seen.insert(key).second) {
            d.notice("Setting " + quoted(key) + " appears more than once in the link; the first one is used.");
            continue;
        }
        if (key == "gpu") {
            auto g = find_gpu(value);
            if (g)
                in.gpu = std::string((*g)->name);
            else
                d.notice("Unknown GPU " + quoted(value) + " in the link; showing " + in.gpu + " instead.");
        } else if (key == "m") {
            if (value == "kernel" || value == "k")
                in.mode = Mode::Kernel;
            else if (value == "tile" || value == "t")
                in.mode = Mode::Tile;
            else
                d.bad("Mode", value, "kernel or tile", "tile");
        } else if (key == "t") {
            d.integer("Threads per block", value, k.threads, 1, kMaxInput);
        } else if (key == "r") {
            d.integer("Registers per thread", value, k.regs, 0, kMaxInput);
        } else if (key == "ss") {
            d.bytes("Static shared memory", value, k.smem_static);
        } else if (key == "ds") {
            d.bytes("Dynamic shared memory", value, k.smem_dynamic);
        } else if (key == "oi") {
            if (!flag(value, k.optin)) d.bad("Opt-in", value, "0 or 1", "off");
        } else if (key == "dm") {
            if (value.empty() || value == "default")
                k.smem_dynamic_max = -1;
            else
                d.bytes("Max dynamic shared memory", value, k.smem_dynamic_max);
        } else if (key == "co") {
            if (value.empty() || value == "default" || value == "-1") {
                k.carveout = -1;
            } else if (auto x = parse_int(value, 0, 100)) {
                k.carveout = static_cast<int>(*x);
            } else {
                d.bad("Carveout", value, "0 .. 100 % or default", "the default");
            }
        } else if (key == "b") {
            d.integer("Barriers", value, k.barriers, 0, kMaxInput);
        } else if (key == "tm" || key == "tn" || key == "tk" || key == "st" || key == "w" || key == "ab") {
            TileInput& t = in.tile;
            int64_t& dst = key == "tm" ? t.m : key == "tn" ? t.n : key == "tk" ? t.k : key == "st" ? t.stages
                         : key == "w"  ? t.warps : t.acc_buffers;
            const char* what = key == "tm" ? "Tile M" : key == "tn" ? "Tile N" : key == "tk" ? "Tile K"
                             : key == "st" ? "Stages" : key == "w" ? "Warps per CTA" : "Accumulator buffers";
            d.integer(what, value, dst, 1, kMaxInput);
        } else if (key == "ta" || key == "tb" || key == "tc" || key == "eo") {
            const char* what = key == "ta" ? "A type" : key == "tb" ? "B type" : key == "tc" ? "Accumulator type"
                                                                                    : "Output type";
            auto dt = parse_dtype(value);
            if (!dt) {
                d.bad(what, value, "f32, tf32, f16, bf16, e4m3, e5m2, i8, i32, f6 or f4", "the default");
            } else if (key == "ta") {
                in.tile.a = *dt;
            } else if (key == "tb") {
                in.tile.b = *dt;
            } else if (key == "tc") {
                in.tile.acc = *dt;
            } else {
                in.tile.out = *dt;
            }
        } else if (key == "mma") {
            if (value == "reg" || value == "registers")
                in.tile.mma = MmaPath::Registers;
            else if (value == "tmem")
                in.tile.mma = MmaPath::TensorMemory;
            else
                d.bad("MMA path", value, "reg or tmem", "registers");
        } else if (key == "ep") {
            if (value == "none")
                in.tile.epilogue = Epilogue::None;
            else if (value == "out")
                in.tile.epilogue = Epilogue::OutputTile;
            else if (value == "bytes")
                in.tile.epilogue = Epilogue::Bytes;
            else
                d.bad("Epilogue", value, "none, out or bytes", "none");
        } else if (key == "eb") {
            d.bytes("Epilogue bytes", value, in.tile.epilogue_bytes);
        } else if (key == "er") {
            if (!flag(value, in.tile.epilogue_reuses_mainloop)) d.bad("Epilogue reuse", value, "0 or 1", "off");
        } else if (key == "ov") {
            if (value.empty() || value == "default" || value == "-1")
                in.tile.overhead_regs = -1;
            else
                d.integer("Other registers per thread", value, in.tile.overhead_regs, 0, kMaxInput);
        } else if (key == "sb") {
            if (value == "auto")
                in.tile.subbyte_smem = SubbyteSmem::Auto;
            else if (value == "packed")
                in.tile.subbyte_smem = SubbyteSmem::Packed;
            else if (value == "padded")
                in.tile.subbyte_smem = SubbyteSmem::Padded;
            else
                d.bad("Sub-byte layout", value, "auto, packed or padded", "auto");
        } else if (key == "p") {
            if (!flag(value, in.problem_on)) d.bad("Problem size switch", value, "0 or 1", "off");
        } else if (key == "pm" || key == "pn" || key == "pk") {
            int64_t& dst = key == "pm" ? in.problem.m : key == "pn" ? in.problem.n : in.problem.k;
            d.integer(key == "pm" ? "Problem M" : key == "pn" ? "Problem N" : "Problem K", value, dst, 1, kMaxInput);
        } else if (key == "cmp") {
            if (!flag(value, in.compare)) d.bad("Compare switch", value, "0 or 1", "off");
        } else if (key == "cg") {
            // Up to four GPU names separated by commas; an empty name leaves its slot empty.
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
                else
                    d.notice("Unknown GPU " + quoted(name) + " in the link's comparison; its column is left empty.");
                ++slot;
            }
            if (too_many)
                d.notice("The link compares more than " + std::to_string(kCompareSlots) + " GPUs; the first " +
                         std::to_string(kCompareSlots) + " are shown.");
            in.compare_gpus = gpus;
        } else if (key == "d.cc") {
            auto cc = parse_cc(value);
            if (cc && find_arch(*cc))
                in.cc_override = *cc;
            else
                d.bad("Compute capability", value, "a modelled CC such as 9.0", "the GPU's own");
        } else {
            bool found = false;
            for (int i = 0; i < kDeviceFieldCount; ++i) {
                if (key != std::string("d.") + kDeviceFields[i].key) continue;
                found = true;
                const DeviceField& f = kDeviceFields[i];
                if (f.bytes) {
                    auto p = parse_bytes_field(f.label, value);
                    if (p.value)
                        in.overrides[i] = *p.value;
                    else
                        d.bad(f.label, value, "bytes", "the GPU's own value");
                } else if (auto x = parse_int(value, 0, kMaxInput)) {
                    in.overrides[i] = *x;
                } else {
                    d.bad(f.label, value, "a whole number, at least 0", "the GPU's own value");
                }
            }
            if (!found) d.notice("Ignored unknown setting " + quoted(key) + " in the link.");
        }
    }
    if (d.dropped) d.out.notices.push_back("... and " + std::to_string(d.dropped) + " more problems in the link.");
    return d.out;
}

BytesParse parse_bytes_field(std::string_view field, std::string_view text) {
    auto r = parse_bytes(field, text);
    if (r) return {*r, {}};
    return {std::nullopt, r.error().message};
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

}  // namespace smcalc::web
