// diff-occupancy.cpp - differential test: the solver (smcalc/occupancy.hpp) against NVIDIA's own
// occupancy calculator, CUDA's include/cuda_occupancy.h, on every modelled compute capability.
//
//   occupancy()     vs cudaOccMaxActiveBlocksPerMultiprocessor  (blocks, every limit, the limiting set,
//                                                                registers and shared memory per block)
//   block_size()    vs cudaOccMaxPotentialOccupancyBlockSize    (block size, min grid size)
//   dynamic_smem()  vs cudaOccAvailableDynamicSMemPerBlock      (bytes)
// and an error from the header must coincide with an Error from ours of the matching kind, and vice versa
// (kind_matches: CUDA_OCC_ERROR_UNKNOWN_DEVICE <-> unknown_arch, CUDA_OCC_ERROR_INVALID_INPUT <-> invalid_input,
// or not_achievable where dynamic_smem is asked for more blocks than fit).
//
// Inputs: a structured grid of edge cases (threads/registers/shared memory at their limits +- 1, every
// carveout edge, opt-in on/off) plus seeded random configurations, over several devices per CC (the
// reference device and database-like variants, all accepted by smcalc::validate_device), CC 10.1 included as
// the old name of 11.0; plus, independent of smcalc's own figures, real devices written directly as the
// cudaOccDeviceProp a device query gives (kNvidiaDevices, each with its source), converted to smcalc's Device
// for our side. The kernel's maxThreadsPerBlock attribute (__launch_bounds__) varies too: occupancy must not
// depend on it (the header ignores it there, and smcalc has no such input: launch bounds act through the
// register count), and block_size() on a device whose max_threads_per_block is min(device, attribute) must
// equal the header's search, which stops at that minimum. Inputs stay where the header itself is well-defined: it casts byte counts to int and
// multiplies registers by the warp size in int, so shared memory stays below 2^30 and registers at most 300.
// The seeds are fixed: a run is reproducible, and a mismatch prints its full input.
#include <doctest/doctest.h>

#include "cuda_occupancy_quiet.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "smcalc/arch.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

using namespace smcalc;

