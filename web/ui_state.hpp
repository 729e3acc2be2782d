// web/ui_state.hpp - the calculator's inputs as the page holds them, and their URL-hash form.
//
// Everything a user can set lives in `Inputs`; the URL hash is its serialisation (short keys, values in
// plain integers, bytes in bytes). Decoding never fails: a bad value falls back to its default and adds a
// notice that the page shows. No domain math here: the device and the kernel are handed to smcalc_core.
//
// Hash keys (all optional; missing = default):
//   gpu   GPU name from the database (find_gpu rules: case, spaces, aliases)     default "H100 SXM5"
//   m     mode: "kernel" | "tile"                                                  default kernel
//   t r   threads per block, registers per thread                                  256, 32
//   ss ds static / dynamic shared memory per block, bytes (24KB etc. also read)    0, 0
//   oi    opt-in 0|1;  dm  max dynamic shared memory attribute, bytes ("" = CUDA's default)
//   co    carveout percent 0..100 ("" or "default" = driver default)
//   b     block barriers                                                           1
//   d.<k> custom-device override of one field (smcalc::fields::device_fields(), hash key "d.<hash>"); d.cc = CC "9.0"
// GEMM tile (smcalc::TileInput; defaults are the seed's CUTLASS tile 128x128x64, 3 stages, 8 warps):
//   tm tn tk  tile M, N, K          st  stages        w  warps per CTA
//   ta tb tc  A, B, accumulator types (dtype_key: bf16, f16, e4m3, ...)      mma  reg | tmem
//   ep  none | out | bytes (epilogue staging);  eo  output type;  eb  epilogue bytes;  er  reuse 0|1
//   ov  other registers per thread ("" = model default);  sb  auto | packed | padded;  ab  TMEM acc buffers
//   p   1 = problem size on;  pm pn pk  problem M, N, K
// AMD Instinct GPU (gpu=MI300X ...; kernel mode; smcalc::amd::KernelInput, threads = t above):
//   vg ag sg  VGPRs, AGPRs per lane, SGPRs per wave;  lds  LDS per workgroup, bytes;  scr  scratch per lane
//   (tile mode reads the tile keys above, warps per CTA as waves per workgroup, as the API's compare does)
// Thread block cluster (CC 9.0+; kernel and tile alike):
//   cl  cluster dimensions "4x2x1" or a size "8" (present = a cluster is set);  np  non-portable sizes 0|1
// Side by side (the same kernel or tile on up to four GPUs):
//   cmp 1 = the compare view;  cg  its GPUs, comma-separated database names, NVIDIA or AMD ("" for an empty slot),
//   written only where they differ from the defaults A100, H100 SXM5, B200, RTX 5090
// The active mode's inputs are always written; the other mode's only where they differ from the default.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/cluster.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::web {

// A step of a long function split out to be read on its own, and inlined at its one call again: the page's
// weight (250,000 B gzip, scripts/page-weight.sh) is what it was before the split (at -Oz LLVM keeps such a
// function out of line, which cost ~300 B).
#define SMCALC_STEP [[gnu::always_inline]] inline

enum class Mode { Kernel, Tile };

// A custom device's fields are smcalc::fields::device_fields() (hash key "d.<hash>"); Inputs::overrides has one
// slot per row of that table.
inline constexpr int kDeviceFieldCount = static_cast<int>(fields::kDeviceFieldCount);
inline constexpr int kCompareSlots = 4;
// The compare view's default GPUs (canonical database names, resolved from A100, H100, B200, RTX 5090).
std::array<std::string, kCompareSlots> default_compare_gpus();

struct Inputs {
    std::string gpu = "H100 SXM5";                                  // canonical database name
    std::optional<ComputeCapability> cc_override;                   // custom device: another CC
    std::array<std::optional<int64_t>, kDeviceFieldCount> overrides{};  // custom device fields
    Mode mode = Mode::Tile;
    KernelInput kernel = default_kernel();
    amd::KernelInput amd;                            // an AMD GPU's kernel; its threads are kernel.threads
    TileInput tile;                                  // its `problem` is unused: see problem / problem_on
    bool problem_on = false;
    ProblemSize problem{8192, 8192, 8192};
    bool cluster_on = false;                         // a thread block cluster (CC 9.0+)
    ClusterInput cluster;                            // dims and the non-portable flag (no grid on the page)
    bool compare = false;                                    // the side-by-side view
    std::array<std::string, kCompareSlots> compare_gpus = default_compare_gpus();  // "" = empty slot

