// solve.cpp - the one dispatch (smcalc/solve.hpp): a validated Request to its Answer, for every surface (the
// CLI, the JSON and JS APIs, the page). The composite answers are computed here once: the next step with
// its launch bounds, dynamic shared memory with the resident figure, AMD's next steps and its reading of LLVM's
// output, the comparison across vendors (rows in each vendor's words), and the request's cluster part.
#include "smcalc/solve.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "answer_words.hpp"

namespace smcalc {
namespace {

using namespace words;

Expected<AmdNextStepAnswer> amd_next_step_answer(const Request& req) {
    const amd::ArchRules& arch = req.amd_gpu->arch();
    auto cur = amd::occupancy(arch, req.amd_input);
    if (!cur) return cur.error();
    auto steps = amd::next_steps(arch, req.amd_input);
    if (!steps) return steps.error();
    return AmdNextStepAnswer{*cur, *steps};
}

const TileResult& nv_tile_of(const VendorColumn& col) { return *col.nvidia_tile->result; }

// The columns: the NVIDIA GPUs through compare()/compare_tile() (one call for all of them), each AMD GPU through
// its own model. Returns whether any column is AMD's.
bool vendor_columns(const Request& req, VendorComparison& c) {
    std::vector<std::string_view> nv_names;
    for (const std::string& g : req.gpus)
        if (find_gpu(g)) nv_names.emplace_back(g);
    std::optional<Comparison> nv;
    std::optional<TileComparison> nv_tile;
    std::optional<Error> nv_error;  // the NVIDIA model refused the input for every NVIDIA column
    if (!nv_names.empty()) {
        if (c.tile) {
            auto r = compare_tile(req.tile, std::span<const std::string_view>(nv_names));
            if (r) nv_tile = *r; else nv_error = r.error();
        } else {
            auto r = compare(req.input, std::span<const std::string_view>(nv_names));
            if (r) nv = *r; else nv_error = r.error();
        }
    }
    std::size_t nv_i = 0;
    bool amd_any = false;
    for (const std::string& g : req.gpus) {
        VendorColumn col;
        col.name = g;
        if (find_gpu(g)) {
            if (nv_error) col.error = nv_error;
            else if (nv) col.nvidia = nv->columns[nv_i];
            else col.nvidia_tile = nv_tile->columns[nv_i];
            if (col.nvidia && col.nvidia->error) col.error = col.nvidia->error;
            if (col.nvidia_tile && col.nvidia_tile->error) col.error = col.nvidia_tile->error;
            ++nv_i;
        } else {
            amd_any = true;
            col.amd_gpu = *amd::find_gpu(g);
            if (c.tile) {
                auto r = amd::tile(*col.amd_gpu, req.amd_tile);
                if (r) col.amd_tile = *r; else col.error = r.error();
            } else {
                auto r = amd::occupancy(col.amd_gpu->arch(), req.amd_input);
                if (r) col.amd_occ = *r; else col.error = r.error();
            }
        }
        c.columns.push_back(std::move(col));
    }
    return amd_any;
}

// Which fields each vendor read (a compare across vendors takes both sets).
void vendor_notes(const Request& req, VendorComparison& c) {
    if (c.tile) {
        c.notes.push_back(
            "across vendors: every column takes the tile (M x N x K, stages, types); NVIDIA columns read warps per "
            "CTA, AMD columns " + std::string(req.waves_given ? "read waves per workgroup (--waves)"
                                                              : "take the warp count as waves per workgroup (" +
                                                                    num(req.amd_tile.waves) + " waves of 64 lanes; "
                                                                    "give waves to choose)"));
    } else {
        auto list = [](const std::vector<std::string>& v) { return v.empty() ? "none: defaults" : words::join(v); };
        c.notes.push_back("across vendors: NVIDIA columns read threads, regs, smem_static, smem_dynamic, optin, "
                          "smem_dynamic_max, carveout, barriers (given: " + list(req.nvidia_given) +
                          "); AMD columns read threads, vgprs, agprs, sgprs, lds, scratch (given: " +
                          list(req.amd_given) + ")");
    }
}

// One function for every row, its cell a plain function (the page links this: a loop per row cost kilobytes).
using Cell = std::string (*)(const VendorColumn&, const VendorComparison&);
void add_row(VendorComparison& c, const char* key, const char* label, Cell value_of) {
    const std::string_view k = key;
    std::vector<std::string> v;
    for (const VendorColumn& col : c.columns)
        v.push_back(col.error && k != "vendor" && k != "arch" && k != "processors" ? std::string("error") : value_of(col, c));
    c.rows.push_back(make_row(key, label, std::move(v)));
}

// The rows both kinds show: vendor, architecture, processors, warp size.
void common_rows(VendorComparison& c) {
    Cell vendor_arch = [](const VendorColumn& col, const VendorComparison&) -> std::string {
        if (col.amd_gpu) return std::string(col.amd_gpu->gfx) + " (" + std::string(col.amd_gpu->arch().family) + ")";
        const GpuSpec* g = *find_gpu(col.name);
        std::string s = "CC " + cc_text(g->device.cc);
        if (auto a = find_arch(g->device.cc)) s += " (" + std::string((*a)->family) + ")";
        return s;
    };
    add_row(c, "vendor", "Vendor", [](const VendorColumn& col, const VendorComparison&) { return std::string(col.amd_gpu ? "AMD" : "NVIDIA"); });
    add_row(c, "arch", "Architecture", vendor_arch);
    add_row(c, "processors", "SMs / CUs", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_gpu) return num(col.amd_gpu->cu_count) + " CUs";
        const GpuSpec* g = *find_gpu(col.name);
        return g->device.sm_count > 0 ? num(g->device.sm_count) + " SMs" : std::string("unknown");
    });
    add_row(c, "warp_size", "Warp / wave size", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_gpu ? num(amd_words().warp_size) + " lanes" : num(nv_words().warp_size) + " threads";
    });
}

