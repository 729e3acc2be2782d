// smcalc/unit_view.hpp - one SM's (NVIDIA) or one CU's (AMD) occupancy answer in one vendor-neutral shape (issue 26):
// what a view shows whichever vendor's model gave the answer. The words differ through UnitWords (SM/CU,
// CTA/workgroup), the figures through the headline's fields, not through a copy of each view per vendor. The page
// draws its Result card, Budget and Why views from these (web/ui_model.cpp answer_view, headline).
// Standard library only; the pointers point into the result a view is made from (never kept past it).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc {

// The words of one vendor's answer (amd::Vocabulary has the rest: warp/wave, shared memory/LDS, ...).
struct UnitWords {
    const char* sm;      // "SM" / "CU": where blocks of threads are resident
    const char* block;   // "CTA" / "workgroup", and its plural
    const char* blocks;
    const char* rules;   // after the device figures' sources: where the rules come from ("" on NVIDIA)
    const char* per[2];  // the headline's caption: "CTA per SM", "CTAs per SM"
};
extern const UnitWords kNvidiaWords;
extern const UnitWords kAmdWords;

// The headline of a kernel's occupancy (or a fitting tile's), either vendor: blocks per SM / CU, the occupancy, the
// warps per SM (NVIDIA) or waves per SIMD (AMD) against their slots, what limits it and one line under it.
struct Headline {
    int64_t blocks = 0;
    double occupancy = 0;
    std::string lanes;                // "48/64" warps per SM, "2.5/8" waves per SIMD
    const char* lanes_label = "";
    std::string limiter;              // "registers and warp slots" ("nothing")
    std::string_view zero_note;       // blocks == 0: why (the answer's first note, or "No block fits ...")
    std::string footnote;             // NVIDIA: the CTAs of a full wave on the GPU; AMD: LLVM's own figure
    bool footnote_warns = false;      // LLVM's figure differs from the model's
};
Headline headline(const OccupancyResult& r, const Device& d);  // d: its SM count (the full wave)
Headline headline(const amd::OccupancyResult& r);

// The answer's parts the Budget and Why views show (nullptr: none).
struct UnitView {
    const UnitWords* words;
    std::string_view gpu;                                // the GPU's name ("": a custom device with no base)
    const std::vector<Budget>* budgets = nullptr;        // per-SM / per-CU budgets
    const std::vector<std::string>* derivation = nullptr;
    const std::vector<std::string>* notes = nullptr;
    const std::array<amd::LimitCount, 4>* limits = nullptr;  // what each resource alone allows (the AMD model's)
};

// "registers and warp slots": the resources that limit blocks per SM ("nothing" where none does).
std::string limiting_text(const OccupancyResult& r);

}  // namespace smcalc
