// smcalc/answer_schema.hpp - the member lists of the answer parts (smcalc/schema.hpp): for each result struct,
// the members an answer shows, in one place. The JSON writer (core/api) and the TypeScript declarations
// (schema::answer_declarations, pasted into web/smcalc.d.ts) are loops over these lists.
//
// A member an answer shows is listed here once, beside nothing else; a value that needs converting (0 written as
// null, a compute capability as "9.0", a name list) is a computed member. The whole answers are lists too
// (Of<Reply<R>> at the end: the result's list as a base, and what the request adds), and so are the compare
// answers, the error answers and the envelope every answer has (AnswerCommon). The input echoes ("input",
// "device") are written from the input field tables, and their declarations are generated from the same tables
// (fields::typescript_declarations): web/smcalc.d.ts declares no answer type by hand (docs/architecture.md).
// Units and ranges in the docs are the TypeScript comments; the C++ headers say how each figure is computed.
#pragma once

#include <array>
#include <string_view>

#include "smcalc/amd.hpp"
#include "smcalc/amd_parse.hpp"
#include "smcalc/arch.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/format.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/ptxas.hpp"
#include "smcalc/answer_text.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/schema.hpp"
#include "smcalc/solve.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::schema {

// ----- enums: written as their keys -----
template <>
struct EnumKey<Resource> {
    static constexpr std::string_view ts = "ResourceKey";  // declared by the generated block itself
    static constexpr auto& values = kResources;
    static std::string_view key(Resource r) { return resource_key(r); }
};
template <>
struct EnumKey<amd::Limit> {
    static constexpr std::string_view ts = "AmdLimitKey";
    static constexpr auto& values = amd::kLimits;
    static std::string_view key(amd::Limit l) { return amd::limit_key(l); }
};
template <>
struct EnumKey<Basis> {
    static constexpr std::string_view ts = "BasisKey";
    static constexpr std::array values = {Basis::Exact, Basis::Estimate};
    static std::string_view key(Basis b) { return basis_key(b); }
};
template <>
struct EnumKey<Schedule> {
    static constexpr std::string_view ts = "ScheduleKey";
    static constexpr std::array values = {Schedule::None, Schedule::Cooperative, Schedule::PingPong,
                                          Schedule::Sm100_1Sm, Schedule::Sm100_2Sm, Schedule::Sm80Multistage};
    static std::string_view key(Schedule s) { return schedule_key(s); }
};
template <>
struct EnumKey<ClusterBasis> {
    static constexpr std::string_view ts = "ClusterBasisKey";
    static constexpr std::array values = {ClusterBasis::Exact, ClusterBasis::Estimate, ClusterBasis::Range};
    static std::string_view key(ClusterBasis b) { return cluster_basis_key(b); }
};
template <>
struct EnumKey<ClusterLimiter> {
    static constexpr std::string_view ts = "ClusterLimiterKey";
    static constexpr std::array values = {ClusterLimiter::PerSmOccupancy, ClusterLimiter::Gpc,
                                          ClusterLimiter::LayoutNotSourced, ClusterLimiter::ClusterCtaCap};
    static std::string_view key(ClusterLimiter l) { return cluster_limiter_key(l); }
};
template <>
struct EnumKey<CompilerTool> {
    static constexpr std::string_view ts = "CompilerToolKey";
#ifndef SMCALC_NO_BINARY_READER
    static constexpr std::array values = {CompilerTool::Ptxas, CompilerTool::Cuobjdump, CompilerTool::Binary};
#else
    static constexpr std::array values = {CompilerTool::Ptxas, CompilerTool::Cuobjdump};
#endif
    static std::string_view key(CompilerTool t) { return compiler_tool_key(t); }
};

template <>
struct EnumKey<ErrorId> {
    static constexpr std::string_view ts = "ErrorId";
    static constexpr std::array values = {
#define SMCALC_X(name, str) ErrorId::name,
        SMCALC_ERRORS(SMCALC_X)
#undef SMCALC_X
    };
    // Written only by the JS layer (web/js/api.js), if the module itself failed (never expected).
    static constexpr std::string_view extra = "'internal'";
    static std::string_view key(ErrorId e) { return error_id_string(e); }
};
template <>
struct EnumKey<amd::Vendor> {
    static constexpr std::string_view ts = "VendorKey";
    static constexpr std::array values = {amd::Vendor::Nvidia, amd::Vendor::Amd};
    static std::string_view key(amd::Vendor v) { return v == amd::Vendor::Amd ? "amd" : "nvidia"; }
};
// What a compare compares: a kernel or a GEMM tile (the request's "kind").
enum class CompareKind : uint8_t { Kernel, Tile };
template <>
struct EnumKey<CompareKind> {
    static constexpr std::string_view ts = "CompareKind";
    static constexpr std::array values = {CompareKind::Kernel, CompareKind::Tile};
    static std::string_view key(CompareKind k) { return k == CompareKind::Tile ? "tile" : "kernel"; }
};

template <>
struct EnumKey<DType> {
    static constexpr std::string_view ts = "ElementType";  // declared by the input fields' block (fields.cpp)
    static std::string_view key(DType d) { return dtype_key(d); }
};

// A cluster or grid shape is written as [x, y, z].
template <>
struct Custom<Dim3> {
    static constexpr std::string_view ts = "[number, number, number]";
};
// A device's fields, written from their field table (smcalc/fields.hpp): cc as "9.0", sm_count null when unknown.
template <>
struct Custom<Device> {
    static constexpr std::string_view ts = "DeviceAnswer";
};
// A tile's inputs, written from their field table (smcalc/fields.hpp), with the problem.
template <>
struct Custom<TileInput> {
    static constexpr std::string_view ts = "TileAnswerInput";
};
// The search a tiles answer made (op tiles' "input"): the base tile's fields, the lists, the limit ("all") and the
// cluster shapes, written by the JSON writer.
struct TilesInputEcho {
    const TileSearch& search;
    std::optional<int64_t> limit;
};
template <>
struct Custom<TilesInputEcho> {
    static constexpr std::string_view ts = "TilesAnswerInput";  // declared beside the tile's echo (fields.cpp)
};
// A kernel's inputs are written from their field table (smcalc/fields.hpp), every field given.
template <>
struct Custom<KernelInput> {
    static constexpr std::string_view ts = "KernelAnswerInput";
};
// (name, text) pairs written as an object {"name": "text"} (a later pair with the same name wins).
struct NamedTexts {
    std::vector<std::pair<std::string, std::string>> items;
};
template <>
struct Custom<NamedTexts> {
    static constexpr std::string_view ts = "Record<string, string>";
};

// A readout's value: an integer where it is one (counts, bytes), else a double (JSON 5 against 0.5; a fraction
// is always a double).
struct ReadoutNumber {
    double v = 0;
    bool integral = false;
};
inline ReadoutNumber readout_number(const std::string& unit, double v) {
    return {v, unit != "fraction" && v == static_cast<double>(static_cast<int64_t>(v)) && v <= 9007199254740991.0 &&
                   v >= -9007199254740991.0};
}
template <>
struct Custom<ReadoutNumber> {
    static constexpr std::string_view ts = "number";
};
// An AMD kernel's inputs, written from their field table (smcalc/fields.hpp), every field given.
template <>
struct Custom<amd::KernelInput> {
    static constexpr std::string_view ts = "AmdKernelAnswerInput";
};

// ----- what computed members share -----
// A text that may be empty: null when it is.
inline std::optional<std::string> text_or_null(std::string_view s) {
    return s.empty() ? std::nullopt : std::optional<std::string>(std::string(s));
}
// A value that exists only when `has`: null otherwise.
template <class T>
std::optional<T> only_if(bool has, const T& v) {
    return has ? std::optional<T>(v) : std::nullopt;
}

// ----- NVIDIA occupancy (smcalc/occupancy.hpp) -----
template <>
struct Of<Budget> {
    static constexpr std::string_view name = "Budget";
    static constexpr std::string_view doc = "A per-resource bar of an occupancy answer (NVIDIA and AMD).";
    static constexpr auto members = std::make_tuple(
        member("name", &Budget::name, "\"registers per SM\""),
        member("unit", &Budget::unit, "\"registers\", \"bytes\", \"warps\", \"blocks\", \"barriers\""),
        member("used", &Budget::used), member("limit", &Budget::limit), member("limiting", &Budget::limiting));
};

template <>
struct Of<OccupancyResult> {
    static constexpr std::string_view name = "OccupancyFigures";
    static constexpr std::string_view doc = "The figures of an NVIDIA occupancy answer (smcalc::OccupancyResult).";
    static constexpr auto members = std::make_tuple(
        member("blocks_per_sm", &OccupancyResult::blocks_per_sm),
        member("warps_per_sm", &OccupancyResult::warps_per_sm),
        member("threads_per_sm", &OccupancyResult::threads_per_sm),
        member("occupancy", &OccupancyResult::occupancy, "0..1"),
        member("limiting", &OccupancyResult::limiting, "the resources that set blocks_per_sm"),
        member("regs_per_block", &OccupancyResult::regs_per_block),
        member("smem_per_block", &OccupancyResult::smem_per_block, "bytes"),
        member("smem_per_sm", &OccupancyResult::smem_per_sm, "bytes"),
        member("warps_per_block", &OccupancyResult::warps_per_block),
        member("regs_per_warp", &OccupancyResult::regs_per_warp),
        member("max_warps_per_sm", &OccupancyResult::max_warps_per_sm),
        member("budgets", &OccupancyResult::budgets), member("derivation", &OccupancyResult::derivation),
        member("notes", &OccupancyResult::notes)
#ifdef SMCALC_TEST_DUMMY_FIELD
            ,
        member("dummy_member", &OccupancyResult::dummy_member, "tests/fields-dummy only")
#endif
    );
};

// ----- NVIDIA tiles (smcalc/tile.hpp) -----
template <>
struct Of<TileRole> {
    static constexpr std::string_view name = "TileRole";
    static constexpr std::string_view doc = "One thread role of a CUTLASS schedule: its threads and registers per thread.";
    static constexpr auto members = std::make_tuple(
        member("key", &TileRole::key, "\"producer\", \"consumer\", \"mma\", \"load\", \"scheduler\", \"epilogue\""),
        member("label", &TileRole::label), member("threads", &TileRole::threads),
        member("regs", &TileRole::regs, "registers per thread the role runs with"),
        member("acc_regs", &TileRole::acc_regs), member("basis", &TileRole::basis));
};

