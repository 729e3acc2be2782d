// smcalc - the command line: flags in, a JSON request to smcalc::api out, its answer printed.
//
// Every subcommand builds the same request object `smcalc batch` reads, and hands it to the api layer, so
// the flags, batch and the JS API cannot disagree. Exit codes: 0 answer (0 blocks per SM is an answer too),
// 1 no answer exists (not_achievable, unsupported), 2 bad input (flags, values, unknown GPU or CC).
#include <charconv>
#include <deque>
#include <iostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "smcalc_api.hpp"

namespace {

using nlohmann::json;

// One request field a flag sets: flag names (CLI11 syntax), JSON key, help.
struct Field {
    const char* flags;
    const char* key;
    const char* help;
    const char* type = "N";  // shown in --help
};

constexpr Field kDevice[] = {
    {"--gpu", "gpu", "GPU name or alias from `smcalc gpus`, e.g. \"H100 SXM5\", A100", "NAME"},
    {"--cc", "cc", "compute capability (8.0, 80 or sm_80): that CC's reference device", "X.Y"},
    {"--device-json", "device", "custom device as JSON: {\"cc\":\"8.0\", ...fields to override}", "JSON"},
};
constexpr Field kThreads = {"--threads", "threads", "threads per block (default 256)"};
constexpr Field kKernel[] = {
    {"--regs", "regs", "registers per thread (default 32)"},
    {"--smem,--smem-static", "smem_static",
     "static shared memory per block: bytes or 24KiB, 24KB, 1.5MiB (KB = KiB = 1024 B; default 0)", "BYTES"},
    {"--smem-dynamic-max", "smem_dynamic_max",
     "cudaFuncAttributeMaxDynamicSharedMemorySize in bytes (default: CUDA's)", "BYTES"},
    {"--carveout", "carveout", "shared memory carveout preference: 0..100 % or default", "PERCENT"},
    {"--barriers", "barriers", "block barriers used (default 1)"},
};
constexpr Field kSmemDynamic = {"--smem-dynamic", "smem_dynamic", "dynamic shared memory per block at launch (default 0)", "BYTES"};
constexpr Field kBlocks = {"--blocks", "blocks", "blocks per SM the dynamic shared memory must still allow (default 1)"};

// What one subcommand collects from its flags.
struct Command {
    CLI::App* app = nullptr;
    std::string op;
    std::vector<std::pair<CLI::Option*, const char*>> options;  // option, JSON key
    std::deque<std::string> values;                             // flag values (deque: stable addresses)
    bool optin = false;
    bool json_out = false;
    bool why = false;

    void add(const Field& f) {
        values.emplace_back();
        options.emplace_back(app->add_option(f.flags, values.back(), f.help)->type_name(f.type), f.key);
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

// The flag a request field came from, for error messages ("device.smem_per_sm" -> --device-json).
std::string flag_of(const Command& cmd, const std::string& field) {
    if (field.rfind("device", 0) == 0) return "--device-json";
    for (const auto& [opt, key] : cmd.options)
        if (field == key) return opt->get_name();
    if (field == "optin") return "--optin";
    return field;
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

int run(Command& cmd) {
    json request = {{"op", cmd.op}};
    for (const auto& [opt, key] : cmd.options) {
        if (opt->count() == 0) continue;
        const std::string& text = opt->as<std::string>();
        if (std::string(key) == "device") {
            try {
                request[key] = json::parse(text);
            } catch (const json::parse_error& e) {
                std::cerr << "smcalc " << cmd.app->get_name() << ": --device-json: malformed JSON: " << e.what() << "\n";
                return 2;
            }
        } else if (std::string(key) == "gpu" || std::string(key) == "cc") {
            request[key] = text;
        } else {
            request[key] = flag_value(text);
        }
    }
    if (cmd.optin) request["optin"] = true;

    if (cmd.json_out) {
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
        return 0;
    }
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

int main(int argc, char** argv) {
    CLI::App app{"smcalc: SM resources and CUDA occupancy, by NVIDIA's rules (cuda_occupancy.h), for CC 5.0 to 12.1"};
    app.set_version_flag("--version", "smcalc " + std::string(smcalc::api::kVersion));
    app.require_subcommand(1, 1);
    app.footer("Exit status: 0 answer (0 blocks per SM is an answer), 1 no answer exists, 2 bad input.");

    std::vector<Command> cmds(5);
    auto device_cmd = [&](Command& c, const char* name, const char* op, const char* help, bool threads,
                          bool smem_dynamic, bool blocks) {
        c.app = app.add_subcommand(name, help);
        c.op = op;
        for (const auto& f : kDevice) c.add(f);
        c.options[0].first->excludes(c.options[1].first)->excludes(c.options[2].first);
        c.options[1].first->excludes(c.options[2].first);
        if (threads) c.add(kThreads);
        for (const auto& f : kKernel) c.add(f);
        if (smem_dynamic) c.add(kSmemDynamic);
        if (blocks) c.add(kBlocks);
        c.app->add_flag("--optin", c.optin, "shared memory opt-in (cudaFuncAttributeMaxDynamicSharedMemorySize set)");
        c.app->add_flag("--json", c.json_out, "print the answer object (the `smcalc batch` contract)");
    };
    device_cmd(cmds[0], "occupancy", "occupancy", "active blocks per SM and what limits them", true, true, false);
    cmds[0].app->add_flag("--why", cmds[0].why, "add the step-by-step derivation");
    device_cmd(cmds[1], "block-size", "block_size",
               "block size with the highest occupancy (cudaOccMaxPotentialOccupancyBlockSize)", false, true, false);
    device_cmd(cmds[2], "dynamic-smem", "dynamic_smem",
               "dynamic shared memory per block that still lets --blocks blocks reside (cudaOccAvailableDynamicSMemPerBlock)",
               true, false, true);
    for (auto [c, name, op, help] : {std::tuple{&cmds[3], "gpus", "gpus", "the GPU database: name, CC, SMs, source"},
                                     std::tuple{&cmds[4], "archs", "archs", "the per compute capability rules"}}) {
        c->app = app.add_subcommand(name, help);
        c->op = op;
        c->app->add_flag("--json", c->json_out, "print the answer object");
    }
    CLI::App* batch_cmd =
        app.add_subcommand("batch", "JSON Lines on stdin -> one JSON answer line per input line on stdout, in order");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help / version (rc 0) or the error naming the flag
        return rc == 0 ? 0 : 2;
    }
    if (batch_cmd->parsed()) return batch();
    for (auto& c : cmds)
        if (c.app->parsed()) {
            if (c.options.size() >= 3 && c.options[0].first->count() + c.options[1].first->count() +
                                                 c.options[2].first->count() == 0) {
                std::cerr << "smcalc " << c.app->get_name() << ": give the device: --gpu NAME, --cc X.Y or --device-json '{...}'\n";
                return 2;
            }
            return run(c);
        }
    return 2;
}
