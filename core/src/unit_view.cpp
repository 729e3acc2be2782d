// core/src/unit_view.cpp - the vendor-neutral view of one SM's or CU's answer (smcalc/unit_view.hpp).
#include "smcalc/unit_view.hpp"

#include "answer_words.hpp"  // fixed1: waves per SIMD as the text answers write them
#include "smcalc/format.hpp"

namespace smcalc {

const UnitWords kNvidiaWords{"SM", "CTA", "CTAs", "", {"CTA per SM", "CTAs per SM"}};
const UnitWords kAmdWords{"CU", "workgroup", "workgroups", ". Rules from LLVM's AMDGPU target: docs/amd.md.",
                          {"workgroup per CU", "workgroups per CU"}};

namespace {

// The limiting resources' labels joined by " and " ("nothing" where none limits), either vendor's.
template <class List, class Label>
std::string limiter(const List& limiting, Label label) {
    std::string s;
    for (const auto l : limiting) s += (s.empty() ? "" : " and ") + std::string(label(l));
    return s.empty() ? "nothing" : s;
}

}  // namespace

std::string limiting_text(const OccupancyResult& r) { return limiter(r.limiting, resource_label); }

Headline headline(const amd::OccupancyResult& r) {
    Headline h;
    h.blocks = r.workgroups_per_cu;
    h.occupancy = r.occupancy;
    h.lanes = words::fixed1(r.waves_per_simd) + "/" + std::to_string(r.max_waves_per_simd);
    h.lanes_label = "waves per SIMD";
    h.limiter = limiter(r.limiting, amd::limit_label);
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
