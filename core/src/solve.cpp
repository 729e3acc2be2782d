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

Expected<AmdParseAnswer> amd_parse_answer(std::string_view text) {
    auto p = amd::parse_amd_compiler_output(text);
    if (!p) return p.error();
    AmdParseAnswer a;
    a.parsed = *p;
    for (const amd::ParsedKernel& k : a.parsed.kernels) {
        // The kernel's own target when modelled; gfx942 (the oracle's target) when the text names none.
        std::string gfx = k.gfx.empty() ? std::string("gfx942") : k.gfx;
        auto arch = amd::find_arch(gfx);
        if (!arch) {
            a.llvm.emplace_back();
            a.gfx_used.emplace_back();
            continue;
        }
        auto c = amd::compare_with_llvm(**arch, k);
        if (c)
            a.llvm.emplace_back(*c);
        else
            a.llvm.emplace_back();
        a.gfx_used.emplace_back((*arch)->gfx);
    }
    int64_t no_size = 0;
    for (const auto& k : a.parsed.kernels) no_size += k.max_flat_workgroup_size ? 0 : 1;
    if (no_size > 0)
        a.parsed.notes.push_back(
            "the text gives no workgroup size for " + num(no_size) + " of " +
            num(static_cast<int64_t>(a.parsed.kernels.size())) +
            " kernels (remarks carry none; amdhsa metadata's .max_flat_workgroup_size does): 256 work-items are "
            "assumed for them, and LLVM's figure, made for the kernel's own flat workgroup size, may differ for that "
            "reason alone (a MISMATCH there is not a disagreement about the rules)");
    bool any_missing_gfx = false;
    for (const auto& k : a.parsed.kernels) any_missing_gfx = any_missing_gfx || k.gfx.empty();
    if (any_missing_gfx)
        a.parsed.notes.push_back("a kernel's target (gfx) is not in the text: its figures use gfx942's rules");
    return a;
}

