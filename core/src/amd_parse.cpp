// amd_parse.cpp - the AMD compiler-output reader (smcalc/amd_parse.hpp): LLVM kernel-resource-usage remarks,
// .amdhsa_* directives with the asm printer's comments, and amdhsa.kernels metadata. One pass over the lines,
// no recursion, no regex; numbers through std::from_chars, refused above kMaxInput.
#include "smcalc/amd_parse.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "smcalc/ptxas.hpp"  // kMaxCompilerOutput
#include "text.hpp"

namespace smcalc::amd {
namespace {

using text::is_space;
using text::starts_with;
using text::trim;

// A decimal count, 0 .. kMaxInput, the whole of `s` (after trimming). nullopt otherwise.
std::optional<int64_t> count(std::string_view s) {
    s = trim(s);
    uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || v > static_cast<uint64_t>(kMaxInput)) return std::nullopt;
    return static_cast<int64_t>(v);
}

// "gfx942" out of "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" or "\"amdgcn-amd-amdhsa--gfx942\"".
std::string gfx_of(std::string_view s) {
    const std::size_t p = s.find("gfx");
    if (p == std::string_view::npos) return {};
    std::size_t e = p + 3;
    while (e < s.size() && std::isalnum(static_cast<unsigned char>(s[e]))) ++e;
    return std::string(s.substr(p, e - p));
}

// "Key: value" after a prefix; sets `dst` when value is a count.
bool field(std::string_view body, std::string_view key, std::optional<int64_t>& dst) {
    if (!starts_with(body, key)) return false;
    std::string_view rest = body.substr(key.size());
    if (rest.empty() || rest.front() != ':') return false;
    rest.remove_prefix(1);
    // "16384 bytes/workgroup (compile time only)" -> first word
    rest = trim(rest);
    const std::size_t sp = rest.find(' ');
    if (auto v = count(rest.substr(0, sp))) dst = v;
    return true;
}

struct Reader {
    ParsedOutput out;
    std::string gfx;  // last target seen

    ParsedKernel& kernel(std::string_view name, int64_t line, const char* format) {
        return out.kernels[index(name, line, format)];
    }
    // The kernel's place in out.kernels (kept across lines as an index: a pointer would dangle when the vector grows).
    std::size_t index(std::string_view name, int64_t line, const char* format) {
        for (std::size_t i = 0; i < out.kernels.size(); ++i) {
            ParsedKernel& k = out.kernels[i];
            if (k.name == name) {
                if (std::find(k.formats.begin(), k.formats.end(), format) == k.formats.end())
                    k.formats.emplace_back(format);
                return i;
            }
        }
        ParsedKernel k;
        k.name = std::string(name);
        k.line = line;
        k.formats.emplace_back(format);
        out.kernels.push_back(std::move(k));
        return out.kernels.size() - 1;
    }

    // The kernel of the current remark block and of the last .amdhsa_kernel (its comments follow .end), as indices
    // into out.kernels (none: kNone); a pointer would dangle once a later kernel grows the vector.
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::size_t remark_i = kNone, asm_i = kNone;
    bool in_meta = false;               // inside amdhsa.kernels
    std::size_t meta_col = 0;           // column of a kernel's keys in the metadata list
    ParsedKernel pending;               // metadata keys before .name is seen
    bool pending_open = false;
    int64_t pending_line = 0;

    // .amdgcn_target / amdhsa.target: the gfx of the kernels read so far and after. False: not a target line.
    bool target(std::string_view line) {
        if (!(starts_with(line, ".amdgcn_target") || starts_with(line, "amdhsa.target:"))) return false;
        gfx = gfx_of(line);
        for (ParsedKernel& k : out.kernels)
            if (k.gfx.empty()) k.gfx = gfx;
        return true;
    }