template <>
struct Of<StageAutoInfo> {
    static constexpr std::string_view name = "StagesAuto";
    static constexpr std::string_view doc = "How \"stages\": \"auto\" chose the count (CUTLASS's StageCountAutoCarveout).";
    static constexpr auto members = std::make_tuple(
        member("stages", &StageAutoInfo::stages), member("capacity", &StageAutoInfo::capacity, "bytes"),
        member("carveout", &StageAutoInfo::carveout, "bytes"),
        member("stage_bytes", &StageAutoInfo::stage_bytes, "bytes"),
        member("barrier_bytes", &StageAutoInfo::barrier_bytes, "bytes per stage"),
        member("text", &StageAutoInfo::text));
};

template <>
struct Of<ProblemResult> {
    static constexpr std::string_view name = "TileProblem";
    static constexpr std::string_view doc = "A tile over a GEMM problem: CTAs, waves, efficiency.";
    static constexpr auto members = std::make_tuple(
        member("tiles_m", &ProblemResult::tiles_m), member("tiles_n", &ProblemResult::tiles_n),
        member("ctas", &ProblemResult::ctas), member("k_steps", &ProblemResult::k_steps),
        member("tile_efficiency", &ProblemResult::tile_efficiency, "0..1"),
        member("ctas_per_wave", &ProblemResult::ctas_per_wave), member("waves", &ProblemResult::waves),
        member("last_wave_utilization", &ProblemResult::last_wave_utilization, "0..1"),
        member("wave_efficiency", &ProblemResult::wave_efficiency, "0..1"),
        member("flops", &ProblemResult::flops, "FLOP"));
};

template <>
struct Of<TileResult> {
    static constexpr std::string_view name = "TileFigures";
    static constexpr std::string_view doc = "The figures of an NVIDIA tile answer (smcalc::TileResult).";
    static constexpr auto members = std::make_tuple(
        member("fits", &TileResult::fits), member("occupancy", &TileResult::occupancy, "0..1"),
        member("ctas_per_sm", &TileResult::ctas_per_sm), member("limiting", &TileResult::limiting),
        member("instruction", &TileResult::instruction), member("threads", &TileResult::threads),
        member("acc_regs_per_thread", &TileResult::acc_regs_per_thread),
        member("regs_per_thread_est", &TileResult::regs_per_thread_est, "estimate"),
        member("spills", &TileResult::spills), member("acc_bytes", &TileResult::acc_bytes),
        member("regfile_bytes", &TileResult::regfile_bytes), member("acc_regs_even", &TileResult::acc_regs_even),
        member("overhead_regs", &TileResult::overhead_regs), member("regs_cap", &TileResult::regs_cap),
        member("acc_over_cap", &TileResult::acc_over_cap), member("regs_launch", &TileResult::regs_launch),
        member("tmem_columns_needed", &TileResult::tmem_columns_needed),
        member("tmem_columns", &TileResult::tmem_columns),
        member("tmem_columns_limit", &TileResult::tmem_columns_limit), member("tmem_fits", &TileResult::tmem_fits),
        member("ctas_by_tmem", &TileResult::ctas_by_tmem), member("ctas_by_smem", &TileResult::ctas_by_smem),
        member("ctas_by_regs", &TileResult::ctas_by_regs), member("a_smem_bits", &TileResult::a_smem_bits),
        member("b_smem_bits", &TileResult::b_smem_bits),
        member("smem_a_per_stage", &TileResult::smem_a_per_stage, "bytes"),
        member("smem_b_per_stage", &TileResult::smem_b_per_stage, "bytes"),
        member("smem_per_stage", &TileResult::smem_per_stage, "bytes"),
        member("smem_mainloop", &TileResult::smem_mainloop, "bytes"),
        member("smem_barriers", &TileResult::smem_barriers, "bytes"),
        member("smem_epilogue", &TileResult::smem_epilogue, "bytes"),
        member("smem_per_cta", &TileResult::smem_per_cta, "bytes"),
        member("smem_limit", &TileResult::smem_limit, "bytes"), member("smem_fits", &TileResult::smem_fits),
        member("flops_per_kstep", &TileResult::flops_per_kstep, "FLOP"),
        member("global_bytes_per_kstep", &TileResult::global_bytes_per_kstep, "bytes"),
        member("intensity", &TileResult::intensity, "FLOP/B"),
        member("peak_tflops", &TileResult::peak_tflops), member("mem_bw_gbs", &TileResult::mem_bw_gbs, "GB/s"),
        member("ridge", &TileResult::ridge, "FLOP/B"), member("problem", &TileResult::problem),
        member("notes", &TileResult::notes),
        member("schedule", &TileResult::schedule, "CUTLASS schedule; 'none' for the warps model"),
        member("roles", &TileResult::roles, "[] without a schedule"),
        member("regs_launch_alloc", &TileResult::regs_launch_alloc,
               "registers/thread the launch bounds allow (0 without a schedule)"),
        member("consumer_regs", &TileResult::consumer_regs,
               "the accumulator holders' budget (setmaxnreg) or launch count"),
        member("acc_stages", &TileResult::acc_stages, "Blackwell: TMEM accumulator stages"),
        member("epilogue_tile_m", &TileResult::epilogue_tile_m),
        member("epilogue_tile_n", &TileResult::epilogue_tile_n),
        member("epilogue_stages_c", &TileResult::epilogue_stages_c),
        member("epilogue_stages_d", &TileResult::epilogue_stages_d),
        member("stages_auto", &TileResult::stage_auto, "how \"stages\": \"auto\" chose the count"));
};

template <>
struct Of<TileFit> {
    static constexpr std::string_view name = "TileFit";
    static constexpr std::string_view doc = "One tile of a tiles answer (smcalc::TileFit), with its cluster shape.";
    static constexpr auto members = std::make_tuple(
        member("m", &TileFit::m), member("n", &TileFit::n), member("k", &TileFit::k),
        member("stages", &TileFit::stages), member("warps", &TileFit::warps),
        member("acc_regs_per_thread", &TileFit::acc_regs_per_thread),
        member("regs_per_thread_est", &TileFit::regs_per_thread_est, "estimate"),
        member("smem_per_cta", &TileFit::smem_per_cta, "bytes"), member("tmem_columns", &TileFit::tmem_columns),
        member("ctas_per_sm", &TileFit::ctas_per_sm), member("ctas_by_smem", &TileFit::ctas_by_smem),
        member("occupancy", &TileFit::occupancy, "0..1"), member("limiting", &TileFit::limiting),
        member("cluster", &TileFit::cluster, "1x1x1 without a cluster"),
        member("clusters_low", &TileFit::clusters_low, "resident clusters over GPC layouts (null: layout unknown)"),
        member("clusters_typical", &TileFit::clusters_typical), member("clusters_high", &TileFit::clusters_high),
        member("ctas_resident", &TileFit::ctas_resident, "GPU-wide"));
};

// M x N x K: a GEMM problem, an instruction shape.
template <>
struct Of<ProblemSize> {
    static constexpr std::string_view name = "GemmShape";
    static constexpr std::string_view doc = "M x N x K (elements).";
    static constexpr auto members =
        std::make_tuple(member("m", &ProblemSize::m), member("n", &ProblemSize::n), member("k", &ProblemSize::k));
};
// A tile's warps (or warpgroups) along M and N.
struct TileGrid {
    int64_t m = 0, n = 0;
};
template <>
struct Of<TileGrid> {
    static constexpr std::string_view name = "TileGrid";
    static constexpr std::string_view doc = "Warps (mma.sync, FFMA) or warpgroups (wgmma) along M and N; 1x1 for tcgen05.";
    static constexpr auto members = std::make_tuple(member("m", &TileGrid::m), member("n", &TileGrid::n));
};
// The CTA tile of a fit option.
struct TileCta {
    int64_t m = 0, n = 0, k = 0, stages = 0, warps = 0;
};
template <>
struct Of<TileCta> {
    static constexpr std::string_view name = "TileCta";
    static constexpr std::string_view doc = "One CTA's tile: M x N x K, stages and warps.";
    static constexpr auto members =
        std::make_tuple(member("m", &TileCta::m), member("n", &TileCta::n), member("k", &TileCta::k),
                        member("stages", &TileCta::stages), member("warps", &TileCta::warps));
};

template <>
struct Of<TileFitOption> {
    static constexpr std::string_view name = "TileFitOption";
    static constexpr std::string_view doc = "A tile shape that would fit with a cluster (tile answers, and errors of a refused tile).";
    static constexpr auto members = std::make_tuple(
        member("key", &TileFitOption::key, "\"more_warps\", \"cluster_split_m\", \"cluster_split_n\", \"cta_pair_2sm\""),
        member("label", &TileFitOption::label), member("cluster", &TileFitOption::cluster),
        member("acc_regs_per_thread", &TileFitOption::acc_regs_per_thread),
        member("regs_per_thread_est", &TileFitOption::regs_per_thread_est, "estimate"),
        member("smem_per_cta", &TileFitOption::smem_per_cta, "bytes"),
        member("tmem_columns", &TileFitOption::tmem_columns), member("ctas_per_sm", &TileFitOption::ctas_per_sm),
        member("fits", &TileFitOption::fits), member("text", &TileFitOption::text),
        computed("cta", +[](const TileFitOption& f) { return TileCta{f.cta.m, f.cta.n, f.cta.k, f.cta.stages, f.cta.warps}; }));
};

template <>
struct Of<TileRow> {
    static constexpr std::string_view name = "ReadoutRow";
    static constexpr std::string_view doc = "A readout row (limits and estimates of a tile or an AMD kernel).";
    static constexpr auto members = std::make_tuple(
        member("key", &TileRow::key), member("label", &TileRow::label), member("unit", &TileRow::unit),
        computed("value", +[](const TileRow& r) { return readout_number(r.unit, r.value); }),
        computed("limit", +[](const TileRow& r) { return r.limit ? std::optional<ReadoutNumber>(readout_number(r.unit, *r.limit)) : std::nullopt; }),
        member("basis", &TileRow::basis), member("over", &TileRow::over, "value exceeds limit"));
};