namespace {

constexpr int kMaxPrinted = 20;  // mismatches printed in full per test case; all are counted
constexpr int64_t kFullEvery = 8;  // every 8th occupancy() call with the derivation (Detail::Full)

// ---------------------------------------------------------------------------------------------------------
// Devices: per CC the reference device and database-like variants (SM counts, shared memory per SM at the
// CC's carveout sizes and in between, opt-in and reserved sizes a custom device may state).

struct TestDevice {
    std::string name;
    Device dev;
};

Device with_smem(Device d, int64_t smem_per_sm) {
    d.smem_per_sm = smem_per_sm;
    // validate_device: smem_per_block <= opt-in, and from CC 8.0 opt-in + reserved <= smem_per_sm.
    d.smem_per_block_optin = smem_per_sm - (d.cc.major >= 8 ? d.reserved_smem_per_block : 0);
    d.smem_per_block = std::min<int64_t>(48 * 1024, d.smem_per_block_optin);
    return d;
}

// Real devices as NVIDIA documents them, written as the header's own struct: not derived from smcalc's
// reference_device() or GPU database, so a wrong figure there cannot hide in both sides of the comparison.
// Fields: CC, maxThreadsPerMultiprocessor, regsPerBlock, sharedMemPerMultiprocessor, numSms, sharedMemPerBlockOptin,
// reservedSharedMemPerBlock (bytes, as device queries report it); the fields every CC shares are in occ_prop.
// Sources (keys of /work/shared/reference/gpu-facts.md, resolved in docs/sources.md): per-CC limits from the
// CUDA Programming Guide's "Technical Specifications per Compute Capability" (PG11 Table 15 for 5.x-7.2, PG13
// Tables 30-32 for 7.5-12.x: threads, registers per block and per SM, shared memory per SM and per block with
// opt-in); reserved 1 KiB per block from CC 8.0 (Programming Guide "Shared memory" of each architecture; device
// queries report cudaDevAttrReservedSharedMemoryPerBlock 1024); SM counts from the products' whitepapers or
// device queries where named, else an arbitrary count (it scales only min_grid_size).
struct NvidiaDevice {
    const char* name;
    cudaOccDeviceProp prop;
};

cudaOccDeviceProp to_prop(const Device& d);

// A device query's figures in cudaOccDeviceProp, through to_prop (one mapping of the fields, below). Every CC here
// has maxThreadsPerBlock 1024, regsPerMultiprocessor 65536, warpSize 32 and sharedMemPerBlock 48 KiB (PG11 T15,
// PG13 T30-T32); the rest is each row's.
cudaOccDeviceProp occ_prop(int major, int minor, int threads_sm, int regs_block, size_t smem_sm, int sms, size_t optin,
                           size_t reserved) {
    auto b = [](size_t bytes) { return static_cast<int64_t>(bytes); };
    return to_prop(Device{{major, minor}, sms, 1024, threads_sm, 65536, regs_block, 32, b(smem_sm), b(48 * 1024),
                          b(optin), b(reserved)});
}

constexpr size_t KiB = 1024;
const NvidiaDevice kNvidiaDevices[] = {
    // PG11 T15: 5.x/6.x 2048 threads/SM, 64 K registers/SM, 48 KiB per block (no opt-in beyond it).
    {"CC 5.0 (PG11 T15; 16 SMs arbitrary)", occ_prop(5, 0, 2048, 65536, 64 * KiB, 16, 48 * KiB, 0)},
    {"CC 5.2 (PG11 T15: 96 KiB/SM; 24 SMs arbitrary)", occ_prop(5, 2, 2048, 65536, 96 * KiB, 24, 48 * KiB, 0)},
    {"Jetson Nano CC 5.3 (PG11 T15: 32 K registers per block; 1 SM)", occ_prop(5, 3, 2048, 32768, 64 * KiB, 1, 48 * KiB, 0)},
    {"CC 6.0 (PG11 T15: 64 KiB/SM; 56 SMs arbitrary)", occ_prop(6, 0, 2048, 65536, 64 * KiB, 56, 48 * KiB, 0)},
    {"CC 6.1 (PG11 T15: 96 KiB/SM; 20 SMs arbitrary)", occ_prop(6, 1, 2048, 65536, 96 * KiB, 20, 48 * KiB, 0)},
    {"CC 6.2 (PG11 T15: 32 K registers per block, 64 KiB/SM; 2 SMs arbitrary)", occ_prop(6, 2, 2048, 32768, 64 * KiB, 2, 48 * KiB, 0)},
    {"V100 SXM2 CC 7.0 (PG11 T15: 96 KiB/SM and opt-in; 80 SMs)", occ_prop(7, 0, 2048, 65536, 96 * KiB, 80, 96 * KiB, 0)},
    {"CC 7.2 (PG11 T15: 96 KiB/SM and opt-in; 8 SMs arbitrary)", occ_prop(7, 2, 2048, 65536, 96 * KiB, 8, 96 * KiB, 0)},
    {"T4 CC 7.5 (PG13 T30-T32: 1024 threads/SM, 64 KiB/SM and opt-in; 40 SMs, DQ-T4)", occ_prop(7, 5, 1024, 65536, 64 * KiB, 40, 64 * KiB, 0)},
    {"A100 CC 8.0 (PG13: 164 KiB/SM, opt-in 163 KiB; 108 SMs, A100WP)", occ_prop(8, 0, 2048, 65536, 164 * KiB, 108, 163 * KiB, 1024)},
    {"RTX 3090 CC 8.6 (PG13: 1536 threads/SM, 100 KiB/SM, opt-in 99 KiB; 82 SMs, DQ-3090)", occ_prop(8, 6, 1536, 65536, 100 * KiB, 82, 99 * KiB, 1024)},
    {"Jetson AGX Orin CC 8.7 (PG13: 1536 threads/SM, 164 KiB/SM, opt-in 163 KiB; 16 SMs, DQ-ORIN)", occ_prop(8, 7, 1536, 65536, 164 * KiB, 16, 163 * KiB, 1024)},
    {"RTX 4090 CC 8.9 (PG13: 1536 threads/SM, 100 KiB/SM, opt-in 99 KiB; 128 SMs, DQ-4090)", occ_prop(8, 9, 1536, 65536, 100 * KiB, 128, 99 * KiB, 1024)},
    {"H100 SXM5 CC 9.0 (PG13: 228 KiB/SM, opt-in 227 KiB; 132 SMs, H100WP)", occ_prop(9, 0, 2048, 65536, 228 * KiB, 132, 227 * KiB, 1024)},
    {"H100 PCIe CC 9.0 (as H100 SXM5; 114 SMs, H100WP)", occ_prop(9, 0, 2048, 65536, 228 * KiB, 114, 227 * KiB, 1024)},
    {"B200 CC 10.0 (PG13: 228 KiB/SM, opt-in 227 KiB; 148 SMs, AO4002)", occ_prop(10, 0, 2048, 65536, 228 * KiB, 148, 227 * KiB, 1024)},
    {"CC 10.3 (PG13 10.x column; 148 SMs arbitrary)", occ_prop(10, 3, 2048, 65536, 228 * KiB, 148, 227 * KiB, 1024)},
    {"CC 11.0 (PG13 11.0 column; 20 SMs arbitrary)", occ_prop(11, 0, 2048, 65536, 228 * KiB, 20, 227 * KiB, 1024)},
    {"RTX 5090 CC 12.0 (DQ-5090: 1536 threads/SM, 102400 B/SM, opt-in 101376 B; 170 SMs)", occ_prop(12, 0, 1536, 65536, 100 * KiB, 170, 99 * KiB, 1024)},
    {"RTX 5080 CC 12.0 (as RTX 5090; 84 SMs, DQ-5080)", occ_prop(12, 0, 1536, 65536, 100 * KiB, 84, 99 * KiB, 1024)},
    {"DGX Spark GB10 CC 12.1 (DQ-GB10: 1536 threads/SM, reserved 1024 B; 48 SMs)", occ_prop(12, 1, 1536, 65536, 100 * KiB, 48, 99 * KiB, 1024)},
};

// The device query's figures as smcalc's Device (the inverse of to_prop below, field for field).
Device from_prop(const cudaOccDeviceProp& p) {
    Device d;
    d.cc = {p.computeMajor, p.computeMinor};
    d.sm_count = p.numSms;
    d.max_threads_per_block = p.maxThreadsPerBlock;
    d.max_threads_per_sm = p.maxThreadsPerMultiprocessor;
    d.regs_per_sm = p.regsPerMultiprocessor;
    d.regs_per_block = p.regsPerBlock;
    d.warp_size = p.warpSize;
    d.smem_per_sm = static_cast<int64_t>(p.sharedMemPerMultiprocessor);
    d.smem_per_block = static_cast<int64_t>(p.sharedMemPerBlock);
    d.smem_per_block_optin = static_cast<int64_t>(p.sharedMemPerBlockOptin);
    d.reserved_smem_per_block = static_cast<int64_t>(p.reservedSharedMemPerBlock);
    return d;
}

std::vector<TestDevice> devices_for(const ArchRules& a, ComputeCapability cc) {
    const Device ref = [&] {
        Device d = reference_device(a);
        d.cc = cc;
        return d;
    }();
    std::vector<TestDevice> v;
    auto add = [&](std::string name, Device d) { v.push_back({std::move(name), d}); };
    add("reference", ref);
    for (int64_t sms : {1, 46, 108, 132, 170}) {
        Device d = ref;
        d.sm_count = sms;
        add("reference, " + std::to_string(sms) + " SMs", d);
    }
    if (a.carveout_count > 0) {
        // Shared memory per SM at each non-zero carveout size the CC supports (a device may report less
        // than the largest), and one size between carveouts (the header rounds it up to the next).
        for (int c : a.carveouts()) {
            if (c == 0) continue;
            Device d = with_smem(ref, int64_t{c} * 1024);
            d.sm_count = 40 + c;
            add("smem/SM " + std::to_string(c) + " KiB", d);
        }
        const int64_t top = int64_t{a.carveouts().back()} * 1024;
        add("smem/SM between carveouts", with_smem(ref, top - 3072));
        if (a.cc.major < 8) {
            // Before CC 8.0 the per-block limits may be the whole SM (validate_device bounds opt-in +
            // reserved from 8.0, which keeps every valid device inside the header's carveout table).
            Device full = ref;
            full.smem_per_block = full.smem_per_sm;
            full.smem_per_block_optin = full.smem_per_sm;
            add("smem/block = opt-in = smem/SM", full);
        }
    } else {
        for (int64_t kib : {16, 48, 64, 96, 128}) {
            Device d = with_smem(ref, kib * 1024);
            d.sm_count = 20 + kib;
            add("smem/SM " + std::to_string(kib) + " KiB", d);
        }
    }
    // Opt-in below the default per-block limit is refused by validate_device (opting in never lowers the
    // limit; the header's dynamic_smem would wrap there), so no such device is generated.
    // Reserved bytes changed from CC 8.0 (validate_device refuses any before CC 8.0, where no device
    // reports them; the header would count them in a block's usage but not in its limit).
    if (a.cc.major >= 8) {
        Device res = ref;
        res.reserved_smem_per_block = 0;
        add("reserved 0", res);
        Device res2 = ref;
        res2.reserved_smem_per_block = 2048;
        res2.smem_per_block_optin = std::min(ref.smem_per_block_optin, ref.smem_per_sm - 2048);
        res2.sm_count = 7;
        add("reserved 2 KiB", res2);
    }
    return v;
}

struct TestArch {
    const ArchRules* rules;
    ComputeCapability cc;  // as given to the solver: 10.1 stays 10.1
    std::vector<TestDevice> devices;
    std::vector<TestDevice> nvidia;  // from kNvidiaDevices: figures independent of smcalc's
};

std::vector<TestArch> all_test_archs() {
    std::vector<TestArch> v;
    for (const auto& a : all_arch_rules()) {
        v.push_back({&a, a.cc, devices_for(a, a.cc), {}});
        if (a.cc == ComputeCapability{11, 0}) v.push_back({&a, {10, 1}, devices_for(a, {10, 1}), {}});
    }
    for (const NvidiaDevice& n : kNvidiaDevices)
        for (auto& t : v)
            if (t.cc == ComputeCapability{n.prop.computeMajor, n.prop.computeMinor})
                t.nvidia.push_back({std::string("NVIDIA: ") + n.name, from_prop(n.prop)});
    std::size_t nvidia_count = 0;
    for (const auto& t : v) nvidia_count += t.nvidia.size();
    REQUIRE(nvidia_count == std::size(kNvidiaDevices));  // each one's CC is modelled
    for (const auto& t : v)
        for (const auto* list : {&t.devices, &t.nvidia})
            for (const auto& d : *list) {
                auto ok = validate_device(d.dev);
                INFO("device ", d.name, " of CC ", t.cc.major, ".", t.cc.minor, ": ",
                     (ok ? std::string() : ok.error().message));
                REQUIRE(ok.ok());
            }
    return v;
}

// ---------------------------------------------------------------------------------------------------------
// The mapping onto the header's structs.

cudaOccDeviceProp to_prop(const Device& d) {
    cudaOccDeviceProp p;
    p.computeMajor = d.cc.major;
    p.computeMinor = d.cc.minor;
    p.maxThreadsPerBlock = static_cast<int>(d.max_threads_per_block);
    p.maxThreadsPerMultiprocessor = static_cast<int>(d.max_threads_per_sm);
    p.regsPerBlock = static_cast<int>(d.regs_per_block);
    p.regsPerMultiprocessor = static_cast<int>(d.regs_per_sm);
    p.warpSize = static_cast<int>(d.warp_size);
    p.sharedMemPerBlock = static_cast<size_t>(d.smem_per_block);
    p.sharedMemPerMultiprocessor = static_cast<size_t>(d.smem_per_sm);
    // The header rejects 0 SMs; ours reads sm_count 0 as "unknown" and answers min_grid_size per SM.
    p.numSms = d.sm_count > 0 ? static_cast<int>(d.sm_count) : 1;
    p.sharedMemPerBlockOptin = static_cast<size_t>(d.smem_per_block_optin);
    p.reservedSharedMemPerBlock = static_cast<size_t>(d.reserved_smem_per_block);
    return p;
}

// smem_dynamic_max -1 is CUDA's default, documented in occupancy.hpp: what the per-block limit leaves after
// static shared memory (never below 0: the attribute is unsigned).
int64_t dynamic_max_of(const Device& d, const KernelInput& in) {
    if (in.smem_dynamic_max >= 0) return in.smem_dynamic_max;
    const int64_t limit = in.optin ? d.smem_per_block_optin : d.smem_per_block;
    return std::max<int64_t>(0, limit - in.smem_static);
}

// launch_bounds: the kernel's maxThreadsPerBlock attribute (__launch_bounds__(N) gives N); 0 = none, the
// device's maximum, as the driver reports for a kernel without it.
cudaOccFuncAttributes to_attr(const Device& d, const KernelInput& in, int64_t launch_bounds = 0) {
    cudaOccFuncAttributes a;
    a.maxThreadsPerBlock = static_cast<int>(launch_bounds > 0 ? launch_bounds : d.max_threads_per_block);
    a.numRegs = static_cast<int>(in.regs);
    a.sharedSizeBytes = static_cast<size_t>(in.smem_static);
    a.partitionedGCConfig = PARTITIONED_GC_OFF;
    a.shmemLimitConfig = in.optin ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
    a.maxDynamicSharedSizeBytes = static_cast<size_t>(dynamic_max_of(d, in));
    a.numBlockBarriers = static_cast<int>(in.barriers);
    a.virtualResourceCount = 0;
    return a;
}

cudaOccDeviceState to_state(const KernelInput& in) {
    cudaOccDeviceState s;
    s.cacheConfig = CACHE_PREFER_NONE;
    s.carveoutConfig = in.carveout;
    return s;
}

// ---------------------------------------------------------------------------------------------------------
// Configurations.

struct Config {
    const TestArch* arch;
    const TestDevice* device;
    KernelInput in;
    int64_t blocks = 1;         // for dynamic_smem
    int64_t launch_bounds = 0;  // the kernel's maxThreadsPerBlock attribute; 0 = the device's (none given)
};

// Our side of __launch_bounds__(N) for block_size(): the kernel cannot launch more than N threads per block,
// which for the block-size search is a device whose per-block maximum is min(device, N).
Device bounded(const Device& d, int64_t launch_bounds) {
    Device b = d;
    if (launch_bounds > 0) b.max_threads_per_block = std::min(d.max_threads_per_block, launch_bounds);
    return b;
}

std::string describe(const Config& c) {
    const Device& d = c.device->dev;
    std::ostringstream s;
    s << "CC " << d.cc.major << "." << d.cc.minor << " device '" << c.device->name << "' {sm_count "
      << d.sm_count << ", max_threads_per_block " << d.max_threads_per_block << ", max_threads_per_sm "
      << d.max_threads_per_sm << ", regs_per_sm " << d.regs_per_sm << ", regs_per_block " << d.regs_per_block
      << ", warp_size " << d.warp_size << ", smem_per_sm " << d.smem_per_sm << ", smem_per_block "
      << d.smem_per_block << ", smem_per_block_optin " << d.smem_per_block_optin << ", reserved_smem_per_block "
      << d.reserved_smem_per_block << "}\n    kernel {threads " << c.in.threads << ", regs " << c.in.regs
      << ", smem_static " << c.in.smem_static << ", smem_dynamic " << c.in.smem_dynamic << ", optin "
      << c.in.optin << ", smem_dynamic_max " << c.in.smem_dynamic_max << " (header gets "
      << dynamic_max_of(d, c.in) << "), carveout " << c.in.carveout << ", barriers " << c.in.barriers
      << ", launch_bounds " << c.launch_bounds << "}";
    return s.str();
}

constexpr int64_t kSmemCap = int64_t{1} << 29;  // keeps every byte total of the header below 2^30

int64_t clamp_smem(int64_t v) { return std::clamp<int64_t>(v, 0, kSmemCap); }

const int64_t kEdgeThreads[] = {1, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 192, 255, 256, 257, 320, 384,
                                511, 512, 513, 640, 768, 1000, 1023, 1024, 1025, 1536, 2047, 2048};
const int64_t kEdgeRegs[] = {0,  1,  2,  8,  16, 24,  31,  32,  33,  40,  48,  56,  63,  64,
                             65, 72, 80, 96, 120, 128, 168, 200, 232, 254, 255, 256, 257, 300};
const int kEdgeCarveouts[] = {-1, 0, 1, 50, 99, 100};

// Byte counts (static + dynamic, without the reserved bytes) at the shared-memory edges of one device:
// the allocation granularity, the default and opt-in per-block limits, and the sizes where exactly k
// blocks fill each carveout size, each +-1.
std::vector<int64_t> edge_kernel_bytes(const TestArch& t, const Device& d) {
    const int64_t g = t.rules->smem_alloc_granularity;
    const int64_t r = d.reserved_smem_per_block;
    std::vector<int64_t> bases = {0, g, d.smem_per_block - r, d.smem_per_block, d.smem_per_block_optin - r,
                                  d.smem_per_block_optin};
    std::vector<int64_t> sm_sizes = {d.smem_per_sm};
    for (int c : t.rules->carveouts()) sm_sizes.push_back(int64_t{c} * 1024);
    for (int64_t s : sm_sizes)
        for (int64_t k = 1; k <= 4; ++k) bases.push_back(s / k - r);
    std::vector<int64_t> out = {0, 1};
    for (int64_t b : bases)
        for (int64_t delta : {-1, 0, 1}) out.push_back(b + delta);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    out.erase(std::remove_if(out.begin(), out.end(), [](int64_t v) { return v < 0; }), out.end());
    return out;
}

template <typename T, std::size_t N>
T pick(std::mt19937_64& rng, const T (&list)[N]) {
    return list[std::uniform_int_distribution<std::size_t>(0, N - 1)(rng)];
}
int64_t uniform(std::mt19937_64& rng, int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}
bool chance(std::mt19937_64& rng, double p) { return std::bernoulli_distribution(p)(rng); }

// The dynamic-shared-memory attribute: mostly CUDA's default, else at and around the launch's dynamic size.
int64_t random_dynamic_max(std::mt19937_64& rng, const Device& d, const KernelInput& in) {
    if (chance(rng, 0.5)) return -1;
    const int64_t optin_left = d.smem_per_block_optin - in.smem_static;
    switch (uniform(rng, 0, 7)) {
        case 0: return in.smem_dynamic - 1 >= 0 ? in.smem_dynamic - 1 : 0;
        case 1: return in.smem_dynamic;
        case 2: return in.smem_dynamic + 1;
        case 3: return 0;
        case 4: return clamp_smem(optin_left);
        case 5: return clamp_smem(optin_left + 1);
        case 6: return kSmemCap;
        default: return uniform(rng, 0, d.smem_per_sm);
    }
}

Config random_config(std::mt19937_64& rng, const std::vector<TestArch>& archs) {
    Config c;
    c.arch = &archs[static_cast<std::size_t>(uniform(rng, 0, static_cast<int64_t>(archs.size()) - 1))];
    const auto& devs = c.arch->devices;
    // The reference device (any SM count) half of the time, a variant the other half.
    // NVIDIA's figures a third of the time where the CC has any; else the reference device (any SM count)
    // half of the time, a variant the other half.
    const auto& nv = c.arch->nvidia;
    if (!nv.empty() && chance(rng, 1.0 / 3))
        c.device = &nv[static_cast<std::size_t>(uniform(rng, 0, static_cast<int64_t>(nv.size()) - 1))];
    else
        c.device = chance(rng, 0.5) ? &devs[static_cast<std::size_t>(uniform(rng, 0, 5))]
                                    : &devs[static_cast<std::size_t>(uniform(rng, 6, static_cast<int64_t>(devs.size()) - 1))];
    const Device& d = c.device->dev;
    KernelInput& in = c.in;

    in.threads = chance(rng, 0.4) ? pick(rng, kEdgeThreads) : (chance(rng, 0.85) ? uniform(rng, 1, 1024) : uniform(rng, 1, 2048));
    in.regs = chance(rng, 0.4) ? pick(rng, kEdgeRegs) : (chance(rng, 0.85) ? uniform(rng, 0, 128) : uniform(rng, 0, 300));
    in.optin = chance(rng, 0.5);
    in.carveout = chance(rng, 0.3) ? -1 : (chance(rng, 0.5) ? pick(rng, kEdgeCarveouts) : static_cast<int>(uniform(rng, 0, 100)));
    in.barriers = chance(rng, 0.4) ? 1 : uniform(rng, 0, 20);

    const int64_t per_block = in.optin ? std::max(d.smem_per_block_optin, d.smem_per_block) : d.smem_per_block;
    const double shape = std::uniform_real_distribution<double>(0, 1)(rng);
    if (shape < 0.25) {
        in.smem_static = 0;
        in.smem_dynamic = 0;
    } else if (shape < 0.55) {
        // At an edge, split between static and dynamic.
        const auto edges = edge_kernel_bytes(*c.arch, d);
        const int64_t bytes = edges[static_cast<std::size_t>(uniform(rng, 0, static_cast<int64_t>(edges.size()) - 1))];
        switch (uniform(rng, 0, 2)) {
            case 0: in.smem_static = bytes; break;
            case 1: in.smem_dynamic = bytes; break;
            default: in.smem_static = uniform(rng, 0, bytes); in.smem_dynamic = bytes - in.smem_static; break;
        }
    } else if (shape < 0.97) {
        // Anywhere up to a little over the per-block limit.
        const int64_t bytes = uniform(rng, 0, per_block + 4096);
        in.smem_static = chance(rng, 0.5) ? uniform(rng, 0, std::min(bytes, d.smem_per_block)) : 0;
        in.smem_dynamic = bytes - in.smem_static;
    } else {
        // Far too much.
        in.smem_static = uniform(rng, 0, kSmemCap);
        in.smem_dynamic = uniform(rng, 0, kSmemCap);
    }
    in.smem_dynamic_max = random_dynamic_max(rng, d, in);
    // __launch_bounds__: none 60 % of the time, else an edge (above the device's maximum included) or any.
    const int64_t kBounds[] = {1, 31, 32, 33, 64, 96, 100, 128, 256, 384, 512, 640, 768, 1000, 1023, 1024, 1025, 2048};
    c.launch_bounds = chance(rng, 0.6) ? 0 : (chance(rng, 0.5) ? pick(rng, kBounds) : uniform(rng, 1, 1024));
    // blocks for dynamic_smem: mostly up to what fits without dynamic shared memory (asked of the header),
    // sometimes one more, sometimes anything, sometimes invalid.
    const double b = std::uniform_real_distribution<double>(0, 1)(rng);
    if (b < 0.02) {
        c.blocks = uniform(rng, -1, 0);
    } else if (b < 0.25) {
        c.blocks = uniform(rng, 1, 33);
    } else {
        const cudaOccDeviceProp prop = to_prop(d);
        const cudaOccFuncAttributes attr = to_attr(d, in, c.launch_bounds);
        const cudaOccDeviceState state = to_state(in);
        cudaOccResult h{};
        int fit = 0;
        if (cudaOccMaxActiveBlocksPerMultiprocessor(&h, &prop, &attr, &state, static_cast<int>(in.threads), 0) ==
            CUDA_OCC_SUCCESS)
            fit = h.activeBlocksPerMultiprocessor;
        c.blocks = (fit == 0 || b < 0.35) ? fit + 1 : uniform(rng, 1, fit);
    }
    return c;
}

// Structured edge grid: per CC name and device, every shared-memory edge with opt-in off and on, as static,
// dynamic or split; threads, registers, carveout, barriers and the dynamic attribute rotate through their
// edge values (list lengths 7, 9, 6, 3, 3, the split's 3 and launch bounds' 5 with distinct strides, so that over a device's
// cells each pair of axes meets in many combinations).
std::vector<Config> edge_grid(const std::vector<TestArch>& archs) {
    const int64_t threads[] = {1, 31, 32, 33, 1023, 1024, 1025};
    const int64_t regs[] = {0, 1, 32, 64, 128, 255, 256, 257, 300};
    std::vector<Config> out;
    std::size_t k = 0;
    const int64_t bounds[] = {0, 0, 64, 256, 1000};  // __launch_bounds__: none twice in 5
    for (const auto& t : archs) {
        std::vector<const TestDevice*> devs;
        for (const auto& dev : t.devices) devs.push_back(&dev);
        for (const auto& dev : t.nvidia) devs.push_back(&dev);
        for (const TestDevice* devp : devs) {
            const TestDevice& dev = *devp;
            for (int64_t bytes : edge_kernel_bytes(t, dev.dev)) {
                for (int optin = 0; optin <= 1; ++optin) {
                    ++k;
                    Config c;
                    c.arch = &t;
                    c.device = &dev;
                    c.in.optin = optin != 0;
                    c.in.threads = threads[k % 7];
                    c.in.regs = regs[(k / 2) % 9];
                    c.in.carveout = kEdgeCarveouts[(k / 3) % 6];
                    c.in.barriers = static_cast<int64_t>((k / 5) % 3);  // 0, 1, 2
                    switch ((k / 7) % 3) {
                        case 0: c.in.smem_static = bytes; break;
                        case 1: c.in.smem_dynamic = bytes; break;
                        default: c.in.smem_static = bytes / 2; c.in.smem_dynamic = bytes - bytes / 2; break;
                    }
                    switch ((k / 11) % 3) {  // the dynamic attribute: default, the launch's, one below
                        case 0: c.in.smem_dynamic_max = -1; break;
                        case 1: c.in.smem_dynamic_max = c.in.smem_dynamic; break;
                        default: c.in.smem_dynamic_max = std::max<int64_t>(0, c.in.smem_dynamic - 1); break;
                    }
                    c.blocks = static_cast<int64_t>(1 + (k / 13) % 6);
                    c.launch_bounds = bounds[(k / 17) % 5];
                    out.push_back(c);
                }
            }
        }
    }
    return out;
}

// Inputs both sides must refuse, so that the error kinds are compared on every function: counts out of range
// (threads 0 or -1, registers -1, blocks 0) on each CC's reference device, and compute capabilities neither
// models (2.0: Fermi, before the header's table; 13.0: after it) as devices of their own.
std::vector<Config> refused_configs(const std::vector<TestArch>& archs) {
    static std::vector<TestArch> unknown;  // the configs point into it
    if (unknown.empty())
        for (ComputeCapability cc : {ComputeCapability{2, 0}, ComputeCapability{13, 0}}) {
            Device d = reference_device(all_arch_rules().front());
            d.cc = cc;
            unknown.push_back({&all_arch_rules().front(), cc, {{"unmodelled CC", d}}, {}});
        }
    std::vector<Config> out;
    auto add = [&](const TestArch& t, const TestDevice& dev, int64_t threads, int64_t regs, int64_t blocks) {
        Config c;
        c.arch = &t;
        c.device = &dev;
        c.in.threads = threads;
        c.in.regs = regs;
        c.blocks = blocks;
        out.push_back(c);
    };
    for (const auto& t : archs) {
        add(t, t.devices.front(), 0, 32, 1);
        add(t, t.devices.front(), -1, 32, 1);
        add(t, t.devices.front(), 256, -1, 1);
        add(t, t.devices.front(), 256, 32, 0);
    }
    for (const auto& t : unknown) add(t, t.devices.front(), 256, 32, 1);
    return out;
}

// ---------------------------------------------------------------------------------------------------------
// Comparisons. Each returns an Outcome: diff "" on agreement, else what differs.

struct Outcome {
    std::string diff;
    bool outside_domain = false;  // the header's answer is not defined here (see compare_dynamic_smem)
    bool positive = false;        // the header answered a non-zero value (blocks, block size, bytes)
    bool both_failed = false;     // the header and ours both answered an error
    Outcome(std::string d = {}) : diff(std::move(d)) {}  // NOLINT(google-explicit-constructor)
};

Outcome both_failed() {
    Outcome o;
    o.both_failed = true;
    return o;
}

// The error kinds that correspond: the header has two (cudaOccError), smcalc one per cause (error.hpp).
// dynamic_smem for more blocks than fit is the header's INVALID_INPUT and smcalc's not_achievable; every
// other INVALID_INPUT here is a value out of range (invalid_input). No invalid_device can occur: every
// device of this test passes validate_device.
bool kind_matches(cudaOccError herr, ErrorId ours, bool blocks_not_fitting) {
    switch (herr) {
        case CUDA_OCC_ERROR_UNKNOWN_DEVICE: return ours == ErrorId::UnknownArch;
        case CUDA_OCC_ERROR_INVALID_INPUT:
            return ours == (blocks_not_fitting ? ErrorId::NotAchievable : ErrorId::InvalidInput);
        default: return false;
    }
}

std::string kind_diff(cudaOccError herr, const Error& ours) {
    return std::string("error kinds differ: header cudaOccError ") + std::to_string(static_cast<int>(herr)) +
           ", ours [" + std::string(error_id_string(ours.id)) + "] " + ours.message;
}

const char* kKeys[] = {"regs", "smem", "warps", "blocks", "barriers"};

std::string fmt_limit(std::optional<int64_t> v) { return v ? std::to_string(*v) : "none(kNoLimit)"; }
std::string fmt_hlimit(int v) { return v == INT_MAX ? "none(INT_MAX)" : std::to_string(v); }

// The header's three inputs for a config, as every call of it below takes them: the device, the kernel with its
// launch bounds, and the launch state (record-table.cpp, which includes this file, builds its calls the same way).
struct HeaderInputs {
    cudaOccDeviceProp prop;
    cudaOccFuncAttributes attr;
    cudaOccDeviceState state;
};
HeaderInputs header_inputs(const Config& c) {
    const Device& d = c.device->dev;
    return {to_prop(d), to_attr(d, c.in, c.launch_bounds), to_state(c.in)};
}

// `full`: ask for the derivation and notes too (Detail::Full, the default); else Detail::Numbers, the
// fast path sweeps use. Both must give the header's numbers.
Outcome compare_occupancy(const Config& c, bool full) {
    const Device& d = c.device->dev;
    const auto [prop, attr, state] = header_inputs(c);
    cudaOccResult h{};
    const cudaOccError herr = cudaOccMaxActiveBlocksPerMultiprocessor(
        &h, &prop, &attr, &state, static_cast<int>(c.in.threads), static_cast<size_t>(c.in.smem_dynamic));
    const auto ours = occupancy(d, c.in, full ? Detail::Full : Detail::Numbers);

    if ((herr != CUDA_OCC_SUCCESS) != !ours.ok()) {
        return std::string("error disagreement: header ") +
               (herr == CUDA_OCC_SUCCESS ? "succeeds with " + std::to_string(h.activeBlocksPerMultiprocessor) + " blocks"
                                         : "fails with cudaOccError " + std::to_string(static_cast<int>(herr))) +
               ", ours " + (ours.ok() ? "succeeds with " + std::to_string(ours->blocks_per_sm) + " blocks"
                                     : "fails: [" + std::string(error_id_string(ours.error().id)) + "] " + ours.error().message);
    }
    if (!ours.ok()) return kind_matches(herr, ours.error().id, false) ? both_failed() : Outcome(kind_diff(herr, ours.error()));
    const OccupancyResult& r = *ours;
    Outcome out;
    out.positive = h.activeBlocksPerMultiprocessor > 0;

    // The header's limits in kResources order; INT_MAX there is "no limit", nullopt here.
    const int hl[5] = {h.blockLimitRegs, h.blockLimitSharedMem, h.blockLimitWarps, h.blockLimitBlocks,
                       h.blockLimitBarriers};
    std::ostringstream diff;
    if (r.blocks_per_sm != h.activeBlocksPerMultiprocessor)
        diff << " blocks_per_sm ours " << r.blocks_per_sm << " header " << h.activeBlocksPerMultiprocessor << ";";
    for (int i = 0; i < 5; ++i) {
        const std::optional<int64_t> theirs = hl[i] == INT_MAX ? std::nullopt : std::optional<int64_t>(hl[i]);
        if (r.limit(kResources[static_cast<std::size_t>(i)]) != theirs)
            diff << " limit " << kKeys[i] << " ours " << fmt_limit(r.limit(kResources[static_cast<std::size_t>(i)]))
                 << " header " << fmt_hlimit(hl[i]) << ";";
    }
    // The limiting set. Ours: every resource whose limit equals blocks_per_sm. The header's is derived the
    // same way from its block limits, NOT read from result.limitingFactors: that bitfield is filled before
    // the (CC >= 9.0) barrier limit is applied, so where barriers lower the total, the flags set for the
    // earlier minimum stay set although those resources no longer equal the answer (e.g. H100, 5 barriers
    // per CTA: 12 blocks, but OCC_LIMIT_BLOCKS stays set from the 32-block minimum).
    unsigned ours_set = 0;
    unsigned header_set = 0;
    for (Resource res : r.limiting) ours_set |= 1u << static_cast<int>(res);
    for (int i = 0; i < 5; ++i)
        if (hl[i] != INT_MAX && hl[i] == h.activeBlocksPerMultiprocessor) header_set |= 1u << i;
    if (ours_set != header_set) {
        diff << " limiting ours {";
        for (int i = 0; i < 5; ++i)
            if (ours_set & (1u << i)) diff << kKeys[i] << " ";
        diff << "} header {";
        for (int i = 0; i < 5; ++i)
            if (header_set & (1u << i)) diff << kKeys[i] << " ";
        diff << "};";
    }
    if (r.regs_per_block.value_or(-1) != h.allocatedRegistersPerBlock)
        diff << " regs_per_block ours " << fmt_limit(r.regs_per_block) << " header " << h.allocatedRegistersPerBlock << ";";
    if (r.smem_per_block != static_cast<int64_t>(h.allocatedSharedMemPerBlock))
        diff << " smem_per_block ours " << r.smem_per_block << " header " << h.allocatedSharedMemPerBlock << ";";
    // Derived figures, from the header's block count.
    const int64_t warps = (c.in.threads + d.warp_size - 1) / d.warp_size;
    const int64_t max_warps = d.max_threads_per_sm / d.warp_size;
    const int64_t hwarps = int64_t{h.activeBlocksPerMultiprocessor} * warps;
    if (r.warps_per_sm != hwarps) diff << " warps_per_sm ours " << r.warps_per_sm << " header-derived " << hwarps << ";";
    if (r.threads_per_sm != int64_t{h.activeBlocksPerMultiprocessor} * c.in.threads)
        diff << " threads_per_sm ours " << r.threads_per_sm << ";";
    if (r.occupancy != static_cast<double>(hwarps) / static_cast<double>(max_warps))
        diff << " occupancy ours " << r.occupancy << " header-derived " << static_cast<double>(hwarps) / static_cast<double>(max_warps) << ";";
    // Sanity of the mapping itself: no virtual resources, no partitioned caching.
    if (h.blockLimitVirtual != INT_MAX || h.partitionedGCConfig != PARTITIONED_GC_OFF)
        diff << " mapping: header used virtual resources or partitioned caching;";
    if (full && r.blocks_per_sm == 0 && r.notes.empty()) diff << " 0 blocks without a note;";
    out.diff = diff.str();
    return out;
}

Outcome compare_block_size(const Config& c, bool) {
    const Device& d = c.device->dev;
    const auto [prop, attr, state] = header_inputs(c);
    int hgrid = -1;
    int hblock = -1;
    const cudaOccError herr = cudaOccMaxPotentialOccupancyBlockSize(&hgrid, &hblock, &prop, &attr, &state, nullptr,
                                                                    static_cast<size_t>(c.in.smem_dynamic));
    const auto ours = block_size(bounded(d, c.launch_bounds), c.in);
    if ((herr != CUDA_OCC_SUCCESS) != !ours.ok()) {
        return std::string("error disagreement: header ") +
               (herr == CUDA_OCC_SUCCESS ? "succeeds (block " + std::to_string(hblock) + ")"
                                         : "fails with cudaOccError " + std::to_string(static_cast<int>(herr))) +
               ", ours " + (ours.ok() ? "succeeds (block " + std::to_string(ours->block_size) + ")"
                                     : "fails: [" + std::string(error_id_string(ours.error().id)) + "] " + ours.error().message);
    }
    if (!ours.ok()) return kind_matches(herr, ours.error().id, false) ? both_failed() : Outcome(kind_diff(herr, ours.error()));
    std::ostringstream diff;
    if (ours->block_size != hblock) diff << " block_size ours " << ours->block_size << " header " << hblock << ";";
    if (ours->min_grid_size != hgrid) diff << " min_grid_size ours " << ours->min_grid_size << " header " << hgrid << ";";
    if (ours->blocks_per_sm * prop.numSms != hgrid)
        diff << " blocks_per_sm ours " << ours->blocks_per_sm << " header " << hgrid / prop.numSms << ";";
    Outcome out(diff.str());
    out.positive = hblock > 0;
    return out;
}

// True where cudaOccAvailableDynamicSMemPerBlock, after its occupancy check, subtracts the static size
// from a smaller per-block share: it does so in size_t, wraps, and then answers maxDynamicSharedSizeBytes
// (the cap that follows). Recomputed with the header's own helper functions, step for step as it does.
// Only devices whose opt-in limit is below the default per-block limit get here.
bool header_share_below_static(const cudaOccDeviceProp& p, const cudaOccFuncAttributes& a,
                               const cudaOccDeviceState& st, int num_blocks) {
    int granularity = 0;
    size_t limit = 0;
    size_t preference = 0;
    if (cudaOccSMemAllocationGranularity(&granularity, &p) != CUDA_OCC_SUCCESS) return false;
    if (cudaOccSMemPerBlock(&limit, &p, a.shmemLimitConfig, p.sharedMemPerMultiprocessor) != CUDA_OCC_SUCCESS)
        return false;
    cudaOccSMemPerMultiprocessor(&preference, &p, &st);
    size_t share = limit;
    if (num_blocks != 1) {
        if (preference == 0) {
            preference = 1;
            if (cudaOccAlignUpShmemSizeVoltaPlus(&preference, &p) != CUDA_OCC_SUCCESS) return false;
        }
        share = preference;
    }
    size_t avail = share / static_cast<size_t>(num_blocks);
    avail = avail / static_cast<size_t>(granularity) * static_cast<size_t>(granularity);
    avail = std::min(avail, limit);
    return avail < a.sharedSizeBytes;
}

// Whether the header's own occupancy check says c.blocks blocks do not fit: the INVALID_INPUT of
// cudaOccAvailableDynamicSMemPerBlock that means "more blocks than fit", not a bad input (record-table.cpp too).
bool header_not_fitting(const cudaOccDeviceProp& prop, const cudaOccFuncAttributes& attr, const cudaOccDeviceState& state,
                        const Config& c) {
    cudaOccResult h{};
    return c.blocks >= 1 &&
           cudaOccMaxActiveBlocksPerMultiprocessor(&h, &prop, &attr, &state, static_cast<int>(c.in.threads), 0) ==
               CUDA_OCC_SUCCESS &&
           h.activeBlocksPerMultiprocessor < c.blocks;
}

Outcome compare_dynamic_smem(const Config& c, bool) {
    const Device& d = c.device->dev;
    const auto [prop, attr, state] = header_inputs(c);
    size_t hbytes = 0;
    const cudaOccError herr = cudaOccAvailableDynamicSMemPerBlock(&hbytes, &prop, &attr, &state,
                                                                  static_cast<int>(c.blocks), static_cast<int>(c.in.threads));
    const auto ours = dynamic_smem(d, c.in, c.blocks);
    if ((herr != CUDA_OCC_SUCCESS) != !ours.ok()) {
        return std::string("error disagreement (blocks ") + std::to_string(c.blocks) + "): header " +
               (herr == CUDA_OCC_SUCCESS ? "answers " + std::to_string(hbytes) + " B"
                                         : "fails with cudaOccError " + std::to_string(static_cast<int>(herr))) +
               ", ours " + (ours.ok() ? "answers " + std::to_string(*ours) + " B"
                                     : "fails: [" + std::string(error_id_string(ours.error().id)) + "] " + ours.error().message);
    }
    if (!ours.ok()) {
        // Which INVALID_INPUT the header meant: blocks >= 1 that its own occupancy check says do not fit.
        const bool not_fitting = header_not_fitting(prop, attr, state, c);
        return kind_matches(herr, ours.error().id, not_fitting) ? both_failed() : Outcome(kind_diff(herr, ours.error()));
    }
    if (herr == CUDA_OCC_SUCCESS && header_share_below_static(prop, attr, state, static_cast<int>(c.blocks))) {
        // Outside the header's domain (unsigned wrap-around). occupancy.cpp answers 0 bytes here by design.
        Outcome o(*ours == 0 ? "" : "header's size_t subtraction wraps (answer " + std::to_string(hbytes) +
                                        " B); ours must be 0 but is " + std::to_string(*ours));
        o.outside_domain = true;
        return o;
    }
    Outcome out;
    out.positive = hbytes > 0;
    if (*ours < 0 || static_cast<uint64_t>(*ours) != static_cast<uint64_t>(hbytes))
        out.diff = "blocks " + std::to_string(c.blocks) + ": bytes ours " + std::to_string(*ours) + " header " +
                   std::to_string(hbytes);
    return out;
}

// ---------------------------------------------------------------------------------------------------------

struct Tally {
    const char* what = "";
    int64_t compared = 0;
    int64_t mismatches = 0;
    int64_t outside_domain = 0;
    int64_t positive = 0;
    int64_t both_failed = 0;
    int64_t nvidia = 0;         // on a device of kNvidiaDevices
    int64_t launch_bounds = 0;  // with a __launch_bounds__ attribute
    std::vector<ComputeCapability> ccs;

