// unit-ptxas.cpp - the compiler-output reader (smcalc/ptxas.hpp) on genuine and documented samples, and on
// text that is not compiler output at all.
//
// Where the expected values come from:
//   tests/data/ptxas/*.txt      genuine `nvcc -Xptxas -v` / `ptxas -v` output of CUDA 13.0 (README there has
//                               the exact commands); every number below is as printed in those files
//   tests/data/cuobjdump/*.txt  `cuobjdump -res-usage` samples written in the documented format (cuobjdump is
//                               not installed here; README there says where the format comes from)
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "smcalc/ptxas.hpp"
#include "helpers.hpp"

using namespace smcalc;
using smcalc::test::read_data;

namespace {

ParsedOutput parse_ok(std::string_view text) {
    auto r = parse_compiler_output(text);
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().message));
    return *r;
}

// The 8 kernels of tests/data/ptxas/kernels.cu in the order ptxas 13.0 prints them.
constexpr std::array<std::string_view, 8> kMangled = {
    "_ZN14smcalc_samples14named_barriersEPfNS_6ParamsE",
    "_Z12calls_helperPKfPf",
    "conv_c",
    "_Z14transpose_tileIdLi16EEvPKT_PS0_ii",
    "_Z14transpose_tileIfLi32EEvPKT_PS0_ii",
    "_Z5heavyPKfPfPKii",
    "_Z9block_sumPKfPfi",
    "_Z5scalePffi",
};
// Function names with their template arguments, from abi::__cxa_demangle (or c++filt's text).
constexpr std::array<std::string_view, 8> kShort = {
    "smcalc_samples::named_barriers", "calls_helper", "conv_c",    "transpose_tile<double, 16>",
    "transpose_tile<float, 32>",      "heavy",        "block_sum", "scale",
};
// Static shared memory and barriers do not change with the target in these captures.
constexpr std::array<int64_t, 8> kSmem = {512, 0, 0, 2176, 4224, 0, 1152, 0};
constexpr std::array<int64_t, 8> kBarriers = {3, 0, 1, 1, 1, 0, 1, 0};

// One compile of kernels.cu and its captures (tests/data/ptxas/README.md): nvcc -Xptxas -v's text, and the same
// compile printed another way (through c++filt, by standalone ptxas on the PTX, by nvcc --resource-usage), which
// must give the same figures.
struct Compile {
    const char* arch;
    std::array<int64_t, 8> regs;       // "Used N registers", kMangled order, as in the files
    std::array<const char*, 2> files;  // the captures (tests/data/ptxas); nullptr = no second one
};
// clang-format off
constexpr Compile kCompiles[] = {
    {"sm_75",  {10, 37, 64, 12, 12, 64, 10, 8}, {"ptxas/sm_75.txt"}},
    {"sm_80",  {10, 32, 31, 10, 10, 32, 10, 8}, {"ptxas/sm_80.txt", "ptxas/sm_80_cxxfilt.txt"}},
    {"sm_86",  {10, 28, 39, 10, 10, 64, 10, 8}, {"ptxas/sm_86.txt"}},
    {"sm_89",  {10, 28, 39, 10, 10, 64, 10, 8}, {"ptxas/sm_89.txt", "ptxas/ptxas_standalone_sm_89.txt"}},
    {"sm_90",  {10, 27, 31, 12, 12, 32, 12, 8}, {"ptxas/sm_90.txt"}},
    {"sm_90a", {10, 27, 31, 12, 12, 32, 12, 8}, {"ptxas/sm_90a.txt"}},
    {"sm_100", {12, 27, 32, 12, 12, 32, 12, 8}, {"ptxas/sm_100.txt", "ptxas/resource-usage_sm_100.txt"}},
    {"sm_120", {12, 28, 40, 12, 12, 64, 12, 8}, {"ptxas/sm_120.txt"}},
    // -maxrregcount=24: the register-heavy kernels capped.
    {"sm_80",  {10, 24, 24, 10, 10, 32, 10, 8}, {"ptxas/sm_80_maxrregcount24.txt"}},
};
// clang-format on

}  // namespace

