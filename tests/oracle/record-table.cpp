// record-table.cpp - records NVIDIA's own answers (CUDA's include/cuda_occupancy.h) for a fixed set of inputs
// into tests/data/oracle/cuda_occupancy-<version>.tsv, which tests/unit-oracle-table.cpp replays against the
// solver on every machine (no CUDA toolkit needed there). Run by scripts/record-oracle.sh.
//
// The inputs are the live differential test's own (tests/oracle/diff-occupancy.cpp, included below with doctest
// disabled): its devices (each CC's reference device and variants, NVIDIA's documented device figures, two
// unmodelled CCs), its structured edge grid (one cell in kGridStride), every refused configuration and seeded
// random configurations (a seed of its own, not the live test's). Only the header's answers are written: smcalc
// computes nothing here but the inputs (reference_device(), the carveout lists).
//
// Format (tab-separated; '#' lines are comments):
//   D <id> <cc> <sm_count> <max_threads_per_block> <max_threads_per_sm> <regs_per_sm> <regs_per_block>
//     <warp_size> <smem_per_sm> <smem_per_block> <smem_per_block_optin> <reserved_smem_per_block> <name>
//   R <device id> <threads> <regs> <smem_static> <smem_dynamic> <optin> <smem_dynamic_max> <carveout>
//     <barriers> <launch_bounds> <blocks> <occ> <bs> <dyn>
//   occ: cudaOccMaxActiveBlocksPerMultiprocessor: "blocks,regs,smem,warps,blocks,barriers,regs/block,smem/block"
//        (a limit of INT_MAX, no limit, as '-') or the error "E:INVALID_INPUT" / "E:UNKNOWN_DEVICE"
//   bs:  cudaOccMaxPotentialOccupancyBlockSize on the device as given (launch_bounds as the kernel's
//        maxThreadsPerBlock attribute): "block_size,min_grid_size" or an error
//   dyn: cudaOccAvailableDynamicSMemPerBlock for <blocks> blocks: bytes, "E:INVALID_INPUT:NOT_FITTING" where the
//        header's own occupancy check says <blocks> do not fit, another error, or "WRAP:<bytes>" where its size_t
//        subtraction wraps (outside its domain; smcalc answers 0 there by design)
//   <smem_dynamic_max> is smcalc's input (-1: CUDA's default, which the header receives as
//   max(0, per-block limit - static)); <launch_bounds> 0 = none.
//   (The header also knows CC 3.x, which smcalc does not model: docs say Maxwell 5.0 is the oldest.)
#define DOCTEST_CONFIG_DISABLE
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include "diff-occupancy.cpp"

#include <cstdio>
#include <map>
#include <tuple>

namespace {

constexpr std::size_t kGridStride = 29;     // one edge-grid cell in 29
constexpr int64_t kRandom = 2600;           // seeded random configurations drawn
constexpr int64_t kZeroKeep = 4;            // of those answering 0 blocks, one in 4 is kept
constexpr uint64_t kSeed = 0x5eed7ab1e;     // not the live test's seeds

std::string err_name(cudaOccError e) {
    switch (e) {
        case CUDA_OCC_ERROR_INVALID_INPUT: return "E:INVALID_INPUT";
        case CUDA_OCC_ERROR_UNKNOWN_DEVICE: return "E:UNKNOWN_DEVICE";
        default: return "E:" + std::to_string(static_cast<int>(e));
    }
}
std::string lim(int v) { return v == INT_MAX ? "-" : std::to_string(v); }

std::string occ_cell(const Config& c) {
    const auto [prop, attr, state] = header_inputs(c);
    cudaOccResult h{};
    const cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(
        &h, &prop, &attr, &state, static_cast<int>(c.in.threads), static_cast<size_t>(c.in.smem_dynamic));
    if (e != CUDA_OCC_SUCCESS) return err_name(e);
    return std::to_string(h.activeBlocksPerMultiprocessor) + "," + lim(h.blockLimitRegs) + "," +
           lim(h.blockLimitSharedMem) + "," + lim(h.blockLimitWarps) + "," + lim(h.blockLimitBlocks) + "," +
           lim(h.blockLimitBarriers) + "," + std::to_string(h.allocatedRegistersPerBlock) + "," +
           std::to_string(h.allocatedSharedMemPerBlock);
}

std::string bs_cell(const Config& c) {
    const auto [prop, attr, state] = header_inputs(c);
    int grid = -1, block = -1;
    const cudaOccError e = cudaOccMaxPotentialOccupancyBlockSize(&grid, &block, &prop, &attr, &state, nullptr,
                                                                 static_cast<size_t>(c.in.smem_dynamic));
    if (e != CUDA_OCC_SUCCESS) return err_name(e);
    return std::to_string(block) + "," + std::to_string(grid);
}

std::string dyn_cell(const Config& c) {
    const auto [prop, attr, state] = header_inputs(c);
    size_t bytes = 0;
    const cudaOccError e = cudaOccAvailableDynamicSMemPerBlock(&bytes, &prop, &attr, &state,
                                                               static_cast<int>(c.blocks), static_cast<int>(c.in.threads));
    if (e != CUDA_OCC_SUCCESS) {
        const bool not_fitting = header_not_fitting(prop, attr, state, c);
        return err_name(e) + (not_fitting ? ":NOT_FITTING" : "");
    }
    if (header_share_below_static(prop, attr, state, static_cast<int>(c.blocks))) return "WRAP:" + std::to_string(bytes);
    return std::to_string(bytes);
}

using DevKey = std::tuple<int, int, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t>;
DevKey key_of(const Device& d) {
    return {d.cc.major, d.cc.minor, d.sm_count, d.max_threads_per_block, d.max_threads_per_sm, d.regs_per_sm,
            d.regs_per_block, d.warp_size, d.smem_per_sm, d.smem_per_block, d.smem_per_block_optin,
            d.reserved_smem_per_block};
}

}  // namespace

