// smcalc/ptxas.hpp - reads pasted compiler output: `ptxas -v` / `nvcc -Xptxas -v` / `nvcc --resource-usage`
// and `cuobjdump -res-usage`, and turns each kernel it finds into solver inputs.
//
// Formats (genuine samples in tests/data/ptxas/, documented-format samples in tests/data/cuobjdump/):
//   ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_80'
//   ptxas info    : Function properties for _Z6kernelPf
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem, 360 bytes cmem[0]
// and
//   arch = sm_80
//   Resource usage:
//    Function _Z6kernelPf:
//     REG:10 STACK:0 SHARED:1024 LOCAL:0 CONSTANT[0]:360 TEXTURE:0 SURFACE:0 SAMPLER:0
//
// The parser works line by line without recursion, reads every number with std::from_chars and refuses
// values above kMaxInput, so any text (garbage, truncated, huge) gives an answer or an Error, never a crash.
// Names are kept as printed (`name`); an Itanium-mangled name is also demangled with the C++ ABI's
// abi::__cxa_demangle (libstdc++ natively, libc++abi under Emscripten, spelled the same: see demangle()) into
// `demangled`, and `short_name` is its function name with template arguments ("reduce<512>"). Demangling is
// bounded: names longer than kMaxDemangleInput bytes, or whose back-references could make the output pass
// kMaxDemangleWork characters, are not demangled (`short_name` then falls back to itanium_function_name). A
// name a demangler already rewrote (`void f<float>(float*)`, c++filt output) is kept as `demangled` too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/error.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc {

// Binary: read from a cubin / fat binary (smcalc/binary.hpp), not from text (not in the page's own core).
#ifndef SMCALC_NO_BINARY_READER
enum class CompilerTool { Ptxas, Cuobjdump, Binary };
#else
enum class CompilerTool { Ptxas, Cuobjdump };
#endif
std::string_view compiler_tool_key(CompilerTool t);  // "ptxas", "cuobjdump", "binary"

// Largest text the parser accepts (bytes); more is an InvalidInput error (a paste, not a build log archive).
inline constexpr std::size_t kMaxCompilerOutput = std::size_t{16} << 20;

// Longest mangled name handed to abi::__cxa_demangle (bytes); longer names stay mangled.
inline constexpr std::size_t kMaxDemangleInput = 4096;
// Most characters a demangled name may reach (bounds the demangler's time and memory); see demangle().
inline constexpr std::size_t kMaxDemangleWork = std::size_t{1} << 22;

struct ParsedKernel {
    std::string name;        // as printed: "_Z6kernelPf", "conv_c" or a demangled "void f<float>(float*)"
    std::string mangled;     // the Itanium name when the text shows one ("_Z..."), else empty
    std::string demangled;   // the full signature: demangled from `mangled`, or as printed; else empty
    std::string short_name;  // function name with its template arguments ("reduce<512>", "ns::kernel",
                             // "kernel"); `name` when it cannot be derived
    std::string arch;        // target as printed ("sm_80", "sm_90a"); empty when the text names none
    std::optional<ComputeCapability> cc;  // from `arch`; nullopt when there is none or it is not sm_XX
    bool cc_modelled = false;             // the solver knows `cc` (find_arch succeeds)
    // nullopt = the text did not say. Registers are 32-bit registers per thread; the rest bytes.
    std::optional<int64_t> registers;
    std::optional<int64_t> smem_static;      // static __shared__ per block ("bytes smem" / SHARED)
    std::optional<int64_t> barriers;         // "used N barriers" (ptxas only)
    std::optional<int64_t> stack_frame;      // per thread ("bytes stack frame" / STACK)
    std::optional<int64_t> spill_stores;     // per thread (ptxas only)
    std::optional<int64_t> spill_loads;      // per thread (ptxas only)
    std::optional<int64_t> cumulative_stack; // per thread, including callees (ptxas "cumulative stack size")
    std::optional<int64_t> local;            // per thread (ptxas "bytes lmem" of old toolkits / cuobjdump LOCAL)
    std::vector<std::pair<int, int64_t>> cmem;  // constant banks used: (bank, bytes), in text order
    // ptxas marks kernels ("Compiling entry function"); cuobjdump lists device functions alongside kernels
    // without telling them apart: nullopt there.
    std::optional<bool> entry;
    CompilerTool tool = CompilerTool::Ptxas;
    int64_t line = 0;                        // 1-based line where the kernel starts in the text
    std::vector<std::string> missing;        // fields the text did not give: "registers", "smem", "barriers"
#ifndef SMCALC_NO_BINARY_READER  // the page's own core reads no binaries (web/CMakeLists.txt: page weight)
    // Binaries only (smcalc/binary.hpp); nullopt / empty from text.
    std::optional<int64_t> max_threads;      // __launch_bounds__'s threads (EIATTR_MAX_THREADS, x*y*z)
    std::optional<int64_t> max_regs;         // register cap ptxas worked to (EIATTR_MAXREG_COUNT)
    std::optional<int64_t> param_bytes;      // kernel parameters, bytes (EIATTR_CBANK_PARAM_SIZE)
    std::vector<int64_t> cluster_dims;       // __cluster_dims__ x, y, z (EIATTR_CTA_PER_CLUSTER); empty if none
    std::string container;                   // where in the file: "cubin", "fat binary entry 2 of .nv_fatbin"
    // Where each figure came from: (field, place), e.g. ("registers", "EIATTR_REGCOUNT in .nv.info").
    std::vector<std::pair<std::string, std::string>> sources;
#endif
};