// A kernel compare's rows, each in its vendor's words.
void kernel_rows(VendorComparison& c) {
    add_row(c, "registers", "Registers (per thread / per lane)", [](const VendorColumn& col, const VendorComparison& cmp) {
        return col.amd_gpu ? num(cmp.amd_kernel.vgprs) + " VGPRs + " + num(cmp.amd_kernel.agprs) + " AGPRs"
                           : num(cmp.kernel.regs) + " registers";
    });
    add_row(c, "shared", "Shared memory / LDS per CTA / workgroup", [](const VendorColumn& col, const VendorComparison& cmp) {
        return col.amd_gpu ? format_bytes(cmp.amd_kernel.lds) + " LDS"
                           : format_bytes(cmp.kernel.smem_static + cmp.kernel.smem_dynamic) + " shared memory";
    });
    add_row(c, "per_processor", "CTAs per SM / workgroups per CU", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_occ) return count_text(col.amd_occ->workgroups_per_cu, "workgroup", "workgroups");
        return count_text(col.nvidia->result.blocks_per_sm, "CTA", "CTAs");
    });
    add_row(c, "resident", "Warps / waves resident per SM / CU", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_occ)
            return num(col.amd_occ->waves_per_cu) + " of " +
                   num(col.amd_occ->max_waves_per_simd * col.amd_gpu->arch().simds_per_cu) + " waves";
        return num(col.nvidia->result.warps_per_sm) + " of " + num(col.nvidia->result.max_warps_per_sm) + " warps";
    });
    add_row(c, "waves_per_simd", "Waves per SIMD (AMD)", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_occ ? fixed1(col.amd_occ->waves_per_simd) + " of " + num(col.amd_occ->max_waves_per_simd)
                           : std::string("-");
    });
    add_row(c, "occupancy", "Occupancy", [](const VendorColumn& col, const VendorComparison&) {
        return format_percent(col.amd_occ ? col.amd_occ->occupancy : col.nvidia->result.occupancy);
    });
    add_row(c, "limiting", "Limited by", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_occ ? amd_limiting_text(col.amd_occ->limiting) : nv_limiting_text(col.nvidia->result.limiting);
    });
    add_row(c, "limit_regs", "Registers / VGPRs allow", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_occ) return opt_count(col.amd_occ->limits[0].workgroups_per_cu, "workgroup", "workgroups");
        return opt_count(col.nvidia->result.limit(Resource::Registers), "CTA", "CTAs");
    });
    add_row(c, "limit_smem", "Shared memory / LDS allows", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_occ) return opt_count(col.amd_occ->limits[2].workgroups_per_cu, "workgroup", "workgroups");
        return opt_count(col.nvidia->result.limit(Resource::SharedMemory), "CTA", "CTAs");
    });
    add_row(c, "gpu_resident", "Resident CTAs / workgroups per GPU", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_occ) return num(col.amd_occ->workgroups_per_cu * col.amd_gpu->cu_count);
        return col.nvidia->gpu_resident_ctas ? num(*col.nvidia->gpu_resident_ctas) : std::string("unknown");
    });
    add_row(c, "compiler_waves_per_simd", "LLVM's waves/SIMD (AMD)", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_occ ? num(col.amd_occ->compiler_waves_per_simd) : std::string("-");
    });
}