TEST_CASE("ptxas: every genuine capture gives its 8 kernels with the registers, smem and barriers printed") {
    int captures = 0;
    for (const Compile& cap : kCompiles)
    for (const char* file : cap.files) {
        if (file == nullptr) continue;
        ++captures;
        CAPTURE(file);
        const ParsedOutput out = parse_ok(read_data(file));
        REQUIRE(out.kernels.size() == 8);
        CHECK(out.archs == std::vector<std::string>{cap.arch});
        const bool demangled = std::string_view(file).find("cxxfilt") != std::string_view::npos;
        for (std::size_t i = 0; i < 8; ++i) {
            const ParsedKernel& k = out.kernels[i];
            CAPTURE(i);
            CAPTURE(k.name);
            if (!demangled) CHECK(k.name == kMangled[i]);
            CHECK(k.short_name == kShort[i]);
            CHECK(k.arch == cap.arch);
            CHECK(k.entry == std::optional<bool>(true));
            CHECK(k.tool == CompilerTool::Ptxas);
            CHECK(k.registers == cap.regs[i]);
            CHECK(k.smem_static == kSmem[i]);
            CHECK(k.barriers == kBarriers[i]);
            CHECK(k.stack_frame.has_value());
            CHECK(k.spill_stores.has_value());
            CHECK(k.missing.empty());
            REQUIRE(k.cc.has_value());
            CHECK(k.cc_modelled);
        }
        // The __noinline__ device function has "Function properties" but is no kernel.
        REQUIRE(out.device_functions.size() == 1);
        CHECK(out.device_functions[0] == (demangled ? "helper(float const*, int)" : "_Z6helperPKfi"));
    }
    CHECK(captures == 12);
}

TEST_CASE("ptxas: targets map to compute capabilities, a/f suffixes included") {
    CHECK(parse_ok(read_data("ptxas/sm_75.txt")).kernels[0].cc == ComputeCapability{7, 5});
    CHECK(parse_ok(read_data("ptxas/sm_90a.txt")).kernels[0].cc == ComputeCapability{9, 0});
    CHECK(parse_ok(read_data("ptxas/sm_100.txt")).kernels[0].cc == ComputeCapability{10, 0});
    CHECK(parse_ok(read_data("ptxas/sm_120.txt")).kernels[0].cc == ComputeCapability{12, 0});
}

TEST_CASE("ptxas: stack frame, spills, cumulative stack and constant banks (sm_80.txt, sm_90.txt)") {
    const ParsedOutput a = parse_ok(read_data("ptxas/sm_80.txt"));
    const ParsedKernel& heavy = a.kernels[5];  // "1056 bytes stack frame, 1364 bytes spill stores, 1544 bytes spill loads"
    CHECK(heavy.stack_frame == 1056);
    CHECK(heavy.spill_stores == 1364);
    CHECK(heavy.spill_loads == 1544);
    CHECK(heavy.cumulative_stack == 1056);
    CHECK(heavy.cmem == std::vector<std::pair<int, int64_t>>{{0, 380}});
    const ParsedKernel& calls = a.kernels[1];  // "64 bytes stack frame", "64 bytes cumulative stack size"
    CHECK(calls.stack_frame == 64);
    CHECK(calls.cumulative_stack == 64);
    CHECK(a.kernels[7].stack_frame == 0);
    CHECK(a.kernels[7].cmem == std::vector<std::pair<int, int64_t>>{{0, 368}});

    const ParsedOutput h = parse_ok(read_data("ptxas/sm_90.txt"));  // ptxas 13.0 prints no cmem for sm_90
    CHECK(h.kernels[5].stack_frame == 1024);
    CHECK(h.kernels[5].spill_stores == 1360);
    CHECK(h.kernels[5].spill_loads == 1460);
    CHECK(h.kernels[5].cmem.empty());
}

TEST_CASE("ptxas: one compile for three targets gives 24 kernels, one per (kernel, target)") {
    const ParsedOutput out = parse_ok(read_data("ptxas/multi_sm_80_90_120.txt"));
    REQUIRE(out.kernels.size() == 24);
    CHECK(out.archs == std::vector<std::string>{"sm_80", "sm_90", "sm_120"});
    CHECK(out.device_functions == std::vector<std::string>{"_Z6helperPKfi"});
    // As printed: heavy uses 32 registers for sm_80 and sm_90, 64 for sm_120; conv_c 31, 31, 40.
    CHECK(out.kernels[5].registers == 32);
    CHECK(out.kernels[8 + 5].registers == 32);
    CHECK(out.kernels[16 + 5].registers == 64);
    CHECK(out.kernels[16 + 2].registers == 40);
    CHECK(out.kernels[16 + 2].arch == "sm_120");
    CHECK(out.summary.find("24 kernels") != std::string::npos);
}