Expected<VendorComparison> compare_vendors(const Request& req) {
    VendorComparison c;
    c.tile = req.compare_tile;
    c.kernel = req.input;
    c.amd_kernel = req.amd_input;
    c.tile_input = req.tile;
    c.amd_tile_input = req.amd_tile;
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
    // Which fields each vendor read (a compare across vendors takes both sets).
    if (amd_any && !nv_names.empty()) {
        if (c.tile) {
            c.notes.push_back(
                "across vendors: every column takes the tile (M x N x K, stages, types); NVIDIA columns read warps per "
                "CTA, AMD columns " + std::string(req.waves_given ? "read waves per workgroup (--waves)"
                                                                  : "take the warp count as waves per workgroup (" +
                                                                        num(req.amd_tile.waves) + " waves of 64 lanes; "
                                                                        "give waves to choose)"));
        } else {
            auto list = [](const std::vector<std::string>& v) {
                std::string s;
                for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
                return s.empty() ? std::string("none: defaults") : s;
            };
            c.notes.push_back("across vendors: NVIDIA columns read threads, regs, smem_static, smem_dynamic, optin, "
                              "smem_dynamic_max, carveout, barriers (given: " + list(req.nvidia_given) +
                              "); AMD columns read threads, vgprs, agprs, sgprs, lds, scratch (given: " +
                              list(req.amd_given) + ")");
        }
    }

    // ----- rows, each vendor's words -----
    const auto& n = c.columns;
    auto row = [&](const std::string& key, const std::string& label, auto value_of) {
        std::vector<std::string> v;
        for (const VendorColumn& col : n) v.push_back(col.error && key != "vendor" && key != "arch" && key != "processors" ? std::string("error") : value_of(col));
        c.rows.push_back(make_row(key, label, std::move(v)));
    };
    auto vendor_arch = [](const VendorColumn& col) -> std::string {
        if (col.amd_gpu) return std::string(col.amd_gpu->gfx) + " (" + std::string(col.amd_gpu->arch().family) + ")";
        const GpuSpec* g = *find_gpu(col.name);
        std::string s = "CC " + cc_text(g->device.cc);
        if (auto a = find_arch(g->device.cc)) s += " (" + std::string((*a)->family) + ")";
        return s;
    };
    row("vendor", "Vendor", [](const VendorColumn& col) { return std::string(col.amd_gpu ? "AMD" : "NVIDIA"); });
    row("arch", "Architecture", vendor_arch);
    row("processors", "SMs / CUs", [](const VendorColumn& col) {
        if (col.amd_gpu) return num(col.amd_gpu->cu_count) + " CUs";
        const GpuSpec* g = *find_gpu(col.name);
        return g->device.sm_count > 0 ? num(g->device.sm_count) + " SMs" : std::string("unknown");
    });
    row("warp_size", "Warp / wave size", [](const VendorColumn& col) {
        return col.amd_gpu ? num(amd_words().warp_size) + " lanes" : num(nv_words().warp_size) + " threads";
    });
    if (!c.tile) {
        row("registers", "Registers (per thread / per lane)", [&](const VendorColumn& col) {
            return col.amd_gpu ? num(c.amd_kernel.vgprs) + " VGPRs + " + num(c.amd_kernel.agprs) + " AGPRs"
                               : num(c.kernel.regs) + " registers";
        });
        row("shared", "Shared memory / LDS per CTA / workgroup", [&](const VendorColumn& col) {
            return col.amd_gpu ? format_bytes(c.amd_kernel.lds) + " LDS"
                               : format_bytes(c.kernel.smem_static + c.kernel.smem_dynamic) + " shared memory";
        });
        row("per_processor", "CTAs per SM / workgroups per CU", [](const VendorColumn& col) {
            if (col.amd_occ) return count_text(col.amd_occ->workgroups_per_cu, "workgroup", "workgroups");
            return count_text(col.nvidia->result.blocks_per_sm, "CTA", "CTAs");
        });
        row("resident", "Warps / waves resident per SM / CU", [](const VendorColumn& col) {
            if (col.amd_occ)
                return num(col.amd_occ->waves_per_cu) + " of " +
                       num(col.amd_occ->max_waves_per_simd * col.amd_gpu->arch().simds_per_cu) + " waves";
            return num(col.nvidia->result.warps_per_sm) + " of " + num(col.nvidia->result.max_warps_per_sm) + " warps";
        });
        row("waves_per_simd", "Waves per SIMD (AMD)", [](const VendorColumn& col) {
            return col.amd_occ ? fixed1(col.amd_occ->waves_per_simd) + " of " + num(col.amd_occ->max_waves_per_simd)
                               : std::string("-");
        });
        row("occupancy", "Occupancy", [](const VendorColumn& col) {
            return format_percent(col.amd_occ ? col.amd_occ->occupancy : col.nvidia->result.occupancy);
        });
        row("limiting", "Limited by", [](const VendorColumn& col) {
            return col.amd_occ ? amd_limiting_text(col.amd_occ->limiting) : nv_limiting_text(col.nvidia->result.limiting);
        });
        row("limit_regs", "Registers / VGPRs allow", [](const VendorColumn& col) {
            if (col.amd_occ) return opt_count(col.amd_occ->limits[0].workgroups_per_cu, "workgroup", "workgroups");
            return opt_count(col.nvidia->result.limit(Resource::Registers), "CTA", "CTAs");
        });
        row("limit_smem", "Shared memory / LDS allows", [](const VendorColumn& col) {
            if (col.amd_occ) return opt_count(col.amd_occ->limits[2].workgroups_per_cu, "workgroup", "workgroups");
            return opt_count(col.nvidia->result.limit(Resource::SharedMemory), "CTA", "CTAs");
        });
        row("gpu_resident", "Resident CTAs / workgroups per GPU", [](const VendorColumn& col) {
            if (col.amd_occ) return num(col.amd_occ->workgroups_per_cu * col.amd_gpu->cu_count);
            return col.nvidia->gpu_resident_ctas ? num(*col.nvidia->gpu_resident_ctas) : std::string("unknown");
        });
        row("compiler_waves_per_simd", "LLVM's waves/SIMD (AMD)", [](const VendorColumn& col) {
            return col.amd_occ ? num(col.amd_occ->compiler_waves_per_simd) : std::string("-");
        });
    } else {
        auto nvr = [](const VendorColumn& col) -> const TileResult& { return *col.nvidia_tile->result; };
        row("threads", "Threads / work-items per CTA / workgroup", [&](const VendorColumn& col) {
            return col.amd_tile ? num(col.amd_tile->threads) + " (" + num(col.amd_tile->input.waves) + " waves)"
                                : num(nvr(col).threads) + " (" + num(nvr(col).input.warps) + " warps)";
        });
        row("matrix_unit", "Matrix unit", [&](const VendorColumn& col) {
            return col.amd_tile ? std::string("MFMA") : nvr(col).instruction;
        });
        row("acc_regs", "Accumulator registers per thread / lane", [&](const VendorColumn& col) {
            return col.amd_tile ? num(col.amd_tile->acc_regs_per_lane) : num(nvr(col).acc_regs_per_thread);
        });
        row("regs_est", "Registers per thread / lane (estimate)", [&](const VendorColumn& col) {
            return col.amd_tile ? num(col.amd_tile->vgprs) + " VGPRs + " + num(col.amd_tile->agprs) + " AGPRs"
                                : num(nvr(col).regs_per_thread_est) + " registers";
        });
        row("smem", "Shared memory / LDS per CTA / workgroup", [&](const VendorColumn& col) {
            return col.amd_tile ? format_bytes(col.amd_tile->lds_per_workgroup) + " of " +
                                      format_bytes(col.amd_tile->lds_limit) + " LDS"
                                : format_bytes(nvr(col).smem_per_cta) + " of " + format_bytes(nvr(col).smem_limit) +
                                      " shared memory";
        });
        row("per_processor", "CTAs per SM / workgroups per CU", [&](const VendorColumn& col) {
            return col.amd_tile ? count_text(col.amd_tile->workgroups_per_cu, "workgroup", "workgroups")
                                : count_text(nvr(col).ctas_per_sm, "CTA", "CTAs");
        });
        row("waves_per_simd", "Waves per SIMD (AMD)", [&](const VendorColumn& col) {
            return col.amd_tile ? fixed1(col.amd_tile->waves_per_simd) : std::string("-");
        });
        row("fits", "Fits", [&](const VendorColumn& col) {
            return std::string((col.amd_tile ? col.amd_tile->fits : nvr(col).fits) ? "yes" : "no");
        });
        row("gpu_resident", "Resident CTAs / workgroups per GPU", [&](const VendorColumn& col) {
            if (col.amd_tile)
                return col.amd_tile->cu_count ? num(col.amd_tile->workgroups_per_cu * *col.amd_tile->cu_count)
                                              : std::string("unknown");
            return col.nvidia_tile->gpu_resident_ctas ? num(*col.nvidia_tile->gpu_resident_ctas) : std::string("unknown");
        });
        if (req.tile.problem) {
            row("grid_waves", "Waves of the grid (problem)", [&](const VendorColumn& col) {
                if (col.amd_tile) return col.amd_tile->waves ? num(*col.amd_tile->waves) : std::string("-");
                const auto& p = nvr(col).problem;
                return p && p->waves ? num(*p->waves) : std::string("-");
            });
        }
    }
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

Expected<Solved> solve_op(const Request& req) {
    auto ok = [](auto&& r) -> Expected<Solved> {
        if (!r) return r.error();
        return Solved(std::move(r.value()));
    };
    if (req.amd_gpu) {
        const amd::ArchRules& arch = req.amd_gpu->arch();
        switch (req.op) {
            case Op::Occupancy: return ok(amd::occupancy(arch, req.amd_input));
            case Op::NextStep: return ok(amd_next_step_answer(req));
            case Op::Tile: return ok(amd::tile(*req.amd_gpu, req.amd_tile));
            default: return Error{ErrorId::Unsupported, "gpu", "op not modelled for AMD GPUs"};
        }
    }
    switch (req.op) {
        case Op::Occupancy: return ok(occupancy(req.device, req.input));
        case Op::BlockSize: return ok(block_size(req.device, req.input));
        case Op::DynamicSmem: {
            auto header = dynamic_smem(req.device, req.input, req.blocks);
            if (!header) return header.error();
            auto resident = dynamic_smem_resident(req.device, req.input, req.blocks);
            if (!resident) return resident.error();
            return Solved(DynamicSmemAnswer{*header, *resident});
        }
        case Op::NextStep: return ok(next_step_answer(req));
        case Op::Tile: return ok(tile(req.device, req.tile, req.gpu_spec));
        case Op::Tiles: return ok(tiles_that_fit(req.device, req.search));
        case Op::Compare: {
            if (has_amd_gpu(req)) return ok(compare_vendors(req));
            std::vector<std::string_view> names(req.gpus.begin(), req.gpus.end());
            if (req.compare_tile) return ok(compare_tile(req.tile, std::span<const std::string_view>(names)));
            return ok(compare(req.input, std::span<const std::string_view>(names)));
        }
        case Op::Parse: {
            // NVIDIA's reader first; text in which it finds no kernel gets the AMD reader (LLVM's remarks, .s,
            // metadata). When neither finds a kernel the NVIDIA reader's error is the answer.
            auto nv = parse_compiler_output(req.text);
            if (nv) return Solved(std::move(nv.value()));
            auto a = amd_parse_answer(req.text);
            if (a) return Solved(std::move(a.value()));
            return nv.error();
        }
        case Op::Gpus:
        case Op::Archs: return Solved{};
    }
    return Error{ErrorId::BadRequest, "op", "unknown op"};
}

Expected<Solved> solve_with_cluster(const Request& req, ClusterAnswer& cluster) {
    auto solved = solve_op(req);
    if (!solved && req.op == Op::Tile && solved.error().id == ErrorId::Unsupported) {
        // A tile no single CTA can run (tcgen05's M = 256): the error stays the answer, and names the ways that
        // run it (the 2-SM pair, a 2-CTA cluster), each with its numbers.
        auto options = tile_fit_options(req.device, req.tile, req.gpu_spec);
        if (!options || options->empty()) return solved;
        Error e = solved.error();
        e.message += ". Ways to run it:";
        for (const TileFitOption& o : *options)
            if (o.fits) e.message += " " + o.key + " (" + o.text + ");";
        if (e.message.back() == ';') e.message.back() = '.';
        else e.message += " none fits.";
        cluster.refused_fit_options = std::move(options.value());
        return e;
    }
    if (!solved || !req.cluster) return solved;
    const ClusterInput& in = *req.cluster;
    const GpcLayout gpc = req.gpc;
    switch (req.op) {
        case Op::Occupancy:
        case Op::NextStep: {
            auto r = clusters(req.device, gpc, req.input, in);
            if (!r) return r.error();
            if (req.op == Op::NextStep) {
                auto steps = cluster_next_steps(req.device, gpc, r->ctas_per_sm, r->smem_per_cta, in);
                if (!steps) return steps.error();
                cluster.steps = std::move(steps.value());
            }
            cluster.result = std::move(r.value());
            return solved;
        }
        case Op::Compare: {
            // One cell per GPU (core: add_cluster_row); a cluster every GPU refuses the same way is the answer.
            std::optional<Error> e;
            if (auto* c = std::get_if<Comparison>(&solved.value())) e = add_cluster_row(*c, in);
            else if (auto* t = std::get_if<TileComparison>(&solved.value())) e = add_cluster_row(*t, in);
            if (e) return *e;
            return solved;
        }
        default: return solved;  // tile: TileResult::cluster; tiles: the search's shapes
    }
}

}  // namespace

bool has_amd_gpu(const Request& req) {
    return std::any_of(req.gpus.begin(), req.gpus.end(), [](const std::string& g) { return !find_gpu(g) && amd::find_gpu(g); });
}

Answer solve(const Request& req) {
    Answer a;
    auto solved = solve_with_cluster(req, a.cluster);
    if (solved) a.solved = std::move(solved.value());
    else a.error = solved.error();
    return a;
}

}  // namespace smcalc
