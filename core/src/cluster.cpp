// cluster.cpp - thread block clusters: resident clusters GPU-wide as a range over GPC layouts.
//
// [SECTION] limits    which CCs run clusters, the non-portable limit per CC where a product does not say
// [SECTION] checks    input ranges and the GPC layout (errors name the JSON field and the allowed range)
// [SECTION] range     fewest / even / most clusters over every split of the SMs into GPCs (dynamic programme)
// [SECTION] answer    clusters(): figures, limiter, per-GPC fill, waves, derivation
//
// Every rule and figure is sourced in docs/clusters.md (keys in capitals). Checked 64-bit arithmetic: SMs are
// at most 2^20 (validate_device), CTAs per SM at most 1024 here, GPCs at most 32 of at most 64 SMs.
#include "smcalc/cluster.hpp"
#include "smcalc/format.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

#include "small_sort.hpp"

namespace smcalc {

std::string dims_text(const Dim3& d) {
    return std::to_string(d.x) + "x" + std::to_string(d.y) + "x" + std::to_string(d.z);
}

std::optional<std::array<int64_t, 3>> split_dims(std::string_view text) {
    std::array<int64_t, 3> out = {1, 1, 1};
    std::size_t part = 0, i = 0;
    auto skip = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    while (true) {
        skip();
        if (part >= 3) return std::nullopt;
        int64_t v = 0;
        auto r = std::from_chars(text.data() + i, text.data() + text.size(), v);
        if (r.ec == std::errc::result_out_of_range) v = v < 0 ? -kMaxInput - 1 : kMaxInput + 1;  // out of every range
        else if (r.ec != std::errc{}) return std::nullopt;
        out[part++] = v;
        i = static_cast<std::size_t>(r.ptr - text.data());
        skip();
        if (i == text.size()) return out;
        if (text[i] != 'x' && text[i] != 'X' && text[i] != '*') return std::nullopt;
        ++i;
    }
}

namespace {

// ============================================================================================ [SECTION] limits

bool has_clusters(ComputeCapability cc) { return cc.major >= 9; }  // PG13-CL: CC 9.0 and newer

struct CcClusterLimit {
    ComputeCapability cc;
    int64_t max_size;         // with the non-portable attribute
    std::string_view source;
};
// Where a product row has no limit of its own: what is sourced per CC. CC 10.3 and 12.0 are not sourced.
constexpr CcClusterLimit kCcLimits[] = {
    {{9, 0}, 16, "PG13-CL (H100: 16 with cudaFuncAttributeNonPortableClusterSizeAllowed)"},
    {{10, 0}, 16, "BTG-CL (B200 allows a non-portable cluster size of 16)"},
    {{11, 0}, 8, "JAX33720 (Jetson Thor: the non-portable maximum is 8)"},
    {{12, 1}, 8, "GB10-THESIS (GB10: cluster size 8 is a hard limit)"},
};

struct Limit {
    int64_t max_size = kMaxClusterSize;
    bool confirmed = false;
    std::string source;
};

// A cluster launch's CTAs per SM, whatever the per-SM occupancy allows. Inferred from measurements: on a B200,
// cudaOccupancyMaxActiveClusters gives 1,184 = 148 x 8 clusters of 1 CTA for 64-, 128- and 256-thread CTAs (32,
// 16 and 8 per SM without a cluster), 592 = 148 x 4 at 512 threads (B200-SMDOC). CC 10.3 is assumed to share it
// (the issue reports B300 figures for 32 CTAs/SM at a quarter of the uncapped rule). Hopper: not measured, no cap.
struct CcCtaCap {
    ComputeCapability cc;
    int64_t cap;  // CTAs per SM under a cluster launch
    std::string_view source;
};
constexpr CcCtaCap kCcCtaCaps[] = {
    {{10, 0}, 8, "B200-SMDOC (measured on B200: 1,184 = 148 x 8 clusters of 1 for 64- and 128-thread CTAs)"},
    {{10, 3}, 8, "assumed as CC 10.0 (B200-SMDOC): the Blackwell Ultra runs the B200's cluster hardware; not measured"},
};

const CcCtaCap* cta_cap(ComputeCapability cc) {
    for (const auto& c : kCcCtaCaps)
        if (c.cc == cc) return &c;
    return nullptr;
}

Limit part_limit(ComputeCapability cc, const GpcLayout& gpc) {
    if (gpc.max_cluster_size > 0) return {gpc.max_cluster_size, true, std::string(gpc.source)};
    for (const auto& l : kCcLimits)
        if (l.cc == cc) return {l.max_size, true, std::string(l.source)};
    return {kMaxClusterSize, false, "not sourced for CC " + cc_text(cc)};
}

// ============================================================================================ [SECTION] checks

std::optional<Error> out_of_range(ErrorId id, const std::string& field, int64_t v, int64_t lo, int64_t hi,
                                  const std::string& what) {
    if (v >= lo && v <= hi) return std::nullopt;
    return Error{id, field,
                 field + " is " + std::to_string(v) + "; it must be between " + std::to_string(lo) + " and " +
                     std::to_string(hi) + " " + what};
}

int64_t ceil_div(int64_t a, int64_t d) { return a / d + (a % d != 0 ? 1 : 0); }  // a >= 0, d > 0

// ============================================================================================ [SECTION] range

// Clusters one GPC of `sms` SMs holds at `ctas_per_sm` (already capped). Each CTA of a cluster runs on its own SM:
// the programming guide says hardware or MIG configurations with fewer than 8 SMs reduce the maximum cluster size
// (PG13-CL), and the B200 sweep's 87 clusters of 12 and 66 of 16 at 8 CTAs/SM are reproduced only if a group of
// 10 SMs holds none of them (B200-SMDOC; inferred from measurements). A GPC of at least `size` SMs reaches
// floor(sms x c / size) by placing cluster j on SMs j x size .. j x size + size - 1 (mod sms): at most c per SM.
int64_t per_gpc(int64_t sms, int64_t ctas_per_sm, int64_t size) { return sms < size ? 0 : sms * ctas_per_sm / size; }

// SMs of a GPC left without a CTA when its resident clusters' CTAs fill its SMs densely.
int64_t idle_in_gpc(int64_t sms, int64_t ctas, int64_t ctas_per_sm) {
    if (ctas_per_sm <= 0) return sms;
    return sms - std::min(sms, ceil_div(ctas, ctas_per_sm));
}

struct Extreme {
    int64_t clusters = 0;
    std::vector<int64_t> layout;  // SMs per GPC, descending
};

enum class TypicalFrom : uint8_t { EvenSplit, MeanOfEvenSplits, Measured };

struct RangeFull {
    Extreme low, typical, high;
    TypicalFrom typical_from = TypicalFrom::EvenSplit;
    std::vector<int64_t> even_counts;  // the GPC counts whose even splits were averaged
};

// Clusters resident on GPCs of these SM counts.
int64_t clusters_of(const std::vector<int64_t>& layout, int64_t ctas_per_sm, int64_t size) {
    int64_t c = 0;
    for (int64_t s : layout) c += per_gpc(s, ctas_per_sm, size);
    return c;
}

// range_full's typical figure: the groups inferred from measurements (GpcLayout::measured_groups) where they hold
// every SM, widening the range if they fall outside it; else the even split. false: no even split fits.
bool set_typical(RangeFull& r, const GpcLayout& gpc, int64_t sms, int64_t ctas_per_sm, int64_t size) {
    const int64_t u = std::max<int64_t>(1, gpc.sms_per_tpc);
    const int64_t n = sms / u, cap = gpc.max_sms_per_gpc / u;
    int64_t measured_sms = 0;
    for (int64_t s : gpc.measured_groups) measured_sms += s;
    if (!gpc.measured_groups.empty() && measured_sms == sms) {
        r.typical.layout.assign(gpc.measured_groups.begin(), gpc.measured_groups.end());
        detail::small_stable_sort(r.typical.layout.begin(), r.typical.layout.end(),
                                  [](int64_t x, int64_t y) { return x > y; });
        r.typical.clusters = clusters_of(r.typical.layout, ctas_per_sm, size);
        r.typical_from = TypicalFrom::Measured;
        if (r.typical.clusters < r.low.clusters) r.low = r.typical;
        if (r.typical.clusters > r.high.clusters) r.high = r.typical;
        return true;
    }
    // Even split (TPCs spread as evenly as they go; never an empty GPC) over each GPC count the sources allow.
    // One count: that split. Several ("7 or 8 GPCs"): no source picks one, so the typical figure is the mean of
    // their even splits (rounded down), and the picture shows the split over the most GPCs.
    int64_t total = 0, counts = 0;
    for (int64_t g = std::max<int64_t>(1, gpc.gpcs_min); g <= std::min(gpc.gpcs_max, n); ++g) {
        std::vector<int64_t> layout;
        const int64_t q = n / g, rem = n % g;
        if (q + (rem > 0 ? 1 : 0) > cap) continue;  // this many GPCs cannot hold the TPCs
        for (int64_t i = 0; i < g; ++i) layout.push_back((q + (i < rem ? 1 : 0)) * u);
        total += clusters_of(layout, ctas_per_sm, size);
        ++counts;
        r.typical.layout = std::move(layout);
        r.even_counts.push_back(g);
    }
    if (counts == 0) return false;
    r.typical.clusters = total / counts;
    r.typical_from = counts > 1 ? TypicalFrom::MeanOfEvenSplits : TypicalFrom::EvenSplit;
    return true;
}

// Every split of `sms` SMs into g GPCs (gpcs_min <= g <= gpcs_max), each GPC 1..max_sms_per_gpc SMs in whole
// TPCs: the fewest and most clusters, and the even split. nullopt where the layout is unknown or infeasible.
std::optional<RangeFull> range_full(const GpcLayout& gpc, int64_t sms, int64_t ctas_per_sm, int64_t size) {
    const int64_t u = std::max<int64_t>(1, gpc.sms_per_tpc);
    if (gpc.gpcs_min < 1 || gpc.gpcs_max < gpc.gpcs_min || gpc.max_sms_per_gpc < u || sms < 1 || sms % u != 0)
        return std::nullopt;
    if (gpc.gpcs_max > kMaxGpcs || gpc.max_sms_per_gpc > kMaxSmsPerGpc || size < 1) return std::nullopt;
    const int64_t n = sms / u;                  // TPCs to place
    const int64_t cap = gpc.max_sms_per_gpc / u;  // TPCs one GPC holds at most
    const int64_t gmax = gpc.gpcs_max;
    if (n < gpc.gpcs_min || n > gmax * cap) return std::nullopt;

    // lo[g][t], hi[g][t]: fewest / most clusters with g GPCs holding t TPCs; pick: the last GPC's TPCs.
    constexpr int64_t kUnset = -1;
    const std::size_t width = static_cast<std::size_t>(n + 1);
    std::vector<int64_t> lo((static_cast<std::size_t>(gmax) + 1) * width, kUnset);
    std::vector<int64_t> hi(lo.size(), kUnset);
    std::vector<int16_t> lo_pick(lo.size(), 0), hi_pick(lo.size(), 0);
    auto at = [&](int64_t g, int64_t t) { return static_cast<std::size_t>(g) * width + static_cast<std::size_t>(t); };
    lo[at(0, 0)] = hi[at(0, 0)] = 0;
    for (int64_t g = 1; g <= gmax; ++g)
        for (int64_t t = g; t <= std::min(n, g * cap); ++t)
            for (int64_t p = 1; p <= std::min(cap, t - (g - 1)); ++p) {
                const std::size_t prev = at(g - 1, t - p);
                if (lo[prev] == kUnset) continue;
                const int64_t f = per_gpc(p * u, ctas_per_sm, size);
                const std::size_t cur = at(g, t);
                if (lo[cur] == kUnset || lo[prev] + f < lo[cur]) {
                    lo[cur] = lo[prev] + f;
                    lo_pick[cur] = static_cast<int16_t>(p);
                }
                if (hi[cur] == kUnset || hi[prev] + f > hi[cur]) {
                    hi[cur] = hi[prev] + f;
                    hi_pick[cur] = static_cast<int16_t>(p);
                }
            }
    RangeFull r;
    int64_t lo_g = 0, hi_g = 0;
    bool any = false;
    for (int64_t g = gpc.gpcs_min; g <= gmax; ++g) {
        const std::size_t cur = at(g, n);
        if (lo[cur] == kUnset) continue;
        if (!any || lo[cur] < r.low.clusters) {
            r.low.clusters = lo[cur];
            lo_g = g;
        }
        if (!any || hi[cur] > r.high.clusters) {
            r.high.clusters = hi[cur];
            hi_g = g;
        }
        any = true;
    }
    if (!any) return std::nullopt;
    auto unwind = [&](const std::vector<int16_t>& pick, int64_t g) {
        std::vector<int64_t> layout;
        for (int64_t t = n; g > 0; --g) {
            const int64_t p = pick[at(g, t)];
            layout.push_back(p * u);
            t -= p;
        }
        detail::small_stable_sort(layout.begin(), layout.end(), [](int64_t x, int64_t y) { return x > y; });
        return layout;
    };
    r.low.layout = unwind(lo_pick, lo_g);
    r.high.layout = unwind(hi_pick, hi_g);
    if (!set_typical(r, gpc, sms, ctas_per_sm, size)) return std::nullopt;
    return r;
}

// "2 x 18 + 6 x 16 SMs" for a descending layout.
std::string layout_text(const std::vector<int64_t>& layout) {
    std::string s;
    for (std::size_t i = 0; i < layout.size();) {
        std::size_t j = i;
        while (j < layout.size() && layout[j] == layout[i]) ++j;
        if (!s.empty()) s += " + ";
        s += std::to_string(j - i) + " x " + std::to_string(layout[i]);
        i = j;
    }
    return s + " SMs";
}

// "2 x floor(18 x 1 / 8) + 6 x floor(16 x 1 / 8) = 2 x 2 + 6 x 2 = 16"
std::string layout_arith(const std::vector<int64_t>& layout, int64_t c, int64_t k) {
    std::string a, b;
    int64_t total = 0;
    for (std::size_t i = 0; i < layout.size();) {
        std::size_t j = i;
        while (j < layout.size() && layout[j] == layout[i]) ++j;
        const int64_t each = per_gpc(layout[i], c, k);
        if (!a.empty()) {
            a += " + ";
            b += " + ";
        }
        a += std::to_string(j - i) + " x floor(" + std::to_string(layout[i]) + " x " + std::to_string(c) + " / " +
             std::to_string(k) + ")";
        b += std::to_string(j - i) + " x " + std::to_string(each);
        total += static_cast<int64_t>(j - i) * each;
        i = j;
    }
    return a + " = " + b + " = " + grouped(total);
}

bool fig_key_is(const MaxActiveClusters& m, const std::string& key, const std::string& label) {
    for (const auto& f : m.figures)
        if (f.key == key) return f.label == label;
    return false;
}

int64_t layout_idle(const std::vector<int64_t>& layout, int64_t c, int64_t k) {
    int64_t idle = 0;
    for (int64_t s : layout) idle += idle_in_gpc(s, per_gpc(s, c, k) * k, c);
    return idle;
}

}  // namespace

// ============================================================================================ public

std::string_view cluster_basis_key(ClusterBasis b) {
    switch (b) {
        case ClusterBasis::Exact: return "exact";
        case ClusterBasis::Estimate: return "estimate";
        case ClusterBasis::Range: return "range";
    }
    return "estimate";
}

// Each limiter's JSON key and its words in text answers; the first is the fallback.
struct LimiterNames {
    ClusterLimiter limiter;
    std::string_view key, label;
};
constexpr LimiterNames kLimiterNames[] = {
    {ClusterLimiter::PerSmOccupancy, "per_sm_occupancy", "per-SM occupancy"},
    {ClusterLimiter::Gpc, "gpc", "the GPC"},
    {ClusterLimiter::LayoutNotSourced, "layout_not_sourced", "layout not sourced"},
    {ClusterLimiter::ClusterCtaCap, "cluster_cta_cap", "the cluster launch's CTAs per SM"},
};
const LimiterNames& limiter_names(ClusterLimiter l) {
    for (const LimiterNames& n : kLimiterNames)
        if (n.limiter == l) return n;
    return kLimiterNames[0];
}

std::string_view cluster_limiter_key(ClusterLimiter l) { return limiter_names(l).key; }
std::string_view cluster_limiter_label(ClusterLimiter l) { return limiter_names(l).label; }

std::optional<Error> validate_gpc_layout(const GpcLayout& g, int64_t sm_count) {
    const ErrorId bad = ErrorId::InvalidDevice;
    if (auto e = out_of_range(bad, "gpc.gpcs_min", g.gpcs_min, 0, kMaxGpcs, "GPCs (0 = unknown)")) return e;
    if (auto e = out_of_range(bad, "gpc.gpcs_max", g.gpcs_max, g.gpcs_min == 0 ? 0 : g.gpcs_min, kMaxGpcs,
                              g.gpcs_min == 0 ? "GPCs (0 = unknown)" : "GPCs (at least gpc.gpcs_min)"))
        return e;
    if (g.gpcs_min == 0 && g.gpcs_max != 0)
        return Error{bad, "gpc.gpcs_min", "gpc.gpcs_min is 0 (unknown) but gpc.gpcs_max is " +
                                              std::to_string(g.gpcs_max) + "; give both or neither"};
    if (auto e = out_of_range(bad, "gpc.sms_per_tpc", g.sms_per_tpc, 1, 2, "SMs per TPC")) return e;
    if (auto e = out_of_range(bad, "gpc.max_sms_per_gpc", g.max_sms_per_gpc, 0, kMaxSmsPerGpc, "SMs (0 = unknown)"))
        return e;
    if (g.max_sms_per_gpc % g.sms_per_tpc != 0)
        return Error{bad, "gpc.max_sms_per_gpc",
                     "gpc.max_sms_per_gpc is " + std::to_string(g.max_sms_per_gpc) + "; it must be a multiple of " +
                         "gpc.sms_per_tpc (" + std::to_string(g.sms_per_tpc) + ")"};
    if (auto e = out_of_range(bad, "gpc.heuristic_sms_per_gpc", g.heuristic_sms_per_gpc, 0, kMaxSmsPerGpc,
                              "SMs (0 = none)"))
        return e;
    if (g.max_cluster_size != 0 &&
        (g.max_cluster_size < kMaxPortableClusterSize || g.max_cluster_size > kMaxClusterSize))
        return Error{bad, "gpc.max_cluster_size",
                     "gpc.max_cluster_size is " + std::to_string(g.max_cluster_size) + "; it must be 0 (unknown) or " +
                         "between 8 and 16 CTAs"};
    if (sm_count > 0) {
        if (sm_count % g.sms_per_tpc != 0)
            return Error{bad, "gpc.sms_per_tpc",
                         "device.sm_count is " + std::to_string(sm_count) + ", not a whole number of " +
                             std::to_string(g.sms_per_tpc) + "-SM TPCs; set gpc.sms_per_tpc to 1"};
        if (g.gpcs_max > 0 && g.max_sms_per_gpc > 0 && sm_count > g.gpcs_max * g.max_sms_per_gpc)
            return Error{bad, "gpc.max_sms_per_gpc",
                         "device.sm_count is " + std::to_string(sm_count) + ", more than gpc.gpcs_max x " +
                             "gpc.max_sms_per_gpc = " + std::to_string(g.gpcs_max) + " x " +
                             std::to_string(g.max_sms_per_gpc) + " SMs can hold"};
        if (g.gpcs_min > 0 && sm_count < g.gpcs_min * g.sms_per_tpc)
            return Error{bad, "gpc.gpcs_min",
                         "device.sm_count is " + std::to_string(sm_count) + ", fewer than one TPC for each of " +
                             "gpc.gpcs_min = " + std::to_string(g.gpcs_min) + " GPCs"};
    }
    return std::nullopt;
}

std::optional<Error> validate_cluster(ComputeCapability cc, const GpcLayout& gpc, const ClusterInput& in) {
    if (!has_clusters(cc))
        // InvalidInput, not Unsupported: a cluster on such a part is a wrong request (CLI exit 2, docs/bad-inputs.md).
        return Error{ErrorId::InvalidInput, "cluster",
                     "cluster is " + dims_text(in.dims) + ", but CC " + cc_text(cc) +
                         " has no thread block clusters: they need CC 9.0 or newer (Hopper, Blackwell); "
                         "launch without a cluster"};
    const std::pair<const char*, int64_t> dims[] = {
        {"cluster.x", in.dims.x}, {"cluster.y", in.dims.y}, {"cluster.z", in.dims.z}};
    for (auto [field, v] : dims)
        if (auto e = out_of_range(ErrorId::InvalidInput, field, v, 1, kMaxClusterSize, "CTAs"))
            return e;
    const int64_t size = in.dims.x * in.dims.y * in.dims.z;  // each <= 16: no overflow
    const Limit lim = part_limit(cc, gpc);
    if (size > kMaxClusterSize)
        return Error{ErrorId::InvalidInput, "cluster",
                     "cluster is " + dims_text(in.dims) + " = " + std::to_string(size) +
                         " CTAs; a cluster holds 1 to 8 CTAs (portable), up to 16 with non_portable_cluster "
                         "(--non-portable-cluster) on parts that allow it"};
    if (size > lim.max_size)
        return Error{ErrorId::InvalidInput, "cluster",
                     "cluster is " + dims_text(in.dims) + " = " + std::to_string(size) + " CTAs; this part (CC " +
                         cc_text(cc) + ") runs at most " + std::to_string(lim.max_size) +
                         " CTAs per cluster even with non_portable_cluster (" + lim.source + ")"};
    if (size > kMaxPortableClusterSize && !in.non_portable)
        return Error{ErrorId::InvalidInput, "non_portable_cluster",
                     "cluster is " + dims_text(in.dims) + " = " + std::to_string(size) +
                         " CTAs; sizes 9 to " + std::to_string(lim.max_size) +
                         " need non_portable_cluster (CLI --non-portable-cluster; "
                         "cudaFuncAttributeNonPortableClusterSizeAllowed); without it the size must be 1 to 8"};
    if (in.grid) {
        const std::pair<const char*, int64_t> g[] = {{"grid.x", in.grid->x}, {"grid.y", in.grid->y}, {"grid.z", in.grid->z}};
        const int64_t cd[] = {in.dims.x, in.dims.y, in.dims.z};
        for (std::size_t i = 0; i < 3; ++i) {
            if (auto e = out_of_range(ErrorId::InvalidInput, g[i].first, g[i].second, 1, kMaxInput, "CTAs")) return e;
            if (g[i].second % cd[i] != 0)
                return Error{ErrorId::InvalidInput, "grid",
                             std::string(g[i].first) + " is " + grouped(g[i].second) + ", not a multiple of the cluster's " +
                                 std::string(1, "xyz"[i]) + " (" + std::to_string(cd[i]) +
                                 "): a grid must be a whole number of clusters in every dimension"};
        }
        const int64_t xy = in.grid->x > kMaxInput / in.grid->y ? kMaxInput + 1 : in.grid->x * in.grid->y;
        if (xy > kMaxInput || in.grid->z > kMaxInput / xy)
            return Error{ErrorId::InvalidInput, "grid",
                         "grid is " + grouped(in.grid->x) + " x " + grouped(in.grid->y) + " x " + grouped(in.grid->z) +
                             " CTAs, beyond 2^53; use a smaller grid"};
    }
    return std::nullopt;
}

std::optional<ClusterRange> cluster_range(const GpcLayout& gpc, int64_t sms, int64_t ctas_per_sm, int64_t cluster_size) {
    if (ctas_per_sm < 0 || ctas_per_sm > 1024 || cluster_size < 1) return std::nullopt;
    auto r = range_full(gpc, sms, ctas_per_sm, cluster_size);
    if (!r) return std::nullopt;
    return ClusterRange{r->low.clusters, r->typical.clusters, r->high.clusters, r->typical.layout};
}

int64_t cutlass_grid_ctas(int64_t sms, int64_t sms_per_gpc, int64_t cluster_size) {
    if (sms <= 0 || sms_per_gpc <= 0 || cluster_size <= 0) return 0;
    // Whole GPCs of sms_per_gpc SMs, each rounded down to whole clusters, then the remainder as one more GPC
    // rounded down likewise; never more than one CTA per SM (CUTLASS1921, CUTLASS-TSP).
    const int64_t whole = sms < sms_per_gpc ? 1 : sms / sms_per_gpc;
    int64_t ctas = whole * (sms_per_gpc - sms_per_gpc % cluster_size);
    const int64_t rest = sms < sms_per_gpc ? 0 : sms % sms_per_gpc;
    ctas += rest - rest % cluster_size;
    return std::min(ctas, sms);
}

namespace {

// clusters()'s steps share the launch: k CTAs per cluster on S SMs, c CTAs per SM a cluster launch uses (the per-SM
// occupancy's ctas_per_sm, capped where the CC caps it).
struct ClusterLaunch {
    const Device& dev;
    const GpcLayout& gpc;
    int64_t k, S, c, ctas_per_sm;
    bool capped;

