// smcalc - the command line: flags in, a JSON request to smcalc::api out, its answer printed.
//
// Every subcommand builds the same request object `smcalc batch` reads, and hands it to the api layer, so
// the flags, batch and the JS API cannot disagree. Exit codes: 0 answer (0 blocks per SM is an answer too),
// 1 no answer exists (not_achievable, unsupported), 2 bad input (flags, values, unknown GPU or CC).
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "smcalc/binary.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/schema.hpp"
#include "smcalc_api.hpp"

#ifdef SMCALC_HAVE_ZSTD
#include <zstd.h>
#endif

namespace {

using nlohmann::json;

// How a flag's text becomes request fields.
enum class Kind {
    Value,    // "256" -> 256, anything else a string for the api to read ("24KiB", "default") or reject
    Text,     // always a string (names, types)
    Json,     // a JSON value (--device-json)
    Mnk,      // "128x128x64" -> "m", "n", "k" (--tile)
    Problem,  // "8192x8192x8192" -> "problem": {"m", "n", "k"}
    Both,     // one type for "a" and "b" (--ab)
    List,     // "64,128" -> [64, 128]
    Names,    // "A100,H100 SXM5" -> ["A100", "H100 SXM5"]
    File,     // a file's text ("-" = stdin)
};

// One request field a flag sets: flag names (CLI11 syntax), JSON key, help. The flags are made from smcalc/fields.hpp's
// tables (flag_for): the input tables' rows and the request's own keys (RequestKey); below are the CLI's own
// composites (--tile sets m, n and k; --ab sets a and b).
struct Field {
    std::string_view flags;
    std::string_view key;
    std::string_view help;
    std::string_view type = "N";  // shown in --help
    Kind kind = Kind::Value;
};

template <class T>
Field flag_for(const smcalc::fields::Field<T>& f) {
    using smcalc::fields::Codec;
    const bool text = f.codec == Codec::Word || f.codec == Codec::DType;
    return Field{f.flag, f.key, f.help, f.flag_type, text ? Kind::Text : Kind::Value};
}

// A request key's flag (smcalc/fields.hpp RequestKey: flag, value name, help), its value read by the key's shape;
// `help` replaces the table's line where an op gives the key a meaning of its own (next's --blocks, parse's --gpu).
Field flag_for(std::string_view key, std::string_view help = {}) {
    using smcalc::fields::Shape;
    const smcalc::fields::RequestKey& k = smcalc::fields::request_key(key);
    const Kind kind = k.flag_type == "FILE"                                 ? Kind::File
                      : k.flag_type == "JSON"                               ? Kind::Json
                      : k.shape == Shape::Names                             ? Kind::Names
                      : k.shape == Shape::Numbers || k.shape == Shape::DimsList ? Kind::List
                      : k.shape == Shape::Mnk                               ? Kind::Problem
                      : k.shape == Shape::Number || k.shape == Shape::Dims  ? Kind::Value
                                                                            : Kind::Text;
    // A positional (parse's FILE) shows no value name: its name is one.
    return Field{k.flag, k.key, help.empty() ? k.help : help, k.flag.starts_with("--") ? k.flag_type : "", kind};
}

// The CLI's own composites, which no request key is: --tile sets m, n and k, --ab sets a and b, and op tiles'
// --stages and --warps take lists of the tile table's values.
constexpr Field kTileMnk = {"--tile", "tile", "CTA tile M x N x K in elements (default 128x128x64)", "MxNxK", Kind::Mnk};
constexpr Field kAb = {"--ab", "ab", "A and B element type: f32 tf32 f16 bf16 e4m3 e5m2 i8 f6 f4 (default bf16)", "TYPE",
                       Kind::Both};
constexpr Field kTilesLists[] = {
    {"--stages", "stages", "candidate stage counts (default 1,2,...,8), or auto: CUTLASS's StageCountAutoCarveout per tile",
     "LIST|auto", Kind::List},
    {"--warps", "warps", "candidate warps per CTA (default 4,8,12,16)", "LIST", Kind::List},
};

// What one subcommand collects from its flags.
struct Command {
    CLI::App* app = nullptr;
    std::string op;
    std::vector<std::pair<CLI::Option*, Field>> options;      // option, what it sets
    std::deque<std::string> values;                           // flag values (deque: stable addresses)
    std::deque<bool> switches;                                // boolean flags
    std::vector<std::pair<const bool*, std::string_view>> flags;  // switch, JSON key (true when given)
    bool json_out = false;
    bool why = false;
    bool needs_device = false;

