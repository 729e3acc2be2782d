// compiled.cpp - compiler output given with a request (smcalc/solve.hpp): a compiled file's base64, which reader
// reads the bytes, and which kernel (and which of its targets) the request means. The same rules for the JSON API,
// the CLI (which sends JSON) and the JS API; core/api only turns JSON values into these arguments.
// Not in the page's own core: the page reads pasted output through the JS API module (web/CMakeLists.txt).
#ifndef SMCALC_NO_BINARY_READER
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "answer_words.hpp"
#include "smcalc/binary.hpp"
#include "smcalc/format.hpp"
#include "smcalc/solve.hpp"

namespace smcalc {

using words::num;

Expected<std::string> decode_base64(std::string_view t, std::string_view field_name) {
    const std::string field(field_name);
    const std::string b64 = field + ".base64";
    if (t.size() / 4 * 3 > binary::kMaxBinaryInput)
        return Error{ErrorId::InvalidInput, field,
                     b64 + " holds more than " + std::to_string(binary::kMaxBinaryInput) + " bytes, the most a file may have"};
    std::string out;
    out.reserve(t.size() / 4 * 3);
    uint32_t acc = 0;
    int bits = 0, pad = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        int v6;
        if (c >= 'A' && c <= 'Z') v6 = c - 'A';
        else if (c >= 'a' && c <= 'z') v6 = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v6 = c - '0' + 52;
        else if (c == '+' || c == '-') v6 = 62;
        else if (c == '/' || c == '_') v6 = 63;
        else if (c == '=') { ++pad; continue; }
        else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        else
            return Error{ErrorId::InvalidInput, b64,
                         b64 + " is not base64: character " + std::to_string(i) + " is not one of A-Z a-z 0-9 + / ="};
        if (pad > 0) return Error{ErrorId::InvalidInput, b64, b64 + " is not base64: characters after the '=' padding"};
        acc = (acc << 6) | static_cast<uint32_t>(v6);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xff));
        }
    }
    if (out.empty()) return Error{ErrorId::InvalidInput, b64, b64 + " is empty"};
    return out;
}

Expected<ParsedOutput> read_nvidia_output(std::string_view bytes) {
    if (!binary::looks_binary(bytes)) return parse_compiler_output(bytes);
    auto r = binary::read_binary(bytes);
    if (!r) return r.error();
    if (!r->nvidia) return Error{ErrorId::InvalidInput, "compiler_output", "the file holds no NVIDIA kernel (" + r->format + ")"};
    return std::move(*r->nvidia);
}

Expected<amd::ParsedOutput> read_amd_output(std::string_view bytes) {
    if (!binary::looks_binary(bytes)) return amd::parse_amd_compiler_output(bytes);
    auto r = binary::read_binary(bytes);
    if (!r) return r.error();
    if (!r->amd) return Error{ErrorId::InvalidInput, "compiler_output", "the file holds no AMD kernel (" + r->format + ")"};
    return std::move(*r->amd);
}