    // One figure of resident clusters, with the CTA slots it leaves idle against the launch without a cluster.
    ClusterFigure figure(std::string key, std::string label, int64_t clusters, std::optional<int64_t> idle,
                         ClusterBasis basis, std::string text, std::string source) const {
        ClusterFigure f;
        f.key = std::move(key);
        f.label = std::move(label);
        f.clusters = clusters;
        f.ctas = clusters * k;
        f.idle_cta_slots = std::max<int64_t>(0, S * ctas_per_sm - f.ctas);
        f.idle_sms = idle;
        f.basis = basis;
        f.basis_text = std::move(text);
        f.source = std::move(source);
        return f;
    }
};

// The derivation's first lines: the cluster, its CTAs per SM (capped or not), its distributed shared memory; notes
// on the non-portable attribute.
[[gnu::always_inline]] inline void cluster_head(const ClusterLaunch& L, const ClusterInput& in, const Limit& lim,
                                                const CcCtaCap* cap, ClusterResult& r) {
    auto& D = r.derivation;
    auto& N = r.notes;
    const int64_t k = L.k, c = L.c, ctas_per_sm = L.ctas_per_sm;
    D.push_back("cluster " + dims_text(in.dims) + " = " + std::to_string(k) + " CTAs, co-scheduled on one GPC (PG13-CL)");
    if (L.capped) {
        D.push_back("CTAs per SM: " + std::to_string(ctas_per_sm) + " by the per-SM occupancy, but a cluster launch on CC " +
                    cc_text(L.dev.cc) + " holds at most " + std::to_string(c) + " per SM: " + std::to_string(c) + " (" +
                    std::string(cap->source) + "; inferred from measurements)");
        N.push_back("A cluster launch on CC " + cc_text(L.dev.cc) + " holds at most " + std::to_string(c) +
                    " CTAs per SM (inferred from B200 measurements), fewer than the " + std::to_string(ctas_per_sm) +
                    " the per-SM occupancy allows without a cluster.");
    } else {
        D.push_back("CTAs per SM: " + std::to_string(c) + " (the per-SM occupancy; clusters do not change it)");
    }
    D.push_back("each CTA of a cluster on its own SM: a GPC of fewer SMs than the cluster's CTAs holds none (PG13-CL)");
    D.push_back("distributed shared memory per cluster: " + std::to_string(k) + " x " + grouped(r.smem_per_cta) + " B = " +
                grouped(r.dsmem_per_cluster) + " B (every CTA of the cluster can address the others' shared memory)");
    if (in.non_portable && !lim.confirmed)
        N.push_back("The non-portable cluster limit of CC " + cc_text(L.dev.cc) +
                    " is not sourced: 16 is assumed; cudaOccupancyMaxPotentialClusterSize on the device tells.");
    if (in.non_portable && k <= kMaxPortableClusterSize)
        N.push_back("non_portable_cluster is set, but a cluster of " + std::to_string(k) +
                    " CTAs is portable: the attribute changes nothing here.");
}

// A grid's CTAs and whole clusters (the waves are filled in where resident clusters are known).
[[gnu::always_inline]] inline ClusterWaves cluster_grid(const Dim3& grid, int64_t k) {
    ClusterWaves w;
    w.grid = grid;
    w.grid_ctas = grid.x * grid.y * grid.z;  // checked <= 2^53
    w.grid_clusters = w.grid_ctas / k;
    return w;
}

// The typical figure's label, text and source, and its derivation line, by where the typical layout comes from.
struct TypicalText {
    std::string label = "even GPC layout", text, source;
};
[[gnu::always_inline]] inline TypicalText typical_text(const ClusterLaunch& L, const RangeFull& rf,
                                                       std::vector<std::string>& D) {
    const int64_t c = L.c, k = L.k;
    TypicalText t;
    t.source = std::string(L.gpc.source);
    switch (rf.typical_from) {
        case TypicalFrom::Measured:
            t.label = "GPC groups inferred from measurements";
            t.source = std::string(L.gpc.measured_groups_source);
            t.text = "the groups of SMs that public cudaOccupancyMaxActiveClusters measurements fit: " +
                     layout_text(rf.typical.layout) + " (" + t.source + "; dies may differ)";
            D.push_back("typical (groups inferred from measurements): " + layout_text(rf.typical.layout) + ": " +
                        layout_arith(rf.typical.layout, c, k));
            break;
        case TypicalFrom::MeanOfEvenSplits: {
            std::string gs;
            for (int64_t g : rf.even_counts) gs += (gs.empty() ? "" : " or ") + std::to_string(g);
            t.label = "mean of the even layouts";
            t.text = "the sources allow " + gs + " GPCs and none picks one: the mean (rounded down) of the "
                     "even splits over each count; the picture shows " + layout_text(rf.typical.layout);
            D.push_back("typical: mean of the even splits over " + gs + " GPCs = " + grouped(rf.typical.clusters) +
                        " (no source picks the GPC count); the split over " +
                        std::to_string(rf.typical.layout.size()) + " GPCs: " + layout_text(rf.typical.layout) +
                        ": " + layout_arith(rf.typical.layout, c, k));
            break;
        }
        case TypicalFrom::EvenSplit:
            t.text = "assumes TPCs spread as evenly as they go: " + layout_text(rf.typical.layout) +
                     " (real dies are uneven)";
            D.push_back("typical (even split): " + layout_text(rf.typical.layout) + ": " +
                        layout_arith(rf.typical.layout, c, k));
            break;
    }
    return t;
}

// Over every GPC layout the sources allow: the fewest, typical and most clusters, and the typical layout's GPCs.
[[gnu::always_inline]] inline void layout_figures(const ClusterLaunch& L, const RangeFull& rf, MaxActiveClusters& m,
                                                  ClusterResult& r) {
    const GpcLayout& gpc = L.gpc;
    const int64_t S = L.S, c = L.c, k = L.k;
    auto& D = r.derivation;
    m.low = rf.low.clusters;
    m.typical = rf.typical.clusters;
    m.high = rf.high.clusters;
    const int64_t u = std::max<int64_t>(1, gpc.sms_per_tpc);
    const std::string space =
        grouped(S) + " SMs" + (u > 1 ? " (" + grouped(S / u) + " TPCs of " + std::to_string(u) + ")" : "") + " on " +
        (gpc.gpcs_min == gpc.gpcs_max ? std::to_string(gpc.gpcs_max)
                                      : std::to_string(gpc.gpcs_min) + " to " + std::to_string(gpc.gpcs_max)) +
        " GPCs of at most " + std::to_string(gpc.max_sms_per_gpc) + " SMs";
    D.push_back("GPC layouts allowed: every split of " + space + " (the per-GPC split of a harvested die is not "
                "published)" + (rf.typical_from == TypicalFrom::Measured
                                    ? ", and the groups inferred from measurements (" +
                                          std::string(gpc.measured_groups_source) + ")"
                                    : std::string()));
    D.push_back("fewest: " + layout_text(rf.low.layout) + ": " + layout_arith(rf.low.layout, c, k));
    D.push_back("most: " + layout_text(rf.high.layout) + ": " + layout_arith(rf.high.layout, c, k));
    const TypicalText typical = typical_text(L, rf, D);
    m.figures.push_back(L.figure("low", "fewest over every GPC layout", rf.low.clusters,
                                 layout_idle(rf.low.layout, c, k), ClusterBasis::Range,
                                 "the worst split of " + space + ": " + layout_text(rf.low.layout),
                                 std::string(gpc.source)));
    m.figures.push_back(L.figure("typical", typical.label, rf.typical.clusters,
                                 layout_idle(rf.typical.layout, c, k), ClusterBasis::Estimate, typical.text,
                                 typical.source));
    m.figures.push_back(L.figure("high", "most over every GPC layout", rf.high.clusters,
                                 layout_idle(rf.high.layout, c, k), ClusterBasis::Range,
                                 "the best split of " + space + ": " + layout_text(rf.high.layout),
                                 std::string(gpc.source)));
    for (int64_t s : rf.typical.layout) {
        GpcFill f;
        f.sms = s;
        f.clusters = per_gpc(s, c, k);
        f.ctas = f.clusters * k;
        f.idle_sms = idle_in_gpc(s, f.ctas, c);
        r.gpcs.push_back(f);
    }
}

// The figures beside the range: CUTLASS's grid heuristic and public launches of this cluster size.
[[gnu::always_inline]] inline void outside_figures(const ClusterLaunch& L, MaxActiveClusters& m,
                                                   std::vector<std::string>& N) {
    const GpcLayout& gpc = L.gpc;
    const int64_t S = L.S, c = L.c, k = L.k;
    if (gpc.heuristic_sms_per_gpc > 0 && c > 0) {
        const int64_t h = gpc.heuristic_sms_per_gpc;
        const int64_t ctas = cutlass_grid_ctas(S, h, k);
        const int64_t whole = S < h ? 1 : S / h, rest = S < h ? 0 : S % h;
        std::string text = "CUTLASS's SM90 persistent grid: " + grouped(S) + " SMs read as " + std::to_string(whole) +
                           " GPCs of " + std::to_string(h) + " + " + std::to_string(rest) + " SMs: " +
                           std::to_string(whole) + " x " + std::to_string(h - h % k) + " + " +
                           std::to_string(rest - rest % k) + " = " + grouped(ctas) + " CTAs (assumes 1 CTA per SM)";
        if (c != 1) text += "; this kernel has " + std::to_string(c) + " CTAs per SM";
        m.figures.push_back(L.figure("cutlass_heuristic", "CUTLASS grid heuristic", ctas / k, std::nullopt,
                                     ClusterBasis::Estimate, text, "CUTLASS-TSP"));
    }
    for (const ClusterEvidence& e : gpc.evidence) {
        if (e.cluster_size != k || e.ctas_per_sm != c) continue;
        m.figures.push_back(L.figure("public_evidence", "public launch", e.clusters, std::nullopt,
                                     ClusterBasis::Estimate, std::string(e.text),
                                     std::string(e.source)));
        if (m.low && (e.clusters < *m.low || e.clusters > *m.high))
            N.push_back("The public figure of " + grouped(e.clusters) + " clusters lies outside the range " +
                        grouped(*m.low) + ".." + grouped(*m.high) + ": the model or the source is wrong.");
    }
}

// The limiter: at the typical figure where there is one, else at the bound.
[[gnu::always_inline]] inline void cluster_limiter(const ClusterLaunch& L, const MaxActiveClusters& m, ClusterResult& r) {
    const GpcLayout& gpc = L.gpc;
    const int64_t c = L.c, k = L.k;
    const int64_t slots = L.S * c;                    // CTA slots a cluster launch can use (c capped)
    const int64_t solver_slots = L.S * L.ctas_per_sm;  // CTA slots without a cluster
    const int64_t at = m.typical.value_or(m.bound);
    if (c == 0) {
        r.limiter = ClusterLimiter::PerSmOccupancy;
        r.limiter_reason = "0 CTAs per SM: the per-SM occupancy leaves no room for any cluster.";
    } else if (gpc.max_sms_per_gpc > 0 && gpc.max_sms_per_gpc < k) {
        r.limiter = ClusterLimiter::Gpc;
        r.limiter_reason = "a GPC holds at most " + std::to_string(gpc.max_sms_per_gpc) + " SMs, fewer than the cluster's " +
                           std::to_string(k) + " CTAs, and each CTA of a cluster needs its own SM: 0 clusters fit; use "
                           "a cluster of at most " + std::to_string(gpc.max_sms_per_gpc) + " CTAs";
        r.notes.push_back("0 clusters: " + r.limiter_reason + ".");
    } else if (m.typical && at * k < slots) {
        const bool measured = !gpc.measured_groups.empty() && fig_key_is(m, "typical", "GPC groups inferred from measurements");
        r.limiter = ClusterLimiter::Gpc;
        r.limiter_reason = "clusters cannot span GPCs and each CTA needs its own SM: " + grouped(slots - at * k) + " of " +
                           grouped(slots) + " CTA slots stay empty in the " +
                           (measured ? "groups inferred from measurements" : "typical layout") + " (" +
                           grouped(slots - *m.low * k) + " in the worst)";
    } else if (!m.typical) {
        r.limiter = ClusterLimiter::LayoutNotSourced;
        r.limiter_reason = "layout not sourced: the bound of " + grouped(m.bound) + " clusters (" + grouped(slots) +
                           " CTA slots / " + std::to_string(k) + ") is exact, but how many slots the GPCs strand below "
                           "it is unknown";
    } else if (L.capped) {
        r.limiter = ClusterLimiter::ClusterCtaCap;
        r.limiter_reason = "a cluster launch on CC " + cc_text(L.dev.cc) + " holds at most " + std::to_string(c) +
                           " CTAs per SM (" + std::to_string(L.ctas_per_sm) + " without a cluster): " + grouped(solver_slots - slots) +
                           " of " + grouped(solver_slots) + " CTA slots stay empty";
    } else {
        r.limiter = ClusterLimiter::PerSmOccupancy;
        r.limiter_reason = "every CTA slot holds a cluster's CTA: the per-SM occupancy sets the count, as without a "
                           "cluster";
    }
    if (c > 0 && m.bound == 0 && gpc.max_sms_per_gpc == 0)
        r.notes.push_back("0 clusters: the whole GPU has " + grouped(slots) + " CTA slots, fewer than the cluster's " +
                          std::to_string(k) + ".");
}

// A grid of clusters in waves of the resident clusters: fewest (at the most resident), typical, most, at the bound.
[[gnu::always_inline]] inline void cluster_waves(const Dim3& grid, int64_t k, const MaxActiveClusters& m,
                                                 ClusterResult& r) {
    ClusterWaves w = cluster_grid(grid, k);
    auto waves = [&](std::optional<int64_t> per) -> std::optional<int64_t> {
        if (!per || *per <= 0) return std::nullopt;
        return ceil_div(w.grid_clusters, *per);
    };
    w.waves_low = waves(m.high);
    w.waves_typical = waves(m.typical);
    w.waves_high = waves(m.low);
    w.waves_bound = waves(m.bound);
    if (w.waves_typical)
        r.derivation.push_back("waves: " + grouped(w.grid_clusters) + " clusters / " + grouped(*m.typical) +
                               " per wave = " + grouped(*w.waves_typical) + " (fewest " + grouped(*w.waves_low) +
                               ", most " + (w.waves_high ? grouped(*w.waves_high) : std::string("unbounded")) + ")");
    else if (!w.waves_bound)
        r.notes.push_back("No cluster is resident: the grid never runs.");
    r.waves = w;
}

}  // namespace

Expected<ClusterResult> clusters(const Device& dev, const GpcLayout& gpc, int64_t ctas_per_sm, int64_t smem_per_cta,
                                 const ClusterInput& in) {
    auto arch = validate_device(dev);
    if (!arch) return arch.error();
    if (auto e = validate_gpc_layout(gpc, dev.sm_count)) return *e;
    if (auto e = validate_cluster(dev.cc, gpc, in)) return *e;
    if (auto e = out_of_range(ErrorId::InvalidInput, "ctas_per_sm", ctas_per_sm, 0, 1024, "CTAs per SM")) return *e;
    if (auto e = out_of_range(ErrorId::InvalidInput, "smem_per_cta", smem_per_cta, 0, kMaxInput, "bytes")) return *e;

    const int64_t k = in.dims.x * in.dims.y * in.dims.z;
    const int64_t S = dev.sm_count;
    const Limit lim = part_limit(dev.cc, gpc);
    const CcCtaCap* cap = cta_cap(dev.cc);
    const bool capped = cap != nullptr && ctas_per_sm > cap->cap;
    const int64_t c = capped ? cap->cap : ctas_per_sm;  // CTAs per SM a cluster launch uses
    const ClusterLaunch L{dev, gpc, k, S, c, ctas_per_sm, capped};

    ClusterResult r;
    r.dims = in.dims;
    r.cluster_size = k;
    r.needs_non_portable = k > kMaxPortableClusterSize;
    r.max_cluster_size = in.non_portable ? lim.max_size : kMaxPortableClusterSize;
    r.max_size_confirmed = !in.non_portable || lim.confirmed;
    r.ctas_per_sm = ctas_per_sm;
    r.cluster_ctas_per_sm = c;
    r.smem_per_cta = smem_per_cta;
    r.dsmem_per_cluster = k * smem_per_cta;  // <= 16 x 2^53
    r.sm_count = S;
    r.ctas_per_gpc_max = gpc.max_sms_per_gpc * c;
    cluster_head(L, in, lim, cap, r);

    if (S <= 0) {
        r.limiter = ClusterLimiter::PerSmOccupancy;
        r.limiter_reason = "SM count unknown: no GPU-wide figures, per-SM occupancy only.";
        r.notes.push_back("SM count unknown (0): resident clusters cannot be counted; give a device with sm_count.");
        if (in.grid) r.waves = cluster_grid(*in.grid, k);
        return r;
    }

    MaxActiveClusters m;
    m.bound = S * c / k;  // S <= 2^20, c <= 1024
    if (const auto rf = range_full(gpc, S, c, k)) {
        layout_figures(L, *rf, m, r);
    } else {
        r.notes.push_back("GPC layout of this part not sourced: only the bound is known (no layout can beat it; GPCs "
                          "may strand CTA slots below it). Give gpc.gpcs_min/max and gpc.max_sms_per_gpc for a range.");
    }
    r.derivation.push_back("bound: floor(" + grouped(S) + " SMs x " + std::to_string(c) + " / " + std::to_string(k) +
                           ") = " + grouped(m.bound) + " clusters (if every CTA slot could be used)");
    m.figures.push_back(L.figure("bound", "CTA slots / cluster size", m.bound, std::nullopt, ClusterBasis::Exact,
                                 "floor(SMs x CTAs per SM / cluster size): no GPC layout gives more", ""));
    outside_figures(L, m, r.notes);
    cluster_limiter(L, m, r);
    if (in.grid) cluster_waves(*in.grid, k, m, r);
    r.max_active_clusters = std::move(m);
    return r;
}

Expected<ClusterResult> clusters(const Device& dev, const GpcLayout& gpc, const KernelInput& kernel,
                                 const ClusterInput& in) {
    // Cluster errors first: they name the fault the caller added (a cluster), not the kernel.
    auto arch = validate_device(dev);
    if (!arch) return arch.error();
    if (auto e = validate_cluster(dev.cc, gpc, in)) return *e;
    auto occ = occupancy(dev, kernel, Detail::Numbers);
    if (!occ) return occ.error();
    // DSMEM addresses what the kernel declares per CTA (static + dynamic), not the driver's reserved 1 KiB.
    const int64_t smem = kernel.smem_static > kMaxInput - kernel.smem_dynamic ? kMaxInput + 1
                                                                               : kernel.smem_static + kernel.smem_dynamic;
    auto r = clusters(dev, gpc, occ->blocks_per_sm, smem, in);
    if (r && occ->blocks_per_sm == 0) r.value().notes.push_back("0 blocks per SM for this kernel: no cluster is resident.");
    return r;
}

Expected<ClusterResult> clusters(const GpuSpec& gpu, const KernelInput& kernel, const ClusterInput& in) {
    return clusters(gpu.device, gpu.gpc, kernel, in);
}

Expected<std::vector<ClusterStep>> cluster_next_steps(const Device& dev, const GpcLayout& gpc, int64_t ctas_per_sm,
                                                      int64_t smem_per_cta, const ClusterInput& in) {
    ClusterInput base = in;
    base.grid.reset();  // a smaller shape may not divide the grid; waves are not compared here
    auto now = clusters(dev, gpc, ctas_per_sm, smem_per_cta, base);
    if (!now) return now.error();
    std::vector<ClusterStep> out;
    if (!now->max_active_clusters) return out;  // SM count unknown: nothing GPU-wide to compare
    auto resident = [](const ClusterResult& r, ClusterBasis& basis) {
        const MaxActiveClusters& m = *r.max_active_clusters;
        basis = m.typical ? ClusterBasis::Estimate : ClusterBasis::Exact;
        return m.typical.value_or(m.bound);
    };
    ClusterBasis b_now{};
    const int64_t k = now->cluster_size;
    const int64_t ctas_now = resident(*now, b_now) * k;
    const int64_t dims[3] = {in.dims.x, in.dims.y, in.dims.z};
    for (int i = 0; i < 3; ++i) {
        if (dims[i] <= 1) continue;
        ClusterInput smaller = base;
        int64_t* d = i == 0 ? &smaller.dims.x : i == 1 ? &smaller.dims.y : &smaller.dims.z;
        *d = (*d + 1) / 2;
        auto r = clusters(dev, gpc, ctas_per_sm, smem_per_cta, smaller);
        if (!r || !r->max_active_clusters) continue;
        ClusterStep st;
        const int64_t c = resident(*r, st.basis);
        const int64_t ctas = c * r->cluster_size;
        if (ctas <= ctas_now) continue;
        st.key = "smaller_cluster";
        st.dims = smaller.dims;
        st.clusters = c;
        st.ctas = ctas;
        st.ctas_now = ctas_now;
        st.text = "cluster " + dims_text(smaller.dims) + " instead of " + dims_text(in.dims) + ": " + grouped(c) +
                  " clusters = " + grouped(ctas) + " CTAs resident instead of " + grouped(ctas_now) +
                  (st.basis == ClusterBasis::Estimate ? " (even GPC layout)" : " (bound)");
        out.push_back(std::move(st));
    }
    if (now->limiter == ClusterLimiter::Gpc) {
        ClusterStep st;
        st.key = "gpc_limit";
        st.dims = in.dims;
        st.clusters = ctas_now / k;
        st.ctas = st.ctas_now = ctas_now;
        st.basis = b_now;
        st.text = "the GPC, not the SM, limits this cluster: " + now->limiter_reason;
        out.push_back(std::move(st));
    }
    return out;
}

std::string cluster_cell_text(const ClusterResult& r) {
    const auto n = [](int64_t v) { return std::to_string(v); };
    if (!r.max_active_clusters) return "unknown (SMs)";
    const MaxActiveClusters& m = *r.max_active_clusters;
    if (!m.low) return "at most " + n(m.bound) + " (layout unknown)";
    if (*m.low == *m.high) return n(*m.low) + " (every layout)";
    return n(*m.low) + ".." + n(*m.high) + " (typical " + n(*m.typical) + ")";
}

std::string cluster_figure_label(const ClusterFigure& f) {
    if (f.key == "low") return "low (fewest over every GPC layout)";
    if (f.key == "typical") return "typical (" + f.label + ")";
    if (f.key == "high") return "high (most over every GPC layout)";
    if (f.key == "bound") return "bound (CTA slots / cluster size)";
    if (f.key == "cutlass_heuristic") return "CUTLASS grid heuristic";
    if (f.key == "public_evidence") return "public launch (one die)";
    return f.label;
}

std::string cluster_answer_line(const ClusterResult& r) {
    const auto n = [](int64_t v) { return std::to_string(v); };
    if (!r.max_active_clusters) return "resident clusters: unknown (SM count unknown: per-SM figures only)";
    const MaxActiveClusters& m = *r.max_active_clusters;
    if (!m.low)
        return "resident clusters: at most " + n(m.bound) + " (exact bound; the GPC layout is not sourced, so the "
               "GPCs may strand CTA slots below it)";
    if (*m.low == *m.high)
        return "resident clusters: " + n(*m.low) + " for every allowed GPC layout (range " + n(*m.low) + ".." +
               n(*m.high) + ")";
    std::string typical = "the even layout gives";
    for (const auto& f : m.figures)
        if (f.key == "typical" && f.label != "even GPC layout") typical = "the " + f.label + " give";
    return "resident clusters: " + n(*m.low) + ".." + n(*m.high) + " (a range over the GPC layouts the sources "
           "allow; " + typical + " " + n(*m.typical) + ", an estimate: real dies are uneven)";
}

}  // namespace smcalc