    void add(const Field& f) {
        values.emplace_back();
        options.emplace_back(
            app->add_option(std::string(f.flags), values.back(), std::string(f.help))->type_name(std::string(f.type)), f);
    }
    void add_switch(std::string_view flag, std::string_view key, std::string_view help) {
        switches.push_back(false);
        app->add_flag(std::string(flag), switches.back(), std::string(help));
        flags.emplace_back(&switches.back(), key);
    }
    // Every row of an input table that has a flag, except `skip`: booleans become switches.
    template <class T>
    void add_fields(std::span<const smcalc::fields::Field<T>> table, std::initializer_list<std::string_view> skip = {}) {
        for (const auto& f : table) {
            if (f.flag.empty() || std::find(skip.begin(), skip.end(), f.key) != skip.end()) continue;
            if (f.codec == smcalc::fields::Codec::Bool)
                add_switch(f.flag, f.key, f.help);
            else
                add(flag_for(f));
        }
    }
    CLI::Option* option(const std::string& key) const {
        for (const auto& [opt, f] : options)
            if (key == f.key) return opt;
        return nullptr;
    }
    bool given(const std::string& key) const {
        const CLI::Option* o = option(key);
        return o && o->count() > 0;
    }
};

// "256" -> 256; anything else stays a string for the api to read ("24KiB", "default") or to reject with a
// message naming the field.
json flag_value(const std::string& text) {
    int64_t v = 0;
    const char* end = text.data() + text.size();
    auto r = std::from_chars(text.data(), end, v);
    if (r.ec == std::errc{} && r.ptr == end && !text.empty()) return v;
    return text;
}

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, ',')) {
        const auto b = item.find_first_not_of(" \t");
        const auto e = item.find_last_not_of(" \t");
        out.push_back(b == std::string::npos ? std::string() : item.substr(b, e - b + 1));
    }
    if (!text.empty() && text.back() == ',') out.emplace_back();
    return out;
}

bool read_text(const std::string& path, std::string& out, std::string& why) {
    if (path == "-") {
        out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        return true;
    }
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        why = std::strerror(errno);
        return false;
    }
    out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    if (f.bad()) {
        why = "read error";
        return false;
    }
    return true;
}

// A file's contents as a request value: text as it is; a compiled file (cubin, fat binary, code object, offload
// bundle, host ELF: smcalc/binary.hpp) as {"base64": ...}, which JSON carries intact (the API decodes it).
json file_value(std::string content) {
    if (!smcalc::binary::looks_binary(content)) return json(std::move(content));
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string b64;
    b64.reserve((content.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < content.size(); i += 3) {
        uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(content[i])) << 16;
        if (i + 1 < content.size()) v |= static_cast<uint32_t>(static_cast<unsigned char>(content[i + 1])) << 8;
        if (i + 2 < content.size()) v |= static_cast<unsigned char>(content[i + 2]);
        b64 += kAlphabet[(v >> 18) & 63];
        b64 += kAlphabet[(v >> 12) & 63];
        b64 += i + 1 < content.size() ? kAlphabet[(v >> 6) & 63] : '=';
        b64 += i + 2 < content.size() ? kAlphabet[v & 63] : '=';
    }
    return json{{"base64", std::move(b64)}};
}

#ifdef SMCALC_HAVE_ZSTD
// libzstd (Debian libzstd-dev) for zstd-compressed fat binary entries: nvcc 12.8+ compresses PTX by default and
// ELF entries with --compress-mode=size. The frame must decompress to exactly `size` bytes.
std::optional<std::string> zstd_decompress(smcalc::binary::Compression c, std::string_view in, std::size_t size,
                                           std::string& why) {
    if (c != smcalc::binary::Compression::Zstd) {
        why = std::string(smcalc::binary::compression_name(c)) + " is not read by this build (zstd is)";
        return std::nullopt;
    }
    std::string out(size, '\0');
    const std::size_t n = ZSTD_decompress(out.data(), out.size(), in.data(), in.size());
    if (ZSTD_isError(n)) {
        why = std::string("zstd: ") + ZSTD_getErrorName(n);
        return std::nullopt;
    }
    if (n != size) {
        why = "zstd: " + std::to_string(n) + " bytes decompressed, the entry announces " + std::to_string(size);
        return std::nullopt;
    }
    return out;
}
#endif