    void record(const Config& c, const Outcome& o) {
        ++compared;
        if (o.outside_domain) ++outside_domain;
        if (o.positive) ++positive;
        if (o.both_failed) ++both_failed;
        if (c.device->name.rfind("NVIDIA: ", 0) == 0) ++nvidia;
        if (c.launch_bounds > 0) ++launch_bounds;
        if (c.device->name != "unmodelled CC" && std::find(ccs.begin(), ccs.end(), c.device->dev.cc) == ccs.end())
            ccs.push_back(c.device->dev.cc);
        if (o.diff.empty()) return;
        if (++mismatches <= kMaxPrinted)
            std::cout << what << " mismatch #" << mismatches << ":\n    " << describe(c) << "\n    " << o.diff << "\n";
    }
    void report(double seconds) const {
        std::ostringstream s;
        s << "differential test (" << what << "): " << compared << " configurations compared over "
          << ccs.size() << " compute capabilities (" << all_arch_rules().size() << " modelled + 10.1 as 11.0's "
          << "old name), " << mismatches << " mismatches; " << positive << " with a non-zero answer, " << both_failed
          << " with an error of the same kind from both; " << nvidia << " on NVIDIA's device figures, "
          << launch_bounds << " with __launch_bounds__";
        if (outside_domain)
            s << "; " << outside_domain << " outside the header's domain (its size_t subtraction wraps), "
              << "checked to answer 0";
        s << "; " << seconds << " s";
        std::cout << s.str() << std::endl;
        MESSAGE(s.str());
        CHECK(mismatches == 0);
        CHECK(nvidia > compared / 5);
        CHECK(launch_bounds > compared / 5);
        CHECK(ccs.size() == all_arch_rules().size() + 1);
    }
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <typename Compare>
void run(const char* what, int64_t random_count, uint64_t seed, bool with_grid, Compare compare) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto archs = all_test_archs();
    Tally tally;
    tally.what = what;
    int64_t i = 0;
    if (with_grid)
        for (const Config& c : edge_grid(archs)) tally.record(c, compare(c, i++ % kFullEvery == 0));
    for (const Config& c : refused_configs(archs)) tally.record(c, compare(c, true));
    std::mt19937_64 rng(seed);
    for (int64_t n = 0; n < random_count; ++n) {
        const Config c = random_config(rng, archs);
        tally.record(c, compare(c, i++ % kFullEvery == 0));
    }
    tally.report(seconds_since(t0));
}

}  // namespace

