// tests/bench/bench_native.cpp - native figures of issue 6 (Google Benchmark, Debian's libbenchmark-dev):
//
//   solver/ours         occupancy_numbers(checked, in, out) over the same 100,000 inputs (inputs.hpp): each
//                       database device checked once at setup (CheckedDevice), as the page's sweeps do; the
//                       header's inputs are likewise converted once (cudaOccDeviceProp) and checked per call
//                       (the numbers of cudaOccResult, which is what the header's function answers); each
//                       loop writes into one result struct, as a sweep would (the header's API is like this)
//   solver/ours+device  occupancy(dev, in, Detail::Numbers): the device checked again on every call
//                       (validate_device's consistency checks) and an OccupancyResult (with its empty
//                       explanation vectors) per answer, for reference; no target
//   solver/header       cudaOccMaxActiveBlocksPerMultiprocessor over those inputs (only where CUDA's
//                       cuda_occupancy.h was found at configure time: SMCALC_BENCH_HAVE_CUDA_OCC)
//   block_size/ours     block_size(checked, in) over the first 1,000 inputs
//   block_size/header   cudaOccMaxPotentialOccupancyBlockSize over the same 1,000
//   tiles/...           tiles_that_fit() with the default candidate lists (only where core has tile.cpp)
//   amd/occupancy       amd::occupancy(arch, in) (the full AMD answer: limits, rows, derivation and notes, what
//                       one API request computes) over 10,000 fixed pseudo-random kernels on gfx942 and gfx950
//                       (threads 1..1024, VGPRs/AGPRs 0..256, SGPRs 0..112, LDS within the arch)
//   clusters/H100 SXM5  one cluster answer per call (clusters() from a solved occupancy: the GPC-layout range,
//                       the labelled figures, the derivation; inputs.hpp's cluster_cases); no target
//   recompute/native    the page's recompute on an input change (web/ui_model.cpp's compute_model, or the
//                       equivalent sweep of recompute.hpp where that file is absent), for comparison with wasm
//
// Both solvers get prebuilt structs (no conversion inside the timed loop). scripts/bench.sh runs this with
// repetitions and --benchmark_enable_random_interleaving so that ours and the header's alternate in one run.
//
// `bench_native --count NAME` runs one loop once and exits: scripts/bench.sh counts its instructions with
// callgrind (--toggle-collect=smcalc_bench_count_*), a figure the noisy shared machine cannot disturb.
#include <benchmark/benchmark.h>

#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
#include "../oracle/cuda_occupancy_quiet.hpp"
#endif

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "inputs.hpp"
#include "recompute.hpp"
#include "smcalc/amd.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;
using smcalc::bench::Case;

namespace {

constexpr std::size_t kBlockSizeInputs = 1000;
constexpr std::size_t kAmdInputs = 10000;

// The AMD occupancy inputs: a fixed LCG (the same kernels on every run and machine), alternating gfx942 and
// gfx950, every field within its range (amd::occupancy answers every one).
struct AmdCase {
    const amd::ArchRules* arch;
    amd::KernelInput in;
};
const std::vector<AmdCase>& amd_cases() {
    static const std::vector<AmdCase> c = [] {
        std::vector<AmdCase> v;
        v.reserve(kAmdInputs);
        uint64_t x = 0x5eed0018;
        auto next = [&x](int64_t lo, int64_t hi) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            return lo + static_cast<int64_t>((x >> 33) % static_cast<uint64_t>(hi - lo + 1));
        };
        const amd::ArchRules* archs[] = {*amd::find_arch("gfx942"), *amd::find_arch("gfx950")};
        for (std::size_t i = 0; i < kAmdInputs; ++i) {
            AmdCase a{archs[i % 2], {}};
            a.in.threads = next(1, 1024);
            a.in.vgprs = next(0, 256);
            a.in.agprs = next(0, 3) == 0 ? next(0, 256) : 0;
            a.in.sgprs = next(0, 112);
            a.in.lds = next(0, 1) == 0 ? 0 : next(0, a.arch->lds_per_workgroup);
            v.push_back(a);
        }
        return v;
    }();
    return c;
}

// How many inputs to draw: all 100,000 for the timed runs; --count asks for only what its loop reads (the
// draw is deterministic, so the first 1,000 are the same either way) to keep callgrind runs short.
std::size_t g_case_count = bench::kSolverInputs;

