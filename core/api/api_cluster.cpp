// api_cluster.cpp - thread block clusters in the JSON and text answers (issue 17): the cluster part of a
// request solved once (solve_with_cluster), then written as JSON keys (add_cluster_json) and as text
// (cluster_answer_text). Every number comes from the core (smcalc/cluster.hpp, tile.hpp); nothing here
// computes one. Text never shows a single count as exact when it is a range or an estimate: each figure
// carries its basis (exact / estimate / range).
#include <algorithm>
#include <string>
#include <vector>

#include "api_detail.hpp"
#include "smcalc/report.hpp"

namespace smcalc::api::detail {
namespace {

using nlohmann::json;

GpcLayout gpc_of(const Request& req) { return req.gpc; }

json dims_json(const Dim3& d) { return json::array({d.x, d.y, d.z}); }


std::string plural(int64_t n, const char* one, const char* many) { return count_text(n, one, many); }

std::string columns(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right,
                    const std::string& indent) {
    return text_table(rows, right, indent);
}

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

// ---------------------------------------------------------------------------------------------------------
// text
// ---------------------------------------------------------------------------------------------------------

}  // namespace

std::string cluster_result_text(const ClusterResult& r) {
    std::string out = "\ncluster " + dims_text(r.dims) + " = " + plural(r.cluster_size, "CTA", "CTAs") +
                      (r.needs_non_portable ? " (non-portable: above 8)" : " (portable)") + ", " +
                      plural(r.ctas_per_sm, "CTA", "CTAs") + "/SM (exact" +
           (r.cluster_ctas_per_sm < r.ctas_per_sm ? "; " + num(r.cluster_ctas_per_sm) + " under a cluster launch" : "") +
           "), distributed shared memory " +
                      num(r.cluster_size) + " x " + grouped(r.smem_per_cta) + " B = " + grouped(r.dsmem_per_cluster) +
                      " B per cluster (exact)\n";
    out += cluster_answer_line(r) + "\n";
    if (r.max_active_clusters) {
        std::vector<std::vector<std::string>> t = {{"figure", "clusters", "CTAs", "idle SMs", "basis", "why"}};
        for (const ClusterFigure& f : r.max_active_clusters->figures)
            t.push_back({cluster_figure_label(f), num(f.clusters), num(f.ctas), f.idle_sms ? num(*f.idle_sms) : "-",
                         std::string(cluster_basis_key(f.basis)), f.basis_text});
        out += columns(t, {false, true, true, true, false, false}, "  ");
        std::vector<std::string> sources;  // each once (the layout figures share the GPC row's)
        for (const ClusterFigure& f : r.max_active_clusters->figures)
            if (!f.source.empty() && std::find(sources.begin(), sources.end(), f.source) == sources.end())
                sources.push_back(f.source);
        for (const auto& src : sources) out += "  source: " + src + "\n";
    }
    if (!r.gpcs.empty()) {
        // Equal GPCs of the even layout in one line each: floor(SMs x CTAs/SM / size).
        out += "per GPC (the typical layout, an estimate):\n";
        std::vector<std::vector<std::string>> t;
        std::size_t i = 0;
        while (i < r.gpcs.size()) {
            std::size_t j = i;
            while (j < r.gpcs.size() && r.gpcs[j].sms == r.gpcs[i].sms) ++j;
            const GpcFill& g = r.gpcs[i];
            const auto n = static_cast<int64_t>(j - i);
            t.push_back({plural(n, "GPC", "GPCs") + " of " + num(g.sms) + " SMs:",
                         (g.sms < r.cluster_size ? "fewer SMs than CTAs: "
                                                 : "floor(" + num(g.sms) + " x " + num(r.cluster_ctas_per_sm) + " / " +
                                                       num(r.cluster_size) + ") = ") +
                             plural(g.clusters, "cluster", "clusters") + " each",
                         "(" + num(g.ctas) + " CTAs, " + plural(g.idle_sms, "SM", "SMs") + " idle)"});
            i = j;
        }
        out += columns(t, {}, "  ");
    }
    out += "limited by " + std::string(cluster_limiter_label(r.limiter)) + ": " + r.limiter_reason + "\n";
    if (r.waves) {
        const ClusterWaves& w = *r.waves;
        out += "grid " + dims_text(w.grid) + " = " + grouped(w.grid_ctas) + " CTAs = " + grouped(w.grid_clusters) +
               " clusters: ";
        if (w.waves_typical && *w.waves_low == *w.waves_high)
            out += plural(*w.waves_low, "wave", "waves") + " for every allowed GPC layout\n";
        else if (w.waves_typical)
            out += num(*w.waves_low) + ".." + num(*w.waves_high) + " waves (range; even layout " + num(*w.waves_typical) +
                   ", an estimate)\n";
        else if (w.waves_bound)
            out += "at least " + num(*w.waves_bound) + " waves (exact bound; layout unknown)\n";
        else
            out += "waves unknown (no cluster is resident, or the SM count is unknown)\n";
    }
    out += "arithmetic:\n";
    for (const auto& d : r.derivation) out += "  " + d + "\n";
    out += list_text("cluster notes:\n", r.notes);
    return out;
}

Expected<Solved> solve_with_cluster(const Request& req, ClusterAnswer& cluster) {
    auto solved = solve(req);
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
    const GpcLayout gpc = gpc_of(req);
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

std::string cluster_answer_text(const Request& req, const Solved& solved, const ClusterAnswer& cluster) {
    std::string out;
    if (cluster.result) out += cluster_result_text(*cluster.result);
    if (req.op == Op::NextStep && req.cluster) {
        out += "\ncluster " + dims_text(req.cluster->dims) + ":";
        if (cluster.steps.empty()) {
            out += " no smaller cluster keeps more CTAs resident, and the per-SM occupancy is the limit\n";
        } else {
            out += "\n";
            for (const ClusterStep& s : cluster.steps)
                out += "  " + std::string(s.key == "gpc_limit" ? "the GPC is the limit" : "smaller cluster " + dims_text(s.dims)) +
                       " (" + std::string(cluster_basis_key(s.basis)) + "): " + s.text + "\n";
        }
    }
    if (const auto* t = std::get_if<TileResult>(&solved)) {
        if (t->cluster) out += cluster_result_text(*t->cluster);
        if (!t->fit_options.empty()) {
            out += "\nways to make it fit (each evaluated by the same tile model and solver):\n";
            bool tmem = false;
            for (const TileFitOption& o : t->fit_options) tmem = tmem || o.tmem_columns > 0;
            std::vector<std::vector<std::string>> rows;
            std::vector<std::string> head = {"option", "cluster", "CTA tile", "warps", "acc regs", "regs (est)",
                                             "smem/CTA (B)"};
            if (tmem) head.emplace_back("TMEM cols");
            head.emplace_back("CTAs/SM");
            head.emplace_back("fits");
            rows.push_back(head);
            for (const TileFitOption& o : t->fit_options) {
                std::vector<std::string> line = {o.key, dims_text(o.cluster),
                                                 num(o.cta.m) + "x" + num(o.cta.n) + "x" + num(o.cta.k),
                                                 num(o.cta.warps), num(o.acc_regs_per_thread),
                                                 num(o.regs_per_thread_est), num(o.smem_per_cta)};
                if (tmem) line.push_back(num(o.tmem_columns));
                line.push_back(num(o.ctas_per_sm));
                line.emplace_back(o.fits ? "yes" : "no");
                rows.push_back(std::move(line));
            }
            std::vector<bool> right(head.size(), true);
            right[0] = right[1] = right[2] = false;
            right.back() = false;
            out += columns(rows, right, "  ");
            for (const TileFitOption& o : t->fit_options) out += "  - " + o.key + ": " + o.text + "\n";
        }
    }
    return out;
}

}  // namespace smcalc::api::detail