// ----- thread block clusters (smcalc/cluster.hpp) -----
template <>
struct Of<ClusterFigure> {
    static constexpr std::string_view name = "ClusterFigure";
    static constexpr std::string_view doc = "One figure of resident clusters GPU-wide, with its basis and source.";
    static constexpr auto members = std::make_tuple(
        member("key", &ClusterFigure::key, "\"low\", \"typical\", \"high\", \"bound\", ..."),
        member("label", &ClusterFigure::label), member("clusters", &ClusterFigure::clusters),
        member("ctas", &ClusterFigure::ctas), member("idle_cta_slots", &ClusterFigure::idle_cta_slots),
        member("idle_sms", &ClusterFigure::idle_sms), member("basis", &ClusterFigure::basis),
        member("basis_text", &ClusterFigure::basis_text), member("source", &ClusterFigure::source));
};

template <>
struct Of<MaxActiveClusters> {
    static constexpr std::string_view name = "MaxActiveClusters";
    static constexpr std::string_view doc = "Resident clusters GPU-wide: range, typical, bound and each figure.";
    static constexpr auto members = std::make_tuple(
        member("low", &MaxActiveClusters::low), member("typical", &MaxActiveClusters::typical),
        member("high", &MaxActiveClusters::high), member("bound", &MaxActiveClusters::bound),
        member("figures", &MaxActiveClusters::figures));
};

template <>
struct Of<GpcFill> {
    static constexpr std::string_view name = "GpcFill";
    static constexpr std::string_view doc = "One GPC of the typical layout.";
    static constexpr auto members =
        std::make_tuple(member("sms", &GpcFill::sms), member("clusters", &GpcFill::clusters),
                        member("ctas", &GpcFill::ctas), member("idle_sms", &GpcFill::idle_sms));
};

template <>
struct Of<ClusterWaves> {
    static constexpr std::string_view name = "ClusterWaves";
    static constexpr std::string_view doc = "A grid of clusters in waves.";
    static constexpr auto members = std::make_tuple(
        member("grid", &ClusterWaves::grid), member("grid_ctas", &ClusterWaves::grid_ctas),
        member("grid_clusters", &ClusterWaves::grid_clusters), member("waves_low", &ClusterWaves::waves_low),
        member("waves_typical", &ClusterWaves::waves_typical), member("waves_high", &ClusterWaves::waves_high),
        member("waves_bound", &ClusterWaves::waves_bound));
};

template <>
struct Of<ClusterResult> {
    static constexpr std::string_view name = "ClusterAnswer";
    static constexpr std::string_view doc = "A thread block cluster's answer (smcalc::ClusterResult), with a cluster (CC 9.0+).";
    static constexpr auto members = std::make_tuple(
        member("dims", &ClusterResult::dims), member("cluster_size", &ClusterResult::cluster_size),
        member("needs_non_portable", &ClusterResult::needs_non_portable),
        member("max_cluster_size", &ClusterResult::max_cluster_size),
        member("max_size_confirmed", &ClusterResult::max_size_confirmed),
        member("ctas_per_sm", &ClusterResult::ctas_per_sm),
        member("cluster_ctas_per_sm", &ClusterResult::cluster_ctas_per_sm,
               "CTAs per SM under a cluster launch (at most 8 on CC 10.x, measured)"),
        member("smem_per_cta", &ClusterResult::smem_per_cta, "bytes"),
        member("dsmem_per_cluster", &ClusterResult::dsmem_per_cluster, "bytes"),
        member("max_active_clusters", &ClusterResult::max_active_clusters),
        member("limiter", &ClusterResult::limiter), member("limiter_reason", &ClusterResult::limiter_reason),
        member("gpcs", &ClusterResult::gpcs), member("waves", &ClusterResult::waves),
        member("derivation", &ClusterResult::derivation), member("notes", &ClusterResult::notes),
        computed("sm_count", +[](const ClusterResult& r) { return only_if(r.sm_count > 0, r.sm_count); }, "null = unknown"),
        computed("ctas_per_gpc_max", +[](const ClusterResult& r) { return only_if(r.ctas_per_gpc_max > 0, r.ctas_per_gpc_max); }),
        computed("limiter_label", +[](const ClusterResult& r) { return std::string(cluster_limiter_label(r.limiter)); }));
};

template <>
struct Of<ClusterStep> {
    static constexpr std::string_view name = "ClusterStep";
    static constexpr std::string_view doc = "A cluster suggestion of next_step (smcalc::ClusterStep).";
    static constexpr auto members = std::make_tuple(
        member("key", &ClusterStep::key, "\"smaller_cluster\", \"gpc_limit\""), member("dims", &ClusterStep::dims),
        member("clusters", &ClusterStep::clusters), member("ctas", &ClusterStep::ctas),
        member("ctas_now", &ClusterStep::ctas_now), member("basis", &ClusterStep::basis),
        member("text", &ClusterStep::text));
};

// ----- AMD (smcalc/amd.hpp) -----
template <>
struct Of<amd::OccupancyResult> {
    using R = amd::OccupancyResult;
    static constexpr std::string_view name = "AmdOccupancyFigures";
    static constexpr std::string_view doc = "The figures of an AMD occupancy answer (smcalc::amd::OccupancyResult).";
    static constexpr auto members = std::make_tuple(
        member("gfx", &R::gfx), member("waves_per_simd", &R::waves_per_simd),
        member("max_waves_per_simd", &R::max_waves_per_simd), member("workgroups_per_cu", &R::workgroups_per_cu),
        member("waves_per_cu", &R::waves_per_cu), member("occupancy", &R::occupancy, "0..1"),
        member("compiler_waves_per_simd", &R::compiler_waves_per_simd, "LLVM's figure"),
        member("waves_per_workgroup", &R::waves_per_workgroup),
        member("lanes_per_workgroup", &R::lanes_per_workgroup), member("idle_lanes", &R::idle_lanes),
        member("unified_vgprs", &R::unified_vgprs), member("vgprs_allocated", &R::vgprs_allocated),
        member("sgprs_allocated", &R::sgprs_allocated), member("lds_allocated", &R::lds_allocated, "bytes"),
        member("limiting", &R::limiting), member("budgets", &R::budgets), member("derivation", &R::derivation),
        member("notes", &R::notes));
};

template <>
struct Of<amd::NextStep> {
    using R = amd::NextStep;
    static constexpr std::string_view name = "AmdSuggestion";
    static constexpr std::string_view doc = "A suggestion of next_step on an AMD GPU (smcalc::amd::NextStep).";
    static constexpr auto members = std::make_tuple(
        member("resource", &R::resource), member("field", &R::field), member("from", &R::from),
        member("to", &R::to), member("workgroups_per_cu", &R::workgroups_per_cu),
        member("waves_per_simd", &R::waves_per_simd), member("occupancy", &R::occupancy, "0..1"),
        member("text", &R::text), member("hint", &R::hint));
};

template <>
struct Of<amd::TileResult> {
    using R = amd::TileResult;
    static constexpr std::string_view name = "AmdTileFigures";
    static constexpr std::string_view doc = "The figures of an AMD tile answer (smcalc::amd::TileResult).";
    static constexpr auto members = std::make_tuple(
        member("gfx", &R::gfx), member("threads", &R::threads), member("acc_bytes", &R::acc_bytes),
        member("acc_regs_per_lane", &R::acc_regs_per_lane), member("overhead_vgprs", &R::overhead_vgprs, "estimate"),
        member("vgprs", &R::vgprs), member("agprs", &R::agprs), member("unified_vgprs", &R::unified_vgprs),
        member("regs_fit", &R::regs_fit), member("lds_a_per_stage", &R::lds_a_per_stage, "bytes"),
        member("lds_b_per_stage", &R::lds_b_per_stage, "bytes"), member("lds_per_stage", &R::lds_per_stage, "bytes"),
        member("lds_per_workgroup", &R::lds_per_workgroup, "bytes"), member("lds_limit", &R::lds_limit, "bytes"),
        member("lds_fits", &R::lds_fits), member("workgroups_per_cu", &R::workgroups_per_cu),
        member("waves_per_simd", &R::waves_per_simd), member("fits", &R::fits), member("cu_count", &R::cu_count),
        member("notes", &R::notes));
};

// ----- op block_size, next_step, compare, archs -----
template <>
struct Of<BlockSizeResult> {
    using R = BlockSizeResult;
    static constexpr std::string_view name = "BlockSizeFigures";
    static constexpr std::string_view doc = "The figures of a block_size answer (smcalc::BlockSizeResult).";
    static constexpr auto members = std::make_tuple(
        member("block_size", &R::block_size, "threads per block with the most resident threads"),
        member("min_grid_size", &R::min_grid_size, "blocks for one full wave"),
        member("blocks_per_sm", &R::blocks_per_sm), member("occupancy", &R::occupancy, "0..1"));
};

template <>
struct Of<Change> {
    static constexpr std::string_view name = "SuggestionChange";
    static constexpr std::string_view doc = "One input a suggestion changes.";
    static constexpr auto members = std::make_tuple(
        computed("knob", +[](const Change& c) { return std::string(knob_key(c.knob)); }, "\"regs\", \"smem\", \"threads\", \"barriers\""),
        computed("unit", +[](const Change& c) { return std::string(knob_unit(c.knob)); }),
        member("from", &Change::from), member("to", &Change::to));
};

// A suggestion's figures are null when it is not possible (`reason` says why).
template <>
struct Of<Suggestion> {
    using S = Suggestion;
    static constexpr std::string_view name = "Suggestion";
    static constexpr std::string_view doc = "One suggestion of next_step (smcalc::Suggestion).";
    static constexpr auto members = std::make_tuple(
        member("id", &S::id, "\"regs\", \"smem\", \"threads_block\", \"threads_warps\", \"barriers\", \"next_level\""),
        member("possible", &S::possible), member("changes", &S::changes), member("text", &S::text),
        member("reason", &S::reason, "why not, when not possible"),
        computed("input", +[](const S& x) { return only_if(x.possible, x.input); }, "the kernel with the changes"),
        computed("blocks_per_sm", +[](const S& x) { return only_if(x.possible, x.result.blocks_per_sm); }),
        computed("warps_per_sm", +[](const S& x) { return only_if(x.possible, x.result.warps_per_sm); }),
        computed("occupancy", +[](const S& x) { return only_if(x.possible, x.result.occupancy); }, "0..1"),
        computed("limiting", +[](const S& x) { return only_if(x.possible, x.result.limiting); }));
};

