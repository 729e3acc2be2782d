// device_report.cpp - deviceQuery / nvidia-smi -q / rocminfo / cudaDeviceProp JSON / PyTorch / profiler-trace reports read
// into a device (smcalc/device_report.hpp). The labels below are the ones those tools print (CUDA samples'
// deviceQuery.cpp, nvidia-smi's -q layout, rocminfo's agent block, cudaDeviceProp member names, PyTorch's
// _CudaDeviceProperties repr); tests/data/device-reports holds real reports from public pages with their source.
#include "smcalc/device_report.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/fields.hpp"

namespace smcalc {
namespace {

constexpr int64_t kMaxFigure = int64_t{1} << 40;  // no device figure is larger; longer digit runs are refused

bool contains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// The first run of decimal digits in `s` as a number; nullopt when there is none, kTooLarge when it exceeds
// kMaxFigure (then the report is refused, never read as a wrapped or cut number).
constexpr int64_t kTooLarge = -1;
std::optional<int64_t> first_int(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && !std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == s.size()) return std::nullopt;
    int64_t v = 0;
    for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i) {
        v = v * 10 + (s[i] - '0');
        if (v > kMaxFigure) return kTooLarge;
    }
    return v;
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

// "label ... : value" lines: the text after the first ':' of a line that holds `label`.
std::optional<std::string_view> value_after(std::string_view line, std::string_view label) {
    const std::size_t at = line.find(label);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view rest = line.substr(at + label.size());
    const std::size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    return trim(rest.substr(colon + 1));
}

struct Reading {
    DeviceReport r;
    std::optional<ComputeCapability> cc;
    std::vector<std::pair<std::string_view, int64_t>> figures;  // device field key, value
    std::string ambiguous;  // rocminfo: the name lists several products and nothing picks one
    std::string too_large;  // the device field whose figure exceeds kMaxFigure
};

void put(Reading& x, std::string_view key, std::optional<int64_t> v) {
    if (!v) return;
    if (*v == kTooLarge) {
        if (x.too_large.empty()) x.too_large = std::string(key);
        return;
    }
    for (auto& f : x.figures)
        if (f.first == key) return;  // the first device's value stands
    x.figures.emplace_back(key, *v);
}

Error bad(std::string message) { return Error{ErrorId::BadRequest, "device_report", std::move(message)}; }

// ----------------------------------------------------------------------------- deviceQuery
void read_device_query(std::string_view text, Reading& x) {
    x.r.format = "deviceQuery";
    int devices = 0;
    struct Label {
        std::string_view text;
        std::string_view key;
    };
    constexpr Label kLabels[] = {
        {"Total amount of shared memory per block", "smem_per_block"},
        {"Total shared memory per multiprocessor", "smem_per_sm"},
        {"Total number of registers available per block", "regs_per_block"},
        {"Warp size", "warp_size"},
        {"Maximum number of threads per multiprocessor", "max_threads_per_sm"},
        {"Maximum number of threads per block", "max_threads_per_block"},
    };
    for (std::string_view line : lines_of(text)) {
        const std::size_t dev = line.find("Device ");
        const std::size_t q1 = line.find(": \"");
        if (dev != std::string_view::npos && q1 != std::string_view::npos && q1 > dev) {
            const std::string_view num = trim(line.substr(dev + 7, q1 - dev - 7));
            if (!num.empty() && num.size() < 4 && std::all_of(num.begin(), num.end(), [](char c) {
                    return std::isdigit(static_cast<unsigned char>(c)) != 0;
                })) {
                if (++devices > 1) continue;
                std::string_view name = line.substr(q1 + 3);
                x.r.name = std::string(name.substr(0, std::min<std::size_t>(name.find('"'), 200)));
                continue;
            }
        }
        if (devices > 1) continue;  // only the first device is read
        if (auto v = value_after(line, "CUDA Capability Major/Minor version number")) {
            if (!x.cc) {
                auto cc = parse_cc(std::string(v->substr(0, 8)));
                if (cc) x.cc = *cc;
            }
            continue;
        }
        if (const std::size_t mp = line.find("Multiprocessors"); mp != std::string_view::npos) {
            // "  (030) Multiprocessors, (128) CUDA Cores/MP:" or "  ( 68) Multiprocessors, ..."
            put(x, "sm_count", first_int(line.substr(0, mp)));
            continue;
        }
        for (const Label& l : kLabels)
            if (auto v = value_after(line, l.text)) {
                put(x, l.key, first_int(*v));
                break;
            }
    }
    if (devices > 1)
        x.r.notes.push_back("the report lists " + std::to_string(devices) + " devices; the first (\"" + x.r.name +
                            "\") is read");
}

// ----------------------------------------------------------------------------- cudaDeviceProp JSON / PyTorch
// `"key": value` (JSON) or `key=value` (PyTorch's repr): the value after the key, with the key matched whole.
std::optional<std::string_view> keyed(std::string_view text, std::string_view key, bool json) {
    std::size_t from = 0;
    while (true) {
        const std::size_t at = text.find(key, from);
        if (at == std::string_view::npos) return std::nullopt;
        from = at + 1;
        const std::size_t end = at + key.size();
        if (json) {
            if (at == 0 || text[at - 1] != '"' || end >= text.size() || text[end] != '"') continue;
            std::string_view rest = text.substr(end + 1);
            const std::size_t colon = rest.find_first_not_of(" \t\r\n");
            if (colon == std::string_view::npos || rest[colon] != ':') continue;
            return trim(rest.substr(colon + 1));
        }
        const char before = at == 0 ? ' ' : text[at - 1];
        if (std::isalnum(static_cast<unsigned char>(before)) || before == '_') continue;
        if (end >= text.size() || text[end] != '=') continue;
        return text.substr(end + 1);
    }
}

// A quoted string value ("..." or '...'), cut at 200 characters.
std::string quoted(std::string_view v) {
    if (v.empty() || (v.front() != '"' && v.front() != '\'')) return {};
    const char q = v.front();
    v.remove_prefix(1);
    return std::string(v.substr(0, std::min<std::size_t>(v.find(q), 200)));
}

std::optional<int64_t> keyed_int(std::string_view text, std::string_view key, bool json) {
    auto v = keyed(text, key, json);
    if (!v || v->empty() || !std::isdigit(static_cast<unsigned char>(v->front()))) return std::nullopt;
    return first_int(*v);
}

// The three keyed layouts: cudaDeviceProp member names as JSON, PyTorch's _CudaDeviceProperties repr, and the
// "deviceProperties" block PyTorch's profiler (Kineto) writes at the head of every trace it saves (names from
// libkineto's CuptiActivityProfiler: "numSms", "computeMajor", "maxThreadsPerMultiprocessor" with a small p).
enum class Keyed { Json, Torch, Trace };

void read_keyed(std::string_view text, Reading& x, Keyed style) {
    const bool json = style != Keyed::Torch;
    x.r.format = style == Keyed::Json ? "cudaDeviceProp JSON" : style == Keyed::Torch ? "PyTorch" : "PyTorch profiler trace";
    struct Key {
        std::string_view json, torch, trace, field;
    };
    constexpr Key kKeys[] = {
        {"multiProcessorCount", "multi_processor_count", "numSms", "sm_count"},
        {"maxThreadsPerBlock", "max_threads_per_block", "maxThreadsPerBlock", "max_threads_per_block"},
        {"maxThreadsPerMultiProcessor", "max_threads_per_multi_processor", "maxThreadsPerMultiprocessor", "max_threads_per_sm"},
        {"regsPerMultiprocessor", "regs_per_multiprocessor", "regsPerMultiprocessor", "regs_per_sm"},
        {"regsPerBlock", "regs_per_block", "regsPerBlock", "regs_per_block"},
        {"warpSize", "warp_size", "warpSize", "warp_size"},
        {"sharedMemPerMultiprocessor", "shared_memory_per_multiprocessor", "sharedMemPerMultiprocessor", "smem_per_sm"},
        {"sharedMemPerBlock", "shared_memory_per_block", "sharedMemPerBlock", "smem_per_block"},
        {"sharedMemPerBlockOptin", "shared_memory_per_block_optin", "sharedMemPerBlockOptin", "smem_per_block_optin"},
        {"reservedSharedMemPerBlock", "reserved_shared_memory_per_block", "reservedSharedMemPerBlock", "reserved_smem_per_block"},
    };
    if (style == Keyed::Trace) {
        // A trace lists every GPU of the run, then its events (whose "name"s are kernels): read the first device's
        // block only, and say when there were more.
        const std::size_t head = text.find("\"deviceProperties\"");
        text = text.substr(head);
        const std::size_t close = text.find('}');
        const std::string_view all = text;
        text = text.substr(0, close);
        int devices = 0;
        for (std::size_t at = all.find("\"numSms\""); at != std::string_view::npos; at = all.find("\"numSms\"", at + 1)) ++devices;
        if (auto n = keyed(text, "name", json)) x.r.name = quoted(*n);
        if (devices > 1)
            x.r.notes.push_back("the trace lists " + std::to_string(devices) + " GPUs; the first (\"" + x.r.name + "\") is read");
    } else if (auto n = keyed(text, "name", json)) {
        x.r.name = quoted(*n);
    }
    const auto major = keyed_int(text, style == Keyed::Trace ? "computeMajor" : "major", json);
    const auto minor = keyed_int(text, style == Keyed::Trace ? "computeMinor" : "minor", json);
    if (major && minor && *major >= 0 && *minor >= 0 && *major < 100 && *minor < 10) x.cc = ComputeCapability{static_cast<int>(*major), static_cast<int>(*minor)};
    for (const Key& k : kKeys)
        put(x, k.field, keyed_int(text, style == Keyed::Json ? k.json : style == Keyed::Torch ? k.torch : k.trace, json));
    // HIP's hipDeviceProp_t has the same member names: an AMD GPU's dump ("AMD Instinct MI210") is an AMD device,
    // its multiProcessorCount the CUs (its "major"/"minor" are not an NVIDIA compute capability).
    for (std::string_view amd_word : {"AMD ", "Instinct", "Radeon"})
        if (contains(x.r.name, amd_word)) {
            x.r.amd = true;
            for (const auto& f : x.figures)
                if (f.first == "sm_count") x.r.amd_cus = f.second;
            break;
        }
}

// ----------------------------------------------------------------------------- nvidia-smi -q
void read_nvidia_smi(std::string_view text, Reading& x) {
    x.r.format = "nvidia-smi -q";
    int gpus = 0;
    for (std::string_view line : lines_of(text))
        if (auto v = value_after(line, "Product Name"); v && line.find("Product Name") < line.find(':')) {
            if (++gpus == 1) x.r.name = std::string(v->substr(0, 200));
        }
    if (gpus > 1)
        x.r.notes.push_back("the report lists " + std::to_string(gpus) + " GPUs; the first (\"" + x.r.name + "\") is read");
}

// ----------------------------------------------------------------------------- rocminfo
void read_rocminfo(std::string_view text, Reading& x) {
    x.r.format = "rocminfo";
    x.r.amd = true;
    // Agents are blocks of "  Name: ...", "  Marketing Name: ...", "  Device Type: CPU|GPU", "  Compute Unit: N".
    struct Agent {
        std::string name, marketing;
        bool gpu = false;
        int64_t cus = 0, wave = 0;
    };
    std::vector<Agent> agents;
    for (std::string_view line : lines_of(text)) {
        const std::string_view t = trim(line);
        if (t.rfind("Agent ", 0) == 0 && first_int(t)) {
            agents.emplace_back();
            continue;
        }
        if (agents.empty()) agents.emplace_back();  // an agent block pasted without its "Agent N" header
        Agent& a = agents.back();
        const std::size_t colon = t.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string_view label = trim(t.substr(0, colon));
        const std::string_view value = trim(t.substr(colon + 1));
        if (label == "Name" && a.name.empty()) a.name = std::string(value.substr(0, 60));
        else if (label == "Marketing Name" && a.marketing.empty()) a.marketing = std::string(value.substr(0, 200));
        else if (label == "Device Type") a.gpu = value == "GPU";
        else if (label == "Compute Unit" && a.cus == 0) a.cus = std::max<int64_t>(0, first_int(value).value_or(0));
        else if (label == "Wavefront Size" && a.wave == 0) a.wave = std::max<int64_t>(0, first_int(value).value_or(0));
    }
    int gpus = 0;
    const Agent* first = nullptr;
    for (const Agent& a : agents)
        if (a.gpu || a.name.rfind("gfx", 0) == 0) {
            if (!first) first = &a;
            ++gpus;
        }
    if (!first) return;
    x.r.name = first->marketing.empty() ? first->name : first->marketing;
    x.r.gfx = first->name;
    x.r.amd_cus = first->cus;
    if (first->wave != 0 && first->wave != 64)
        x.r.notes.push_back("the agent reports wavefront size " + std::to_string(first->wave) +
                            "; the Instinct products smcalc models run waves of 64");
    if (gpus > 1)
        x.r.notes.push_back("the report lists " + std::to_string(gpus) + " GPU agents; the first (\"" + x.r.name + "\", " +
                            x.r.gfx + ") is read");
}

// A custom AMD device for the program's life, as a product row is (requests keep a plain pointer to their AMD GPU):
// one per gfx target and die layout, so at most as many as the AMD rows have CUs in all (match_amd refuses more CUs
// than the row has). A deque keeps earlier elements where they are as it grows; the mutex, should two threads read
// reports at once.
const amd::GpuSpec* kept_amd_device(const amd::GpuSpec& d) {
    static std::mutex lock;
    static std::deque<amd::GpuSpec> kept;
    const std::lock_guard<std::mutex> hold(lock);
    for (const amd::GpuSpec& k : kept)
        if (k.gfx == d.gfx && k.die == d.die && k.cu_count == d.cu_count && k.xcd_count == d.xcd_count &&
            k.cus_per_xcd == d.cus_per_xcd)
            return &k;
    kept.push_back(d);
    return &kept.back();
}

// The AMD row a rocminfo agent names. Its marketing name may list two products ("AMD Instinct MI250X/MI250":
// the two share a device ID); the CU count the agent reports picks one (an MI250X GCD has 110, an MI250 GCD 104).
void match_amd(Reading& x) {
    std::vector<const amd::GpuSpec*> named;
    std::string_view names = x.r.name;
    std::string_view prefix;
    if (const std::size_t sp = names.rfind(' '); sp != std::string_view::npos) prefix = names.substr(0, sp + 1);
    std::size_t i = 0;
    while (i <= names.size()) {
        std::size_t slash = names.find('/', i);
        if (slash == std::string_view::npos) slash = names.size();
        std::string cand(names.substr(i, slash - i));
        if (i > 0) cand = std::string(prefix) + cand;  // "MI250" after "AMD Instinct MI250X/"
        if (auto g = amd::find_gpu(cand)) named.push_back(*g);
        i = slash + 1;
    }
    if (named.empty())
        for (const amd::GpuSpec& g : amd::all_gpus())
            if (g.gfx == x.r.gfx) named.push_back(&g);  // the name is unknown: rows of that gfx target
    const amd::GpuSpec* pick = nullptr;
    for (const amd::GpuSpec* g : named)
        if (g->cu_count == x.r.amd_cus || (g->die == "GCD" && g->cus_per_xcd == x.r.amd_cus)) {
            pick = g;
            break;
        }
    if (!pick && named.size() == 1) pick = named.front();
    if (!pick && named.size() > 1 && x.r.amd_cus == 0) {
        std::string which;
        for (std::size_t k = 0; k < named.size(); ++k)
            which += std::string(k == 0 ? "" : k + 1 == named.size() ? " or " : ", ") + std::string(named[k]->name);
        x.ambiguous = "device_report (" + x.r.format + ") names \"" + x.r.name.substr(0, 80) + "\", which is " + which +
                      "; the agent's Compute Unit line tells them apart and the report has none: paste the whole "
                      "agent block (or give gpu)";
        return;
    }
    if (!pick) return;
    if (x.r.amd_cus == 0)
        x.r.notes.push_back("the report gives no Compute Unit line; " + std::string(pick->name) + "'s " +
                            std::to_string(pick->cu_count) + " CUs are used");
    x.r.amd_product = pick;
    if (!x.r.gfx.empty() && x.r.gfx.rfind(std::string(pick->gfx), 0) != 0)
        x.r.differences.push_back("gfx target: the report says " + x.r.gfx + ", the database (" + std::string(pick->name) +
                                  ") " + std::string(pick->gfx));
    if (x.r.amd_cus == pick->cu_count) return;
    if (pick->die == "GCD" && x.r.amd_cus == pick->cus_per_xcd) {
        x.r.notes.push_back("the agent is one GCD of " + std::string(pick->name) + " (" + pick->dies_text() +
                            " CUs): HIP shows each GCD as its own device, so a launch sees " +
                            std::to_string(x.r.amd_cus) + " CUs");
        return;
    }
    if (x.r.amd_cus <= 0) return;
    if (x.r.amd_cus > pick->cu_count) {
        x.ambiguous = "device_report (" + x.r.format + ") names \"" + x.r.name.substr(0, 80) + "\" (" +
                      std::string(pick->name) + ", " + std::to_string(pick->cu_count) + " CUs) but its agent reports " +
                      std::to_string(x.r.amd_cus) + " CUs, more than the product has: it is not that GPU (give gpu)";
        return;
    }
    x.r.differences.push_back("compute units: the report says " + std::to_string(x.r.amd_cus) + ", the database (" +
                              std::string(pick->name) + ") " + std::to_string(pick->cu_count) + " (" +
                              pick->dies_text() + "); a partitioned GPU (CPX/DPX/QPX mode) shows fewer CUs per device");
    // The report wins (it is the device at hand): the row's per-CU rules with the report's CUs. Whole XCDs where the
    // count is a multiple of the row's CUs per XCD (an MI300X CPX partition: 1 XCD x 38), else one die of that many.
    amd::GpuSpec d = *pick;
    d.name = "custom AMD device";
    d.aliases = "";
    d.cu_count = x.r.amd_cus;
    if (pick->cus_per_xcd > 0 && x.r.amd_cus % pick->cus_per_xcd == 0) {
        d.xcd_count = x.r.amd_cus / pick->cus_per_xcd;
    } else {
        d.xcd_count = 1;
        d.cus_per_xcd = x.r.amd_cus;
    }
    // A partition's memory, clock and bandwidth are not the product's: unknown rather than the row's.
    d.hbm_bytes = std::nullopt;
    d.peak_clock_mhz = std::nullopt;
    d.mem_bw_gbs = std::nullopt;
    d.source = "rocminfo report";
    d.note = "built from a pasted rocminfo report whose Compute Unit count differs from the product row";
    x.r.amd_device = kept_amd_device(d);
}

}  // namespace