namespace {

// "reduce<512> (_Z6reduceILi512EEvPKfPfi), ...": each kernel once, at most 12.
std::string kernel_list(const std::vector<const ParsedKernel*>& ks) {
    std::vector<std::string> names;
    for (const ParsedKernel* k : ks) {
        const std::string n = kernel_display_name(*k);
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::string s;
    for (std::size_t i = 0; i < names.size() && i < 12; ++i) s += (i ? ", " : "") + names[i];
    if (names.size() > 12) s += ", ... (" + num(static_cast<int64_t>(names.size())) + " in all)";
    return s;
}

int cc_rank(ComputeCapability cc) { return cc.major * 10 + cc.minor; }

// An arch-specific target (sm_90a, sm_100f) runs only on its own CC.
bool arch_specific(const std::string& arch) {
    return !arch.empty() && std::isalpha(static_cast<unsigned char>(arch.back())) != 0;
}

Error kernel_error(std::string message) { return Error{ErrorId::InvalidInput, "kernel", std::move(message)}; }

// The kernel's candidates (one name, possibly compiled for several targets), or why none or several.
Expected<std::vector<const ParsedKernel*>> kernel_candidates(const ParsedOutput& p, const std::string* name) {
    std::vector<const ParsedKernel*> all, cands;
    for (const auto& k : p.kernels) all.push_back(&k);
    if (name) {
        cands = find_kernels(p, *name);  // name as printed, mangled, demangled, short or without template arguments
        if (cands.empty())
            return kernel_error("kernel \"" + name->substr(0, 80) + "\" is not in the compiler output; it has " + kernel_list(all));
    } else {
        cands = all;
    }
    const std::string& first = cands.front()->name;
    if (std::any_of(cands.begin(), cands.end(), [&](const ParsedKernel* k) { return k->name != first; }))
        return kernel_error(name ? "kernel \"" + name->substr(0, 80) + "\" matches several kernels: " + kernel_list(cands) +
                                       "; give the full name"
                                 : "the compiler output has several kernels; choose one with kernel: " + kernel_list(cands));
    return cands;
}

// The target a device of `cc` runs: its own CC, else the newest binary-compatible one (same major, lower minor, not
// arch-specific), else the newest at or below it (or the first), each with a warning saying which was used.
const ParsedKernel* target_for(const std::vector<const ParsedKernel*>& cands, ComputeCapability cc,
                               const std::string& shown_name, std::vector<std::string>& warnings) {
    for (const ParsedKernel* k : cands)
        if (k->cc && *k->cc == cc) return k;
    const ParsedKernel* best = nullptr;
    for (const ParsedKernel* k : cands)
        if (k->cc && k->cc->major == cc.major && k->cc->minor <= cc.minor && !arch_specific(k->arch) &&
            (!best || cc_rank(*k->cc) > cc_rank(*best->cc)))
            best = k;
    if (best) {
        warnings.push_back(shown_name + " was compiled for " + best->arch + "; CC " + cc_text(cc) +
                           " runs that binary, so its register and shared memory counts are used");
        return best;
    }
    for (const ParsedKernel* k : cands)
        if (k->cc && cc_rank(*k->cc) <= cc_rank(cc) && (!best || cc_rank(*k->cc) > cc_rank(*best->cc))) best = k;
    if (!best) best = cands.front();
    warnings.push_back(shown_name + " was compiled for " + (best->arch.empty() ? std::string("an unnamed target") : best->arch) +
                       ", which CC " + cc_text(cc) +
                       " cannot run as is (the driver would JIT-compile its PTX and ptxas may allocate differently); "
                       "its counts are used as they are");
    return best;
}

}  // namespace

Expected<const ParsedKernel*> choose_kernel(const ParsedOutput& p, const std::string* name,
                                            std::optional<ComputeCapability> device_cc, std::vector<std::string>& warnings) {
    auto c = kernel_candidates(p, name);
    if (!c) return c.error();
    const std::vector<const ParsedKernel*>& cands = *c;
    const std::string& shown_name = cands.front()->short_name.empty() ? cands.front()->name : cands.front()->short_name;
    if (device_cc) return target_for(cands, *device_cc, shown_name, warnings);
    // No device: the one modelled CC the output names is the device.
    std::vector<const ParsedKernel*> modelled;
    for (const ParsedKernel* k : cands)
        if (k->cc && k->cc_modelled) modelled.push_back(k);
    if (modelled.empty())
        return Error{ErrorId::BadRequest, "gpu",
                     "the compiler output names no compute capability smcalc models for " + shown_name +
                         (cands.front()->arch.empty() ? std::string() : " (target " + cands.front()->arch + ")") +
                         "; give gpu, cc or device"};
    if (modelled.size() > 1) {
        std::string archs;
        for (const ParsedKernel* k : modelled) archs += (archs.empty() ? "" : ", ") + k->arch;
        return Error{ErrorId::BadRequest, "cc", shown_name + " was compiled for " + archs + "; give cc or gpu to choose which to evaluate"};
    }
    return modelled.front();
}

Expected<const amd::ParsedKernel*> choose_amd_kernel(const amd::ParsedOutput& p, const std::string* name) {
    std::string names;
    for (std::size_t i = 0; i < p.kernels.size() && i < 12; ++i) names += (i ? ", " : "") + p.kernels[i].name;
    if (!name) {
        if (p.kernels.size() > 1) return kernel_error("the compiler output has several kernels; choose one with kernel: " + names);
        return &p.kernels.front();
    }
    for (const auto& k : p.kernels)
        if (k.name == *name) return &k;
    return kernel_error("kernel \"" + name->substr(0, 80) + "\" is not in the compiler output; it has " + names);
}

}  // namespace smcalc
#endif  // SMCALC_NO_BINARY_READER