template <>
struct Of<CompareRow> {
    static constexpr std::string_view name = "CompareRow";
    static constexpr std::string_view doc = "One row of a compare answer: a figure per GPU.";
    static constexpr auto members = std::make_tuple(
        member("key", &CompareRow::key, "\"cc\", \"sm_count\", \"blocks_per_sm\", ..."),
        member("label", &CompareRow::label), member("values", &CompareRow::values, "one per column"),
        member("differs", &CompareRow::differs, "not all values equal"));
};

// One compute capability's rules (op archs).
template <>
struct Of<ArchRules> {
    using A = ArchRules;
    static constexpr std::string_view name = "ArchRow";
    static constexpr std::string_view doc = "One compute capability's rules (op archs; smcalc::ArchRules).";
    static constexpr auto members = std::make_tuple(
        computed("cc", +[](const A& a) { return cc_text(a.cc); }), member("family", &A::family),
        member("warp_size", &A::warp_size), member("max_threads_per_block", &A::max_threads_per_block),
        member("max_warps_per_sm", &A::max_warps_per_sm), member("max_threads_per_sm", &A::max_threads_per_sm),
        member("max_blocks_per_sm", &A::max_blocks_per_sm), member("regs_per_sm", &A::regs_per_sm),
        member("regs_per_block", &A::regs_per_block), member("max_regs_per_thread", &A::max_regs_per_thread),
        member("max_regs_per_thread_occ", &A::max_regs_per_thread_occ), member("reg_alloc_unit", &A::reg_alloc_unit),
        member("sub_partitions", &A::sub_partitions),
        member("smem_alloc_granularity", &A::smem_alloc_granularity, "bytes"),
        member("reserved_smem_per_block", &A::reserved_smem_per_block, "bytes"),
        member("smem_per_sm", &A::smem_per_sm, "bytes"), member("smem_per_block", &A::smem_per_block, "bytes"),
        member("smem_per_block_optin", &A::smem_per_block_optin, "bytes"),
        computed("carveouts_kib", +[](const A& a) { return std::vector<int>(a.carveouts().begin(), a.carveouts().end()); }),
        member("barrier_factor", &A::barrier_factor), member("barrier_limit_applies", &A::barrier_limit_applies),
        member("barriers_per_block", &A::barriers_per_block), member("has_tmem", &A::has_tmem),
        member("tmem_columns", &A::tmem_columns), member("source", &A::source, "source keys (docs/sources.md)"));
};

// ----- compiler output (smcalc/ptxas.hpp, smcalc/amd_parse.hpp) -----
// A constant bank a kernel uses (ptxas's "360 bytes cmem[0]").
struct ConstantBank {
    int64_t bank = 0;
    int64_t bytes = 0;
};
template <>
struct Of<ConstantBank> {
    static constexpr std::string_view name = "ConstantBank";
    static constexpr std::string_view doc = "A constant bank a kernel uses.";
    static constexpr auto members = std::make_tuple(member("bank", &ConstantBank::bank),
                                                    member("bytes", &ConstantBank::bytes));
};

template <>
struct Of<ParsedKernel> {
    using K = ParsedKernel;
    static constexpr std::string_view name = "ParsedKernel";
    static constexpr std::string_view doc = "The figures of a kernel read from ptxas/cuobjdump output or a binary.";
    static constexpr auto members = std::make_tuple(
        member("name", &K::name), member("short_name", &K::short_name), member("cc_modelled", &K::cc_modelled),
        member("registers", &K::registers), member("smem_static", &K::smem_static, "bytes"),
        member("barriers", &K::barriers), member("stack_frame", &K::stack_frame, "bytes per thread"),
        member("spill_stores", &K::spill_stores, "bytes per thread"),
        member("spill_loads", &K::spill_loads, "bytes per thread"),
        member("cumulative_stack", &K::cumulative_stack, "bytes per thread"),
        member("local", &K::local, "bytes per thread"), member("entry", &K::entry), member("tool", &K::tool),
        member("line", &K::line, "1-based"), member("missing", &K::missing),
        computed("mangled", +[](const K& k) { return text_or_null(k.mangled); }),
        computed("demangled", +[](const K& k) { return text_or_null(k.demangled); }),
        computed("arch", +[](const K& k) { return text_or_null(k.arch); }, "\"sm_90a\" as printed"),
        computed("cc", +[](const K& k) { return k.cc ? std::optional<std::string>(cc_text(*k.cc)) : std::nullopt; }),
        computed("cmem", +[](const K& k) {
            std::vector<ConstantBank> banks;
            for (const auto& [bank, bytes] : k.cmem) banks.push_back({bank, bytes});
            return banks;
        }, "constant banks used")
#ifndef SMCALC_NO_BINARY_READER
            ,
        computed("cluster_dims", +[](const K& k) { return only_if(!k.cluster_dims.empty(), k.cluster_dims); },
                 "__cluster_dims__ (EIATTR_CTA_PER_CLUSTER)"),
        computed("container", +[](const K& k) { return text_or_null(k.container); }, "where in the file"),
        computed("sources", +[](const K& k) { return NamedTexts{k.sources}; }, "field -> where it came from"),
        member("max_threads", &K::max_threads, "__launch_bounds__ (binaries)"),
        member("max_regs", &K::max_regs, "EIATTR_MAXREG_COUNT (binaries)"),
        member("param_bytes", &K::param_bytes, "bytes of kernel parameters (binaries)")
#endif
    );
};

template <>
struct Of<amd::ParsedKernel> {
    using K = amd::ParsedKernel;
    static constexpr std::string_view name = "AmdParsedKernel";
    static constexpr std::string_view doc = "The figures of a kernel read from LLVM AMDGPU output or a code object.";
    static constexpr auto members = std::make_tuple(
        member("name", &K::name), member("vgprs", &K::vgprs), member("agprs", &K::agprs),
        member("unified_vgprs", &K::unified_vgprs), member("sgprs", &K::sgprs), member("lds", &K::lds, "bytes"),
        member("scratch", &K::scratch, "bytes per lane"),
        member("max_flat_workgroup_size", &K::max_flat_workgroup_size), member("vgpr_spill", &K::vgpr_spill),
        member("sgpr_spill", &K::sgpr_spill), member("llvm_occupancy", &K::llvm_occupancy, "waves per SIMD"),
        member("formats", &K::formats), member("line", &K::line, "1-based"), member("missing", &K::missing),
        member("next_free_vgpr", &K::next_free_vgpr), member("next_free_sgpr", &K::next_free_sgpr),
        member("accum_offset", &K::accum_offset), member("vgprs_for_occupancy", &K::vgprs_for_occupancy),
        member("sgprs_for_occupancy", &K::sgprs_for_occupancy),
        computed("llvm_spelling", +[](const K& k) { return only_if<int64_t>(k.llvm_spelling != 0, k.llvm_spelling); },
                 "19 or 22: which LLVM's spelling of the SGPR totals the text used"),
        computed("gfx", +[](const K& k) { return text_or_null(k.gfx); })
#ifndef SMCALC_NO_BINARY_READER
            ,
        computed("container", +[](const K& k) { return text_or_null(k.container); }, "where in the file"),
        computed("sources", +[](const K& k) { return NamedTexts{k.sources}; }, "field -> where it came from"),
        member("wavefront_size", &K::wavefront_size), member("granulated_vgprs", &K::granulated_vgprs),
        member("granulated_sgprs", &K::granulated_sgprs)
#endif
    );
};

// ===== whole answers =====
// An op's answer as the writers see it: the request (its GPU, device and inputs) and what solve() computed. Each
// Of<Reply<R>> lists the answer's members: the result's list (a base) and what the request adds (gpu, device,
// input, ...). The JSON writer (core/api answer_json) is a loop over these lists.
template <class R>
struct Reply {
    const Request& req;
    const R& r;
    const ClusterAnswer& cluster;  // the request's cluster part (solve.hpp)
};
template <class R>
const R& result_of(const Reply<R>& v) {
    return v.r;
}
// The GPU's canonical name, or null (a CC or a custom device chose the device).
inline std::optional<std::string> gpu_name(const Request& req) { return text_or_null(req.gpu); }
template <class V>
constexpr auto gpu_member() {
    return computed("gpu", +[](const V& v) { return gpu_name(v.req); });
}
// "vendor": "amd" on AMD answers; NVIDIA answers leave it out (TypeScript tells them apart by it).
template <class V>
constexpr auto amd_vendor() {
    return computed("vendor", +[](const V&) { return Literal<"amd">{}; });
}
template <class V>
constexpr auto no_vendor() {
    return computed("vendor", +[](const V&) { return Sometimes<Undefined>{}; }, "AMD answers say 'amd'");
}

// "compiler": the kernel compiler_output gave, where the request had one.
template <class V>
constexpr auto compiler_member() {
    return computed("compiler", +[](const V& v) {
        return v.req.compiler ? Sometimes<ParsedKernel>(*v.req.compiler) : Sometimes<ParsedKernel>();
    }, "the kernel compiler_output gave");
}
template <class V>
constexpr auto amd_compiler_member() {
    return computed("compiler", +[](const V& v) {
        return v.req.amd_compiler ? Sometimes<amd::ParsedKernel>(*v.req.amd_compiler) : Sometimes<amd::ParsedKernel>();
    }, "the AMD kernel compiler_output gave");
}