// A tile compare's rows; with a problem size, the waves of the grid too.
void tile_rows(VendorComparison& c, bool has_problem) {
    add_row(c, "threads", "Threads / work-items per CTA / workgroup", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? num(col.amd_tile->threads) + " (" + num(col.amd_tile->input.waves) + " waves)"
                            : num(nv_tile_of(col).threads) + " (" + num(nv_tile_of(col).input.warps) + " warps)";
    });
    add_row(c, "matrix_unit", "Matrix unit", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? std::string("MFMA") : nv_tile_of(col).instruction;
    });
    add_row(c, "acc_regs", "Accumulator registers per thread / lane", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? num(col.amd_tile->acc_regs_per_lane) : num(nv_tile_of(col).acc_regs_per_thread);
    });
    add_row(c, "regs_est", "Registers per thread / lane (estimate)", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? num(col.amd_tile->vgprs) + " VGPRs + " + num(col.amd_tile->agprs) + " AGPRs"
                            : num(nv_tile_of(col).regs_per_thread_est) + " registers";
    });
    add_row(c, "smem", "Shared memory / LDS per CTA / workgroup", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? format_bytes(col.amd_tile->lds_per_workgroup) + " of " +
                                  format_bytes(col.amd_tile->lds_limit) + " LDS"
                            : format_bytes(nv_tile_of(col).smem_per_cta) + " of " + format_bytes(nv_tile_of(col).smem_limit) +
                                  " shared memory";
    });
    add_row(c, "per_processor", "CTAs per SM / workgroups per CU", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? count_text(col.amd_tile->workgroups_per_cu, "workgroup", "workgroups")
                            : count_text(nv_tile_of(col).ctas_per_sm, "CTA", "CTAs");
    });
    add_row(c, "waves_per_simd", "Waves per SIMD (AMD)", [](const VendorColumn& col, const VendorComparison&) {
        return col.amd_tile ? fixed1(col.amd_tile->waves_per_simd) : std::string("-");
    });
    add_row(c, "fits", "Fits", [](const VendorColumn& col, const VendorComparison&) {
        return std::string((col.amd_tile ? col.amd_tile->fits : nv_tile_of(col).fits) ? "yes" : "no");
    });
    add_row(c, "gpu_resident", "Resident CTAs / workgroups per GPU", [](const VendorColumn& col, const VendorComparison&) {
        if (col.amd_tile)
            return col.amd_tile->cu_count ? num(col.amd_tile->workgroups_per_cu * *col.amd_tile->cu_count)
                                          : std::string("unknown");
        return col.nvidia_tile->gpu_resident_ctas ? num(*col.nvidia_tile->gpu_resident_ctas) : std::string("unknown");
    });
    if (has_problem) {
        add_row(c, "grid_waves", "Waves of the grid (problem)", [](const VendorColumn& col, const VendorComparison&) {
            if (col.amd_tile) return col.amd_tile->waves ? num(*col.amd_tile->waves) : std::string("-");
            const auto& p = nv_tile_of(col).problem;
            return p && p->waves ? num(*p->waves) : std::string("-");
        });
    }
}