const std::vector<Case>& cases() {
    static const std::vector<Case> c = bench::make_cases(g_case_count);
    return c;
}

#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
// The mapping of tests/oracle/diff-occupancy.cpp (cudaFuncAttributes as the runtime fills it).
struct HeaderCase {
    cudaOccDeviceProp prop;
    cudaOccFuncAttributes attr;
    cudaOccDeviceState state;
    int threads;
    size_t dyn;
};

HeaderCase to_header(const Case& c) {
    const Device& d = *c.dev;
    HeaderCase h;
    h.prop.computeMajor = d.cc.major;
    h.prop.computeMinor = d.cc.minor;
    h.prop.maxThreadsPerBlock = static_cast<int>(d.max_threads_per_block);
    h.prop.maxThreadsPerMultiprocessor = static_cast<int>(d.max_threads_per_sm);
    h.prop.regsPerBlock = static_cast<int>(d.regs_per_block);
    h.prop.regsPerMultiprocessor = static_cast<int>(d.regs_per_sm);
    h.prop.warpSize = static_cast<int>(d.warp_size);
    h.prop.sharedMemPerBlock = static_cast<size_t>(d.smem_per_block);
    h.prop.sharedMemPerMultiprocessor = static_cast<size_t>(d.smem_per_sm);
    h.prop.numSms = d.sm_count > 0 ? static_cast<int>(d.sm_count) : 1;
    h.prop.sharedMemPerBlockOptin = static_cast<size_t>(d.smem_per_block_optin);
    h.prop.reservedSharedMemPerBlock = static_cast<size_t>(d.reserved_smem_per_block);
    const KernelInput& in = c.in;
    int64_t dyn_max = in.smem_dynamic_max;
    if (dyn_max < 0) dyn_max = std::max<int64_t>(0, (in.optin ? d.smem_per_block_optin : d.smem_per_block) - in.smem_static);
    h.attr.maxThreadsPerBlock = static_cast<int>(d.max_threads_per_block);
    h.attr.numRegs = static_cast<int>(in.regs);
    h.attr.sharedSizeBytes = static_cast<size_t>(in.smem_static);
    h.attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    h.attr.shmemLimitConfig = in.optin ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
    h.attr.maxDynamicSharedSizeBytes = static_cast<size_t>(dyn_max);
    h.attr.numBlockBarriers = static_cast<int>(in.barriers);
    h.attr.virtualResourceCount = 0;
    h.state.cacheConfig = CACHE_PREFER_NONE;
    h.state.carveoutConfig = in.carveout;
    h.threads = static_cast<int>(in.threads);
    h.dyn = static_cast<size_t>(in.smem_dynamic);
    return h;
}

const std::vector<HeaderCase>& header_cases() {
    static const std::vector<HeaderCase> h = [] {
        std::vector<HeaderCase> v;
        v.reserve(cases().size());
        for (const Case& c : cases()) v.push_back(to_header(c));
        return v;
    }();
    return h;
}
#endif

}  // namespace

// ----- The timed loops: extern "C" and never inlined, so callgrind can name them -----
extern "C" {

__attribute__((noinline, noclone)) int64_t smcalc_bench_count_ours(std::size_t n) {
    const auto& cs = cases();
    int64_t sum = 0;
    OccupancyNumbers r;  // one result for all calls, as the header's loop below reuses its cudaOccResult
    for (std::size_t i = 0; i < n; ++i) {
        const auto e = occupancy_numbers(*cs[i].checked, cs[i].in, r);
        sum += e ? -1 : r.blocks_per_sm;
    }
    return sum;
}

__attribute__((noinline, noclone)) int64_t smcalc_bench_count_ours_device(std::size_t n) {
    const auto& cs = cases();
    int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        auto r = occupancy(*cs[i].dev, cs[i].in, Detail::Numbers);
        sum += r ? r->blocks_per_sm : -1;
    }
    return sum;
}

__attribute__((noinline, noclone)) int64_t smcalc_bench_count_block_ours(std::size_t n) {
    const auto& cs = cases();
    int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        auto r = block_size(*cs[i].checked, cs[i].in);
        sum += r ? r->block_size + r->min_grid_size : -1;
    }
    return sum;
}