struct ParsedOutput {
    std::vector<ParsedKernel> kernels;             // text order; one per (kernel, arch)
    std::vector<std::string> device_functions;     // ptxas "Function properties" of non-entry functions
    std::vector<std::string> archs;                // targets seen, in order, without repeats ("sm_80", ...)
    std::vector<std::string> diagnostics;          // ptxas warning/error lines, at most 20, as printed
    std::vector<std::string> notes;                // what was partial or skipped, one sentence each
    std::string summary;                           // "8 kernels (ptxas -v, sm_80)"
};

// Finds every kernel in `text`. Error (InvalidInput, field "text") when no kernel is found; its message says
// which lines were recognised, which were expected, and quotes ptxas errors found in the text.
Expected<ParsedOutput> parse_compiler_output(std::string_view text);

// `base` with what the compiler reported filled in: regs, smem_static (static shared memory only; dynamic
// shared memory is a launch parameter no compiler prints) and barriers where the text gave them.
KernelInput to_kernel_input(const ParsedKernel& k, KernelInput base = {});

// Sets `mangled`, `demangled` and `short_name` from `name` (as the text reader does for each kernel).
void fill_kernel_names(ParsedKernel& k);

// The demangled signature of an Itanium-mangled name ("_Z6reduceILi512EEvPKfPfi" -> "void reduce<512>(float
// const*, float*, int)"), or nullopt: not "_Z...", not the mangled alphabet, over kMaxDemangleInput bytes,
// possibly over kMaxDemangleWork characters out (demangle_is_bounded), or refused by the demangler. The
// demangler's buffer is freed on every path. libc++abi's lambda and unnamed-type spellings ("'lambda'(float)")
// are rewritten to libstdc++'s ("{lambda(float)#1}") so native and WebAssembly builds print the same.
std::optional<std::string> demangle(std::string_view mangled);

// Whether demangle() hands `mangled` to abi::__cxa_demangle: at most kMaxDemangleInput bytes of [A-Za-z0-9_.$]
// starting "_Z", and size x 40 x 2^(back-references) <= kMaxDemangleWork (each back-reference such as "S0_" or
// "T_" prints an earlier part again, so it can at most double the output: chains of them grow it
// exponentially, which would hang the demangler).
bool demangle_is_bounded(std::string_view mangled);

// libc++abi's spelling of lambdas and unnamed types rewritten to libstdc++'s: "f()::'lambda0'(int)" ->
// "f()::{lambda(int)#2}", "'unnamed'" -> "{unnamed type#1}"; anything else unchanged.
std::string canonical_demangled(std::string_view demangled);

// The function name of a demangled signature, with or without its own template arguments:
// "void reduce<512>(float const*, float*, int)" -> "reduce<512>" / "reduce".
std::string function_name(std::string_view signature, bool template_args);

// The kernels `want` names: equal, ignoring whitespace, to the name as printed, the mangled name, the
// demangled signature, the short name ("reduce<512>") or the short name without template arguments ("reduce",
// which names every instantiation). Text order; empty when none.
std::vector<const ParsedKernel*> find_kernels(const ParsedOutput& p, std::string_view want);

// "reduce<512> (_Z6reduceILi512EEvPKfPfi)": the short name, and the name as printed where they differ.
std::string kernel_display_name(const ParsedKernel& k);

// The plain function name of a simple Itanium-mangled name: "_Z6kernelPf" -> "kernel",
// "_ZN2ns6kernelEv" -> "ns::kernel", "_Z14transpose_tileIfLi32EEvPKT_PS0_ii" -> "transpose_tile",
// "_ZL5localPf" -> "local". nullopt for anything else (templates inside nested names, operators, ...).
std::optional<std::string> itanium_function_name(std::string_view mangled);

}  // namespace smcalc
