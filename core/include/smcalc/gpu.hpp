// smcalc/gpu.hpp - devices the solver reads, and the sourced GPU product table.
//
// Device mirrors cudaOccDeviceProp of CUDA's cuda_occupancy.h field for field (same meaning, same units),
// so a device query can be typed in as it is printed. GpuSpec is one product row of the database in
// core/src/gpus.cpp: every figure there carries a source key; a figure nobody published stays
// std::nullopt and is shown as "unknown", never guessed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "smcalc/arch.hpp"
#include "smcalc/error.hpp"

namespace smcalc {

struct Device {
    ComputeCapability cc;
    int64_t sm_count = 0;                 // SMs on the chip (0 = unknown: per-SM answers only)
    int64_t max_threads_per_block = 0;    // threads
    int64_t max_threads_per_sm = 0;       // threads (max warps per SM x warp size)
    int64_t regs_per_sm = 0;              // 32-bit registers
    int64_t regs_per_block = 0;           // 32-bit registers
    int64_t warp_size = 0;                // threads
    int64_t smem_per_sm = 0;              // bytes (cudaDevAttrMaxSharedMemoryPerMultiprocessor)
    int64_t smem_per_block = 0;           // bytes without opt-in (48 KiB)
    int64_t smem_per_block_optin = 0;     // bytes (cudaDevAttrMaxSharedMemoryPerBlockOptin)
    int64_t reserved_smem_per_block = 0;  // bytes (cudaDevAttrReservedSharedMemoryPerBlock)
};

// The device every GPU of this CC reports (sm_count 0 = unknown).
Device reference_device(const ArchRules& arch);

// Checks a (custom) device against its CC's rules and against itself: each field named with its range.
// InvalidDevice on contradictions (e.g. smem_per_block above smem_per_sm), UnknownArch on an unknown CC.
Expected<const ArchRules*> validate_device(const Device& dev);

// A device that passed validate_device, kept with its CC's rules. Sweeps (block_size, the page's graphs and
// heatmap, next_step, tile enumeration) check a device once and then solve thousands of times; only check()
// makes one, so the solver's overloads taking a CheckedDevice skip the per-call device checks safely.
class CheckedDevice {
public:
    // Division by a count fixed per device (warp size, register allocation unit, sub-partitions, shared-memory
    // granule): a shift where it is a power of two, as on every real GPU, else a division (custom devices may
    // have any warp size). A shift is a cycle, a division tens of them; cuda_occupancy.h divides every time.
    class Divisor {
    public:
        Divisor() = default;
        explicit Divisor(int64_t v);  // v >= 1
        int64_t value() const { return v_; }
        int64_t ceil_div(int64_t a) const {                                        // a >= 0, no overflow
            return shift_ >= 0 ? (a + v_ - 1) >> shift_ : a / v_ + (a % v_ != 0 ? 1 : 0);
        }
        int64_t round_up(int64_t a) const { return ceil_div(a) * v_; }  // a + v <= 2^62
    private:
        int64_t v_ = 1;
        int shift_ = 0;  // log2(v_), or -1 when v_ is not a power of two
    };

