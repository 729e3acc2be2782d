// request_keys.cpp - which ops and which vendor read each request key (smcalc/fields.hpp "which ops read a request
// key"): the request's own keys with the composites' shapes and ranges, and the input tables' rows with their
// table's ops. core/api's reader, its "not read by op" and vendor errors and its nearest-key suggestions are loops
// over this.
#include <algorithm>
#include <span>

#include "smcalc/fields.hpp"
#include "smcalc/guidance.hpp"

namespace smcalc::fields {
namespace {

constexpr OpSet kAllOps = ops(Op::Occupancy, Op::BlockSize, Op::DynamicSmem, Op::Gpus, Op::Archs, Op::Tile, Op::Tiles,
                              Op::NextStep, Op::Compare, Op::Parse) | kCompareTile;
constexpr OpSet kCompareOps = ops(Op::Compare) | kCompareTile;

// The request's own keys: what selects the op and the device, op-specific numbers and lists, and the composites
// (a problem size, cluster shapes, a grid) with their shapes and ranges. This order is the order of
// request_keys() (the nearest-key suggestions take the earlier of two as near).
constexpr RequestKey kRequestKeys[] = {
    {.key = "op", .ops = kAllOps},
    {.key = "id", .ops = kAllOps},
    // parse: an AMD GPU's rules for LLVM remarks, which name no target (its --gpu has its own help: core/cli)
    {.key = "gpu", .ops = kDeviceOps | ops(Op::Parse), .flag = "--gpu", .flag_type = "NAME",
     .help = "GPU name or alias from `smcalc gpus`, e.g. \"H100 SXM5\", A100, MI300X, MI355X"},
    {.key = "cc", .ops = kDeviceOps, .flag = "--cc", .flag_type = "X.Y",
     .help = "compute capability (8.0, 80 or sm_80): that CC's reference device"},
    {.key = "device", .ops = kDeviceOps, .flag = "--device-json", .flag_type = "JSON",
     .help = "custom device as JSON: {\"cc\":\"8.0\", ...fields to override}"},
    {.key = "device_report", .ops = kDeviceOps, .flag = "--device-report", .flag_type = "FILE",
     .help = "the device from a report saved from deviceQuery, nvidia-smi -q, rocminfo, a cudaDeviceProp JSON dump, "
             "print(torch.cuda.get_device_properties(0)) or a PyTorch profiler trace (- = stdin): says which GPU row it "
             "matches and where they differ"},
    // next_step's --blocks has its own help (core/cli): the launch bounds' target
    {.key = "blocks", .ops = ops(Op::DynamicSmem, Op::NextStep), .shape = Shape::Number, .unit = "blocks per SM",
     .flag = "--blocks", .flag_type = "N", .help = "blocks per SM the dynamic shared memory must still allow (default 1)"},
    {.key = "compiler_output", .ops = kCompilerOps, .flag = "--from-ptxas", .flag_type = "FILE",
     .help = "take registers, static shared memory and barriers from this ptxas -v / cuobjdump -res-usage output, or "
             "from a compiled file (cubin, fat binary, object or executable built by nvcc; AMD code object or HIP "
             "executable) (- = stdin); without --gpu/--cc/--device-json the CC is the kernel's sm_XX"},
    {.key = "kernel", .ops = kCompilerOps, .flag = "--kernel", .flag_type = "NAME",
     .help = "which kernel of --from-ptxas: its name as printed, mangled, demangled or short ('reduce<512>')"},
    {.key = "problem", .ops = kTileOps, .shape = Shape::Mnk, .unit = "elements", .flag = "--problem", .flag_type = "MxNxK",
     .help = "problem size M x N x K: CTAs, waves, last-wave utilization (model estimates)"},
    {.key = "ms", .ops = ops(Op::Tiles), .shape = Shape::Numbers, .unit = "CTA tile rows", .max_items = 4096,
     .flag = "--ms", .flag_type = "LIST", .help = "candidate M values, comma-separated (default 16,32,48,64,96,128,192,256)"},
    {.key = "ns", .ops = ops(Op::Tiles), .shape = Shape::Numbers, .unit = "CTA tile columns", .max_items = 4096,
     .flag = "--ns", .flag_type = "LIST", .help = "candidate N values (default as --ms)"},
    {.key = "ks", .ops = ops(Op::Tiles), .shape = Shape::Numbers, .unit = "K per stage", .max_items = 4096,
     .flag = "--ks", .flag_type = "LIST", .help = "candidate K values (default 16,32,64,128)"},
    {.key = "limit", .ops = ops(Op::Tiles), .shape = Shape::Number, .unit = "fits listed; or \"all\"", .flag = "--limit",
     .flag_type = "N|all", .help = "fits listed (default 50; all for every fit)"},
    {.key = "gpus", .ops = kCompareOps, .shape = Shape::Names, .unit = "GPU names", .example = "[\"A100\", \"H100 SXM5\"]",
     .max_items = kMaxCompare, .flag = "--gpus", .flag_type = "LIST",
     .help = "1 to 4 GPU names, comma-separated: A100,\"H100 SXM5\",B200,MI355X (across vendors each GPU reads its own "
             "fields: --regs/--smem for NVIDIA, --vgprs/--lds for AMD)"},
    {.key = "kind", .ops = kCompareOps},  // the CLI's compare says it from the flags given (a tile's or a kernel's)
    {.key = "text", .ops = ops(Op::Parse), .flag = "FILE", .flag_type = "FILE",
     .help = "compiler output to read (default or -: stdin)"},
    {.key = "waves", .ops = kTileOps, .shape = Shape::Number, .hi = 16, .unit = "waves of 64 lanes per workgroup",  // the AMD tile's
     .flag = "--waves", .flag_type = "N",
     .help = "AMD tile: waves of 64 lanes per workgroup, 1..16 (default 4; in a compare: the --warps count)"},
    {.key = "cluster", .ops = kClusterOps, .shape = Shape::Dims, .hi = kMaxClusterSize, .unit = "CTAs per cluster",
     .example = "4x2x1", .flag = "--cluster", .flag_type = "XxYxZ|N",
     .help = "thread block cluster in CTAs: XxYxZ (4x2x1) or a size N (= Nx1x1); CC 9.0+; resident clusters GPU-wide, "
             "GPC by GPC"},
    {.key = "clusters", .ops = ops(Op::Tiles), .shape = Shape::DimsList, .hi = kMaxClusterSize, .unit = "CTAs per cluster",
     .example = "2x1x1", .max_items = 8, .flag = "--clusters", .flag_type = "LIST",
     .help = "cluster shapes to rank, comma-separated: 1x1x1,2x1x1,1x2x1,2x2x1 (1x1x1 = none; CC 9.0+)"},
    {.key = "grid", .ops = ops(Op::Occupancy, Op::NextStep), .shape = Shape::Dims, .unit = "CTAs", .example = "120x2x1",
     .flag = "--grid", .flag_type = "XxYxZ", .help = "launch grid in CTAs, XxYxZ (each a multiple of --cluster's): waves of clusters"},
};

// Table rows that other ops than their table's read, or that one of its ops does not.
constexpr RequestKey kRowReaders[] = {
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

const RequestKey& request_key(std::string_view key) {
    for (const RequestKey& k : kRequestKeys)
        if (k.key == key) return k;
    return kRequestKeys[0];  // not reached: the readers ask for their own keys
}

OpSet readers(std::string_view key) {
    for (const RequestKey& k : kRequestKeys)
        if (k.key == key) return k.ops;
    for (const RequestKey& k : kRowReaders)
        if (k.key == key) return k.ops;
    if (in_table(kernel_fields(), key) || in_table(amd_kernel_fields(), key)) return kKernelOps;
    if (in_table(tile_fields(), key)) return kTileOps | ops(Op::Tiles);
    if (in_table(cluster_fields(), key)) return kClusterOps;
    return 0;
}

std::vector<std::string_view> request_keys() {
    std::vector<std::string_view> all;
    for (const RequestKey& k : kRequestKeys)
        if (k.key != "cluster" && k.key != "clusters" && k.key != "grid") all.push_back(k.key);
    add_keys(all, kernel_fields());
    add_keys(all, amd_kernel_fields());
    add_keys(all, tile_fields());
    add_keys(all, cluster_fields());
    for (std::string_view k : {"cluster", "clusters", "grid"}) all.push_back(k);
    return all;
}

std::vector<std::string_view> request_keys(Op op, bool compare_tile) {
    std::vector<std::string_view> all = request_keys();
    std::stable_partition(all.begin(), all.end(), [&](std::string_view k) { return reads(op, compare_tile, k); });
    return all;
}

std::string not_read_text(std::string_view key, Op op, bool compare_tile) {
    std::string list;
    for (std::string_view k : request_keys(op, compare_tile)) {
        if (!reads(op, compare_tile, k)) break;  // the op's own keys come first
        if (k == "op" || k == "id") continue;
        list += (list.empty() ? "" : ", ") + std::string(k);
    }
    const std::string name =
        std::string(op_name(op)) + (op == Op::Compare ? compare_tile ? " (kind tile)" : " (kind kernel)" : "");
    return "field \"" + std::string(key) + "\" is not read by op " + name + "; leave it out (op " + name + " reads " +
           (list.empty() ? std::string("no other field") : list) + ")";
}

bool is_cluster_key(std::string_view key) {
    return key == "cluster" || key == "clusters" || key == "grid" || in_table(cluster_fields(), key);
}

std::optional<Error> vendor_error(std::string_view key, std::string_view gpu, bool gpu_is_amd) {
    const std::string k(key), g(gpu);
    const bool nvidia_kernel = in_table(kernel_fields(), key), amd_kernel = in_table(amd_kernel_fields(), key);
    if (!gpu_is_amd) {
        if (key == "waves")
            return Error{ErrorId::InvalidInput, k,
                         "\"waves\" is an AMD field (waves of 64 lanes per workgroup) but " + g +
                             " is an NVIDIA GPU; give \"warps\" (warps of 32 threads per CTA) instead"};
        if (amd_kernel && !nvidia_kernel) return amd::vendor_field_error(key, gpu, false);
        return std::nullopt;
    }
    if (is_cluster_key(key))
        return Error{ErrorId::InvalidInput, k,
                     "\"" + k + "\" is an NVIDIA field (thread block clusters, CC 9.0+) but " + g +
                         " is an AMD GPU, which has no clusters; leave it out"};
    if (nvidia_kernel && !amd_kernel) return amd::vendor_field_error(key, gpu, true);
    if (const auto* f = find(tile_fields(), key); f && f->nvidia_only)
        return Error{ErrorId::InvalidInput, k,
                     "\"" + k + "\" is an NVIDIA tile field but " + g +
                         " is an AMD GPU; the AMD MFMA tile model reads m, n, k, stages, waves (per workgroup), a, "
                         "b, acc, sgprs and problem"};
    return std::nullopt;
}

}  // namespace smcalc::fields