// The flag a request field came from, for error messages ("device.smem_per_sm" -> --device-json).
std::string flag_of(const Command& cmd, std::string field) {
    if (field == "device_report") return "--device-report";
    if (field.rfind("device", 0) == 0 || field.rfind("gpc.", 0) == 0) return "--device-json";
    if (auto b = field.find('['); b != std::string::npos) field.resize(b);  // "ms[2]" -> "ms"
    if (field.rfind("problem", 0) == 0) field = "problem";
    if (field.rfind("cluster.", 0) == 0 || field.rfind("grid.", 0) == 0) field.resize(field.find('.'));
    if (field == "cluster" && !cmd.given("cluster") && cmd.given("clusters")) field = "clusters";  // tiles' list
    if (field == "m" || field == "n" || field == "k") field = "tile";
    if ((field == "a" || field == "b") && !cmd.given(field) && cmd.given("ab")) field = "ab";
    if (const CLI::Option* o = cmd.option(field)) return o->get_name().empty() ? field : o->get_name();
    for (const auto& [flag, key] : cmd.flags)
        if (field == key) {
            std::string name = "--" + std::string(key);  // the switch's flag: the key with '-' for '_'
            std::replace(name.begin(), name.end(), '_', '-');
            return name;
        }
    return field;
}

// A flag of the tile (compare then compares tiles): the tile table's fields and the tile composites.
bool is_tile_key(std::string_view key) {
    return key == "tile" || key == "waves" || key == "problem" || key == "ab" || smcalc::fields::find(smcalc::fields::tile_fields(), key);
}

int exit_code(smcalc::ErrorId id) {
    return (id == smcalc::ErrorId::NotAchievable || id == smcalc::ErrorId::Unsupported) ? 1 : 2;
}

int report_error(const Command& cmd, const smcalc::Error& e) {
    std::cerr << "smcalc " << cmd.app->get_name() << ": ";
    if (!e.field.empty()) std::cerr << flag_of(cmd, e.field) << ": ";
    std::cerr << e.message << " [" << smcalc::error_id_string(e.id) << "]\n";
    return exit_code(e.id);
}

int usage_error(const Command& cmd, const std::string& message) {
    std::cerr << "smcalc " << cmd.app->get_name() << ": " << message << "\n";
    return 2;
}

// The request the flags given make (the batch contract's JSON); nonzero: the exit status of a usage error.
int request_from_flags(Command& cmd, json& request) {
    request = {{"op", cmd.op}};
    bool tile_fields = false;
    for (const auto& [opt, f] : cmd.options) {
        if (opt->count() == 0) continue;
        const std::string& text = opt->as<std::string>();
        const std::string key(f.key);
        const std::string flag = opt->get_name().empty() ? key : opt->get_name();
        switch (f.kind) {
            case Kind::Value:
                request[key] = flag_value(text);
                break;
            case Kind::Text:
                request[key] = text;
                break;
            case Kind::Json:
                try {
                    request[key] = json::parse(text);
                } catch (const json::parse_error& e) {
                    return usage_error(cmd, flag + ": malformed JSON: " + e.what());
                }
                break;
            case Kind::Mnk:
            case Kind::Problem: {
                auto mnk = smcalc::api::parse_mnk(flag, text);
                if (!mnk) return usage_error(cmd, mnk.error().message + " [invalid_input]");
                if (f.kind == Kind::Mnk) {
                    request["m"] = (*mnk)[0];
                    request["n"] = (*mnk)[1];
                    request["k"] = (*mnk)[2];
                } else {
                    request[key] = {{"m", (*mnk)[0]}, {"n", (*mnk)[1]}, {"k", (*mnk)[2]}};
                }
                break;
            }
            case Kind::Both:
                request["a"] = text;
                request["b"] = text;
                break;
            case Kind::List: {
                json list = json::array();
                for (const auto& item : split(text)) list.push_back(flag_value(item));
                request[key] = std::move(list);
                break;
            }
            case Kind::Names: {
                json list = json::array();
                for (const auto& item : split(text)) list.push_back(item);
                request[key] = std::move(list);
                break;
            }
            case Kind::File: {
                std::string content, why;
                if (!read_text(text, content, why)) return usage_error(cmd, flag + ": cannot read " + text + ": " + why);
                request[key] = file_value(std::move(content));
                break;
            }
        }
        tile_fields = tile_fields || is_tile_key(key);
    }
    for (const auto& [on, key] : cmd.flags)
        if (*on) {
            request[std::string(key)] = true;
            tile_fields = tile_fields || is_tile_key(key);
        }
    if (cmd.op == "compare") request["kind"] = tile_fields ? "tile" : "kernel";
    if (cmd.op == "parse" && !request.contains("text")) {
        std::string content, why;
        read_text("-", content, why);
        request["text"] = file_value(std::move(content));
    }

    return 0;
}

