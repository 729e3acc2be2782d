// unit-cluster.cpp - thread block clusters (core/src/cluster.cpp): every public figure found (docs/clusters.md
// names the source of each), the properties of the range, the per-part limits, and every refusal.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/inputs.hpp"

#include "smcalc/arch.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

using namespace smcalc;

namespace {

const GpuSpec& gpu(const char* name) { return **find_gpu(name); }

// A custom CC 9.0 part: `sms` SMs in GPCs of at most `max_sms_per_gpc` SMs in TPC pairs, gpcs_min..gpcs_max GPCs.
struct Part {
    Device device;
    GpcLayout gpc;
};
Part hopper_part(int64_t sms, int64_t gpcs_min, int64_t gpcs_max, int64_t max_sms_per_gpc) {
    Part p{reference_device(**find_arch({9, 0})), GpcLayout{}};
    p.device.sm_count = sms;
    p.gpc.gpcs_min = gpcs_min;
    p.gpc.gpcs_max = gpcs_max;
    p.gpc.max_sms_per_gpc = max_sms_per_gpc;
    p.gpc.sms_per_tpc = 2;
    return p;
}

ClusterInput cl(int64_t x, int64_t y = 1, int64_t z = 1, bool non_portable = false) {
    ClusterInput in;
    in.dims = {x, y, z};
    in.non_portable = non_portable;
    return in;
}

ClusterResult ok(const GpuSpec& g, int64_t ctas_per_sm, int64_t smem, const ClusterInput& in) {
    auto r = clusters(g.device, g.gpc, ctas_per_sm, smem, in);
    if (!r) FAIL_CHECK("unexpected error: " << r.error().message);
    REQUIRE(r.ok());
    return r.value();
}

const ClusterFigure* fig(const ClusterResult& r, const std::string& key) {
    for (const auto& f : r.max_active_clusters->figures)
        if (f.key == key) return &f;
    return nullptr;
}

void refused(const Device& d, const GpcLayout& g, const ClusterInput& in, ErrorId id, const std::string& field,
             const std::string& says = "") {
    auto r = clusters(d, g, 1, 0, in);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().id == id);
    CHECK(r.error().field == field);
    CHECK_FALSE(r.error().message.empty());
    if (!says.empty()) CHECK(r.error().message.find(says) != std::string::npos);
}

// Calls `body(bytes, i)` for i = 0 .. count-1, each time with N fresh bytes of a PRNG seeded with `seed` (8 bytes
// per draw, lowest first): the fuzz decoders' input, the same on every run and platform. N is a multiple of 8.
template <std::size_t N, typename Body>
void for_prng_bytes(uint64_t seed, int count, Body&& body) {
    static_assert(N % 8 == 0);
    std::mt19937_64 rng(seed);
    std::array<uint8_t, N> buf{};
    for (int i = 0; i < count; ++i) {
        for (std::size_t j = 0; j < N; j += 8) {
            const uint64_t r = rng();
            for (std::size_t q = 0; q < 8; ++q) buf[j + q] = static_cast<uint8_t>(r >> (8 * q));
        }
        fuzz::Bytes b(buf.data(), buf.size());
        body(b, i);
    }
}

}  // namespace

// ------------------------------------------------------------------------------------------- public data points

namespace {

// One row of tests/data/clusters/measurements.tsv (the file's header says what each column is).
struct Measurement {
    std::string gpu, source, conditions;
    int64_t threads = -1, regs = -1, smem = -1, ctas_per_sm = 0, cluster = 0, measured = 0;
    bool non_portable = false;
    int line = 0;
};

std::vector<Measurement> read_measurements() {
    std::ifstream f(std::string(SMCALC_SOURCE_DIR) + "/tests/data/clusters/measurements.tsv");
    REQUIRE(f.good());
    std::vector<Measurement> out;
    std::string line;
    bool header = false;
    for (int n = 1; std::getline(f, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> c;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) c.push_back(cell);
        REQUIRE_MESSAGE(c.size() == 10, "measurements.tsv line " << n << " has " << c.size() << " columns, not 10");
        if (!header) {  // the column names
            CHECK(c[0] == "gpu");
            CHECK(c[7] == "measured");
            header = true;
            continue;
        }
        auto num = [&](const std::string& v) { return v == "-" ? int64_t{-1} : static_cast<int64_t>(std::stoll(v)); };
        Measurement m;
        m.gpu = c[0];
        m.threads = num(c[1]);
        m.regs = num(c[2]);
        m.smem = num(c[3]);
        m.ctas_per_sm = num(c[4]);
        m.cluster = num(c[5]);
        m.non_portable = c[6] == "1";
        m.measured = num(c[7]);
        m.source = c[8];
        m.conditions = c[9];
        m.line = n;
        out.push_back(m);
    }
    return out;
}

}  // namespace

