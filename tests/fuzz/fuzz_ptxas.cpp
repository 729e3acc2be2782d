// fuzz_ptxas - the compiler-output reader (ptxas -v, cuobjdump -res-usage) over arbitrary text.
// Invariants: an answer has at least one kernel; every number it read is in 0 .. kMaxInput; cc_modelled agrees
// with find_arch; to_kernel_input's kernel is accepted by the solver on that CC's reference device (when
// modelled); diagnostics stay at most 20; the Itanium short-name reader never crashes on the same bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "check.hpp"
#include "smcalc/ptxas.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)itanium_function_name(text.substr(0, 512));
    auto r = parse_compiler_output(text);
    if (!r) {
        require_error(r.error(), "parse_compiler_output");
        return 0;
    }
    if (r->kernels.empty()) broken("parse_compiler_output: an answer without kernels");
    if (r->diagnostics.size() > 20) broken("parse_compiler_output: more than 20 diagnostics");
    for (const ParsedKernel& k : r->kernels) {
        for (const auto& v : {k.registers, k.smem_static, k.barriers, k.stack_frame, k.spill_stores, k.spill_loads,
                              k.cumulative_stack, k.local})
            if (v && (*v < 0 || *v > kMaxInput)) broken("parse_compiler_output: a number outside 0 .. 2^53-1");
        for (const auto& [bank, bytes] : k.cmem)
            if (bank < 0 || bytes < 0 || bytes > kMaxInput) broken("parse_compiler_output: a bad cmem entry");
        if (k.line < 1) broken("parse_compiler_output: kernel line < 1");
        // A nameless kernel (a REG line without its "Function NAME:" line, an entry named '') comes with a note
        // and a display name (finding F7, docs/bad-inputs.md).
        if (k.name.empty() && (r->notes.empty() || k.short_name.empty()))
            broken("parse_compiler_output: a nameless kernel without a note or a display name");
        if (k.cc_modelled != (k.cc && find_arch(*k.cc).ok())) broken("parse_compiler_output: cc_modelled wrong");
        if (k.cc_modelled) {
            const KernelInput in = to_kernel_input(k);
            auto o = occupancy(reference_device(**find_arch(*k.cc)), in, Detail::Numbers);
            if (!o) require_error(o.error(), "occupancy of a parsed kernel");
        }
    }
    return 0;
}
