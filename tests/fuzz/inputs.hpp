// tests/fuzz/inputs.hpp - bytes -> solver inputs (Device, KernelInput, TileInput, TileSearch), and the
// invariants every answer of the solver and of the tile model must satisfy.
//
// Shared by the libFuzzer targets of tests/fuzz/ (bytes from the fuzzer) and by tests/unit-properties.cpp
// (bytes from a seeded PRNG), so both explore the same input space and check the same rules. Core only,
// header only, no exceptions. A check returns "" when it holds, else one sentence saying what broke.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::fuzz {

// Reads the fuzzer's bytes front to back; past the end every read gives 0 (so short inputs are valid too).
class Bytes {
public:
    Bytes(const uint8_t* data, std::size_t size) : p_(data), n_(size) {}
    bool empty() const { return i_ >= n_; }
    uint8_t u8() { return i_ < n_ ? p_[i_++] : 0; }
    uint16_t u16() { return static_cast<uint16_t>(u8() | (u8() << 8)); }
    uint32_t u32() { return static_cast<uint32_t>(u16()) | (static_cast<uint32_t>(u16()) << 16); }
    uint64_t u64() { return static_cast<uint64_t>(u32()) | (static_cast<uint64_t>(u32()) << 32); }
    // 0 .. n-1 (n > 0)
    std::size_t index(std::size_t n) { return static_cast<std::size_t>(u16()) % n; }
    // lo .. hi (lo <= hi, hi - lo < 2^32)
    int64_t between(int64_t lo, int64_t hi) {
        const auto span = static_cast<uint64_t>(hi - lo) + 1;
        return lo + static_cast<int64_t>(u32() % span);
    }

private:
    const uint8_t* p_;
    std::size_t n_;
    std::size_t i_ = 0;
};

inline int64_t sat_mul2(int64_t v) {
    int64_t r = 0;
    return __builtin_mul_overflow(v, int64_t{2}, &r) ? v : r;
}

// A value for a field whose usual value is `typical` and whose sensible range is lo .. hi: usually a value
// inside the range, sometimes an edge (0, -1, kMaxInput, kMaxInput + 1, INT64 limits) or raw bits.
inline int64_t value(Bytes& b, int64_t typical, int64_t lo, int64_t hi) {
    switch (b.u8() % 20) {
        case 0: return 0;
        case 1: return 1;
        case 2: return -1;
        case 3: return typical + 1;
        case 4: return typical - 1;
        case 5: return sat_mul2(typical);
        case 6: return typical / 2;
        case 7: return kMaxInput;
        case 8: return kMaxInput + 1;
        case 9: return std::numeric_limits<int64_t>::max();
        case 10: return std::numeric_limits<int64_t>::min();
        case 11: return static_cast<int64_t>(b.u64());
        case 12: return static_cast<int64_t>(b.u32());
        case 13: return int64_t{1} << (b.u8() % 63);
        default: return b.between(lo, hi);  // 6 in 20: a realistic value
    }
}

// A device: a catalogued GPU, a CC's reference device, or either with fields changed (often contradictory:
// validate_device must refuse those with a clear error).
inline Device device(Bytes& b) {
    const auto gpus = all_gpus();
    const auto archs = all_arch_rules();
    Device d;
    const uint8_t mode = b.u8();
    if (mode % 2 == 0)
        d = gpus[b.index(gpus.size())].device;
    else
        d = reference_device(archs[b.index(archs.size())]);
    if (mode % 8 >= 5) {  // a custom device
        int64_t Device::*const fields[] = {&Device::sm_count,         &Device::max_threads_per_block,
                                           &Device::max_threads_per_sm, &Device::regs_per_sm,
                                           &Device::regs_per_block,   &Device::warp_size,
                                           &Device::smem_per_sm,      &Device::smem_per_block,
                                           &Device::smem_per_block_optin, &Device::reserved_smem_per_block};
        for (auto f : fields)
            if (b.u8() % 4 == 0) d.*f = value(b, d.*f, 0, std::max<int64_t>(1, sat_mul2(d.*f)));
        if (b.u8() % 16 == 0) d.cc = {b.u8() % 16, b.u8() % 10};  // often not a modelled CC
    }
    return d;
}

