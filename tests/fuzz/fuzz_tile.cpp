// fuzz_tile - the GEMM tile model over arbitrary tiles, types, paths and devices (tests/fuzz/inputs.hpp), and
// one time in eight tiles_that_fit over short candidate lists. Invariants: an answer only for a valid device;
// occupancy in [0, 1]; "fits" only with >= 1 CTA and every limit kept; the tile's solver answer obeys the
// occupancy invariants; every row finite; problem figures (waves, efficiencies) in range; a search counts every
// candidate exactly once; stages_auto's count fits its own capacity; a tile's cluster obeys check_clusters and
// fit options appear only for tiles that do not fit. Errors: known id, a message.
#include <cstddef>
#include <cstdint>

#include "check.hpp"
#include "inputs.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    Bytes b(data, size);
    const uint8_t mode = b.u8();
    const Device d = device(b);
    const bool device_ok = validate_device(d).ok();
    const auto gpus = all_gpus();
    const GpuSpec* gpu = mode % 4 == 0 ? &gpus[b.index(gpus.size())] : nullptr;

    if (mode % 8 == 1) {
        TileSearch s = tile_search(b, 3);
        if (b.u8() % 2 == 1) s.stages_auto = true;
        if (b.u8() % 3 == 1) {
            s.clusters = {Dim3{1, 1, 1}, cluster_input(b).dims};
            s.non_portable_cluster = b.u8() % 2 != 0;
            s.gpc = gpc_layout(b, d);
        }
        auto r = tiles_that_fit(d, s);
        if (!r) {
            require_error(r.error(), "tiles_that_fit");
            return 0;
        }
        if (!device_ok) broken("tiles_that_fit answered for a device validate_device refuses");
        require(check_search(s, *r), "tiles_that_fit");
        return 0;
    }
    TileInput t = tile_input(b);
    // Bytes past the tile: sometimes a cluster (CC 9.0+ only, else refused), and the stage rule.
    if (b.u8() % 4 == 1) t.cluster = cluster_input(b);
    auto r = tile(d, t, gpu);
    auto sa = stages_auto(d, t);
    if (!sa) {
        require_error(sa.error(), "stages_auto");
    } else if (sa->stages < 0 || (sa->stages > 0 && sa->stages * sa->stage_bytes > sa->capacity - sa->carveout)) {
        broken("stages_auto: the stages do not fit its own capacity");
    }
    if (!r) {
        require_error(r.error(), "tile");
        return 0;
    }
    if (!device_ok) broken("tile answered for a device validate_device refuses");
    require(check_tile(d, *r), "tile");
    if (r->fits && !r->fit_options.empty()) broken("tile: fit options for a tile that fits");
    for (const TileFitOption& o : r->fit_options)
        if (o.text.empty() || (o.fits && o.ctas_per_sm < 1)) broken("tile: fit option " + o.key + " inconsistent");
    if (r->cluster && t.cluster) require(check_clusters(d, *t.cluster, *r->cluster, r->ctas_per_sm), "tile cluster");
    return 0;
}
