// tests/unit-binary.cpp - the binary reader (smcalc/binary.hpp) against the compilers' own reports: every binary in
// tests/data/binaries (made by make.sh there with CUDA 13.0's nvcc and Debian's llc-19/llc-22) lies beside the
// report of the same compile (nvcc -Xptxas -v; llc's .s). Every figure read from the binary must equal the report's,
// read by the project's text readers (themselves tested on genuine compiler output in unit-ptxas / unit-amd).
// The same comparison runs on freshly compiled files when tests/binaries-live.sh sets SMCALC_BINARY_LIVE_DIR.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "smcalc/binary.hpp"
#include "smcalc/solve.hpp"

#ifdef SMCALC_HAVE_ZSTD
#include <zstd.h>
#endif

using namespace smcalc;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

#ifdef SMCALC_HAVE_ZSTD
std::optional<std::string> zstd(binary::Compression c, std::string_view in, std::size_t size, std::string& why) {
    if (c != binary::Compression::Zstd) {
        why = "not zstd";
        return std::nullopt;
    }
    std::string out(size, '\0');
    const std::size_t n = ZSTD_decompress(out.data(), out.size(), in.data(), in.size());
    if (ZSTD_isError(n) || n != size) {
        why = "zstd failed";
        return std::nullopt;
    }
    return out;
}
#endif

// __launch_bounds__ and __cluster_dims__ of kernels.cu / cluster.cu: ptxas -v prints neither, the source says them.
struct SourceBounds {
    const char* name;
    int64_t max_threads;
    std::vector<int64_t> cluster;
};
const SourceBounds kBounds[] = {
    {"_Z6reduceILi64EEvPKfPf", 256, {}},  {"_Z6reduceILi512EEvPKfPf", 256, {}}, {"_ZN2ns4fillIdEEvPT_S1_i", 128, {}},
    {"pair", 128, {2, 1, 1}},             {"quad", 0, {4, 2, 1}},
};

// One binary against its ptxas -v log: returns the number of kernels compared.
int compare_nvidia(const fs::path& bin, const fs::path& log) {
    INFO("binary: " << bin.string());
    auto text = parse_compiler_output(slurp(log));
    REQUIRE(text.ok());
    auto read = binary::read_binary(slurp(bin));
    REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.error().message));
    REQUIRE(read->nvidia.has_value());
    const ParsedOutput& b = *read->nvidia;
    CHECK(b.kernels.size() == text->kernels.size());
    int compared = 0;
    for (const ParsedKernel& t : text->kernels) {
        INFO("kernel " << t.name << " " << t.arch);
        const ParsedKernel* k = nullptr;
        for (const auto& c : b.kernels)
            if (c.name == t.name && c.arch == t.arch) k = &c;
        REQUIRE(k != nullptr);
        CHECK(k->registers == t.registers);
        CHECK(k->smem_static == t.smem_static.value_or(0));  // ptxas prints no "smem" for 0 bytes
        CHECK(k->barriers == t.barriers);
        CHECK(k->stack_frame == t.stack_frame);
        CHECK(k->demangled == t.demangled);
        CHECK(k->tool == CompilerTool::Binary);
        for (const char* f : {"registers", "smem_static", "barriers", "stack_frame"}) {
            bool named = false;
            for (const auto& [field, place] : k->sources) named = named || (field == f && !place.empty());
            CHECK_MESSAGE(named, f);
        }
        for (const SourceBounds& s : kBounds) {
            if (k->name != s.name) continue;
            if (s.max_threads) CHECK(k->max_threads == s.max_threads);
            CHECK(k->cluster_dims == s.cluster);
        }
        ++compared;
    }
    return compared;
}

// One AMD code object against llc's .s of the same module (resource directives, "; Occupancy", metadata).
int compare_amd(const fs::path& bin, const fs::path& asm_text) {
    INFO("binary: " << bin.string());
    auto text = amd::parse_amd_compiler_output(slurp(asm_text));
    REQUIRE(text.ok());
    auto read = binary::read_binary(slurp(bin));
    REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.error().message));
    REQUIRE(read->amd.has_value());
    CHECK(read->amd->kernels.size() == text->kernels.size());
    int compared = 0;
    for (const amd::ParsedKernel& t : text->kernels) {
        INFO("kernel " << t.name << " " << t.gfx);
        const amd::ParsedKernel* k = nullptr;
        for (const auto& c : read->amd->kernels)
            if (c.name == t.name) k = &c;
        REQUIRE(k != nullptr);
        CHECK(k->gfx == t.gfx);
        CHECK(k->unified_vgprs == t.unified_vgprs);
        CHECK(k->agprs == t.agprs);
        CHECK(k->sgprs == t.sgprs);
        CHECK(k->lds == t.lds);
        CHECK(k->scratch == t.scratch);
        CHECK(k->max_flat_workgroup_size == t.max_flat_workgroup_size);
        // The descriptor's allocation = .amdhsa_next_free_vgpr rounded up to the 8-register granule (gfx90a+).
        REQUIRE(t.next_free_vgpr.has_value());
        REQUIRE(k->next_free_vgpr.has_value());
        CHECK(*k->next_free_vgpr == (std::max<int64_t>(*t.next_free_vgpr, 1) + 7) / 8 * 8);
        // LLVM's own occupancy figure ("; Occupancy: N") from what the binary says, by the project's rules.
        REQUIRE(t.llvm_occupancy.has_value());
        auto arch = amd::find_arch(k->gfx);
        REQUIRE(arch.ok());
        auto c = amd::compare_with_llvm(**arch, *k);
        REQUIRE(c.ok());
        const bool llvm22 = bin.filename().string().find("llc22") != std::string::npos;
        CHECK((c->ours.compiler_waves_per_simd == *t.llvm_occupancy ||
               (llvm22 && c->llvm_range == *t.llvm_occupancy)));
        ++compared;
    }
    return compared;
}

