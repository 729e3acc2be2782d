// api_amd.cpp - the AMD Instinct answers as JSON (smcalc/amd.hpp, amd_parse.hpp): occupancy, next step, MFMA
// tile, AMD compiler output, the AMD GPU list, and compare across vendors. It writes what solve() computed
// (core/src/solve.cpp); nothing here decides a number the core did not.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "api_detail.hpp"
#include "smcalc/fields.hpp"

namespace smcalc::api::detail {

using json = nlohmann::json;


// ---------------------------------------------------------------------------------------------------------
// [SECTION] JSON answers
// ---------------------------------------------------------------------------------------------------------

namespace {


// Per limit key, what that resource alone allows: workgroups per CU ("limits") or waves per SIMD.
json limits_json(const amd::OccupancyResult& r, std::optional<int64_t> amd::LimitCount::*allows) {
    json limits = json::object();
    for (const amd::LimitCount& l : r.limits) limits[std::string(amd::limit_key(l.limit))] = opt_json(l.*allows);
    return limits;
}

}  // namespace

json amd_input_json(const amd::KernelInput& in) {
    json o = json::object();
    for (const auto& f : fields::amd_kernel_fields()) o[std::string(f.key)] = f.get(in);
    return o;
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
                o["limiting"] = value_json(r.limiting);
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
                o["limiting"] = value_json(r.limiting);
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
            {"rows", value_json(c.rows)}, {"notes", c.notes}};
}

}  // namespace smcalc::api::detail
