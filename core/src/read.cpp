// read.cpp - op parse: compiler output read into kernels (smcalc/solve.hpp, read_compiler_output). A reader, not a
// solve: the page's paste box reads ptxas -v text with parse_compiler_output itself and links neither this file nor
// the AMD reader (page weight); the CLI, the batch and the JS API answer op parse here.
#include <algorithm>
#include <string>
#include <vector>
#include <string_view>

#include "answer_words.hpp"
#include "smcalc/binary.hpp"
#include "smcalc/solve.hpp"

namespace smcalc {
namespace {

using namespace words;

// `gpu`: the AMD GPU whose rules the kernels take (op parse's "gpu"); nullptr = each kernel's own target,
// gfx942 where the text names none.
Expected<AmdParseAnswer> amd_parse_answer(Expected<amd::ParsedOutput> p, const amd::GpuSpec* gpu) {
    if (!p) return p.error();
    AmdParseAnswer a;
    a.parsed = std::move(p.value());
    for (const amd::ParsedKernel& k : a.parsed.kernels) {
        // The chosen GPU's rules ("gpu"); else the kernel's own target when modelled; else gfx942.
        std::string gfx = gpu ? std::string(gpu->gfx) : k.gfx.empty() ? std::string("gfx942") : k.gfx;
        auto arch = amd::find_arch(gfx);
        if (!arch) {
            a.llvm.emplace_back();
            a.gfx_used.emplace_back();
            continue;
        }
        auto c = amd::compare_with_llvm(**arch, k);
        if (c)
            a.llvm.emplace_back(*c);
        else
            a.llvm.emplace_back();
        a.gfx_used.emplace_back((*arch)->gfx);
    }
    // Kernels compiled for another target than the chosen GPU's: one note per target (a file has one, usually).
    if (gpu) {
        std::vector<std::string> seen;
        for (const amd::ParsedKernel& k : a.parsed.kernels) {
            if (k.gfx.empty() || k.gfx == gpu->gfx || std::find(seen.begin(), seen.end(), k.gfx) != seen.end()) continue;
            seen.push_back(k.gfx);
            int64_t n = 0;
            for (const amd::ParsedKernel& q : a.parsed.kernels) n += q.gfx == k.gfx ? 1 : 0;
            a.parsed.notes.push_back((n == 1 ? k.name + " was" : num(n) + " kernels were") + " compiled for " + k.gfx +
                                     " but " + std::string(gpu->name) + " is " + std::string(gpu->gfx) + ": " +
                                     (n == 1 ? "its" : "their") + " figures use " + std::string(gpu->gfx) +
                                     "'s rules, and LLVM's figure (made for " + k.gfx + ") may differ for that reason");
        }
    }
#ifndef SMCALC_NO_BINARY_READER
    const bool binary = !a.parsed.kernels.empty() && !a.parsed.kernels.front().container.empty();
#else
    const bool binary = false;
#endif
    int64_t no_size = 0;
    for (const auto& k : a.parsed.kernels) no_size += k.max_flat_workgroup_size ? 0 : 1;
    if (no_size > 0 && !binary)
        a.parsed.notes.push_back(
            "the text gives no workgroup size for " + num(no_size) + " of " +
            num(static_cast<int64_t>(a.parsed.kernels.size())) +
            " kernels (remarks carry none; amdhsa metadata's .max_flat_workgroup_size does): 256 work-items are "
            "assumed for them, and LLVM's figure, made for the kernel's own flat workgroup size, may differ for that "
            "reason alone (a MISMATCH there is not a disagreement about the rules)");
    bool any_missing_gfx = false;
    for (const auto& k : a.parsed.kernels) any_missing_gfx = any_missing_gfx || k.gfx.empty();
    if (binary) {
        // A code object names its target; LLVM's figure is not in it (the comparison shows ours alone).
    } else if (any_missing_gfx && gpu)
        a.parsed.notes.push_back("a kernel's target (gfx) is not in the text (remarks name none): its figures use " +
                                 std::string(gpu->name) + "'s " + std::string(gpu->gfx) + " rules (\"gpu\")");
    else if (any_missing_gfx)
        a.parsed.notes.push_back("a kernel's target (gfx) is not in the text (remarks name none): its figures use "
                                 "gfx942's rules; give \"gpu\" (CLI --gpu) to choose another AMD GPU's");
    return a;
}

}  // namespace

Answer read_compiler_output(std::string_view text, const amd::GpuSpec* amd_gpu) {
    Answer a;
#ifndef SMCALC_NO_BINARY_READER
    // Compiled files (cubin, fat binary, AMD code object, offload bundle): smcalc/binary.hpp.
    if (binary::looks_binary(text)) {
        auto read = binary::read_binary(text);
        if (!read) {
            a.error = read.error();
            return a;
        }
        binary::Read* r = &read.value();
        if (r->nvidia && !(amd_gpu && r->amd)) {
            if (r->amd)
                r->nvidia->notes.push_back("the file also holds " + num(static_cast<int64_t>(r->amd->kernels.size())) +
                                           " AMD kernels; give an AMD GPU (\"gpu\", CLI --gpu) to list them");
            a.solved.emplace<ParsedOutput>(std::move(*r->nvidia));
            return a;
        }
        auto amd_bin = amd_parse_answer(std::move(*r->amd), amd_gpu);
        if (amd_bin) a.solved.emplace<AmdParseAnswer>(std::move(amd_bin.value()));
        else a.error = amd_bin.error();
        return a;
    }
#endif
    // NVIDIA's reader first; text in which it finds no kernel gets the AMD reader (LLVM's remarks, .s, metadata).
    // When neither finds a kernel the NVIDIA reader's error is the answer. With an AMD GPU ("gpu") the AMD reader
    // alone, with that GPU's rules.
    if (amd_gpu) {
        auto amd_text = amd_parse_answer(amd::parse_amd_compiler_output(text), amd_gpu);
        if (amd_text) a.solved.emplace<AmdParseAnswer>(std::move(amd_text.value()));
        else a.error = amd_text.error();
        return a;
    }
    auto nv = parse_compiler_output(text);
    if (nv) {
        a.solved.emplace<ParsedOutput>(std::move(nv.value()));
        return a;
    }
    auto amd_text = amd_parse_answer(amd::parse_amd_compiler_output(text), nullptr);
    if (amd_text) a.solved.emplace<AmdParseAnswer>(std::move(amd_text.value()));
    else a.error = nv.error();
    return a;
}

}  // namespace smcalc
