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

}  // namespace

void add_cluster_json(json& a, const Request& req, const Solved& solved) {
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
    // The cluster as read, with the op's other inputs ("input"; next_step's answer has "cluster_input").
    if (req.cluster && a.contains("input") && a["input"].is_object())
        a["input"].update(value_json(*req.cluster));
}

void add_refused_fit_options(json& a, const ClusterAnswer& cluster) {
    if (cluster.refused_fit_options.empty()) return;
    a["fit_options"] = detail::value_json(cluster.refused_fit_options);
}

}  // namespace smcalc::api::detail
