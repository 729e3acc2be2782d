// smcalc/cluster.hpp - thread block clusters (CC 9.0+): how many clusters of a kernel are resident on the
// whole GPU at once, GPC by GPC, from the per-SM occupancy the solver computes. What
// cudaOccupancyMaxActiveClusters answers, offline.
//
// The rule (docs/clusters.md gives its sources and checks it against every public measurement found): a
// cluster's CTAs are co-scheduled on one GPC, each on its own SM, so a GPC of s SMs at c CTAs per SM holds
// floor(s x c / size) clusters when s >= size and none when s < size; the GPU holds the sum over its GPCs. On
// CC 10.x a cluster launch holds at most 8 CTAs per SM whatever the per-SM occupancy (c is capped first). NVIDIA publishes GPC counts and the full die's SMs per GPC, not the
// per-GPC split of a harvested part (it varies from die to die), so the answer is a RANGE: the fewest and the
// most clusters over every split of the SM count into GPCs allowed by the product's figures (GpcLayout, in the
// GPU database), plus a "typical" figure (the split as even as the TPCs allow) and, where they exist, the
// figures of CUTLASS's grid heuristic and of public launches, each labelled. Nothing is presented as exact
// that is not.
//
// Pure functions, no I/O, no exceptions. Errors (field names are the JSON keys of the request):
//   InvalidInput  "cluster"               a cluster on CC < 9.0 (bad input: CLI exit 2)
//   InvalidInput  "cluster.x|y|z"         a dimension outside 1..16
//   InvalidInput  "cluster"               size (x*y*z) above 16, or above the part's non-portable limit
//   InvalidInput  "non_portable_cluster"  size 9..16 without the non-portable attribute
//   InvalidInput  "grid.x|y|z"            a grid dimension outside 1..kMaxInput (CTAs)
//   InvalidInput  "grid"                  a grid dimension not divisible by the cluster's, or > 2^53 CTAs
//   InvalidDevice "gpc.*"                 a GPC layout that contradicts itself or the SM count
// A cluster larger than a GPC can hold at the kernel's CTAs per SM is an answer of 0 clusters with the reason
// (like 0 blocks per SM), not an error.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc {

inline constexpr int64_t kMaxPortableClusterSize = 8;  // CTAs; every CC 9.0+ part (PG13-CL)
inline constexpr int64_t kMaxClusterSize = 16;         // CTAs; with the non-portable attribute, where allowed
inline constexpr int64_t kMaxGpcs = 32;                // GpcLayout range checks (largest published: 12)
inline constexpr int64_t kMaxSmsPerGpc = 64;           // (largest published: 18)

// Cluster or grid dimensions in CTAs (CUDA's dim3; CUTLASS's ClusterShape M x N x 1).
struct Dim3 {
    int64_t x = 1;
    int64_t y = 1;
    int64_t z = 1;
};

struct ClusterInput {
    Dim3 dims;                    // JSON "cluster": [x,y,z], or a size n meaning [n,1,1]; each 1..16
    bool non_portable = false;    // JSON "non_portable_cluster": cudaFuncAttributeNonPortableClusterSizeAllowed
    std::optional<Dim3> grid;     // JSON "grid": the launch grid in CTAs; each dim a multiple of the cluster's
};

// How a figure is known. Exact: arithmetic on sourced numbers. Estimate: a model's assumption (a layout, a
// heuristic, another die's launch). Range: an end of the interval over every layout the sources allow.
enum class ClusterBasis : uint8_t { Exact, Estimate, Range };
std::string_view cluster_basis_key(ClusterBasis b);  // "exact", "estimate", "range"

// One labelled figure of resident clusters, with what follows from it.
struct ClusterFigure {
    std::string key;              // "low", "typical", "high", "bound", "cutlass_heuristic", "public_evidence"
    std::string label;            // "fewest over every GPC layout", ...
    int64_t clusters = 0;         // clusters resident GPU-wide
    int64_t ctas = 0;             // clusters x cluster size (CTAs resident GPU-wide)
    int64_t idle_cta_slots = 0;   // SMs x CTAs per SM - ctas: CTA slots no cluster can use
    std::optional<int64_t> idle_sms;  // SMs left without a CTA when each GPC's CTAs fill its SMs densely
                                      // (nullopt where the figure has no layout, e.g. the bound)
    ClusterBasis basis = ClusterBasis::Estimate;
    std::string basis_text;       // one line: why this figure (the layout or the source behind it)
    std::string source;           // source keys (docs/clusters.md); empty for derived figures
};