// An NVIDIA occupancy on the request's device: the figures and what the request adds. Op occupancy's answer, a
// tile's solver (the CTA as a kernel) and next_step's current state.
struct KernelOccupancy {
    const Request& req;
    OccupancyResult r;  // next_step's current state is computed for it (a copy elsewhere)
    KernelInput input;  // a tile's solver: the CTA as a kernel (built for it)
};
template <>
struct Of<KernelOccupancy> {
    using V = KernelOccupancy;
    static constexpr std::string_view name = "KernelOccupancy";
    static constexpr std::string_view doc = "An NVIDIA occupancy on a device (cuda_occupancy.h's rules): the figures, limits, device and kernel.";
    static constexpr auto members = std::make_tuple(
        base(+[](const V& v) -> const OccupancyResult& { return v.r; }), no_vendor<V>(),
        computed("limits", +[](const V& v) {
            Keyed<Resource, std::optional<int64_t>> k;
            for (Resource res : kResources) k.items.push_back({res, v.r.limit(res)});
            return k;
        }, "blocks each resource allows; null = no limit"),
        computed("device", +[](const V& v) { return v.req.device; }), gpu_member<V>(),
        computed("input", +[](const V& v) { return v.input; }));
};

template <>
struct Of<Reply<OccupancyResult>> {
    using V = Reply<OccupancyResult>;
    static constexpr std::string_view name = "OccupancyAnswer";
    static constexpr std::string_view doc = "op occupancy on an NVIDIA GPU.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        base(+[](const V& v) { return KernelOccupancy{v.req, v.r, v.req.input}; }), compiler_member<V>(),
        computed("cluster", +[](const V& v) {
            return v.cluster.result ? Sometimes<ClusterResult>(*v.cluster.result) : Sometimes<ClusterResult>();
        }, "with a cluster (CC 9.0+)"));
};

// An AMD occupancy on the request's GPU: op occupancy's answer, an AMD tile's solver, next_step's current state.
struct AmdKernelOccupancy {
    const Request& req;
    const amd::OccupancyResult& r;
};
template <>
struct Of<AmdKernelOccupancy> {
    using V = AmdKernelOccupancy;
    // Per limit key, what that resource alone allows (workgroups per CU or waves per SIMD).
    static Keyed<amd::Limit, std::optional<int64_t>> limits(const V& v, std::optional<int64_t> amd::LimitCount::*allows) {
        Keyed<amd::Limit, std::optional<int64_t>> k;
        for (const amd::LimitCount& l : v.r.limits) k.items.push_back({l.limit, l.*allows});
        return k;
    }
    static constexpr std::string_view name = "AmdKernelOccupancy";
    static constexpr std::string_view doc = "An AMD occupancy on a GPU (LLVM's rules): the figures, limits, readouts and kernel.";
    static constexpr auto members = std::make_tuple(
        amd_vendor<V>(), base(+[](const V& v) -> const amd::OccupancyResult& { return v.r; }),
        computed("limits", +[](const V& v) { return limits(v, &amd::LimitCount::workgroups_per_cu); },
                 "workgroups per CU each resource allows; null = no limit"),
        computed("limits_waves_per_simd", +[](const V& v) { return limits(v, &amd::LimitCount::waves_per_simd); }),
        computed("cu_count", +[](const V& v) { return v.req.amd_gpu ? std::optional<int64_t>(v.req.amd_gpu->cu_count) : std::nullopt; }),
        computed("gpu_resident_workgroups", +[](const V& v) {
            return v.req.amd_gpu ? std::optional<int64_t>(v.r.workgroups_per_cu * v.req.amd_gpu->cu_count) : std::nullopt;
        }),
        computed("rows", +[](const V& v) { return v.r.rows; }), computed("input", +[](const V& v) { return v.r.input; }),
        gpu_member<V>());
};

template <>
struct Of<Reply<amd::OccupancyResult>> {
    using V = Reply<amd::OccupancyResult>;
    static constexpr std::string_view name = "AmdOccupancyAnswer";
    static constexpr std::string_view doc = "op occupancy on an AMD Instinct GPU.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(base(+[](const V& v) { return AmdKernelOccupancy{v.req, v.r}; }),
                                                    amd_compiler_member<V>());
};

template <>
struct Of<Reply<TileResult>> {
    using V = Reply<TileResult>;
    static constexpr std::string_view name = "TileAnswer";
    static constexpr std::string_view doc = "op tile on an NVIDIA GPU (smcalc::TileResult).";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        base(&result_of<TileResult>), no_vendor<V>(), computed("cc", +[](const V& v) { return cc_text(v.r.cc); }),
        computed("inst", +[](const V& v) { return ProblemSize{v.r.inst_m, v.r.inst_n, v.r.inst_k}; }, "instruction shape (0 for FFMA)"),
        computed("grid", +[](const V& v) { return TileGrid{v.r.grid_m, v.r.grid_n}; }),
        computed("rows", +[](const V& v) { return v.r.rows; }),
        computed("solver", +[](const V& v) {
            return v.r.occ ? std::optional<KernelOccupancy>(KernelOccupancy{v.req, *v.r.occ, tile_kernel(v.r)}) : std::nullopt;
        }, "the CTA as a kernel"),
        computed("input", +[](const V& v) { return v.r.input; }), computed("device", +[](const V& v) { return v.req.device; }),
        gpu_member<V>(), computed("fit_options", +[](const V& v) { return v.r.fit_options; }),
        computed("cluster", +[](const V& v) { return v.r.cluster ? Sometimes<ClusterResult>(*v.r.cluster) : Sometimes<ClusterResult>(); },
                 "with a cluster"));
};

// Why the candidates of op tiles that do not fit were left out (counts).
template <>
struct Of<TileSearchResult> {
    using R = TileSearchResult;
    static constexpr std::string_view name = "TilesRejected";
    static constexpr std::string_view doc = "Candidates of op tiles left out, by reason.";
    static constexpr auto members = std::make_tuple(
        member("refused", &R::refused, "shape rules of the MMA instruction"), member("spills", &R::spills),
        member("smem_over", &R::smem_over), member("tmem_over", &R::tmem_over),
        member("no_cta", &R::no_cta, "each limit alone fits, 0 CTAs per SM"));
};
template <>
struct Of<Reply<TileSearchResult>> {
    using V = Reply<TileSearchResult>;
    static int64_t shown(const V& v) {
        const auto total = static_cast<int64_t>(v.r.fits.size());
        return v.req.limit ? std::min(*v.req.limit, total) : total;
    }
    static constexpr std::string_view name = "TilesAnswer";
    static constexpr std::string_view doc = "op tiles: the tiles that fit, best first (docs/tile-model.md).";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        computed("fits", +[](const V& v) {
            return std::vector<TileFit>(v.r.fits.begin(), v.r.fits.begin() + static_cast<std::ptrdiff_t>(shown(v)));
        }),
        computed("total", +[](const V& v) { return static_cast<int64_t>(v.r.fits.size()); }),
        computed("shown", +[](const V& v) { return shown(v); }),
        computed("candidates", +[](const V& v) { return v.r.candidates; }),
        computed("rejected", +[](const V& v) -> const TileSearchResult& { return v.r; }),
        computed("ranking", +[](const V& v) { return v.r.ranking; }),
        computed("stages_auto", +[](const V& v) { return v.req.search.stages_auto; }),
        computed("input", +[](const V& v) { return TilesInputEcho{v.req.search, v.req.limit}; }),
        computed("device", +[](const V& v) { return v.req.device; }), gpu_member<V>());
};

// next_step's launch bounds for the target (null figures when the target cannot be reached).
struct LaunchBoundsView {
    const NextStepAnswer& a;
    int64_t threads = 0;
};
template <>
struct Of<LaunchBoundsView> {
    using V = LaunchBoundsView;
    template <class T>
    static std::optional<T> of(const V& v, T (*get)(const LaunchBounds&)) {
        return v.a.bounds ? std::optional<T>(get(*v.a.bounds)) : std::nullopt;
    }
    static std::string why_not(const V& v) { return v.a.bounds || !v.a.bounds_error ? "" : v.a.bounds_error->message; }
    static constexpr std::string_view name = "LaunchBoundsAnswer";
    static constexpr std::string_view doc = "__launch_bounds__ / -maxrregcount for next_step's target blocks per SM.";
    static constexpr auto members = std::make_tuple(
        computed("possible", +[](const V& v) { return v.a.bounds.has_value(); }),
        computed("target_blocks", +[](const V& v) { return v.a.bounds_target; }),
        computed("threads", +[](const V& v) { return v.threads; }),
        computed("max_regs", +[](const V& v) { return of(v, +[](const LaunchBounds& b) { return b.max_regs; }); }),
        computed("blocks_per_sm", +[](const V& v) { return of(v, +[](const LaunchBounds& b) { return b.result.blocks_per_sm; }); }),
        computed("occupancy", +[](const V& v) { return of(v, +[](const LaunchBounds& b) { return b.result.occupancy; }); }),
        computed("launch_bounds", +[](const V& v) { return of(v, +[](const LaunchBounds& b) { return b.launch_bounds; }); }),
        computed("maxrregcount", +[](const V& v) { return of(v, +[](const LaunchBounds& b) { return b.maxrregcount; }); }),
        computed("text", +[](const V& v) { return v.a.bounds ? v.a.bounds->text : why_not(v); }),
        computed("reason", +[](const V& v) { return why_not(v); }, "why not, when not possible"));
};

// The cluster a next_step answer used ("cluster_input").
template <>
struct Of<ClusterInput> {
    static constexpr std::string_view name = "ClusterInputAnswer";
    static constexpr std::string_view doc = "The cluster as the solver read it.";
    static constexpr auto members = std::make_tuple(member("cluster", &ClusterInput::dims),
                                                    member("non_portable_cluster", &ClusterInput::non_portable),
                                                    member("grid", &ClusterInput::grid));
};