    // A remark line: llc prints "remark: <loc>: Function Name: X" / "remark: <loc>:     Key: V"; clang and hipcc
    // print "<loc>: remark: Key: V [-Rpass-analysis=kernel-resource-usage]". False: not a remark.
    bool remark(std::string_view line, int64_t line_no) {
        const std::size_t rp = line.find("remark:");
        if (rp == std::string_view::npos || !(rp == 0 || (rp >= 2 && line.substr(rp - 2, 2) == ": "))) return false;
        std::string_view body;
        if (rp == 0) {
            // the location "file:line:col:" follows "remark:"; the body starts after its third colon
            std::size_t colon = 7;
            for (int i = 0; i < 3 && colon != std::string_view::npos; ++i) colon = line.find(':', colon + 1);
            if (colon == std::string_view::npos) return true;
            body = line.substr(colon + 1);
        } else {
            body = line.substr(rp + 7);  // the location came first (clang's form)
        }
        // clang names the option that enabled the remark at the end: " [-Rpass-analysis=kernel-resource-usage]"
        if (const std::size_t br = body.rfind(" [-R"); br != std::string_view::npos && !body.empty() && body.back() == ']')
            body = body.substr(0, br);
        body = trim(body);
        if (starts_with(body, "Function Name:")) {
            const std::string_view name = trim(body.substr(14));
            if (!name.empty()) {
                remark_i = index(name, line_no, "remarks");
                if (out.kernels[remark_i].gfx.empty()) out.kernels[remark_i].gfx = gfx;
            }
            return true;
        }
        if (remark_i == kNone) return true;
        ParsedKernel& k = out.kernels[remark_i];
        // LLVM 22 renamed "SGPRs:" to "TotalSGPRs:" (the same count: VCC, FLAT_SCRATCH, XNACK_MASK included).
        if (field(body, "TotalSGPRs", k.sgprs)) {
            k.llvm_spelling = 22;
            return true;
        }
        if (starts_with(body, "SGPRs:")) k.llvm_spelling = 19;
        // The first key that matches is read (field() sets its figure).
        (void)(field(body, "SGPRs Spill", k.sgpr_spill) || field(body, "VGPRs Spill", k.vgpr_spill) ||
               field(body, "SGPRs", k.sgprs) || field(body, "VGPRs", k.vgprs) || field(body, "AGPRs", k.agprs) ||
               field(body, "ScratchSize [bytes/lane]", k.scratch) ||
               field(body, "Occupancy [waves/SIMD]", k.llvm_occupancy) ||
               field(body, "LDS Size [bytes/block]", k.lds));
        return true;
    }

    // .amdhsa_* directives and the asm printer's "; Key: V" comments after a kernel. False: neither.
    bool assembly(std::string_view line, int64_t line_no) {
        if (starts_with(line, ".amdhsa_kernel ")) {
            asm_i = index(trim(line.substr(15)), line_no, "assembly");
            if (out.kernels[asm_i].gfx.empty()) out.kernels[asm_i].gfx = gfx;
            return true;
        }
        if (asm_i != kNone && starts_with(line, ".amdhsa_")) {
            ParsedKernel* asm_k = &out.kernels[asm_i];  // this line only: nothing below adds a kernel
            const std::size_t sp = line.find_first_of(" \t");
            if (sp != std::string_view::npos) {
                const std::string_view key = line.substr(0, sp);
                const auto v = count(line.substr(sp));
                if (v) {
                    if (key == ".amdhsa_group_segment_fixed_size") asm_k->lds = v;
                    else if (key == ".amdhsa_private_segment_fixed_size") asm_k->scratch = v;
                    else if (key == ".amdhsa_next_free_vgpr") asm_k->next_free_vgpr = v;
                    else if (key == ".amdhsa_next_free_sgpr") asm_k->next_free_sgpr = v;
                    else if (key == ".amdhsa_accum_offset") asm_k->accum_offset = v;
                }
            }
            return true;
        }
        // A non-kernel function's "; Function info:" comments (NumSgprs, NumVgprs, ...) follow its body, after the
        // previous kernel's: they are not that kernel's (a device function after a kernel, LLC19/LLC22).
        if (starts_with(line, "; Function info:")) {
            asm_i = kNone;
            return true;
        }
        if (asm_i != kNone && starts_with(line, ";")) {
            const std::string_view body = trim(line.substr(1));
            ParsedKernel& k = out.kernels[asm_i];
            if (field(body, "TotalNumSgprs", k.sgprs)) {  // LLVM 22's spelling of "; NumSgprs"
                k.llvm_spelling = 22;
                return true;
            }
            if (starts_with(body, "NumSgprs:")) k.llvm_spelling = 19;
            if (field(body, "NumSGPRsForWavesPerEU", k.sgprs_for_occupancy) ||
                field(body, "NumVGPRsForWavesPerEU", k.vgprs_for_occupancy))
                return true;
            if (field(body, "NumSgprs", k.sgprs) || field(body, "NumVgprs", k.vgprs) ||
                field(body, "NumAgprs", k.agprs) || field(body, "TotalNumVgprs", k.unified_vgprs) ||
                field(body, "ScratchSize", k.scratch) || field(body, "Occupancy", k.llvm_occupancy))
                return true;
            std::optional<int64_t> lds;
            if (field(body, "LDSByteSize", lds)) {
                if (lds) k.lds = lds;
                return true;
            }
            return true;
        }
        return false;
    }