inline KernelInput kernel(Bytes& b) {
    KernelInput k;
    k.threads = value(b, 256, 1, 1024);
    k.regs = value(b, 32, 0, 255);
    k.smem_static = b.u8() % 2 ? value(b, 0, 0, 232448) : 0;
    k.smem_dynamic = b.u8() % 2 ? value(b, 0, 0, 232448) : 0;
    k.optin = b.u8() % 2 != 0;
    k.smem_dynamic_max = b.u8() % 4 == 0 ? value(b, -1, 0, 232448) : -1;
    k.carveout = b.u8() % 4 == 0 ? static_cast<int>(b.between(-2, 102)) : -1;
    k.barriers = b.u8() % 3 == 0 ? value(b, 1, 0, 16) : 1;
    return k;
}

// A tile size: mostly the usual powers of two and their halves, sometimes any value or an edge.
inline int64_t tile_dim(Bytes& b, int64_t typical, bool edges = true) {
    static constexpr int64_t kDims[] = {8, 16, 32, 48, 64, 96, 128, 192, 256, 512};
    if (b.u8() % 3 != 0) return kDims[b.index(std::size(kDims))];
    return edges ? value(b, typical, 1, 1024) : b.between(1, 1024);
}

inline TileInput tile_input(Bytes& b) {
    TileInput t;
    const bool edges = b.u8() % 4 == 0;  // else every size in its usual range (the model answers more often)
    auto size = [&](int64_t typical, int64_t lo, int64_t hi) { return edges ? value(b, typical, lo, hi) : b.between(lo, hi); };
    t.m = tile_dim(b, 128, edges);
    t.n = tile_dim(b, 128, edges);
    t.k = tile_dim(b, 64, edges);
    t.stages = size(3, 1, 8);
    t.warps = b.u8() % 2 ? int64_t{4} << (b.u8() % 3) : size(8, 1, 32);
    // Half the time the common types (f16/bf16 in, f32 accumulate), else any combination (often refused).
    const DType common[] = {DType::BF16, DType::F16, DType::F32, DType::E4M3, DType::I8};
    t.a = b.u8() % 2 ? common[b.index(std::size(common))] : kDTypes[b.index(std::size(kDTypes))];
    t.b = b.u8() % 4 == 0 ? kDTypes[b.index(std::size(kDTypes))] : t.a;
    const DType accs[] = {DType::F32, DType::F32, DType::F32, DType::F16, DType::I32, kDTypes[b.index(std::size(kDTypes))]};
    t.acc = t.a == DType::I8 && b.u8() % 2 ? DType::I32 : accs[b.index(std::size(accs))];
    t.mma = b.u8() % 4 == 0 ? MmaPath::TensorMemory : MmaPath::Registers;
    t.epilogue = b.u8() % 2 ? Epilogue::None : static_cast<Epilogue>(b.u8() % 3);
    if (b.u8() % 4 == 0) t.out = kDTypes[b.index(std::size(kDTypes))];
    if (t.epilogue == Epilogue::Bytes || b.u8() % 8 == 0) t.epilogue_bytes = size(32768, 0, 65536);
    t.epilogue_reuses_mainloop = b.u8() % 4 == 0;
    t.overhead_regs = b.u8() % 2 ? size(32, 0, 255) : -1;
    t.subbyte_smem = static_cast<SubbyteSmem>(b.u8() % 3);
    t.acc_buffers = b.u8() % 4 == 0 ? size(2, 1, 4) : 1;
    if (b.u8() % 2) t.problem = ProblemSize{size(8192, 1, 1 << 20), size(8192, 1, 1 << 20), size(8192, 1, 1 << 20)};
    // Issue 30: a CUTLASS schedule a third of the time (often on a CC it does not run on: refused), stages auto;
    // SM80 multistage a sixth of the time (read so that the corpus's earlier schedule inputs keep their schedule).
    const uint8_t pick = b.u8();
    if (pick % 3 == 0) t.schedule = static_cast<Schedule>(b.u8() % 5);
    else if (pick % 3 == 1 && b.u8() % 2 == 0) t.schedule = Schedule::Sm80Multistage;
    t.stages_auto = b.u8() % 8 == 0;
    return t;
}