template <>
struct Of<Reply<NextStepAnswer>> {
    using V = Reply<NextStepAnswer>;
    static constexpr std::string_view name = "NextStepAnswer";
    static constexpr std::string_view doc = "op next_step on an NVIDIA GPU: the smallest changes to the next level.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        no_vendor<V>(),
        computed("current", +[](const V& v) {
            // The current state as an occupancy answer (the step's own result has Detail::Numbers only).
            auto full = occupancy(v.req.device, v.req.input);
            return KernelOccupancy{v.req, full ? *full : v.r.step.current, v.req.input};
        }),
        computed("target_blocks", +[](const V& v) { return v.r.step.target_blocks; }),
        computed("suggestions", +[](const V& v) {
            std::vector<Suggestion> all;
            for (const Suggestion* x : v.r.step.all()) all.push_back(*x);
            return all;
        }),
        computed("launch_bounds", +[](const V& v) { return LaunchBoundsView{v.r, v.req.input.threads}; }),
        computed("device", +[](const V& v) { return v.req.device; }), gpu_member<V>(), compiler_member<V>(),
        computed("cluster", +[](const V& v) {
            return v.cluster.result ? Sometimes<ClusterResult>(*v.cluster.result) : Sometimes<ClusterResult>();
        }, "with a cluster (CC 9.0+)"),
        computed("cluster_next_steps", +[](const V& v) {
            return v.req.cluster ? Sometimes<std::vector<ClusterStep>>(v.cluster.steps) : Sometimes<std::vector<ClusterStep>>();
        }),
        computed("cluster_input", +[](const V& v) {
            return v.req.cluster ? Sometimes<ClusterInput>(*v.req.cluster) : Sometimes<ClusterInput>();
        }));
};

template <>
struct Of<Reply<AmdNextStepAnswer>> {
    using V = Reply<AmdNextStepAnswer>;
    static constexpr std::string_view name = "AmdNextStepAnswer";
    static constexpr std::string_view doc = "op next_step on an AMD GPU.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        amd_vendor<V>(), computed("current", +[](const V& v) { return AmdKernelOccupancy{v.req, v.r.current}; }),
        computed("suggestions", +[](const V& v) { return v.r.steps; }), gpu_member<V>(), amd_compiler_member<V>());
};

// An AMD tile over a GEMM problem (its figures are amd::TileResult's).
struct AmdTileProblem {
    const amd::TileResult& r;
};
template <>
struct Of<AmdTileProblem> {
    using V = AmdTileProblem;
    static constexpr std::string_view name = "AmdTileProblem";
    static constexpr std::string_view doc = "An AMD tile over a GEMM problem: workgroups and waves.";
    static constexpr auto members = std::make_tuple(
        computed("tiles_m", +[](const V& v) { return v.r.tiles_m; }), computed("tiles_n", +[](const V& v) { return v.r.tiles_n; }),
        computed("workgroups", +[](const V& v) { return v.r.workgroups; }), computed("k_steps", +[](const V& v) { return v.r.k_steps; }),
        computed("workgroups_per_wave", +[](const V& v) { return v.r.workgroups_per_wave; }, "null without a CU count"),
        computed("waves", +[](const V& v) { return v.r.waves; }),
        computed("last_wave_utilization", +[](const V& v) { return v.r.last_wave_utilization; }, "0..1"));
};
template <>
struct Of<amd::TileInput> {
    using T = amd::TileInput;
    static constexpr std::string_view name = "AmdTileAnswerInput";
    static constexpr std::string_view doc = "The AMD tile an answer used.";
    static constexpr auto members = std::make_tuple(
        member("m", &T::m), member("n", &T::n), member("k", &T::k), member("stages", &T::stages), member("waves", &T::waves),
        member("a", &T::a), member("b", &T::b), member("acc", &T::acc), member("sgprs", &T::sgprs),
        member("problem", &T::problem));
};

template <>
struct Of<Reply<amd::TileResult>> {
    using V = Reply<amd::TileResult>;
    static constexpr std::string_view name = "AmdTileAnswer";
    static constexpr std::string_view doc = "op tile on an AMD Instinct GPU (MFMA tile model).";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        amd_vendor<V>(), base(&result_of<amd::TileResult>),
        computed("problem", +[](const V& v) { return only_if(v.r.input.problem.has_value(), AmdTileProblem{v.r}); }),
        computed("rows", +[](const V& v) { return v.r.rows; }),
        computed("solver", +[](const V& v) {
            return v.r.occ ? std::optional<AmdKernelOccupancy>(AmdKernelOccupancy{v.req, *v.r.occ}) : std::nullopt;
        }),
        computed("input", +[](const V& v) { return v.r.input; }), gpu_member<V>());
};

template <>
struct Of<Reply<BlockSizeResult>> {
    using V = Reply<BlockSizeResult>;
    static constexpr std::string_view name = "BlockSizeAnswer";
    static constexpr std::string_view doc = "op block_size: the block size with the most resident threads.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members =
        std::make_tuple(base(&result_of<BlockSizeResult>), gpu_member<V>(), compiler_member<V>());
};

template <>
struct Of<Reply<DynamicSmemAnswer>> {
    using V = Reply<DynamicSmemAnswer>;
    static constexpr std::string_view name = "DynamicSmemAnswer";
    static constexpr std::string_view doc =
        "op dynamic_smem. bytes is NVIDIA's cudaOccAvailableDynamicSMemPerBlock: NOT always resident (CC 8.0+ "
        "leaves out the 1 KiB reserved per block); do not size a launch with it.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        computed("bytes", +[](const V& v) { return v.r.bytes; }, "cudaOccAvailableDynamicSMemPerBlock"),
        computed("bytes_resident", +[](const V& v) { return v.r.bytes_resident; },
                 "the most dynamic smem per block with which `blocks` reside"),
        computed("notes", +[](const V& v) {
            std::vector<std::string> notes;
            if (v.r.bytes_resident != v.r.bytes) notes.push_back(resident_note(v.r.bytes, v.r.bytes_resident, v.req.blocks));
            return notes;
        }, "how and why the two differ, when they do"),
        gpu_member<V>(), compiler_member<V>());
};

// A '|'-separated alias list as names (empty ones left out).
inline std::vector<std::string> alias_list(std::string_view aliases) {
    std::vector<std::string> out;
    while (!aliases.empty()) {
        const auto bar = aliases.find('|');
        if (bar != 0) out.emplace_back(aliases.substr(0, bar));
        aliases = bar == std::string_view::npos ? std::string_view{} : aliases.substr(bar + 1);
    }
    return out;
}

template <>
struct Of<GpuSpec> {
    using G = GpuSpec;
    static constexpr std::string_view name = "GpuRow";
    static constexpr std::string_view doc = "An NVIDIA GPU of op gpus: its name, its device and whole-chip figures.";
    static constexpr auto members = std::make_tuple(
        computed("name", +[](const G& g) { return std::string(g.name); }),
        computed("aliases", +[](const G& g) { return alias_list(g.aliases); }),
        base(+[](const G& g) -> const Device& { return g.device; }), member("boost_clock_mhz", &G::boost_clock_mhz, "MHz"),
        member("l2_bytes", &G::l2_bytes, "bytes"), member("mem_bw_gbs", &G::mem_bw_gbs, "GB/s"),
        member("bf16_dense_tflops", &G::bf16_dense_tflops), member("fp32_tflops", &G::fp32_tflops),
        computed("source", +[](const G& g) { return std::string(g.source); }, "source keys (docs/sources.md)"),
        computed("note", +[](const G& g) { return std::string(g.note); }));
};

template <>
struct Of<amd::GpuSpec> {
    using G = amd::GpuSpec;
    static constexpr std::string_view name = "AmdGpuRow";
    static constexpr std::string_view doc = "An AMD Instinct GPU of op gpus.";
    static constexpr auto members = std::make_tuple(
        computed("name", +[](const G& g) { return std::string(g.name); }),
        computed("aliases", +[](const G& g) { return alias_list(g.aliases); }), amd_vendor<G>(),
        computed("gfx", +[](const G& g) { return std::string(g.gfx); }),
        computed("family", +[](const G& g) { return std::string(g.arch().family); }), member("cu_count", &G::cu_count),
        member("xcd_count", &G::xcd_count), member("cus_per_xcd", &G::cus_per_xcd),
        computed("lds_per_cu", +[](const G& g) { return g.arch().lds_per_cu; }, "bytes"),
        member("hbm_bytes", &G::hbm_bytes, "bytes"), member("peak_clock_mhz", &G::peak_clock_mhz, "MHz"),
        member("mem_bw_gbs", &G::mem_bw_gbs, "GB/s"),
        computed("source", +[](const G& g) { return std::string(g.source); }, "source keys (docs/sources.md)"),
        computed("note", +[](const G& g) { return std::string(g.note); }));
};

// ops gpus and archs: the lists (the request adds nothing).
struct GpuList {};
struct ArchList {};
template <>
struct Of<GpuList> {
    static constexpr std::string_view name = "GpusAnswer";
    static constexpr std::string_view doc = "op gpus: every GPU in the database, NVIDIA and AMD.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members =
        std::make_tuple(computed("gpus", +[](const GpuList&) { return all_gpus(); }),
                        computed("amd_gpus", +[](const GpuList&) { return amd::all_gpus(); }));
};
template <>
struct Of<ArchList> {
    static constexpr std::string_view name = "ArchsAnswer";
    static constexpr std::string_view doc = "op archs: every compute capability's rules.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(computed("archs", +[](const ArchList&) { return all_arch_rules(); }));
};

template <>
struct Of<Reply<ParsedOutput>> {
    using V = Reply<ParsedOutput>;
    static constexpr std::string_view name = "ParseAnswer";
    static constexpr std::string_view doc = "op parse on ptxas/cuobjdump output or a CUDA binary.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        no_vendor<V>(), computed("kernels", +[](const V& v) { return v.r.kernels; }),
        computed("device_functions", +[](const V& v) { return v.r.device_functions; }, "non-entry functions"),
        computed("archs", +[](const V& v) { return v.r.archs; }, "targets seen: \"sm_80\", ..."),
        computed("diagnostics", +[](const V& v) { return v.r.diagnostics; }, "ptxas warnings and errors"),
        computed("notes", +[](const V& v) { return v.r.notes; }), computed("summary", +[](const V& v) { return v.r.summary; }));
};

