// tests/bench/bench_wasm.cpp - the wasm figures of issue 6, run under node (`node smcalc_bench_wasm.js`):
//
//   solver      occupancy_numbers(checked, in, out) over the same 100,000 inputs as the native benchmark
//   block_size  block_size() over the first 1,000 of them
//   clusters    one cluster answer per call (inputs.hpp's cluster_cases; where core has cluster.cpp)
//   recompute   one full recompute as the page does it on an input change (recompute.hpp: the page's own
//               compute_model() where web/ui_model.cpp exists)
//
// Google Benchmark does not build for wasm, so this times by hand: a warm-up, then `reps` repetitions, each
// the mean of a batch long enough (>= 20 ms) to swamp the clock's resolution. Each repetition is measured
// twice: wall time (steady_clock, process.hrtime under node) and the node process's CPU time
// (process.cpuUsage(), user + system), which on a busy shared machine is the steadier of the two, like
// Google Benchmark's CPU time natively. Prints one JSON object: per figure the repetitions in milliseconds.
#include <emscripten.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "inputs.hpp"
#include "recompute.hpp"
#include "smcalc/occupancy.hpp"

using namespace smcalc;

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of the node process in milliseconds (the wasm runs on its main thread).
EM_JS(double, cpu_ms, (), {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
});

struct Reps {
    std::vector<double> wall, cpu;  // ms per call
};

volatile double g_sink = 0;  // keeps every result alive

// Milliseconds per call of `f`, `reps` times: each repetition runs f in a batch of at least `min_ms`.
template <typename F>
Reps time_reps(int reps, double min_ms, F f) {
    // Warm-up: V8 first runs wasm from its baseline compiler and tiers hot functions up to TurboFan on
    // background threads, whose CPU time would count against the first repetitions.
    for (const auto w0 = Clock::now(); std::chrono::duration<double, std::milli>(Clock::now() - w0).count() < 300;)
        g_sink = g_sink + f();
    // Batch size.
    int batch = 1;
    for (;;) {
        const auto t0 = Clock::now();
        for (int i = 0; i < batch; ++i) g_sink = g_sink + f();
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        if (ms >= min_ms || batch >= (1 << 20)) break;
        batch *= 2;
    }
    Reps out;
    for (int r = 0; r < reps; ++r) {
        const double c0 = cpu_ms();
        const auto t0 = Clock::now();
        for (int i = 0; i < batch; ++i) g_sink = g_sink + f();
        const auto t1 = Clock::now();
        const double c1 = cpu_ms();
        out.wall.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count() / batch);
        out.cpu.push_back((c1 - c0) / batch);
    }
    return out;
}

std::string json_list(const std::vector<double>& v) {
    std::string s = "[";
    char buf[64];
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::snprintf(buf, sizeof buf, "%s%.6f", i ? ", " : "", v[i]);
        s += buf;
    }
    return s + "]";
}

}  // namespace

int main(int argc, char** argv) {
    const int reps = argc > 1 ? std::atoi(argv[1]) : 9;
    const std::vector<bench::Case> cases = bench::make_cases(bench::kSolverInputs);
    constexpr std::size_t kBlockSizeInputs = 1000;

    const auto solver = time_reps(reps, 20, [&] {
        int64_t sum = 0;
        OccupancyNumbers r;  // one result for all calls, as the native benchmark
        for (const auto& c : cases) {
            const auto e = occupancy_numbers(*c.checked, c.in, r);
            sum += e ? -1 : r.blocks_per_sm;
        }
        return static_cast<double>(sum);
    });
    const auto blocks = time_reps(reps, 20, [&] {
        int64_t sum = 0;
        for (std::size_t i = 0; i < kBlockSizeInputs; ++i) {
            auto r = block_size(*cases[i].checked, cases[i].in);
            sum += r ? r->block_size : -1;
        }
        return static_cast<double>(sum);
    });
    bench::Recompute rc;
    const auto recompute = time_reps(reps, 20, [&] { return rc.run(); });

    std::string clusters_json;  // issue 17: ms per cluster answer
    const auto ccases = bench::cluster_cases();
    const auto cl = time_reps(reps, 20, [&] { return static_cast<double>(bench::cluster_round(ccases)); });
    Reps per_call = cl;
    for (double& v : per_call.wall) v /= static_cast<double>(ccases.size());
    for (double& v : per_call.cpu) v /= static_cast<double>(ccases.size());
    clusters_json = ",\n \"clusters\": {\"wall_ms\": " + json_list(per_call.wall) + ", \"cpu_ms\": " + json_list(per_call.cpu) + "}";
    auto both = [](const Reps& r) { return "{\"wall_ms\": " + json_list(r.wall) + ", \"cpu_ms\": " + json_list(r.cpu) + "}"; };
    std::printf("{\"solver_inputs\": %zu, \"block_size_inputs\": %zu, \"recompute_source\": \"%s\", "
                "\"recompute_solver_calls\": %lld,\n \"solver\": %s,\n \"block_size\": %s,\n \"recompute\": %s%s}\n",
                cases.size(), kBlockSizeInputs, bench::Recompute::source(), static_cast<long long>(rc.solver_calls()),
                both(solver).c_str(), both(blocks).c_str(), both(recompute).c_str(), clusters_json.c_str());
    return 0;
}
