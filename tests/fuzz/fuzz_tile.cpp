// fuzz_tile - the GEMM tile model over arbitrary tiles, types, paths and devices (tests/fuzz/inputs.hpp), and
// one time in eight tiles_that_fit over short candidate lists. Invariants: an answer only for a valid device;
// occupancy in [0, 1]; "fits" only with >= 1 CTA and every limit kept; the tile's solver answer obeys the
// occupancy invariants; every row finite; problem figures (waves, efficiencies) in range; a search counts every
// candidate exactly once. Errors: known id, a message.
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
        const TileSearch s = tile_search(b, 3);
        auto r = tiles_that_fit(d, s);
        if (!r) {
            require_error(r.error(), "tiles_that_fit");
            return 0;
        }
        if (!device_ok) broken("tiles_that_fit answered for a device validate_device refuses");
        require(check_search(s, *r), "tiles_that_fit");
        return 0;
    }
    const TileInput t = tile_input(b);
    auto r = tile(d, t, gpu);
    if (!r) {
        require_error(r.error(), "tile");
        return 0;
    }
    if (!device_ok) broken("tile answered for a device validate_device refuses");
    require(check_tile(d, *r), "tile");
    return 0;
}