TEST_CASE("cluster: every public measurement of resident clusters is reproduced (tests/data/clusters)") {
    // Each row: what cudaOccupancyMaxActiveClusters returned on a real GPU (sources in docs/clusters.md). The
    // model must put it inside [low, high] and within 10 % of its typical figure.
    const auto rows = read_measurements();
    CHECK(rows.size() >= 15);  // the rows found for issue 28; a file that lost rows fails here
    int blackwell = 0, hopper = 0;
    for (const Measurement& m : rows) {
        CAPTURE(m.line);
        CAPTURE(m.gpu);
        CAPTURE(m.cluster);
        CAPTURE(m.ctas_per_sm);
        CAPTURE(m.measured);
        const auto spec = find_gpu(m.gpu);
        REQUIRE(spec.ok());
        const GpuSpec& g = **spec;
        if (g.device.cc.major == 10) ++blackwell;
        if (g.device.cc.major == 9) ++hopper;
        if (m.threads > 0 && m.regs > 0 && m.smem >= 0) {
            // The row's CTAs per SM is what the solver gives for the stated kernel.
            KernelInput k;
            k.threads = m.threads;
            k.regs = m.regs;
            k.smem_dynamic = m.smem;
            k.optin = true;
            auto occ = occupancy(g.device, k, Detail::Numbers);
            REQUIRE(occ.ok());
            CHECK(occ->blocks_per_sm == m.ctas_per_sm);
        }
        ClusterInput in = cl(m.cluster, 1, 1, m.non_portable);
        const auto r = ok(g, m.ctas_per_sm, std::max<int64_t>(0, m.smem), in);
        REQUIRE(r.max_active_clusters);
        const MaxActiveClusters& a = *r.max_active_clusters;
        REQUIRE(a.low);
        CHECK(*a.low <= m.measured);
        CHECK(m.measured <= *a.high);
        CHECK(m.measured <= a.bound);
        const double off = std::abs(static_cast<double>(m.measured - *a.typical));
        CHECK(off <= 0.10 * static_cast<double>(*a.typical));
    }
    CHECK(blackwell >= 13);
    CHECK(hopper >= 2);
}

TEST_CASE("cluster: cuBLAS's 15 clusters of 4x2x1 at 1 CTA/SM on H100 SXM5 lie in the range (CUTLASS1921)") {
    // CUTLASS issue #1921: 128x128x64 tile, cluster (4,2,1), cuBLAS grid (60,2,1) = 120 CTAs = 15 clusters.
    const auto r = ok(gpu("H100 SXM5"), 1, 0, cl(4, 2));
    const auto& m = *r.max_active_clusters;
    REQUIRE(m.low);
    CHECK(*m.low <= 15);
    CHECK(15 <= *m.high);
    CHECK(m.bound == 16);  // floor(132 / 8)
    const ClusterFigure* e = fig(r, "public_evidence");
    REQUIRE(e != nullptr);
    CHECK(e->clusters == 15);
    CHECK(e->ctas == 120);
    CHECK(e->source == "CUTLASS1921");
    // Derived from the rule (property, not a public figure): 66 TPCs on 8 GPCs of <= 9 TPCs.
    CHECK(*m.low == 13);
    CHECK(*m.high == 16);
    CHECK(*m.typical == 16);
}

TEST_CASE("cluster: the tile of CUTLASS1921 on H100 SXM5 is 1 CTA/SM, as the issue says") {
    // The 128x128x64 bf16 tile with CUTLASS's auto stage count fills shared memory: one CTA per SM.
    TileInput t;
    t.stages = stages_auto(gpu("H100 SXM5").device, t)->stages;
    auto r = tile(gpu("H100 SXM5").device, t);
    REQUIRE(r.ok());
    CHECK(r->ctas_per_sm == 1);
}

TEST_CASE("cluster: CUTLASS's grid heuristic gives its published grids (CUTLASS1921, CUTLASS-TSP)") {
    // CUTLASS1921: CUTLASS launches grid (4,28,1) = 112 CTAs for cluster (4,2,1) on 132 SMs.
    CHECK(cutlass_grid_ctas(132, 18, 8) == 112);
    // CUTLASS-TSP's own worked example: 20 SMs per GPC, cluster 8, 148 SMs -> 7 x 16 + 8 = 120.
    CHECK(cutlass_grid_ctas(148, 20, 8) == 120);
    const auto r = ok(gpu("H100 SXM5"), 1, 0, cl(4, 2));
    const ClusterFigure* h = fig(r, "cutlass_heuristic");
    REQUIRE(h != nullptr);
    CHECK(h->clusters == 14);
    CHECK(h->ctas == 112);
    CHECK(h->basis == ClusterBasis::Estimate);
    // Both public launches lie within the range.
    CHECK(*r.max_active_clusters->low <= 14);
}

TEST_CASE("cluster: size 16 on H100 needs the non-portable attribute (CUPY8778, PG13-CL)") {
    const GpuSpec& h = gpu("H100 SXM5");
    // cupy #8778: a 16-CTA cluster fails with CUDA_ERROR_INVALID_CLUSTER_SIZE until the attribute is set.
    refused(h.device, h.gpc, cl(16), ErrorId::InvalidInput, "non_portable_cluster", "non_portable_cluster");
    refused(h.device, h.gpc, cl(4, 4), ErrorId::InvalidInput, "non_portable_cluster", "--non-portable-cluster");
    const auto r = ok(h, 1, 0, cl(16, 1, 1, true));
    CHECK(r.needs_non_portable);
    CHECK(r.max_cluster_size == 16);
    CHECK(r.max_size_confirmed);
    // 8 is portable everywhere from CC 9.0.
    CHECK(ok(h, 1, 0, cl(8)).max_cluster_size == 8);
}

