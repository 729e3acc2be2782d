// tests/bench/recompute.hpp - one full recompute as the page does it on an input change: the result
// (Detail::Full), the block-size suggestion, three graphs and the heatmap.
//
// Where web/ui_model.cpp is built in (SMCALC_BENCH_HAVE_UI_MODEL), this is the page's own
// smcalc::web::compute_model() on the page's default inputs (H100 SXM5, 256 threads, 32 registers). Without
// it, the same sweep written out here from ui_model.cpp's documented sizes: threads in warp steps (32
// points), registers 0..255 (256), dynamic shared memory in allocation-granularity steps (<= 257), and a
// 32 x 32 heatmap of threads x registers 8..255.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#ifdef SMCALC_BENCH_HAVE_UI_MODEL
#include "ui_model.hpp"
#include "ui_state.hpp"
#endif

namespace smcalc::bench {

class Recompute {
public:
#ifdef SMCALC_BENCH_HAVE_UI_MODEL
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

private:
    web::Inputs inputs_{};

public:
#else
    static const char* source() { return "tests/bench/recompute.hpp (web/ui_model.cpp absent)"; }
    double run() {
        const Device& dev = (*find_gpu("H100 SXM5"))->device;
        const ArchRules& a = **find_arch(dev.cc);
        KernelInput k;  // the page's defaults: 256 threads, 32 registers
        calls_ = 0;
        double s = 0;
        auto solve = [&](const KernelInput& kk) {
            ++calls_;
            auto r = occupancy(dev, kk, Detail::Numbers);
            return r ? r->occupancy : 0.0;
        };
        if (auto r = occupancy(dev, k, Detail::Full)) s += r->occupancy + static_cast<double>(r->derivation.size());
        ++calls_;
        if (auto b = block_size(dev, k)) s += static_cast<double>(b->block_size);
        ++calls_;
        std::vector<float> threads, regs, smem, heat;
        for (int64_t t = dev.warp_size; t <= dev.max_threads_per_block; t += dev.warp_size) {
            KernelInput kk = k;
            kk.threads = t;
            threads.push_back(static_cast<float>(solve(kk)));
        }
        for (int64_t r = 0; r <= a.max_regs_per_thread; ++r) {
            KernelInput kk = k;
            kk.regs = r;
            regs.push_back(static_cast<float>(solve(kk)));
        }
        const int64_t limit = std::max<int64_t>(0, dev.smem_per_block - k.smem_static);
        int64_t step = a.smem_alloc_granularity;
        if (limit / step > 256) step = ((limit / 256 + step - 1) / step) * step;
        for (int64_t b = 0; b <= limit; b += step) {
            KernelInput kk = k;
            kk.smem_dynamic = b;
            smem.push_back(static_cast<float>(solve(kk)));
        }
        for (int64_t r = 8; r < a.max_regs_per_thread + 8; r += 8)
            for (int64_t t = dev.warp_size; t <= dev.max_threads_per_block; t += dev.warp_size) {
                KernelInput kk = k;
                kk.threads = t;
                kk.regs = std::min<int64_t>(r, a.max_regs_per_thread);
                heat.push_back(static_cast<float>(solve(kk)));
            }
        for (float v : heat) s += v;
        return s + threads.back() + regs.back() + smem.back();
    }
#endif
    int64_t solver_calls() const { return calls_; }

private:
    int64_t calls_ = 0;
};

}  // namespace smcalc::bench
