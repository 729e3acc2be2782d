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
    {"op", kAllOps},
    {"id", kAllOps},
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
    {"blocks", ops(Op::DynamicSmem, Op::NextStep), Shape::Number, 1, kMaxInput, "blocks per SM", {}, 0, "--blocks", "N",
     "blocks per SM the dynamic shared memory must still allow (default 1)"},
    {.key = "compiler_output", .ops = kCompilerOps, .flag = "--from-ptxas", .flag_type = "FILE",
     .help = "take registers, static shared memory and barriers from this ptxas -v / cuobjdump -res-usage output, or "
             "from a compiled file (cubin, fat binary, object or executable built by nvcc; AMD code object or HIP "
             "executable) (- = stdin); without --gpu/--cc/--device-json the CC is the kernel's sm_XX"},
    {.key = "kernel", .ops = kCompilerOps, .flag = "--kernel", .flag_type = "NAME",
     .help = "which kernel of --from-ptxas: its name as printed, mangled, demangled or short ('reduce<512>')"},
    {"problem", kTileOps, Shape::Mnk, 1, kMaxInput, "elements", {}, 0, "--problem", "MxNxK",
     "problem size M x N x K: CTAs, waves, last-wave utilization (model estimates)"},
    {"ms", ops(Op::Tiles), Shape::Numbers, 1, kMaxInput, "CTA tile rows", {}, 4096, "--ms", "LIST",
     "candidate M values, comma-separated (default 16,32,48,64,96,128,192,256)"},
    {"ns", ops(Op::Tiles), Shape::Numbers, 1, kMaxInput, "CTA tile columns", {}, 4096, "--ns", "LIST",
     "candidate N values (default as --ms)"},
    {"ks", ops(Op::Tiles), Shape::Numbers, 1, kMaxInput, "K per stage", {}, 4096, "--ks", "LIST",
     "candidate K values (default 16,32,64,128)"},
    {"limit", ops(Op::Tiles), Shape::Number, 1, kMaxInput, "fits listed; or \"all\"", {}, 0, "--limit", "N|all",
     "fits listed (default 50; all for every fit)"},
    {"gpus", kCompareOps, Shape::Names, 1, kMaxInput, "GPU names", "[\"A100\", \"H100 SXM5\"]", kMaxCompare, "--gpus",
     "LIST",
     "1 to 4 GPU names, comma-separated: A100,\"H100 SXM5\",B200,MI355X (across vendors each GPU reads its own "
     "fields: --regs/--smem for NVIDIA, --vgprs/--lds for AMD)"},
    {"kind", kCompareOps},  // the CLI's compare says it from the flags given (a tile's or a kernel's)
    {.key = "text", .ops = ops(Op::Parse), .flag = "FILE", .flag_type = "FILE",
     .help = "compiler output to read (default or -: stdin)"},
    {"waves", kTileOps, Shape::Number, 1, 16, "waves of 64 lanes per workgroup", {}, 0, "--waves", "N",  // the AMD tile's
     "AMD tile: waves of 64 lanes per workgroup, 1..16 (default 4; in a compare: the --warps count)"},
    {"cluster", kClusterOps, Shape::Dims, 1, kMaxClusterSize, "CTAs per cluster", "4x2x1", 0, "--cluster", "XxYxZ|N",
     "thread block cluster in CTAs: XxYxZ (4x2x1) or a size N (= Nx1x1); CC 9.0+; resident clusters GPU-wide, GPC by "
     "GPC"},
    {"clusters", ops(Op::Tiles), Shape::DimsList, 1, kMaxClusterSize, "CTAs per cluster", "2x1x1", 8, "--clusters",
     "LIST", "cluster shapes to rank, comma-separated: 1x1x1,2x1x1,1x2x1,2x2x1 (1x1x1 = none; CC 9.0+)"},
    {"grid", ops(Op::Occupancy, Op::NextStep), Shape::Dims, 1, kMaxInput, "CTAs", "120x2x1", 0, "--grid", "XxYxZ",
     "launch grid in CTAs, XxYxZ (each a multiple of --cluster's): waves of clusters"},
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