TEST_CASE("cluster: B200 allows 16 (BTG-CL), GB10 and Thor stop at 8 (GB10-THESIS, JAX33720)") {
    const GpuSpec& b = gpu("B200");
    CHECK(ok(b, 1, 0, cl(16, 1, 1, true)).max_cluster_size == 16);
    const GpuSpec& s = gpu("GB10");
    refused(s.device, s.gpc, cl(16, 1, 1, true), ErrorId::InvalidInput, "cluster", "at most 8");
    CHECK(ok(s, 1, 0, cl(8)).cluster_size == 8);
    Device thor = reference_device(**find_arch({11, 0}));
    thor.sm_count = 20;
    refused(thor, GpcLayout{}, cl(2, 8, 1, true), ErrorId::InvalidInput, "cluster", "JAX33720");
}

TEST_CASE("cluster: GPC 0 of an H100 holds 16 SMs in the accel-sim sweep (ACCELSIM87): a layout the range allows") {
    // 16 SMs in one GPC is within 1..18; the range over layouts containing it must lie inside low..high.
    const GpuSpec& h = gpu("H100 SXM5");
    GpcLayout rest = h.gpc;
    rest.gpcs_min = rest.gpcs_max = 7;
    for (int64_t k = 1; k <= 16; ++k) {
        auto all = cluster_range(h.gpc, 132, 1, k);
        auto seven = cluster_range(rest, 132 - 16, 1, k);
        REQUIRE(all);
        REQUIRE(seven);
        const int64_t g0 = 16 / k;
        CHECK(all->low <= seven->low + g0);
        CHECK(seven->high + g0 <= all->high);
    }
}

// ------------------------------------------------------------------------------------------------- properties

TEST_CASE("cluster: properties over every catalogued CC 9.0+ GPU, size and CTAs per SM") {
    for (const GpuSpec& g : all_gpus()) {
        if (g.device.cc.major < 9 || g.device.sm_count == 0) continue;
        CAPTURE(g.name);
        const int64_t S = g.device.sm_count;
        for (int64_t c = 0; c <= 4; ++c)
            for (int64_t k = 1; k <= 16; ++k) {
                CAPTURE(c);
                CAPTURE(k);
                auto r = clusters(g.device, g.gpc, c, 1024, cl(k, 1, 1, true));
                if (!r) {
                    CHECK(r.error().field == "cluster");  // the part's own limit
                    continue;
                }
                const auto& m = *r->max_active_clusters;
                CHECK(m.bound == S * c / k);  // never more than floor(SMs x CTAs per SM / size)
                CHECK(r->dsmem_per_cluster == k * 1024);
                if (k == 1) CHECK(m.bound == S * c);  // size 1: SMs x CTAs per SM
                if (m.low) {
                    CHECK(*m.low <= *m.typical);
                    CHECK(*m.typical <= *m.high);
                    CHECK(*m.high <= m.bound);
                    if (k == 1) CHECK(*m.low == S * c);
                    int64_t sms = 0, sum = 0;
                    for (const GpcFill& f : r->gpcs) {
                        sms += f.sms;
                        sum += f.clusters;
                        CHECK(f.sms <= g.gpc.max_sms_per_gpc);
                        CHECK(f.idle_sms >= 0);
                        CHECK(f.ctas <= f.sms * c);
                    }
                    CHECK(sms == S);
                    // The picture is the typical layout; where the typical figure is the mean of the even splits
                    // over several GPC counts (H100 PCIe: 7 or 8) it is one of those splits, inside the range.
                    if (fig(*r, "typical")->label == "mean of the even layouts") {
                        CHECK(*m.low <= sum);
                        CHECK(sum <= *m.high);
                    } else {
                        CHECK(sum == *m.typical);
                    }
                }
                for (const auto& f : m.figures) {
                    CHECK(f.ctas == f.clusters * k);
                    CHECK(f.idle_cta_slots >= 0);
                    CHECK_FALSE(f.basis_text.empty());
                }
                CHECK_FALSE(r->limiter_reason.empty());
            }
    }
}

