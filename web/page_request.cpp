// web/page_request.cpp - the page's inputs as a JSON request (web/page_request.hpp says who reads it and why).
#include "page_request.hpp"

#include <span>

#include "smcalc/amd.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/format.hpp"
#include "smcalc/gpu.hpp"
#include "ui_model.hpp"

namespace smcalc::web {

using nlohmann::json;

namespace {

// Every field of `table` as its JSON key and value; `only_changed`: those that differ from the default (what a
// request "gives": compare's notes list them). A field whose -1 means "the default" is left out at -1.
template <class T>
void put_fields(json& j, std::span<const fields::Field<T>> table, const T& v, bool only_changed) {
    const T d{};
    for (const auto& f : table) {
        if (only_changed && f.get(v) == f.get(d)) continue;
        const int64_t x = f.get(v);
        if (!f.default_what.empty() && x == -1) continue;
        json& out = j[std::string(f.key)];
        switch (f.codec) {
            case fields::Codec::Bool: out = x != 0; break;
            case fields::Codec::Word: out = std::string(fields::word_of(*f.vocab, static_cast<int>(x))); break;
            case fields::Codec::DType: out = std::string(dtype_key(static_cast<DType>(x))); break;
            default: out = x;
        }
    }
}

void put_problem(json& j, const std::optional<ProblemSize>& p) {
    if (p) j["problem"] = {{"m", p->m}, {"n", p->n}, {"k", p->k}};
}

void put_cluster(json& j, const Inputs& in) {
    if (auto c = in.cluster_input()) {
        j["cluster"] = {c->dims.x, c->dims.y, c->dims.z};
        j["non_portable_cluster"] = c->non_portable;
    }
}

// The tile as the AMD MFMA model reads it: the tile table's rows but those only NVIDIA's model reads
// (Field::nvidia_only, the rule the API's vendor check applies), "waves" for the warps count.
void put_amd_tile(json& j, const TileInput& t, int64_t waves) {
    put_fields(j, fields::tile_fields(), t, false);
    for (const auto& f : fields::tile_fields())
        if (f.nvidia_only) j.erase(std::string(f.key));
    j["waves"] = waves;
}

// compare: the GPUs of the page's Compare view, the kernel or the tile (as each column's vendor reads it).
json compare_request(const Inputs& in, bool tile, json j) {
    j["kind"] = tile ? "tile" : "kernel";
    bool nv = false, amd_any = false;
    json gpus = json::array();
    for (const std::string& g : in.compare_gpus) {
        if (g.empty()) continue;
        gpus.push_back(g);
        (find_gpu(g) ? nv : amd_any) = true;
    }
    j["gpus"] = gpus;
    if (tile) {
        TileInput t = in.tile_input();
        t.cluster.reset();
        if (nv)
            put_fields(j, fields::tile_fields(), t, false);
        else  // AMD columns alone: the warps count as waves, as the API's compare reads it
            put_amd_tile(j, t, in.tile.warps);
        put_problem(j, t.problem);
    } else {
        if (nv) put_fields(j, fields::kernel_fields(), in.kernel, true);
        if (amd_any) put_fields(j, fields::amd_kernel_fields(), in.amd_input(), true);
    }
    if (nv) put_cluster(j, in);
    return j;
}

// An AMD Instinct GPU: its kernel fields, or the tile as the MFMA model reads it (waves for warps).
json amd_request(const Inputs& in, const amd::GpuSpec& g, bool tile, json j) {
    j["gpu"] = std::string(g.name);
    if (!tile) {
        put_fields(j, fields::amd_kernel_fields(), in.amd_input(), false);
        return j;
    }
    const TileInput t = in.tile_input();
    put_amd_tile(j, t, in.amd_tile_input().waves);
    put_problem(j, t.problem);
    return j;
}

}  // namespace

json page_request(const Inputs& in, Op op) {
    json j = {{"op", std::string(op_name(op))}};
    const bool tile = op == Op::Tile || op == Op::Tiles || (op == Op::Compare && in.mode == Mode::Tile);
    if (op == Op::Compare) return compare_request(in, tile, std::move(j));
    if (const amd::GpuSpec* g = amd_gpu(in)) return amd_request(in, *g, tile, std::move(j));
    if (in.custom()) {
        // A custom device: every field of the page's device, so the API's device is the page's.
        const Device d = effective_device(in);
        json dev = {{"cc", cc_text(d.cc)}};
        put_fields(dev, fields::device_fields(), d, false);
        j["device"] = dev;
    } else {
        j["gpu"] = in.gpu;
    }
    if (tile) {
        const TileInput t = in.tile_input();
        put_fields(j, fields::tile_fields(), t, false);
        put_problem(j, t.problem);
        if (op == Op::Tiles) {  // the page's tiles card: every fit, the tile's types and path as the search's base
            j["limit"] = "all";
            for (const char* k : {"m", "n", "k", "stages", "warps", "problem"}) j.erase(k);
        }
    } else {
        put_fields(j, fields::kernel_fields(), in.kernel, false);
    }
    if (op == Op::BlockSize) {
        j.erase("threads");  // block_size answers the block size: threads is not read, nor a cluster
        return j;
    }
    put_cluster(j, in);
    return j;
}

std::string page_request_json(std::string_view hash) {
    const Inputs in = decode_hash(hash).inputs;
    const json j = page_request(in, in.mode == Mode::Tile ? Op::Tile : Op::Occupancy);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace smcalc::web
