// api_cluster.cpp - thread block clusters in the JSON answers: the cluster part solve() computed
// (smcalc/solve.hpp's ClusterAnswer, TileResult::cluster, the tiles' cluster fields) as JSON keys. Every number
// comes from the core (smcalc/cluster.hpp, tile.hpp); nothing here computes one.
#include <algorithm>
#include <string>
#include <vector>

#include "api_detail.hpp"
#include "smcalc/report.hpp"

namespace smcalc::api::detail {
namespace {

using nlohmann::json;

json dims_json(const Dim3& d) { return json::array({d.x, d.y, d.z}); }

// ---------------------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------------------

json cluster_json(const ClusterResult& r) {
    json o = json::object();
    SMCALC_JSON_MEMBERS(o, r, cluster_size, needs_non_portable, max_cluster_size, max_size_confirmed, ctas_per_sm,
                        smem_per_cta, dsmem_per_cluster, limiter_reason, derivation, notes);
    o["dims"] = dims_json(r.dims);
    o["sm_count"] = r.sm_count > 0 ? json(r.sm_count) : json(nullptr);
    o["cluster_ctas_per_sm"] = r.cluster_ctas_per_sm;
    o["ctas_per_gpc_max"] = r.ctas_per_gpc_max > 0 ? json(r.ctas_per_gpc_max) : json(nullptr);
    o["max_active_clusters"] = nullptr;
    if (r.max_active_clusters) {
        const MaxActiveClusters& m = *r.max_active_clusters;
        json figures = json::array();
        for (const ClusterFigure& f : m.figures) {
            json fo = json::object();
            SMCALC_JSON_MEMBERS(fo, f, key, label, clusters, ctas, idle_cta_slots, idle_sms, basis_text, source);
            fo["basis"] = std::string(cluster_basis_key(f.basis));
            figures.push_back(std::move(fo));
        }
        json& mo = o["max_active_clusters"] = json::object();
        SMCALC_JSON_MEMBERS(mo, m, low, typical, high, bound);
        mo["figures"] = std::move(figures);
    }
    o["limiter"] = std::string(cluster_limiter_key(r.limiter));
    o["limiter_label"] = std::string(cluster_limiter_label(r.limiter));
    json gpcs = json::array();
    for (const GpcFill& g : r.gpcs) {
        json go = json::object();
        SMCALC_JSON_MEMBERS(go, g, sms, clusters, ctas, idle_sms);
        gpcs.push_back(std::move(go));
    }
    o["gpcs"] = std::move(gpcs);
    o["waves"] = nullptr;
    if (r.waves) {
        json& wo = o["waves"] = json::object();
        SMCALC_JSON_MEMBERS(wo, *r.waves, grid_ctas, grid_clusters, waves_low, waves_typical, waves_high, waves_bound);
        wo["grid"] = dims_json(r.waves->grid);
    }
    return o;
}

json step_json(const ClusterStep& s) {
    json o = json::object();
    SMCALC_JSON_MEMBERS(o, s, key, clusters, ctas, ctas_now, text);
    o["dims"] = dims_json(s.dims);
    o["basis"] = std::string(cluster_basis_key(s.basis));
    return o;
}

json fit_option_json(const TileFitOption& f) {
    json o = json::object();
    SMCALC_JSON_MEMBERS(o, f, key, label, acc_regs_per_thread, regs_per_thread_est, smem_per_cta, tmem_columns,
                        ctas_per_sm, fits, text);
    o["cluster"] = dims_json(f.cluster);
    o["cta"] = json::object();
    SMCALC_JSON_MEMBERS(o["cta"], f.cta, m, n, k, stages, warps);
    return o;
}

}  // namespace

void add_cluster_json(json& a, const Request& req, const Solved& solved, const ClusterAnswer& cluster) {
    if (cluster.result) a["cluster"] = cluster_json(*cluster.result);
    if (req.op == Op::NextStep && req.cluster) {
        json steps = json::array();
        for (const ClusterStep& s : cluster.steps) steps.push_back(step_json(s));
        a["cluster_next_steps"] = std::move(steps);
    }
    if (const auto* t = std::get_if<TileResult>(&solved)) {
        if (t->cluster) a["cluster"] = cluster_json(*t->cluster);
        json options = json::array();
        for (const TileFitOption& o : t->fit_options) options.push_back(fit_option_json(o));
        a["fit_options"] = std::move(options);
    }
    if (const auto* s = std::get_if<TileSearchResult>(&solved)) {
        json& fits = a["fits"];
        for (std::size_t i = 0; i < fits.size() && i < s->fits.size(); ++i) {
            const TileFit& f = s->fits[i];
            fits[i]["cluster"] = dims_json(f.cluster);
            fits[i]["clusters_low"] = opt_json(f.clusters_low);
            fits[i]["clusters_typical"] = opt_json(f.clusters_typical);
            fits[i]["clusters_high"] = opt_json(f.clusters_high);
            fits[i]["ctas_resident"] = opt_json(f.ctas_resident);
        }
        a["ranking"] = s->ranking;
        a["stages_auto"] = req.search.stages_auto;
        json& in = a["input"];
        if (req.search.stages_auto) in["stages"] = "auto";
        json shapes = json::array();
        for (const Dim3& d : req.search.clusters) shapes.push_back(dims_json(d));
        in["clusters"] = std::move(shapes);
        in["non_portable_cluster"] = req.search.non_portable_cluster;
    }
    // The cluster as read, with the op's other inputs ("input"; next_step: "cluster_input").
    if (req.cluster) {
        json in = {{"cluster", dims_json(req.cluster->dims)},
                   {"non_portable_cluster", req.cluster->non_portable},
                   {"grid", req.cluster->grid ? dims_json(*req.cluster->grid) : json(nullptr)}};
        if (a.contains("input") && a["input"].is_object())
            a["input"].update(in);
        else
            a["cluster_input"] = std::move(in);
    }
}

void add_refused_fit_options(json& a, const ClusterAnswer& cluster) {
    if (cluster.refused_fit_options.empty()) return;
    json options = json::array();
    for (const TileFitOption& o : cluster.refused_fit_options) options.push_back(fit_option_json(o));
    a["fit_options"] = std::move(options);
}

}  // namespace smcalc::api::detail
