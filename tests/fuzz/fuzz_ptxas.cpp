// fuzz_ptxas - the compiler-output reader (ptxas -v, cuobjdump -res-usage) over arbitrary text.
// Invariants: an answer has at least one kernel; every number it read is in 0 .. kMaxInput; cc_modelled agrees
// with find_arch; to_kernel_input's kernel is accepted by the solver on that CC's reference device (when
// modelled); diagnostics stay at most 20; the Itanium short-name reader never crashes on the same bytes.
// Names (issue 21): the first line of the bytes is also a mangled name for demangle() (refused unless
// demangle_is_bounded, at most kMaxDemangleWork characters out), a signature for function_name() and
// canonical_demangled(), a GPU name for find_gpu() (a row, or UnknownGpu with a message of bounded size) and a
// kernel name for find_kernels() over the parsed text (every kernel found is one of the text's).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "check.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/ptxas.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)itanium_function_name(text.substr(0, 512));
    const std::string_view first = text.substr(0, text.find('\n'));
    const auto d = demangle(first);
    if (d && !demangle_is_bounded(first)) broken("demangle: demangled a name demangle_is_bounded refuses");
    if (d && d->size() > kMaxDemangleWork) broken("demangle: more than kMaxDemangleWork characters out");
    if (d && d->empty()) broken("demangle: an empty name");
    (void)function_name(first, true);
    (void)function_name(first, false);
    if (canonical_demangled(first.substr(0, 4096)).size() > 2 * 4096 + 64)
        broken("canonical_demangled: grew more than the lambda spellings allow");
    const auto g = find_gpu(first);
    if (!g) {
        require_error(g.error(), "find_gpu");
        if (g.error().id != ErrorId::UnknownGpu) broken("find_gpu: an error other than unknown_gpu");
        if (g.error().message.size() > 2000) broken("find_gpu: a message over 2000 bytes");
    }
    auto r = parse_compiler_output(text);
    if (!r) {
        require_error(r.error(), "parse_compiler_output");
        return 0;
    }
    if (r->kernels.empty()) broken("parse_compiler_output: an answer without kernels");
    if (r->diagnostics.size() > 20) broken("parse_compiler_output: more than 20 diagnostics");
    for (const ParsedKernel* k : find_kernels(*r, first))
        if (k < r->kernels.data() || k >= r->kernels.data() + r->kernels.size())
            broken("find_kernels: not a kernel of the text");
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
