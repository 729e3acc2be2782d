// smcalc_api.cpp - the JSON request/answer contract (see smcalc_api.hpp for the fields).
//
// [SECTION] field readers: JSON value -> checked integer / byte count / boolean, or an Error naming the field
// [SECTION] request parsing: op, device choice (gpu | cc | device), kernel fields, warnings
// [SECTION] answers: result structs -> JSON objects
// [SECTION] entry points: handle, handle_line, handle_text
//
// Inside this file a bad field throws Fail (one place to build the error, no plumbing through every reader);
// parse_request / handle / handle_line / handle_text catch everything, so nothing leaves the layer.
#include "smcalc_api.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <exception>
#include <utility>

#include "smcalc/report.hpp"

namespace smcalc::api {
namespace {

using json = nlohmann::json;

struct Fail {
    Error error;
};

[[noreturn]] void fail(ErrorId id, std::string field, std::string message) {
    throw Fail{Error{id, std::move(field), std::move(message)}};
}

std::string num(int64_t v) { return std::to_string(v); }

std::string cc_text(ComputeCapability cc) { return num(cc.major) + "." + num(cc.minor); }

std::string dump(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

// A value as shown in an error message, cut short.
std::string shown(const json& v) {
    std::string s = dump(v);
    if (s.size() > 48) s = s.substr(0, 45) + "...";
    return s;
}

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] field readers
// ---------------------------------------------------------------------------------------------------------

struct FieldSpec {
    const char* name;         // JSON key
    int64_t lo;               // inclusive range
    int64_t hi;
    const char* what;         // unit, for messages: "threads per block"
    bool bytes = false;       // also accepts "24KiB"-style strings
    bool default_ok = false;  // also accepts -1 and "default" (returned as -1)
};

std::string allowed(const FieldSpec& f) {
    std::string s = "an integer from " + num(f.lo) + " to " + num(f.hi) + " (" + f.what + ")";
    if (f.bytes) s += " or a string with a unit such as \"24KiB\" (1 KB = 1 KiB = 1024 B)";
    if (f.default_ok) s += ", or -1 / \"default\" for CUDA's default";
    return s;
}

int64_t read_int(const json& v, const std::string& field, const FieldSpec& f) {
    auto bad = [&]() -> int64_t { fail(ErrorId::InvalidInput, field, field + " must be " + allowed(f) + "; got " + shown(v)); };
    int64_t x = 0;
    if (v.is_number_unsigned()) {
        const auto u = v.get<uint64_t>();
        if (u > static_cast<uint64_t>(f.hi)) return bad();
        x = static_cast<int64_t>(u);
    } else if (v.is_number_integer()) {
        x = v.get<int64_t>();
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        // NaN fails the first test, infinities the range test; the range is exact in a double (<= 2^53).
        if (!(d == std::floor(d)) || d < static_cast<double>(f.lo) - (f.default_ok ? 1 : 0) ||
            d > static_cast<double>(f.hi))
            return bad();
        x = static_cast<int64_t>(d);
    } else if (v.is_string() && f.default_ok && lower(v.get<std::string>()) == "default") {
        return -1;
    } else if (v.is_string() && f.bytes) {
        auto b = parse_bytes(field, v.get<std::string>());
        if (!b) throw Fail{b.error()};
        x = *b;
    } else {
        return bad();
    }
    if (f.default_ok && x == -1) return -1;
    if (x < f.lo || x > f.hi) return bad();
    return x;
}

bool read_bool(const json& v, const std::string& field) {
    if (!v.is_boolean()) fail(ErrorId::InvalidInput, field, field + " must be true or false; got " + shown(v));
    return v.get<bool>();
}

// null counts as absent (JS undefined/null), so a caller can always send every key.
const json* get(const json& obj, const char* key) {
    auto it = obj.find(key);
    return (it == obj.end() || it->is_null()) ? nullptr : &*it;
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] request parsing
// ---------------------------------------------------------------------------------------------------------

constexpr std::array<std::pair<std::string_view, Op>, 5> kOps = {{{"occupancy", Op::Occupancy},
                                                                  {"block_size", Op::BlockSize},
                                                                  {"dynamic_smem", Op::DynamicSmem},
                                                                  {"gpus", Op::Gpus},
                                                                  {"archs", Op::Archs}}};

std::string_view op_name(Op op) {
    for (const auto& [name, o] : kOps)
        if (o == op) return name;
    return "?";
}

bool is_device_op(Op op) { return op == Op::Occupancy || op == Op::BlockSize || op == Op::DynamicSmem; }

// Kernel fields, with the ops that read them.
const FieldSpec kThreads{"threads", 1, kMaxInput, "threads per block"};
const FieldSpec kRegs{"regs", 0, kMaxInput, "registers per thread"};
const FieldSpec kSmemStatic{"smem_static", 0, kMaxInput, "bytes of static shared memory per block", true};
const FieldSpec kSmemDynamic{"smem_dynamic", 0, kMaxInput, "bytes of dynamic shared memory per block", true};
const FieldSpec kSmemDynamicMax{"smem_dynamic_max", 0, kMaxInput,
                                "bytes, cudaFuncAttributeMaxDynamicSharedMemorySize", true, true};
const FieldSpec kCarveout{"carveout", 0, 100, "% of the largest shared memory carveout", false, true};
const FieldSpec kBarriers{"barriers", 0, kMaxInput, "block barriers per block"};
const FieldSpec kBlocks{"blocks", 1, kMaxInput, "blocks per SM"};

// Device fields: plain range checks here; validate_device then checks them against the CC and each other.
struct DeviceField {
    FieldSpec spec;
    int64_t Device::*member;
};
const std::array<DeviceField, 10> kDeviceFields = {{
    {{"sm_count", 0, kMaxInput, "SMs; 0 or null = unknown"}, &Device::sm_count},
    {{"max_threads_per_block", 0, kMaxInput, "threads"}, &Device::max_threads_per_block},
    {{"max_threads_per_sm", 0, kMaxInput, "threads"}, &Device::max_threads_per_sm},
    {{"regs_per_sm", 0, kMaxInput, "32-bit registers"}, &Device::regs_per_sm},
    {{"regs_per_block", 0, kMaxInput, "32-bit registers"}, &Device::regs_per_block},
    {{"warp_size", 0, kMaxInput, "threads"}, &Device::warp_size},
    {{"smem_per_sm", 0, kMaxInput, "bytes", true}, &Device::smem_per_sm},
    {{"smem_per_block", 0, kMaxInput, "bytes", true}, &Device::smem_per_block},
    {{"smem_per_block_optin", 0, kMaxInput, "bytes", true}, &Device::smem_per_block_optin},
    {{"reserved_smem_per_block", 0, kMaxInput, "bytes", true}, &Device::reserved_smem_per_block},
}};

ComputeCapability read_cc(const json& v, const std::string& field) {
    std::string text;
    if (v.is_string()) {
        text = v.get<std::string>();
    } else if (v.is_number_integer()) {
        text = dump(v);  // 80 -> sm_80 form
    } else if (v.is_number_float()) {
        // 8.6 as a number: one decimal, exactly (8.65 is not a CC).
        const double d = v.get<double>();
        const double tenths = std::round(d * 10.0);
        if (!(std::fabs(d * 10.0 - tenths) < 1e-6) || tenths < 0 || tenths > 999)
            fail(ErrorId::InvalidInput, field, field + " must be a compute capability such as \"8.0\"; got " + shown(v));
        const auto t = static_cast<int>(tenths);
        text = num(t / 10) + "." + num(t % 10);
    } else {
        fail(ErrorId::InvalidInput, field, field + " must be a compute capability such as \"8.0\"; got " + shown(v));
    }
    auto cc = parse_cc(text);
    if (!cc) fail(cc.error().id, field, cc.error().message);
    auto arch = find_arch(*cc);
    if (!arch) fail(arch.error().id, field, arch.error().message);
    return *cc;
}

Device read_device_object(const json& obj, std::vector<std::string>& warnings) {
    if (!obj.is_object())
        fail(ErrorId::InvalidInput, "device",
             "device must be an object such as {\"cc\": \"8.0\", \"sm_count\": 108}; got " + shown(obj));
    const json* cc = get(obj, "cc");
    if (!cc) fail(ErrorId::BadRequest, "device.cc", "device.cc is missing: a device object needs its compute capability");
    Device d = reference_device(**find_arch(read_cc(*cc, "device.cc")));
    for (const auto& f : kDeviceFields) {
        const std::string field = std::string("device.") + f.spec.name;
        if (const json* v = get(obj, f.spec.name)) d.*f.member = read_int(*v, field, f.spec);
    }
    for (const auto& [key, value] : obj.items()) {
        const bool known = key == "cc" || std::any_of(kDeviceFields.begin(), kDeviceFields.end(),
                                                      [&](const DeviceField& f) { return key == f.spec.name; });
        if (!known) warnings.push_back("unknown field \"device." + key + "\" ignored");
    }
    auto ok = validate_device(d);
    if (!ok) throw Fail{ok.error()};
    return d;
}

// Which op reads a top-level field (for "ignored by op" warnings).
bool used_by(std::string_view key, Op op) {
    if (key == "op" || key == "id") return true;
    const bool device_key = key == "gpu" || key == "cc" || key == "device";
    const bool kernel_key = key == "regs" || key == "smem_static" || key == "optin" || key == "smem_dynamic_max" ||
                            key == "carveout" || key == "barriers";
    if (!is_device_op(op)) return false;
    if (device_key || kernel_key) return true;
    if (key == "threads") return op != Op::BlockSize;
    if (key == "smem_dynamic") return op != Op::DynamicSmem;
    if (key == "blocks") return op == Op::DynamicSmem;
    return false;
}

bool known_key(std::string_view key) {
    static constexpr std::array<std::string_view, 14> kKnown = {
        "op",    "id",           "gpu",   "cc",               "device",   "threads",  "regs",
        "smem_static", "smem_dynamic", "optin", "smem_dynamic_max", "carveout", "barriers", "blocks"};
    return std::find(kKnown.begin(), kKnown.end(), key) != kKnown.end();
}

Request parse(const json& j) {
    if (!j.is_object())
        fail(ErrorId::BadRequest, "",
             "a request must be a JSON object such as {\"op\": \"occupancy\", \"gpu\": \"A100\"}; got " + shown(j));
    Request req;
    const json* op = get(j, "op");
    std::string ops;
    for (const auto& [name, o] : kOps) ops += (ops.empty() ? "" : ", ") + std::string(name);
    if (!op) fail(ErrorId::BadRequest, "op", "op is missing; it must be one of " + ops);
    if (!op->is_string()) fail(ErrorId::BadRequest, "op", "op must be a string, one of " + ops + "; got " + shown(*op));
    const std::string op_text = op->get<std::string>();
    auto it = std::find_if(kOps.begin(), kOps.end(), [&](const auto& p) { return p.first == op_text; });
    if (it == kOps.end()) fail(ErrorId::BadRequest, "op", "op \"" + op_text.substr(0, 40) + "\" is not one of " + ops);
    req.op = it->second;
    if (auto id = j.find("id"); id != j.end()) req.id = *id;

    for (const auto& [key, value] : j.items()) {
        if (!known_key(key))
            req.warnings.push_back("unknown field \"" + key + "\" ignored");
        else if (!value.is_null() && !used_by(key, req.op))
            req.warnings.push_back("field \"" + key + "\" is ignored by op " + std::string(op_name(req.op)));
    }
    if (!is_device_op(req.op)) return req;

    // The device: exactly one of gpu, cc, device.
    const json* gpu = get(j, "gpu");
    const json* cc = get(j, "cc");
    const json* dev = get(j, "device");
    const int given = (gpu ? 1 : 0) + (cc ? 1 : 0) + (dev ? 1 : 0);
    if (given != 1) {
        std::string which;
        for (auto [p, name] : {std::pair{gpu, "gpu"}, std::pair{cc, "cc"}, std::pair{dev, "device"}})
            if (p) which += (which.empty() ? "" : " and ") + std::string(name);
        fail(ErrorId::BadRequest, given == 0 ? "gpu" : "device",
             "give exactly one of \"gpu\", \"cc\" or \"device\" (got " + (given == 0 ? std::string("none") : which) + ")");
    }
    if (gpu) {
        if (!gpu->is_string())
            fail(ErrorId::InvalidInput, "gpu", "gpu must be a GPU name such as \"H100 SXM5\" (see op gpus); got " + shown(*gpu));
        auto spec = find_gpu(gpu->get<std::string>());
        if (!spec) fail(spec.error().id, "gpu", spec.error().message);
        req.gpu = std::string((*spec)->name);
        req.device = (*spec)->device;
        auto ok = validate_device(req.device);
        if (!ok) throw Fail{ok.error()};
    } else if (cc) {
        req.device = reference_device(**find_arch(read_cc(*cc, "cc")));
    } else {
        req.device = read_device_object(*dev, req.warnings);
    }

    // The kernel: KernelInput's defaults where absent.
    KernelInput& in = req.input;
    auto read = [&](const FieldSpec& f, int64_t& out) {
        if (!used_by(f.name, req.op)) return;
        if (const json* v = get(j, f.name)) out = read_int(*v, f.name, f);
    };
    read(kThreads, in.threads);
    read(kRegs, in.regs);
    read(kSmemStatic, in.smem_static);
    read(kSmemDynamic, in.smem_dynamic);
    read(kSmemDynamicMax, in.smem_dynamic_max);
    int64_t carveout = in.carveout;
    read(kCarveout, carveout);
    in.carveout = static_cast<int>(carveout);  // -1 .. 100
    read(kBarriers, in.barriers);
    read(kBlocks, req.blocks);
    if (const json* v = get(j, "optin")) in.optin = read_bool(*v, "optin");
    return req;
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] answers
// ---------------------------------------------------------------------------------------------------------

json opt(const std::optional<int64_t>& v) { return v ? json(*v) : json(nullptr); }
json opt(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }
json gpu_name(const Request& r) { return r.gpu.empty() ? json(nullptr) : json(r.gpu); }

json device_json(const Device& d) {
    json o = json::object();
    o["cc"] = cc_text(d.cc);
    for (const auto& f : kDeviceFields) o[f.spec.name] = d.*f.member;
    if (d.sm_count <= 0) o["sm_count"] = nullptr;
    return o;
}

json input_json(const KernelInput& in) {
    return {{"threads", in.threads},          {"regs", in.regs},       {"smem_static", in.smem_static},
            {"smem_dynamic", in.smem_dynamic}, {"optin", in.optin},     {"smem_dynamic_max", in.smem_dynamic_max},
            {"carveout", in.carveout},         {"barriers", in.barriers}};
}

json occupancy_json(const Request& req, const OccupancyResult& r) {
    json limits = json::object();
    for (Resource res : kResources) limits[std::string(resource_key(res))] = opt(r.limit(res));
    json limiting = json::array();
    for (Resource res : r.limiting) limiting.push_back(std::string(resource_key(res)));
    json budgets = json::array();
    for (const auto& b : r.budgets)
        budgets.push_back({{"name", b.name}, {"unit", b.unit}, {"used", b.used}, {"limit", b.limit}, {"limiting", b.limiting}});
    json a = json::object();
    a["blocks_per_sm"] = r.blocks_per_sm;
    a["warps_per_sm"] = r.warps_per_sm;
    a["threads_per_sm"] = r.threads_per_sm;
    a["occupancy"] = r.occupancy;
    a["limits"] = std::move(limits);
    a["limiting"] = std::move(limiting);
    a["regs_per_block"] = opt(r.regs_per_block);
    a["smem_per_block"] = r.smem_per_block;
    a["smem_per_sm"] = r.smem_per_sm;
    a["warps_per_block"] = r.warps_per_block;
    a["regs_per_warp"] = r.regs_per_warp;
    a["max_warps_per_sm"] = r.max_warps_per_sm;
    a["budgets"] = std::move(budgets);
    a["derivation"] = r.derivation;
    a["notes"] = r.notes;
    a["device"] = device_json(req.device);
    a["gpu"] = gpu_name(req);
    a["input"] = input_json(req.input);
    return a;
}

json gpus_json() {
    json list = json::array();
    for (const auto& g : all_gpus()) {
        json aliases = json::array();
        std::string_view rest = g.aliases;
        while (!rest.empty()) {
            const auto bar = rest.find('|');
            const auto a = rest.substr(0, bar);
            if (!a.empty()) aliases.push_back(std::string(a));
            rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
        }
        json o = json::object();
        o["name"] = std::string(g.name);
        o["aliases"] = std::move(aliases);
        o.update(device_json(g.device));
        o["boost_clock_mhz"] = opt(g.boost_clock_mhz);
        o["l2_bytes"] = opt(g.l2_bytes);
        o["mem_bw_gbs"] = opt(g.mem_bw_gbs);
        o["bf16_dense_tflops"] = opt(g.bf16_dense_tflops);
        o["fp32_tflops"] = opt(g.fp32_tflops);
        o["source"] = std::string(g.source);
        o["note"] = std::string(g.note);
        list.push_back(std::move(o));
    }
    return {{"gpus", std::move(list)}};
}

json archs_json() {
    json list = json::array();
    for (const auto& a : all_arch_rules()) {
        json carve = json::array();
        for (int c : a.carveouts()) carve.push_back(c);
        list.push_back({{"cc", cc_text(a.cc)},
                        {"family", std::string(a.family)},
                        {"warp_size", a.warp_size},
                        {"max_threads_per_block", a.max_threads_per_block},
                        {"max_warps_per_sm", a.max_warps_per_sm},
                        {"max_threads_per_sm", a.max_threads_per_sm},
                        {"max_blocks_per_sm", a.max_blocks_per_sm},
                        {"regs_per_sm", a.regs_per_sm},
                        {"regs_per_block", a.regs_per_block},
                        {"max_regs_per_thread", a.max_regs_per_thread},
                        {"max_regs_per_thread_occ", a.max_regs_per_thread_occ},
                        {"reg_alloc_unit", a.reg_alloc_unit},
                        {"sub_partitions", a.sub_partitions},
                        {"smem_alloc_granularity", a.smem_alloc_granularity},
                        {"reserved_smem_per_block", a.reserved_smem_per_block},
                        {"smem_per_sm", a.smem_per_sm},
                        {"smem_per_block", a.smem_per_block},
                        {"smem_per_block_optin", a.smem_per_block_optin},
                        {"carveouts_kib", std::move(carve)},
                        {"barrier_factor", a.barrier_factor},
                        {"barrier_limit_applies", a.barrier_limit_applies},
                        {"barriers_per_block", a.barriers_per_block},
                        {"has_tmem", a.has_tmem},
                        {"tmem_columns", a.tmem_columns},
                        {"source", std::string(a.source)}});
    }
    return {{"archs", std::move(list)}};
}

json answer(const Request& req) {
    switch (req.op) {
        case Op::Occupancy: {
            auto r = occupancy(req.device, req.input);
            if (!r) return error_json(r.error());
            return occupancy_json(req, *r);
        }
        case Op::BlockSize: {
            auto r = block_size(req.device, req.input);
            if (!r) return error_json(r.error());
            return {{"block_size", r->block_size},
                    {"min_grid_size", r->min_grid_size},
                    {"blocks_per_sm", r->blocks_per_sm},
                    {"occupancy", r->occupancy},
                    {"gpu", gpu_name(req)}};
        }
        case Op::DynamicSmem: {
            auto r = dynamic_smem(req.device, req.input, req.blocks);
            if (!r) return error_json(r.error());
            return {{"bytes", *r}, {"gpu", gpu_name(req)}};
        }
        case Op::Gpus:
            return gpus_json();
        case Op::Archs:
            return archs_json();
    }
    return error_json({ErrorId::BadRequest, "op", "unknown op"});
}

// Nesting depth of a JSON text (brackets outside strings). nlohmann parses iteratively, but copying and
// dumping a value recurse: a line of 100,000 '[' must be refused before that.
std::size_t nesting_depth(std::string_view s) {
    std::size_t depth = 0, deepest = 0;
    bool in_string = false, escaped = false;
    for (char c : s) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

constexpr std::size_t kMaxDepth = 64;

}  // namespace

// -------------------------------------------------------------------------------------------------------------
// [SECTION] entry points
// -------------------------------------------------------------------------------------------------------------

json error_json(const Error& e) {
    return {{"error", {{"id", std::string(error_id_string(e.id))}, {"message", e.message}, {"field", e.field}}}};
}

Expected<Request> parse_request(const json& request) {
    try {
        return parse(request);
    } catch (const Fail& f) {
        return f.error;
    } catch (const std::exception& e) {
        // nlohmann type errors and the like: a request shape this layer did not foresee.
        return Error{ErrorId::BadRequest, "", std::string("malformed request: ") + e.what()};
    } catch (...) {
        return Error{ErrorId::BadRequest, "", "malformed request"};
    }
}

json handle(const json& request) {
    try {
        json a;
        auto req = parse_request(request);
        if (!req) {
            a = error_json(req.error());
        } else {
            a = answer(*req);
            if (!req->warnings.empty()) a["warnings"] = req->warnings;
        }
        if (request.is_object())
            if (auto id = request.find("id"); id != request.end()) a["id"] = *id;
        return a;
    } catch (const std::exception& e) {
        try {
            return error_json({ErrorId::BadRequest, "", std::string("request failed: ") + e.what()});
        } catch (...) {
            return json();
        }
    } catch (...) {
        return json();
    }
}

std::string handle_line(std::string_view line) {
    try {
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
        if (line.empty()) return dump(error_json({ErrorId::BadRequest, "", "empty line"}));
        if (nesting_depth(line) > kMaxDepth)
            return dump(error_json({ErrorId::BadRequest, "",
                                    "malformed request: JSON nested deeper than " + num(kMaxDepth) + " levels"}));
        json request;
        try {
            request = json::parse(line);
        } catch (const json::parse_error& e) {
            std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
            if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
            return dump(error_json({ErrorId::BadRequest, "",
                                    "malformed JSON (byte " + num(static_cast<int64_t>(e.byte)) + "): " + what}));
        }
        return dump(handle(request));
    } catch (...) {
        return R"({"error":{"id":"bad_request","message":"request failed","field":""}})";
    }
}

TextAnswer handle_text(const json& request, bool why) {
    TextAnswer out;
    try {
        auto req = parse_request(request);
        if (!req) {
            out.error = req.error();
            return out;
        }
        out.warnings = req->warnings;
        const Request& q = *req;
        switch (q.op) {
            case Op::Occupancy: {
                auto r = occupancy(q.device, q.input);
                if (!r) {
                    out.error = r.error();
                    break;
                }
                out.text = budget_table_text(*r, q.device, q.input, q.gpu);
                if (why && !r->derivation.empty()) {
                    out.text += "\nderivation:\n";
                    for (const auto& step : r->derivation) out.text += "  " + step + "\n";
                }
                break;
            }
            case Op::BlockSize: {
                auto r = block_size(q.device, q.input);
                if (!r) {
                    out.error = r.error();
                    break;
                }
                const int64_t warps = q.device.warp_size > 0 ? (r->block_size + q.device.warp_size - 1) / q.device.warp_size : 0;
                const std::string per_sm = num(r->blocks_per_sm) + (r->blocks_per_sm == 1 ? " block/SM" : " blocks/SM");
                out.text = (q.gpu.empty() ? "CC " + cc_text(q.device.cc) : q.gpu) + ": block size " +
                           num(r->block_size) + " threads (" + num(warps) + " warps) -> " + per_sm + ", occupancy " +
                           format_percent(r->occupancy) + "\n";
                if (q.device.sm_count > 0)
                    out.text += "min grid size " + num(r->min_grid_size) + " blocks (" + per_sm + " x " +
                                num(q.device.sm_count) + " SMs)\n";
                else
                    out.text += "min grid size " + num(r->min_grid_size) +
                                " blocks per SM (SM count unknown: multiply by the number of SMs)\n";
                break;
            }
            case Op::DynamicSmem: {
                auto r = dynamic_smem(q.device, q.input, q.blocks);
                if (!r) {
                    out.error = r.error();
                    break;
                }
                const std::string human = format_bytes(*r);
                out.text = num(*r) + " B" + (human != num(*r) + " B" ? " (" + human + ")" : std::string()) +
                           " of dynamic shared memory per block still lets " + num(q.blocks) + " block" +
                           (q.blocks == 1 ? "" : "s") + " of " + num(q.input.threads) + " threads reside per SM (" +
                           (q.gpu.empty() ? "CC " + cc_text(q.device.cc) : q.gpu) + ")\n";
                break;
            }
            case Op::Gpus:
                out.text = gpu_table_text(all_gpus());
                break;
            case Op::Archs:
                out.text = arch_table_text(all_arch_rules());
                break;
        }
    } catch (const std::exception& e) {
        out.error = Error{ErrorId::BadRequest, "", std::string("request failed: ") + e.what()};
    } catch (...) {
        out.error = Error{ErrorId::BadRequest, "", "request failed"};
    }
    return out;
}

}  // namespace smcalc::api
