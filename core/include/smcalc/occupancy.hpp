// smcalc/occupancy.hpp - the resource solver: NVIDIA's occupancy rules (cuda_occupancy.h, CUDA 13.0),
// re-derived with 64-bit checked arithmetic and explained step by step.
//
// Three pure functions, each equal to one of the header's:
//   occupancy()     == cudaOccMaxActiveBlocksPerMultiprocessor
//   block_size()    == cudaOccMaxPotentialOccupancyBlockSize (constant dynamic shared memory)
//   dynamic_smem()  == cudaOccAvailableDynamicSMemPerBlock
// Where the header answers 0 blocks we answer 0 blocks with the reason in `notes`; where it answers an
// error we answer an Error. Inputs the header would overflow on (it casts byte counts to int) get exact
// 64-bit answers here. Partitioned global caching (sm_52/6x opt-in) and the "virtual resource" count are
// taken as off / 0, which is what cudaFuncAttributes gives the header.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"

namespace smcalc {

// Largest integer every input accepts: 2^53 - 1, exact in a JS number and in JSON readers.
inline constexpr int64_t kMaxInput = (int64_t{1} << 53) - 1;

// A resource's block limit when that resource sets none (a kernel without registers, shared memory or
// barriers): the largest int64, as cudaOccResult says INT_MAX. OccupancyNumbers::limit() reads it as nullopt.
inline constexpr int64_t kNoLimit = INT64_MAX;

struct KernelInput {
    int64_t threads = 256;          // threads per block, 1 .. kMaxInput (above the device max: 0 blocks)
    int64_t regs = 32;              // registers per thread, 0 .. kMaxInput (above the CC's cap: 0 blocks)
    int64_t smem_static = 0;        // bytes of __shared__ per block, 0 .. kMaxInput
    int64_t smem_dynamic = 0;       // bytes of dynamic shared memory at launch, 0 .. kMaxInput
    bool optin = false;             // cudaFuncAttributeMaxDynamicSharedMemorySize set (opt-in limit applies)
    int64_t smem_dynamic_max = -1;  // that attribute in bytes; -1 = CUDA's default:
                                    //   optin ? smem_per_block_optin - static : smem_per_block - static
    int carveout = -1;              // cudaFuncAttributePreferredSharedMemoryCarveout: -1 default, 0..100 %
    int64_t barriers = 1;           // block barriers used (cudaFuncAttributes gives OCC 1), 0 .. kMaxInput
#ifdef SMCALC_TEST_DUMMY_FIELD
    int64_t dummy_field = 7;        // only in tests/fields-dummy's build: one table row reaches every surface
#endif
};

enum class Resource { Registers, SharedMemory, Warps, Blocks, Barriers };
inline constexpr std::array<Resource, 5> kResources = {Resource::Registers, Resource::SharedMemory,
                                                      Resource::Warps, Resource::Blocks, Resource::Barriers};
std::string_view resource_key(Resource r);    // "regs", "smem", "warps", "blocks", "barriers" (JSON names)
std::string_view resource_label(Resource r);  // "registers", "shared memory", ...

// The resources that set blocks_per_sm (at most all five), in kResources order, stored inline: no heap
// allocation per solver call. Reads like a std::vector<Resource> (range-for, size, [], ==, conversion).
class ResourceList {
public:
    using value_type = Resource;
    using const_iterator = const Resource*;
    using iterator = const Resource*;
    ResourceList() = default;
    ResourceList(std::initializer_list<Resource> rs) { for (Resource r : rs) push_back(r); }
    void push_back(Resource r) { v_[n_++] = r; }
    // push_back(r) if `keep`, without a branch (the solver's hot path: which resources limit varies per call).
    // Needs a free slot either way: the store happens, only the count depends on `keep`.
    void push_back_if(Resource r, bool keep) { v_[n_] = r; n_ = static_cast<uint8_t>(n_ + keep); }
    void clear() { n_ = 0; }
    const Resource* begin() const { return v_.data(); }
    const Resource* end() const { return v_.data() + n_; }
    std::size_t size() const { return n_; }
    bool empty() const { return n_ == 0; }
    Resource operator[](std::size_t i) const { return v_[i]; }
    operator std::vector<Resource>() const { return {begin(), end()}; }  // NOLINT(google-explicit-constructor)
    friend bool operator==(const ResourceList& a, const ResourceList& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const ResourceList& a, const std::vector<Resource>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::array<Resource, 5> v_{};
    uint8_t n_ = 0;
};

// One bar of the budget view: how much of one SM's budget of one resource the resident CTAs use.
struct Budget {
    std::string name;       // "registers per SM"
    std::string unit;       // "registers", "bytes", "warps", "blocks", "barriers"
    int64_t used = 0;       // at blocks_per_sm resident CTAs (or per thread / per CTA for per-CTA rows)
    int64_t limit = 0;      // the SM's (or CTA's) budget
    bool limiting = false;  // this resource sets blocks_per_sm
};

// The numbers of an answer: what cuda_occupancy.h's cudaOccResult holds (blocks, every limit, the limiting
// resources, the allocations), plus warps and the occupancy fraction. No heap memory: sweeps make millions.
struct OccupancyNumbers {
    int64_t blocks_per_sm = 0;
    int64_t warps_per_sm = 0;
    int64_t threads_per_sm = 0;
    double occupancy = 0;                                // warps_per_sm / max warps per SM, 0..1
    std::array<int64_t, 5> limits{};                     // blocks each resource allows (kResources order);
                                                         // kNoLimit where it sets no limit
    ResourceList limiting;                               // every resource whose limit equals blocks_per_sm
    std::optional<int64_t> regs_per_block;               // registers allocated per CTA (nullopt if > kMaxInput)
    int64_t smem_per_block = 0;                          // bytes allocated per CTA (static+dyn+reserved, rounded)
    int64_t smem_per_sm = 0;                             // bytes the carveout yields for this launch (0 if none fit)
    int64_t warps_per_block = 0;
    int64_t regs_per_warp = 0;                           // after rounding to the allocation unit
    int64_t max_warps_per_sm = 0;