TEST_CASE("oracle: occupancy() equals cudaOccMaxActiveBlocksPerMultiprocessor") {
    run("occupancy", 170'000, 0x5eed0001, true, compare_occupancy);
}

TEST_CASE("oracle: dynamic_smem() equals cudaOccAvailableDynamicSMemPerBlock") {
    run("dynamic_smem", 170'000, 0x5eed0002, true, compare_dynamic_smem);
}

TEST_CASE("oracle: block_size() equals cudaOccMaxPotentialOccupancyBlockSize") {
    // in.threads does not matter here, so the edge grid (which varies it most) is left out.
    run("block_size", 200'000, 0x5eed0003, false, compare_block_size);
}

TEST_CASE("oracle: smcalc's reference device of each CC has NVIDIA's documented per-CC figures") {
    // The comparisons above give both sides the same device; this checks smcalc's own figures against the
    // independent table (all but the SM count, which is per product).
    for (const NvidiaDevice& n : kNvidiaDevices) {
        const std::string name = n.name;
        CAPTURE(name);
        const Device nv = from_prop(n.prop);
        auto rules = find_arch(nv.cc);
        REQUIRE(rules.ok());
        const Device ref = reference_device(**rules);
        CHECK(ref.max_threads_per_block == nv.max_threads_per_block);
        CHECK(ref.max_threads_per_sm == nv.max_threads_per_sm);
        CHECK(ref.regs_per_sm == nv.regs_per_sm);
        CHECK(ref.regs_per_block == nv.regs_per_block);
        CHECK(ref.warp_size == nv.warp_size);
        CHECK(ref.smem_per_sm == nv.smem_per_sm);
        CHECK(ref.smem_per_block == nv.smem_per_block);
        CHECK(ref.smem_per_block_optin == nv.smem_per_block_optin);
        CHECK(ref.reserved_smem_per_block == nv.reserved_smem_per_block);
    }
}