TEST_CASE("ptxas: a demangled paste keeps the signature and derives the function name") {
    const ParsedOutput out = parse_ok(read_data("ptxas/sm_80_cxxfilt.txt"));
    const ParsedKernel& t = out.kernels[3];
    CHECK(t.name == "void transpose_tile<double, 16>(double const*, double*, int, int)");
    CHECK(t.demangled == t.name);
    CHECK(t.mangled.empty());
    CHECK(t.short_name == "transpose_tile<double, 16>");
    CHECK(out.kernels[0].short_name == "smcalc_samples::named_barriers");
    CHECK(out.kernels[2].name == "conv_c");  // extern "C": no signature to demangle
    CHECK(out.kernels[2].demangled.empty());
}

TEST_CASE("ptxas: to_kernel_input fills registers, static shared memory and barriers only") {
    const ParsedOutput out = parse_ok(read_data("ptxas/sm_90.txt"));
    KernelInput base;
    base.threads = 512;
    base.smem_dynamic = 4096;
    const KernelInput in = to_kernel_input(out.kernels[0], base);  // named_barriers: 10 regs, 512 B, 3 barriers
    CHECK(in.threads == 512);
    CHECK(in.smem_dynamic == 4096);
    CHECK(in.regs == 10);
    CHECK(in.smem_static == 512);
    CHECK(in.barriers == 3);
    // A field the text did not give keeps the base value (cuobjdump prints no barriers).
    const ParsedOutput c = parse_ok(read_data("cuobjdump/cubin_sm_90.txt"));
    CHECK(to_kernel_input(c.kernels[0], base).barriers == base.barriers);
}

TEST_CASE("ptxas: itanium_function_name on the simple forms only") {
    CHECK(itanium_function_name("_Z6kernelPf") == "kernel");
    CHECK(itanium_function_name("_Z5scalePffi") == "scale");
    CHECK(itanium_function_name("_ZN14smcalc_samples14named_barriersEPfNS_6ParamsE") == "smcalc_samples::named_barriers");
    CHECK(itanium_function_name("_Z14transpose_tileIfLi32EEvPKT_PS0_ii") == "transpose_tile");
    CHECK(itanium_function_name("_ZL5localPf") == "local");
    CHECK(itanium_function_name("_ZN12_GLOBAL__N_16kernelEv") == "(anonymous namespace)::kernel");
    CHECK(itanium_function_name("_ZNSt6vectorEv") == "std::vector");
    CHECK_FALSE(itanium_function_name("conv_c"));
    CHECK_FALSE(itanium_function_name("_Z"));
    CHECK_FALSE(itanium_function_name("_Z99short"));                 // length past the end
    CHECK_FALSE(itanium_function_name("_Z99999999999999999999999x"));  // length overflows
    CHECK_FALSE(itanium_function_name("_ZN3fooIiE3barEv"));          // template inside a nested name
    CHECK_FALSE(itanium_function_name("_ZN3foo"));                   // cut off before E
    CHECK_FALSE(itanium_function_name("_Z0x"));
}