// --json: the answer object; an error answer exits as its id says (report_error), warnings go to stderr.
int print_json_answer(Command& cmd, const json& request) {
    const json answer = smcalc::api::handle(request);
    std::cout << answer.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
    if (auto it = answer.find("error"); it != answer.end()) {
        smcalc::Error e{smcalc::ErrorId::BadRequest, it->value("field", ""), it->value("message", "")};
        for (auto id : {smcalc::ErrorId::InvalidInput, smcalc::ErrorId::UnknownArch, smcalc::ErrorId::UnknownGpu,
                        smcalc::ErrorId::InvalidDevice, smcalc::ErrorId::NotAchievable,
                        smcalc::ErrorId::Unsupported, smcalc::ErrorId::BadRequest})
            if (it->value("id", "") == smcalc::error_id_string(id)) e.id = id;
        return report_error(cmd, e);
    }
    for (const auto& w : answer.value("warnings", json::array())) std::cerr << "smcalc: warning: " << w.get<std::string>() << "\n";
    return 0;
}

int run(Command& cmd) {
    json request;
    if (const int rc = request_from_flags(cmd, request)) return rc;
    if (cmd.json_out) return print_json_answer(cmd, request);
    const auto answer = smcalc::api::handle_text(request, cmd.why);
    for (const auto& w : answer.warnings) std::cerr << "smcalc: warning: " << w << "\n";
    if (answer.error) return report_error(cmd, *answer.error);
    std::cout << answer.text;
    return 0;
}

int batch() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) std::cout << smcalc::api::handle_line(line) << '\n' << std::flush;
    return 0;
}

}  // namespace

