// core/src/unit_view.cpp - the vendor-neutral view of one SM's or CU's answer (smcalc/unit_view.hpp).
#include "smcalc/unit_view.hpp"

#include <cstdio>

#include "smcalc/format.hpp"

namespace smcalc {

const UnitWords kNvidiaWords{"SM", "CTA", "CTAs", "", {"CTA per SM", "CTAs per SM"}};
const UnitWords kAmdWords{"CU", "workgroup", "workgroups", ". Rules from LLVM's AMDGPU target: docs/amd.md.",
                          {"workgroup per CU", "workgroups per CU"}};

namespace {

std::string waves_text(double w) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", w);
    return b;
}

}  // namespace

std::string limiting_text(const OccupancyResult& r) {
    std::string s;
    for (Resource res : r.limiting) {
        if (!s.empty()) s += " and ";
        s += resource_label(res);
    }
    return s.empty() ? "nothing" : s;
}

Headline headline(const amd::OccupancyResult& r) {
    Headline h;
    h.blocks = r.workgroups_per_cu;
    h.occupancy = r.occupancy;
    h.lanes = waves_text(r.waves_per_simd) + "/" + std::to_string(r.max_waves_per_simd);
    h.lanes_label = "waves per SIMD";
    for (amd::Limit l : r.limiting) h.limiter += (h.limiter.empty() ? "" : " and ") + std::string(amd::limit_label(l));
    if (h.limiter.empty()) h.limiter = "nothing";
    h.zero_note = r.notes.empty() ? std::string_view("No workgroup fits on a CU.") : std::string_view(r.notes.front());
    h.footnote_warns = static_cast<double>(r.compiler_waves_per_simd) != r.waves_per_simd;
    h.footnote = "LLVM's figure (\"Occupancy [waves/SIMD]\"): " + std::to_string(r.compiler_waves_per_simd) +
                 (h.footnote_warns ? " (differs: see Why)." : ", the same.");
    return h;
}

Headline headline(const OccupancyResult& r, const Device& d) {
    Headline h;
    h.blocks = r.blocks_per_sm;
    h.occupancy = r.occupancy;
    h.lanes = std::to_string(r.warps_per_sm) + "/" + std::to_string(r.max_warps_per_sm);
    h.lanes_label = "warps per SM";
    h.limiter = limiting_text(r);
    h.zero_note = r.notes.empty() ? std::string_view("No block fits on an SM.") : std::string_view(r.notes.front());
    if (d.sm_count > 0)
        h.footnote = "A full wave is " + count_text(r.blocks_per_sm * d.sm_count, "CTA", "CTAs") + " on " +
                     std::to_string(d.sm_count) + " SMs.";
    return h;
}

}  // namespace smcalc