namespace {

// The end of an AMD report (rocminfo): its product row, or why none.
Expected<DeviceReport> finish_amd(Reading& x) {
    DeviceReport& r = x.r;
    if (r.gfx.empty() && r.name.empty())
        return bad("device_report (rocminfo) has no GPU agent: paste the agent block whose Device Type is GPU "
                   "(its Name: gfx..., Marketing Name and Compute Unit lines)");
    match_amd(x);
    if (!x.ambiguous.empty()) return bad(x.ambiguous);
    if (!r.amd_product) {
        std::string known;
        for (const amd::GpuSpec& g : amd::all_gpus()) known += (known.empty() ? "" : ", ") + std::string(g.name);
        return Error{ErrorId::UnknownGpu, "device_report",
                     "device_report (" + r.format + ") names \"" + r.name.substr(0, 80) + "\" (" + r.gfx.substr(0, 20) +
                         ", " + std::to_string(r.amd_cus) +
                         " CUs), which is not an AMD GPU smcalc models; the AMD GPUs known are " + known};
    }
    return r;
}

// The end of an nvidia-smi -q report: it prints no CC or SM count, so the device is the named product row's.
Expected<DeviceReport> finish_nvidia_smi(DeviceReport& r) {
    if (r.name.empty())
        return bad("device_report (nvidia-smi -q) has no Product Name line");
    if (!r.product)
        return Error{ErrorId::UnknownGpu, "device_report",
                     "device_report (nvidia-smi -q) names \"" + r.name.substr(0, 80) +
                         "\", which is not in the GPU database, and nvidia-smi -q prints no compute capability or "
                         "SM count to build the device from: paste deviceQuery's output (or "
                         "cudaGetDeviceProperties as JSON) instead"};
    r.device = r.product->device;
    r.same_as_product = true;
    for (const auto& f : fields::device_fields()) r.from_rules.emplace_back(f.key);
    r.notes.push_back("nvidia-smi -q prints no compute capability or SM count: every figure is the database row's");
    return r;
}

// Where the device read differs from its product row's (the answer's warnings say each), and whether it is that row.
void note_differences(DeviceReport& r) {
    const Device& p = r.product->device;
    if (!(p.cc == r.device.cc))
        r.differences.push_back("compute capability: the report says " + std::to_string(r.device.cc.major) + "." +
                                std::to_string(r.device.cc.minor) + ", the database (" + std::string(r.product->name) +
                                ") " + std::to_string(p.cc.major) + "." + std::to_string(p.cc.minor));
    for (const auto& f : fields::device_fields()) {
        const int64_t mine = f.get(r.device), theirs = f.get(p);
        if (mine == theirs) continue;
        r.differences.push_back(std::string(f.key) + ": the report says " + std::to_string(mine) + ", the database (" +
                                std::string(r.product->name) + ") " +
                                (theirs == 0 && f.key == "sm_count" ? std::string("unknown") : std::to_string(theirs)));
    }
    r.same_as_product = r.differences.empty();
}

}  // namespace

