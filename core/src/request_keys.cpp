// request_keys.cpp - which ops read each request key (smcalc/fields.hpp "which ops read a request key"): the
// request's own keys, and the input tables' rows with their table's ops. core/api's reader, its "not read by op"
// errors and its nearest-key suggestions are loops over this.
#include <algorithm>
#include <span>

#include "smcalc/fields.hpp"

namespace smcalc::fields {
namespace {

struct KeyReaders {
    std::string_view key;
    OpSet ops;
};

constexpr OpSet kAllOps = ops(Op::Occupancy, Op::BlockSize, Op::DynamicSmem, Op::Gpus, Op::Archs, Op::Tile, Op::Tiles,
                              Op::NextStep, Op::Compare, Op::Parse) | kCompareTile;
constexpr OpSet kCompareOps = ops(Op::Compare) | kCompareTile;

// The request's own keys: what selects the op and the device, op-specific numbers and lists, and the composites
// (a problem size, cluster shapes, a grid) each reader reads itself.
constexpr KeyReaders kRequestKeys[] = {
    {"op", kAllOps},
    {"id", kAllOps},
    {"gpu", kDeviceOps | ops(Op::Parse)},  // parse: an AMD GPU's rules for LLVM remarks, which name no target
    {"cc", kDeviceOps},
    {"device", kDeviceOps},
    {"device_report", kDeviceOps},
    {"blocks", ops(Op::DynamicSmem, Op::NextStep)},
    {"compiler_output", kCompilerOps},
    {"kernel", kCompilerOps},
    {"problem", kTileOps},
    {"ms", ops(Op::Tiles)},
    {"ns", ops(Op::Tiles)},
    {"ks", ops(Op::Tiles)},
    {"limit", ops(Op::Tiles)},
    {"gpus", kCompareOps},
    {"kind", kCompareOps},
    {"text", ops(Op::Parse)},
    {"waves", kTileOps},  // the AMD tile's waves per workgroup
    {"cluster", kClusterOps},
    {"clusters", ops(Op::Tiles)},
    {"grid", ops(Op::Occupancy, Op::NextStep)},
};

// Table rows that other ops than their table's read, or that one of its ops does not.
constexpr KeyReaders kRowReaders[] = {
    {"threads", kKernelOps & ~ops(Op::BlockSize)},          // block_size answers it
    {"smem_dynamic", kKernelOps & ~ops(Op::DynamicSmem)},   // dynamic_smem answers it
    {"sgprs", kKernelOps | kTileOps},                       // the AMD MFMA tile's occupancy step reads it too
    {"m", kTileOps},                                        // op tiles reads candidate lists instead
    {"n", kTileOps},
    {"k", kTileOps},
};

template <class T>
bool in_table(std::span<const Field<T>> table, std::string_view key) {
    return find(table, key) != nullptr;
}

template <class T>
void add_keys(std::vector<std::string_view>& out, std::span<const Field<T>> table) {
    for (const auto& f : table)
        if (std::find(out.begin(), out.end(), f.key) == out.end()) out.push_back(f.key);
}

}  // namespace

OpSet readers(std::string_view key) {
    for (const KeyReaders& k : kRequestKeys)
        if (k.key == key) return k.ops;
    for (const KeyReaders& k : kRowReaders)
        if (k.key == key) return k.ops;
    if (in_table(kernel_fields(), key) || in_table(amd_kernel_fields(), key)) return kKernelOps;
    if (in_table(tile_fields(), key)) return kTileOps | ops(Op::Tiles);
    if (in_table(cluster_fields(), key)) return kClusterOps;
    return 0;
}

std::vector<std::string_view> request_keys() {
    std::vector<std::string_view> all;
    for (const KeyReaders& k : kRequestKeys)
        if (k.key != "cluster" && k.key != "clusters" && k.key != "grid") all.push_back(k.key);
    add_keys(all, kernel_fields());
    add_keys(all, amd_kernel_fields());
    add_keys(all, tile_fields());
    add_keys(all, cluster_fields());
    for (std::string_view k : {"cluster", "clusters", "grid"}) all.push_back(k);
    return all;
}

bool is_cluster_key(std::string_view key) {
    return key == "cluster" || key == "clusters" || key == "grid" || in_table(cluster_fields(), key);
}

}  // namespace smcalc::fields
