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
    {"spo", "Opt-in shared mem / block", "bytes", "smem_per_block_optin", &Device::smem_per_block_optin, true},
    {"rsv", "Reserved shared mem / block", "bytes", "reserved_smem_per_block", &Device::reserved_smem_per_block,
     true},
}};

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
            bad(what, v, std::to_string(lo) + " .. " + std::to_string(hi), "the default " + std::to_string(dst));
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

std::string encode_hash(const Inputs& in) {
    const KernelInput& k = in.kernel;
    std::string h = "gpu=" + percent_encode(in.gpu);
    h += in.mode == Mode::Tile ? "&m=tile" : "&m=kernel";
    h += "&t=" + std::to_string(k.threads) + "&r=" + std::to_string(k.regs);
    h += "&ss=" + std::to_string(k.smem_static) + "&ds=" + std::to_string(k.smem_dynamic);
    if (k.optin) h += "&oi=1";
    if (k.smem_dynamic_max >= 0) h += "&dm=" + std::to_string(k.smem_dynamic_max);
    if (k.carveout >= 0) h += "&co=" + std::to_string(k.carveout);
    if (k.barriers != 1) h += "&b=" + std::to_string(k.barriers);
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
                d.bad("Mode", value, "kernel or tile", "kernel");
        } else if (key == "t") {
            d.integer("Threads per block", value, k.threads, 1, kMaxInput);
        } else if (key == "r") {
            d.integer("Registers per thread", value, k.regs, 0, kMaxInput);
        } else if (key == "ss") {
            d.bytes("Static shared memory", value, k.smem_static);
        } else if (key == "ds") {
            d.bytes("Dynamic shared memory", value, k.smem_dynamic);
        } else if (key == "oi") {
            if (value == "1" || value == "true")
                k.optin = true;
            else if (value == "0" || value == "false")
                k.optin = false;
            else
                d.bad("Opt-in", value, "0 or 1", "off");
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
                    d.bad(f.label, value, "0 .. " + std::to_string(kMaxInput), "the GPU's own value");
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