// A kernel of op parse on AMD text: the kernel, and the occupancy model held against LLVM's figure (null where
// its gfx is not modelled).
struct AmdCheckedKernel {
    const amd::ParsedKernel& k;
    const std::optional<amd::LlvmComparison>& c;
    const std::string& rules;
};
template <>
struct Of<AmdCheckedKernel> {
    using V = AmdCheckedKernel;
    // A figure of the comparison, or null without one.
    template <class T>
    static std::optional<T> of(const V& v, T (*get)(const amd::LlvmComparison&)) {
        return v.c ? std::optional<T>(get(*v.c)) : std::nullopt;
    }
    static constexpr std::string_view name = "AmdParsedKernelChecked";
    static constexpr std::string_view doc = "A kernel of op parse on AMD text, held against the occupancy model.";
    static constexpr auto members = std::make_tuple(
        base(+[](const V& v) -> const amd::ParsedKernel& { return v.k; }),
        computed("rules", +[](const V& v) { return text_or_null(v.rules); }, "the gfx whose rules were used"),
        computed("threads", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.ours.input.threads; }); }),
        computed("compiler_waves_per_simd", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.ours.compiler_waves_per_simd; }); }),
        computed("waves_per_simd", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.ours.waves_per_simd; }); }),
        computed("workgroups_per_cu", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.ours.workgroups_per_cu; }); }),
        computed("mismatch", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.mismatch; }); },
                 "the model's waves/SIMD differ from LLVM's"),
        computed("llvm_range_waves_per_simd", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.llvm_range; }); },
                 "LLVM 22, range 1..threads"),
        computed("range_explains", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.range_explains; }); }),
        computed("range_min", +[](const V& v) { return v.c && v.c->range_explains ? std::optional<int64_t>(v.c->range_min) : std::nullopt; }),
        computed("comparison", +[](const V& v) { return of(v, +[](const amd::LlvmComparison& c) { return c.text; }); }));
};

template <>
struct Of<Reply<AmdParseAnswer>> {
    using V = Reply<AmdParseAnswer>;
    static constexpr std::string_view name = "AmdParseAnswer";
    static constexpr std::string_view doc = "op parse on LLVM AMDGPU output or an AMD code object.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        amd_vendor<V>(), computed("kernels", +[](const V& v) {
            std::vector<AmdCheckedKernel> ks;
            for (std::size_t i = 0; i < v.r.parsed.kernels.size(); ++i)
                ks.push_back({v.r.parsed.kernels[i], v.r.llvm[i], v.r.gfx_used[i]});
            return ks;
        }),
        computed("notes", +[](const V& v) { return v.r.parsed.notes; }),
        computed("summary", +[](const V& v) { return v.r.parsed.summary; }));
};

// ===== errors and the envelope =====
template <>
struct Of<Error> {
    static constexpr std::string_view name = "ApiError";
    static constexpr std::string_view doc =
        "What went wrong: the error's kind, the field it names (a request key or path such as \"device.warp_size\", "
        "\"ms[1]\"; \"\" for the whole request) and a sentence saying the allowed values.";
    static constexpr auto members = std::make_tuple(member("id", &Error::id), member("message", &Error::message),
                                                    member("field", &Error::field));
};

// What handle() adds to every answer, an error's too: the request's "id", echoed unchanged, and the warnings. Id
// holds the id: core/api's JSON value; the declarations use UnknownValue (TypeScript's unknown), same list.
struct UnknownValue {};
template <>
struct Custom<UnknownValue> {
    static constexpr std::string_view ts = "unknown";
};
template <class Id>
struct Envelope {
    Sometimes<Id> id;
    Sometimes<std::vector<std::string>> warnings;
};
template <class Id>
struct Of<Envelope<Id>> {
    using V = Envelope<Id>;
    static constexpr std::string_view name = "AnswerCommon";
    static constexpr std::string_view doc =
        "Keys of every successful answer. `error?: undefined` makes `a.error` the discriminant of Answer<T>.";
    static constexpr auto members = std::make_tuple(
        computed("error", +[](const V&) { return Sometimes<Undefined>{}; }, "error answers: ApiError"),
        member("id", &V::id, "the request's id, echoed unchanged"),
        member("warnings", &V::warnings, "inputs no compiled kernel has; figures compiler output lacks"));
};

// An error answer: the error and, for a tile refused with a cluster, the shapes that would fit.
struct ErrorReply {
    const Error& error;
    const std::vector<TileFitOption>* fit_options = nullptr;
};
template <>
struct Of<ErrorReply> {
    using V = ErrorReply;
    static constexpr std::string_view name = "ErrorAnswer";
    static constexpr std::string_view doc =
        "Every failure is an answer, never a thrown exception; the module keeps working after it. The `error` key "
        "tells answers apart: `if (a.error) { ... a.error.field ... } else { ... a.blocks_per_sm ... }`. Its "
        "warnings are the request's ignored inputs, read before it failed.";
    static constexpr std::string_view extends = "Omit<AnswerCommon, 'error'>";
    static constexpr auto members = std::make_tuple(
        computed("error", +[](const V& v) -> const Error& { return v.error; }),
        computed("fit_options", +[](const V& v) {
            return v.fit_options && !v.fit_options->empty() ? Sometimes<std::vector<TileFitOption>>(*v.fit_options)
                                                           : Sometimes<std::vector<TileFitOption>>();
        }, "a tile refused with a cluster: the shapes that would fit"));
};

