// web/ui_model.cpp - asks smcalc_core about the current inputs and the sweeps around them.
//
// Sweep sizes: threads 32 .. max per block in warp steps (32 points on every modelled CC), registers
// 0 .. the CC's cap (256 points), dynamic shared memory in allocation-granularity steps (at most ~257
// points), heatmap 32 x 32 cells. About 1,600 occupancy_numbers() calls on a CheckedDevice per change of the inputs.
#include "ui_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "smcalc/fields.hpp"
#include "smcalc/format.hpp"
#include "smcalc/report.hpp"
#include "smcalc/solve.hpp"
#include "lines.hpp"

namespace smcalc::web {
namespace {

constexpr int64_t kMaxSweepPoints = 256;

// Evenly spaced sample points lo..hi in multiples of `unit` (at most kMaxSweepPoints + 1), hi included.
std::vector<int64_t> sweep(int64_t lo, int64_t hi, int64_t unit) {
    std::vector<int64_t> xs;
    if (hi < lo || unit <= 0) return xs;
    int64_t step = unit;
    const int64_t span = hi - lo;
    if (span / step > kMaxSweepPoints) step = ((span / kMaxSweepPoints + unit - 1) / unit) * unit;
    for (int64_t x = lo; x <= hi; x += step) xs.push_back(x);
    if (xs.empty() || xs.back() != hi) xs.push_back(hi);
    return xs;
}

// The curve's points at its x values.
template <typename Set>
void fill(Curve& c, const CheckedDevice& dev, const KernelInput& base, Set set) {
    c.occupancy.clear();
    c.blocks.clear();
    c.occupancy.reserve(c.x.size());
    c.blocks.reserve(c.x.size());
    OccupancyNumbers r;  // reused: occupancy_numbers writes every field
    for (int64_t x : c.x) {
        KernelInput k = base;
        set(k, x);
        const bool ok = !occupancy_numbers(dev, k, r);
        c.occupancy.push_back(ok ? static_cast<float>(r.occupancy) : 0.0f);
        c.blocks.push_back(ok ? r.blocks_per_sm : -1);
    }
}

// Index of the sample nearest to v, or -1 when v lies outside [xs.front(), xs.back()] by more than a step.
int nearest(const std::vector<int64_t>& xs, int64_t v) {
    if (xs.empty()) return -1;
    const int64_t step = xs.size() > 1 ? xs[1] - xs[0] : 1;
    if (v < xs.front() - step / 2 || v > xs.back() + step / 2) return -1;
    int best = 0;
    for (int i = 1; i < static_cast<int>(xs.size()); ++i)
        if (std::llabs(xs[i] - v) < std::llabs(xs[best] - v)) best = i;
    return best;
}

// The graphs and the heatmap of the AMD model around kernel `k`: occupancy against work-items per workgroup (in
// waves), VGPRs per lane (0 .. 256, AGPRs held) and LDS per workgroup (allocation granules), and work-items x
// VGPRs. About 900 amd::occupancy() calls; computed with the answer (the AMD page has no deferred sweeps).
void amd_sweeps(Model& m, const amd::ArchRules& arch, const amd::KernelInput& k) {
    auto fill_amd = [&](Curve& c, auto set) {
        for (int64_t x : c.x) {
            amd::KernelInput kk = k;
            set(kk, x);
            auto r = amd::occupancy(arch, kk);
            c.occupancy.push_back(r ? static_cast<float>(r->occupancy) : 0.0f);
            c.blocks.push_back(r ? r->workgroups_per_cu : -1);
        }
    };
    const float occ = m.amd ? static_cast<float>(m.amd->occupancy) : 0.0f;
    m.threads = Curve{"Occupancy vs work-items per workgroup", "work-items per workgroup", false, {}, {}, {}, "workgroup",
                      "CU", k.threads, occ};
    m.threads.x = sweep(arch.wave_size, arch.max_workgroup_size, arch.wave_size);
    fill_amd(m.threads, [](amd::KernelInput& kk, int64_t x) { kk.threads = x; });
    m.regs = Curve{"Occupancy vs VGPRs per lane", "VGPRs per lane", false, {}, {}, {}, "workgroup", "CU", k.vgprs, occ};
    m.regs.x = sweep(0, arch.max_vgprs, 1);
    fill_amd(m.regs, [](amd::KernelInput& kk, int64_t x) { kk.vgprs = x; });
    m.smem = Curve{"Occupancy vs LDS per workgroup", "LDS per workgroup", true, {}, {}, {}, "workgroup", "CU", k.lds, occ};
    m.smem.x = sweep(0, arch.lds_per_workgroup, arch.lds_alloc_granule);
    fill_amd(m.smem, [](amd::KernelInput& kk, int64_t x) { kk.lds = x; });

    Heatmap& h = m.heat;
    h.x_label = "work-items per workgroup";
    h.y_label = "VGPRs per lane";
    h.block = "workgroup";
    h.per = "CU";
    h.xs = m.threads.x;
    for (int64_t y = 8; y <= arch.max_vgprs; y += 8) h.ys.push_back(y);
    h.w = static_cast<int>(h.xs.size());
    h.h = static_cast<int>(h.ys.size());
    for (int j = 0; j < h.h; ++j)
        for (int i = 0; i < h.w; ++i) {
            amd::KernelInput kk = k;
            kk.threads = h.xs[static_cast<std::size_t>(i)];
            kk.vgprs = h.ys[static_cast<std::size_t>(j)];
            auto r = amd::occupancy(arch, kk);
            h.values.push_back(r ? static_cast<float>(r->occupancy) : 0.0f);
            h.blocks.push_back(r ? r->workgroups_per_cu : -1);
        }
    h.marker_x = nearest(h.xs, k.threads);
    h.marker_y = nearest(h.ys, k.vgprs);
    if (h.marker_x < 0 || h.marker_y < 0) h.marker_x = h.marker_y = -1;
}

// The AMD model for an AMD GPU: occupancy and next steps (kernel) or the MFMA tile (tile). No sweeps: the
// graphs and the heatmap are the NVIDIA solver's.
Model compute_amd_model(const Inputs& in, Model m) {
    const amd::GpuSpec& g = *m.amd_gpu;
    m.mode = in.mode;
    m.title = std::string(g.name);
    m.sources = std::string(g.source) + "; " + std::string(g.arch().source);
    if (in.mode == Mode::Tile) {
        Answer a = solve(request_for(in, Op::Tile));
        if (!a.ok()) {
            m.error = a.error;
            m.summary = m.title + ", tile: " + a.error->message;
            return m;
        }
        m.amd_tile = std::move(std::get<amd::TileResult>(a.solved));
        const amd::TileResult& t = *m.amd_tile;
        if (t.occ) amd_sweeps(m, g.arch(), t.occ->input);
        m.summary = m.title + ", tile " + std::to_string(t.input.m) + "x" + std::to_string(t.input.n) + "x" +
                    std::to_string(t.input.k) + ": " + (t.fits ? "fits, " : "does not fit, ") +
                    count_text(t.workgroups_per_cu, "workgroup", "workgroups") + " per CU.";
        return m;
    }
    // next_step answers the kernel as it is (current) and the single changes that help (steps) in one solve.
    Answer a = solve(request_for(in, Op::NextStep));
    if (!a.ok()) {
        m.error = a.error;
        m.summary = m.title + ": " + a.error->message;
        return m;
    }
    AmdNextStepAnswer& n = std::get<AmdNextStepAnswer>(a.solved);
    m.amd = std::move(n.current);
    m.amd_steps = std::move(n.steps);
    const amd::OccupancyResult& r = *m.amd;
    amd_sweeps(m, g.arch(), r.input);
    char wps[32];
    std::snprintf(wps, sizeof wps, "%g", r.waves_per_simd);
    m.summary = m.title + ": " + count_text(r.workgroups_per_cu, "workgroup", "workgroups") + " per CU, " + wps +
                " waves per SIMD, occupancy " + format_percent(r.occupancy) + ".";
    return m;
}

// solve() for the page's answer: where the request's cluster is refused, the answer without it, and the refusal
// beside it. Both answers are initialised in place (no Answer is moved: each move or assignment of its variant
// costs the page code for all of its alternatives).
class PageAnswer {
public:
    explicit PageAnswer(Request q)
        : first_(solve(q)), retry_(!first_.ok() && q.cluster), second_(retry_ ? solve(without_cluster(q)) : Answer{}) {}
    // A tile with a CUTLASS schedule, answered by the JS API module (`api`, read_page_tile): the page's solver adds
    // what tile() adds from the tile's launch: the occupancy derivation, the clusters and their next steps.
    // The tile is moved out of `api` (a TileResult copy would cost the page's wasm its copy constructor).
    // The variant is built holding the tile (no emplace: it would bring code to destroy each alternative).
    PageAnswer(Request q, ApiTile& api)
        : first_(api.tile ? Answer{std::nullopt, Solved(std::in_place_type<TileResult>, std::move(*api.tile)), {}}
                          : Answer{api.pending ? Error{ErrorId::Unsupported, "schedule", "asking smcalc-api.js"}
                                               : api.error.value_or(Error{ErrorId::Unsupported, "schedule", "no answer"}),
                                   {}, {}}),
          retry_(false), api_cluster_error_(api.cluster_error) {
        if (first_.error) return;
        api.tile.reset();
        TileResult& r = *std::get_if<TileResult>(&first_.solved);
        if (r.occ) {
            auto occ = occupancy(q.device, tile_kernel(r), Detail::Full);
            if (occ)
                r.occ = std::move(*occ);
            else
                r.occ.reset();
        }
        if (api.cluster_error || !q.cluster) return;
        auto arch = validate_device(q.device);
        std::vector<std::string> notes = std::move(r.notes);  // the module's notes have the cluster's already
        if (arch) add_tile_clusters(r, q.device, q.tile, **arch, q.gpu_spec);
        r.notes = std::move(notes);
        if (r.cluster)
            if (auto steps = cluster_next_steps(q.device, q.gpc, r.cluster->ctas_per_sm, r.cluster->smem_per_cta, *q.cluster))
                first_.cluster.steps = std::move(*steps);
    }
    Answer& answer() { return use_second() ? second_ : first_; }
    std::optional<Error> cluster_error() const { return use_second() ? first_.error : api_cluster_error_; }

private:
    static const Request& without_cluster(Request& q) {  // in place: no copy of a Request
        q.cluster.reset();
        q.tile.cluster.reset();
        return q;
    }
    bool use_second() const { return retry_ && second_.ok(); }
    Answer first_;
    const bool retry_;
    Answer second_;
    std::optional<Error> api_cluster_error_;
};

// The fields of `table` whose value in `v` differs from the default (a compare's notes: which fields each vendor
// read; the JSON API lists the fields the request gave, the page those it changed).
template <class T>
std::vector<std::string> changed_fields(std::span<const fields::Field<T>> table, const T& v) {
    std::vector<std::string> out;
    const T d{};
    for (const auto& f : table)
        if (f.get(v) != f.get(d)) out.emplace_back(f.key);
    return out;
}

// The AMD model's occupancy the views show: the kernel's, or in tile mode the tile's workgroup as a kernel.
const amd::OccupancyResult* amd_occupancy(const Model& m) {
    return m.amd ? &*m.amd : m.amd_tile && m.amd_tile->occ ? &*m.amd_tile->occ : nullptr;
}

}  // namespace

UnitView answer_view(const Model& m) {
    if (m.amd_gpu) {
        const amd::OccupancyResult* r = amd_occupancy(m);
        return {&kAmdWords, m.amd_gpu->name, m.amd ? &m.amd->budgets : nullptr, r ? &r->derivation : nullptr,
                m.amd ? &m.amd->notes : m.amd_tile ? &m.amd_tile->notes : nullptr, m.amd ? &m.amd->limits : nullptr};
    }
    const OccupancyResult* r = m.result ? &*m.result : nullptr;
    return {&kNvidiaWords, m.spec ? m.spec->name : std::string_view(), r ? &r->budgets : nullptr,
            r ? &r->derivation : nullptr, r ? &r->notes : nullptr};
}

std::optional<Headline> headline(const Model& m) {
    if (m.amd_gpu) {
        const amd::OccupancyResult* r = amd_occupancy(m);
        if (!r || (m.amd_tile && !m.amd_tile->fits)) return std::nullopt;
        return smcalc::headline(*r);
    }
    if (!m.result || m.error || (m.tile && !m.tile->fits)) return std::nullopt;
    return smcalc::headline(*m.result, m.device);
}

DeviceLines device_lines(const Model& m) {
    DeviceLines out;
    if (const amd::GpuSpec* g = m.amd_gpu) {
        const amd::ArchRules& r = g->arch();
        out.title = "AMD \xC2\xB7 " + std::string(r.family) + " \xC2\xB7 " + std::string(r.gfx) + " \xC2\xB7 " +
                    std::to_string(g->cu_count) + " CUs";
        out.per_sm = "Per CU: " + std::to_string(r.simds_per_cu) + " SIMDs x " + std::to_string(r.max_waves_per_simd) +
                     " waves of " + std::to_string(r.wave_size) + " lanes, " + std::to_string(r.vgprs_per_simd) +
                     (r.unified_vgprs ? " VGPRs+AGPRs per lane per SIMD, " : " VGPRs and as many AGPRs per lane per SIMD, ") +
                     format_bytes(r.lds_per_cu) + " LDS; " + g->dies_text() + " CUs.";
        out.note = g->note;
        return out;
    }
    if (!m.arch) return out;
    const Device& d = m.device;
    const ArchRules& r = *m.arch;
    out.title = std::string(r.family) + "  \xC2\xB7  CC " + cc_text(r.cc) + "  \xC2\xB7  " +
                (d.sm_count > 0 ? std::to_string(d.sm_count) + " SMs" : std::string("SM count unknown"));
    out.per_sm = "Per SM: " + std::to_string(d.max_threads_per_sm / std::max<int64_t>(1, d.warp_size)) + " warps, " +
                 std::to_string(r.max_blocks_per_sm) + " blocks, " + grouped(d.regs_per_sm) + " registers, " +
                 format_bytes(d.smem_per_sm) + " shared";
    out.per_block = "Per block: " + grouped(d.max_threads_per_block) + " threads, " + format_bytes(d.smem_per_block) +
                    " shared (" + format_bytes(d.smem_per_block_optin) + " opt-in), " +
                    format_bytes(d.reserved_smem_per_block) + " reserved";
    return out;
}

Request request_for(const Inputs& in, Op op) {
    Request r;
    r.op = op;
    r.input = in.kernel;
    r.tile = in.tile_input();
    r.amd_input = in.amd_input();
    r.amd_tile = in.amd_tile_input();
    r.cluster = in.cluster_input();
    if (op == Op::Compare) {
        // The tile per GPU without its cluster; the cluster is one more row (as the API's compare reads it).
        r.compare_tile = in.mode == Mode::Tile;
        r.tile.cluster.reset();
        for (const std::string& g : in.compare_gpus)
            if (!g.empty() && (find_gpu(g) || amd::find_gpu(g))) r.gpus.push_back(g);
        r.nvidia_given = changed_fields(fields::kernel_fields(), in.kernel);
        r.amd_given = changed_fields(fields::amd_kernel_fields(), in.amd_input());
        if (std::none_of(r.gpus.begin(), r.gpus.end(), [](const std::string& g) { return find_gpu(g).ok(); })) {
            // AMD GPUs only: no column reads the NVIDIA-only inputs (the API refuses them), so they stay at their
            // defaults; what both vendors read (threads; the tile's shape, stages and types) is kept.
            r.input = KernelInput{};
            r.input.threads = in.kernel.threads;
            TileInput t;
            t.m = r.tile.m, t.n = r.tile.n, t.k = r.tile.k, t.stages = r.tile.stages;
            t.a = r.tile.a, t.b = r.tile.b, t.acc = r.tile.acc, t.problem = r.tile.problem;
            r.tile = t;
            r.cluster.reset();
            r.nvidia_given.clear();
        }
        return r;
    }
    if (const amd::GpuSpec* g = amd_gpu(in)) {
        r.gpu = std::string(g->name);
        r.amd_gpu = g;
        r.cluster.reset();  // no clusters on AMD (the hash's cl is the NVIDIA GPUs')
        return r;
    }
    const GpuSpec* spec = base_gpu(in);
    if (!in.custom() && spec) {
        r.gpu = std::string(spec->name);
        r.gpu_spec = spec;  // peak TFLOPS and bandwidth (the ridge point) and the GPC row belong to the catalogued GPU
        r.gpc = spec->gpc;
    }
    r.device = effective_device(in);
    if (op == Op::BlockSize) {
        r.cluster.reset();  // block_size reads no cluster (nor does the API's)
    } else if (op == Op::Tiles) {
        // The search: the tile's types, path and epilogue as its base (every shape), the cluster as its one shape.
        r.tile.cluster.reset();
        r.search.base = r.tile;
        if (r.cluster) {
            r.search.clusters = {r.cluster->dims};
            r.search.non_portable_cluster = r.cluster->non_portable;
        }
        r.search.gpc = r.gpc;
        r.cluster.reset();
    }
    return r;
}

std::string tile_markdown(const TileResult& t, const std::string& title) {
    const TileInput& in = t.input;
    std::string md = "**" + title + "**, tile " + std::to_string(in.m) + " x " + std::to_string(in.n) + " x " +
                     std::to_string(in.k) + ", " + count_text(in.stages, "stage", "stages") + ", " + count_text(in.warps, "warp", "warps") + ", " + std::string(dtype_key(in.a)) + " x " + std::string(dtype_key(in.b)) + " -> " +
                     std::string(dtype_key(in.acc)) + " (" + t.instruction + ")\n\n";
    md += "| Readout | Value | Limit | Basis |\n|---|---:|---:|---|\n";
    auto exact = [](const TileRow& row, double v) {
        return row.unit == "bytes" ? format_bytes(static_cast<int64_t>(v)) : unit_value_text(row.unit, v);
    };
    for (const TileRow& row : t.rows) {
        md += "| " + row.label + " | " + exact(row, row.value) + " | " +
              (row.limit ? exact(row, *row.limit) : std::string()) + " | " + std::string(basis_key(row.basis)) +
              (row.over ? ", over" : "") + " |\n";
    }
    return md;
}

std::string model_markdown(const Model& m) {
    if (m.tile) {
        std::string md = tile_markdown(*m.tile, m.title);
        if (m.result) md += "\n" + budget_table_markdown(*m.result, m.device, m.kernel, m.title);
        return md;
    }
    return m.result ? budget_table_markdown(*m.result, m.device, m.kernel, m.title) : std::string();
}

bool asks_api(const Inputs& in) {
    return in.mode == Mode::Tile && (in.tile.schedule != Schedule::None || in.tile.stages_auto) && !amd_gpu(in);
}

namespace {
// An enum's number from the module's lines, kept inside 0 .. hi (the lines are the page's own module's; a fuzzed
// line must not index past a name table).
int64_t capped(int64_t v, int64_t hi) { return v < 0 || v > hi ? 0 : v; }
}  // namespace

ApiTile read_page_tile(std::string_view lines) {
    ApiTile t;
    t.pending = false;
    TileResult r;
    bool have = false;
    for (std::size_t pos = 0; pos < lines.size();) {
        const std::size_t nl = std::min(lines.find('\n', pos), lines.size());
        const Cells c(lines.substr(pos, nl - pos));
        pos = nl + 1;
        const char tag = c[0].size() == 1 ? c[0][0] : 0;
        if (tag == 'E' || tag == 'C')
            (tag == 'E' ? t.error : t.cluster_error) = Error{static_cast<ErrorId>(capped(c.n(1), 6)), c.str(2), c.str(3)};
        if (tag == 'I') {
            std::size_t i = 1;
            for (const auto& f : fields::tile_fields()) f.set(r.input, c.n(i++));
        }
        if (tag == 'T') {
            have = true;
            int64_t v[25];
            for (std::size_t i = 0; i < 25; ++i) v[i] = c.n(i + 1);
            r.fits = v[0], r.threads = v[1], r.regs_launch = v[2], r.smem_per_cta = v[3], r.acc_regs_per_thread = v[4];
            r.regs_per_thread_est = v[5], r.regs_cap = v[6], r.acc_over_cap = v[7], r.spills = v[8], r.smem_limit = v[9];
            r.smem_fits = v[10], r.tmem_columns = v[11], r.tmem_columns_limit = v[12], r.tmem_fits = v[13];
            r.ctas_per_sm = v[14];
            if (v[15]) r.occ.emplace();  // the page's solver fills it (PageAnswer)
            r.grid_m = v[16], r.grid_n = v[17], r.schedule = static_cast<Schedule>(capped(v[18], 5)), r.regs_launch_alloc = v[19];
            r.consumer_regs = v[20], r.acc_stages = v[21], r.overhead_regs = v[22];
            if (v[23] >= 0) r.ctas_by_smem = v[23];
            if (v[24] >= 0) r.ctas_by_regs = v[24];
            r.instruction = c.str(26);
            r.occupancy = c.real(27).value_or(0);
            for (int i = 0; i < 5; ++i)
                if (c.n(28) >> i & 1) r.limiting.push_back(static_cast<Resource>(i));
        }
        if (tag == 'P') {
            r.problem.emplace();
            r.problem->tiles_m = c.n(1), r.problem->tiles_n = c.n(2);
        }
        if (tag == 'R')
            r.rows.push_back({c.str(1), c.str(2), c.str(3), c.real(4).value_or(0), c.real(5),
                              static_cast<Basis>(capped(c.n(6), 1)), c.n(7) != 0});
        if (tag == 'O') r.roles.push_back({c.str(1), c.str(2), c.n(3), c.n(4), c.n(5), static_cast<Basis>(capped(c.n(6), 1))});
        if (tag == 'N') r.notes.push_back(c.str(1));
        if (tag == 'J') t.figures = c.str(1);
    }
    if (have && !t.error) t.tile = std::move(r);
    else if (!t.error) t.error = Error{ErrorId::Unsupported, "schedule", "no answer"};
    return t;
}

namespace {

// The tile's answer into the model: the tile, its cluster, and the launch it becomes as the kernel; `what`
// gains the tile's words. false: the tile has no occupancy answer (the summary says why).
SMCALC_STEP bool take_tile_answer(const Inputs& in, Model& m, Answer& ans, std::string& what) {
    const TileInput ti = in.tile_input();
    m.tile = std::move(std::get<TileResult>(ans.solved));
    const TileResult& t = *m.tile;
    m.cluster = t.cluster;
    what += ", tile " + std::to_string(ti.m) + "x" + std::to_string(ti.n) + "x" + std::to_string(ti.k) + ", " +
            count_text(ti.stages, "stage", "stages") + ", " + count_text(ti.warps, "warp", "warps");
    if (!t.occ) {
        m.summary = what + ": " + (t.notes.empty() ? std::string("no occupancy answer.") : t.notes.back());
        return false;
    }
    m.result = *t.occ;
    // The launch tile() hands the solver (tile.hpp: threads, regs_launch, smem_per_cta as opt-in dynamic);
    // the default opt-in maximum lets the shared-memory graph run to the device's limit.
    m.kernel = KernelInput{};
    m.kernel.threads = t.threads;
    m.kernel.regs = t.regs_launch;
    m.kernel.smem_dynamic = t.smem_per_cta;
    m.kernel.optin = true;
    what += ": " + std::to_string(t.acc_regs_per_thread) + " accumulator registers per thread, " +
            format_bytes(t.smem_per_cta) + " shared memory per CTA" + (t.fits ? "" : " (does not fit)") + ",";
    return true;
}

// The graphs' captions (the views show them while the sweeps are pending; compute_sweeps() adds the points).
SMCALC_STEP void set_graph_captions(Model& m) {
    const KernelInput& k = m.kernel;
    m.threads.title = "Occupancy vs threads per block";
    m.threads.x_label = "threads per block";
    m.threads.current_x = k.threads;
    m.regs.title = "Occupancy vs registers per thread";
    m.regs.x_label = "registers per thread";
    m.regs.current_x = k.regs;
    m.smem.title = k.smem_static > 0 ? "Occupancy vs dynamic shared memory" : "Occupancy vs shared memory per block";
    m.smem.x_label = k.smem_static > 0 ? "dynamic shared memory (+ " + format_bytes(k.smem_static) + " static)"
                                       : "shared memory per block";
    m.smem.x_bytes = true;
    m.smem.current_x = k.smem_dynamic;
    const float occ = m.result ? static_cast<float>(m.result->occupancy) : 0.0f;
    m.threads.current_occupancy = m.regs.current_occupancy = m.smem.current_occupancy = occ;
}

}  // namespace

Model compute_model(const Inputs& in, bool sweeps, ApiTile* api) {
    Model m;
    m.key = encode_hash(in);
    if ((m.amd_gpu = amd_gpu(in))) return compute_amd_model(in, std::move(m));
    m.spec = base_gpu(in);
    m.device = effective_device(in);
    const std::string base_name = m.spec ? std::string(m.spec->name) : in.gpu;
    m.title = in.custom() ? "Custom device (from " + base_name + ")" : base_name;

    auto arch = validate_device(m.device);
    if (!arch) {
        m.device_error = arch.error();
        m.error = arch.error();
        m.summary = m.title + ": the device is not valid. " + arch.error().message;
        return m;
    }
    m.arch = *arch;
    m.mode = in.mode;
    m.kernel = in.kernel;
    std::string what = m.title;

    // A refused cluster (CC < 9.0, its size): the API answers that error; the page shows it beside the answer
    // without the cluster (tile or kernel), so the rest of the page stays useful while the user fixes it.
    const bool tile = in.mode == Mode::Tile;
    const bool from_api = api && asks_api(in);
    PageAnswer pa = from_api ? PageAnswer(request_for(in, Op::Tile), *api)
                             : PageAnswer(request_for(in, tile ? Op::Tile : Op::Occupancy));
    m.cluster_error = pa.cluster_error();
    if (from_api) m.tile_figures = api->figures;
    Answer& ans = pa.answer();
    if (!ans.ok()) {
        m.error = ans.error;
        m.summary = m.title + (tile ? ", tile: " : ": ") + ans.error->message;
        return m;
    }
    m.cluster_steps = std::move(ans.cluster.steps);
    if (tile) {
        if (!take_tile_answer(in, m, ans, what)) return m;
    } else {
        m.result = std::move(std::get<OccupancyResult>(ans.solved));
        m.cluster = std::move(ans.cluster.result);
        // Inputs no compiled kernel has (over 255 registers, over 16 barriers): shown first among the notes.
        if (m.arch) {
            auto warnings = kernel_input_warnings(m.kernel, *m.arch);
            for (auto& w : warnings) w = "Warning: " + w + ".";
            m.result->notes.insert(m.result->notes.begin(), warnings.begin(), warnings.end());
        }
        what += ":";
    }
    {
        const OccupancyResult& r = *m.result;
        m.summary = what + " " + count_text(r.blocks_per_sm, "CTA", "CTAs") + " per SM, " + std::to_string(r.warps_per_sm) +
                    " of " + std::to_string(r.max_warps_per_sm) + " warps, occupancy " + format_percent(r.occupancy) +
                    ", limited by " + limiting_text(r) + ".";
        // With a cluster on, the Result card leads with the clusters resident GPU-wide; so does the read-out.
        if (m.cluster) m.summary += " Cluster: " + cluster_answer_line(*m.cluster) + ".";
    }
    const KernelInput& k = m.kernel;
    {
        Request q = request_for(in, Op::BlockSize);
        q.input = k;  // in tile mode: the launch the tile becomes
        const Answer b = solve(q);
        if (b.ok()) m.best = std::get<BlockSizeResult>(b.solved);
    }

    set_graph_captions(m);

    if (m.tile && !m.tile->fits) {
        // A tile that does not fit has no occupancy (the headline says why and how to make it fit): no graphs
        // around a point that does not run.
        m.no_graphs = "No graph: the tile does not fit on one SM.";
        return m;
    }
    m.sweeps_pending = true;
    if (sweeps) compute_sweeps(m);
    return m;
}

void compute_sweeps(Model& m) {
    if (!m.sweeps_pending) return;
    m.sweeps_pending = false;
    const Device& dev = m.device;
    const KernelInput& k = m.kernel;
    // The device was validated in compute_model(): checked once here, not on each of the ~1,500 calls.
    const auto checked = CheckedDevice::check(dev);
    if (!checked) return;
    const CheckedDevice& cd = *checked;

    // Threads per block: one warp .. the device's block limit, in warps.
    const int64_t warp = std::max<int64_t>(1, dev.warp_size);
    m.threads.x = sweep(warp, std::max(warp, dev.max_threads_per_block), warp);
    fill(m.threads, cd, k, [](KernelInput& kk, int64_t x) { kk.threads = x; });

    // Registers per thread: 0 .. the cap ptxas allocates.
    m.regs.x = sweep(0, m.arch->max_regs_per_thread, 1);
    fill(m.regs, cd, k, [](KernelInput& kk, int64_t x) { kk.regs = x; });

    // Dynamic shared memory per block: 0 .. what this launch may ask for (static part held).
    {
        int64_t limit = k.smem_dynamic_max >= 0
                            ? k.smem_dynamic_max
                            : (k.optin ? dev.smem_per_block_optin : dev.smem_per_block) - k.smem_static;
        limit = std::max<int64_t>({limit, k.smem_dynamic, 0});
        const int64_t gran = std::max(1, m.arch->smem_alloc_granularity);
        m.smem.x = sweep(0, limit, gran);
        fill(m.smem, cd, k, [](KernelInput& kk, int64_t x) { kk.smem_dynamic = x; });
    }

    // Heatmap: the threads sweep's columns x registers 8, 16, .., cap (rows).
    {
        Heatmap& h = m.heat;
        h.xs = m.threads.x;
        const int64_t cap = m.arch->max_regs_per_thread;
        for (int64_t y = 8; y < cap + 8; y += 8) h.ys.push_back(std::min(y, cap));
        h.w = static_cast<int>(h.xs.size());
        h.h = static_cast<int>(h.ys.size());
        h.values.resize(static_cast<std::size_t>(h.w) * h.h);
        h.blocks.resize(h.values.size());
        OccupancyNumbers rr;  // reused: occupancy_numbers writes every field
        for (int j = 0; j < h.h; ++j) {
            for (int i = 0; i < h.w; ++i) {
                KernelInput kk = k;
                kk.threads = h.xs[i];
                kk.regs = h.ys[j];
                const bool ok = !occupancy_numbers(cd, kk, rr);
                const std::size_t idx = static_cast<std::size_t>(j) * h.w + i;
                h.values[idx] = ok ? static_cast<float>(rr.occupancy) : 0.0f;
                h.blocks[idx] = ok ? rr.blocks_per_sm : -1;
            }
        }
        h.marker_x = nearest(h.xs, k.threads);
        h.marker_y = nearest(h.ys, k.regs);
        if (h.marker_x < 0 || h.marker_y < 0) h.marker_x = h.marker_y = -1;
    }
}

}  // namespace smcalc::web