// The full AMD occupancy answer (what op occupancy on an AMD GPU computes), n times.
__attribute__((noinline, noclone)) int64_t smcalc_bench_count_amd(std::size_t n) {
    const auto& cs = amd_cases();
    int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        auto r = amd::occupancy(*cs[i].arch, cs[i].in);
        sum += r ? r->workgroups_per_cu : -1;
    }
    return sum;
}

// One page recompute (recompute.hpp), n times.
__attribute__((noinline, noclone)) int64_t smcalc_bench_count_recompute(std::size_t n) {
    static bench::Recompute rc;
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += rc.run();
    return static_cast<int64_t>(s);
}

#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
__attribute__((noinline, noclone)) int64_t smcalc_bench_count_header(std::size_t n) {
    const auto& hs = header_cases();
    int64_t sum = 0;
    cudaOccResult r{};  // one result for all calls: the header writes every field it answers
    for (std::size_t i = 0; i < n; ++i) {
        const HeaderCase& h = hs[i];
        const cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &h.prop, &h.attr, &h.state, h.threads, h.dyn);
        sum += e == CUDA_OCC_SUCCESS ? r.activeBlocksPerMultiprocessor : -1;
    }
    return sum;
}

__attribute__((noinline, noclone)) int64_t smcalc_bench_count_block_header(std::size_t n) {
    const auto& hs = header_cases();
    int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const HeaderCase& h = hs[i];
        int grid = 0, block = 0;
        const cudaOccError e = cudaOccMaxPotentialOccupancyBlockSize(&grid, &block, &h.prop, &h.attr, &h.state,
                                                                     nullptr, h.dyn);
        sum += e == CUDA_OCC_SUCCESS ? block + grid : -1;
    }
    return sum;
}
#endif

}  // extern "C"

namespace {

// One of the smcalc_bench_count_* loops over `inputs()` inputs, timed; each input counts as an item. `inputs` is
// called before timing starts: the draw of the inputs (cases(), header_cases()) stays out of the time.
void BM_loop(benchmark::State& state, int64_t (*loop)(std::size_t), std::size_t (*inputs)()) {
    const std::size_t n = inputs();
    for (auto _ : state) benchmark::DoNotOptimize(loop(n));
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}
std::size_t solver_inputs() { return cases().size(); }
std::size_t block_size_inputs() { return kBlockSizeInputs; }
BENCHMARK_CAPTURE(BM_loop, solver_ours, smcalc_bench_count_ours, solver_inputs)
    ->Name("solver/ours")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_loop, solver_ours_device, smcalc_bench_count_ours_device, solver_inputs)
    ->Name("solver/ours+device")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_loop, block_ours, smcalc_bench_count_block_ours, block_size_inputs)
    ->Name("block_size/ours")->Unit(benchmark::kMillisecond);

void BM_amd(benchmark::State& state) {
    const std::size_t n = amd_cases().size();
    for (auto _ : state) benchmark::DoNotOptimize(smcalc_bench_count_amd(n));
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
    state.counters["inputs"] = static_cast<double>(n);
}
BENCHMARK(BM_amd)->Name("amd/occupancy")->Unit(benchmark::kMillisecond);

#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
std::size_t header_inputs() { return header_cases().size(); }
std::size_t block_size_header_inputs() {
    header_cases();  // the block-size loop reads the header's cases too
    return kBlockSizeInputs;
}
BENCHMARK_CAPTURE(BM_loop, solver_header, smcalc_bench_count_header, header_inputs)
    ->Name("solver/header")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_loop, block_header, smcalc_bench_count_block_header, block_size_header_inputs)
    ->Name("block_size/header")->Unit(benchmark::kMillisecond);
#endif

// The page's "what fits" table: every default candidate (8 M x 8 N x 4 K x 8 stages x 4 warps = 8,192).
void BM_tiles(benchmark::State& state, const char* gpu, MmaPath path) {
    const GpuSpec* g = *find_gpu(gpu);
    TileSearch s;
    s.base.mma = path;
    int64_t candidates = 0;
    for (auto _ : state) {
        auto r = tiles_that_fit(g->device, s);
        if (!r) {
            state.SkipWithError(r.error().message.c_str());
            return;
        }
        candidates = r->candidates;
        benchmark::DoNotOptimize(r->fits.data());
    }
    state.counters["candidates"] = static_cast<double>(candidates);
}
BENCHMARK_CAPTURE(BM_tiles, h100, "H100 SXM5", MmaPath::Registers)->Name("tiles/H100 SXM5")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_tiles, b200, "B200", MmaPath::TensorMemory)->Name("tiles/B200 tcgen05")->Unit(benchmark::kMillisecond);