namespace {

namespace fields = smcalc::fields;

void add_device(Command& c) {
    c.needs_device = true;
    const std::size_t first = c.options.size();
    for (const char* key : {"gpu", "cc", "device", "device_report"}) c.add(flag_for(key));
    c.options[first].first->excludes(c.options[first + 1].first)->excludes(c.options[first + 2].first);
    c.options[first + 1].first->excludes(c.options[first + 2].first);
}
// The kernel's fields (block-size has no --threads, dynamic-smem no --smem-dynamic: they answer those).
void add_kernel(Command& c, bool threads, bool smem_dynamic) {
    c.add_fields(fields::kernel_fields(), {threads ? "" : "threads", smem_dynamic ? "" : "smem_dynamic"});
}
// AMD kernel fields (--vgprs, --agprs, --sgprs, --lds, --scratch); --threads is the NVIDIA table's.
void add_amd_kernel(Command& c) { c.add_fields(fields::amd_kernel_fields(), {"threads"}); }
void add_compiler(Command& c) {
    for (const char* key : {"compiler_output", "kernel"}) c.add(flag_for(key));
}
void add_tile_shape(Command& c) {
    c.add(kTileMnk);
    c.add_fields(fields::tile_fields(), {"a", "b", "acc", "mma", "epilogue", "out", "epilogue_bytes",
                                         "epilogue_reuses_mainloop", "overhead_regs", "subbyte_smem", "acc_buffers",
                                         "schedule", "stages_auto"});
    c.add(flag_for("problem"));
}
void add_tile_types(Command& c) {
    c.add(kAb);
    c.add_fields(fields::tile_fields(), {"stages", "warps"});
}
// --cluster, --non-portable-cluster (and --grid where waves of clusters are counted).
void add_cluster(Command& c, bool grid) {
    c.add(flag_for("cluster"));
    c.add_fields(fields::cluster_fields());
    if (grid) c.add(flag_for("grid"));
}
void add_json(Command& c) {
    c.app->add_flag("--json", c.json_out, "print the answer object (the `smcalc batch` contract)");
}

// A subcommand for an op of the batch contract.
Command& command(CLI::App& app, std::deque<Command>& cmds, const char* name, const char* op, const char* help) {
    Command& c = cmds.emplace_back();
    c.app = app.add_subcommand(name, help);
    c.op = op;
    return c;
}

// The flag groups a subcommand is made of, in --help's order (each group is the fields its op reads).
enum Group : unsigned {
    Gpus = 1u << 0, Device = 1u << 1, Kernel = 1u << 2, NoThreads = 1u << 3, NoSmemDynamic = 1u << 4,
    AmdKernel = 1u << 5, Blocks = 1u << 6, TargetBlocks = 1u << 7, TileShape = 1u << 8, TilesLists = 1u << 9,
    Waves = 1u << 10, TileTypes = 1u << 11, Compiler = 1u << 12, Cluster = 1u << 13, Grid = 1u << 14,
    Clusters = 1u << 15, Parse = 1u << 16,
};
struct CommandRow {
    const char* name;  // the subcommand
    const char* op;    // the batch contract's op
    const char* help;
    unsigned groups;
    const char* why = nullptr;  // --why's help; nullptr = no --why
};
// block-size has no --threads and dynamic-smem no --smem-dynamic: they answer those.
const CommandRow kCommands[] = {
    {"occupancy", "occupancy",
     "active blocks per SM (NVIDIA) or workgroups per CU and waves per SIMD (AMD) and what limits them",
     Device | Kernel | AmdKernel | Compiler | Cluster | Grid, "add the step-by-step derivation"},
    {"block-size", "block_size", "block size with the highest occupancy (cudaOccMaxPotentialOccupancyBlockSize)",
     Device | Kernel | NoThreads | Compiler},
    {"dynamic-smem", "dynamic_smem",
     "dynamic shared memory per block that still lets --blocks blocks reside (cudaOccAvailableDynamicSMemPerBlock)",
     Device | Kernel | NoSmemDynamic | Blocks | Compiler},
    {"next", "next_step",
     "what to change for one more block per SM (each input alone, and the next occupancy level), and "
     "__launch_bounds__ / -maxrregcount values; each checked by the solver",
     Device | Kernel | AmdKernel | TargetBlocks | Compiler | Cluster | Grid},
    {"tile", "tile",
     "a GEMM tile (M x N x K, stages, warps, types) as an SM budget: registers, shared memory, tensor memory, CTAs "
     "per SM; estimates are marked",
     Device | TileShape | Waves | TileTypes | Cluster, "add the occupancy solver's derivation"},
    {"tiles", "tiles", "every candidate tile that fits a GPU and types, best first",
     Device | TilesLists | TileTypes | Cluster | Clusters},
    {"compare", "compare",
     "one kernel (--threads, --regs, ...) or one tile (--tile, --ab, ...) on 1 to 4 GPUs side by side; differing "
     "rows marked",
     Gpus | Kernel | AmdKernel | TileShape | Waves | TileTypes | Cluster},
    {"parse", "parse",
     "the kernels in ptxas -v / nvcc -Xptxas -v / cuobjdump -res-usage output: registers, shared memory, barriers, "
     "stack and spills; or in AMD LLVM output (kernel-resource-usage remarks, .s, metadata): VGPRs, SGPRs, LDS and "
     "LLVM's occupancy beside smcalc's",
     Parse},
};

// One subcommand from its row: each group's flags in order, then --json (and --why).
void add_command(CLI::App& app, std::deque<Command>& cmds, const CommandRow& row) {
    Command& c = command(app, cmds, row.name, row.op, row.help);
    const unsigned g = row.groups;
    if (g & Gpus) {
        c.add(flag_for("gpus"));
        c.options.back().first->required();
    }
    if (g & Device) add_device(c);
    if (g & Kernel) add_kernel(c, !(g & NoThreads), !(g & NoSmemDynamic));
    if (g & AmdKernel) add_amd_kernel(c);
    if (g & Blocks) c.add(flag_for("blocks"));
    if (g & TargetBlocks) c.add(flag_for("blocks", "blocks per SM the launch bounds must guarantee (default: one more than now)"));
    if (g & TileShape) add_tile_shape(c);
    if (g & TilesLists) {
        for (const char* key : {"ms", "ns", "ks"}) c.add(flag_for(key));
        for (const auto& f : kTilesLists) c.add(f);
        c.add(flag_for("limit"));
    }
    if (g & Waves) c.add(flag_for("waves"));
    if (g & TileTypes) add_tile_types(c);
    if (g & Compiler) add_compiler(c);
    if (g & Cluster) add_cluster(c, (g & Grid) != 0);
    if (g & Clusters) c.add(flag_for("clusters"));
    if (g & Parse) {
        c.add(flag_for("text"));
        c.add(flag_for("gpu", "AMD GPU whose rules LLVM output takes (remarks name no target; default: the .s's "
                              "target, else gfx942): MI300X, MI355X, MI250X, MI100, ..."));
    }
    add_json(c);
    if (row.why) c.app->add_flag("--why", c.why, row.why);
}

// Every op's subcommand; gpus and archs take only --json.
void add_commands(CLI::App& app, std::deque<Command>& cmds) {
    for (const CommandRow& row : kCommands) add_command(app, cmds, row);
    for (auto [name, op, help] : {std::tuple{"gpus", "gpus", "the GPU database: name, CC, SMs, source"},
                                  std::tuple{"archs", "archs", "the per compute capability rules"}}) {
        Command& c = command(app, cmds, name, op, help);
        c.app->add_flag("--json", c.json_out, "print the answer object");
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"smcalc: SM resources and CUDA occupancy, by NVIDIA's rules (cuda_occupancy.h), for CC 5.0 to 12.1; "
                 "CU resources and occupancy of AMD Instinct CDNA GPUs (MI100 to MI355X) by LLVM's rules"};
    app.set_version_flag("--version", "smcalc " + std::string(smcalc::api::kVersion));
#ifdef SMCALC_HAVE_ZSTD
    smcalc::binary::set_decompressor(zstd_decompress);
#endif
    app.require_subcommand(1, 1);
    app.footer("Exit status: 0 answer (0 blocks per SM is an answer), 1 no answer exists, 2 bad input.");

    std::deque<Command> cmds;
    add_commands(app, cmds);
    bool dts = false;
    CLI::App* fields_cmd = app.add_subcommand(
        "fields", "every input field: JSON key, CLI flag, URL-hash key, allowed values and meaning");
    fields_cmd->add_flag("--dts", dts, "print the TypeScript declarations of the inputs and of the answers' figures (web/smcalc.d.ts's generated part)");
    CLI::App* batch_cmd =
        app.add_subcommand("batch", "JSON Lines on stdin -> one JSON answer line per input line on stdout, in order");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help / version (rc 0) or the error naming the flag
        return rc == 0 ? 0 : 2;
    }
    if (batch_cmd->parsed()) return batch();
    if (fields_cmd->parsed()) {
        std::cout << (dts ? smcalc::fields::typescript_declarations() + "\n" + smcalc::schema::answer_declarations()
                          : smcalc::fields::table_text());
        return 0;
    }
    for (auto& c : cmds)
        if (c.app->parsed()) {
            if (c.needs_device && !c.given("gpu") && !c.given("cc") && !c.given("device") && !c.given("device_report") &&
                !c.given("compiler_output"))
                return usage_error(c, "give the device: --gpu NAME, --cc X.Y, --device-json '{...}' or --device-report FILE");
            return run(c);
        }
    return 2;
}