// cudaOccupancyMaxActiveClusters' answer as a range. low <= typical <= high <= bound always.
struct MaxActiveClusters {
    std::optional<int64_t> low;       // fewest over every GPC layout the sources allow (nullopt: layout unknown)
    std::optional<int64_t> typical;   // the groups inferred from measurements (GpcLayout::measured_groups), else
                                      // the layout as even as TPCs allow; several GPC counts: the mean of their
                                      // even splits (nullopt: layout unknown)
    std::optional<int64_t> high;      // most over every layout (nullopt: layout unknown)
    int64_t bound = 0;                // floor(SMs x CTAs per SM / size): no layout can beat it (exact)
    std::vector<ClusterFigure> figures;  // low, typical, high, bound, then heuristics and public evidence
};

// One GPC of the typical layout (for the picture: GPCs as rows of SM cells).
struct GpcFill {
    int64_t sms = 0;          // SMs in this GPC
    int64_t clusters = 0;     // floor(sms x CTAs per SM / size)
    int64_t ctas = 0;         // clusters x size
    int64_t idle_sms = 0;     // sms - ceil(ctas / CTAs per SM)
};

struct ClusterWaves {
    Dim3 grid;                         // as given (CTAs)
    int64_t grid_ctas = 0;             // x*y*z
    int64_t grid_clusters = 0;         // grid_ctas / size
    std::optional<int64_t> waves_low;      // ceil(grid_clusters / high): fewest waves (most clusters per wave)
    std::optional<int64_t> waves_typical;  // ceil(grid_clusters / typical)
    std::optional<int64_t> waves_high;     // ceil(grid_clusters / low): most waves
    std::optional<int64_t> waves_bound;    // ceil(grid_clusters / bound): no layout needs fewer
};

enum class ClusterLimiter : uint8_t {
    PerSmOccupancy,   // the clusters use every CTA slot: per-SM occupancy sets the count (as without clusters)
    Gpc,              // GPC granularity strands CTA slots (or a cluster exceeds a GPC: 0 clusters)
    LayoutNotSourced, // only the bound is known: what the GPCs strand below it is unknown
    ClusterCtaCap,    // the cap on a cluster launch's CTAs per SM (CC 10.x: 8) is below the per-SM occupancy
};
std::string_view cluster_limiter_key(ClusterLimiter l);    // "per_sm_occupancy", "gpc", "layout_not_sourced",
                                                           // "cluster_cta_cap"
std::string_view cluster_limiter_label(ClusterLimiter l);  // "per-SM occupancy", "the GPC", ...

struct ClusterResult {
    Dim3 dims;
    int64_t cluster_size = 0;       // x*y*z CTAs
    bool needs_non_portable = false;// size > 8
    int64_t max_cluster_size = 0;   // the largest size this launch may use: 8, or the part's non-portable limit
    bool max_size_confirmed = true; // false where the part's non-portable limit is not sourced (16 assumed)
    int64_t ctas_per_sm = 0;        // the solver's blocks per SM (exact)
    int64_t cluster_ctas_per_sm = 0;// what a cluster launch uses: ctas_per_sm, capped at 8 on CC 10.x (measured)
    int64_t smem_per_cta = 0;       // bytes the solver allocates per CTA (exact)
    int64_t dsmem_per_cluster = 0;  // size x smem_per_cta: distributed shared memory one cluster can address
    int64_t sm_count = 0;           // 0 = unknown: no GPU-wide figures
    int64_t ctas_per_gpc_max = 0;   // max_sms_per_gpc x ctas_per_sm (0 = unknown)
    std::optional<MaxActiveClusters> max_active_clusters;  // nullopt where the SM count is unknown
    ClusterLimiter limiter = ClusterLimiter::PerSmOccupancy;  // at the typical figure (or the bound)
    std::string limiter_reason;     // one sentence
    std::vector<GpcFill> gpcs;      // the typical layout, GPC by GPC (empty where the layout is unknown; where
                                    // typical is a mean of several GPC counts' even splits, the split over the most)
    std::optional<ClusterWaves> waves;  // with a grid
    std::vector<std::string> derivation;  // the per-GPC arithmetic, one step per line
    std::vector<std::string> notes;
};