int compare_dir(const fs::path& dir) {
    int n = 0;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& p : files) {
        const std::string name = p.filename().string();
        if (name.size() > 10 && name.substr(name.size() - 10) == ".ptxas.txt") {
            const fs::path bin = dir / name.substr(0, name.size() - 10);
#ifndef SMCALC_HAVE_ZSTD
            if (name.rfind("zstd", 0) == 0) continue;  // zstd entries: below
#endif
            n += compare_nvidia(bin, p);
        } else if (name.size() > 6 && name.substr(name.size() - 6) == ".s.txt") {
            n += compare_amd(dir / name.substr(0, name.size() - 6), p);
        }
    }
    return n;
}

const fs::path kData = fs::path(SMCALC_SOURCE_DIR) / "tests/data/binaries";

}  // namespace

TEST_CASE("binary: every recorded cubin, fat binary and code object gives the compiler's own figures") {
#ifdef SMCALC_HAVE_ZSTD
    binary::set_decompressor(zstd);
#endif
    const int n = compare_dir(kData);
    // 3 x 5 cubin kernels + 2 x 2 cluster kernels + 2 x 5 in the executable (+ 5 zstd) + 6 x 3 AMD kernels (4 code
    // objects, the bundle, the linked .hsaco).
#ifdef SMCALC_HAVE_ZSTD
    CHECK(n == 15 + 4 + 10 + 5 + 18);
#else
    CHECK(n == 15 + 4 + 10 + 18);
#endif
    binary::set_decompressor({});
}

TEST_CASE("binary: compressed entries without a decompressor are named, PTX-only entries said plainly") {
    binary::set_decompressor({});
    auto z = binary::read_binary(slurp(kData / "zstd-sm_86.o"));
    REQUIRE_FALSE(z.ok());
    CHECK(z.error().message.find("zstd") != std::string::npos);
    CHECK(z.error().message.find("no decompressor") != std::string::npos);
    auto m = binary::read_binary(slurp(kData / "multi-arch"));
    REQUIRE(m.ok());
    REQUIRE(m->nvidia);
    bool ptx = false;
    for (const auto& note : m->nvidia->notes) ptx = ptx || note.find("PTX only for compute_90: resources are decided at JIT time") != std::string::npos;
    CHECK(ptx);
    CHECK(m->nvidia->archs == std::vector<std::string>{"sm_75", "sm_86"});
}

TEST_CASE("binary: op parse and the answer's occupancy from a binary (H100's sm_90 cubin)") {
    // reduce<512> on sm_90: 12 registers, 2048 B static, 256 threads (nvcc -Xptxas -v, kernels-sm_90.cubin.ptxas.txt).
    Answer a = read_compiler_output(slurp(kData / "kernels-sm_90.cubin"));
    REQUIRE(a.ok());
    const auto* p = std::get_if<ParsedOutput>(&a.solved);
    REQUIRE(p != nullptr);
    auto found = find_kernels(*p, "reduce<512>");
    REQUIRE(found.size() == 1);
    KernelInput in = to_kernel_input(*found.front());
    in.threads = 256;
    CHECK(in.regs == 12);
    CHECK(in.smem_static == 2048);
    auto arch = find_arch(ComputeCapability{9, 0});
    REQUIRE(arch.ok());
    Answer o = read_compiler_output(slurp(kData / "amd-llc22-gfx942.o"));
    REQUIRE(o.ok());
    CHECK(std::get_if<AmdParseAnswer>(&o.solved) != nullptr);
}

TEST_CASE("binary: truncated and corrupted files give an error naming what is wrong, never a crash") {
    const std::string cubin = slurp(kData / "kernels-sm_80.cubin");
    // Every prefix length in steps, and single-byte corruptions of the header and section table.
    for (std::size_t n = 0; n < cubin.size(); n += 97) {
        auto r = binary::read_binary(std::string_view(cubin).substr(0, n));
        if (!r.ok()) CHECK_FALSE(r.error().message.empty());
    }
    auto t = binary::read_binary(std::string_view(cubin).substr(0, 100));
    REQUIRE_FALSE(t.ok());
    CHECK(t.error().message.find("truncated") != std::string::npos);
    for (std::size_t i = 0; i < 64; ++i) {
        std::string bad = cubin;
        bad[i] = static_cast<char>(bad[i] ^ 0xff);
        auto r = binary::read_binary(bad);
        if (!r.ok()) CHECK_FALSE(r.error().message.empty());
    }
    auto none = binary::read_binary("\x7f" "ELF");
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().field == "text");
    auto notbin = binary::read_binary("hello");
    REQUIRE_FALSE(notbin.ok());
    CHECK(notbin.error().message.find("not a binary") != std::string::npos);
}

TEST_CASE("binary: live compile (tests/binaries-live.sh sets SMCALC_BINARY_LIVE_DIR - skipped otherwise)" *
          doctest::skip(std::getenv("SMCALC_BINARY_LIVE_DIR") == nullptr)) {
#ifdef SMCALC_HAVE_ZSTD
    binary::set_decompressor(zstd);
#endif
    const char* dir = std::getenv("SMCALC_BINARY_LIVE_DIR");
    REQUIRE(dir != nullptr);
    CHECK(compare_dir(dir) > 0);
    binary::set_decompressor({});
}
