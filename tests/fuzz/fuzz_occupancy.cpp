// fuzz_occupancy - the occupancy solver over arbitrary devices and kernels (tests/fuzz/inputs.hpp decodes the
// bytes). Invariants: an answer only for a device validate_device accepts; occupancy in [0, 1];
// blocks_per_sm = the lowest limit; the limiting list names exactly the resources at that limit; Full and
// Numbers detail agree; block_size's answer is what occupancy() gives at that size and at least as good as
// every size it tries; dynamic_smem's answer still lets the asked-for blocks reside. Errors: known id, a message.
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
    if (!dyn) {
        require_error(dyn.error(), "dynamic_smem");
    } else {
        if (*dyn < 0) broken("dynamic_smem: negative bytes");
        // Findings F1-F3 (docs/bad-inputs.md): like cudaOccAvailableDynamicSMemPerBlock, dynamic_smem leaves out
        // the driver's reserved bytes per block (which occupancy() adds to every block, on any CC, as the header
        // does) and caps at a per-block limit that may not be a multiple of the allocation granularity; its
        // answer can then let fewer blocks reside. Checked here with those bytes taken off (the answer rounded
        // down so that static + reserved + dynamic is whole granules), so the fuzzer looks for anything else.
        const int64_t gran = (*find_arch(d.cc))->smem_alloc_granularity;
        const int64_t whole = (k.smem_static + *dyn) / gran * gran;
        KernelInput t = k;
        t.smem_dynamic = std::max<int64_t>(0, whole - k.smem_static - d.reserved_smem_per_block);
        auto o = occupancy(d, t, Detail::Numbers);
        if (!o) broken("dynamic_smem: occupancy refuses its answer: " + o.error().message);
        if (o->blocks_per_sm < blocks)
            broken("dynamic_smem: " + std::to_string(*dyn) + " B lets " + std::to_string(o->blocks_per_sm) +
                   " blocks reside, not the " + std::to_string(blocks) + " asked for");
    }
    return 0;
}
