// smcalc/amd_parse.hpp - reads AMD compiler output and turns each kernel into amd::KernelInput, keeping
// LLVM's own occupancy figure to show beside ours.
//
// Formats (genuine llc 19 and llc 22 output in tests/data/amd/, README there has the commands):
//   remarks   clang/llc -Rpass-analysis=kernel-resource-usage (-pass-remarks-analysis=...):
//               remark: k.hip:3:0: Function Name: kern
//               remark: k.hip:3:0:     SGPRs: 14 / VGPRs: 128 / AGPRs: 0 / ScratchSize [bytes/lane]: 0
//               remark: k.hip:3:0:     Occupancy [waves/SIMD]: 4 / LDS Size [bytes/block]: 16384
//             LLVM 22 spells the SGPR line "TotalSGPRs:" (LLVM 19: "SGPRs:"). Remarks name no target. clang and
//             hipcc put the location first and the option last: "k.hip:3:0: remark: VGPRs: 128
//             [-Rpass-analysis=kernel-resource-usage]"; both forms are read.
//   assembly  .amdhsa_kernel NAME ... .amdhsa_group_segment_fixed_size / _private_segment_fixed_size /
//             .amdhsa_next_free_vgpr / .amdhsa_next_free_sgpr / .amdhsa_accum_offset ... .end_amdhsa_kernel,
//             then the comments "; NumSgprs: N" (LLVM 22: "; TotalNumSgprs: N"), "; NumVgprs:", "; NumAgprs:",
//             "; TotalNumVgprs:", "; NumSGPRsForWavesPerEU:", "; NumVGPRsForWavesPerEU:", "; Occupancy: N"
//   metadata  amdhsa.kernels (YAML in the .s or from llvm-readelf --notes): .name, .vgpr_count (unified
//             VGPRs + AGPRs on gfx90a+), .agpr_count, .sgpr_count, .group_segment_fixed_size,
//             .private_segment_fixed_size, .max_flat_workgroup_size, .vgpr_spill_count, .sgpr_spill_count
// A kernel seen in several formats is merged by name (remarks and the .s of one compile may be pasted
// together). Lines are read one by one, numbers with std::from_chars and refused above kMaxInput: any text
// gives an answer or an Error, never a crash.
//
// Used counts and allocated counts differ: an "amdgpu-waves-per-eu" cap (and, in LLVM 22, the occupancy the
// LDS and workgroup size allow) makes LLVM pad the allocation to the cap (.amdhsa_next_free_vgpr 97 for a
// kernel using 32 VGPRs under waves-per-eu 4; NumSGPRsForWavesPerEU 102). The hardware allocates the padded
// counts (the kernel descriptor's granulated counts come from them) and LLVM's "Occupancy" uses them, so
// to_kernel_input() takes them when the text has them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/error.hpp"