TEST_CASE("ptxas: cuobjdump -res-usage samples in the documented format") {
    SUBCASE("one ELF, sm_80: every function, numbers equal to the ptxas capture of the same build") {
        const ParsedOutput c = parse_ok(read_data("cuobjdump/fatbin_sm_80.txt"));
        REQUIRE(c.kernels.size() == 9);  // 8 kernels + the device function: cuobjdump does not tell them apart
        CHECK(c.archs == std::vector<std::string>{"sm_80"});
        const ParsedOutput p = parse_ok(read_data("ptxas/sm_80.txt"));
        for (const ParsedKernel& pk : p.kernels) {
            CAPTURE(pk.name);
            auto it = std::find_if(c.kernels.begin(), c.kernels.end(), [&](const ParsedKernel& k) { return k.name == pk.name; });
            REQUIRE(it != c.kernels.end());
            CHECK(it->registers == pk.registers);
            CHECK(it->smem_static == pk.smem_static);
            CHECK(it->stack_frame == pk.stack_frame);
            CHECK(it->cc == ComputeCapability{8, 0});
            CHECK(it->tool == CompilerTool::Cuobjdump);
            CHECK_FALSE(it->entry.has_value());
            CHECK_FALSE(it->barriers.has_value());
            CHECK(std::find(it->missing.begin(), it->missing.end(), "barriers") != it->missing.end());
        }
        CHECK(c.kernels.back().short_name == "smcalc_samples::named_barriers");
        CHECK(c.kernels[5].cmem == std::vector<std::pair<int, int64_t>>{{0, 372}, {3, 256}});  // conv_c
    }
    SUBCASE("two ELFs and a PTX block") {
        const ParsedOutput c = parse_ok(read_data("cuobjdump/fatbin_multi_sm_80_sm_90.txt"));
        REQUIRE(c.kernels.size() == 4);
        CHECK(c.archs == std::vector<std::string>{"sm_80", "sm_90"});
        CHECK(c.kernels[0].registers == 10);
        CHECK(c.kernels[2].registers == 12);
        CHECK(c.kernels[2].arch == "sm_90");
        CHECK(c.kernels[3].stack_frame == 1024);
        CHECK(c.summary.find("cuobjdump") != std::string::npos);
    }
    SUBCASE("a bare cubin has no target") {
        const ParsedOutput c = parse_ok(read_data("cuobjdump/cubin_sm_90.txt"));
        REQUIRE(c.kernels.size() == 2);
        CHECK(c.kernels[0].arch.empty());
        CHECK_FALSE(c.kernels[0].cc.has_value());
        CHECK(c.kernels[1].smem_static == 4224);
    }
    SUBCASE("sm_52 with a producer line and CONSTANT[2]") {
        const ParsedOutput c = parse_ok(read_data("cuobjdump/rdc_sm_52.txt"));
        REQUIRE(c.kernels.size() == 2);
        CHECK(c.kernels[0].cc == ComputeCapability{5, 2});
        CHECK(c.kernels[0].cc_modelled);
        CHECK(c.kernels[0].registers == 17);
        CHECK(c.kernels[0].cmem == std::vector<std::pair<int, int64_t>>{{0, 336}, {2, 60}});
        CHECK(c.kernels[1].short_name == "tap");
    }
}

TEST_CASE("ptxas: other spellings people paste") {
    SUBCASE("collapsed spaces, a demangled name, an old toolkit without barriers, an unmodelled target") {
        const ParsedOutput out = parse_ok(
            "ptxas info : Compiling entry function 'mykernel(float*, int)' for 'sm_35'\n"
            "ptxas info : Function properties for mykernel(float*, int)\n"
            "24 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
            "ptxas info : Used 19 registers, 336 bytes cmem[0], 4 bytes cmem[2]\n");
        REQUIRE(out.kernels.size() == 1);
        const ParsedKernel& k = out.kernels[0];
        CHECK(k.short_name == "mykernel");
        CHECK(k.registers == 19);
        CHECK(k.smem_static == 0);  // "bytes smem" absent = none
        CHECK_FALSE(k.barriers.has_value());
        CHECK(k.stack_frame == 24);
        CHECK(k.cc == ComputeCapability{3, 5});
        CHECK_FALSE(k.cc_modelled);
        CHECK(out.notes.size() >= 2);  // no barriers; CC 3.5 not modelled
    }
    SUBCASE("old 'static+params' smem and lmem items") {
        const ParsedOutput out = parse_ok(
            "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_52'\n"
            "ptxas info    : Used 16 registers, 16+0 bytes lmem, 2048+16 bytes smem, 4 bytes cmem[1]\n");
        CHECK(out.kernels[0].smem_static == 2064);
        CHECK(out.kernels[0].local == 16);
        CHECK(out.kernels[0].cmem == std::vector<std::pair<int, int64_t>>{{1, 4}});
    }
    SUBCASE("a lone 'Used' line is a kernel without a name") {
        const ParsedOutput out = parse_ok("ptxas info    : Used 40 registers, used 1 barriers, 8192 bytes smem\n");
        REQUIRE(out.kernels.size() == 1);
        CHECK(out.kernels[0].name.empty());
        CHECK(out.kernels[0].registers == 40);
        CHECK(out.kernels[0].smem_static == 8192);
        CHECK_FALSE(out.notes.empty());
    }
    SUBCASE("Windows line endings and tabs change nothing") {
        const std::string unix_text = read_data("ptxas/sm_80.txt");
        std::string dos;
        for (char ch : unix_text) {
            if (ch == '\n') dos += "\r\n";
            else dos += ch;
        }
        const ParsedOutput a = parse_ok(unix_text), b = parse_ok(dos);
        REQUIRE(a.kernels.size() == b.kernels.size());
        for (std::size_t i = 0; i < a.kernels.size(); ++i) {
            CHECK(a.kernels[i].name == b.kernels[i].name);
            CHECK(a.kernels[i].registers == b.kernels[i].registers);
        }
    }
    SUBCASE("cuobjdump -sass 'Function : name' headers are not resource lines") {
        auto r = parse_compiler_output("\tcode for sm_80\n\t\tFunction : _Z6kernelPf\n\t.headerflags @\"EF_CUDA_SM80\"\n");
        CHECK_FALSE(r.ok());
    }
}

