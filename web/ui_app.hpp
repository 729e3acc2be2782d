// web/ui_app.hpp - the UI's one state object and the pieces ui.cpp lays out (ui_views.cpp, ui_plots.cpp).
//
// Internal to web/ui*.cpp. The platform never sees this: it talks to the UI through app.hpp only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app.hpp"
#include "imgui.h"
#include "ui_model.hpp"
#include "ui_state.hpp"

namespace smcalc::web {

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

    BytesEdit ss, ds, dm, eb, ov;  // kernel shared memory fields; tile epilogue bytes and other registers
    std::array<BytesEdit, kDeviceFieldCount> dev_bytes;
    char gpu_filter[64] = {};
    bool focus_filter = false;
    int embed_graph = 0;  // embed mode's graph tab: threads, registers, shared memory
    double copied_at = -100.0;
    std::string copied_what;
};

App& app();

// Recompute the model if the inputs changed since; push hash and announcement. Cheap when nothing changed.
void refresh(App& a);

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
void label_cell(const char* label, const char* help);  // a row of a two-column input table; then the widget
bool int_input(const char* id, int64_t& v, int64_t step, int64_t fast);  // tagged with `id`
void tag_item(const char* label);  // report the last item to window.smcalc.items() under `label`
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

// [Tile] ui_tile.cpp
void view_tile_inputs(App& a, bool compact);
void view_tile_budget(App& a);  // tabs: Tile, SM budget, Why (the kernel budget without a tile)
void view_tile_rows(App& a);
void view_tile_verdict(App& a);

// Formatting shared by views and plots (presentation only).
std::string group_digits(int64_t v);  // 65536 -> "65,536"
std::string axis_bytes(int64_t v);    // 49152 -> "48K"
void help_marker(const char* text);

}  // namespace smcalc::web