    // The amdhsa.kernels metadata list (YAML). False: not a metadata line.
    bool metadata(std::string_view raw, std::string_view line, int64_t line_no) {
        if (starts_with(line, "amdhsa.kernels:")) {
            in_meta = true;
            meta_col = 0;
            return true;
        }
        if (in_meta) {
            if (starts_with(line, "amdhsa.") || starts_with(line, "...") || starts_with(line, ".end_amdgpu_metadata")) {
                flush_pending();
                in_meta = false;
                return true;
            }
            const std::size_t indent = raw.find_first_not_of(" \t");
            std::size_t col = indent;
            std::string_view item = line;
            if (starts_with(line, "- ")) {  // "- .key: v" opens a list item; its keys sit at col + 2
                item = trim(line.substr(2));
                col = indent + 2;
                if (meta_col == 0 || col == meta_col) {
                    flush_pending();
                    meta_col = col;
                    pending_open = true;
                    pending_line = line_no;
                } else if (col > meta_col) {
                    return true;  // an argument list item
                }
            }
            if (!pending_open || col != meta_col || item.empty() || item.front() != '.') return true;
            const std::size_t c = item.find(':');
            if (c == std::string_view::npos) return true;
            const std::string_view key = item.substr(0, c);
            const std::string_view val = trim(item.substr(c + 1));
            if (key == ".name") pending.name = std::string(val);
            else if (key == ".vgpr_count") pending.unified_vgprs = count(val);
            else if (key == ".agpr_count") pending.agprs = count(val);
            else if (key == ".sgpr_count") pending.sgprs = count(val);
            else if (key == ".group_segment_fixed_size") pending.lds = count(val);
            else if (key == ".private_segment_fixed_size") pending.scratch = count(val);
            else if (key == ".max_flat_workgroup_size") pending.max_flat_workgroup_size = count(val);
            else if (key == ".vgpr_spill_count") pending.vgpr_spill = count(val);
            else if (key == ".sgpr_spill_count") pending.sgpr_spill = count(val);
            return true;
        }
        return false;
    }

