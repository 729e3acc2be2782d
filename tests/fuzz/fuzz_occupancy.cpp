// fuzz_occupancy - the occupancy solver over arbitrary devices and kernels (tests/fuzz/inputs.hpp decodes the
// bytes). Invariants: an answer only for a device validate_device accepts; occupancy in [0, 1];
// blocks_per_sm = the lowest limit; the limiting list names exactly the resources at that limit; Full and
// Numbers detail agree; block_size's answer is what occupancy() gives at that size and at least as good as
// every size it tries; dynamic_smem_resident's answer lets the asked-for blocks reside and dynamic_smem (NVIDIA's
// figure) is at most the reserved bytes plus a granule above it. Thread block clusters over the same kernel
// (decoded after it): low <= typical <= high <= floor(SMs x CTAs per SM / size), the GPCs add up, size 1 gives
// SMs x CTAs per SM (check_clusters). Errors: known id, a message.
#include <cstddef>
#include <cstdint>

#include "check.hpp"
#include "inputs.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    Bytes b(data, size);
    const Device d = device(b);
    const KernelInput k = kernel(b);
    const int64_t blocks = value(b, 2, 1, 32);

    const bool device_ok = validate_device(d).ok();
    auto full = occupancy(d, k, Detail::Full);
    if (!full) {
        require_error(full.error(), "occupancy");
    } else {
        if (!device_ok) broken("occupancy answered for a device validate_device refuses");
        require(check_occupancy(d, k, *full), "occupancy");
        auto nums = occupancy(d, k, Detail::Numbers);
        if (!nums || nums->blocks_per_sm != full->blocks_per_sm || nums->occupancy != full->occupancy ||
            nums->limits != full->limits || nums->limiting != full->limiting)
            broken("occupancy: Detail::Numbers disagrees with Detail::Full");
        if (full->derivation.empty()) broken("occupancy: no derivation");
    }

    // Finding F4 (docs/bad-inputs.md): block_size tries max_threads_per_block / warp_size sizes, up to 2^31 on a
    // device validate_device accepts (minutes). Left out above 2^16 sizes so the fuzzer keeps its pace.
    const bool f4 = d.warp_size > 0 && d.max_threads_per_block / d.warp_size > (1 << 16);
    auto bs = f4 ? Expected<BlockSizeResult>(Error{ErrorId::InvalidInput, "", "F4"}) : block_size(d, k);
    if (!bs) {
        require_error(bs.error(), "block_size");
    } else {
        require(check_block_size(d, k, *bs), "block_size");
        // At least as good as every size it tries (threads per SM), for a handful of them.
        for (int i = 0; i < 4 && d.max_threads_per_block <= (int64_t{1} << 20); ++i) {
            KernelInput t = k;
            t.threads = std::min(d.max_threads_per_block, (1 + b.between(0, 1 << 15)) * d.warp_size);
            if (auto o = occupancy(d, t, Detail::Numbers); o && o->threads_per_sm > bs->block_size * bs->blocks_per_sm)
                broken("block_size: " + std::to_string(t.threads) + " threads give more threads per SM than its answer " +
                       std::to_string(bs->block_size));
        }
    }

    auto dyn = dynamic_smem(d, k, blocks);
    auto res = dynamic_smem_resident(d, k, blocks);
    if (dyn.ok() != res.ok()) broken("dynamic_smem and dynamic_smem_resident disagree on whether there is an answer");
    if (!dyn) {
        require_error(dyn.error(), "dynamic_smem");
    } else {
        // dynamic_smem_resident: the size the solver agrees with. dynamic_smem: NVIDIA's figure, which leaves
        // out the driver's reserved bytes per block (finding F1), so it may be up to that much (plus rounding)
        // above it, never below.
        if (*res < 0 || *res > *dyn) broken("dynamic_smem_resident outside 0 .. dynamic_smem");
        KernelInput t = k;
        t.smem_dynamic = *res;
        auto o = occupancy(d, t, Detail::Numbers);
        if (!o) broken("dynamic_smem_resident: occupancy refuses its answer: " + o.error().message);
        if (o->blocks_per_sm < blocks)
            broken("dynamic_smem_resident: " + std::to_string(*res) + " B lets " + std::to_string(o->blocks_per_sm) +
                   " blocks reside, not the " + std::to_string(blocks) + " asked for");
        const int64_t gran = (*find_arch(d.cc))->smem_alloc_granularity;
        if (*dyn - *res > d.reserved_smem_per_block + gran)
            broken("dynamic_smem is " + std::to_string(*dyn - *res) + " B above dynamic_smem_resident");
    }
    // Thread block clusters of the same kernel (bytes past the end give a 1x1x1 cluster on the device's layout).
    const ClusterInput ci = cluster_input(b);
    const GpcLayout gl = gpc_layout(b, d);
    auto cr = clusters(d, gl, k, ci);
    if (!cr) {
        require_error(cr.error(), "clusters");
    } else {
        if (!device_ok) broken("clusters answered for a device validate_device refuses");
        auto occ = occupancy(d, k, Detail::Numbers);
        if (!occ) broken("clusters answered for a kernel occupancy() refuses");
        require(check_clusters(d, ci, *cr, occ->blocks_per_sm), "clusters");
    }
    return 0;
}
