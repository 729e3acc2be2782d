// web/ui_model.hpp - what the views show, computed once per change of the inputs (never per frame).
//
// The model is the solver's answer for the current inputs plus the sweeps behind the graphs and the
// heatmap. Every number comes from smcalc_core (occupancy(), block_size(), report.hpp); this file only
// chooses which inputs to ask about.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/arch.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/solve.hpp"
#include "smcalc/unit_view.hpp"
#include "smcalc/tile.hpp"
#include "ui_state.hpp"

namespace smcalc::web {

// One line graph: occupancy against one input, the others held at their current values.
struct Curve {
    std::string title;               // "Occupancy vs threads per block"
    std::string x_label;             // "threads per block"
    bool x_bytes = false;            // x values are bytes (axis and tooltip formatting)
    std::vector<int64_t> x;          // ascending
    std::vector<float> occupancy;    // 0..1 per x
    std::vector<int64_t> blocks;     // CTAs per SM per x; -1 where the solver answered an error
    std::string block = "CTA";       // what `blocks` counts (singular) and where: "workgroup" per "CU" on AMD
    std::string per = "SM";
    int64_t current_x = 0;           // the current input (may lie outside x's range)
    float current_occupancy = 0;
};

// Occupancy over threads per block (columns, left to right) x registers per thread (rows, bottom to top).
struct Heatmap {
    int w = 0, h = 0;
    std::vector<int64_t> xs, ys;      // threads per column, registers per row
    std::vector<float> values;        // w*h occupancies, row-major, row 0 at the bottom
    std::vector<int64_t> blocks;      // w*h CTAs per SM
    std::string x_label = "threads per block", y_label = "registers per thread";  // axes (and the tooltip)
    std::string block = "CTA", per = "SM";
    int marker_x = -1, marker_y = -1; // cell nearest the current input, -1 when outside
};

struct Model {
    std::string key;                              // encode_hash() of the inputs this was computed for
    const GpuSpec* spec = nullptr;                // base GPU (nullptr: unknown name)
    Device device;                                // what the solver got
    const ArchRules* arch = nullptr;              // nullptr when the device is invalid
    std::optional<Error> device_error;            // validate_device() failure
    Mode mode = Mode::Kernel;
    std::optional<TileResult> tile;               // tile() in tile mode
    std::string tile_figures;                     // a tile answered by the JS API module: ApiTile::figures
    KernelInput kernel;                           // the launch the graphs sweep around: the kernel inputs, or
                                                  // in tile mode the launch tile() gives the solver
    std::optional<OccupancyResult> result;        // occupancy() at the current inputs (tile mode: tile->occ)
    std::optional<Error> error;                   // occupancy() or tile() error (or the device error)
    // Thread block cluster (Inputs::cluster_on): resident clusters GPU-wide (tile mode: TileResult::cluster). A
    // cluster the rules refuse (CC < 9.0, its size) is `cluster_error`; the per-SM answer stands without it.
    std::optional<ClusterResult> cluster;
    std::optional<Error> cluster_error;
    std::vector<ClusterStep> cluster_steps;       // cluster_next_steps(): smaller shapes that keep more CTAs, the GPC limit
    // An AMD Instinct GPU (Inputs::gpu names one): the AMD model's answers instead of the NVIDIA ones above
    // (spec, arch, result and tile stay empty; `error` holds an AMD error). smcalc/amd.hpp.
    const amd::GpuSpec* amd_gpu = nullptr;
    std::optional<amd::OccupancyResult> amd;      // kernel mode
    std::vector<amd::NextStep> amd_steps;         // kernel mode: amd::next_steps()
    std::optional<amd::TileResult> amd_tile;      // tile mode
    // The device figures' sources beside the GPU's name (AMD: the spec's and the rules'; NVIDIA: empty, the Why
    // view asks the JS API module for them).
    std::string sources;
    std::optional<BlockSizeResult> best;          // block_size(): the block size NVIDIA's API would pick
    Curve threads, regs, smem;                    // captions always; points once the sweeps are computed
    Heatmap heat;
    bool sweeps_pending = false;                  // compute_sweeps() has not filled the graphs and heatmap yet
    std::string no_graphs;                        // why there are no graphs although there is an answer
    std::string title;                            // "H100 SXM5" or "Custom device (from H100 SXM5)"
    std::string summary;                          // one sentence for screen readers
};

// The answer as the views draw it, whichever vendor's model gave it (issue 26): core's vendor-neutral view
// (smcalc/unit_view.hpp) of the model's answer; the Why and Budget views are one set of views over it.
UnitView answer_view(const Model& m);
std::optional<Headline> headline(const Model& m);  // none: an error, or a tile that does not fit

// The lines under the GPU picker, either vendor: the GPU's architecture and SM (CU) count, then its per-SM (per-CU)
// and per-block budgets and the product's note. No title: nothing to show (an invalid custom device).
struct DeviceLines {
    std::string title, per_sm, per_block;  // per_block: NVIDIA only
    std::string note;                      // the product's note (AMD)
};
DeviceLines device_lines(const Model& m);

// The core Request the page's inputs make for `op` (smcalc/solve.hpp): every answer the page shows comes from
// solve() on one of these, as the API's answers come from solve() on the JSON's (tests/browser compares both).
// The GPU's canonical name (or a custom device: no name, no GPC row, no peak figures), the kernel, the tile with its
// problem and cluster, the AMD kernel and tile when the GPU is an AMD one; for compare the slots' GPUs.
Request request_for(const Inputs& in, Op op);

// A tile with a CUTLASS schedule (TileInput::schedule): the page's core leaves the schedules out (page weight,
// web/CMakeLists.txt SMCALC_PAGE_NO_SCHEDULES), so the JS API module (smcalc-api.js, the full core) answers it as
// lines (page_tile_lines, web/page_tile.cpp) and the page reads them back (read_page_tile): the tile's readouts,
// roles, notes and verdict. The page's own solver then gives the occupancy derivation and the clusters from the
// tile's launch, as tile() does (tests/api-page.cpp checks that this model equals the full core's).
bool asks_api(const Inputs& in);  // tile mode, an NVIDIA GPU, a schedule or stages auto (also left out of the page)
struct ApiTile {
    std::string key;                      // encode_hash() of the inputs it answers
    bool pending = true;                  // asked, not answered yet
    std::optional<TileResult> tile;
    std::optional<Error> error;           // the tile's error (also: smcalc-api.js could not load)
    std::optional<Error> cluster_error;   // the cluster was refused; `tile` is the answer without it
    // The module's TileResult as the JSON API writes it (its member list, answer_schema.hpp): the members of a JSON
    // object, without the braces. The page state's tile figures (the page itself reads only what it draws).
    std::string figures;
};
// Lines: E/C (error, cluster error: id, field, message), T (the verdict's figures), P (tiles), R (a row), O (a
// role), N (a note), J (figures). Unreadable lines are skipped; no T line is an error.
ApiTile read_page_tile(std::string_view lines);
std::string page_tile_lines(const Inputs& in);  // web/page_tile.cpp: the API module and the native tests only

// The answer for `in`; with `sweeps` also the graphs and the heatmap (~1,500 solver calls), otherwise those
// are left for compute_sweeps() (sweeps_pending): the page's first frame shows the answer without waiting.
// `api` (a tile with a schedule, ApiTile): its tile is moved into the model (asks_api(in) and a matching key).
Model compute_model(const Inputs& in, bool sweeps = true, ApiTile* api = nullptr);
// Fills the graphs and the heatmap of a model computed without them (nothing if they are there already).
void compute_sweeps(Model& m);

// The tile's readouts as a Markdown table (for "Copy results").
std::string tile_markdown(const TileResult& t, const std::string& title);
// What "Copy results" copies: the tile's readouts and/or the SM budget table as Markdown; empty when the model
// has no answer. Built when the button is pressed, not on every recompute (a few thousand characters of text).
std::string model_markdown(const Model& m);

}  // namespace smcalc::web
