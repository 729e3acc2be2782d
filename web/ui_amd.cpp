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
