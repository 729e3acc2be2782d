// api_amd.cpp - the AMD Instinct answers of the API (smcalc/amd.hpp, amd_parse.hpp): occupancy, next step,
// MFMA tile, AMD compiler output, the AMD GPU list, and compare across vendors. JSON and text formatters of the
// results solve() computed; nothing here decides a number the core did not.
//
// [SECTION] solving: next step, parse, compare across vendors (rows in each vendor's words)
// [SECTION] JSON answers
// [SECTION] text answers
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "api_detail.hpp"
#include "smcalc/fields.hpp"

namespace smcalc::api::detail {

using json = nlohmann::json;

namespace {

const amd::Vocabulary& nv_words() { return amd::vocabulary(amd::Vendor::Nvidia); }
const amd::Vocabulary& amd_words() { return amd::vocabulary(amd::Vendor::Amd); }

std::string fixed1(double v) {
    if (v == std::floor(v) && std::fabs(v) < 9e15) return num(static_cast<int64_t>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    return s;
}

std::string limiting_text(const std::vector<amd::Limit>& l) {
    std::string s;
    for (amd::Limit x : l) s += (s.empty() ? "" : ", ") + std::string(amd::limit_label(x));
    return s.empty() ? std::string("-") : s;
}

std::string nv_limiting_text(const std::vector<Resource>& l) {
    std::string s;
    for (Resource r : l) s += (s.empty() ? "" : ", ") + std::string(resource_label(r));
    return s.empty() ? std::string("-") : s;
}

std::string arch_title(const amd::GpuSpec& g) {
    const amd::ArchRules& a = g.arch();
    return std::string(g.name) + ": " + std::string(a.gfx) + " (" + std::string(a.family) + "), " + num(g.cu_count) +
           " CUs (" + num(g.xcd_count) + " XCDs x " + num(g.cus_per_xcd) + ")";
}

std::string amd_kernel_text(const amd::KernelInput& in) {
    std::string s = num(in.threads) + " work-items/workgroup, " + num(in.vgprs) + " VGPRs + " + num(in.agprs) +
                    " AGPRs/lane, " + (in.sgprs > 0 ? num(in.sgprs) + " SGPRs/wave" : std::string("SGPRs not given")) +
                    ", " + format_bytes(in.lds) + " LDS/workgroup";
    if (in.scratch > 0) s += ", " + format_bytes(in.scratch) + " scratch/lane";
    return s;
}

std::string nv_kernel_text(const KernelInput& in) {
    return num(in.threads) + " threads/block, " + num(in.regs) + " registers/thread, " +
           format_bytes(in.smem_static + in.smem_dynamic) + " shared memory/block";
}

// A row over the columns: `value` per column; differs when not all equal.
CompareRow make_row(const std::string& key, const std::string& label, std::vector<std::string> values) {
    CompareRow r{key, label, std::move(values), false};
    for (const auto& v : r.values)
        if (v != r.values.front()) r.differs = true;
    return r;
}

std::string opt_count(const std::optional<int64_t>& v, const char* one, const char* many) {
    return v ? count_text(*v, one, many) : std::string("no limit");
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// [SECTION] solving
// ---------------------------------------------------------------------------------------------------------

bool has_amd_gpu(const Request& req) {
    return std::any_of(req.gpus.begin(), req.gpus.end(), [](const std::string& g) { return !find_gpu(g) && amd::find_gpu(g); });
}

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
            return col.amd_occ ? limiting_text(col.amd_occ->limiting) : nv_limiting_text(col.nvidia->result.limiting);
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

// ---------------------------------------------------------------------------------------------------------
// [SECTION] JSON answers
// ---------------------------------------------------------------------------------------------------------

namespace {


json rows_json(const std::vector<TileRow>& rows) { return tile_rows_json(rows); }

json limiting_json(const std::vector<amd::Limit>& l) {
    json a = json::array();
    for (amd::Limit x : l) a.push_back(std::string(amd::limit_key(x)));
    return a;
}


// Per limit key, what that resource alone allows: workgroups per CU ("limits") or waves per SIMD.
json limits_json(const amd::OccupancyResult& r, std::optional<int64_t> amd::LimitCount::*allows) {
    json limits = json::object();
    for (const amd::LimitCount& l : r.limits) limits[std::string(amd::limit_key(l.limit))] = opt_json(l.*allows);
    return limits;
}

json amd_occ_json(const amd::OccupancyResult& r, const amd::GpuSpec* gpu, const json& gpu_name) {
    json a = json::object();
    a["vendor"] = "amd";
    SMCALC_JSON_MEMBERS(a, r, gfx, waves_per_simd, max_waves_per_simd, workgroups_per_cu, waves_per_cu, occupancy,
                        compiler_waves_per_simd, waves_per_workgroup, lanes_per_workgroup, idle_lanes, unified_vgprs,
                        vgprs_allocated, sgprs_allocated, lds_allocated, derivation, notes);
    a["limits"] = limits_json(r, &amd::LimitCount::workgroups_per_cu);
    a["limits_waves_per_simd"] = limits_json(r, &amd::LimitCount::waves_per_simd);
    a["limiting"] = limiting_json(r.limiting);
    a["cu_count"] = gpu ? json(gpu->cu_count) : json(nullptr);
    a["gpu_resident_workgroups"] = gpu ? json(r.workgroups_per_cu * gpu->cu_count) : json(nullptr);
    a["budgets"] = budgets_json(r.budgets);
    a["rows"] = rows_json(r.rows);
    a["input"] = amd_input_json(r.input);
    a["gpu"] = gpu_name;
    return a;
}

}  // namespace

json amd_input_json(const amd::KernelInput& in) {
    json o = json::object();
    for (const auto& f : fields::amd_kernel_fields()) o[std::string(f.key)] = f.get(in);
    return o;
}

json amd_occupancy_json(const Request& req, const amd::OccupancyResult& r) {
    return amd_occ_json(r, req.amd_gpu, gpu_json(req));
}

json amd_next_step_json(const Request& req, const AmdNextStepAnswer& a) {
    json s = json::array();
    for (const amd::NextStep& n : a.steps) {
        json o = json::object();
        SMCALC_JSON_MEMBERS(o, n, field, from, to, workgroups_per_cu, waves_per_simd, occupancy, text, hint);
        o["resource"] = std::string(amd::limit_key(n.resource));
        s.push_back(std::move(o));
    }
    return {{"vendor", "amd"}, {"current", amd_occupancy_json(req, a.current)}, {"suggestions", std::move(s)},
            {"gpu", gpu_json(req)}};
}

json amd_tile_json(const Request& req, const amd::TileResult& r) {
    json a = json::object();
    a["vendor"] = "amd";
    SMCALC_JSON_MEMBERS(a, r, gfx, threads, acc_bytes, acc_regs_per_lane, overhead_vgprs, vgprs, agprs, unified_vgprs,
                        regs_fit, lds_a_per_stage, lds_b_per_stage, lds_per_stage, lds_per_workgroup, lds_limit, lds_fits,
                        workgroups_per_cu, waves_per_simd, fits, cu_count, notes);
    a["problem"] = nullptr;
    if (r.input.problem) {
        a["problem"] = json::object();
        SMCALC_JSON_MEMBERS(a["problem"], r, tiles_m, tiles_n, workgroups, k_steps, workgroups_per_wave, waves,
                            last_wave_utilization);
    }
    a["rows"] = rows_json(r.rows);
    a["solver"] = r.occ ? amd_occ_json(*r.occ, req.amd_gpu, gpu_json(req)) : json(nullptr);
    const amd::TileInput& t = r.input;
    a["input"] = json::object();
    SMCALC_JSON_MEMBERS(a["input"], t, m, n, k, stages, waves, sgprs);
    a["input"]["a"] = std::string(dtype_key(t.a));
    a["input"]["b"] = std::string(dtype_key(t.b));
    a["input"]["acc"] = std::string(dtype_key(t.acc));
    a["input"]["problem"] = problem_size_json(t.problem);
    a["gpu"] = gpu_json(req);
    return a;
}

json amd_parsed_kernel_json(const amd::ParsedKernel& k) {
    json o = json::object();
    SMCALC_JSON_MEMBERS(o, k, name, vgprs, agprs, unified_vgprs, sgprs, lds, scratch, max_flat_workgroup_size,
                        vgpr_spill, sgpr_spill, llvm_occupancy, formats, line, missing);
    o["gfx"] = opt_json(k.gfx);
    return o;
}

json amd_parse_json(const AmdParseAnswer& a) {
    json kernels = json::array();
    for (std::size_t i = 0; i < a.parsed.kernels.size(); ++i) {
        json o = amd_parsed_kernel_json(a.parsed.kernels[i]);
        const auto& c = a.llvm[i];
        o["rules"] = a.gfx_used[i].empty() ? json(nullptr) : json(a.gfx_used[i]);
        o["threads"] = c ? json(c->ours.input.threads) : json(nullptr);
        o["compiler_waves_per_simd"] = c ? json(c->ours.compiler_waves_per_simd) : json(nullptr);
        o["waves_per_simd"] = c ? json(c->ours.waves_per_simd) : json(nullptr);
        o["workgroups_per_cu"] = c ? json(c->ours.workgroups_per_cu) : json(nullptr);
        o["mismatch"] = c ? json(c->mismatch) : json(nullptr);
        o["comparison"] = c ? json(c->text) : json(nullptr);
        kernels.push_back(std::move(o));
    }
    return {{"vendor", "amd"}, {"kernels", std::move(kernels)}, {"notes", a.parsed.notes}, {"summary", a.parsed.summary}};
}

json vendor_compare_json(const Request& req, const VendorComparison& c) {
    json cols = json::array();
    for (const VendorColumn& col : c.columns) {
        json o = json::object();
        o["name"] = col.name;
        o["vendor"] = col.amd_gpu ? "amd" : "nvidia";
        o["error"] = col.error ? error_json(*col.error)["error"] : json(nullptr);
        if (col.amd_gpu) {
            o["gfx"] = std::string(col.amd_gpu->gfx);
            o["cu_count"] = col.amd_gpu->cu_count;
            if (col.amd_occ) {
                const auto& r = *col.amd_occ;
                SMCALC_JSON_MEMBERS(o, r, workgroups_per_cu, waves_per_cu, waves_per_simd, occupancy,
                                    compiler_waves_per_simd);
                o["limits"] = limits_json(r, &amd::LimitCount::workgroups_per_cu);
                o["limiting"] = limiting_json(r.limiting);
                o["gpu_resident_workgroups"] = r.workgroups_per_cu * col.amd_gpu->cu_count;
            }
            if (col.amd_tile) {
                const auto& r = *col.amd_tile;
                SMCALC_JSON_MEMBERS(o, r, fits, workgroups_per_cu, waves_per_simd, acc_regs_per_lane, vgprs, agprs,
                                    lds_per_workgroup, lds_limit);
                o["gpu_resident_workgroups"] = r.cu_count ? json(r.workgroups_per_cu * *r.cu_count) : json(nullptr);
            }
        } else {
            const GpuSpec* g = *find_gpu(col.name);
            o["cc"] = cc_text(g->device.cc);
            o["sm_count"] = g->device.sm_count > 0 ? json(g->device.sm_count) : json(nullptr);
            if (col.nvidia && !col.error) {
                const auto& r = col.nvidia->result;
                SMCALC_JSON_MEMBERS(o, r, blocks_per_sm, warps_per_sm, occupancy);
                o["limits"] = limits_json(r);
                o["limiting"] = limiting_json(r.limiting);
                o["gpu_resident_ctas"] = opt_json(col.nvidia->gpu_resident_ctas);
            }
            if (col.nvidia_tile && col.nvidia_tile->result) {
                const auto& r = *col.nvidia_tile->result;
                SMCALC_JSON_MEMBERS(o, r, fits, ctas_per_sm, occupancy, instruction, acc_regs_per_thread,
                                    regs_per_thread_est, smem_per_cta, smem_limit);
                o["gpu_resident_ctas"] = opt_json(col.nvidia_tile->gpu_resident_ctas);
            }
        }
        cols.push_back(std::move(o));
    }
    json input = json::object();
    if (c.tile) {
        input = {{"m", c.tile_input.m}, {"n", c.tile_input.n}, {"k", c.tile_input.k}, {"stages", c.tile_input.stages},
                 {"warps", c.tile_input.warps}, {"waves", c.amd_tile_input.waves},
                 {"a", std::string(dtype_key(c.tile_input.a))}, {"b", std::string(dtype_key(c.tile_input.b))},
                 {"acc", std::string(dtype_key(c.tile_input.acc))}};
    } else {
        for (const auto& f : fields::kernel_fields()) input[std::string(f.key)] = f.get(c.kernel);
        input["optin"] = c.kernel.optin != 0;
    }
    return {{"kind", c.tile ? "tile" : "kernel"}, {"gpus", req.gpus}, {"input", std::move(input)},
            {"amd_input", c.tile ? json(nullptr) : amd_input_json(c.amd_kernel)}, {"columns", std::move(cols)},
            {"rows", rows_json(c.rows)}, {"notes", c.notes}};
}

json amd_gpus_json() {
    json list = json::array();
    for (const amd::GpuSpec& g : amd::all_gpus()) {
        const amd::ArchRules& a = g.arch();
        list.push_back({{"name", std::string(g.name)},
                        {"aliases", aliases_json(g.aliases)},
                        {"vendor", "amd"},
                        {"gfx", std::string(g.gfx)},
                        {"family", std::string(a.family)},
                        {"cu_count", g.cu_count},
                        {"xcd_count", g.xcd_count},
                        {"cus_per_xcd", g.cus_per_xcd},
                        {"lds_per_cu", a.lds_per_cu},
                        {"hbm_bytes", opt_json(g.hbm_bytes)},
                        {"peak_clock_mhz", opt_json(g.peak_clock_mhz)},
                        {"mem_bw_gbs", opt_json(g.mem_bw_gbs)},
                        {"source", std::string(g.source)},
                        {"note", std::string(g.note)}});
    }
    return list;
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] text answers
// ---------------------------------------------------------------------------------------------------------

std::string amd_occupancy_text(const Request& req, const amd::OccupancyResult& r, bool why) {
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "kernel: " + amd_kernel_text(r.input) + "\n";
    out += "= " + count_text(r.workgroups_per_cu, "workgroup", "workgroups") + "/CU, " + num(r.waves_per_cu) + " of " +
           num(r.max_waves_per_simd * req.amd_gpu->arch().simds_per_cu) + " waves = " + fixed1(r.waves_per_simd) +
           " waves per SIMD (of " + num(r.max_waves_per_simd) + ") = " + format_percent(r.occupancy) +
           " occupancy, limited by " + limiting_text(r.limiting) + "\n";
    out += "LLVM's figure (Occupancy [waves/SIMD]): " + num(r.compiler_waves_per_simd) + "\n\n";
    std::vector<std::vector<std::string>> t = {{"limit", "waves/SIMD", "workgroups/CU", ""}};
    for (const amd::LimitCount& l : r.limits)
        t.push_back({std::string(amd::limit_label(l.limit)), l.waves_per_simd ? num(*l.waves_per_simd) : "no limit",
                     l.workgroups_per_cu ? num(*l.workgroups_per_cu) : "no limit", l.limiting ? "<- limiting" : ""});
    out += text_table(t, {false, true, true, false});
    out += "\n";
    std::vector<std::vector<std::string>> rows = {{"readout", "value", "limit", "unit", "basis"}};
    for (const TileRow& row : r.rows)
        rows.push_back({row.label, row_value_text(row.unit, row.value),
                        row.limit ? row_value_text(row.unit, *row.limit) : std::string("-"), row.unit,
                        std::string(basis_key(row.basis))});
    out += text_table(rows, {false, true, true, false, false});
    out += list_text("\nnotes:\n", r.notes);
    if (why && !r.derivation.empty()) {
        out += "\nderivation:\n";
        for (const auto& d : r.derivation) out += "  " + d + "\n";
    }
    return out;
}

std::string amd_next_step_text(const Request& req, const AmdNextStepAnswer& a) {
    const amd::OccupancyResult& c = a.current;
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "kernel: " + amd_kernel_text(c.input) + "\n";
    out += "now: " + count_text(c.workgroups_per_cu, "workgroup", "workgroups") + "/CU, " + fixed1(c.waves_per_simd) +
           " waves per SIMD = " + format_percent(c.occupancy) + " occupancy, limited by " + limiting_text(c.limiting) +
           "\n\n";
    if (a.steps.empty()) {
        if (c.waves_per_cu >= c.max_waves_per_simd * req.amd_gpu->arch().simds_per_cu)
            out += "already at " + num(c.max_waves_per_simd) + " waves per SIMD: no change gives more\n";
        else if (c.limiting.size() > 1)
            out += "no single change gives one more workgroup per CU: " + limiting_text(c.limiting) +
                   " limit at once; change them together (each alone is in the limits of op occupancy)\n";
        else
            out += "no single input change gives one more workgroup per CU (the workgroup slots or the workgroup "
                   "size decide)\n";
        return out;
    }
    out += "one more workgroup per CU, changing one input (each re-checked by the model):\n";
    std::vector<std::vector<std::string>> t;
    for (const amd::NextStep& s : a.steps) t.push_back({"  " + s.field, s.text});
    out += text_table(t, {});
    for (const amd::NextStep& s : a.steps)
        if (!s.hint.empty()) out += "  " + s.field + ": " + s.hint + "\n";
    return out;
}

std::string amd_tile_text(const Request& req, const amd::TileResult& r, bool why) {
    const amd::TileInput& in = r.input;
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "tile " + num(in.m) + "x" + num(in.n) + "x" + num(in.k) + ", " + count_text(in.stages, "stage", "stages") +
           ", " + count_text(in.waves, "wave", "waves") + " (" + num(r.threads) + " work-items), " +
           std::string(dtype_key(in.a)) + " x " + std::string(dtype_key(in.b)) + " -> " +
           std::string(dtype_key(in.acc)) + ", MFMA\n\n";
    std::vector<std::vector<std::string>> t = {{"readout", "value", "limit", "unit", "basis", ""}};
    for (const TileRow& row : r.rows)
        t.push_back({row.label, row_value_text(row.unit, row.value),
                     row.limit ? row_value_text(row.unit, *row.limit) : std::string("-"), row.unit,
                     std::string(basis_key(row.basis)), row.over ? "<- over" : ""});
    out += text_table(t, {false, true, true, false, false, false});
    out += "\n";
    if (r.fits)
        out += "fits: " + count_text(r.workgroups_per_cu, "workgroup", "workgroups") + "/CU = " +
               fixed1(r.waves_per_simd) + " waves per SIMD (estimate: registers are estimated)\n";
    else
        out += std::string("does not fit: ") + (!r.regs_fit ? "registers per lane exceed 256 (spills); " : "") +
               (!r.lds_fits ? format_bytes(r.lds_per_workgroup) + " LDS exceed " + format_bytes(r.lds_limit) + "; " : "") +
               (r.workgroups_per_cu < 1 ? "0 workgroups per CU" : "") + "\n";
    out += list_text("\nnotes:\n", r.notes);
    if (why && r.occ) {
        out += "\nderivation (occupancy model):\n";
        for (const auto& d : r.occ->derivation) out += "  " + d + "\n";
    }
    return out;
}

std::string amd_parse_text(const AmdParseAnswer& a) {
    std::string out = a.parsed.summary + "\n\n";
    auto o = [](const std::optional<int64_t>& v) { return v ? num(*v) : std::string("-"); };
    std::vector<std::vector<std::string>> t = {
        {"kernel", "gfx", "VGPRs", "AGPRs", "SGPRs", "LDS (B)", "scratch", "LLVM waves/SIMD", "smcalc (LLVM rule)", "resident", ""}};
    for (std::size_t i = 0; i < a.parsed.kernels.size(); ++i) {
        const amd::ParsedKernel& k = a.parsed.kernels[i];
        const auto& c = a.llvm[i];
        t.push_back({k.name, k.gfx.empty() ? "-" : k.gfx, o(k.vgprs), o(k.agprs), o(k.sgprs), o(k.lds), o(k.scratch),
                     o(k.llvm_occupancy), c ? num(c->ours.compiler_waves_per_simd) : "-",
                     c ? fixed1(c->ours.waves_per_simd) + " waves/SIMD at " + num(c->ours.input.threads) : "-",
                     c && c->mismatch ? "<- MISMATCH" : ""});
    }
    out += text_table(t, {false, false, true, true, true, true, true, true, true, false, false});
    out += "(- = not in the text; resident = whole workgroups per CU, at the kernel's max flat workgroup size or 256)\n";
    bool mismatch = false;
    for (const auto& c : a.llvm) mismatch = mismatch || (c && c->mismatch);
    if (mismatch) out += "\nLLVM's figure and smcalc's re-derivation of it differ for the kernels marked MISMATCH\n";
    out += list_text("\nnotes:\n", a.parsed.notes);
    return out;
}

std::string vendor_compare_text(const VendorComparison& c) {
    std::string out;
    bool nv = false, amd_col = false;
    for (const VendorColumn& col : c.columns) (col.amd_gpu ? amd_col : nv) = true;
    if (c.tile) {
        out = "tile " + num(c.tile_input.m) + "x" + num(c.tile_input.n) + "x" + num(c.tile_input.k) + ", " +
              count_text(c.tile_input.stages, "stage", "stages") + ", " + std::string(dtype_key(c.tile_input.a)) + " x " +
              std::string(dtype_key(c.tile_input.b)) + " -> " + std::string(dtype_key(c.tile_input.acc)) + "\n";
    } else {
        if (nv) out += "NVIDIA kernel: " + nv_kernel_text(c.kernel) + "\n";
        if (amd_col) out += "AMD kernel: " + amd_kernel_text(c.amd_kernel) + "\n";
    }
    out += "\n";
    out = compare_columns_text(std::move(out), c.columns, c.rows);
    out += list_text("\nnotes:\n", c.notes);
    return out;
}

std::string amd_gpus_text() {
    std::vector<std::vector<std::string>> t = {{"name", "gfx", "CUs", "LDS/CU", "source"}};
    for (const amd::GpuSpec& g : amd::all_gpus())
        t.push_back({std::string(g.name), std::string(g.gfx), num(g.cu_count), format_bytes(g.arch().lds_per_cu),
                     std::string(g.source)});
    return "AMD Instinct (vocabulary: CU = SM, wave of 64 = warp, workgroup = CTA, LDS = shared memory):\n" +
           text_table(t, {false, false, true, true, false});
}

std::string amd_compiler_line(const amd::ParsedKernel& k) {
    std::string s = "from LLVM: " + k.name + (k.gfx.empty() ? std::string() : " (" + k.gfx + ")") + ": ";
    std::string parts;
    auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
    if (k.vgprs) add(num(*k.vgprs) + " VGPRs");
    if (k.agprs) add(num(*k.agprs) + " AGPRs");
    if (k.sgprs) add(num(*k.sgprs) + " SGPRs");
    if (k.lds) add(format_bytes(*k.lds) + " LDS");
    if (k.llvm_occupancy) add("LLVM: " + num(*k.llvm_occupancy) + " waves/SIMD");
    return s + (parts.empty() ? std::string("no resource counts") : parts);
}

}  // namespace smcalc::api::detail