    // The limit of one resource; nullopt where it sets none.
    std::optional<int64_t> limit(Resource r) const {
        const int64_t v = limits[static_cast<std::size_t>(r)];
        return v == kNoLimit ? std::nullopt : std::optional<int64_t>(v);
    }
    // "8, 5, 16, 32": the limits that apply, in kResources order (the derivation's and the report's min()).
    std::string limits_text() const;
};

// The full answer: the numbers and how they come about.
struct OccupancyResult : OccupancyNumbers {
    std::vector<Budget> budgets;                         // per-resource bars, UI/CLI/JS all show these
    std::vector<std::string> derivation;                 // the arithmetic, one step per line
    std::vector<std::string> notes;                      // why 0 blocks; where seed documents simplify
#ifdef SMCALC_TEST_DUMMY_FIELD
    int64_t dummy_member = 7;  // only in tests/fields-dummy's build: one schema entry reaches every answer surface
#endif
};

// Detail::Numbers fills only the numeric fields (blocks, warps, occupancy, limits, limiting, allocations):
// for sweeps (graphs, heatmap, tile enumeration) that call the solver thousands of times.
enum class Detail { Full, Numbers };

// Note: a device with sm_count 0 (unknown, e.g. a bare "cc") is accepted here; NVIDIA's header rejects it.
Expected<OccupancyResult> occupancy(const Device& dev, const KernelInput& in, Detail detail = Detail::Full);
// The same answer for a device checked once (CheckedDevice::check): what sweeps call.
Expected<OccupancyResult> occupancy(const CheckedDevice& dev, const KernelInput& in, Detail detail = Detail::Full);
// Only the numbers, for a device checked once: what sweeps (graphs, heatmap, block_size, tile enumeration)
// and the benchmark against cudaOccMaxActiveBlocksPerMultiprocessor call. Equal to occupancy()'s numbers.
Expected<OccupancyNumbers> occupancy_numbers(const CheckedDevice& dev, const KernelInput& in);
// The same into a caller's `out`, as cudaOccMaxActiveBlocksPerMultiprocessor fills a cudaOccResult: every field
// of `out` is written, so a sweep reuses one OccupancyNumbers for all its calls (no 200-byte clearing per call).
// Returns the Error, or nullopt for an answer; after an Error `out` holds no meaningful figures.
std::optional<Error> occupancy_numbers(const CheckedDevice& dev, const KernelInput& in, OccupancyNumbers& out);

namespace detail {
// The register limit by the checked path alone (cudaOccMaxBlocksPerSMRegsLimit with overflow-checked
// arithmetic, and GP100's 4-sub-partition refusal), never the solver's unchecked fast branch: the tests compare
// the two (tests/unit-occupancy.cpp). `threads` >= 1; not for the hot path.
struct CheckedRegs {
    int64_t limit = 0;                       // blocks the register file allows (kNoLimit: 0 registers)
    std::optional<int64_t> alloc_per_block;  // as OccupancyNumbers::regs_per_block
    int64_t per_warp = 0;                    // as OccupancyNumbers::regs_per_warp
};
CheckedRegs checked_regs_limit(const CheckedDevice& dev, int64_t threads, int64_t regs_per_thread);
}  // namespace detail

struct BlockSizeResult {
    int64_t block_size = 0;      // threads per block giving the most resident threads (largest on ties)
    int64_t min_grid_size = 0;   // blocks for one full wave: blocks_per_sm x sm_count (sm_count 0: per SM)
    int64_t blocks_per_sm = 0;
    double occupancy = 0;
};
// `in.threads` is ignored; every block size from the device max down in warp steps is tried.
Expected<BlockSizeResult> block_size(const Device& dev, const KernelInput& in);
Expected<BlockSizeResult> block_size(const CheckedDevice& dev, const KernelInput& in);

// Dynamic shared memory per block (bytes) that still lets `blocks` CTAs of `in.threads` threads reside
// on one SM. `in.smem_dynamic` is ignored. NotAchievable when fewer than `blocks` fit without any.
Expected<int64_t> dynamic_smem(const Device& dev, const KernelInput& in, int64_t blocks);

// The largest dynamic shared memory per block (bytes) with which occupancy() still gives at least `blocks`
// CTAs per SM: dynamic_smem()'s answer, lowered granule by granule until the solver agrees. They differ
// where NVIDIA's header is inconsistent with itself: cudaOccAvailableDynamicSMemPerBlock divides shared
// memory per SM by the blocks without counting the 1 KiB the driver reserves per block from CC 8.0
// (e.g. CC 8.9, 3 blocks: it answers 34,048 B, with which only 2 blocks reside; this answers 33,024 B).
Expected<int64_t> dynamic_smem_resident(const Device& dev, const KernelInput& in, int64_t blocks);

// Kernel inputs the solver answers but no compiled kernel can have, one sentence each with its source (empty
// when none): more registers per thread than ptxas allocates (`a.max_regs_per_thread`, 255: the programming
// guide; cuda_occupancy.h accepts 256, so the answer for 256 is the header's, disagreement 3 of
// docs/sources.md), and more barriers than a CTA has (`a.barriers_per_block`, 16: PTX ISA `barrier`, ids
// 0..15). The API adds them to an answer's "warnings"; the page shows them under the result.
std::vector<std::string> kernel_input_warnings(const KernelInput& in, const ArchRules& a);

}  // namespace smcalc
