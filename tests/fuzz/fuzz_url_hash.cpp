// fuzz_url_hash - the page's URL-hash reader (web/ui_state.cpp, compiled natively: it needs only the core)
// over arbitrary bytes. Invariants: decode_hash never fails; every value it keeps is inside its field's range;
// at most 7 notices; its state written back (encode_hash) reads again without a notice and writes the same
// hash (a shared link is stable); the device and the kernel (or, in tile mode, the tile) it yields go through
// validate_device / occupancy / tile with an answer or an Error, as the page calls them; percent_decode(percent_encode(s)) == s.
// A tile with a CUTLASS schedule goes the page's way too (issue 30): the JS API module's lines for the hash
// (page_tile_lines), read back by the page (read_page_tile) into its model (compute_model): an answer or an Error,
// with the full core's verdict, CTAs per SM and shared memory. The bytes themselves, read as such lines, never crash.
// Where the API is built: the hash as the JSON request smcalc-messages.js sends the JS API (web/page_request.cpp)
// is answered, or refused as input the model refuses, never as a malformed request or an internal error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "check.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"
#include "ui_model.hpp"
#ifdef SMCALC_FUZZ_PAGE_REQUEST
#include "page_request.hpp"
#include "smcalc_api.hpp"
#endif
#include "ui_state.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view hash(reinterpret_cast<const char*>(data), size);
    const web::Decoded d = web::decode_hash(hash);
    if (d.notices.size() > 7) broken("decode_hash: more than 7 notices");
    for (const std::string& n : d.notices)
        if (n.empty()) broken("decode_hash: an empty notice");
    const web::Inputs& in = d.inputs;
#ifdef SMCALC_FUZZ_PAGE_REQUEST
    {
        const std::string answer = api::handle_line(web::page_request_json(hash));
        if (answer.find("\"id\":\"bad_request\"") != std::string::npos || answer.find("\"id\":\"internal\"") != std::string::npos)
            broken("page_request_json: the API refuses the page's own request as malformed: " + answer.substr(0, 300));
    }
#endif
    const KernelInput& k = in.kernel;
    const auto within = [](int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; };
    if (!within(k.threads, 1, kMaxInput) || !within(k.regs, 0, kMaxInput) || !within(k.smem_static, 0, kMaxInput) ||
        !within(k.smem_dynamic, 0, kMaxInput) || !(k.smem_dynamic_max == -1 || within(k.smem_dynamic_max, 0, kMaxInput)) ||
        !within(k.carveout, -1, 100) || !within(k.barriers, 0, kMaxInput))
        broken("decode_hash: a kernel field outside its range");
    const TileInput& t = in.tile;
    if (!within(t.m, 1, kMaxInput) || !within(t.n, 1, kMaxInput) || !within(t.k, 1, kMaxInput) ||
        !within(t.stages, 1, kMaxInput) || !within(t.warps, 1, kMaxInput) || !within(t.acc_buffers, 1, kMaxInput) ||
        !within(t.epilogue_bytes, 0, kMaxInput) || !(t.overhead_regs == -1 || within(t.overhead_regs, 0, kMaxInput)))
        broken("decode_hash: a tile field outside its range");
    for (const auto& o : in.overrides)
        if (o && !within(*o, 0, kMaxInput)) broken("decode_hash: a device override outside 0 .. 2^53-1");
    const amd::GpuSpec* amd_gpu = web::amd_gpu(in);
    if (!web::base_gpu(in) == !amd_gpu) broken("decode_hash: the GPU is in neither database (or in both)");
    const amd::KernelInput& ak = in.amd;
    if (!within(ak.vgprs, 0, 256) || !within(ak.agprs, 0, 256) || !within(ak.sgprs, 0, 112) ||
        !within(ak.lds, 0, kMaxInput) || !within(ak.scratch, 0, kMaxInput))
        broken("decode_hash: an AMD kernel field outside its range");
    if (in.cluster_on && (!within(in.cluster.dims.x, 1, kMaxClusterSize) || !within(in.cluster.dims.y, 1, kMaxClusterSize) ||
                          !within(in.cluster.dims.z, 1, kMaxClusterSize)))
        broken("decode_hash: a cluster dimension outside 1 .. 16");
    if (in.cc_override && !find_arch(*in.cc_override)) broken("decode_hash: an unmodelled CC kept");

    const std::string canonical = web::encode_hash(in);
    const web::Decoded again = web::decode_hash(canonical);
    if (!again.notices.empty())
        broken("decode_hash: its own canonical hash gives a notice: " + again.notices.front() + "\n  hash: " + canonical);
    if (web::encode_hash(again.inputs) != canonical)
        broken("encode_hash is not stable:\n  " + canonical + "\n  " + web::encode_hash(again.inputs));

    if (amd_gpu) {
        // The AMD model answers the decoded kernel or tile, or names the field it refuses.
        if (auto o = amd::occupancy(amd_gpu->arch(), in.amd_input()); !o) require_error(o.error(), "AMD occupancy of a decoded hash");
        if (in.mode == web::Mode::Tile)
            if (auto r = amd::tile(*amd_gpu, in.amd_tile_input()); !r) require_error(r.error(), "AMD tile of a decoded hash");
        bool ok = false;
        if (web::percent_decode(web::percent_encode(hash), &ok) != hash || !ok) broken("percent_decode(percent_encode(s)) != s");
        return 0;
    }
    const Device dev = web::effective_device(in);
    if (auto ok = validate_device(dev); ok) {
        if (auto o = occupancy(dev, k); !o) require_error(o.error(), "occupancy of a decoded hash");
        if (auto ci = in.cluster_input(); ci && in.mode == web::Mode::Kernel)
            if (auto c = clusters(dev, GpcLayout{}, k, *ci); !c) require_error(c.error(), "clusters of a decoded hash");
        if (in.mode == web::Mode::Tile)
            if (auto r = tile(dev, in.tile_input(), web::base_gpu(in)); !r) require_error(r.error(), "tile of a decoded hash");
        if (web::asks_api(in)) {
            web::ApiTile api = web::read_page_tile(web::page_tile_lines(in));
            api.key = canonical;
            if (api.tile.has_value() == api.error.has_value()) broken("read_page_tile: neither or both of tile and error");
            if (api.error) require_error(*api.error, "the page's tile from smcalc-api.js's lines");
            const web::Model m = web::compute_model(in, false, &api);
            const web::Model direct = web::compute_model(in, false);
            if (m.tile.has_value() != direct.tile.has_value()) broken("schedule: the page's lines and the core disagree on an answer");
            if (m.tile && (m.tile->fits != direct.tile->fits || m.tile->ctas_per_sm != direct.tile->ctas_per_sm ||
                           m.tile->smem_per_cta != direct.tile->smem_per_cta))
                broken("schedule: the page's tile from smcalc-api.js's lines differs from the core's\n  hash: " + canonical);
        }
    } else {
        require_error(ok.error(), "validate_device of a decoded hash");
    }

    (void)web::read_page_tile(hash);  // arbitrary lines: read, never a crash

    bool ok = false;
    if (web::percent_decode(web::percent_encode(hash), &ok) != hash || !ok) broken("percent_decode(percent_encode(s)) != s");
    return 0;
}
