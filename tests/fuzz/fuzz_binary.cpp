// fuzz_binary - the binary reader (smcalc/binary.hpp: cubins, fat binaries, AMD code objects, offload bundles) and
// op parse over arbitrary bytes. A first byte 0, 1 or 2 is replaced by the first bytes of a fat binary header, an
// ELF64 header or an offload bundle header (so mutations reach the inner readers quickly); any other input is read
// as it is (the corpus: real files, tests/fuzz/corpus/binary).
// A fake decompressor returns its input cut or padded to the announced size, so decompressed entries are fuzzed.
// Invariants: an answer or an Error with a message, never a crash, a hang or a leak (ASan); an answer has kernels,
// at most kMaxKernels of them; every figure is in 0 .. 2^40; read_compiler_output agrees (an answer or an error).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "check.hpp"
#include "smcalc/binary.hpp"
#include "smcalc/solve.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

namespace {

std::optional<std::string> fake(binary::Compression, std::string_view in, std::size_t size, std::string& why) {
    if (size > (std::size_t{1} << 20)) {
        why = "fuzz: over 1 MiB";
        return std::nullopt;
    }
    std::string out(in.substr(0, size));
    out.resize(size, '\0');
    return out;
}

void check_figure(const std::optional<int64_t>& v, const char* what) {
    if (v && (*v < 0 || *v > (int64_t{1} << 40))) broken(std::string("read_binary: ") + what + " outside 0 .. 2^40");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    static const bool once = (binary::set_decompressor(fake), true);
    (void)once;
    if (size == 0) return 0;
    std::string bytes(reinterpret_cast<const char*>(data), size);
    if (data[0] < 3) {
        static const std::string prefixes[] = {
            std::string("\x50\xed\x55\xba\x01\x00\x10\x00", 8),
            std::string("\x7f" "ELF\x02\x01\x01\x41", 8),
            std::string("__CLANG_OFFLOAD_BUNDLE__"),
        };
        bytes = prefixes[data[0]] + bytes.substr(1);
    }
    auto r = binary::read_binary(bytes);
    Answer a = read_compiler_output(bytes);
    if (!r) {
        require_error(r.error(), "read_binary");
        if (binary::looks_binary(bytes) && a.ok()) broken("read_compiler_output answered what read_binary refused");
        return 0;
    }
    if (!a.ok()) broken("read_compiler_output refused what read_binary answered");
    std::size_t n = 0;
    if (r->nvidia) {
        n += r->nvidia->kernels.size();
        for (const ParsedKernel& k : r->nvidia->kernels) {
            for (const auto& v : {k.registers, k.smem_static, k.barriers, k.stack_frame, k.max_threads, k.max_regs,
                                  k.param_bytes})
                check_figure(v, "an NVIDIA figure");
            if (k.name.empty()) broken("read_binary: a kernel without a name");
            if (k.sources.empty()) broken("read_binary: a kernel without sources");
        }
    }
    if (r->amd) {
        n += r->amd->kernels.size();
        for (const amd::ParsedKernel& k : r->amd->kernels)
            for (const auto& v : {k.unified_vgprs, k.agprs, k.sgprs, k.lds, k.scratch, k.max_flat_workgroup_size,
                                  k.granulated_vgprs, k.granulated_sgprs, k.next_free_vgpr})
                check_figure(v, "an AMD figure");
    }
    if (n == 0) broken("read_binary: an answer without kernels");
    if (n > 2 * binary::kMaxKernels) broken("read_binary: more kernels than kMaxKernels");
    return 0;
}