// Candidate lists of 1 to `max_len` values each (small: a search costs the product of their lengths).
inline TileSearch tile_search(Bytes& b, std::size_t max_len) {
    TileSearch s;
    s.base = tile_input(b);
    auto list = [&](std::vector<int64_t>& l, int64_t typical) {
        l.clear();
        const std::size_t len = 1 + b.index(max_len);
        for (std::size_t i = 0; i < len; ++i) l.push_back(b.u8() % 8 == 0 ? value(b, typical, 1, 512) : tile_dim(b, typical));
    };
    list(s.ms, 128);
    list(s.ns, 128);
    list(s.ks, 64);
    list(s.stages, 3);
    list(s.warps, 8);
    return s;
}

// A thread block cluster: mostly the sizes people use (1..16 in the usual shapes), sometimes any value or an
// edge, with or without the non-portable flag and a grid (usually a whole number of clusters).
inline ClusterInput cluster_input(Bytes& b) {
    ClusterInput c;
    static constexpr Dim3 kShapes[] = {{1, 1, 1}, {2, 1, 1}, {1, 2, 1}, {2, 2, 1}, {4, 1, 1}, {4, 2, 1},
                                       {2, 4, 1}, {8, 1, 1}, {4, 4, 1}, {16, 1, 1}, {3, 3, 1}, {2, 2, 2}};
    if (b.u8() % 4 != 0) {
        c.dims = kShapes[b.index(std::size(kShapes))];
    } else {
        c.dims = {value(b, 2, 1, 16), value(b, 1, 1, 16), value(b, 1, 1, 2)};
    }
    c.non_portable = b.u8() % 2 != 0;
    if (b.u8() % 2) {
        const bool whole = b.u8() % 4 != 0;
        auto dim = [&](int64_t cd) {
            return whole && cd >= 1 && cd <= 16 ? cd * b.between(1, 4096) : value(b, 64, 1, 1 << 16);
        };
        c.grid = Dim3{dim(c.dims.x), dim(c.dims.y), dim(c.dims.z)};
    }
    return c;
}

// A GPC layout: the database row of a catalogued device, an unknown one, or a custom one (often contradictory).
inline GpcLayout gpc_layout(Bytes& b, const Device& d) {
    const uint8_t mode = b.u8() % 4;
    if (mode == 0) return {};
    if (mode == 1)
        for (const GpuSpec& g : all_gpus())
            if (g.device.cc == d.cc && g.device.sm_count == d.sm_count) return g.gpc;
    GpcLayout g;
    g.gpcs_min = value(b, 8, 1, kMaxGpcs);
    g.gpcs_max = b.u8() % 2 ? g.gpcs_min : value(b, 8, 1, kMaxGpcs);
    g.max_sms_per_gpc = value(b, 18, 1, kMaxSmsPerGpc);
    g.sms_per_tpc = b.u8() % 4 ? 2 : value(b, 1, 1, 2);
    g.heuristic_sms_per_gpc = b.u8() % 2 ? 18 : value(b, 0, 0, kMaxSmsPerGpc);
    g.max_cluster_size = b.u8() % 2 ? 0 : value(b, 16, 8, 16);
    g.source = "fuzz";
    return g;
}

// ----- invariants -----

inline bool finite01(double v) { return std::isfinite(v) && v >= 0.0 && v <= 1.0; }

