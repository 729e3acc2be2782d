// smcalc/op.hpp - the ops a request can ask for, and sets of them (which ops read a field: smcalc/fields.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

namespace smcalc {

enum class Op { Occupancy, BlockSize, DynamicSmem, Gpus, Archs, Tile, Tiles, NextStep, Compare, Parse };

// Each op's name in a request ("op": "occupancy"), in the order errors and --help list them.
inline constexpr std::array<std::pair<std::string_view, Op>, 10> kOpNames = {{{"occupancy", Op::Occupancy},
                                                                              {"block_size", Op::BlockSize},
                                                                              {"dynamic_smem", Op::DynamicSmem},
                                                                              {"next_step", Op::NextStep},
                                                                              {"tile", Op::Tile},
                                                                              {"tiles", Op::Tiles},
                                                                              {"compare", Op::Compare},
                                                                              {"parse", Op::Parse},
                                                                              {"gpus", Op::Gpus},
                                                                              {"archs", Op::Archs}}};
constexpr std::string_view op_name(Op op) {
    for (const auto& [name, o] : kOpNames)
        if (o == op) return name;
    return "?";
}

// A set of ops: a bit per Op, with compare's two kinds apart (kind "kernel" is Op::Compare's bit, kind "tile"
// kCompareTile), since they read different fields.
using OpSet = uint32_t;
inline constexpr OpSet kCompareTile = OpSet{1} << 10;
constexpr OpSet op_bit(Op op, bool compare_tile = false) {
    return op == Op::Compare && compare_tile ? kCompareTile : OpSet{1} << static_cast<unsigned>(op);
}
constexpr OpSet ops(Op a) { return op_bit(a); }
template <class... More>
constexpr OpSet ops(Op a, More... more) {
    return op_bit(a) | ops(more...);
}

// The ops that take a device (gpu | cc | device | device_report).
inline constexpr OpSet kDeviceOps = ops(Op::Occupancy, Op::BlockSize, Op::DynamicSmem, Op::NextStep, Op::Tile, Op::Tiles);
// The ops that read a kernel's fields (compare: kind "kernel").
inline constexpr OpSet kKernelOps = ops(Op::Occupancy, Op::BlockSize, Op::DynamicSmem, Op::NextStep, Op::Compare);
// The ops that take compiler output for the kernel ("compiler_output", "kernel").
inline constexpr OpSet kCompilerOps = ops(Op::Occupancy, Op::BlockSize, Op::DynamicSmem, Op::NextStep);
// The ops that read one tile (m, n, k, problem; compare: kind "tile").
inline constexpr OpSet kTileOps = ops(Op::Tile) | kCompareTile;
// The ops that read a thread block cluster (compare: both kinds).
inline constexpr OpSet kClusterOps = ops(Op::Occupancy, Op::NextStep, Op::Tile, Op::Tiles, Op::Compare) | kCompareTile;

}  // namespace smcalc