    // The metadata kernel read so far (its keys may come before .name) into out.kernels.
    void flush_pending() {
        if (!pending_open) return;
        pending_open = false;
        if (pending.name.empty()) return;
        ParsedKernel& k = kernel(pending.name, pending_line, "metadata");
        if (pending.unified_vgprs) k.unified_vgprs = pending.unified_vgprs;
        if (pending.agprs) k.agprs = pending.agprs;
        if (pending.sgprs) k.sgprs = pending.sgprs;
        if (pending.lds) k.lds = pending.lds;
        if (pending.scratch) k.scratch = pending.scratch;
        if (pending.max_flat_workgroup_size) k.max_flat_workgroup_size = pending.max_flat_workgroup_size;
        if (pending.vgpr_spill) k.vgpr_spill = pending.vgpr_spill;
        if (pending.sgpr_spill) k.sgpr_spill = pending.sgpr_spill;
        if (k.gfx.empty()) k.gfx = gfx;
        pending = ParsedKernel{};
    }
};

// After the last line: each kernel's missing inputs and spills, the formats and targets seen, the summary.
Expected<ParsedOutput> finish(ParsedOutput out) {
    if (out.kernels.empty())
        return Error{ErrorId::InvalidInput, "text",
                     "text has no AMD kernel: expected LLVM remarks (\"remark: ...: Function Name: k\" from "
                     "-Rpass-analysis=kernel-resource-usage), \".amdhsa_kernel k\" directives or an "
                     "\"amdhsa.kernels:\" metadata list"};
    std::vector<std::string> formats, gfxs;
    for (ParsedKernel& k : out.kernels) {
        if (!k.vgprs && !k.unified_vgprs) k.missing.emplace_back("vgprs");
        if (!k.sgprs) k.missing.emplace_back("sgprs");
        if (!k.lds) k.missing.emplace_back("lds");
        for (const std::string& f : k.formats)
            if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
        if (!k.gfx.empty() && std::find(gfxs.begin(), gfxs.end(), k.gfx) == gfxs.end()) gfxs.push_back(k.gfx);
        if (k.vgpr_spill.value_or(0) > 0 || k.sgpr_spill.value_or(0) > 0)
            out.notes.push_back(k.name + " spills registers (" + std::to_string(k.vgpr_spill.value_or(0)) +
                                " VGPRs, " + std::to_string(k.sgpr_spill.value_or(0)) + " SGPRs)");
    }
    std::string f, g;
    for (const auto& s : formats) f += (f.empty() ? "" : ", ") + s;
    for (const auto& s : gfxs) g += (g.empty() ? "" : ", ") + s;
    out.summary = std::to_string(out.kernels.size()) + (out.kernels.size() == 1 ? " kernel (" : " kernels (") + f +
                  (g.empty() ? "" : "; " + g) + ")";
    return out;
}

}  // namespace

Expected<ParsedOutput> parse_amd_compiler_output(std::string_view text) {
    if (text.size() > kMaxCompilerOutput)
        return Error{ErrorId::InvalidInput, "text",
                     "text is " + std::to_string(text.size()) + " bytes; it must be at most " +
                         std::to_string(kMaxCompilerOutput) + " bytes of compiler output"};
    Reader rd;
    int64_t line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t nl = text.find('\n', pos);
        std::string_view raw = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.empty()) continue;
        if (rd.target(line) || rd.remark(line, line_no) || rd.assembly(line, line_no)) continue;
        rd.metadata(raw, line, line_no);
    }
    rd.flush_pending();
    return finish(std::move(rd.out));
}

KernelInput to_kernel_input(const ParsedKernel& k, KernelInput base) {
    if (k.agprs) base.agprs = *k.agprs;
    if (k.vgprs) base.vgprs = *k.vgprs;
    else if (k.unified_vgprs) base.vgprs = std::max<int64_t>(0, *k.unified_vgprs - base.agprs);
    // What the hardware allocates: the descriptor's next_free_vgpr and LLVM's NumSGPRsForWavesPerEU (padded to a
    // waves-per-eu cap; equal to the used counts otherwise).
    if (k.next_free_vgpr) base.alloc_vgprs = *k.next_free_vgpr;
    else if (k.vgprs_for_occupancy) base.alloc_vgprs = *k.vgprs_for_occupancy;
    if (k.sgprs_for_occupancy) base.sgprs = *k.sgprs_for_occupancy;
    else if (k.sgprs) base.sgprs = *k.sgprs;
    if (k.lds) base.lds = *k.lds;
    if (k.scratch) base.scratch = *k.scratch;
    if (k.max_flat_workgroup_size && *k.max_flat_workgroup_size > 0) base.threads = *k.max_flat_workgroup_size;
    return base;
}