Expected<VendorComparison> compare_vendors(const Request& req) {
    VendorComparison c;
    c.tile = req.compare_tile;
    c.kernel = req.input;
    c.amd_kernel = req.amd_input;
    c.tile_input = req.tile;
    c.amd_tile_input = req.amd_tile;
    const bool nv_any = std::any_of(req.gpus.begin(), req.gpus.end(), [](const std::string& g) { return find_gpu(g).ok(); });
    if (vendor_columns(req, c) && nv_any) vendor_notes(req, c);
    common_rows(c);
    if (c.tile) tile_rows(c, req.tile.problem.has_value());
    else kernel_rows(c);
    return c;
}

Expected<NextStepAnswer> next_step_answer(const Request& req) {
    auto step = next_step(req.device, req.input);
    if (!step) return step.error();
    NextStepAnswer a{std::move(step.value()), 0, std::nullopt, std::nullopt};
    a.bounds_target = req.blocks_given ? req.blocks : default_bounds_target(a.step);
    auto lb = launch_bounds(req.device, req.input, a.bounds_target);
    if (lb) {
        a.bounds = std::move(lb.value());
    } else {
        Error e = lb.error();
        if (req.blocks_given) return e;  // asked for explicitly: no answer exists
        a.bounds_error = std::move(e);
    }
    return a;
}

// The op's result into a.solved, or its error into a.error. Each result is moved once, into its alternative
// (the page links this too: every move of a Solved through Expected<Solved> cost code for all 15 alternatives).
template <class T>
void put(Answer& a, Expected<T>&& r) {
    if (r) a.solved.emplace<T>(std::move(r.value()));
    else a.error = std::move(r.error());
}

void solve_op(const Request& req, Answer& a) {
    if (req.amd_gpu) {
        const amd::ArchRules& arch = req.amd_gpu->arch();
        switch (req.op) {
            case Op::Occupancy: return put(a, amd::occupancy(arch, req.amd_input));
            case Op::NextStep: return put(a, amd_next_step_answer(req));
            case Op::Tile: return put(a, amd::tile(*req.amd_gpu, req.amd_tile));
            default: a.error = Error{ErrorId::Unsupported, "gpu", "op not modelled for AMD GPUs"}; return;
        }
    }
    switch (req.op) {
        case Op::Occupancy: return put(a, occupancy(req.device, req.input));
        case Op::BlockSize: return put(a, block_size(req.device, req.input));
        case Op::DynamicSmem: {
#ifdef SMCALC_PAGE_CORE
            // The page's own copy of the core (web/CMakeLists.txt) leaves out the ops the page never asks.
            a.error = Error{ErrorId::Unsupported, "op", "dynamic_smem is answered by the CLI and the JS API"};
            return;
#else
            auto header = dynamic_smem(req.device, req.input, req.blocks);
            if (!header) {
                a.error = header.error();
                return;
            }
            auto resident = dynamic_smem_resident(req.device, req.input, req.blocks);
            if (!resident) {
                a.error = resident.error();
                return;
            }
            a.solved.emplace<DynamicSmemAnswer>(DynamicSmemAnswer{*header, *resident});
            return;
#endif
        }
        case Op::NextStep: return put(a, next_step_answer(req));
        case Op::Tile: return put(a, tile(req.device, req.tile, req.gpu_spec));
        case Op::Tiles: return put(a, tiles_that_fit(req.device, req.search));
        case Op::Compare: {
            if (has_amd_gpu(req)) return put(a, compare_vendors(req));
            std::vector<std::string_view> names(req.gpus.begin(), req.gpus.end());
            if (req.compare_tile) return put(a, compare_tile(req.tile, std::span<const std::string_view>(names)));
            return put(a, compare(req.input, std::span<const std::string_view>(names)));
        }
        case Op::Parse:  // a reader, not a solve: read_compiler_output() (core/src/read.cpp)
            a.error = Error{ErrorId::BadRequest, "op", "op parse is answered by read_compiler_output()"};
            return;
        case Op::Gpus:
        case Op::Archs: return;  // monostate: the database itself
    }
    a.error = Error{ErrorId::BadRequest, "op", "unknown op"};
}