// occupancy() answered: the numbers agree with each other and with the rules' documented meaning.
inline std::string check_occupancy(const Device& d, const KernelInput& in, const OccupancyResult& r) {
    if (!finite01(r.occupancy)) return "occupancy " + std::to_string(r.occupancy) + " outside [0, 1]";
    if (r.blocks_per_sm < 0 || r.warps_per_sm < 0 || r.threads_per_sm < 0 || r.smem_per_block < 0 ||
        r.smem_per_sm < 0 || r.warps_per_block < 0 || r.regs_per_warp < 0 || r.max_warps_per_sm <= 0)
        return "a negative count";
    int64_t lowest = std::numeric_limits<int64_t>::max();
    for (Resource res : kResources)
        if (auto l = r.limit(res)) {
            if (*l < 0) return "negative limit for " + std::string(resource_key(res));
            lowest = std::min(lowest, *l);
        }
    if (r.blocks_per_sm != lowest)
        return "blocks_per_sm " + std::to_string(r.blocks_per_sm) + " is not the lowest limit " + std::to_string(lowest);
    for (Resource res : kResources) {
        const bool listed = std::find(r.limiting.begin(), r.limiting.end(), res) != r.limiting.end();
        if (listed != (r.limit(res) == r.blocks_per_sm)) return "limiting list wrong for " + std::string(resource_key(res));
    }
    if (r.limiting.empty()) return "no limiting resource";
    if (r.warps_per_block != (in.threads + d.warp_size - 1) / d.warp_size) return "warps_per_block != ceil(threads / warp)";
    if (r.warps_per_sm != r.blocks_per_sm * r.warps_per_block) return "warps_per_sm != blocks x warps";
    if (r.threads_per_sm != r.blocks_per_sm * in.threads) return "threads_per_sm != blocks x threads";
    if (r.max_warps_per_sm != d.max_threads_per_sm / d.warp_size) return "max_warps_per_sm wrong";
    if (r.warps_per_sm > r.max_warps_per_sm) return "more resident warps than warp slots";
    const double occ = static_cast<double>(r.warps_per_sm) / static_cast<double>(r.max_warps_per_sm);
    if (occ != r.occupancy) return "occupancy != warps / max warps";
    for (const Budget& bud : r.budgets)
        if (bud.used < 0 || bud.limit < 0) return "negative budget bar " + bud.name;
    return {};
}

inline std::string check_block_size(const Device& d, const KernelInput& in, const BlockSizeResult& r) {
    if (!finite01(r.occupancy)) return "block_size occupancy outside [0, 1]";
    if (r.block_size < 0 || r.blocks_per_sm < 0 || r.min_grid_size < 0) return "block_size: negative field";
    if (r.block_size > d.max_threads_per_block) return "block_size above the device's max threads per block";
    if (r.min_grid_size != r.blocks_per_sm * (d.sm_count > 0 ? d.sm_count : 1)) return "min_grid_size != blocks x SMs";
    if (r.block_size == 0) return r.blocks_per_sm == 0 ? std::string() : "block_size 0 with blocks";
    KernelInput k = in;
    k.threads = r.block_size;
    auto o = occupancy(d, k, Detail::Numbers);
    if (!o) return "occupancy refuses block_size's answer: " + o.error().message;
    if (o->blocks_per_sm != r.blocks_per_sm || o->occupancy != r.occupancy) return "block_size disagrees with occupancy()";
    return {};
}

