// tests/bench/inputs.hpp - the benchmarks' fixed inputs: N (device, kernel) pairs drawn with a fixed seed
// over the GPU database, identical natively and in wasm (own generator, no <random> distributions, whose
// output differs between standard libraries). Only inputs the solver answers (no Error) are kept, so every
// timed call is one occupancy answer. Header-only: compiled by g++ and by em++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/cluster.hpp"

namespace smcalc::bench {

inline constexpr std::size_t kSolverInputs = 100000;  // the "same 100,000 inputs"
inline constexpr uint64_t kSeed = 0x5eedc0ffee123457ull;

struct Case {
    const Device* dev;
    const CheckedDevice* checked;  // dev, checked once at setup (as the header's cudaOccDeviceProp is filled once)
    KernelInput in;
};

// Every database GPU's device, checked once.
inline const std::vector<CheckedDevice>& checked_gpus() {
    static const std::vector<CheckedDevice> v = [] {
        std::vector<CheckedDevice> out;
        for (const GpuSpec& g : all_gpus()) out.push_back(*CheckedDevice::check(g.device));
        return out;
    }();
    return v;
}

// splitmix64: tiny, fast, and the same sequence on every platform.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int64_t uniform(int64_t lo, int64_t hi) {  // inclusive
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }
    bool chance(int percent) { return uniform(0, 99) < percent; }
};

// A mix like real kernels: mostly warp-multiple block sizes, registers 0..255, static and dynamic shared
// memory within the per-block limits (opt-in a quarter of the time), the default carveout most of the time.
inline std::vector<Case> make_cases(std::size_t n, uint64_t seed = kSeed) {
    const auto gpus = all_gpus();
    std::vector<Case> cases;
    cases.reserve(n);
    Rng rng{seed};
    while (cases.size() < n) {
        const std::size_t g = static_cast<std::size_t>(rng.uniform(0, static_cast<int64_t>(gpus.size()) - 1));
        const Device& d = gpus[g].device;
        KernelInput k;
        k.threads = rng.chance(75) ? 32 * rng.uniform(1, d.max_threads_per_block / 32)
                                   : rng.uniform(1, d.max_threads_per_block);
        k.regs = rng.chance(5) ? 0 : rng.uniform(16, 255);
        k.optin = rng.chance(25);
        const int64_t per_block = k.optin ? d.smem_per_block_optin : d.smem_per_block;
        k.smem_static = rng.chance(50) ? 0 : 16 * rng.uniform(0, d.smem_per_block / 16 / 2);
        k.smem_dynamic = rng.chance(50) ? 0 : rng.uniform(0, per_block - k.smem_static);
        k.carveout = rng.chance(70) ? -1 : static_cast<int>(rng.uniform(0, 100));
        k.barriers = 1;
        if (occupancy(d, k, Detail::Numbers)) cases.push_back({&d, &checked_gpus()[g], k});
    }
    return cases;
}

// One cluster answer per call (issue 17): smcalc::clusters() from a solved per-SM occupancy, as the API's
// occupancy/tile answers call it after the solver: the range over every GPC layout (its dynamic programme),
// the labelled figures, the per-GPC rows and the derivation text. H100 SXM5 (8 GPCs of at most 18 SMs, 132
// SMs: the widest layout search of the catalogued parts), cluster sizes 1, 2, 4, 8, 16 (non-portable
// allowed) x 1..4 CTAs per SM of 48 KiB: 20 calls per round.
struct ClusterCase {
    int64_t ctas_per_sm;
    ClusterInput in;
};
inline const GpuSpec& cluster_gpu() { return **find_gpu("H100 SXM5"); }
inline std::vector<ClusterCase> cluster_cases() {
    std::vector<ClusterCase> v;
    for (int64_t size : {1, 2, 4, 8, 16})
        for (int64_t c = 1; c <= 4; ++c) v.push_back({c, ClusterInput{{size, 1, 1}, true, std::nullopt}});
    return v;
}
// One round over cluster_cases(): the sum of the typical counts (keeps every answer alive).
inline int64_t cluster_round(const std::vector<ClusterCase>& cases) {
    const GpuSpec& g = cluster_gpu();
    int64_t sum = 0;
    for (const ClusterCase& c : cases) {
        auto r = clusters(g.device, g.gpc, c.ctas_per_sm, 48 * 1024, c.in);
        sum += r && r->max_active_clusters ? r->max_active_clusters->typical.value_or(-1) : -2;
    }
    return sum;
}

}  // namespace smcalc::bench