TEST_CASE("ptxas: partial text lists what is missing") {
    const std::string full = read_data("ptxas/sm_80.txt");
    // Cut right after the last kernel's "Compiling entry function" line.
    const std::size_t at = full.find('\n', full.rfind("Compiling entry function"));
    const ParsedOutput out = parse_ok(full.substr(0, at + 1));
    REQUIRE(out.kernels.size() == 8);
    const ParsedKernel& last = out.kernels.back();
    CHECK(last.name == "_Z5scalePffi");
    CHECK_FALSE(last.registers.has_value());
    CHECK(std::find(last.missing.begin(), last.missing.end(), "registers") != last.missing.end());
    CHECK(std::find(last.missing.begin(), last.missing.end(), "stack") != last.missing.end());
    bool noted = false;
    for (const auto& n : out.notes) noted = noted || n.find("_Z5scalePffi: no register count") != std::string::npos;
    CHECK(noted);

    // Every prefix parses (or is refused) without crashing, and never finds more than the whole file.
    for (std::size_t n = 0; n <= full.size(); n += 7) {
        auto r = parse_compiler_output(std::string_view(full).substr(0, n));
        if (r) CHECK(r->kernels.size() <= 8);
        else CHECK(r.error().id == ErrorId::InvalidInput);
    }
}

TEST_CASE("ptxas: a nameless kernel gets a note and a display name (finding F7)") {
    // ptxas: an entry function named ''.
    const ParsedOutput a = parse_ok("ptxas info    : Compiling entry function '' for 'sm_80'\n"
                                    "ptxas info    : Used 8 registers, 0 bytes smem\n");
    REQUIRE(a.kernels.size() == 1);
    CHECK(a.kernels[0].name.empty());
    CHECK(a.kernels[0].short_name == "(unnamed, line 1)");
    CHECK(a.kernels[0].registers == 8);
    CHECK(std::find(a.notes.begin(), a.notes.end(), "Line 1: an entry function without a name: the kernel has no name.") !=
          a.notes.end());
    // cuobjdump: a REG line without its "Function NAME:" line.
    const ParsedOutput b = parse_ok("Resource usage:\n REG:12 STACK:0 SHARED:0 LOCAL:0\n");
    REQUIRE(b.kernels.size() == 1);
    CHECK(b.kernels[0].name.empty());
    CHECK(b.kernels[0].short_name == "(unnamed, line 2)");
}

