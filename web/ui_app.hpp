// web/ui_app.hpp - the UI's one state object and the pieces ui.cpp lays out (ui_views.cpp, ui_plots.cpp).
//
// Internal to web/ui*.cpp. The platform never sees this: it talks to the UI through app.hpp only.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app.hpp"
#include "imgui.h"
#include "smcalc/guidance.hpp"
#include "smcalc/ptxas.hpp"
#include "ui_model.hpp"
#include "ui_state.hpp"
#include "ui_storage.hpp"

namespace smcalc::web {

class JsonOut;  // ui_json.hpp

// Colours that the ImGui style has no slot for. Filled from Host::dark.
struct Palette {
    bool dark = true;
    ImU32 accent;      // bars, curves
    ImU32 accent_fill; // area under curves
    ImU32 limiting;    // the resource that sets CTAs per SM
    ImU32 over;        // a budget past its limit
    ImU32 track;       // empty part of a bar
    ImU32 plot_bg;
    ImU32 grid;
    ImU32 axis_text;
    ImU32 marker;      // current point
    ImVec4 text_dim;
    ImVec4 text_limiting;
    ImVec4 text_error;
    ImVec4 notice_bg;
    ImVec4 card_bg;
};

// A text field holding a byte count while it is being typed ("24KB"); the value commits when it parses.
struct BytesEdit {
    char buf[40] = {};
    int64_t shown = INT64_MIN;  // the value `buf` was last filled from
    std::string error;          // parse error of the text being typed
    bool optional = false;      // empty text means "default" (-1)
};

// Guidance computed on demand (ui_guidance.cpp), each cached by the inputs it was computed for.
struct NextStepCache {
    std::string key;  // Model::key
    std::optional<NextStep> step;
    std::optional<Error> error;
    std::string lb_key;  // Model::key + target
    std::optional<LaunchBounds> lb;
    std::optional<Error> lb_error;
};

// One side-by-side table (kernel: smcalc::compare(); tile: tile() on each GPU), rows as the core gives them.
struct CompareTable {
    std::string key;
    std::vector<std::string> names;                  // column titles (canonical GPU names)
    std::vector<int> slots;                          // the picker slot of each column
    std::vector<CompareRow> rows;
    std::vector<std::optional<int64_t>> blocks;      // CTAs per SM per column (nullopt: error)
    std::vector<std::optional<double>> occupancy;
    std::vector<std::optional<int64_t>> resident;    // whole-GPU resident CTAs (nullopt: unknown / error)
    std::optional<Error> error;                      // for all columns (a bad kernel or tile)
    std::vector<std::string> notes;                  // across vendors: which fields each vendor read
};

struct PasteState {
    bool open = false;                      // the card's header is open
    int reveal = 0;                         // frames left to scroll the column to show the box and the list
    std::string text;                       // the multi-line box
    std::string parsed_text;                // the text `parsed` / `error` belong to (or are being read for)
    // The JS API module reads the text (op "parse": ptxas -v, cuobjdump -res-usage, AMD LLVM output), the same
    // reader as the CLI's and the API's; the page's own wasm has none. Its answer comes back a frame or more
    // later (the module loads on first use): `reading` is the number of the request still out (0: none).
    int reading = 0;
    int requests = 0;                       // requests sent so far (an answer for an older one is dropped)
    std::optional<ParsedOutput> parsed;     // NVIDIA kernels as NVIDIA rows; AMD ones with `amd` set
    std::vector<std::optional<amd::KernelInput>> amd;  // per row of parsed->kernels: the AMD kernel's inputs
    std::optional<Error> error;
    int picked = -1;                        // kernel index last filled in
    std::string filled;                     // "Filled in: ..." after a pick
};

struct FitsCache {
    bool open = false;
    int reveal = 0;
    std::string key;
    std::optional<TileSearchResult> result;
    std::optional<Error> error;
};

struct SavedUi {
    bool loaded = false;
    bool available = true;                  // localStorage usable (not in a sandboxed iframe, not disabled)
    SavedState state;
    std::vector<std::string> bad_keys;      // unreadable entries, left in storage
    int pending = 0;                        // reads asked of the JS API module (Host::saved_lines), not answered yet
    std::vector<std::string> import_files;  // files being imported, oldest first: the module answers in order
    char preset_name[kMaxSavedName + 1] = {};
    char gpu_name[kMaxSavedName + 1] = {};
    std::string message;                    // result of the last save / delete / import, shown in the card
    bool message_error = false;
    bool shown = false;                     // the Saved tab was drawn last frame
    int reveal = 0;                         // frames left to scroll the column to show the tab's content
};

struct App {
    Host host;
    Inputs in;
    Model model;
    std::vector<std::string> notices;  // from the URL hash; shown until dismissed or the inputs change
    std::string notice_key;            // encode_hash when the notices were made
    std::string hash_set;              // last hash written to (or read from) the address bar
    std::string announced;             // last summary given to the ARIA live region
    Palette pal;
    ImFont* big = nullptr;             // headline numbers (nullptr: window font scale instead)
    float big_scale = 1.0f;            // font scale to apply with `big` (or without it)

