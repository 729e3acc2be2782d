// fuzz_api_request - api::handle over structured requests: the fuzzer's bytes choose an op, a device (gpu,
// cc, a custom device object, an AMD Instinct product or a pasted device_report), and values for known fields (NVIDIA's and AMD's) from a pool of awkward JSON values (edges of
// every range, 1e300, -0.0, "NaN", "Infinity", unit strings, unicode, null, arrays, objects). Reaches the
// solver far more often than raw bytes do; 1 in 8 requests gets a near miss of a key (check_unknown_key: refused,
// naming a known key). Invariants: check_answer; the request written as a line gives the
// same answer through handle_line (checked for one request in four; so also: the same request twice gives the
// same answer).
#include <cstddef>
#include <cctype>
#include <cstdint>
#include <string>

#include "api_check.hpp"
#include "check.hpp"
#include "inputs.hpp"
#include "smcalc/amd.hpp"
#include "smcalc_api.hpp"

using nlohmann::json;
using namespace smcalc;
using namespace smcalc::fuzz;

namespace {

json awkward(Bytes& b, int depth = 0) {
    static const char* const kStrings[] = {"",        "abc",     "NaN",      "Infinity", "-Infinity", "default",
                                           "24KiB",   "24 KB",   "1.5MiB",   "0.3K",     "1e3",       "-1",
                                           "256",     "\u2603",  "H100 SXM5", "A100",    "sm_90a",    "9.0",
                                           "all",     "8192x8192x8192", "0x0x0", "bf16", "e4m3",     "tmem",
                                           "tile",    "bytes",   "packed",   "9999999999999999999999KiB",
                                           "MI300X",  "mi355x",  "160KiB",   "64KiB"};
    switch (b.u8() % 16) {
        case 0: return nullptr;
        case 1: return b.u8() % 2 == 0;
        case 2: return 1e300;
        case 3: return -0.0;
        case 4: return 256.0;
        case 5: return 1.5;
        case 6: return static_cast<double>(value(b, 256, 0, 1 << 20));
        case 7: return b.u64();  // unsigned, up to 2^64 - 1
        case 8: return kStrings[b.index(std::size(kStrings))];
        case 9: {
            std::string s;
            for (std::size_t n = b.index(12); n > 0; --n) s += static_cast<char>(b.u8());
            return s;  // may be invalid UTF-8: dumped with replacement characters
        }
        case 10:
            if (depth < 3) {
                json a = json::array();
                for (std::size_t n = b.index(4); n > 0; --n) a.push_back(awkward(b, depth + 1));
                return a;
            }
            return json::array();
        case 11: return json::object();
        default: return value(b, 256, 0, 1024);
    }
}

// "device_report" (issue 33): a pasted deviceQuery, rocminfo or PyTorch repr of a catalogued GPU whose figures
// are sometimes changed (an SM or CU count that differs from the row: a custom device; a range's edges), or an
// awkward value (not a string, random text). fuzz_device_report reads raw text; here the report meets the rest of
// a request (kernel fields, NVIDIA fields on an AMD report and the reverse, compiler output, clusters).
json device_report(Bytes& b) {
    const auto gpus = all_gpus();
    const auto amd_gpus = amd::all_gpus();
    auto num = [](int64_t v) { return std::to_string(v); };
    switch (b.u8() % 4) {
        case 0: {
            const GpuSpec& g = gpus[b.index(gpus.size())];
            const Device& d = g.device;
            const int64_t sms = b.u8() % 2 ? d.sm_count : value(b, d.sm_count, 0, 1024);
            const int64_t smem = b.u8() % 4 ? d.smem_per_sm : value(b, d.smem_per_sm, 0, 1 << 20);
            return "Device 0: \"NVIDIA " + std::string(g.name) + "\"\n  CUDA Capability Major/Minor version number:    " +
                   num(d.cc.major) + "." + num(d.cc.minor) + "\n  (" + num(sms) +
                   ") Multiprocessors, (128) CUDA Cores/MP:    1 CUDA Cores\n  Total shared memory per multiprocessor:        " +
                   num(smem) + " bytes\n  Maximum number of threads per multiprocessor:  " + num(d.max_threads_per_sm) + "\n";
        }
        case 1: {
            const amd::GpuSpec& g = amd_gpus[b.index(amd_gpus.size())];
            const uint8_t c = b.u8() % 4;  // the row's CUs, one die's (a CPX partition, a GCD), another count, none
            const int64_t cus = c == 0 ? g.cu_count : c == 1 ? g.cus_per_xcd : value(b, g.cu_count, 0, 1024);
            return "  Name:                    " + std::string(g.gfx) + "\n  Marketing Name:          AMD Instinct " +
                   std::string(g.name) + "\n  Device Type:             GPU\n" +
                   (c == 3 ? std::string() : "  Compute Unit:            " + num(cus) + "\n");
        }
        case 2: {
            const GpuSpec& g = gpus[b.index(gpus.size())];
            return "_CudaDeviceProperties(name='NVIDIA " + std::string(g.name) + "', major=" + num(g.device.cc.major) +
                   ", minor=" + num(g.device.cc.minor) + ", total_memory=81050MB, multi_processor_count=" +
                   num(value(b, g.device.sm_count, 0, 1024)) + ")";
        }
        default: return awkward(b);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    Bytes b(data, size);
    static const char* const kOps[] = {"occupancy", "block_size", "dynamic_smem", "next_step", "tile", "tiles",
                                       "compare",   "parse",      "nope",         "gpus",      "archs"};
    static const char* const kFields[] = {
        "threads", "regs",  "smem_static", "smem_dynamic", "optin",  "smem_dynamic_max", "carveout", "barriers",
        "blocks",  "m",     "n",           "k",            "stages", "warps",            "a",        "b",
        "acc",     "mma",   "epilogue",    "epilogue_bytes", "out",  "epilogue_reuses_mainloop", "overhead_regs",
        "subbyte_smem", "acc_buffers", "problem", "ms", "ns", "ks", "limit", "kind", "kernel", "id", "extra",
        // AMD (smcalc::fields::amd_kernel_fields, the AMD tile's waves): drawn as often as the others, so the
        // AMD paths and the vendor-field errors (an AMD field on an NVIDIA device and the reverse) are both hit.
        "vgprs", "agprs", "sgprs", "lds", "scratch", "waves", "compiler_output",
        // Thread block clusters (smcalc/cluster.hpp).
        "cluster", "non_portable_cluster", "grid", "clusters"};
    static const char* const kDeviceKeys[] = {"sm_count",      "max_threads_per_block", "max_threads_per_sm",
                                              "regs_per_sm",   "regs_per_block",        "warp_size",
                                              "smem_per_sm",   "smem_per_block",        "smem_per_block_optin",
                                              "reserved_smem_per_block", "bogus"};
    json req = json::object();
    // gpus and archs answer the whole database whatever the request: 1 in 64.
    const uint8_t op = b.u8();
    req["op"] = op % 32 == 0 ? awkward(b) : op % 64 == 1 ? json(op & 64 ? "gpus" : "archs") : json(kOps[b.index(std::size(kOps) - 2)]);
    const auto gpus = all_gpus();
    const auto archs = all_arch_rules();
    auto cc_text = [](ComputeCapability cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); };
    const auto amd_gpus = amd::all_gpus();
    switch (b.u8() % 6) {
        case 0: req["gpu"] = std::string(gpus[b.index(gpus.size())].name); break;
        case 5: req["gpu"] = std::string(amd_gpus[b.index(amd_gpus.size())].name); break;
        case 1: req["cc"] = cc_text(archs[b.index(archs.size())].cc); break;
        case 2: {
            json d = {{"cc", cc_text(archs[b.index(archs.size())].cc)}};
            for (std::size_t n = b.index(4); n > 0; --n) d[kDeviceKeys[b.index(std::size(kDeviceKeys))]] = awkward(b);
            // Finding F4: block_size (and next_step) try max_threads_per_block / warp_size sizes; kept below 2^16.
            if (d.contains("max_threads_per_block") && d["max_threads_per_block"].is_number() &&
                d["max_threads_per_block"].get<double>() > 65536)
                d["max_threads_per_block"] = 65536;
            req["device"] = d;
            break;
        }
        case 3: req[b.u8() % 2 ? "gpu" : "cc"] = awkward(b); break;
        default:  // no device, or one time in two a pasted device report instead
            if (b.u8() % 2 == 0) req["device_report"] = device_report(b);
            break;
    }
    if (const uint8_t g = b.u8(); g % 8 == 0) {
        // Two GPUs; one in two of these lists has an AMD column (a compare across vendors), 1 in 4 only AMD ones.
        auto amd_name = [&] { return std::string(amd_gpus[b.index(amd_gpus.size())].name); };
        auto nv_name = [&] { return std::string(gpus[b.index(gpus.size())].name); };
        const std::string first = (g & 32) && (g & 64) ? amd_name() : nv_name();
        req["gpus"] = {first, g & 32 ? amd_name() : nv_name()};
    }
    if (const uint8_t t = b.u8(); t % 16 == 0) {
        req["text"] = "ptxas info    : Used " + std::to_string(value(b, 32, 0, 255)) + " registers, " +
                      std::to_string(value(b, 0, 0, 65536)) + " bytes smem";
    } else if (t % 16 == 1) {
        // LLVM's AMD remarks (the AMD reader of op parse and of compiler_output on an AMD GPU).
        // LLVM 19 spells the SGPR line "SGPRs:", LLVM 22 "TotalSGPRs:"; op parse takes "gpu" (an AMD GPU's rules,
        // set above for one request in eight) for the remarks' missing target.
        // llc's form "remark: <loc>: ..." or clang's "<loc>: remark: ..." (the option's bracket is cut off).
        const std::string r = b.u8() % 2 ? "remark: k.hip:1:0: " : "k.hip:1:0: remark: ";
        const std::string sg = b.u8() % 2 ? "    TotalSGPRs: " : "    SGPRs: ";
        const std::string text = r + "Function Name: k\n" + r + sg + std::to_string(value(b, 16, 0, 120)) +
                                 "\n" + r + "    VGPRs: " + std::to_string(value(b, 64, 0, 300)) + "\n" + r +
                                 "    AGPRs: " + std::to_string(value(b, 0, 0, 300)) + "\n" + r +
                                 "    Occupancy [waves/SIMD]: " + std::to_string(value(b, 4, 0, 10)) + "\n" + r +
                                 "    LDS Size [bytes/block]: " + std::to_string(value(b, 0, 0, 200000)) + "\n";
        req[t & 16 ? "compiler_output" : "text"] = text;
    } else if (t % 16 == 2) {
        // An AMD .s: the target, the kernel descriptor's allocation (next_free_vgpr/sgpr, accum_offset: padded to a
        // waves-per-eu cap), LLVM 22's "; TotalNumSgprs" and the amdhsa metadata's workgroup size.
        const std::string text =
            "\t.amdgcn_target \"amdgcn-amd-amdhsa--" + std::string(b.u8() % 2 ? "gfx942" : "gfx950") + "\"\n" +
            "\t.amdhsa_kernel k\n\t\t.amdhsa_group_segment_fixed_size " + std::to_string(value(b, 0, 0, 200000)) +
            "\n\t\t.amdhsa_next_free_vgpr " + std::to_string(value(b, 97, 0, 600)) +
            "\n\t\t.amdhsa_next_free_sgpr " + std::to_string(value(b, 96, 0, 120)) +
            "\n\t\t.amdhsa_accum_offset " + std::to_string(value(b, 32, 0, 300)) + "\n\t.end_amdhsa_kernel\n" +
            "; TotalNumSgprs: " + std::to_string(value(b, 6, 0, 120)) + "\n; NumVgprs: " +
            std::to_string(value(b, 32, 0, 300)) + "\n; NumSGPRsForWavesPerEU: " + std::to_string(value(b, 102, 0, 120)) +
            "\n; NumVGPRsForWavesPerEU: " + std::to_string(value(b, 97, 0, 600)) + "\n; Occupancy: " +
            std::to_string(value(b, 4, 0, 10)) + "\namdhsa.kernels:\n  - .max_flat_workgroup_size: " +
            std::to_string(value(b, 256, 0, 2048)) + "\n    .name:           k\n";
        req[t & 16 ? "compiler_output" : "text"] = text;
    }
    // Candidate lists stay short so one request stays cheap.
    for (const char* list : {"ms", "ns", "ks"})
        req[list] = json::array({tile_dim(b, 64)});
    for (std::size_t n = b.index(8); n > 0; --n) req[kFields[b.index(std::size(kFields))]] = awkward(b);
    // Unknown keys are errors naming the nearest known key: 1 in 8 requests gets a near miss of a field (one
    // byte dropped, doubled or changed, two swapped, another case, '-' for '_'), or the CLI's spelling "smem"
    // (read as smem_static), in the request or in its device object.
    if (const uint8_t u = b.u8(); u % 8 == 0) {
        std::string k = kFields[b.index(std::size(kFields))];
        const std::size_t at = b.index(k.size());
        switch (b.u8() % 7) {
            case 0: k.erase(at, 1); break;
            case 1: k.insert(at, 1, k[at]); break;
            case 2: k[at] = static_cast<char>(b.u8()); break;
            case 3: if (at + 1 < k.size()) std::swap(k[at], k[at + 1]); break;
            case 4: k[at] = static_cast<char>(std::toupper(static_cast<unsigned char>(k[at]))); break;
            case 5: for (char& c : k) c = c == '_' ? '-' : c; break;
            default: k = "smem"; break;
        }
        if (u & 8 && req.contains("device") && req["device"].is_object())
            req["device"][std::string(kDeviceKeys[b.index(std::size(kDeviceKeys))]).substr(1)] = awkward(b);
        else
            req[k] = awkward(b);
    }
    // An absent or null list is the default one (up to 8 x 8 x 4 x 8 x 4 = 8,192 candidates for "tiles", ~50 ms
    // under the sanitizers, most of this target's time): 7 times in 8 a list is one value instead, so the target
    // runs ~3x as many requests (the default lists are still tried, and fuzz_tile searches with short ones).
    const bool default_lists = b.u8() % 8 == 0;
    for (const char* list : {"ms", "ns", "ks", "stages", "warps"}) {
        if (req.contains(list) && req[list].is_array() && req[list].size() > 2) req[list] = json::array({8});
        if (default_lists || (req.contains(list) && !req[list].is_null())) continue;
        const std::string l = list;
        req[list] = json::array({l == "stages" ? b.between(1, 8) : l == "warps" ? 4 * b.between(1, 4) : tile_dim(b, 64)});
    }

    // Thread block clusters (issue 17): one request in four gets a well-formed cluster (sizes 1..16, any of its
    // spellings), sometimes with the non-portable flag, a grid of whole clusters or a custom GPC layout, so the
    // cluster answers (not only their refusals) are reached; awkward values still come from kFields above.
    if (b.u8() % 4 == 0) {
        const int64_t x = b.between(1, 8), y = b.between(1, 4), z = b.u8() % 8 == 0 ? 2 : 1;
        switch (b.u8() % 3) {
            case 0: req["cluster"] = json::array({x, y, z}); break;
            case 1: req["cluster"] = std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z); break;
            default: req["cluster"] = x; break;
        }
        if (b.u8() % 2 == 0) req["non_portable_cluster"] = true;
        if (b.u8() % 4 == 0) req["grid"] = json::array({x * b.between(1, 64), y * b.between(1, 8), z});
        if (b.u8() % 8 == 0 && req.contains("device") && req["device"].is_object())
            req["device"]["gpc"] = {{"gpcs_min", b.between(0, 12)}, {"gpcs_max", b.between(0, 12)},
                                    {"max_sms_per_gpc", b.between(0, 20)}, {"sms_per_tpc", b.between(0, 2)}};
        if (b.u8() % 8 == 0) req["clusters"] = json::array({"1x1x1", json::array({x, y, 1})});
    }

    const json a = api::handle(req);
    require(check_answer(a), "handle");
    require(check_unknown_key(req, a), "unknown key");
    const std::string text = a.dump(-1, ' ', false, json::error_handler_t::replace);
    // One request in four also goes through handle_line (it parses and answers again: the costly half).
    const std::string line = req.dump(-1, ' ', false, json::error_handler_t::replace);
    if (b.u8() % 4 == 0 && req.dump(-1, ' ', false, json::error_handler_t::ignore) == line) {  // valid UTF-8
        const std::string via_line = api::handle_line(line);
        if (via_line != text)
            broken("handle_line disagrees with handle for " + line.substr(0, 300) + "\n  " + via_line.substr(0, 300) +
                   "\n  " + text.substr(0, 300));
    }
    return 0;
}