// Checks a GpcLayout (custom or from the database) against itself and the SM count. InvalidDevice, field
// "gpc.gpcs_min", "gpc.max_sms_per_gpc", ...; a layout of zeros (unknown) is valid.
std::optional<Error> validate_gpc_layout(const GpcLayout& gpc, int64_t sm_count);

// Checks the cluster input alone against the CC and the part's limit (the errors listed at the top).
std::optional<Error> validate_cluster(ComputeCapability cc, const GpcLayout& gpc, const ClusterInput& in);

// The answer from a per-SM occupancy already solved: `ctas_per_sm` CTAs of `smem_per_cta` bytes per SM.
// `gpc` is the product's row (GpuSpec::gpc) or a custom layout; a default GpcLayout means "unknown".
Expected<ClusterResult> clusters(const Device& dev, const GpcLayout& gpc, int64_t ctas_per_sm, int64_t smem_per_cta,
                                 const ClusterInput& in);
// The same, solving the kernel's occupancy first (occupancy() with Detail::Numbers).
Expected<ClusterResult> clusters(const Device& dev, const GpcLayout& gpc, const KernelInput& kernel,
                                 const ClusterInput& in);
// A catalogued GPU: its device and its GPC row.
Expected<ClusterResult> clusters(const GpuSpec& gpu, const KernelInput& kernel, const ClusterInput& in);

// What `next` says about a cluster: each smaller shape (a dimension halved, rounded up) that keeps more CTAs
// resident GPU-wide, and whether the GPC rather than the SM is the limit. Empty where nothing is gained and the
// per-SM occupancy is the limit. Same errors as clusters().
struct ClusterStep {
    std::string key;             // "smaller_cluster", "gpc_limit"
    Dim3 dims;                   // the suggested shape ("gpc_limit": the current one)
    int64_t clusters = 0;        // resident clusters at that shape (typical, else the bound)
    int64_t ctas = 0;            // clusters x size: resident CTAs GPU-wide
    int64_t ctas_now = 0;        // the same for the current shape
    ClusterBasis basis = ClusterBasis::Estimate;  // Estimate (even layout) or Exact (the bound)
    std::string text;            // one sentence with the numbers
};
Expected<std::vector<ClusterStep>> cluster_next_steps(const Device& dev, const GpcLayout& gpc, int64_t ctas_per_sm,
                                                      int64_t smem_per_cta, const ClusterInput& in);

// The fewest and most clusters over every layout (low, high), and the even layout's count: exposed for tests
// and sweeps. nullopt where the layout is unknown. `sms` = the part's SM count.
struct ClusterRange {
    int64_t low = 0, typical = 0, high = 0;
    std::vector<int64_t> typical_layout;  // SMs per GPC of the even layout
};
std::optional<ClusterRange> cluster_range(const GpcLayout& gpc, int64_t sms, int64_t ctas_per_sm, int64_t cluster_size);

// "4x2x1": dimensions as the CLI, the hash and the text answers write them.
std::string dims_text(const Dim3& d);
// "4x2x1", "4x2", "8" (also 'X', '*', spaces): 1 to 3 integers; missing ones are 1. nullopt when the text is not
// that shape. Not range-checked here (validate_cluster and the readers do, naming cluster.x, .y or .z); a number
// too large for int64 comes back as kMaxInput + 1, outside every range. The JSON reader, the CLI and the URL hash
// all read dimensions with it.
std::optional<std::array<int64_t, 3>> split_dims(std::string_view text);
// One compare-table cell: "13..16 (even 15)", "15 (every layout)", "at most 16 (layout unknown)", "unknown (SMs)".
std::string cluster_cell_text(const ClusterResult& r);
// A figure's row label with its key: "low (fewest over every GPC layout)", "CUTLASS grid heuristic", ...
std::string cluster_figure_label(const ClusterFigure& f);
// The one-line answer the text output, the page and the compare notes show: a range where the GPC layouts
// differ, one number where they agree, the exact bound where the layout is unknown.
std::string cluster_answer_line(const ClusterResult& r);

// CUTLASS's SM90 persistent-grid heuristic (tile_scheduler_params.h, get_max_cta_occupancy re-expressed): CTAs it
// launches for `sms` SMs assuming `sms_per_gpc` SMs per GPC and 1 CTA per SM. Clusters = result / size.
int64_t cutlass_grid_ctas(int64_t sms, int64_t sms_per_gpc, int64_t cluster_size);

}  // namespace smcalc