    BytesEdit eb, ov;  // tile epilogue bytes and other registers
    // The kernel card's byte fields as typed (shared memory; LDS, scratch), by row of the vendor's kernel table.
    // 12: more than either table has rows (8, 6); view_kernel_inputs draws no row past it.
    std::array<BytesEdit, 12> kernel_bytes, amd_bytes;
    std::array<BytesEdit, kDeviceFieldCount> dev_bytes;
    char gpu_filter[64] = {};
    bool focus_filter = false;
    int embed_graph = 0;  // embed mode's graph tab: threads, registers, shared memory
    double copied_at = -100.0;
    std::string copied_what;
    // Guidance, compare, compiler output, what fits, saved state (ui_guidance.cpp, ui_saved.cpp).
    NextStepCache next;
    int64_t lb_target = 0;  // launch-bounds target CTAs per SM; 0 = one more than now
    CompareTable cmp;
    PasteState paste;
    ApiTile api_tile;  // a tile with a CUTLASS schedule, as smcalc-api.js answered it (ui_model.hpp)
    int api_asked = 0;  // the last Host::tile_lines request's id
    FitsCache fits;
    SavedUi saved;
    // Text the UI had to cut (elided with "...", or clipped by its cell, tab or button) during the frame being
    // drawn, and during the last whole frame: window.smcalc.state().clipped, which the browser tests want empty.
    std::vector<std::string> clipped_now, clipped;
    // ?embed=1 options (ui_set_embed, from web/js/messages.js): see app.hpp.
    struct Embed {
        int flags = 0;
        std::string locked, tab, verdict;
        std::optional<std::string> heading;
        bool right = false;
        int height = 0;      // the height the layout needs (CSS px), this frame
        int reported[5] = {};  // last reported: height, prediction form x, y, w, h
        float inputs_h = 0;  // the inputs card's content height
        ImVec4 form;         // the prediction form's card this frame
    } em;
};

App& app();

// Recompute the model if the inputs changed since; push hash and announcement. Cheap when nothing changed.
// `defer_sweeps`: leave the graphs and the heatmap for ui_frame() to compute after the frame being drawn
// (the page's first frame).
void refresh(App& a, bool defer_sweeps = false);

// [Views] ui_views.cpp
void view_header(App& a, bool compact);
void view_notices(App& a);
void view_gpu_picker(App& a, float width);
void view_device_summary(App& a);
void view_custom_device(App& a);
void view_kernel_inputs(App& a, bool compact);
void view_presets(App& a, bool compact);
void view_headline(App& a, bool compact);
void view_budgets(App& a);
void view_why(App& a);
void view_share(App& a);

// Card: a bordered child region with a small caption. End with card_end().
bool card_begin(const char* id, const char* caption, ImVec2 size, bool scroll = false);
void card_end();

// [Plots] ui_plots.cpp
void plot_curve(const char* id, const Curve& c, ImVec2 size, const Palette& pal);
void plot_heatmap(const char* id, const Heatmap& h, ImVec2 size, const Palette& pal);

// Widgets shared by the views (ui_views.cpp).
enum class BarKind { Normal, Limiting, Over };
void text_dim(const char* s);
// Records that `label` did not fit where it was drawn (App::clipped). `need` and `room` in pixels: nothing when
// it fits.
void note_clipped(std::string_view label, float need, float room);
// Text wrapped at the window's edge, in `colour` (nullptr: the text colour).
void text_wrapped(const std::string& s, const ImVec4* colour = nullptr);
void text_lines(std::string_view s);  // wrapped at the right edge, never inside a number (web/wrap.hpp)
// A row of a two-column input table; then the widget. `key`: the row's hash key; a locked one (?lock=) is drawn
// disabled up to the next row or end_locked_row() (before EndTable).
void label_cell(const char* label, const char* help, const char* key = nullptr);
void end_locked_row();
bool locked(const char* key);
bool int_input(const char* id, int64_t& v, int64_t step, int64_t fast);  // tagged with `id`
// Three integer fields on one line ("M x N x K"), each reported to window.smcalc.items() under its tag.
void triple(const char* id, int64_t& x, int64_t& y, int64_t& z, const char* const (&tags)[3]);
// The cluster rows of the kernel and tile input tables: on/off (disabled below CC 9.0, saying so), the
// dimensions and the non-portable flag.
void cluster_inputs(App& a, bool compact);
void tag_item(const char* label);  // report the last item to window.smcalc.items() under `label`
// BeginTabItem, reported as `tag` (or its label); pad_x >= 0: the tab's horizontal padding (tab_padding_to_fit).
bool tab_item(const char* label, const char* tag = nullptr, float pad_x = -1.0f);
// The horizontal padding that puts tabs with these labels on one row of the available width: the style's, or
// less (down to a third of it) before the row has to scroll and shows a label cut by its arrows.
float tab_padding_to_fit(std::span<const char* const> labels);
// BeginTabBar (the row scrolls where even that padding is too wide: labels stay whole) with tabs of pad_x padding:
// ImGui 1.86 draws each tab's label with the padding its bar began with.
bool begin_tab_bar(const char* id, float pad_x);
// A tab bar `id` whose tabs each show one view, a little below the tabs; false if the bar is clipped away.
struct ViewTab {
    const char* label;
    void (*view)(App&);
};
bool view_tabs(App& a, const char* id, std::initializer_list<ViewTab> tabs);
// Scrolls the window around the current card so that min..max (screen coordinates) is in view.
void scroll_parent_to(const ImVec2& min, const ImVec2& max);
void pill(const char* text, ImU32 colour);             // a small filled tag after the previous item
// Name, right-aligned value and a bar of `fraction` (< 0: no bar); hovering shows `tooltip`.
void bar_row(const std::string& name, const std::string& value, double fraction, BarKind kind, const char* tag,
             const std::string& tooltip);
std::string capitalized(std::string s);
// A byte count typed as text ("24KB"); commits while typing whenever it parses, shows the error under it.
bool bytes_input(const char* id, const char* field, BytesEdit& e, int64_t& value, const char* hint);
// Toggle buttons that look like a segmented control; `enabled` (optional) per label.
bool segmented(const char* const* labels, int count, int& current, const bool* enabled = nullptr);
void apply_preset(App& a, const char* gpu, Mode mode, KernelInput k);
bool card_heights_changed();

// [Guidance] ui_guidance.cpp
void view_next_step(App& a);                  // suggestions with Apply, next level, launch bounds
void view_compare(App& a, float height);      // pickers and the side-by-side table
void view_compare_toggle(App& a);             // header button: one GPU | compare
void view_paste(App& a);                      // compiler output box, kernel list, fill-in
void view_fits(App& a);                       // tile view: what fits on this GPU (collapsible)
const CompareTable& compare_table(App& a);    // computed when the inputs changed
void guidance_state_json(App& a, JsonOut& j);  // "next_step", "compare", "paste", "fits" members of ui_state_json

// [Saved] ui_saved.cpp (localStorage, export / import through Host's storage and file services)
void saved_init(App& a);                      // reads localStorage once; notices for bad entries
void view_saved(App& a);                      // presets and GPUs: save, load, delete, export, import
void view_save_gpu(App& a);                   // in the custom-device editor: save this device
// Saved GPUs at the top of the GPU list (filtered by `needle_lower`, the picker's filter lower-cased without
// spaces); true if one was picked.
bool view_saved_gpus_in_picker(App& a, const std::string& needle_lower);
const SavedGpu* saved_gpu_matching(const App& a);  // the saved GPU the current device is, if any
void saved_state_json(App& a, JsonOut& j);

// Bars of a budget list (NVIDIA's per-SM budgets, the AMD model's per-CU ones) and of a tile's readouts.
void budget_bars(const std::vector<Budget>& budgets);
void tile_row_bars(const std::vector<TileRow>& rows);
void big_number(App& a, const std::string& value, const char* caption, const ImVec4* colour);  // headline figure

// [Clusters] ui_cluster.cpp
void view_cluster_headline(App& a, const OccupancyResult& r, bool compact);  // the Result card, cluster on
void view_clusters(App& a);  // resident clusters GPU-wide: labelled figures, per-GPC picture, arithmetic

// [Tile] ui_tile.cpp
void view_tile_inputs(App& a, bool compact);
void view_tile_budget(App& a);  // tabs: Tile, SM budget, Why (the kernel budget without a tile)
void view_tile_rows(App& a);
void view_tile_verdict(App& a);

// Formatting shared by views and plots (presentation only).
std::string axis_bytes(int64_t v);    // 49152 -> "48K"

}  // namespace smcalc::web