// The request's cluster part, after the op's result (a.error unset).
std::optional<Error> solve_cluster(const Request& req, Answer& a) {
    const ClusterInput& in = *req.cluster;
    const GpcLayout gpc = req.gpc;
    ClusterAnswer& cluster = a.cluster;
    switch (req.op) {
        case Op::Occupancy:
        case Op::NextStep: {
            auto r = clusters(req.device, gpc, req.input, in);
            if (!r) return r.error();
            // Smaller shapes that keep more CTAs: next_step's answer (an error there is the answer's error);
            // occupancy carries them for the page's cluster card (its JSON and text do not write them).
            auto steps = cluster_next_steps(req.device, gpc, r->ctas_per_sm, r->smem_per_cta, in);
            if (!steps && req.op == Op::NextStep) return steps.error();
            if (steps) cluster.steps = std::move(steps.value());
            cluster.result = std::move(r.value());
            return std::nullopt;
        }
        case Op::Tile: {
            // The tile's resident clusters are TileResult::cluster; the steps from them, for the page's cluster card.
            const auto* t = std::get_if<TileResult>(&a.solved);
            if (t && t->cluster)
                if (auto steps = cluster_next_steps(req.device, gpc, t->cluster->ctas_per_sm, t->cluster->smem_per_cta, in))
                    cluster.steps = std::move(steps.value());
            return std::nullopt;
        }
        case Op::Compare: {
            // One cell per GPU (core: add_cluster_row); a cluster every GPU refuses the same way is the answer.
            if (auto* c = std::get_if<Comparison>(&a.solved)) return add_cluster_row(*c, in);
            if (auto* t = std::get_if<TileComparison>(&a.solved)) return add_cluster_row(*t, in);
            return std::nullopt;
        }
        default: return std::nullopt;  // tiles: the search's shapes
    }
}

}  // namespace

bool has_amd_gpu(const Request& req) {
    return std::any_of(req.gpus.begin(), req.gpus.end(), [](const std::string& g) { return !find_gpu(g) && amd::find_gpu(g); });
}

Answer solve(const Request& req) {
    Answer a;
    solve_op(req, a);
    if (a.error && req.op == Op::Tile && a.error->id == ErrorId::Unsupported && !req.amd_gpu) {
        // A tile no single CTA can run (tcgen05's M = 256): the error stays the answer, and names the ways that
        // run it (the 2-SM pair, a 2-CTA cluster), each with its numbers.
        auto options = tile_fit_options(req.device, req.tile, req.gpu_spec);
        if (!options || options->empty()) return a;
        std::string& m = a.error->message;
        m += ". Ways to run it:";
        for (const TileFitOption& o : *options)
            if (o.fits) m += " " + o.key + " (" + o.text + ");";
        if (m.back() == ';') m.back() = '.';
        else m += " none fits.";
        a.cluster.refused_fit_options = std::move(options.value());
        return a;
    }
    if (a.error || !req.cluster) return a;
    if (auto e = solve_cluster(req, a)) {
        a.error = std::move(e);
        a.solved = std::monostate{};
        a.cluster = ClusterAnswer{};
    }
    return a;
}

}  // namespace smcalc