// The cost of one cluster answer (issue 17), per call: items = calls.
void BM_clusters(benchmark::State& state) {
    const auto cases = bench::cluster_cases();
    for (auto _ : state) benchmark::DoNotOptimize(bench::cluster_round(cases));
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * static_cast<int64_t>(cases.size())));
    state.counters["calls"] = static_cast<double>(cases.size());
}
BENCHMARK(BM_clusters)->Name("clusters/H100 SXM5")->Unit(benchmark::kMicrosecond);

void BM_recompute(benchmark::State& state) {
    bench::Recompute rc;
    for (auto _ : state) benchmark::DoNotOptimize(rc.run());
    state.counters["solver_calls"] = static_cast<double>(rc.solver_calls());
}
BENCHMARK(BM_recompute)->Name("recompute/native")->Unit(benchmark::kMicrosecond);

int count_mode(const char* name) {
    if (!std::strcmp(name, "recompute") || !std::strcmp(name, "amd")) g_case_count = 0;
    else if (std::strcmp(name, "ours") && std::strcmp(name, "ours_device") && std::strcmp(name, "header"))
        g_case_count = kBlockSizeInputs;
    cases();
    int64_t sum = 0;
    if (!std::strcmp(name, "ours")) sum = smcalc_bench_count_ours(cases().size());
    else if (!std::strcmp(name, "ours_device")) sum = smcalc_bench_count_ours_device(cases().size());
    else if (!std::strcmp(name, "block_ours")) sum = smcalc_bench_count_block_ours(kBlockSizeInputs);
    else if (!std::strcmp(name, "recompute")) { smcalc_bench_count_recompute(1); sum = smcalc_bench_count_recompute(10); }
    else if (!std::strcmp(name, "amd")) { amd_cases(); sum = smcalc_bench_count_amd(kAmdInputs); }
#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
    else if (!std::strcmp(name, "header")) { header_cases(); sum = smcalc_bench_count_header(cases().size()); }
    else if (!std::strcmp(name, "block_header")) { header_cases(); sum = smcalc_bench_count_block_header(kBlockSizeInputs); }
#endif
    else {
        std::fprintf(stderr, "bench_native: unknown --count loop '%s'\n", name);
        return 2;
    }
    const std::size_t n = !std::strcmp(name, "recompute") ? 11
                          : !std::strcmp(name, "amd")   ? kAmdInputs
                          : std::strcmp(name, "ours") && std::strcmp(name, "ours_device") && std::strcmp(name, "header")
                              ? kBlockSizeInputs
                                                                                      : cases().size();
    std::printf("%s %zu %lld\n", name, n, static_cast<long long>(sum));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && !std::strcmp(argv[1], "--count")) return count_mode(argv[2]);
    // Context for the report: how many inputs, and whether both solvers agree on every one of them.
    benchmark::AddCustomContext("solver_inputs", std::to_string(cases().size()));
    benchmark::AddCustomContext("recompute_source", bench::Recompute::source());
#ifdef SMCALC_BENCH_HAVE_CUDA_OCC
    {
        std::size_t mismatches = 0;
        for (std::size_t i = 0; i < cases().size(); ++i) {
            const HeaderCase& h = header_cases()[i];
            cudaOccResult r{};
            const bool ok = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &h.prop, &h.attr, &h.state, h.threads, h.dyn) ==
                            CUDA_OCC_SUCCESS;
            auto o = occupancy(*cases()[i].dev, cases()[i].in, Detail::Numbers);
            if (!ok || !o || o->blocks_per_sm != r.activeBlocksPerMultiprocessor) ++mismatches;
        }
        benchmark::AddCustomContext("header", "found");
        benchmark::AddCustomContext("header_mismatches", std::to_string(mismatches));
    }
#else
    benchmark::AddCustomContext("header", "absent");
#endif
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