Expected<LlvmComparison> compare_with_llvm(const ArchRules& arch, const ParsedKernel& k, int64_t threads) {
    KernelInput in = to_kernel_input(k);
    in.threads = threads > 0 ? threads : k.max_flat_workgroup_size.value_or(256);
    auto occ = occupancy(arch, in);
    if (!occ) return occ.error();
    LlvmComparison c;
    c.ours = std::move(*occ);
    c.llvm = k.llvm_occupancy;
    c.llvm_fixed = c.ours.compiler_waves_per_simd;
    c.llvm_range = llvm_waves_per_simd(arch, in, 1);
    const std::string n = std::to_string(in.threads);
    if (c.llvm && *c.llvm != c.llvm_fixed) {
        // LLVM 19 takes the size N alone; LLVM 22 the best size of the range "1,N" (__launch_bounds__(N)), or of
        // a range "A,N" whose lower end the text does not record: its figure depends on A's waves only, so each
        // ceil(A / 64) is tried, from 1 up.
        if (k.llvm_spelling != 19) {
            const int64_t waves = (in.threads + arch.wave_size - 1) / arch.wave_size;
            for (int64_t w = 1; w <= waves && !c.range_explains; ++w) {
                const int64_t a = (w - 1) * arch.wave_size + 1;
                if (llvm_waves_per_simd(arch, in, a) == *c.llvm) {
                    c.range_explains = true;
                    c.range_min = a;
                }
            }
        }
        c.mismatch = !c.range_explains;
    }
    c.text = (c.llvm ? "LLVM " + std::to_string(*c.llvm) : std::string("LLVM gave no figure")) +
             " waves/SIMD; smcalc " + std::to_string(c.llvm_fixed) + " (LLVM's rule at " + n + " work-items" +
             (c.llvm_range != c.llvm_fixed ? ", " + std::to_string(c.llvm_range) + " for the range 1.." + n + " (LLVM 22)"
                                          : std::string()) +
             ") and " + std::to_string(c.ours.workgroups_per_cu) + " workgroups/CU resident at " + n + " work-items" +
             (c.mismatch ? " - MISMATCH" : "");
    if (c.range_explains)
        c.ours.notes.push_back(
            "LLVM printed " + std::to_string(*c.llvm) + " waves/SIMD: LLVM 22 reports the best occupancy of the "
            "kernel's flat workgroup size range (" +
            (c.range_min == 1 ? "\"amdgpu-flat-work-group-size\"=\"1," + n + "\", what HIP's __launch_bounds__(" + n +
                                    ") emits"
                              : "one starting at " + std::to_string(c.range_min) + " work-items or a size of as many "
                                "waves; the text does not record where the range starts") +
            "; AMDGPUSubtarget getOccupancyWithWorkGroupSizes), LLVM 19 that of the size " + n + " (" +
            std::to_string(c.llvm_fixed) + "). The hardware figure here is for a launch of " + n + " work-items");
    if (c.mismatch) {
        std::string why;
        if (!k.next_free_vgpr && !k.vgprs_for_occupancy && *c.llvm < c.llvm_fixed)
            why = "the text has no allocated counts (remarks carry the used ones only; the .s has "
                  ".amdhsa_next_free_vgpr and NumSGPRsForWavesPerEU): LLVM pads the allocation to an "
                  "amdgpu-waves-per-eu cap, which lowers its figure";
        else if (!k.max_flat_workgroup_size && threads <= 0)
            why = "the text gives no workgroup size (remarks carry none): " + n + " work-items were assumed";
        else
            why = "no flat workgroup size range ending at " + n + " gives it under LLVM 22's rule, nor the size " + n +
                  " under LLVM 19's";
        c.ours.notes.push_back("LLVM printed " + std::to_string(*c.llvm) + " waves/SIMD but its rule as modelled gives " +
                               std::to_string(c.llvm_fixed) + " (" + std::to_string(c.llvm_range) +
                               " for the range 1.." + n + "): " + why);
    }
    return c;
}

}  // namespace smcalc::amd