// ===== op compare =====
// One GPU's column of a compare answer, whichever compare made it: NVIDIA kernels (Comparison), NVIDIA tiles
// (TileComparison) or a compare across vendors (VendorComparison). Which members it has depends on the kind and
// the vendor; an NVIDIA-only compare writes a refused column's figures as null, a compare across vendors
// leaves them out (and says "vendor").
struct CompareCell {
    std::string_view name;
    bool across = false;                     // a compare across vendors
    const std::optional<Error>* error = nullptr;
    const Device* device = nullptr;          // an NVIDIA column's device
    const amd::GpuSpec* amd_gpu = nullptr;   // an AMD column's GPU
    const CompareColumn* kernel = nullptr;   // an NVIDIA kernel column (its figures hold without an error)
    const TileColumn* tile = nullptr;        // an NVIDIA tile column
    const amd::OccupancyResult* amd_occ = nullptr;
    const amd::TileResult* amd_tile = nullptr;
};
template <>
struct Of<CompareCell> {
    using V = CompareCell;
    template <class T>
    using Figure = Sometimes<std::optional<T>>;
    // An NVIDIA kernel figure: present in an NVIDIA kernel column (across vendors: only without an error),
    // null with an error.
    template <class T, class G>
    static Figure<T> kernel(const V& v, G get) {
        if (!v.kernel || (v.across && *v.error)) return {};
        return *v.error ? std::optional<T>() : std::optional<T>(get(*v.kernel));
    }
    // An NVIDIA tile figure: present in an NVIDIA tile column (across vendors: only with a result), null without
    // a result.
    template <class T, class G>
    static Figure<T> tile(const V& v, G get) {
        if (!v.tile || (v.across && !v.tile->result)) return {};
        return v.tile->result ? std::optional<T>(get(*v.tile)) : std::optional<T>();
    }
    static const TileResult& tr(const TileColumn& c) { return *c.result; }
    template <class T>
    static Sometimes<T> amd_occ(const V& v, T (*get)(const amd::OccupancyResult&)) {
        return v.amd_occ ? Sometimes<T>(get(*v.amd_occ)) : Sometimes<T>();
    }
    template <class T>
    static Sometimes<T> amd_tile(const V& v, T (*get)(const amd::TileResult&)) {
        return v.amd_tile ? Sometimes<T>(get(*v.amd_tile)) : Sometimes<T>();
    }
    using Limits = std::variant<Keyed<Resource, std::optional<int64_t>>, Keyed<amd::Limit, std::optional<int64_t>>>;
    using Limiting = std::variant<std::vector<Resource>, std::vector<amd::Limit>>;
    static Limits nv_limits(const OccupancyResult& r) {
        Keyed<Resource, std::optional<int64_t>> k;
        for (Resource res : kResources) k.items.push_back({res, r.limit(res)});
        return k;
    }
    static Limits amd_limits(const amd::OccupancyResult& r) {
        Keyed<amd::Limit, std::optional<int64_t>> k;
        for (const amd::LimitCount& l : r.limits) k.items.push_back({l.limit, l.workgroups_per_cu});
        return k;
    }
    static constexpr std::string_view name = "CompareColumn";
    static constexpr std::string_view doc =
        "One GPU's column of a compare answer. Which members are present depends on the kind and the vendor: "
        "NVIDIA kernel columns carry the occupancy members, tile columns the tile members, AMD columns the AMD "
        "ones; in a column with an `error` the NVIDIA figures are null (a compare across vendors leaves them out).";
    static constexpr auto members = std::make_tuple(
        computed("name", +[](const V& v) { return std::string(v.name); }),
        computed("vendor", +[](const V& v) {
            return v.across ? Sometimes<amd::Vendor>(v.amd_gpu ? amd::Vendor::Amd : amd::Vendor::Nvidia) : Sometimes<amd::Vendor>();
        }, "only in a compare across vendors"),
        computed("error", +[](const V& v) { return *v.error; }),
        computed("cc", +[](const V& v) { return v.device ? Sometimes<std::string>(cc_text(v.device->cc)) : Sometimes<std::string>(); }, "NVIDIA"),
        computed("sm_count", +[](const V& v) {
            return v.device ? Figure<int64_t>(only_if(v.device->sm_count > 0, v.device->sm_count)) : Figure<int64_t>();
        }, "null = unknown"),
        computed("blocks_per_sm", +[](const V& v) { return kernel<int64_t>(v, [](const CompareColumn& c) { return c.result.blocks_per_sm; }); }, "NVIDIA kernel"),
        computed("warps_per_sm", +[](const V& v) { return kernel<int64_t>(v, [](const CompareColumn& c) { return c.result.warps_per_sm; }); }),
        computed("occupancy", +[](const V& v) {
            if (v.amd_occ) return Figure<double>(v.amd_occ->occupancy);
            if (v.tile) return tile<double>(v, [](const TileColumn& c) { return tr(c).occupancy; });
            return kernel<double>(v, [](const CompareColumn& c) { return c.result.occupancy; });
        }, "0..1"),
        computed("limits", +[](const V& v) {
            if (v.amd_occ) return Figure<Limits>(amd_limits(*v.amd_occ));
            return kernel<Limits>(v, [](const CompareColumn& c) { return nv_limits(c.result); });
        }, "blocks (AMD: workgroups) each resource allows; null = no limit"),
        computed("limiting", +[](const V& v) {
            if (v.amd_occ) return Figure<Limiting>(v.amd_occ->limiting);
            if (v.tile && v.across) return Figure<Limiting>();
            if (v.tile) return tile<Limiting>(v, [](const TileColumn& c) { return Limiting(tr(c).limiting); });
            return kernel<Limiting>(v, [](const CompareColumn& c) {
                return Limiting(std::vector<Resource>(c.result.limiting.begin(), c.result.limiting.end()));
            });
        }),
        computed("gpu_resident_ctas", +[](const V& v) {
            // As present as the column's figures; null where the SM count is unknown or with an error.
            if (v.tile) return tile<int64_t>(v, [](const TileColumn& c) { return c.gpu_resident_ctas; });
            return kernel<int64_t>(v, [](const CompareColumn& c) { return c.gpu_resident_ctas; });
        }, "blocks_per_sm x sm_count (null: SM count unknown); tile: ctas_per_sm x sm_count"),
        computed("gpu_resident_warps", +[](const V& v) {
            return v.kernel && !v.across ? Figure<int64_t>(v.kernel->gpu_resident_warps) : Figure<int64_t>();
        }, "warps_per_sm x sm_count (null: SM count unknown)"),
        computed("fits", +[](const V& v) {
            if (v.amd_tile) return Figure<bool>(v.amd_tile->fits);
            return tile<bool>(v, [](const TileColumn& c) { return tr(c).fits; });
        }, "tile"),
        computed("ctas_per_sm", +[](const V& v) { return tile<int64_t>(v, [](const TileColumn& c) { return tr(c).ctas_per_sm; }); }, "NVIDIA tile"),
        computed("instruction", +[](const V& v) { return tile<std::string>(v, [](const TileColumn& c) { return tr(c).instruction; }); }),
        computed("acc_regs_per_thread", +[](const V& v) { return tile<int64_t>(v, [](const TileColumn& c) { return tr(c).acc_regs_per_thread; }); }),
        computed("regs_per_thread_est", +[](const V& v) { return tile<int64_t>(v, [](const TileColumn& c) { return tr(c).regs_per_thread_est; }); }),
        computed("spills", +[](const V& v) {
            return v.across ? Figure<bool>() : tile<bool>(v, [](const TileColumn& c) { return tr(c).spills; });
        }),
        computed("smem_per_cta", +[](const V& v) { return tile<int64_t>(v, [](const TileColumn& c) { return tr(c).smem_per_cta; }); }, "bytes"),
        computed("smem_limit", +[](const V& v) { return tile<int64_t>(v, [](const TileColumn& c) { return tr(c).smem_limit; }); }, "bytes"),
        computed("gfx", +[](const V& v) { return v.amd_gpu ? Sometimes<std::string>(std::string(v.amd_gpu->gfx)) : Sometimes<std::string>(); }, "AMD"),
        computed("cu_count", +[](const V& v) { return v.amd_gpu ? Sometimes<int64_t>(v.amd_gpu->cu_count) : Sometimes<int64_t>(); }),
        computed("workgroups_per_cu", +[](const V& v) {
            if (v.amd_tile) return Sometimes<int64_t>(v.amd_tile->workgroups_per_cu);
            return amd_occ(v, +[](const amd::OccupancyResult& r) { return r.workgroups_per_cu; });
        }),
        computed("waves_per_cu", +[](const V& v) { return amd_occ(v, +[](const amd::OccupancyResult& r) { return r.waves_per_cu; }); }),
        computed("waves_per_simd", +[](const V& v) {
            if (v.amd_tile) return Sometimes<double>(v.amd_tile->waves_per_simd);
            return amd_occ(v, +[](const amd::OccupancyResult& r) { return r.waves_per_simd; });
        }),
        computed("compiler_waves_per_simd", +[](const V& v) {
            return amd_occ(v, +[](const amd::OccupancyResult& r) { return r.compiler_waves_per_simd; });
        }),
        computed("gpu_resident_workgroups", +[](const V& v) {
            if (v.amd_occ) return Figure<int64_t>(v.amd_occ->workgroups_per_cu * v.amd_gpu->cu_count);
            if (v.amd_tile)
                return Figure<int64_t>(only_if(v.amd_tile->cu_count.has_value(),
                                               v.amd_tile->workgroups_per_cu * v.amd_tile->cu_count.value_or(0)));
            return Figure<int64_t>();
        }, "AMD: workgroups_per_cu x cu_count"),
        computed("acc_regs_per_lane", +[](const V& v) { return amd_tile(v, +[](const amd::TileResult& r) { return r.acc_regs_per_lane; }); }, "AMD tile"),
        computed("vgprs", +[](const V& v) { return amd_tile(v, +[](const amd::TileResult& r) { return r.vgprs; }); }),
        computed("agprs", +[](const V& v) { return amd_tile(v, +[](const amd::TileResult& r) { return r.agprs; }); }),
        computed("lds_per_workgroup", +[](const V& v) { return amd_tile(v, +[](const amd::TileResult& r) { return r.lds_per_workgroup; }); }, "bytes"),
        computed("lds_limit", +[](const V& v) { return amd_tile(v, +[](const amd::TileResult& r) { return r.lds_limit; }); }, "bytes"));
};

// The tile of a compare across vendors: the NVIDIA tile's shape and types, and the AMD tile's waves.
struct CompareTileInput {
    const TileInput& nv;
    const amd::TileInput& amd;
};
template <>
struct Of<CompareTileInput> {
    using V = CompareTileInput;
    static constexpr std::string_view name = "CompareTileInput";
    static constexpr std::string_view doc = "The tile a compare across vendors used (NVIDIA's shape and types, AMD's waves).";
    static constexpr std::string_view extends = "Partial<ClusterInputAnswer>";
    static constexpr auto members = std::make_tuple(
        computed("m", +[](const V& v) { return v.nv.m; }), computed("n", +[](const V& v) { return v.nv.n; }),
        computed("k", +[](const V& v) { return v.nv.k; }), computed("stages", +[](const V& v) { return v.nv.stages; }),
        computed("warps", +[](const V& v) { return v.nv.warps; }), computed("waves", +[](const V& v) { return v.amd.waves; }),
        computed("a", +[](const V& v) { return v.nv.a; }), computed("b", +[](const V& v) { return v.nv.b; }),
        computed("acc", +[](const V& v) { return v.nv.acc; }));
};

// A compare answer, whichever compare made it (the writer builds it: compare_view below).
struct CompareView {
    const Request& req;
    CompareKind kind = CompareKind::Kernel;
    std::variant<KernelInput, TileInput, CompareTileInput> input;
    const std::vector<CompareRow>& rows;
    std::vector<CompareCell> columns;
    const VendorComparison* across = nullptr;  // a compare across vendors
};
template <>
struct Of<CompareView> {
    using V = CompareView;
    static constexpr std::string_view name = "CompareAnswer";
    static constexpr std::string_view doc = "op compare: one kernel or one tile on 1 to 4 GPUs, side by side.";
    static constexpr std::string_view extends = "AnswerCommon";
    static constexpr auto members = std::make_tuple(
        member("kind", &V::kind), computed("gpus", +[](const V& v) { return v.req.gpus; }),
        member("input", &V::input, "the kernel or the tile as read"),
        computed("amd_input", +[](const V& v) {
            using A = Sometimes<std::optional<amd::KernelInput>>;
            if (!v.across) return A();
            return v.across->tile ? A(std::optional<amd::KernelInput>()) : A(v.across->amd_kernel);
        }, "compare across vendors: the AMD kernel fields; null for a tile"),
        member("columns", &V::columns), computed("rows", +[](const V& v) -> const std::vector<CompareRow>& { return v.rows; }),
        computed("notes", +[](const V& v) {
            return v.across ? Sometimes<std::vector<std::string>>(v.across->notes) : Sometimes<std::vector<std::string>>();
        }, "compare across vendors: which fields each vendor read"));
};

// The compare answers' views: NVIDIA kernels, NVIDIA tiles, across vendors. (The input is built in place: clang
// 14 with libstdc++ 12 crashes instantiating std::variant's converting constructor for these aggregates.)
using CompareInput = decltype(CompareView::input);
inline CompareView compare_view(const Request& req, const Comparison& c) {
    CompareView v{req, CompareKind::Kernel, CompareInput(std::in_place_type<KernelInput>, c.kernel), c.rows, {}};
    for (const CompareColumn& col : c.columns)
        v.columns.push_back({.name = col.name, .error = &col.error, .device = &col.device, .kernel = &col});
    return v;
}
inline CompareView compare_view(const Request& req, const TileComparison& c) {
    CompareView v{req, CompareKind::Tile, CompareInput(std::in_place_type<TileInput>, req.tile), c.rows, {}};
    for (const TileColumn& col : c.columns)
        v.columns.push_back({.name = col.name, .error = &col.error, .device = &col.gpu->device, .tile = &col});
    return v;
}
inline CompareView compare_view(const Request& req, const VendorComparison& c) {
    CompareView v{req, c.tile ? CompareKind::Tile : CompareKind::Kernel,
                  c.tile ? CompareInput(std::in_place_type<CompareTileInput>, CompareTileInput{c.tile_input, c.amd_tile_input})
                         : CompareInput(std::in_place_type<KernelInput>, c.kernel),
                  c.rows, {}, &c};
    for (const VendorColumn& col : c.columns) {
        CompareCell cell{.name = col.name, .across = true, .error = &col.error};
        if (col.amd_gpu) {
            cell.amd_gpu = col.amd_gpu;
            cell.amd_occ = col.amd_occ ? &*col.amd_occ : nullptr;
            cell.amd_tile = col.amd_tile ? &*col.amd_tile : nullptr;
        } else {
            cell.device = &(*find_gpu(col.name))->device;
            cell.kernel = col.nvidia ? &*col.nvidia : nullptr;
            cell.tile = col.nvidia_tile ? &*col.nvidia_tile : nullptr;
        }
        v.columns.push_back(cell);
    }
    return v;
}

}  // namespace smcalc::schema
