// tests/bench/recompute.hpp - one full recompute as the page does it on an input change: the result
// (Detail::Full), the block-size suggestion, three graphs and the heatmap.
//
// It is the page's own smcalc::web::compute_model() (web/ui_model.cpp, built into the bench) on the page's
// default inputs (H100 SXM5, 256 threads, 32 registers).
#pragma once

#include <cstdint>

#include "ui_model.hpp"
#include "ui_state.hpp"

namespace smcalc::bench {

class Recompute {
public:
    static const char* source() { return "web/ui_model.cpp compute_model()"; }
    // Returns a checksum so the work cannot be optimised away.
    double run() {
        const web::Model m = web::compute_model(inputs_);
        calls_ = 1 + (m.best ? 1 : 0) + static_cast<int64_t>(m.threads.x.size() + m.regs.x.size() + m.smem.x.size()) +
                 static_cast<int64_t>(m.heat.w) * m.heat.h;
        double s = m.result ? m.result->occupancy : 0;
        for (float v : m.heat.values) s += v;
        return s;
    }

    int64_t solver_calls() const { return calls_; }

private:
    web::Inputs inputs_{};
    int64_t calls_ = 0;
};

}  // namespace smcalc::bench
