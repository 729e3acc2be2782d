// web/ui_cluster.cpp - thread block clusters on the page: how many clusters are resident on the whole GPU,
// each figure labelled exact / estimate / range, and a picture of the GPU (GPCs as rows of SM cells, CTA slots
// filled cluster by cluster, idle SMs visible).
//
// Every number comes from smcalc::clusters() (core/include/smcalc/cluster.hpp), the same answer the CLI's
// --cluster and the JSON API's "cluster" print; the text lines are the core's (cluster_answer_line, ...).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "imgui.h"
#include "smcalc/format.hpp"
#include "ui_app.hpp"

namespace smcalc::web {
namespace {


// Cluster i's colour: the accent with its brightness stepped, so neighbours differ.
ImU32 cluster_colour(const Palette& pal, int64_t i) {
    ImVec4 c = ImGui::ColorConvertU32ToFloat4(pal.accent);
    static constexpr float kShade[] = {1.0f, 0.62f, 0.82f, 0.48f};
    const float f = kShade[i % 4];
    return ImGui::GetColorU32(ImVec4(c.x * f, c.y * f, c.z * f, 1.0f));
}

// The even GPC layout as rows of SM cells. Each SM cell holds `ctas_per_sm` slots (stacked; at most 8 drawn, more
// shown as a fill fraction); a GPC's clusters fill its SMs densely in order, so the slots no cluster can use
// (the GPC's remainder) and the idle SMs stay empty.
void gpc_picture(const ClusterResult& r, const Palette& pal) {
    if (r.gpcs.empty() || r.ctas_per_sm <= 0) return;
    int64_t widest = 0;
    for (const GpcFill& g : r.gpcs) widest = std::max(widest, g.sms);
    const float label_w = ImGui::CalcTextSize("GPC 00 ").x;
    const float avail = ImGui::GetContentRegionAvail().x - label_w;
    const float gap = 2.0f;
    const float cell = std::floor(std::clamp((avail + gap) / static_cast<float>(widest) - gap, 5.0f, 22.0f));
    const float row_h = std::max(cell * 1.25f, ImGui::GetTextLineHeight());
    const int64_t slots = std::min<int64_t>(r.ctas_per_sm, 8);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    int64_t cluster_index = 0;
    for (std::size_t gi = 0; gi < r.gpcs.size(); ++gi) {
        const GpcFill& g = r.gpcs[gi];
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::TextDisabled("GPC %d", static_cast<int>(gi));
        ImGui::SetCursorScreenPos(p);
        for (int64_t s = 0; s < g.sms; ++s) {
            const ImVec2 a(p.x + label_w + static_cast<float>(s) * (cell + gap), p.y + (row_h - cell * 1.2f) / 2);
            const ImVec2 b(a.x + cell, a.y + cell * 1.2f);
            dl->AddRectFilled(a, b, pal.track, 2.0f);
            // CTA slots of this SM: CTAs s*c .. s*c+c-1 of the GPC, filled where a cluster holds them.
            const float slot_h = (b.y - a.y) / static_cast<float>(slots);
            for (int64_t k = 0; k < slots; ++k) {
                // With more than 8 slots each drawn slot stands for a share of them.
                const int64_t first = s * r.ctas_per_sm + k * r.ctas_per_sm / slots;
                if (first >= g.ctas) break;
                const int64_t which = cluster_index + first / std::max<int64_t>(1, r.cluster_size);
                const float y0 = b.y - static_cast<float>(k + 1) * slot_h, y1 = b.y - static_cast<float>(k) * slot_h;
                dl->AddRectFilled(ImVec2(a.x + 1, y0 + 0.5f), ImVec2(b.x - 1, y1 - 0.5f), cluster_colour(pal, which), 1.0f);
            }
        }
        cluster_index += g.clusters;
        ImGui::Dummy(ImVec2(label_w + static_cast<float>(g.sms) * (cell + gap), row_h));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("GPC %d: %lld SMs, floor(%lld x %lld / %lld) = %lld clusters = %lld CTAs, %lld SMs idle",
                              static_cast<int>(gi), static_cast<long long>(g.sms), static_cast<long long>(g.sms),
                              static_cast<long long>(r.ctas_per_sm), static_cast<long long>(r.cluster_size),
                              static_cast<long long>(g.clusters), static_cast<long long>(g.ctas),
                              static_cast<long long>(g.idle_sms));
    }
    tag_item("gpc_picture");
}

void figures_table(const ClusterResult& r, const Palette& pal) {
    if (!r.max_active_clusters) return;
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
    if (!ImGui::BeginTable("cluster_figures", 4, flags)) return;
    ImGui::TableSetupColumn("Figure", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Clusters");
    ImGui::TableSetupColumn("CTAs");
    ImGui::TableSetupColumn("Basis");
    ImGui::TableHeadersRow();
    for (const ClusterFigure& f : r.max_active_clusters->figures) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0.0f);  // the label wraps in its column: "low (fewest over every GPC layout)"
        ImGui::TextUnformatted(cluster_figure_label(f).c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
            ImGui::TextUnformatted((f.basis_text + (f.source.empty() ? "" : " Source: " + f.source + ".")).c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(grouped(f.clusters).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(grouped(f.ctas).c_str());
        ImGui::TableNextColumn();
        const std::string_view basis = cluster_basis_key(f.basis);
        ImGui::TextColored(f.basis == ClusterBasis::Exact ? ImGui::ColorConvertU32ToFloat4(pal.accent) : pal.text_dim,
                           "%.*s", static_cast<int>(basis.size()), basis.data());
    }
    ImGui::EndTable();
}

}  // namespace

// The Result card with a cluster on (issue 28): resident clusters GPU-wide are the headline, typical and the
// range over every GPC layout the sources allow, the CTAs per SM a cluster launch uses, and the cluster's limiter;
// the per-SM answer without the cluster follows in one line. The Clusters tab keeps the picture and the arithmetic.
void view_cluster_headline(App& a, const OccupancyResult& r, bool compact) {
    const ClusterResult& c = *a.model.cluster;
    const float gap = compact ? 16.0f : 40.0f;
    const auto& mac = c.max_active_clusters;
    const bool one = mac && mac->low && mac->high && *mac->low == *mac->high;  // every layout agrees: exact
    if (one) {
        big_number(a, grouped(*mac->low), "clusters (every layout)", nullptr);
    } else if (mac && mac->typical) {
        big_number(a, grouped(*mac->typical), "clusters (typical)", nullptr);
        ImGui::SameLine(0, gap);
        big_number(a, mac->low && mac->high ? grouped(*mac->low) + ".." + grouped(*mac->high) : "?", "every layout", nullptr);
    } else {
        big_number(a, mac ? grouped(mac->bound) : std::string("?"), mac ? "clusters at most" : "clusters", nullptr);
    }
    ImGui::SameLine(0, gap);
    big_number(a, std::to_string(c.cluster_ctas_per_sm),
               c.cluster_ctas_per_sm < r.blocks_per_sm ? "CTAs per SM (capped)" : "CTAs per SM", nullptr);
    ImGui::Spacing();
    view_tile_verdict(a);
    ImGui::TextUnformatted("Limited by");
    ImGui::SameLine();
    ImGui::TextColored(a.pal.text_limiting, "%s", std::string(cluster_limiter_label(c.limiter)).c_str());
    std::string why = c.limiter_reason;  // the core's clause, a sentence here
    if (!why.empty()) why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
    if (!why.empty() && why.back() != '.') why += '.';
    if (!mac)
        why += " The SM count is not known: no GPU-wide figure.";
    else if (!one && mac->typical)
        why += " Typical is an estimate (one die's GPC layout is not known); the range holds for every layout the "
               "sources allow; none beats " + grouped(mac->bound) + " (exact).";
    text_wrapped(why, &a.pal.text_dim);
    text_wrapped("Without the cluster: " + count_text(r.blocks_per_sm, "CTA", "CTAs") + " per SM, " +
                     format_percent(r.occupancy) + " occupancy, limited by " + limiting_text(r) + ". The Clusters tab has the "
                     "GPC picture and the arithmetic.",
                 &a.pal.text_dim);
}

void view_clusters(App& a) {
    const Model& m = a.model;
    if (m.cluster_error) {
        text_wrapped(m.cluster_error->message + ".", &a.pal.text_error);
        return;
    }
    if (!m.cluster) {
        text_dim(a.in.cluster_on ? "No cluster answer for these inputs." : "Turn on Cluster in the inputs (CC 9.0+).");
        return;
    }
    const ClusterResult& r = *m.cluster;
    const std::string head = "Cluster " + dims_text(r.dims) + " = " + count_text(r.cluster_size, "CTA", "CTAs") +
                             (r.needs_non_portable ? " (non-portable)" : " (portable)") + ", " +
                             count_text(r.ctas_per_sm, "CTA", "CTAs") + "/SM, distributed shared memory " +
                             format_bytes(r.dsmem_per_cluster) + " per cluster (exact).";
    text_wrapped(head);
    std::string line = cluster_answer_line(r);
    line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
    text_wrapped(line + ".");
    ImGui::Spacing();
    figures_table(r, a.pal);
    ImGui::Spacing();
    text_wrapped("Limited by " + std::string(cluster_limiter_label(r.limiter)) + ": " + r.limiter_reason,
                 r.limiter == ClusterLimiter::Gpc ? &a.pal.text_limiting : nullptr);
    if (r.waves && r.waves->waves_typical) {
        const ClusterWaves& w = *r.waves;
        std::string s = "Grid " + dims_text(w.grid) + " = " + grouped(w.grid_clusters) + " clusters: ";
        if (w.waves_high && *w.waves_low == *w.waves_high)
            s += count_text(*w.waves_low, "wave", "waves") + " for every GPC layout.";
        else
            s += std::to_string(*w.waves_low) + ".." + (w.waves_high ? std::to_string(*w.waves_high) : "unbounded") +
                 " waves (typical layout " +
                 std::to_string(*w.waves_typical) + ", an estimate).";
        text_wrapped(s);
    }
    if (!r.gpcs.empty()) {
        ImGui::Spacing();
        text_wrapped("The GPU, GPC by GPC (the typical layout, an estimate: real dies differ). Cells are SMs, stacked slots "
                     "its CTAs, one colour per cluster; empty slots no cluster can use.",
                     &a.pal.text_dim);
        gpc_picture(r, a.pal);
    }
    if (!m.cluster_steps.empty()) {
        // What `smcalc next --cluster` says: a smaller shape that keeps more CTAs resident, or that the GPC limits.
        ImGui::Spacing();
        text_dim("Next step for the cluster:");
        for (const ClusterStep& st : m.cluster_steps) {
            ImGui::Bullet();
            text_wrapped(st.text);
            if (st.key == "smaller_cluster") {
                ImGui::PushID(&st);
                if (ImGui::SmallButton(("Use " + dims_text(st.dims)).c_str())) a.in.cluster.dims = st.dims;
                tag_item(("Use##cluster_" + dims_text(st.dims)).c_str());
                ImGui::PopID();
            }
        }
    }
    ImGui::Spacing();
    if (ImGui::TreeNode("Arithmetic")) {
        for (const std::string& d : r.derivation) text_wrapped(d);
        for (const std::string& n : r.notes) text_wrapped("Note: " + n, &a.pal.text_dim);
        ImGui::TreePop();
    }
}

}  // namespace smcalc::web
