// web/ui_amd.cpp - the page on an AMD Instinct GPU (MI300X, MI325X, MI350X, MI355X): the same panels with the
// AMD vocabulary (CU, wave, workgroup, LDS, VGPRs) and the AMD model's budgets (smcalc/amd.hpp).
//
// Every number comes from smcalc::amd::occupancy(), next_steps() and tile(): the answers the CLI prints for
// `smcalc occupancy --gpu MI300X --threads 256 --vgprs 128 --lds 16KiB`. The inputs are the AMD kernel field
// table (smcalc::fields::amd_kernel_fields), the same rows as the CLI's flags and the JSON keys.
#include <cfloat>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "smcalc/fields.hpp"
#include "smcalc/format.hpp"
#include "ui_app.hpp"

namespace smcalc::web {
namespace {


std::string waves_text(double w) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", w);
    return b;
}

std::string limiting_text(const amd::OccupancyResult& r) {
    std::string s;
    for (amd::Limit l : r.limiting) s += (s.empty() ? "" : " and ") + std::string(amd::limit_label(l));
    return s.empty() ? "nothing" : s;
}

}  // namespace

void view_amd_device_summary(App& a) {
    const amd::GpuSpec& g = *a.model.amd_gpu;
    const amd::ArchRules& r = g.arch();
    ImGui::Spacing();
    const std::string line = "AMD \xC2\xB7 " + std::string(r.family) + " \xC2\xB7 " + std::string(r.gfx) + " \xC2\xB7 " +
                             std::to_string(g.cu_count) + " CUs";
    ImGui::TextUnformatted(line.c_str());
    text_wrapped("Per CU: " + std::to_string(r.simds_per_cu) + " SIMDs x " + std::to_string(r.max_waves_per_simd) +
                " waves of " + std::to_string(r.wave_size) + " lanes, " + std::to_string(r.vgprs_per_simd) +
                (r.unified_vgprs ? " VGPRs+AGPRs per lane per SIMD, " : " VGPRs and as many AGPRs per lane per SIMD, ") +
                format_bytes(r.lds_per_cu) + " LDS; " + g.dies_text() + " CUs.",
            &a.pal.text_dim);
    if (!g.note.empty()) text_wrapped(std::string(g.note), &a.pal.text_dim);
}

void view_amd_kernel_inputs(App& a, bool compact) {
    if (!ImGui::BeginTable("kin_amd", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, compact ? 1.2f : 1.45f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    // One row per field of the table; work-items per workgroup are the kernel's threads (one hash key "t").
    const auto table = fields::amd_kernel_fields();
    for (std::size_t row = 0; row < table.size() && row < a.amd_bytes.size(); ++row) {
        const auto& f = table[row];
        const std::string id = "##" + std::string(f.hash);
        const std::string help(f.help);
        label_cell(std::string(f.label).c_str(), help.c_str(), std::string(f.hash).c_str());
        if (f.key == "threads") {
            int_input(id.c_str(), a.in.kernel.threads, 64, 256);
        } else if (f.codec == fields::Codec::Bytes) {
            int64_t v = f.get(a.in.amd);
            if (bytes_input(id.c_str(), std::string(f.label).c_str(), a.amd_bytes[row], v, "e.g. 16KiB"))
                f.set(a.in.amd, v);
        } else {
            int64_t v = f.get(a.in.amd);
            if (int_input(id.c_str(), v, f.key == "sgprs" ? 16 : 8, 32)) f.set(a.in.amd, v);
        }
    }
    end_locked_row();
    ImGui::EndTable();
}

void view_amd_headline(App& a, bool compact) {
    const Model& m = a.model;
    if (m.amd_tile) {
        const amd::TileResult& t = *m.amd_tile;
        std::string why;
        if (!t.regs_fit)
            why = "its accumulators need " + std::to_string(t.vgprs) + " VGPRs and " + std::to_string(t.agprs) +
                  " AGPRs per lane (limit 256 each): the compiler would spill";
        else if (!t.lds_fits)
            why = "it needs " + format_bytes(t.lds_per_workgroup) + " of LDS per workgroup (limit " +
                  format_bytes(t.lds_limit) + ")";
        else if (t.workgroups_per_cu == 0)
            why = "no workgroup fits on a CU";
        if (!t.fits) {
            ImGui::TextColored(a.pal.text_error, "Does not fit");
            text_wrapped("The tile does not run: " + why + ".");
            return;
        }
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "Fits");
        ImGui::SameLine();
        text_wrapped(count_text(t.workgroups_per_cu, "workgroup", "workgroups") + " per CU, " + waves_text(t.waves_per_simd) +
                (t.waves_per_simd == 1.0 ? " wave" : " waves") + " per SIMD; " + std::to_string(t.acc_regs_per_lane) + " accumulator registers per lane, " +
                format_bytes(t.lds_per_workgroup) + " LDS per workgroup.");
        return;
    }
    if (!m.amd) {
        ImGui::TextColored(a.pal.text_error, "No answer for these inputs");
        if (m.error) text_wrapped(m.error->message);
        return;
    }
    const amd::OccupancyResult& r = *m.amd;
    const float col = compact ? 0.0f : 24.0f;
    const ImVec4* zero = r.workgroups_per_cu == 0 ? &a.pal.text_error : nullptr;
    big_number(a, std::to_string(r.workgroups_per_cu), r.workgroups_per_cu == 1 ? "workgroup per CU" : "workgroups per CU", zero);
    ImGui::SameLine(0, col + 16);
    big_number(a, waves_text(r.waves_per_simd) + "/" + std::to_string(r.max_waves_per_simd), "waves per SIMD", zero);
    ImGui::SameLine(0, col + 16);
    big_number(a, format_percent(r.occupancy), "occupancy", zero);
    ImGui::Spacing();
    ImGui::TextUnformatted("Limited by");
    ImGui::SameLine();
    ImGui::TextColored(a.pal.text_limiting, "%s", limiting_text(r).c_str());
    const bool same = static_cast<double>(r.compiler_waves_per_simd) == r.waves_per_simd;
    text_wrapped("LLVM's figure (\"Occupancy [waves/SIMD]\"): " + std::to_string(r.compiler_waves_per_simd) +
                (same ? ", the same." : " (differs: see Why)."),
            same ? &a.pal.text_dim : &a.pal.text_limiting);
}

void view_amd_next(App& a) {
    const Model& m = a.model;
    if (!m.amd) {
        text_wrapped(m.amd_tile ? "Next steps are for kernels; the tile's readouts show what limits it."
                           : "No suggestions: there is no answer for these inputs.",
                &a.pal.text_dim);
        return;
    }
    if (m.amd_steps.empty()) {
        text_wrapped("No single change fits another workgroup (or the kernel is at " +
                    std::to_string(m.amd->max_waves_per_simd) + " waves per SIMD already).",
                &a.pal.text_dim);
        return;
    }
    for (std::size_t i = 0; i < m.amd_steps.size(); ++i) {
        const amd::NextStep& s = m.amd_steps[i];
        ImGui::PushID(static_cast<int>(i));
        text_wrapped(s.text);
        if (!s.hint.empty()) text_wrapped(s.hint, &a.pal.text_dim);
        if (ImGui::SmallButton("Apply")) {
            if (s.field == "threads")
                a.in.kernel.threads = s.to;
            else if (const auto* f = fields::find(fields::amd_kernel_fields(), s.field))
                f->set(a.in.amd, s.to);
        }
        tag_item(("Apply##amd_" + s.field).c_str());
        ImGui::PopID();
        ImGui::Spacing();
    }
}

}  // namespace smcalc::web