inline std::string check_tile(const Device& d, const TileResult& r) {
    if (!finite01(r.occupancy)) return "tile occupancy outside [0, 1]";
    if (r.ctas_per_sm < 0 || r.smem_per_cta < 0 || r.acc_bytes < 0 || r.acc_regs_per_thread < 0 ||
        r.regs_per_thread_est < 0 || r.smem_mainloop < 0 || r.smem_per_stage < 0 || r.threads <= 0)
        return "tile: a negative or zero count";
    if (r.fits && r.ctas_per_sm < 1) return "tile fits with 0 CTAs per SM";
    if (r.fits && (r.spills || !r.smem_fits || !r.tmem_fits)) return "tile fits although a limit is exceeded";
    if (r.smem_fits != (r.smem_per_cta <= r.smem_limit)) return "smem_fits disagrees with smem_per_cta <= smem_limit";
    if (r.threads != r.input.warps * d.warp_size) return "threads != warps x warp size";
    if (r.occ) {
        // The kernel the tile becomes (tile.cpp kernel_for): its threads, registers, shared memory opted in.
        KernelInput k;
        k.threads = r.threads;
        k.regs = r.regs_launch;
        k.smem_static = 0;
        k.smem_dynamic = r.smem_per_cta;
        k.optin = true;
        k.smem_dynamic_max = r.smem_per_cta;
        if (auto e = check_occupancy(d, k, *r.occ); !e.empty()) return "tile's solver answer: " + e;
        // A fitting tile's CTAs per SM are the solver's; one that does not fit gives none (it does not run).
        if (r.fits && r.occ->blocks_per_sm != r.ctas_per_sm) return "ctas_per_sm != the solver's blocks_per_sm";
        // Except a CUTLASS schedule whose consumers spill: it runs (with spills) at the solver's CTAs per SM.
        const bool runs_spilling = r.schedule != Schedule::None && r.spills && r.smem_fits && r.tmem_fits;
        if (runs_spilling && r.occ->blocks_per_sm != r.ctas_per_sm) return "a spilling schedule's CTAs != the solver's";
        if (!r.fits && !runs_spilling && (r.ctas_per_sm != 0 || r.occupancy != 0))
            return "a tile that does not fit gives CTAs or occupancy";
    }
    for (const TileRow& row : r.rows)
        if (!std::isfinite(row.value) || (row.limit && !std::isfinite(*row.limit))) return "row " + row.key + " is not finite";
    if (!std::isfinite(r.intensity) || r.intensity < 0) return "intensity not finite";
    if (r.problem) {
        const ProblemResult& p = *r.problem;
        if (p.ctas != p.tiles_m * p.tiles_n || p.ctas < 1 || p.k_steps < 1) return "problem: ctas/k_steps wrong";
        if (!(p.tile_efficiency > 0 && p.tile_efficiency <= 1)) return "problem: tile_efficiency outside (0, 1]";
        if (p.waves && (*p.waves < 1 || !p.last_wave_utilization || !(*p.last_wave_utilization > 0 && *p.last_wave_utilization <= 1)))
            return "problem: waves / last wave wrong";
        if (p.wave_efficiency && !(*p.wave_efficiency > 0 && *p.wave_efficiency <= 1)) return "problem: wave_efficiency outside (0, 1]";
    }
    return {};
}