    static Expected<CheckedDevice> check(const Device& dev);
    const Device& device() const { return dev_; }
    const ArchRules& rules() const { return *rules_; }
    // Derived once here for the solver's hot path (cuda_occupancy.h recomputes them on every call):
    int64_t max_warps_per_sm() const { return max_warps_; }            // max_threads_per_sm / warp_size
    int64_t regs_per_sub_partition() const { return regs_per_sub_; }   // regs_per_sm / sub_partitions
    const Divisor& warp() const { return warp_; }                      // warp_size (threads)
    const Divisor& reg_unit() const { return reg_unit_; }              // the CC's reg_alloc_unit (registers)
    const Divisor& sub_partitions() const { return sub_partitions_; }  // the CC's sub-partitions
    const Divisor& smem_granule() const { return smem_granule_; }      // smem_alloc_granularity (bytes)
    // cudaOccSMemPerMultiprocessor (bytes) for a carveout preference of 0..100 %, or -1 for the default
    // (smem_per_sm before CC 7.0, else the smallest carveout holding smem_per_sm); -1 where no carveout holds
    // it (the solver then reports the error). The carveout is the first whose percent threshold (the largest percent it holds) is not below the preference:
    // counted without a branch per size (the percent varies from call to call in a sweep, so a search loop's exit
    // mispredicts) and without the division by 100 of percent x smem_per_sm / 100 (thresholds made once here).
    int64_t smem_preference(int carveout) const {
        if (carveout < 0) return default_pref_;
        std::size_t below = 0;
        for (int32_t t : carveout_max_pct_) below += t < carveout ? 1 : 0;
        return carveout_bytes_[below];
    }
    // CC 6.0 (GP100): the register limit is also checked with 4 sub-partitions (cuda_occupancy.h).
    bool gp100() const { return gp100_; }

private:
    CheckedDevice(const Device& dev, const ArchRules* rules);
    Device dev_;
    const ArchRules* rules_;
    int64_t max_warps_ = 0;
    int64_t regs_per_sub_ = 0;
    int64_t default_pref_ = -1;
    Divisor warp_, reg_unit_, sub_partitions_, smem_granule_;
    // The CC's carveouts in bytes, ascending, then -1 (none holds the preference); before CC 7.0 one "carveout",
    // smem_per_sm, that every preference gets. carveout_max_pct_[i]: the largest preference (percent) whose
    // bytes carveout i holds, capped at 100; INT32_MAX past the last carveout (never counted as below).
    std::array<int64_t, 11> carveout_bytes_{};
    std::array<int32_t, 10> carveout_max_pct_{};
    bool gp100_ = false;
};

// One public figure of resident clusters on a product (a library's launch grid, a device query), for
// core/src/cluster.cpp to show beside its range. Matched on cluster size and CTAs per SM.
struct ClusterEvidence {
    int64_t cluster_size = 0;   // CTAs per cluster
    int64_t ctas_per_sm = 0;    // the kernel's CTAs per SM in that launch
    int64_t clusters = 0;       // clusters resident GPU-wide (what the source shows)
    std::string_view text;      // one line: what was measured or launched, by whom
    std::string_view source;    // source key (docs/clusters.md)
};

// How a product's SMs sit in GPCs (a thread block cluster runs inside one GPC). NVIDIA publishes GPC and
// TPC counts per product and the full die's TPCs per GPC, not the per-GPC split of a harvested part (it
// varies from die to die), so core/src/cluster.cpp answers with a range over every split these figures
// allow. 0 = unknown; an unknown figure widens the answer or leaves it unknown, never guessed.
struct GpcLayout {
    int64_t gpcs_min = 0;            // GPCs enabled on the product, fewest (0 = unknown)
    int64_t gpcs_max = 0;            // most (= gpcs_min where one count is published; "7 or 8" gives 7, 8)
    int64_t max_sms_per_gpc = 0;     // SMs one GPC holds at most: full die's TPCs per GPC x SMs per TPC (0 = unknown)
    int64_t sms_per_tpc = 1;         // SMs are enabled per TPC of this many (2 from Volta on); 1 = no constraint
    int64_t heuristic_sms_per_gpc = 0;  // CUTLASS's grid heuristic's SMs-per-GPC assumption (18 for SM90); 0 = none
    int64_t max_cluster_size = 0;    // largest cluster the part runs with the non-portable attribute (8 or 16);
                                     // 0 = unknown (up to 16 accepted, flagged unconfirmed)
    std::span<const ClusterEvidence> evidence;  // public figures of resident clusters on this product
    std::string_view source;         // source keys for the figures above (docs/clusters.md, docs/sources.md)
    // The groups of SMs that host clusters together, largest first, where public cudaOccupancyMaxActiveClusters
    // measurements pin them down (B200: 20,20,20,18,18,18,18,10 and three lone 2-SM TPCs that host only
    // clusters of 1 or 2). Inferred from measurements, not published by NVIDIA: the "typical" figure uses it,
    // and the range widens to include it. Empty = none; the even split is then the typical figure.
    std::span<const int64_t> measured_groups;
    std::string_view measured_groups_source;  // how the groups were inferred (source keys)
};

struct GpuSpec {
    std::string_view name;          // canonical name, e.g. "H100 SXM5"
    std::string_view aliases;       // '|'-separated other names people type ("H100|H100 SXM")
    Device device;
    // Optional whole-chip figures. nullopt = no source found (shown as unknown).
    std::optional<double> boost_clock_mhz;    // MHz
    std::optional<double> l2_bytes;           // bytes
    std::optional<double> mem_bw_gbs;         // GB/s (10^9 B/s)
    std::optional<double> bf16_dense_tflops;  // dense tensor BF16 (FP16 where no BF16), FP32 accumulate
    std::optional<double> fp32_tflops;        // non-tensor FP32
    std::string_view source;        // source keys (docs/sources.md)
    std::string_view note;          // disagreements between sources, derived figures
    GpcLayout gpc;                  // GPCs, SMs per GPC, cluster limits (thread block clusters, CC 9.0+)
};

std::span<const GpuSpec> all_gpus();

// Case-insensitive; spaces, '-' and '_' are ignored ("h100sxm5", "H100-SXM5"); aliases count.
// On failure UnknownGpu names the three nearest names ("did you mean"), or, for a compilation target such as
// "sm_90", the GPUs of that compute capability. Never falls back to another GPU. Names longer than 4096
// bytes never match; the nearest-name search compares at most 48 characters of each.
Expected<const GpuSpec*> find_gpu(std::string_view name);

}  // namespace smcalc