Expected<DeviceReport> read_device_report(std::string_view text) {
    if (text.size() > kMaxDeviceReportBytes)
        return bad("device_report is " + std::to_string(text.size()) + " bytes; at most " +
                   std::to_string(kMaxDeviceReportBytes) + " bytes are read (paste one device's report)");
    Reading x;
    const std::string_view t = trim(text);
    if (contains(t, "CUDA Capability Major/Minor")) read_device_query(t, x);
    else if (contains(t, "_CudaDeviceProperties(")) read_keyed(t, x, Keyed::Torch);
    else if (!t.empty() && t.front() == '{' && contains(t, "\"multiProcessorCount\"")) read_keyed(t, x, Keyed::Json);
    else if (contains(t, "\"deviceProperties\"") && contains(t, "\"numSms\"")) read_keyed(t, x, Keyed::Trace);
    else if (contains(t, "Marketing Name") || contains(t, "HSA Agents") || contains(t, "Compute Unit:")) read_rocminfo(t, x);
    else if (contains(t, "Product Name")) read_nvidia_smi(t, x);
    else
        return bad("device_report is none of the reports smcalc reads: paste the output of deviceQuery, nvidia-smi -q, "
                   "rocminfo, cudaGetDeviceProperties as JSON (cudaDeviceProp member names such as "
                   "\"multiProcessorCount\") or print(torch.cuda.get_device_properties(0))");
    DeviceReport& r = x.r;
    if (!x.too_large.empty())
        return bad("device_report (" + r.format + "): the " + x.too_large + " figure is larger than 2^40, more than any "
                   "device has; paste the report as the tool printed it");

    if (r.amd) return finish_amd(x);

    // The product row the name resolves to (names as the tools print them: "NVIDIA A100-SXM4-40GB").
    if (!r.name.empty())
        if (auto g = find_gpu(r.name)) r.product = *g;

    if (r.format == "nvidia-smi -q") return finish_nvidia_smi(r);

    if (!x.cc) {
        if (r.product) {
            x.cc = r.product->device.cc;
            r.notes.push_back("the report gives no compute capability; " + std::string(r.product->name) + "'s (" +
                              std::to_string(x.cc->major) + "." + std::to_string(x.cc->minor) + ") is used");
        } else {
            return bad("device_report (" + r.format + ") gives no compute capability" +
                       (r.format == "deviceQuery"              ? std::string(" (the \"CUDA Capability Major/Minor version number\" line)")
                        : r.format == "PyTorch profiler trace" ? std::string(" (\"computeMajor\" and \"computeMinor\")")
                                                               : std::string(" (\"major\" and \"minor\")")));
        }
    }
    auto arch = find_arch(*x.cc);
    if (!arch) return Error{arch.error().id, "device_report", "device_report: " + arch.error().message};
    r.device = reference_device(**arch);
    for (const auto& f : fields::device_fields()) {
        auto it = std::find_if(x.figures.begin(), x.figures.end(), [&](const auto& p) { return p.first == f.key; });
        if (it == x.figures.end()) {
            r.from_rules.emplace_back(f.key);
            // The SM count is the product's, not the CC's (the CC's reference device has none).
            if (f.key == "sm_count" && r.product && r.product->device.cc == *x.cc) r.device.sm_count = r.product->device.sm_count;
            continue;
        }
        f.set(r.device, it->second);
        r.read.emplace_back(f.key);
    }
    if (auto ok = validate_device(r.device); !ok)
        return Error{ok.error().id, "device_report", "device_report (" + r.format + "): " + ok.error().message};

    if (r.product) note_differences(r);
    return r;
}

