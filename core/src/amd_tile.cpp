// amd_tile.cpp - the MFMA tile model (smcalc/amd.hpp, docs/amd.md "Tile model"): a GEMM workgroup tile read
// as a CU budget. Exact arithmetic: accumulator bytes and registers per lane, LDS per stage and per
// workgroup, the grid over a problem. Estimates (labelled): registers beyond the accumulators, and how the
// compiler splits them between VGPRs and AGPRs.
#include <algorithm>
#include <string>

#include "smcalc/amd.hpp"

namespace smcalc::amd {
namespace {

// VGPRs per lane beyond the accumulators when the caller gives none: A and B fragments of one MFMA k-block
// (double-buffered), addresses and loop state. A model figure, not a rule (docs/amd.md): the compiler's
// count is what `smcalc parse` reads.
constexpr int64_t kDefaultOverheadVgprs = 32;

int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

std::string num(int64_t v) { return std::to_string(v); }

// a * b with overflow check (inputs >= 0).
std::optional<int64_t> mul(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

Error range(const char* field, int64_t v, int64_t lo, int64_t hi, const char* what) {
    return Error{ErrorId::InvalidInput, field,
                 std::string(field) + " is " + std::to_string(v) + "; it must be between " + std::to_string(lo) +
                     " and " + std::to_string(hi) + " " + what};
}

// MFMA input types per target (CDNA1/CDNA2 ISA, gfx908/gfx90a: f32, f16, bf16, i8; CDNA3 ISA: adds xf32,
// fp8/bf8; CDNA4 ISA: adds f6/f4, drops xf32).
bool type_supported(const ArchRules& a, DType t) {
    const bool cdna4 = a.gfx == "gfx950";
    switch (t) {
        case DType::F32: case DType::F16: case DType::BF16: case DType::I8: return true;
        case DType::TF32: return a.gfx == "gfx942";
        case DType::E4M3: case DType::E5M2: return a.gfx == "gfx942" || cdna4;  // not CDNA1/CDNA2 (gfx908, gfx90a)
        case DType::F6: case DType::F4: return cdna4;
        case DType::I32: return false;
    }
    return false;
}

// tile_impl's steps. The input's ranges, types and accumulator (InvalidInput / Unsupported naming the field).
std::optional<Error> check_input(const ArchRules& a, const TileInput& in) {
    if (in.m < 1 || in.m > kMaxInput) return range("m", in.m, 1, kMaxInput, "rows of the workgroup tile");
    if (in.n < 1 || in.n > kMaxInput) return range("n", in.n, 1, kMaxInput, "columns of the workgroup tile");
    if (in.k < 1 || in.k > kMaxInput) return range("k", in.k, 1, kMaxInput, "K elements per LDS stage");
    if (in.stages < 1 || in.stages > kMaxInput) return range("stages", in.stages, 1, kMaxInput, "LDS stages");
    const int64_t max_waves = a.max_workgroup_size / a.wave_size;
    if (in.waves < 1 || in.waves > max_waves)
        return range("waves", in.waves, 1, max_waves, "waves per workgroup (1024 work-items / 64)");
    if (in.overhead_vgprs != -1 && (in.overhead_vgprs < 0 || in.overhead_vgprs > a.max_vgprs))
        return range("overhead_vgprs", in.overhead_vgprs, 0, a.max_vgprs, "VGPRs per lane (or -1 for the model default)");
    if (in.sgprs < 0 || in.sgprs > a.max_sgprs) return range("sgprs", in.sgprs, 0, a.max_sgprs, "SGPRs per wave");
    for (auto [field, t] : {std::pair{"a", in.a}, std::pair{"b", in.b}})
        if (!type_supported(a, t))
            return Error{ErrorId::Unsupported, field,
                         std::string(field) + " is " + std::string(dtype_key(t)) + ", which " + std::string(a.gfx) +
                             "'s MFMA does not take as an input"};
    const bool int_in = in.a == DType::I8 || in.b == DType::I8;
    if (int_in != (in.a == DType::I8 && in.b == DType::I8))
        return Error{ErrorId::Unsupported, "b", "MFMA takes i8 with i8 only (a and b must both be i8)"};
    const DType want_acc = int_in ? DType::I32 : DType::F32;
    if (in.acc != want_acc)
        return Error{ErrorId::Unsupported, "acc",
                     "acc is " + std::string(dtype_key(in.acc)) + "; MFMA accumulates " +
                         std::string(dtype_key(want_acc)) + " for these inputs"};
    if (in.problem) {
        const ProblemSize& p = *in.problem;
        if (p.m < 1 || p.m > kMaxInput) return range("problem.m", p.m, 1, kMaxInput, "rows");
        if (p.n < 1 || p.n > kMaxInput) return range("problem.n", p.n, 1, kMaxInput, "columns");
        if (p.k < 1 || p.k > kMaxInput) return range("problem.k", p.k, 1, kMaxInput, "reduction length");
    }
    return std::nullopt;
}

// Accumulator registers per lane (exact) and their VGPR/AGPR placement; returns the placement used.
Expected<AccPlacement> tile_registers(const ArchRules& a, const TileInput& in, TileResult& t) {
    // --- accumulators (exact) ---
    const auto mn = mul(in.m, in.n);
    const auto acc_bits = mn ? mul(*mn, dtype_bits(in.acc)) : std::nullopt;
    if (!acc_bits) return Error{ErrorId::InvalidInput, "m", "m x n x accumulator bits does not fit in 64 bits"};
    t.acc_bytes = *acc_bits / 8;
    t.acc_regs_per_lane = ceil_div(ceil_div(t.acc_bytes, 4), t.threads);
    t.overhead_vgprs = in.overhead_vgprs >= 0 ? in.overhead_vgprs : kDefaultOverheadVgprs;
    AccPlacement place = in.placement;
    // gfx908 (no unified file): MFMA reads and writes its accumulators in AGPRs only (CDNA1 ISA; LLC19 gfx908
    // puts mfma_acc8_wg256's 128 accumulator registers in a0..a127), so Auto means AGPRs there.
    if (place == AccPlacement::Auto)
        place = a.unified_vgprs && t.acc_regs_per_lane + t.overhead_vgprs <= a.max_vgprs ? AccPlacement::Vgprs
                                                                                         : AccPlacement::Agprs;
    if (place == AccPlacement::Vgprs) {
        t.vgprs = t.acc_regs_per_lane + t.overhead_vgprs;
        t.agprs = 0;
    } else {
        t.vgprs = t.overhead_vgprs;
        t.agprs = t.acc_regs_per_lane;
    }
    t.regs_fit = t.vgprs <= a.max_vgprs && t.agprs <= a.max_agprs;
    t.unified_vgprs = !a.unified_vgprs ? std::max(t.vgprs, t.agprs)  // gfx908: the larger of the two files
                      : t.agprs > 0   ? (t.vgprs + a.agpr_offset_granule - 1) / a.agpr_offset_granule *
                                            a.agpr_offset_granule + t.agprs
                                      : t.vgprs;
    return place;
}

// LDS per stage and per workgroup against the limit.
std::optional<Error> tile_lds(const ArchRules& a, const TileInput& in, TileResult& t) {
    // --- LDS (exact: A and B tiles per stage, packed, no padding) ---
    const auto a_bits = mul(in.m, in.k), b_bits = mul(in.n, in.k);
    const auto ab = a_bits ? mul(*a_bits, dtype_bits(in.a)) : std::nullopt;
    const auto bb = b_bits ? mul(*b_bits, dtype_bits(in.b)) : std::nullopt;
    if (!ab || !bb) return Error{ErrorId::InvalidInput, "k", "tile x k x bits does not fit in 64 bits"};
    t.lds_a_per_stage = ceil_div(*ab, 8);
    t.lds_b_per_stage = ceil_div(*bb, 8);
    t.lds_per_stage = t.lds_a_per_stage + t.lds_b_per_stage;
    const auto total = mul(t.lds_per_stage, in.stages);
    if (!total) return Error{ErrorId::InvalidInput, "stages", "stages x LDS per stage does not fit in 64 bits"};
    t.lds_per_workgroup = *total;
    t.lds_fits = t.lds_per_workgroup <= a.lds_per_workgroup;
    return std::nullopt;
}

// Residency from the occupancy model, and the grid's waves over a problem.
std::optional<Error> tile_residency(const ArchRules& a, const TileInput& in, std::optional<int64_t> cu_count, TileResult& t) {
    // --- residency (the occupancy model on the tile's kernel) ---
    if (t.regs_fit && t.lds_fits) {
        // The tile as a kernel: its lanes, its register split, the SGPRs given and its LDS; no scratch.
        const KernelInput k{.threads = t.threads, .vgprs = t.vgprs, .agprs = t.agprs, .sgprs = in.sgprs,
                            .lds = t.lds_per_workgroup};
        auto occ = occupancy(a, k);
        if (!occ) return occ.error();
        t.workgroups_per_cu = occ->workgroups_per_cu;
        t.waves_per_simd = occ->waves_per_simd;
        t.occ = std::move(*occ);
    }
    t.fits = t.regs_fit && t.lds_fits && t.workgroups_per_cu >= 1;

    // --- over a problem ---
    if (in.problem) {
        const ProblemSize& p = *in.problem;
        t.tiles_m = ceil_div(p.m, in.m);
        t.tiles_n = ceil_div(p.n, in.n);
        t.k_steps = ceil_div(p.k, in.k);
        const auto wg = mul(t.tiles_m, t.tiles_n);
        if (!wg) return Error{ErrorId::InvalidInput, "problem.m", "the number of workgroups does not fit in 64 bits"};
        t.workgroups = *wg;
        if (cu_count && t.workgroups_per_cu > 0) {
            t.workgroups_per_wave = t.workgroups_per_cu * *cu_count;
            t.waves = ceil_div(t.workgroups, *t.workgroups_per_wave);
            const int64_t last = t.workgroups - (*t.waves - 1) * *t.workgroups_per_wave;
            t.last_wave_utilization = static_cast<double>(last) / static_cast<double>(*t.workgroups_per_wave);
        }
    }
    return std::nullopt;
}

// The readout rows.
void tile_rows(const ArchRules& a, const TileInput& in, TileResult& t) {
    // --- rows ---
    auto row = [&](const char* key, const char* label, const char* unit, double v, std::optional<double> lim, Basis b) {
        t.rows.push_back(TileRow{key, label, unit, v, lim, b, lim && v > *lim});
    };
    auto d = [](int64_t v) { return static_cast<double>(v); };
    row("acc_bytes", "accumulator bytes per workgroup", "bytes", d(t.acc_bytes), std::nullopt, Basis::Exact);
    row("acc_regs_per_lane", "accumulator registers per lane", "registers", d(t.acc_regs_per_lane), std::nullopt,
        Basis::Exact);
    row("overhead_vgprs", "VGPRs beyond accumulators", "registers", d(t.overhead_vgprs), std::nullopt,
        in.overhead_vgprs >= 0 ? Basis::Exact : Basis::Estimate);
    row("vgprs", "architectural VGPRs per lane", "registers", d(t.vgprs), d(a.max_vgprs), Basis::Estimate);
    row("agprs", "AGPRs per lane", "registers", d(t.agprs), d(a.max_agprs), Basis::Estimate);
    row("unified_vgprs", a.unified_vgprs ? "VGPRs + AGPRs per lane" : "max(VGPRs, AGPRs) per lane (two files)",
        "registers", d(t.unified_vgprs), d(a.vgprs_per_simd), Basis::Estimate);
    row("lds_per_stage", "LDS per stage", "bytes", d(t.lds_per_stage), std::nullopt, Basis::Exact);
    row("lds_per_workgroup", "LDS per workgroup", "bytes", d(t.lds_per_workgroup), d(a.lds_per_workgroup),
        Basis::Exact);
    row("workgroups_per_cu", "workgroups per CU", "workgroups", d(t.workgroups_per_cu), std::nullopt,
        Basis::Estimate);
    row("waves_per_simd", "waves per SIMD", "waves", t.waves_per_simd, d(a.max_waves_per_simd), Basis::Estimate);
    if (in.problem) {
        row("workgroups", "workgroups in the grid", "workgroups", d(t.workgroups), std::nullopt, Basis::Exact);
        if (t.waves) {
            row("workgroups_per_wave", "workgroups per wave of the grid", "workgroups", d(*t.workgroups_per_wave),
                std::nullopt, Basis::Estimate);
            row("grid_waves", "waves of the grid", "waves", d(*t.waves), std::nullopt, Basis::Estimate);
            row("last_wave_utilization", "last wave utilization", "fraction", *t.last_wave_utilization, 1.0,
                Basis::Estimate);
        }
    }
}

// The notes: where the accumulators went, what does not fit, what is estimated.
void tile_notes(const ArchRules& a, const TileInput& in, AccPlacement place, TileResult& t) {
    // --- notes ---
    t.notes.push_back("accumulators: " + num(in.m) + " x " + num(in.n) + " x " + num(dtype_bits(in.acc)) +
                      " bits / 32 / " + num(t.threads) + " lanes = " + num(t.acc_regs_per_lane) +
                      " registers per lane; placed in " + (place == AccPlacement::Vgprs ? "VGPRs" : "AGPRs") +
                      (in.placement != AccPlacement::Auto ? ""
                       : a.unified_vgprs ? " (model: the compiler chooses on " + std::string(a.gfx) + "'s unified file)"
                                         : " (" + std::string(a.gfx) + "'s MFMA accumulates in AGPRs only)"));
    if (!t.regs_fit)
        t.notes.push_back("registers do not fit: " + num(t.vgprs) + " VGPRs / " + num(t.agprs) +
                          " AGPRs per lane against 256 each; the compiler would spill");
    if (!t.lds_fits)
        t.notes.push_back("LDS does not fit: " + num(t.lds_per_workgroup) + " B per workgroup against " +
                          num(a.lds_per_workgroup) + " B on " + std::string(a.gfx));
    t.notes.push_back("registers beyond the accumulators and their VGPR/AGPR split are estimates: the "
                      "compiler's counts (smcalc parse) replace them");
}

Expected<TileResult> tile_impl(const ArchRules& a, const TileInput& in, std::optional<int64_t> cu_count) {
    if (auto e = check_input(a, in)) return *e;
    TileResult t;
    t.input = in;
    t.gfx = std::string(a.gfx);
    t.cu_count = cu_count;
    t.threads = in.waves * a.wave_size;
    t.lds_limit = a.lds_per_workgroup;

    auto place = tile_registers(a, in, t);
    if (!place) return place.error();
    if (auto e = tile_lds(a, in, t)) return *e;
    if (auto e = tile_residency(a, in, cu_count, t)) return *e;
    tile_rows(a, in, t);
    tile_notes(a, in, *place, t);
    return t;
}

}  // namespace

TileInput tile_input(const smcalc::TileInput& nv, TileInput base) {
    return {.m = nv.m, .n = nv.n, .k = nv.k, .stages = nv.stages, .waves = nv.warps, .a = nv.a, .b = nv.b,
            .acc = nv.acc, .placement = base.placement, .overhead_vgprs = base.overhead_vgprs, .sgprs = base.sgprs,
            .problem = nv.problem};
}

Expected<TileResult> tile(const GpuSpec& gpu, const TileInput& in) { return tile_impl(gpu.arch(), in, gpu.cu_count); }
Expected<TileResult> tile(const ArchRules& arch, const TileInput& in) { return tile_impl(arch, in, std::nullopt); }

}  // namespace smcalc::amd
