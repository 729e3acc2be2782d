// api_cluster.cpp - the cluster a request read, echoed in the JSON answer's "input", and a refused tile's fit
// options beside its error. The cluster figures themselves are members of the answers (smcalc/answer_schema.hpp).
#include "api_detail.hpp"

namespace smcalc::api::detail {

using nlohmann::json;

void add_cluster_json(json& a, const Request& req) {
    // The cluster as read, with the op's other inputs ("input"; next_step's answer has "cluster_input").
    if (req.cluster && a.contains("input") && a["input"].is_object())
        a["input"].update(value_json(*req.cluster));
}

void add_refused_fit_options(json& a, const ClusterAnswer& cluster) {
    if (cluster.refused_fit_options.empty()) return;
    a["fit_options"] = value_json(cluster.refused_fit_options);
}

}  // namespace smcalc::api::detail