namespace smcalc::amd {

struct ParsedKernel {
    std::string name;                       // symbol as printed
    std::string gfx;                        // "gfx942" from .amdgcn_target / amdhsa.target; empty if not seen
    std::optional<int64_t> vgprs;           // architectural VGPRs per lane (remark "VGPRs", "; NumVgprs")
    std::optional<int64_t> agprs;           // AGPRs per lane
    std::optional<int64_t> unified_vgprs;   // "; TotalNumVgprs" / metadata .vgpr_count (gfx90a+: VGPRs + AGPRs)
    std::optional<int64_t> sgprs;           // SGPRs per wave as counted for occupancy
    std::optional<int64_t> lds;             // bytes per workgroup (static group segment)
    std::optional<int64_t> scratch;         // bytes per lane (private segment)
    std::optional<int64_t> max_flat_workgroup_size;  // metadata (the compiler's figure assumes this size)
    std::optional<int64_t> vgpr_spill, sgpr_spill;   // spill counts (metadata / remarks)
    std::optional<int64_t> llvm_occupancy;  // LLVM's "Occupancy [waves/SIMD]" / "; Occupancy:"
    // --- what the kernel descriptor allocates (assembly) ---
    std::optional<int64_t> next_free_vgpr;  // .amdhsa_next_free_vgpr: unified VGPRs + AGPRs allocated (gfx90a+),
                                            // max(VGPRs, AGPRs) on gfx908; padded to a waves-per-eu cap
    std::optional<int64_t> next_free_sgpr;  // .amdhsa_next_free_sgpr (without VCC / FLAT_SCRATCH / XNACK_MASK)
    std::optional<int64_t> accum_offset;    // .amdhsa_accum_offset: first AGPR in the unified file (gfx90a+)
    std::optional<int64_t> vgprs_for_occupancy;  // "; NumVGPRsForWavesPerEU": the count LLVM's figure uses
    std::optional<int64_t> sgprs_for_occupancy;  // "; NumSGPRsForWavesPerEU": the SGPRs allocated, extras included
    int llvm_spelling = 0;                  // 22: LLVM 22's "TotalSGPRs:" / "; TotalNumSgprs:" seen; 19: LLVM 19's
                                            // "SGPRs:" / "; NumSgprs:"; 0: neither (20 and 21 not checked here)
    std::vector<std::string> formats;       // "remarks", "assembly", "metadata" in which the kernel was seen
    int64_t line = 0;                       // 1-based line where it first appears
    std::vector<std::string> missing;       // inputs the text did not give: "vgprs", "sgprs", "lds"
#ifndef SMCALC_NO_BINARY_READER  // the page's own core reads no binaries (web/CMakeLists.txt: page weight)
    // Code objects only (smcalc/binary.hpp); nullopt / empty from text.
    std::optional<int64_t> wavefront_size;  // metadata .wavefront_size
    std::optional<int64_t> granulated_vgprs;  // kernel descriptor COMPUTE_PGM_RSRC1 bits 0-5 (blocks - 1)
    std::optional<int64_t> granulated_sgprs;  // COMPUTE_PGM_RSRC1 bits 6-9 (blocks - 1; gfx9)
    std::string container;                  // "code object", "bundle entry hipv4-amdgcn-amd-amdhsa--gfx942"
    std::vector<std::pair<std::string, std::string>> sources;  // (field, place), as ptxas.hpp's
#endif
};

struct ParsedOutput {
    std::vector<ParsedKernel> kernels;      // first-appearance order
    std::vector<std::string> notes;
    std::string summary;                    // "3 kernels (remarks, assembly, metadata; gfx942)"
};

// Error (InvalidInput, field "text") when no kernel is found or the text exceeds kMaxCompilerOutput.
Expected<ParsedOutput> parse_amd_compiler_output(std::string_view text);

// `base` with the compiler's figures filled in (vgprs, agprs, sgprs, lds, scratch) and threads = the kernel's
// max_flat_workgroup_size when the text gives it. Where only the unified count is known (metadata), vgprs =
// unified - agprs, which gives the same unified total. Allocated counts win over used ones: sgprs =
// NumSGPRsForWavesPerEU, alloc_vgprs = .amdhsa_next_free_vgpr (or NumVGPRsForWavesPerEU).
KernelInput to_kernel_input(const ParsedKernel& k, KernelInput base = {});

// Our figures beside LLVM's for one parsed kernel at `threads` work-items per workgroup (0 = the kernel's
// max_flat_workgroup_size, else 256). The text does not say the lower end of the kernel's flat workgroup
// size range; LLVM 22 prints the best occupancy of the range (HIP's __launch_bounds__(N) gives "1,N"),
// LLVM 19 that of the size N. Both are computed; LLVM's figure matches when it equals the one its version
// prints (either, when the version is not known from the spelling); a range "A,N" with A > 1 is tried by
// A's waves.
struct LlvmComparison {
    OccupancyResult ours;
    std::optional<int64_t> llvm;            // LLVM's figure, when the text had one
    int64_t llvm_fixed = 0;                 // LLVM's rule for the size [threads, threads] (= ours.compiler_waves_per_simd)
    int64_t llvm_range = 0;                 // LLVM 22's rule for the range [1, threads]
    bool range_explains = false;            // llvm is LLVM 22's figure for a range [range_min, threads], not llvm_fixed
    int64_t range_min = 1;                  // the range's lower end that gives it (1, else the first size of as
                                            // many waves that does; the text does not record it)
    bool mismatch = false;                  // llvm equals neither (for the version the spelling names)
    std::string text;                       // "LLVM 4 waves/SIMD, smcalc 4 (compiler figure) / 4 (resident)"
};
Expected<LlvmComparison> compare_with_llvm(const ArchRules& arch, const ParsedKernel& k, int64_t threads = 0);

}  // namespace smcalc::amd