TEST_CASE("ptxas: garbage is refused with what was expected") {
    SUBCASE("empty") {
        for (std::string_view t : {std::string_view(""), std::string_view("  \n\t\r\n")}) {
            auto r = parse_compiler_output(t);
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().id == ErrorId::InvalidInput);
            CHECK(r.error().field == "text");
            CHECK(r.error().message.find("empty") != std::string::npos);
        }
    }
    SUBCASE("prose") {
        auto r = parse_compiler_output("hello world\nthis is not compiler output\n");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("no kernel found") != std::string::npos);
        CHECK(r.error().message.find("Compiling entry function") != std::string::npos);
        CHECK(r.error().message.find("REG:") != std::string::npos);
        CHECK(r.error().message.find("hello world") != std::string::npos);
    }
    SUBCASE("device functions only, and a ptxas error") {
        auto r = parse_compiler_output(
            "ptxas info    : Function properties for _Z1ff\n"
            "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
            "ptxas fatal   : Unresolved extern function '_Z1gv'\n");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("Function properties") != std::string::npos);
        CHECK(r.error().message.find("_Z1ff") != std::string::npos);
        CHECK(r.error().message.find("Unresolved extern function") != std::string::npos);
    }
    SUBCASE("cuobjdump headers without functions") {
        auto r = parse_compiler_output("Fatbin elf code:\n================\narch = sm_80\n\nResource usage:\n Common:\n  GLOBAL:0\n");
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("sm_80") != std::string::npos);
    }
    SUBCASE("numbers too large are dropped, never wrapped") {
        const ParsedOutput out = parse_ok(
            "ptxas info    : Compiling entry function '_Z1kv' for 'sm_80'\n"
            "ptxas info    : Used 99999999999999999999999 registers, used 9007199254740992 barriers, "
            "18446744073709551615+1 bytes smem\n");
        REQUIRE(out.kernels.size() == 1);
        CHECK_FALSE(out.kernels[0].registers.has_value());
        CHECK_FALSE(out.kernels[0].barriers.has_value());  // 2^53 is one above kMaxInput
        bool noted = false;
        for (const auto& n : out.notes) noted = noted || n.find("were ignored") != std::string::npos;
        CHECK(noted);
        const ParsedOutput c = parse_ok(" Function k:\n  REG:-5 SHARED:1e9 STACK:9223372036854775807 LOCAL:12\n");
        CHECK_FALSE(c.kernels[0].registers.has_value());
        CHECK_FALSE(c.kernels[0].smem_static.has_value());
        CHECK_FALSE(c.kernels[0].stack_frame.has_value());
        CHECK(c.kernels[0].local == 12);
    }
    SUBCASE("too long, and one enormous line") {
        auto big = parse_compiler_output(std::string(kMaxCompilerOutput + 1, 'x'));
        REQUIRE_FALSE(big.ok());
        CHECK(big.error().message.find("at most") != std::string::npos);
        auto line = parse_compiler_output(std::string(1 << 20, 'a'));
        REQUIRE_FALSE(line.ok());
        CHECK(line.error().message.find("no kernel found") != std::string::npos);
    }
    SUBCASE("fuzz: random mixes of real fragments and bytes never crash") {
        const std::array<std::string_view, 16> pieces = {
            "ptxas info    : Compiling entry function '", "' for 'sm_", "90a", "Used ", " registers, ",
            "used 3 barriers", " bytes smem", "Function properties for ", " bytes stack frame, ", "\n", "'",
            " Function ", ":", "REG:", "CONSTANT[", "arch = sm_"};
        uint64_t s = 0x9E3779B97F4A7C15ull;
        auto next = [&] {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            return s;
        };
        for (int iter = 0; iter < 3000; ++iter) {
            std::string t;
            const int n = static_cast<int>(next() % 40);
            for (int i = 0; i < n; ++i) {
                const uint64_t v = next();
                if (v % 3 == 0) t += std::to_string(next() % 100000);
                else if (v % 3 == 1) t += pieces[v % pieces.size()];
                else t += static_cast<char>(next() % 256);
            }
            auto r = parse_compiler_output(t);
            if (r) {
                for (const auto& k : r->kernels) {
                    if (k.registers) CHECK(*k.registers >= 0);
                    if (k.smem_static) CHECK(*k.smem_static <= kMaxInput);
                }
            } else {
                CHECK(r.error().id == ErrorId::InvalidInput);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------- demangling
// tests/data/ptxas/templates_sm_80.txt: genuine nvcc 13.0 output for templates.cu (two instantiations of a
// template, a kernel templated on a lambda, nested and anonymous namespaces, extern "C").

TEST_CASE("ptxas: template kernels are demangled, one line per instantiation") {
    const ParsedOutput out = parse_ok(read_data("ptxas/templates_sm_80.txt"));
    REQUIRE(out.kernels.size() == 6);
    struct Want {
        std::string_view mangled, demangled, short_name;
        int64_t regs, smem;
    };
    const Want want[] = {
        {"_ZN45_GLOBAL__N__0895845d_12_templates_cu_03dbc9c06hiddenEPi", "(anonymous namespace)::hidden(int*)",
         "(anonymous namespace)::hidden", 8, 0},
        {"_ZN7physics6detail4stepEPfPKffi", "physics::detail::step(float*, float const*, float, int)",
         "physics::detail::step", 10, 0},
        {"_Z5applyIZ10launch_allPKfPfS2_S1_PiiEUlfE_EvT_S2_i",
         "void apply<launch_all(float const*, float*, float*, float const*, int*, int)::{lambda(float)#1}>(launch_all("
         "float const*, float*, float*, float const*, int*, int)::{lambda(float)#1}, float*, int)",
         "apply<launch_all(float const*, float*, float*, float const*, int*, int)::{lambda(float)#1}>", 8, 0},
        {"_Z6reduceILi256EEvPKfPfi", "void reduce<256>(float const*, float*, int)", "reduce<256>", 10, 1024},
        {"_Z6reduceILi512EEvPKfPfi", "void reduce<512>(float const*, float*, int)", "reduce<512>", 10, 2048},
        {"", "", "plain_c", 8, 0},  // extern "C": nothing to demangle
    };
    for (std::size_t i = 0; i < 6; ++i) {
        const ParsedKernel& k = out.kernels[i];
        CAPTURE(k.name);
        CHECK(k.mangled == want[i].mangled);
        CHECK(k.demangled == want[i].demangled);
        CHECK(k.short_name == want[i].short_name);
        CHECK(k.registers == want[i].regs);
        CHECK(k.smem_static == want[i].smem);
    }
    CHECK(out.kernels[5].name == "plain_c");
}

TEST_CASE("ptxas: find_kernels takes the short, demangled, mangled or bare template name") {
    const ParsedOutput out = parse_ok(read_data("ptxas/templates_sm_80.txt"));
    auto names = [&](std::string_view want) {
        std::string s;
        for (const ParsedKernel* k : find_kernels(out, want)) s += (s.empty() ? "" : ",") + k->short_name;
        return s;
    };
    CHECK(names("reduce<512>") == "reduce<512>");
    CHECK(names("reduce< 512 >") == "reduce<512>");  // whitespace ignored
    CHECK(names("void reduce<256>(float const*, float*, int)") == "reduce<256>");
    CHECK(names("_Z6reduceILi256EEvPKfPfi") == "reduce<256>");
    CHECK(names("reduce") == "reduce<256>,reduce<512>");  // every instantiation: the caller says which
    CHECK(names("physics::detail::step") == "physics::detail::step");
    CHECK(names("(anonymous namespace)::hidden") == "(anonymous namespace)::hidden");
    CHECK(names("apply") == "apply<launch_all(float const*, float*, float*, float const*, int*, int)::{lambda(float)#1}>");
    CHECK(names("plain_c") == "plain_c");
    CHECK(names("step").empty());  // no partial names
    CHECK(names("").empty());
    CHECK(names("   ").empty());
    CHECK(kernel_display_name(out.kernels[4]) == "reduce<512> (_Z6reduceILi512EEvPKfPfi)");
    CHECK(kernel_display_name(out.kernels[5]) == "plain_c");
}

TEST_CASE("ptxas: demangle is bounded and frees what it gets") {
    CHECK(demangle("_Z6reduceILi512EEvPKfPfi") == "void reduce<512>(float const*, float*, int)");
    CHECK(demangle("_Z9block_sumPKfPfi") == "block_sum(float const*, float*, int)");
    CHECK_FALSE(demangle("plain_c"));
    CHECK_FALSE(demangle("_Z"));
    CHECK_FALSE(demangle("_Zq"));                     // refused by the demangler
    CHECK_FALSE(demangle("_Z6reduce\xff"));           // not the mangled alphabet
    CHECK_FALSE(demangle(std::string_view("_Z1f\0v", 6)));  // embedded NUL
    // Over kMaxDemangleInput bytes: not handed to the demangler, however simple.
    const std::string longname = "_Z" + std::to_string(kMaxDemangleInput) + std::string(kMaxDemangleInput, 'a') + "v";
    CHECK_FALSE(demangle_is_bounded(longname));
    CHECK_FALSE(demangle(longname));
    // A doubling chain: pair<S_, S_> nested n deep prints 2^n pairs from ~10 bytes per level. Refused before
    // the demangler runs, so this returns at once.
    std::string chain = "_Z1fISt4pairIiiE";
    std::string cur = "S0_";
    for (int i = 1; i <= 60; ++i) {
        chain += "S_I" + cur + cur + "E";
        const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        std::string id;
        for (int v = i; v > 0; v /= 36) id.insert(id.begin(), digits[v % 36]);
        cur = "S" + id + "_";
    }
    chain += "EvT_";
    CHECK_FALSE(demangle_is_bounded(chain));
    CHECK_FALSE(demangle(chain));
    // The real names of the captures pass the bound.
    for (std::string_view m : {"_Z5applyIZ10launch_allPKfPfS2_S1_PiiEUlfE_EvT_S2_i",
                               "_ZN14smcalc_samples14named_barriersEPfNS_6ParamsE", "_Z14transpose_tileIfLi32EEvPKT_PS0_ii"})
        CHECK(demangle_is_bounded(m));
}

TEST_CASE("ptxas: libc++abi's lambda spelling is rewritten to libstdc++'s") {
    CHECK(canonical_demangled("void apply<launch_all(int)::'lambda'(float)>(launch_all(int)::'lambda'(float), float*)") ==
          "void apply<launch_all(int)::{lambda(float)#1}>(launch_all(int)::{lambda(float)#1}, float*)");
    CHECK(canonical_demangled("f()::'lambda0'(int, int)") == "f()::{lambda(int, int)#2}");
    CHECK(canonical_demangled("f()::'lambda1'()") == "f()::{lambda()#3}");
    CHECK(canonical_demangled("g<'unnamed'>()") == "g<{unnamed type#1}>()");
    CHECK(canonical_demangled("g<'unnamed0'>()") == "g<{unnamed type#2}>()");
    CHECK(canonical_demangled("void reduce<512>(float const*, float*, int)") == "void reduce<512>(float const*, float*, int)");
    CHECK(canonical_demangled("f()::'lambda'(int") == "f()::'lambda'(int");  // unbalanced: left as printed
    CHECK(canonical_demangled("'lambda") == "'lambda");
}

TEST_CASE("ptxas: function_name cuts a signature") {
    CHECK(function_name("void reduce<512>(float const*, float*, int)", true) == "reduce<512>");
    CHECK(function_name("void reduce<512>(float const*, float*, int)", false) == "reduce");
    CHECK(function_name("(anonymous namespace)::hidden(int*)", true) == "(anonymous namespace)::hidden");
    CHECK(function_name("std::pair<int, int> ns::make<3>(int)", true) == "ns::make<3>");
    CHECK(function_name("void f<g()::{lambda(int)#1}>(g()::{lambda(int)#1})", true) == "f<g()::{lambda(int)#1}>");
    CHECK(function_name("((((", true) == "(");  // garbage in: a bounded answer, no crash
    CHECK(function_name("", false).empty());
}

TEST_CASE("ptxas: cuobjdump names are demangled the same way") {
    const ParsedOutput c = parse_ok(read_data("cuobjdump/templates_sm_80.txt"));
    const ParsedOutput p = parse_ok(read_data("ptxas/templates_sm_80.txt"));
    REQUIRE(c.kernels.size() == p.kernels.size());
    for (std::size_t i = 0; i < c.kernels.size(); ++i) {
        CAPTURE(p.kernels[i].name);
        CHECK(c.kernels[i].name == p.kernels[i].name);
        CHECK(c.kernels[i].demangled == p.kernels[i].demangled);
        CHECK(c.kernels[i].short_name == p.kernels[i].short_name);
        CHECK(c.kernels[i].registers == p.kernels[i].registers);
        CHECK(c.kernels[i].smem_static == p.kernels[i].smem_static);
    }
    CHECK(find_kernels(c, "reduce<256>").size() == 1);
}