int main(int argc, char** argv) {
    const char* version = argc > 1 ? argv[1] : "unknown";
    const auto archs = all_test_archs();
    std::vector<Config> configs;
    const auto grid = edge_grid(archs);
    for (std::size_t i = 0; i < grid.size(); i += kGridStride) configs.push_back(grid[i]);
    for (const Config& c : refused_configs(archs)) configs.push_back(c);
    std::mt19937_64 rng(kSeed);
    // Random configurations whose header answer is 0 blocks per SM (half of them: the generator aims at the
    // limits) are kept one in kZeroKeep, so that most rows have blocks to compare.
    for (int64_t n = 0, zeros = 0; n < kRandom; ++n) {
        const Config c = random_config(rng, archs);
        if (occ_cell(c).rfind("0,", 0) == 0 && zeros++ % kZeroKeep != 0) continue;
        configs.push_back(c);
    }

    std::printf("# NVIDIA's answers from CUDA %s's include/cuda_occupancy.h (__CUDA_OCC_MAJOR__ %d, __CUDA_OCC_MINOR__ %d), "
                "recorded by scripts/record-oracle.sh (tests/oracle/record-table.cpp: the inputs of "
                "tests/oracle/diff-occupancy.cpp, edge grid 1 in %zu, all refused configurations, %lld random of "
                "seed 0x%llx, of those answering 0 blocks 1 in %lld); replayed by tests/unit-oracle-table.cpp. Format: record-table.cpp's header comment.\n",
                version, __CUDA_OCC_MAJOR__, __CUDA_OCC_MINOR__, kGridStride, static_cast<long long>(kRandom),
                static_cast<unsigned long long>(kSeed), static_cast<long long>(kZeroKeep));
    std::map<DevKey, int> ids;
    std::vector<std::pair<int, const TestDevice*>> order;
    for (const Config& c : configs) {
        auto [it, fresh] = ids.emplace(key_of(c.device->dev), static_cast<int>(ids.size()));
        if (fresh) order.emplace_back(it->second, c.device);
    }
    for (const auto& [id, td] : order) {
        const Device& d = td->dev;
        std::printf("D\t%d\t%d.%d\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t%s\n", id, d.cc.major,
                    d.cc.minor, static_cast<long long>(d.sm_count), static_cast<long long>(d.max_threads_per_block),
                    static_cast<long long>(d.max_threads_per_sm), static_cast<long long>(d.regs_per_sm),
                    static_cast<long long>(d.regs_per_block), static_cast<long long>(d.warp_size),
                    static_cast<long long>(d.smem_per_sm), static_cast<long long>(d.smem_per_block),
                    static_cast<long long>(d.smem_per_block_optin), static_cast<long long>(d.reserved_smem_per_block),
                    td->name.c_str());
    }
    for (const Config& c : configs) {
        const KernelInput& in = c.in;
        std::printf("R\t%d\t%lld\t%lld\t%lld\t%lld\t%d\t%lld\t%d\t%lld\t%lld\t%lld\t%s\t%s\t%s\n",
                    ids.at(key_of(c.device->dev)), static_cast<long long>(in.threads), static_cast<long long>(in.regs),
                    static_cast<long long>(in.smem_static), static_cast<long long>(in.smem_dynamic), in.optin ? 1 : 0,
                    static_cast<long long>(in.smem_dynamic_max), in.carveout, static_cast<long long>(in.barriers),
                    static_cast<long long>(c.launch_bounds), static_cast<long long>(c.blocks), occ_cell(c).c_str(),
                    bs_cell(c).c_str(), dyn_cell(c).c_str());
    }
    return 0;
}
