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

    BytesEdit ss, ds, dm;
    std::array<BytesEdit, kDeviceFieldCount> dev_bytes;
    char gpu_filter[64] = {};
    bool focus_filter = false;
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

// Formatting shared by views and plots (presentation only).
std::string group_digits(int64_t v);  // 65536 -> "65,536"
std::string axis_bytes(int64_t v);    // 49152 -> "48K"
void help_marker(const char* text);

}  // namespace smcalc::web