TEST_CASE("cluster: the range brackets every layout (brute force on a small custom part)") {
    // 3 GPCs of at most 6 SMs in TPC pairs, 14 SMs: enumerate every split.
    const auto [d, g] = hopper_part(14, 3, 3, 6);
    for (int64_t c = 1; c <= 3; ++c)
        for (int64_t k = 1; k <= 8; ++k) {
            int64_t lo = 1 << 30, hi = -1;
            for (int64_t a = 2; a <= 6; a += 2)
                for (int64_t b = 2; b <= 6; b += 2) {
                    const int64_t rest = 14 - a - b;
                    if (rest < 2 || rest > 6) continue;
                    // Each CTA of a cluster on its own SM: a GPC of fewer SMs than the cluster holds none
                    // (issue 28; before it, a * c / k counted CTAs of one cluster sharing an SM).
                    auto per = [&](int64_t s) { return s < k ? int64_t{0} : s * c / k; };
                    const int64_t v = per(a) + per(b) + per(rest);
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            auto r = cluster_range(g, 14, c, k);
            REQUIRE(r);
            CHECK(r->low == lo);
            CHECK(r->high == hi);
            auto full = clusters(d, g, c, 0, cl(k));
            REQUIRE(full.ok());
            CHECK(*full->max_active_clusters->low == lo);
            CHECK(*full->max_active_clusters->high == hi);
        }
}

TEST_CASE("cluster: fewer TPCs than GPCs: the even split leaves no GPC empty") {
    const auto [d, g] = hopper_part(6, 2, 8, 18);
    auto r = clusters(d, g, 1, 0, cl(2));
    REQUIRE(r.ok());
    REQUIRE(r->gpcs.size() == 3);
    for (const GpcFill& f : r->gpcs) CHECK(f.sms == 2);
    CHECK(*r->max_active_clusters->typical == 3);
    CHECK(*r->max_active_clusters->low == 3);
}

TEST_CASE("cluster: a cluster larger than a GPC can hold is 0 clusters with the reason, not an error") {
    const GpuSpec& h = gpu("H100 SXM5");
    // 16 CTAs at 0 CTAs per SM, and a custom layout of 6-SM GPCs at 1 CTA/SM with a cluster of 8.
    auto zero = ok(h, 0, 0, cl(16, 1, 1, true));
    CHECK(zero.max_active_clusters->bound == 0);
    CHECK(*zero.max_active_clusters->high == 0);
    const auto [d, g] = hopper_part(12, 2, 2, 6);
    auto r = clusters(d, g, 1, 0, cl(8));
    REQUIRE(r.ok());
    CHECK(*r->max_active_clusters->high == 0);
    CHECK(r->max_active_clusters->bound == 1);
    CHECK(r->limiter == ClusterLimiter::Gpc);
    CHECK(r->limiter_reason.find("fewer than the cluster's 8") != std::string::npos);
    // 2 CTAs per SM: 12 CTA slots per GPC, but each CTA of a cluster needs its own SM (PG13-CL: configurations
    // with fewer than 8 SMs reduce the maximum cluster size), so a 6-SM GPC still holds none. (Before issue 28
    // the rule packed two CTAs of one cluster on an SM and answered 2.)
    auto r2 = clusters(d, g, 2, 0, cl(8));
    REQUIRE(r2.ok());
    CHECK(*r2->max_active_clusters->high == 0);
    CHECK(r2->limiter == ClusterLimiter::Gpc);
    CHECK(r2->limiter_reason.find("its own SM") != std::string::npos);
    // A 6-SM GPC does hold clusters of 6 or fewer: 2 CTAs/SM x 6 SMs / 4 = 3 clusters of 4 per GPC.
    auto r3 = clusters(d, g, 2, 0, cl(4));
    REQUIRE(r3.ok());
    CHECK(*r3->max_active_clusters->high == 6);
}

TEST_CASE("cluster: limiter names the GPC when it strands CTA slots, per-SM occupancy otherwise") {
    const GpuSpec& h = gpu("H100 SXM5");
    CHECK(ok(h, 1, 0, cl(2)).limiter == ClusterLimiter::PerSmOccupancy);  // 66 clusters = 132 CTAs
    const auto r = ok(h, 1, 0, cl(16, 1, 1, true));
    CHECK(r.limiter == ClusterLimiter::Gpc);  // 8 GPCs of <= 18 SMs: one cluster of 16 each at most
    CHECK(*r.max_active_clusters->high == 8);
    CHECK(r.max_active_clusters->bound == 8);
    CHECK(cluster_limiter_key(r.limiter) == "gpc");
    CHECK(cluster_limiter_label(r.limiter) == "the GPC");
}

TEST_CASE("cluster: a cluster launch holds at most 8 CTAs per SM on CC 10.x (B200-SMDOC), none capped on Hopper") {
    // B200-SMDOC measured 1,184 = 148 x 8 clusters of 1 for 64-thread CTAs, which run 32 per SM without a cluster.
    const auto b = ok(gpu("B200"), 32, 0, cl(1));
    CHECK(b.ctas_per_sm == 32);
    CHECK(b.cluster_ctas_per_sm == 8);
    CHECK(b.max_active_clusters->bound == 1184);
    CHECK(*b.max_active_clusters->typical == 1184);
    CHECK(b.limiter == ClusterLimiter::ClusterCtaCap);
    CHECK(cluster_limiter_key(b.limiter) == "cluster_cta_cap");
    CHECK(fig(b, "bound")->idle_cta_slots == 148 * 32 - 1184);  // the slots the cap leaves empty
    // CC 10.3 (B300) is assumed to share it; at or below 8 nothing changes.
    CHECK(ok(gpu("B300"), 32, 0, cl(2)).cluster_ctas_per_sm == 8);
    CHECK(ok(gpu("B200"), 4, 0, cl(1)).cluster_ctas_per_sm == 4);
    // Hopper: not measured, not capped.
    const auto h = ok(gpu("H100 SXM5"), 32, 0, cl(1));
    CHECK(h.cluster_ctas_per_sm == 32);
    CHECK(h.max_active_clusters->bound == 132 * 32);
}

TEST_CASE("cluster: waves of a grid") {
    ClusterInput in = cl(4, 2);
    in.grid = Dim3{32, 32, 1};  // 1024 CTAs = 128 clusters
    const auto r = ok(gpu("H100 SXM5"), 1, 0, in);
    REQUIRE(r.waves);
    CHECK(r.waves->grid_ctas == 1024);
    CHECK(r.waves->grid_clusters == 128);
    CHECK(*r.waves->waves_typical == 8);  // ceil(128 / 16)
    CHECK(*r.waves->waves_high == 10);    // ceil(128 / 13)
    CHECK(*r.waves->waves_low == 8);
}

TEST_CASE("cluster: unknown layout or SM count gives the bound only, or nothing GPU-wide") {
    // Since issue 28 B200, B300, GB200, GB300, H200, GH200 and H100 NVL have GPC data; Thor (20 SMs) does not.
    for (const char* name : {"B200", "B300", "GB200", "GB300", "H200", "GH200", "H100 NVL"}) {
        CAPTURE(name);
        const auto r = ok(gpu(name), 1, 0, cl(8));
        REQUIRE(r.max_active_clusters);
        CHECK(r.max_active_clusters->typical.has_value());
        CHECK_FALSE(r.gpcs.empty());
    }
    const auto thor = ok(gpu("Thor"), 1, 0, cl(8));
    REQUIRE(thor.max_active_clusters);
    CHECK_FALSE(thor.max_active_clusters->low);
    CHECK(thor.max_active_clusters->bound == 20 / 8);
    CHECK(thor.gpcs.empty());
    CHECK(thor.limiter == ClusterLimiter::LayoutNotSourced);
    CHECK(cluster_limiter_key(thor.limiter) == "layout_not_sourced");
    CHECK(thor.limiter_reason.find("layout not sourced") != std::string::npos);
    // A custom device without an SM count: nothing GPU-wide.
    Device nosm = gpu("B200").device;
    nosm.sm_count = 0;
    GpcLayout two;
    two.sms_per_tpc = 2;
    const auto none = clusters(nosm, two, 1, 0, cl(8));
    REQUIRE(none.ok());
    CHECK_FALSE(none->max_active_clusters);
    // H100 PCIe: "7 or 8 GPCs" both enter the range; no source picks one, so the typical figure is the mean of
    // the two even splits (cluster 16 at 1 CTA/SM: 7 GPCs give 1 x 18 + 6 x 16 SMs = 7, 8 GPCs 1 x 16 + 7 x 14 = 1).
    const auto p = ok(gpu("H100 PCIe"), 1, 0, cl(8));
    CHECK(*p.max_active_clusters->low <= *p.max_active_clusters->high);
    CHECK(p.max_active_clusters->bound == 114 / 8);
    const auto p16 = ok(gpu("H100 PCIe"), 1, 0, cl(16, 1, 1, true));
    CHECK(*p16.max_active_clusters->low == 1);
    CHECK(*p16.max_active_clusters->high == 7);
    CHECK(*p16.max_active_clusters->typical == 4);
    CHECK(fig(p16, "typical")->label == "mean of the even layouts");
}

TEST_CASE("cluster: from a kernel: occupancy first, DSMEM = size x the CTA's shared memory") {
    KernelInput k;
    k.threads = 256;
    k.regs = 64;
    k.smem_dynamic = 48 * 1024;
    k.optin = true;
    auto r = clusters(gpu("H100 SXM5"), k, cl(2, 2));
    REQUIRE(r.ok());
    auto occ = occupancy(gpu("H100 SXM5").device, k);
    CHECK(r->ctas_per_sm == occ->blocks_per_sm);
    CHECK(r->dsmem_per_cluster == 4 * 48 * 1024);
}

// ------------------------------------------------------------------------------------------------- bad input

TEST_CASE("cluster: every refusal names its field") {
    const GpuSpec& h = gpu("H100 SXM5");
    const GpuSpec& a = gpu("A100");
    refused(a.device, a.gpc, cl(2), ErrorId::InvalidInput, "cluster", "CC 9.0 or newer");
    refused(h.device, h.gpc, cl(0), ErrorId::InvalidInput, "cluster.x", "between 1 and 16");
    refused(h.device, h.gpc, cl(1, -2), ErrorId::InvalidInput, "cluster.y");
    refused(h.device, h.gpc, cl(1, 1, 17), ErrorId::InvalidInput, "cluster.z");
    refused(h.device, h.gpc, cl(4, 4, 2, true), ErrorId::InvalidInput, "cluster", "1 to 8");
    refused(h.device, h.gpc, cl(3, 3), ErrorId::InvalidInput, "non_portable_cluster");
    ClusterInput g = cl(4, 2);
    g.grid = Dim3{6, 2, 1};
    refused(h.device, h.gpc, g, ErrorId::InvalidInput, "grid", "multiple");
    g.grid = Dim3{0, 2, 1};
    refused(h.device, h.gpc, g, ErrorId::InvalidInput, "grid.x");
    g.grid = Dim3{kMaxInput - 3, kMaxInput - 1, 1};
    refused(h.device, h.gpc, g, ErrorId::InvalidInput, "grid", "2^53");
    GpcLayout bad = h.gpc;
    bad.max_sms_per_gpc = 16;  // 8 x 16 < 132
    refused(h.device, bad, cl(2), ErrorId::InvalidDevice, "gpc.max_sms_per_gpc");
    bad = h.gpc;
    bad.gpcs_max = 4;
    refused(h.device, bad, cl(2), ErrorId::InvalidDevice, "gpc.gpcs_max");
    auto r = clusters(h.device, h.gpc, 2000, 0, cl(2));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().field == "ctas_per_sm");
}