// clusters() answered for a kernel of `ctas_per_sm` CTAs per SM (or the result's own figure when -1).
inline std::string check_clusters(const Device& d, const ClusterInput& in, const ClusterResult& r, int64_t ctas_per_sm) {
    const int64_t k = in.dims.x * in.dims.y * in.dims.z;
    if (r.cluster_size != k || k < 1 || k > kMaxClusterSize) return "cluster_size wrong or outside 1..16";
    if (ctas_per_sm >= 0 && r.ctas_per_sm != ctas_per_sm) return "ctas_per_sm != the solver's blocks per SM";
    if (r.dsmem_per_cluster != k * r.smem_per_cta) return "dsmem_per_cluster != size x smem per CTA";
    if (r.needs_non_portable != (k > kMaxPortableClusterSize)) return "needs_non_portable wrong";
    if (r.needs_non_portable && !in.non_portable) return "a size above 8 answered without the non-portable flag";
    if (r.limiter_reason.empty()) return "no limiter reason";
    if (!r.max_active_clusters) return d.sm_count > 0 ? "no GPU-wide figures although the SM count is known" : "";
    const MaxActiveClusters& m = *r.max_active_clusters;
    // A cluster launch may hold fewer CTAs per SM than the solver (CC 10.x: at most 8), never more.
    if (r.cluster_ctas_per_sm > r.ctas_per_sm || r.cluster_ctas_per_sm < 0 ||
        (r.cluster_ctas_per_sm < r.ctas_per_sm && r.cluster_ctas_per_sm != 8))
        return "cluster_ctas_per_sm not the solver's or its cap of 8";
    if (m.bound != d.sm_count * r.cluster_ctas_per_sm / k) return "bound != floor(SMs x cluster CTAs per SM / size)";
    if (m.low.has_value() != m.high.has_value() || m.low.has_value() != m.typical.has_value()) return "low/typical/high half known";
    if (m.low) {
        if (!(*m.low <= *m.typical && *m.typical <= *m.high && *m.high <= m.bound)) return "not low <= typical <= high <= bound";
        if (k == 1 && *m.low != d.sm_count * r.cluster_ctas_per_sm) return "size 1 does not give SMs x CTAs per SM";
        int64_t sms = 0, sum = 0;
        for (const GpcFill& f : r.gpcs) {
            if (f.sms < 1 || f.clusters < 0 || f.idle_sms < 0 || f.idle_sms > f.sms ||
                f.ctas > f.sms * r.cluster_ctas_per_sm || (f.sms < k && f.clusters != 0))
                return "a GPC's fill is impossible (more CTAs than slots, or a cluster on fewer SMs than its CTAs)";
            sms += f.sms;
            sum += f.clusters;
        }
        // The picture is the typical layout, except where the typical figure is the mean of several GPC counts'
        // even splits: then it is one of them, inside the range.
        bool mean = false;
        for (const ClusterFigure& f : m.figures) mean = mean || (f.key == "typical" && f.label == "mean of the even layouts");
        if (sms != d.sm_count || (mean ? (sum < *m.low || sum > *m.high) : sum != *m.typical))
            return "the GPCs do not add up to the SMs or the typical figure";
    }
    for (const ClusterFigure& f : m.figures) {
        if (f.clusters < 0 || f.ctas != f.clusters * k || f.idle_cta_slots < 0 || f.basis_text.empty())
            return "figure " + f.key + " inconsistent";
        if (f.key != "cutlass_heuristic" && f.key != "public_evidence" && f.clusters > m.bound)
            return "figure " + f.key + " above the bound";
    }
    if (r.waves) {
        const ClusterWaves& w = *r.waves;
        if (w.grid_ctas != w.grid.x * w.grid.y * w.grid.z || w.grid_clusters * k != w.grid_ctas) return "waves: grid wrong";
        if (w.waves_low && w.waves_high && *w.waves_low > *w.waves_high) return "waves: fewest above most";
        // A layout that holds no cluster (low = 0: the own-SM rule, issue 28) never finishes the grid: "most" is
        // then absent (unbounded), and typical needs only to be no fewer than the fewest.
        if (w.waves_high.has_value() != (m.low && *m.low > 0) && m.low) return "waves: most present iff low > 0";
        if (w.waves_typical && w.waves_low && *w.waves_typical < *w.waves_low) return "waves: typical below fewest";
        if (w.waves_typical && w.waves_high && *w.waves_typical > *w.waves_high) return "waves: typical above most";
    }
    return {};
}

inline std::string check_search(const TileSearch& s, const TileSearchResult& r) {
    const auto n = static_cast<int64_t>(s.ms.size() * s.ns.size() * s.ks.size() *
                                        (s.stages_auto ? std::size_t{1} : s.stages.size()) *
                                        (s.base.schedule != Schedule::None && s.base.schedule != Schedule::Sm80Multistage ? std::size_t{1} : s.warps.size()) *
                                        s.clusters.size());
    if (r.candidates != n) return "candidates != product of the list lengths";
    const int64_t counted = r.refused + r.spills + r.smem_over + r.tmem_over + r.no_cta + static_cast<int64_t>(r.fits.size());
    if (counted != n) return "fits + rejections (" + std::to_string(counted) + ") != candidates (" + std::to_string(n) + ")";
    for (const TileFit& f : r.fits) {
        if (f.ctas_per_sm < 1) return "a fit with 0 CTAs per SM";
        if (!finite01(f.occupancy)) return "a fit's occupancy outside [0, 1]";
    }
    return {};
}

}  // namespace smcalc::fuzz
