// smcalc_api.cpp - the JSON request/answer contract (see smcalc_api.hpp for the fields).
//
// [SECTION] field readers: JSON value -> checked integer / byte count / boolean / type, or an Error naming the field
// [SECTION] request parsing: op, device choice (gpu | cc | device), compiler output, kernel and tile fields, warnings
// [SECTION] answers: result structs -> JSON objects, from their member lists (smcalc/answer_schema.hpp)
// [SECTION] entry points: handle, handle_line, handle_text (text of the newer ops: api_text.cpp)
//
// Inside this file a bad field throws Fail (one place to build the error, no plumbing through every reader);
// parse_request / handle / handle_line / handle_text catch everything, so nothing leaves the layer.
#include "smcalc_api.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <exception>
#include <initializer_list>
#include <utility>

#include "api_detail.hpp"
#include "smcalc/binary.hpp"
#include "smcalc/device_report.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/answer_text.hpp"
#include "smcalc/report.hpp"

namespace smcalc::api {

namespace {

using json = nlohmann::json;
using detail::num;

struct Fail {
    Error error;
};

[[noreturn]] void fail(ErrorId id, std::string field, std::string message) {
    throw Fail{Error{id, std::move(field), std::move(message)}};
}

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
    std::string_view name;    // JSON key
    int64_t lo;               // inclusive range
    int64_t hi;
    std::string_view what;    // unit, for messages: "threads per block"
    bool bytes = false;       // also accepts "24KiB"-style strings
    bool default_ok = false;  // also accepts -1 and "default" (returned as -1)
    std::string_view default_what = "CUDA's default";
};

std::string allowed(const FieldSpec& f) {
    return fields::allowed_range(f.lo, f.hi, f.what, f.bytes, f.default_ok ? f.default_what : std::string_view{});
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

// One of a few words (case-insensitive), e.g. "registers" | "tmem".
template <typename E>
E read_choice(const json& v, const std::string& field, std::initializer_list<std::pair<const char*, E>> choices,
              const char* listed) {
    if (v.is_string()) {
        const std::string w = lower(v.get<std::string>());
        for (const auto& [word, value] : choices)
            if (w == word) return value;
    }
    fail(ErrorId::InvalidInput, field, field + " must be " + listed + "; got " + shown(v));
}

DType read_dtype(const json& v, const std::string& field) {
    if (!v.is_string())
        fail(ErrorId::InvalidInput, field,
             field + " must be an element type such as \"bf16\" (f32, tf32, f16, bf16, e4m3, e5m2, i8, i32, f6, f4); got " +
                 shown(v));
    auto t = parse_dtype(v.get<std::string>());
    if (!t) fail(t.error().id, field, field + ": " + t.error().message);
    return *t;
}

// null counts as absent (JS undefined/null), so a caller can always send every key.
const json* get(const json& obj, std::string_view key) {
    auto it = obj.find(key);
    return (it == obj.end() || it->is_null()) ? nullptr : &*it;
}

// A key that no table and no request names: an error naming it (with its object's path, "device.") and the
// nearest of `candidates` (smcalc::fields::nearest_key), never a warning: a plausible misspelling ("smem_stat")
// would otherwise leave its field at the default while the answer looks right. The error's field is the key,
// cut to 128 bytes.
[[noreturn]] void unknown_field(const std::string& path, const std::string& key,
                                std::span<const std::string_view> candidates) {
    const std::string_view near = fields::nearest_key(key, candidates);
    // Quoted, cut to 48 bytes inside the quotes ("xxxx...").
    std::string quoted = dump(json(path + key.substr(0, 48)));
    if (key.size() > 48) quoted.insert(quoted.size() - 1, "...");
    std::string message = "unknown field " + quoted;
    if (fields::near_miss(key, near))
        message += "; did you mean \"" + path + std::string(near) + "\"?";
    else
        message += "; the nearest known field is \"" + path + std::string(near) + "\" (smcalc fields lists them all)";
    fail(ErrorId::BadRequest, (path + key).substr(0, 128), message);
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] request parsing
// ---------------------------------------------------------------------------------------------------------

// The op's bit is in a set of ops (smcalc/op.hpp: kDeviceOps, kCompilerOps, ...).
bool in(OpSet set, Op op) { return (set & op_bit(op)) != 0; }
// "text" / "compiler_output": compiler output as a string, or a compiled file as {"base64": "..."} (RFC 4648
// base64, as btoa() and base64(1) write it; whitespace is skipped). The decoded bytes, nullopt when absent; a bad
// value fails naming `field` and saying which texts (`strings`) and files (`files`) it takes.
std::optional<std::string> compiler_input(const json& j, const char* field, std::string_view strings,
                                          std::string_view files) {
    const json* text = get(j, field);
    if (!text) return std::nullopt;
    const json& v = *text;
    if (!v.is_string() && !v.is_object())
        fail(ErrorId::InvalidInput, field,
             std::string(field) + " must be a string (" + std::string(strings) + ") or {\"base64\": the bytes of " +
                 std::string(files) + "}; got " + shown(v));
    if (v.is_string()) return v.get<std::string>();
    const json* b = v.contains("base64") ? &v["base64"] : nullptr;
    if (!b || v.size() != 1 || !b->is_string())
        fail(ErrorId::InvalidInput, field,
             std::string(field) + " as an object must be {\"base64\": \"...\"} (the bytes of a compiled file); got " +
                 shown(v));
    auto bytes = decode_base64(b->get_ref<const std::string&>(), field);
    if (!bytes) throw Fail{bytes.error()};
    return std::move(*bytes);
}


// A row of an input table as the integer reader sees it.
template <class T>
FieldSpec spec_of(const fields::Field<T>& f) {
    return FieldSpec{f.key, f.lo, f.hi, f.unit, f.codec == fields::Codec::Bytes, !f.default_what.empty(), f.default_what};
}

// A number of the request's own (blocks, limit, waves; a composite's parts): smcalc::fields::request_key.
FieldSpec spec_of(const fields::RequestKey& k) { return FieldSpec{k.key, k.lo, k.hi, k.unit}; }
int64_t read_number(const json& v, const std::string& field, std::string_view key) {
    return read_int(v, field, spec_of(fields::request_key(key)));
}

// One value of an input table's field, by its codec; the error names `field` and the allowed values.
template <class T>
int64_t read_field(const json& v, const std::string& field, const fields::Field<T>& f) {
    switch (f.codec) {
        case fields::Codec::Int:
        case fields::Codec::Bytes: return read_int(v, field, spec_of(f));
        case fields::Codec::Bool: return read_bool(v, field) ? 1 : 0;
        case fields::Codec::DType: return static_cast<int64_t>(read_dtype(v, field));
        case fields::Codec::Word:
            if (v.is_string())
                if (auto x = fields::value_of(*f.vocab, v.get<std::string>())) return *x;
            fail(ErrorId::InvalidInput, field, field + " must be " + fields::allowed(f) + "; got " + shown(v));
    }
    return 0;
}

// An input table's value as JSON, as the answers echo it ("input"): fields::json_scalar's rule (the page's state
// writes the same values with it).
template <class T>
json field_json(const fields::Field<T>& f, const T& t) {
    const fields::JsonScalar x = fields::json_scalar(f.codec, f.vocab, f.get(t));
    switch (x.kind) {
        case fields::JsonScalar::Null: break;
        case fields::JsonScalar::Bool: return x.number != 0;
        case fields::JsonScalar::Number: return x.number;
        case fields::JsonScalar::Text: return std::string(x.text);
    }
    return nullptr;
}

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

// An object whose members are an input table's rows (a custom device, its GPC layout, a problem size): each
// read by its row, the error naming `field` + key; with `needed`, a row not given is an error saying it. A key
// neither a row nor one of `also` is an error naming `path` + key.
template <class T>
void read_members(const json& obj, T& out, std::span<const fields::Field<T>> table, const std::string& field,
                  const std::string& path, std::span<const std::string_view> also = {}, const char* needed = nullptr) {
    for (const auto& f : table) {
        const std::string name = field + std::string(f.key);
        if (const json* v = get(obj, f.key)) f.set(out, read_field(*v, name, f));
        else if (needed) fail(ErrorId::BadRequest, name, name + " is missing: " + needed);
    }
    for (const auto& item : obj.items()) {
        const std::string& key = item.key();  // not a structured binding: clang 14 (em++) cannot capture those
        if (std::find(also.begin(), also.end(), key) == also.end() && !fields::find(table, key)) {
            std::vector<std::string_view> known(also.begin(), also.end());
            for (const auto& f : table) known.push_back(f.key);
            unknown_field(path, key, known);
        }
    }
}

Device read_device_object(const json& obj) {
    if (!obj.is_object())
        fail(ErrorId::InvalidInput, "device",
             "device must be an object such as {\"cc\": \"8.0\", \"sm_count\": 108}; got " + shown(obj));
    const json* cc = get(obj, "cc");
    if (!cc) fail(ErrorId::BadRequest, "device.cc", "device.cc is missing: a device object needs its compute capability");
    Device d = reference_device(**find_arch(read_cc(*cc, "device.cc")));
    static constexpr std::string_view kAlso[] = {"cc", "gpc"};  // the CC is read above, "gpc" by read_gpc
    read_members(obj, d, fields::device_fields(), "device.", "device.", kAlso);
    auto ok = validate_device(d);
    if (!ok) throw Fail{ok.error()};
    return d;
}

// The request's keys: an unknown key is an error (unknown_field); the CLI's spelling of a field ("smem" for
// --smem, smcalc::fields::flag_alias) reads as that field, written into `renamed` (a copy of the request, made
// only then); a known key the op does not read is an error too. Returns whether `renamed` holds the request.
bool read_keys(const json& j, Request& req, json& renamed) {
    bool copied = false;
    for (const auto& [key, value] : j.items()) {
        std::string field = key;
        if (fields::readers(key) == 0) {  // no request key or table row (core/src/request_keys.cpp)
            auto alias = fields::flag_alias(key);
            if (!alias) unknown_field("", key, fields::request_keys(req.op, req.compare_tile));
            field = std::string(*alias);
            if (get(j, field) && !value.is_null())
                fail(ErrorId::BadRequest, key,
                     "\"" + key + "\" is the CLI's spelling of \"" + field + "\" (--" + key +
                         "), which is given too; give one of them");
            if (!copied) renamed = j;
            copied = true;
            renamed.erase(key);
            if (!value.is_null() || !renamed.contains(field)) renamed[field] = value;
        }
        // A field the op does not read is an error naming it (issue 26: a misplaced field is never ignored,
        // on every surface); null stands for "not given" and is let through.
        if (!value.is_null() && !fields::reads(req.op, req.compare_tile, field))
            fail(ErrorId::BadRequest, field, fields::not_read_text(field, req.op, req.compare_tile));
    }
    return copied;
}

// The kernel fields of `j` into req.input, named in req.nvidia_given. Here and below every key given is one the
// op reads (read_keys refused the others), so a reader reads each key it knows that is given.
void read_kernel_fields(const json& j, Request& req) {
    for (const auto& f : fields::kernel_fields()) {
        if (const json* v = get(j, f.key)) {
            f.set(req.input, read_field(*v, std::string(f.key), f));
            req.nvidia_given.emplace_back(f.key);
        }
    }
    if (const json* v = get(j, "blocks")) {
        req.blocks = read_number(*v, "blocks", "blocks");
        req.blocks_given = true;
    }
}

// A field only the other vendor's model reads is an error naming the field and the GPU (never ignored;
// smcalc::fields::vendor_error). `gpu` names the device ("H100 SXM5", "CC 8.0", "every GPU compared (...)").
void check_vendor_fields(const json& j, bool amd, const std::string& gpu) {
    for (const auto& item : j.items())
        if (!item.value().is_null())
            if (auto e = fields::vendor_error(item.key(), gpu, amd)) throw Fail{std::move(*e)};
}

// "gpu" as an AMD product: only when the NVIDIA database does not know the name (NVIDIA first, then AMD).
const amd::GpuSpec* amd_gpu_of(const json* gpu) {
    if (!gpu || !gpu->is_string()) return nullptr;
    const std::string name = gpu->get<std::string>();
    if (find_gpu(name)) return nullptr;
    auto a = amd::find_gpu(name);
    return a ? *a : nullptr;
}

// The AMD kernel fields of `j` into req.amd_input.
void read_amd_kernel_fields(const json& j, Request& req) {
    for (const auto& f : fields::amd_kernel_fields()) {
        if (const json* v = get(j, f.key)) {
            f.set(req.amd_input, read_field(*v, std::string(f.key), f));
            req.amd_given.emplace_back(f.key);
        }
    }
}

// The AMD tile from the tile fields (req.tile, read before): the shape, stages, types and problem given; "waves"
// (1 .. 16), else in a compare the CTA's warp count as waves; "sgprs".
void read_amd_tile(const json& j, Request& req, bool compare) {
    amd::TileInput& t = req.amd_tile;
    const TileInput& n = req.tile;
    if (compare) {
        t = amd::tile_input(n, t);
    } else {
        // Alone, the AMD model's own defaults stand for the fields not given (its tile is not NVIDIA's).
        auto given = [&](const char* k) { return get(j, k) != nullptr; };
        if (given("m")) t.m = n.m;
        if (given("n")) t.n = n.n;
        if (given("k")) t.k = n.k;
        if (given("stages")) t.stages = n.stages;
        if (given("a")) t.a = n.a;
        if (given("b")) t.b = n.b;
        if (given("acc")) t.acc = n.acc;
        t.problem = n.problem;
    }
    if (const json* v = get(j, "waves")) {
        t.waves = read_number(*v, "waves", "waves");
        req.waves_given = true;
    }
    if (const json* v = get(j, "sgprs")) {
        const auto* f = fields::find(fields::amd_kernel_fields(), "sgprs");
        t.sgprs = read_field(*v, "sgprs", *f);
    }
}

// "kernel": a kernel name (smcalc::choose_kernel / choose_amd_kernel read it), or absent.
const std::string* kernel_name(const json* kernel_field) {
    if (kernel_field && !kernel_field->is_string())
        fail(ErrorId::InvalidInput, "kernel", "kernel must be a kernel name from the compiler output; got " + shown(*kernel_field));
    return kernel_field ? &kernel_field->get_ref<const std::string&>() : nullptr;
}

template <class K>
const K& chosen(const Expected<const K*>& k) {
    if (!k) throw Fail{k.error()};
    return **k;
}

void read_tile_fields(const json& j, Request& req, bool shape);

// "device_report": the text deviceQuery, nvidia-smi -q, rocminfo, a cudaDeviceProp JSON dump or PyTorch printed
// (issue 33; smcalc/device_report.hpp), in place of "gpu", "cc" or "device". What was read, which product row it
// matches and where they differ go to the answer's warnings.
std::optional<DeviceReport> read_report_field(const json& j, Request& req) {
    const json* v = get(j, "device_report");
    if (!v) return std::nullopt;
    for (const char* other : {"gpu", "cc", "device"})
        if (get(j, other))
            fail(ErrorId::BadRequest, "device_report",
                 std::string("give exactly one of \"gpu\", \"cc\", \"device\" or \"device_report\" (got device_report and ") +
                     other + ")");
    if (!v->is_string())
        fail(ErrorId::InvalidInput, "device_report",
             "device_report must be a string: the text deviceQuery, nvidia-smi -q or rocminfo printed, a "
             "cudaDeviceProp JSON dump or print(torch.cuda.get_device_properties(0)); got " + shown(*v));
    auto r = read_device_report(v->get<std::string>());
    if (!r) throw Fail{r.error()};
    req.warnings.push_back("device_report: " + device_report_summary(*r));
    for (const std::string& n : r->notes) req.warnings.push_back("device_report: " + n);
    return std::move(*r);
}

// A request whose "gpu" is an AMD product: occupancy, next_step and tile are modelled (amd.hpp).
Request parse_amd(const json& j, Request req, const amd::GpuSpec* spec) {
    req.gpu = std::string(spec->name);
    req.amd_gpu = spec;
    if (req.op == Op::BlockSize || req.op == Op::DynamicSmem || req.op == Op::Tiles)
        fail(ErrorId::Unsupported, "gpu",
             "op " + std::string(op_name(req.op)) + " is not modelled for AMD GPUs (" + req.gpu +
                 "); on AMD GPUs use occupancy, next_step, tile or compare");
    if (get(j, "cc") || get(j, "device")) {
        std::string which = get(j, "cc") ? "cc" : "device";
        fail(ErrorId::BadRequest, "device", "give exactly one of \"gpu\", \"cc\" or \"device\" (got gpu and " + which + ")");
    }
    const bool tile = req.op == Op::Tile;
    check_vendor_fields(j, true, req.gpu);
    if (tile) {
        read_tile_fields(j, req, true);
        read_amd_tile(j, req, false);
        return req;
    }
    if (auto bytes = compiler_input(j, "compiler_output",
                                    "LLVM's -Rpass-analysis=kernel-resource-usage remarks, .s or metadata",
                                    "a code object")) {
        auto p = read_amd_output(*bytes);
        if (!p) fail(p.error().id, "compiler_output", p.error().message);
        req.amd_compiler = chosen(choose_amd_kernel(*p, kernel_name(get(j, "kernel"))));
        req.amd_input = amd::to_kernel_input(*req.amd_compiler, req.amd_input);  // threads: max_flat_workgroup_size
        if (!req.amd_compiler->gfx.empty() && req.amd_compiler->gfx != spec->gfx)
            req.warnings.push_back(req.amd_compiler->name + " was compiled for " + req.amd_compiler->gfx + " but " +
                                   req.gpu + " is " + std::string(spec->gfx) + ": the figures use " +
                                   std::string(spec->gfx) + "'s rules with the counts compiled for " +
                                   req.amd_compiler->gfx);
    } else if (get(j, "kernel")) {
        fail(ErrorId::BadRequest, "kernel", "kernel picks one kernel of compiler_output, which is missing");
    }
    read_amd_kernel_fields(j, req);
    if (get(j, "blocks")) req.warnings.push_back("field \"blocks\" is not read on an AMD GPU (" + req.gpu + ")");
    return req;
}

ProblemSize read_problem(const json& v) {
    if (v.is_string()) {
        auto mnk = fields::parse_mnk("problem", v.get<std::string>());
        if (!mnk) throw Fail{mnk.error()};
        return ProblemSize{(*mnk)[0], (*mnk)[1], (*mnk)[2]};
    }
    if (!v.is_object())
        fail(ErrorId::InvalidInput, "problem",
             "problem must be an object {\"m\", \"n\", \"k\"} or a string \"MxNxK\" (elements); got " + shown(v));
    ProblemSize p;
    read_members(v, p, fields::problem_fields(), "problem.", "problem.", {}, "a problem size needs m, n and k");
    return p;
}

// Types, path, epilogue and overhead (ops tile, tiles, compare kind tile); with `shape` also m, n, k,
// stages, warps and problem.
void read_tile_fields(const json& j, Request& req, bool shape) {
    TileInput& t = req.tile;
    for (const auto& f : fields::tile_fields()) {
        const bool shape_field = f.key == "m" || f.key == "n" || f.key == "k" || f.key == "stages" || f.key == "warps";
        if (shape_field && !shape) continue;  // op tiles: candidate lists instead
        if (const json* v = get(j, f.key)) {
            // "stages": "auto" (the CLI's --stages auto) is CUTLASS's StageCountAutoCarveout, as for op tiles.
            if (f.key == "stages" && v->is_string() && lower(v->get<std::string>()) == "auto") {
                t.stages_auto = true;
                continue;
            }
            f.set(t, read_field(*v, std::string(f.key), f));
        }
    }
    if (shape)
        if (const json* v = get(j, "problem")) t.problem = read_problem(*v);
    // Epilogue bytes without an epilogue kind mean the "bytes" kind.
    if (!get(j, "epilogue") && get(j, "epilogue_bytes")) t.epilogue = Epilogue::Bytes;
}

// op tiles: "stages": "auto" (or ["auto"], the CLI's --stages auto) asks for CUTLASS's stage count per tile.
bool read_stages_auto(const json& j, TileSearch& s) {
    const json* v = get(j, "stages");
    auto is_auto = [](const json& x) { return x.is_string() && lower(x.get<std::string>()) == "auto"; };
    if (!v || !(is_auto(*v) || (v->is_array() && v->size() == 1 && is_auto(v->front())))) return false;
    s.stages_auto = true;
    s.stages = {1};  // ignored by the search; one entry for the candidate count
    return true;
}

// A candidate list of op tiles (smcalc::fields::Shape::Numbers): an array of integers or one integer. "stages"
// and "warps" are lists of their tile row's unit.
void read_list(const json& j, const std::string& key, std::vector<int64_t>& out) {
    const json* v = get(j, key);
    if (!v) return;
    fields::RequestKey k = fields::request_key(key == "stages" || key == "warps" ? "ms" : key);
    if (const auto* row = fields::find(fields::tile_fields(), key)) k.unit = row->unit;
    out.clear();
    if (!v->is_array()) {
        out.push_back(read_int(*v, key, spec_of(k)));
        return;
    }
    if (v->size() > k.max_items)
        fail(ErrorId::InvalidInput, key,
             key + " has " + num(static_cast<int64_t>(v->size())) + " entries; at most " +
                 num(static_cast<int64_t>(k.max_items)));
    std::size_t i = 0;
    for (const auto& x : *v) out.push_back(read_int(x, key + "[" + num(static_cast<int64_t>(i++)) + "]", spec_of(k)));
}

void read_tiles_fields(const json& j, Request& req) {
    read_tile_fields(j, req, false);
    TileSearch& s = req.search;
    s.base = req.tile;
    const std::pair<std::string, std::vector<int64_t>*> lists[] = {
        {"ms", &s.ms}, {"ns", &s.ns}, {"ks", &s.ks}, {"stages", &s.stages}, {"warps", &s.warps}};
    for (const auto& [key, list] : lists)
        if (key != "stages" || !read_stages_auto(j, s)) read_list(j, key, *list);
    if (s.base.stages_auto && !s.stages_auto) {  // "stages_auto": true (--stages-auto) means the same
        s.stages_auto = true;
        s.stages = {1};
    }
    // Bound the work one request can ask for (the web page runs it on the UI thread).
    int64_t product = 1;
    std::string longest = "ms";
    std::size_t longest_size = 0;
    for (const auto& [key, list] : lists) {
        product = std::min<int64_t>(product * static_cast<int64_t>(std::max<std::size_t>(list->size(), 1)), kMaxInput);
        if (list->size() > longest_size) {
            longest_size = list->size();
            longest = key;
        }
    }
    if (product > kMaxTileCandidates)
        fail(ErrorId::InvalidInput, longest,
             "ms x ns x ks x stages x warps gives " + num(product) + " candidate tiles; at most " + num(kMaxTileCandidates) +
                 " per request (shorten " + longest + ")");
    if (const json* v = get(j, "limit")) {
        if (v->is_string() && lower(v->get<std::string>()) == "all")
            req.limit.reset();
        else
            req.limit = read_number(*v, "limit", "limit");
    }
}

// ----- thread block clusters (docs/clusters.md) -----

// "cluster" / "grid" / an entry of "clusters" (smcalc::fields::Shape::Dims of request key `k`): [x, y, z] (1 to
// 3 entries), "XxYxZ", or one integer n meaning [n, 1, 1]. Each dimension in k's range (whole floats accepted, as
// everywhere); the error names "<key>.x" (.y, .z) and the range.
Dim3 read_dims(const json& v, const std::string& key, const fields::RequestKey& k) {
    const char* const axis[] = {".x", ".y", ".z"};
    std::array<json, 3> parts = {json(1), json(1), json(1)};
    auto bad_shape = [&]() {
        fail(ErrorId::InvalidInput, key,
             key + " must be [x, y, z], a string such as \"" + std::string(k.example) + "\" or one integer (" +
                 std::string(k.unit) + ", each 1 to " + num(k.hi) + "); got " + shown(v));
    };
    if (v.is_array()) {
        if (v.empty() || v.size() > 3) bad_shape();
        for (std::size_t i = 0; i < v.size(); ++i) parts[i] = v[i];
    } else if (v.is_string()) {
        auto d = split_dims(v.get<std::string>());
        if (!d) bad_shape();
        for (std::size_t i = 0; i < 3; ++i) parts[i] = (*d)[i];
    } else if (v.is_number()) {
        parts[0] = v;
    } else {
        bad_shape();
    }
    std::array<int64_t, 3> d{};
    for (std::size_t i = 0; i < 3; ++i) d[i] = read_int(parts[i], key + axis[i], spec_of(k));
    return Dim3{d[0], d[1], d[2]};
}

// A custom device's GPC layout, "device": {"gpc": {"gpcs_min", "gpcs_max", "max_sms_per_gpc", "sms_per_tpc",
// "max_cluster_size"}} (smcalc::GpcLayout; 0 or absent = unknown). Checked against itself and the SM count by
// the core (validate_gpc_layout, InvalidDevice "gpc.*").
GpcLayout read_gpc(const json& v) {
    if (!v.is_object())
        fail(ErrorId::InvalidInput, "device.gpc",
             "device.gpc must be an object such as {\"gpcs_min\": 8, \"gpcs_max\": 8, \"max_sms_per_gpc\": 18}; got " +
                 shown(v));
    GpcLayout g;
    read_members(v, g, fields::gpc_fields(), "gpc.", "device.gpc.");
    if (g.gpcs_max == 0) g.gpcs_max = g.gpcs_min;
    if (g.gpcs_min == 0) g.gpcs_min = g.gpcs_max;
    if (g.sms_per_tpc == 0) g.sms_per_tpc = 1;
    g.source = "custom device";
    return g;
}

// The cluster fields of `j`: req.cluster, and the tile / search copies.
// Range and CC checks that need the device (CC 9.0+, size <= 8 without non_portable_cluster, <= 16, a grid
// of whole clusters) are the core's (smcalc::validate_cluster), so every surface says the same.
void read_cluster_fields(const json& j, Request& req) {
    const json* c = get(j, "cluster");
    const json* list = get(j, "clusters");
    if (req.gpu_spec) req.gpc = req.gpu_spec->gpc;
    if (const json* dev = get(j, "device"); dev && dev->is_object())
        if (const json* g = get(*dev, "gpc")) req.gpc = read_gpc(*g);
    ClusterInput in;
    for (const auto& f : fields::cluster_fields())
        if (const json* v = get(j, f.key)) f.set(in, read_field(*v, std::string(f.key), f));
    if (c) in.dims = read_dims(*c, "cluster", fields::request_key("cluster"));
    if (const json* g = get(j, "grid")) {
        if (!c) fail(ErrorId::BadRequest, "grid", "grid counts waves of clusters: give cluster too");
        in.grid = read_dims(*g, "grid", fields::request_key("grid"));
    }
    if (req.op == Op::Tiles) {
        // One shape ("cluster") or several ("clusters": a list of shapes, 1x1x1 = none), each ranked.
        if (c && list) fail(ErrorId::BadRequest, "clusters", "give cluster (one shape) or clusters (a list), not both");
        req.search.non_portable_cluster = in.non_portable;
        req.search.gpc = req.gpc;
        if (c) req.search.clusters = {in.dims};
        if (list) {
            const fields::RequestKey& k = fields::request_key("clusters");
            if (!list->is_array() || list->empty() || list->size() > k.max_items)
                fail(ErrorId::InvalidInput, "clusters",
                     "clusters must be a list of 1 to " + num(static_cast<int64_t>(k.max_items)) +
                         " cluster shapes such as [\"1x1x1\", \"2x1x1\", [4, 2, 1]]; got " + shown(*list));
            req.search.clusters.clear();
            std::size_t i = 0;
            for (const json& x : *list)
                req.search.clusters.push_back(read_dims(x, "clusters[" + num(static_cast<int64_t>(i++)) + "]", k));
        }
        return;
    }
    if (!c) return;
    req.cluster = in;
    if (req.op == Op::Tile) req.tile.cluster = in;
}

void read_compare_fields(const json& j, Request& req) {
    const fields::RequestKey& k = fields::request_key("gpus");
    const json* g = get(j, "gpus");
    if (!g)
        fail(ErrorId::BadRequest, "gpus",
             "gpus is missing: give 1 to " + num(static_cast<int64_t>(k.max_items)) + " " + std::string(k.unit) +
                 ", e.g. " + std::string(k.example));
    const std::vector<json> names = g->is_array() ? std::vector<json>(g->begin(), g->end()) : std::vector<json>(1, *g);
    if (names.empty() || names.size() > k.max_items)
        fail(ErrorId::InvalidInput, "gpus",
             "gpus must list 1 to " + num(static_cast<int64_t>(k.max_items)) + " " + std::string(k.unit) + "; got " +
                 num(static_cast<int64_t>(names.size())));
    bool any_amd = false, any_nvidia = false;
    std::string listed;
    for (const json& n : names) {
        if (!n.is_string())
            fail(ErrorId::InvalidInput, "gpus", "gpus must be GPU names such as \"H100 SXM5\" (see op gpus); got " + shown(n));
        const std::string& name = n.get_ref<const std::string&>();
        auto spec = find_gpu(name);
        if (spec) req.gpus.emplace_back((*spec)->name);
        else if (auto a = amd::find_gpu(name)) req.gpus.emplace_back((*a)->name);
        else fail(spec.error().id, "gpus", spec.error().message);
        (spec ? any_nvidia : any_amd) = true;
        listed += (listed.empty() ? "" : ", ") + req.gpus.back();
    }
    // Across vendors each column reads its own fields; a field no column reads is an error.
    const std::string who = req.gpus.size() == 1 ? listed : "every GPU compared (" + listed + ")";
    if (!any_amd) check_vendor_fields(j, false, who);
    if (!any_nvidia) check_vendor_fields(j, true, who);
    if (req.compare_tile) {
        read_tile_fields(j, req, true);
        if (any_amd) read_amd_tile(j, req, true);
    } else {
        read_kernel_fields(j, req);
        if (any_amd) read_amd_kernel_fields(j, req);
    }
}

// op parse: the text (or a file's bytes) and, for LLVM remarks that name no target, the AMD GPU whose rules apply.
void read_parse_fields(const json& j, Request& req) {
    auto text = compiler_input(j, "text", "compiler output",
                               "a cubin, fat binary, AMD code object or offload bundle");
    if (!text) fail(ErrorId::BadRequest, "text", "text is missing: paste the output of ptxas -v or cuobjdump -res-usage");
    req.text = std::move(*text);
    // "gpu": AMD remarks name no target; the AMD GPU given chooses the rules (NVIDIA output names its own CC).
    if (const json* g = get(j, "gpu")) {
        req.amd_gpu = amd_gpu_of(g);
        if (!req.amd_gpu) {
            if (!g->is_string())
                fail(ErrorId::InvalidInput, "gpu", "gpu must be a string naming an AMD GPU; got " + shown(*g));
            const std::string name = g->get<std::string>();
            if (!find_gpu(name)) {
                auto e = amd::find_gpu(name);
                fail(e.error().id, "gpu", e.error().message);
            }
            req.warnings.push_back("field \"gpu\" is ignored by op parse for an NVIDIA GPU (" + name.substr(0, 60) +
                                   "): ptxas output names its own architecture; \"gpu\" chooses an AMD GPU's "
                                   "rules for LLVM output");
        } else {
            req.gpu = std::string(req.amd_gpu->name);
        }
    }
}

// compiler_output (text or a file's bytes), read before the device: without a device it names the CC. `kernel`
// without compiler_output is refused.
std::optional<ParsedOutput> read_compiler_field(const json& j, const json* kernel_field) {
    if (auto text = compiler_input(j, "compiler_output", "the text of ptxas -v or cuobjdump -res-usage",
                                   "a cubin or fat binary")) {
        const std::string& bytes = *text;
        auto p = read_nvidia_output(bytes);
        if (!p) {
            // AMD compiler output with an NVIDIA device (or none): say which GPUs read it.
            if (auto a = read_amd_output(bytes))
                fail(ErrorId::InvalidInput, "compiler_output",
                     "compiler_output is AMD (LLVM AMDGPU) compiler output: " + a->summary +
                         "; give an AMD GPU with it: \"gpu\": \"MI300X\", \"MI355X\", \"MI250X\", \"MI100\" (smcalc gpus lists them)");
            fail(p.error().id, "compiler_output", p.error().message);
        }
        return std::move(p.value());
    } else if (kernel_field) {
        fail(ErrorId::BadRequest, "kernel", "kernel picks one kernel of compiler_output, which is missing");
    }
    return std::nullopt;
}

// The device: exactly one of gpu, cc, device or device_report (or none with compiler output naming the CC).
// Returns whether it is a custom device (device or device_report), as the vendor check's message says.
bool read_device_choice(const json& j, Request& req, const std::optional<DeviceReport>& report,
                        const std::optional<ParsedOutput>& parsed, const json* kernel_field) {
    const json* gpu = get(j, "gpu");
    const json* cc = get(j, "cc");
    const json* dev = get(j, "device");
    const int given = (gpu ? 1 : 0) + (cc ? 1 : 0) + (dev ? 1 : 0) + (report ? 1 : 0);
    if (report) {
        // The report's device; where it equals its product row, the row stands for it (GPC layout, peaks).
        req.device = report->device;
        if (report->same_as_product) {
            req.gpu = std::string(report->product->name);
            req.gpu_spec = report->product;
        }
    } else if (given == 0 && parsed) {
        req.compiler = chosen(choose_kernel(*parsed, kernel_name(kernel_field), std::nullopt, req.warnings));
        req.device = reference_device(**find_arch(*req.compiler->cc));
    } else if (given != 1) {
        std::string which;
        for (auto [p, name] : {std::pair{gpu, "gpu"}, std::pair{cc, "cc"}, std::pair{dev, "device"}})
            if (p) which += (which.empty() ? "" : " and ") + std::string(name);
        fail(ErrorId::BadRequest, given == 0 ? "gpu" : "device",
             "give exactly one of \"gpu\", \"cc\" or \"device\" (got " + (given == 0 ? std::string("none") : which) + ")");
    } else if (gpu) {
        if (!gpu->is_string())
            fail(ErrorId::InvalidInput, "gpu", "gpu must be a GPU name such as \"H100 SXM5\" (see op gpus); got " + shown(*gpu));
        auto spec = find_gpu(gpu->get<std::string>());
        if (!spec) fail(spec.error().id, "gpu", spec.error().message);
        req.gpu = std::string((*spec)->name);
        req.gpu_spec = *spec;
        req.device = (*spec)->device;
        auto ok = validate_device(req.device);
        if (!ok) throw Fail{ok.error()};
    } else if (cc) {
        req.device = reference_device(**find_arch(read_cc(*cc, "cc")));
    } else {
        req.device = read_device_object(*dev);
    }
    return dev != nullptr || report.has_value();
}

// The kernel of a kernel op: the compiler's numbers, then the fields given, over KernelInput's defaults; a
// warning for each solver input the compiler output does not give and for inputs no compiled kernel has.
void read_kernel(const json& j, Request& req) {
    if (req.compiler) {
        req.input = to_kernel_input(*req.compiler, req.input);
        const std::string name = req.compiler->short_name.empty() ? req.compiler->name : req.compiler->short_name;
        for (const std::string& m : req.compiler->missing) {
            // Only the fields to_kernel_input fills are solver inputs (stack and spills are shown, not used).
            if (m != "registers" && m != "smem" && m != "barriers") continue;
            const char* key = m == "registers" ? "regs" : m == "smem" ? "smem_static" : m.c_str();
            if (!get(j, key))
                req.warnings.push_back("the compiler output gives no " + m + " for " + name + "; " + key +
                                       " keeps its default");
        }
    }
    read_kernel_fields(j, req);
    // Inputs no compiled kernel has (over 255 registers, over 16 barriers): answered, with a warning.
    if (auto arch = find_arch(req.device.cc))
        for (std::string& w : kernel_input_warnings(req.input, **arch)) req.warnings.push_back(std::move(w));
}

// "op": one of kOpNames' names (smcalc/op.hpp).
Op read_op(const json& request) {
    const json* op = get(request, "op");
    std::string ops;
    for (const auto& [name, o] : kOpNames) ops += (ops.empty() ? "" : ", ") + std::string(name);
    if (!op) fail(ErrorId::BadRequest, "op", "op is missing; it must be one of " + ops);
    if (!op->is_string()) fail(ErrorId::BadRequest, "op", "op must be a string, one of " + ops + "; got " + shown(*op));
    const std::string op_text = op->get<std::string>();
    auto it = std::find_if(kOpNames.begin(), kOpNames.end(), [&](const auto& p) { return p.first == op_text; });
    if (it == kOpNames.end()) fail(ErrorId::BadRequest, "op", "op \"" + op_text.substr(0, 40) + "\" is not one of " + ops);
    return it->second;
}

Request parse(const json& request) {
    if (!request.is_object())
        fail(ErrorId::BadRequest, "",
             "a request must be a JSON object such as {\"op\": \"occupancy\", \"gpu\": \"A100\"}; got " + shown(request));
    Request req;
    req.op = read_op(request);
    if (req.op == Op::Compare)
        if (const json* kind = get(request, "kind"))
            req.compare_tile = read_choice<bool>(*kind, "kind", {{"kernel", false}, {"tile", true}},
                                                 "\"kernel\" (the kernel fields) or \"tile\" (the tile fields)");
    json renamed;
    const json& j = read_keys(request, req, renamed) ? renamed : request;
    if (req.op == Op::Parse) {
        read_parse_fields(j, req);
        return req;
    }
    if (req.op == Op::Compare) {
        read_compare_fields(j, req);
        read_cluster_fields(j, req);
        return req;
    }
    if (!in(kDeviceOps, req.op)) return req;

    const std::optional<DeviceReport> report = read_report_field(j, req);
    if (report && report->amd) {
        Request r = parse_amd(j, std::move(req), report->amd_device ? report->amd_device : report->amd_product);
        if (report->amd_device) r.gpu.clear();  // its CUs differ from its row: a custom device, as for NVIDIA
        return r;
    }
    if (!report)
        if (const amd::GpuSpec* a = amd_gpu_of(get(j, "gpu"))) return parse_amd(j, std::move(req), a);

    // Compiler output first: without a device it names the CC.
    const json* kernel_field = in(kCompilerOps, req.op) ? get(j, "kernel") : nullptr;
    std::optional<ParsedOutput> parsed;
    if (in(kCompilerOps, req.op)) parsed = read_compiler_field(j, kernel_field);

    const bool custom = read_device_choice(j, req, report, parsed, kernel_field);
    if (parsed && !req.compiler)
        req.compiler = chosen(choose_kernel(*parsed, kernel_name(kernel_field), req.device.cc, req.warnings));
    const std::string cc_name = "CC " + cc_text(req.device.cc) + (custom ? " (a custom device)" : "");
    check_vendor_fields(j, false, !req.gpu.empty() ? req.gpu : cc_name);

    if (req.op == Op::Tile) read_tile_fields(j, req, true);
    else if (req.op == Op::Tiles) read_tiles_fields(j, req);
    else read_kernel(j, req);
    read_cluster_fields(j, req);
    return req;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// [SECTION] answers: every answer is written from its member list (smcalc/answer_schema.hpp, api_detail.hpp);
// here are the value types written another way (schema::Custom): the input echoes, from their field tables.
// ---------------------------------------------------------------------------------------------------------

namespace detail {

// An input table's fields as the answers echo them ("input", "device"): each row's value (field_json).
template <class T>
json fields_json(std::span<const fields::Field<T>> table, const T& t) {
    json o = json::object();
    for (const auto& f : table) o[std::string(f.key)] = field_json(f, t);
    return o;
}

json custom_json(const Dim3& d) { return json::array({d.x, d.y, d.z}); }
json custom_json(const Device& d) {
    json o = fields_json(fields::device_fields(), d);
    o["cc"] = cc_text(d.cc);
    if (d.sm_count <= 0) o["sm_count"] = nullptr;
    return o;
}
json custom_json(const TileInput& t) {
    json o = fields_json(fields::tile_fields(), t);
    o["problem"] = value_json(t.problem);
    return o;
}
json custom_json(const KernelInput& in) { return fields_json(fields::kernel_fields(), in); }
json custom_json(const amd::KernelInput& in) { return fields_json(fields::amd_kernel_fields(), in); }
json custom_json(const schema::TilesInputEcho& e) {
    const TileSearch& s = e.search;
    json input = custom_json(s.base);
    for (const char* k : {"m", "n", "k", "stages", "warps", "problem"}) input.erase(k);
    input["ms"] = s.ms;
    input["ns"] = s.ns;
    input["ks"] = s.ks;
    input["stages"] = s.stages_auto ? json("auto") : json(s.stages);
    input["warps"] = s.warps;
    input["limit"] = e.limit ? json(*e.limit) : json("all");
    input["clusters"] = value_json(s.clusters);
    input["non_portable_cluster"] = s.non_portable_cluster;
    return input;
}
json custom_json(const schema::NamedTexts& t) {
    json o = json::object();
    for (const auto& [name, text] : t.items) o[name] = text;
    return o;
}

}  // namespace detail

namespace {

// ----- parse -----

// An op's answer from its member list (smcalc/answer_schema.hpp, Of<Reply<R>>).
template <class R>
json reply_json(const Request& req, const R& r, const ClusterAnswer& cluster) {
    return detail::value_json(schema::Reply<R>{req, r, cluster});
}

// The JSON answer of a solved request (solve() decided every number; this only writes them).
json op_json(const Request& req, const Answer& ans) {
    struct Writer {
        const Request& req;
        const Answer& ans;
        json operator()(std::monostate) const {
            return req.op == Op::Gpus ? detail::value_json(schema::GpuList{}) : detail::value_json(schema::ArchList{});
        }
        json operator()(const amd::OccupancyResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const AmdNextStepAnswer& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const amd::TileResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const VendorComparison& r) const { return detail::value_json(schema::compare_view(req, r)); }
        json operator()(const AmdParseAnswer& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const OccupancyResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const BlockSizeResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const DynamicSmemAnswer& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const NextStepAnswer& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const TileResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const TileSearchResult& r) const { return reply_json(req, r, ans.cluster); }
        json operator()(const Comparison& r) const { return detail::value_json(schema::compare_view(req, r)); }
        json operator()(const TileComparison& r) const { return detail::value_json(schema::compare_view(req, r)); }
        json operator()(const ParsedOutput& r) const { return reply_json(req, r, ans.cluster); }
    };
    return std::visit(Writer{req, ans}, ans.solved);
}

}  // namespace

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

namespace {

constexpr std::size_t kMaxDepth = 64;

}  // namespace

// -------------------------------------------------------------------------------------------------------------
// [SECTION] entry points
// -------------------------------------------------------------------------------------------------------------

json answer_json(const Request& req, const Answer& ans) {
    if (!ans.ok()) return detail::value_json(schema::ErrorReply{*ans.error, &ans.cluster.refused_fit_options});
    json a = op_json(req, ans);
    // The cluster as read, beside the op's other inputs ("input"; next_step's answer has "cluster_input"). The
    // echo types extend Partial<ClusterInputAnswer> (fields::typescript_declarations).
    if (req.cluster && a.contains("input") && a["input"].is_object()) a["input"].update(detail::value_json(*req.cluster));
    return a;
}

json error_json(const Error& e) { return detail::value_json(schema::ErrorReply{e}); }

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
            a = answer_json(*req, answer(*req));
        }
        // The envelope (schema::Envelope, "AnswerCommon"): the warnings, the request's id echoed unchanged.
        schema::Envelope<detail::EchoedId> envelope;
        if (req && !req->warnings.empty()) envelope.warnings = req->warnings;
        if (request.is_object())
            if (auto id = request.find("id"); id != request.end()) envelope.id = detail::EchoedId{*id};
        detail::put_members(a, envelope);
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
        const Answer ans = answer(*req);
        if (!ans.ok()) {
            out.error = *ans.error;
            return out;
        }
        out.text = answer_text(*req, ans, why);
    } catch (const std::exception& e) {
        out.error = Error{ErrorId::BadRequest, "", std::string("request failed: ") + e.what()};
    } catch (...) {
        out.error = Error{ErrorId::BadRequest, "", "request failed"};
    }
    return out;
}

}  // namespace smcalc::api