std::string device_report_summary(const DeviceReport& r) {
    std::string s = r.format + (r.name.empty() ? std::string(" (no name)") : " of \"" + r.name + "\"") + ": ";
    if (r.amd) {
        s += (r.amd_device ? "differs from " : "matches ") + std::string(r.amd_product->name) + " (" +
             (r.gfx.empty() ? std::string("no gfx target") : r.gfx) + ", " +
             (r.amd_cus > 0 ? std::to_string(r.amd_cus) + " CUs" : std::string("no CU count")) + " in the report)";
        if (r.amd_device)
            s += "; a custom device: " + std::string(r.amd_product->gfx) + "'s per-CU rules with the report's " +
                 std::to_string(r.amd_device->cu_count) + " CUs (" + r.amd_device->dies_text() + ")";
    } else if (!r.product) {
        s += "no product row matches the name; a custom device built from the report";
    } else {
        s += std::string(r.same_as_product ? "matches " : "differs from ") + std::string(r.product->name);
    }
    if (!r.differences.empty()) {
        s += ": ";
        for (std::size_t i = 0; i < r.differences.size(); ++i) s += (i ? "; " : "") + r.differences[i];
    }
    if (!r.amd && !r.from_rules.empty() && r.format != "nvidia-smi -q") {
        s += ". Not in the report, from CC " + std::to_string(r.device.cc.major) + "." + std::to_string(r.device.cc.minor) +
             "'s rules: ";
        for (std::size_t i = 0; i < r.from_rules.size(); ++i) s += (i ? ", " : "") + r.from_rules[i];
    }
    return s;
}

}  // namespace smcalc