    TileInput tile_input() const {                   // what smcalc::tile() gets
        TileInput t = tile;
        t.problem.reset();
        if (problem_on) t.problem = problem;
        t.cluster = cluster_input();
        return t;
    }
    std::optional<ClusterInput> cluster_input() const {  // what clusters() / tile() get
        if (!cluster_on) return std::nullopt;
        ClusterInput c = cluster;
        c.grid.reset();
        return c;
    }

    static KernelInput default_kernel() {
        KernelInput k;
        k.threads = 256;
        k.regs = 32;
        return k;
    }
    bool custom() const;  // any override set

    amd::KernelInput amd_input() const {             // what amd::occupancy() gets
        amd::KernelInput k = amd;
        k.threads = kernel.threads;
        return k;
    }
    amd::TileInput amd_tile_input() const;           // the tile inputs read by the AMD MFMA model
};

// The AMD GPU named by `in.gpu` (nullptr for an NVIDIA or unknown name). The page then shows the AMD model.
const amd::GpuSpec* amd_gpu(const Inputs& in);

// The base GPU named by `in.gpu` (nullptr if the database does not know it).
const GpuSpec* base_gpu(const Inputs& in);

// The device the solver gets: the base GPU's, with the overrides applied.
Device effective_device(const Inputs& in);

// Canonical hash, without '#'. Same inputs, same string (used as the recompute cache key too).
std::string encode_hash(const Inputs& in);

struct Decoded {
    Inputs inputs;
    std::vector<std::string> notices;  // one sentence per value that fell back to its default
};
// Reads a hash (with or without '#'). Unknown keys, repeated keys (the first wins), values out of range,
// garbage and overlong hashes give notices, never a failure.
Decoded decode_hash(std::string_view hash);

// The field tables' keys as the page's JS reads them (web/js/embed-page.js: a message's JSON keys to hash keys
// and a hash back to a JS API request): a JSON array of [table, JSON key, hash key, codec, CLI flags] per row
// with a hash key. table: k kernel, a AMD kernel, t tile, c cluster, d custom device (hash key "d.<hash>");
// codec: i integer, b bytes, o on/off (hash 1/0), w word, t element type.
std::string fields_json();

// The kernel card's input rows: one per row of the GPU's vendor's kernel table (fields::kernel_fields(), or
// amd_kernel_fields() on an AMD GPU), in table order, so a row added to a table is an input on the page with no
// other edit (tests/fields-dummy). The widget follows the row's codec: bytes, on/off, a number with a default
// (-1, a slider from "Default" up) or a plain number. What the page adds to the table's row (ui_state.cpp
// kLooks): a short label for the narrow layout, the tooltip, the widget's id (the browser tests find widgets by
// it), a byte field's placeholder and the +/- steps (a byte field's error names the table's label). A row with no look is drawn from the
// table alone: its label and help, id "##" + its hash key.
enum class Widget { Number, Bytes, Check, Slider };
struct InputRow {
    // C strings: the looks' texts, or the table's (string literals in core/src/fields.cpp, so NUL-terminated).
    const char *hash, *label, *compact, *tooltip, *what, *hint, *format;
    const char* id;                 // nullptr for a row with no look: the view makes "##" + hash
    Widget widget;
    int step, fast;
    int64_t hi;
    bool optional;                  // -1 is allowed and means the default (a byte field left empty)
    bool above_block_smem;          // a check box captioned "above <the device's per-block shared memory>"
};
// Row `i` of the vendor's kernel table (i < kernel_fields().size(), or amd_kernel_fields().size() with `amd`).
InputRow kernel_input_row(bool amd, std::size_t i);

// Bytes as people type them ("24KB", "24 KiB", "24576"): smcalc::parse_bytes, message on failure.
struct BytesParse {
    std::optional<int64_t> value;
    std::string error;
};
BytesParse parse_bytes_field(std::string_view field, std::string_view text);

// URL helpers. `page_url` is the location without hash, possibly with a query string.
std::string url_with_embed(std::string_view page_url, bool embed);  // adds or removes embed=1
std::string percent_encode(std::string_view s);
std::string percent_decode(std::string_view s, bool* ok = nullptr);

// JSON string literal (quotes included), for ui_state_json, saved entries and the item hooks.
std::string json_string(std::string_view s);
// Appends Unicode code point `cp` as UTF-8 (1 to 4 bytes): JSON \u escapes, pasted characters.
void append_utf8(std::string& out, uint32_t cp);

}  // namespace smcalc::web