TEST_CASE("cluster: every database row's GPC figures hold together") {
    for (const GpuSpec& g : all_gpus()) {
        CAPTURE(g.name);
        CHECK_FALSE(validate_gpc_layout(g.gpc, g.device.sm_count).has_value());
        CHECK_FALSE(g.gpc.source.empty());
        for (const auto& e : g.gpc.evidence) {
            auto r = clusters(g.device, g.gpc, e.ctas_per_sm, 0, cl(e.cluster_size, 1, 1, e.cluster_size > 8));
            REQUIRE(r.ok());
            if (r->max_active_clusters->low) {
                CHECK(*r->max_active_clusters->low <= e.clusters);
                CHECK(e.clusters <= *r->max_active_clusters->high);
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------- tile model

namespace {

const TileFitOption* option(const std::vector<TileFitOption>& v, const std::string& key) {
    for (const auto& o : v)
        if (o.key == key) return &o;
    return nullptr;
}

}  // namespace

TEST_CASE("cluster tile: seed 002's 256x256 does not fit one H100 SM - a 2x1 cluster of 128x256 CTAs does") {
    // Seed 002: "A 256x256 tile would need 65,536 FP32 accumulators / 256 threads = 256 regs/thread - past the
    // 255-reg cap ... (or grow warps_per_cta to 16 / use a CGA cluster)".
    TileInput t;
    t.m = 256;
    t.n = 256;
    auto r = tile(gpu("H100 SXM5").device, t, &gpu("H100 SXM5"));
    REQUIRE(r.ok());
    CHECK(r->acc_regs_per_thread == 256);
    CHECK_FALSE(r->fits);
    const auto& opts = r->fit_options;
    const TileFitOption* split = option(opts, "cluster_split_m");
    REQUIRE(split != nullptr);
    CHECK(split->cta.m == 128);
    CHECK(split->cta.n == 256);
    CHECK(split->cluster.x == 2);
    CHECK(split->acc_regs_per_thread == 128);          // 128 x 256 x 4 B / 256 threads / 4 B
    CHECK(split->smem_per_cta == 3 * (128 * 64 * 2 + 256 * 64 * 2) + 3 * 16);
    CHECK(split->ctas_per_sm == 1);
    CHECK(split->fits);
    const TileFitOption* warps = option(opts, "more_warps");
    REQUIRE(warps != nullptr);
    CHECK(warps->cta.warps == 16);
    CHECK(warps->acc_regs_per_thread == 128);  // the seed's other way: 16 warps halve the accumulators per thread
    CHECK_FALSE(warps->text.empty());
    CHECK(option(opts, "cta_pair_2sm") == nullptr);  // Hopper has no tcgen05
    // A fitting tile lists no options.
    auto seed = tile(gpu("H100 SXM5").device, TileInput{}, &gpu("H100 SXM5"));
    CHECK(seed->fit_options.empty());
}

TEST_CASE("cluster tile: Blackwell's 2-SM MMA puts each SM's half of a 256x256 tile's accumulators in its TMEM") {
    TileInput t;
    t.m = 256;
    t.n = 256;
    t.mma = MmaPath::TensorMemory;
    CHECK_FALSE(tile(gpu("B200").device, t).ok());  // M = 256 is not a single-CTA tcgen05 shape
    auto opts = tile_fit_options(gpu("B200").device, t, &gpu("B200"));
    REQUIRE(opts.ok());
    const TileFitOption* pair = option(*opts, "cta_pair_2sm");
    REQUIRE(pair != nullptr);
    CHECK(pair->cta.m == 128);
    CHECK(pair->tmem_columns == 256);  // 256 f32 columns: this SM's 128 x 256 half
    CHECK(pair->smem_per_cta == 3 * (128 * 64 * 2 + 128 * 64 * 2) + 3 * 16 + 16 + 4);
    CHECK(pair->fits);
    CHECK(pair->ctas_per_sm >= 1);
    const TileFitOption* split = option(*opts, "cluster_split_m");
    REQUIRE(split != nullptr);
    CHECK(split->smem_per_cta > pair->smem_per_cta);  // the pair halves B's stage too
}

TEST_CASE("cluster tile: stages auto follows StageCountAutoCarveout") {
    const Device& h = gpu("H100 SXM5").device;
    TileInput t;  // 128x128x64 bf16
    auto a = stages_auto(h, t);
    REQUIRE(a.ok());
    // Derived: (232,448 - 0) / (32,768 + 16) = 7.
    CHECK(a->stages == 7);
    CHECK(a->capacity == 232448);
    CHECK(a->stage_bytes == 32768 + 16);
    CHECK_FALSE(a->text.empty());
    // Properties: the count fits the per-block limit; an epilogue carveout never raises it.
    for (int64_t m : {64, 128, 256})
        for (int64_t n : {64, 128, 256}) {
            TileInput v;
            v.m = m;
            v.n = n;
            v.epilogue = Epilogue::OutputTile;
            v.out = DType::BF16;
            auto s = stages_auto(h, v);
            REQUIRE(s.ok());
            TileInput w = v;
            w.epilogue = Epilogue::None;
            w.out.reset();
            CHECK(s->stages <= stages_auto(h, w)->stages);
            if (s->stages < 1) continue;
            v.stages = s->stages;
            auto r = tile(h, v);
            REQUIRE(r.ok());
            CHECK(r->smem_per_cta <= r->smem_limit);
        }
}

TEST_CASE("cluster tile: a tile's cluster counts resident clusters and the grid of whole clusters") {
    TileInput t;  // seed tile: 2 CTAs per SM on H100
    t.problem = ProblemSize{8192, 8192, 8192};
    ClusterInput ci;
    ci.dims = {2, 1, 1};
    t.cluster = ci;
    auto r = tile(gpu("H100 SXM5").device, t, &gpu("H100 SXM5"));
    REQUIRE(r.ok());
    REQUIRE(r->cluster);
    CHECK(r->ctas_per_sm == 2);
    CHECK(r->cluster->max_active_clusters->bound == 132);
    CHECK(*r->cluster->max_active_clusters->typical == 132);
    REQUIRE(r->cluster->waves);
    CHECK(r->cluster->waves->grid_clusters == 64 * 64 / 2);
    CHECK(*r->cluster->waves->waves_typical == 16);  // ceil(2048 / 132)
    CHECK(r->cluster->dsmem_per_cluster == 2 * r->smem_per_cta);
    // Not before CC 9.0; not with z > 1.
    auto a = tile(gpu("A100").device, t, &gpu("A100"));
    REQUIRE_FALSE(a.ok());
    CHECK(a.error().field == "cluster");
    t.cluster->dims = {2, 1, 2};
    auto z = tile(gpu("H100 SXM5").device, t, &gpu("H100 SXM5"));
    REQUIRE_FALSE(z.ok());
    CHECK(z.error().field == "cluster.z");
    // A grid padded to whole clusters: 8200 / 128 = 65 tiles along M, cluster 2 -> 66.
    t.cluster->dims = {2, 1, 1};
    t.problem = ProblemSize{8200, 8192, 64};
    auto p = tile(gpu("H100 SXM5").device, t, &gpu("H100 SXM5"));
    REQUIRE(p.ok());
    CHECK(p->cluster->waves->grid.x == 66);
}

TEST_CASE("cluster tile: tiles searches cluster shapes and auto stages, each candidate counted once") {
    const GpuSpec& h = gpu("H100 SXM5");
    TileSearch s;
    s.ms = {64, 128, 256};
    s.ns = {128, 256};
    s.ks = {64};
    s.warps = {8};
    s.clusters = {Dim3{1, 1, 1}, Dim3{2, 1, 1}};
    s.gpc = h.gpc;
    auto r = tiles_that_fit(h.device, s);
    REQUIRE(r.ok());
    const int64_t n = 3 * 2 * 1 * static_cast<int64_t>(s.stages.size()) * 1 * 2;
    CHECK(r->candidates == n);
    CHECK(r->refused + r->spills + r->smem_over + r->tmem_over + r->no_cta + static_cast<int64_t>(r->fits.size()) == n);
    CHECK_FALSE(r->ranking.empty());
    bool saw_cluster = false;
    for (const TileFit& f : r->fits) {
        REQUIRE(f.ctas_resident);
        if (f.cluster.x == 2) {
            saw_cluster = true;
            CHECK(*f.clusters_low <= *f.clusters_typical);
            CHECK(*f.clusters_typical <= *f.clusters_high);
        }
    }
    CHECK(saw_cluster);
    s.stages_auto = true;
    auto a = tiles_that_fit(h.device, s);
    REQUIRE(a.ok());
    CHECK(a->candidates == 3 * 2 * 1 * 1 * 2);
    for (const TileFit& f : a->fits) {
        TileInput t;
        t.m = f.m;
        t.n = f.n;
        t.k = f.k;
        t.warps = f.warps;
        CHECK(f.stages == stages_auto(h.device, t)->stages);
    }
    // Cluster shapes are refused like cluster inputs: before CC 9.0, or 16 without the attribute.
    s.clusters = {Dim3{4, 4, 1}};
    auto bad = tiles_that_fit(h.device, s);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().field == "non_portable_cluster");
    TileSearch on_ampere;
    on_ampere.clusters = {Dim3{2, 1, 1}};
    auto old = tiles_that_fit(gpu("A100").device, on_ampere);
    REQUIRE_FALSE(old.ok());
    CHECK(old.error().field == "cluster");
}

// ------------------------------------------------------------------------------------------------- random

TEST_CASE("cluster: the fuzz decoders' inputs keep every invariant (check_clusters, seeded PRNG)") {
    // The same decoders and checks as tests/fuzz/fuzz_occupancy.cpp, fed with PRNG bytes.
    int answered = 0, refused_count = 0;
    for_prng_bytes<128>(17, 4000, [&](fuzz::Bytes& b, int i) {
        Device d = fuzz::device(b);
        if (i % 2 == 0) {  // half the inputs on a catalogued CC 9.0+ part, where clusters exist
            static const char* kParts[] = {"H100 SXM5", "H100 PCIe", "H200", "B200", "RTX 5090", "RTX PRO 6000", "GB10"};
            d = gpu(kParts[static_cast<std::size_t>(i / 2) % std::size(kParts)]).device;
        }
        const KernelInput k = fuzz::kernel(b);
        const ClusterInput ci = fuzz::cluster_input(b);
        const GpcLayout g = fuzz::gpc_layout(b, d);
        auto r = clusters(d, g, k, ci);
        if (!r) {
            ++refused_count;
            CHECK_FALSE(r.error().message.empty());
            CHECK(error_id_string(r.error().id) != "unknown");
            return;
        }
        ++answered;
        auto occ = occupancy(d, k, Detail::Numbers);
        REQUIRE(occ.ok());
        const std::string problem = fuzz::check_clusters(d, ci, *r, occ->blocks_per_sm);
        CHECK_MESSAGE(problem.empty(), problem);
    });
    CHECK(answered > 150);
    CHECK(refused_count > 300);
}

TEST_CASE("cluster: next steps name a smaller cluster that keeps more CTAs resident, and the GPC limit") {
    const GpuSpec& h = gpu("H100 SXM5");
    // H100 SXM5, cluster 4x2x1 at 1 CTA/SM: 16 clusters = 128 CTAs in the even layout; 2x2x1 and 4x1x1 give
    // 32 x 4 = 128 (no gain); the GPC strands 4 slots: the GPC limit is said.
    auto s8 = cluster_next_steps(h.device, h.gpc, 1, 0, cl(4, 2));
    REQUIRE(s8.ok());
    REQUIRE(s8->size() == 1);
    CHECK(s8->back().key == "gpc_limit");
    CHECK(s8->back().text.find("the GPC, not the SM") != std::string::npos);
    // Cluster 2 on H100 SXM5: every slot used, nothing to say.
    CHECK(cluster_next_steps(h.device, h.gpc, 1, 0, cl(2))->empty());
    // A part of 4 GPCs x 12 SMs: clusters of 8 hold 4 x 8 = 32 CTAs, clusters of 4 hold 4 x 12 = 48.
    const auto [d, g] = hopper_part(48, 4, 4, 12);
    auto s = cluster_next_steps(d, g, 1, 0, cl(8));
    REQUIRE(s.ok());
    REQUIRE(s->size() == 2);
    CHECK((*s)[0].key == "smaller_cluster");
    CHECK((*s)[0].dims.x == 4);
    CHECK((*s)[0].clusters == 12);
    CHECK((*s)[0].ctas == 48);
    CHECK((*s)[0].ctas_now == 32);
    CHECK((*s)[1].key == "gpc_limit");
    // Errors are clusters()'s.
    auto bad = cluster_next_steps(d, g, 1, 0, cl(0));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().field == "cluster.x");
}

TEST_CASE("cluster tile: the fuzz decoders' tiles with clusters keep every invariant (seeded PRNG)") {
    int with_cluster = 0, with_options = 0;
    for_prng_bytes<160>(1717, 3000, [&](fuzz::Bytes& b, int i) {
        const GpuSpec& g = all_gpus()[static_cast<std::size_t>(i) % all_gpus().size()];
        TileInput t = fuzz::tile_input(b);
        if (i % 2 == 0) t.cluster = fuzz::cluster_input(b);
        auto r = tile(g.device, t, &g);
        if (!r) {
            CHECK_FALSE(r.error().message.empty());
            return;
        }
        const std::string problem = fuzz::check_tile(g.device, *r);
        CHECK_MESSAGE(problem.empty(), problem);
        if (r->cluster) {
            ++with_cluster;
            const std::string cp = fuzz::check_clusters(g.device, *t.cluster, *r->cluster, r->ctas_per_sm);
            CHECK_MESSAGE(cp.empty(), cp);
        }
        if (r->fits) CHECK(r->fit_options.empty());
        for (const TileFitOption& o : r->fit_options) {
            ++with_options;
            CHECK_FALSE(o.text.empty());
            if (o.fits) CHECK(o.ctas_per_sm >= 1);
        }
    });
    CHECK(with_cluster > 5);
    CHECK(with_options > 20);
}
