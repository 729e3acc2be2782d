// web/ui.cpp - the calculator's page: app.hpp's UI entry points, theme, fonts and the three layouts.
//
// [SECTION] State and refresh   - one App; the model is recomputed only when encode_hash(inputs) changes
// [SECTION] Theme and fonts     - light/dark palettes from Host::dark; a 2x font for the headline numbers
// [SECTION] Layouts             - wide (three columns), narrow (one column), embed (fits 640 x 480)
// [SECTION] Entry points        - ui_init, ui_on_hash_change, ui_frame, ui_state_json
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>

#include "app.hpp"
#include "fonts.hpp"
#include "imgui.h"
#include "smcalc/answer_schema.hpp"
#include "smcalc/report.hpp"
#include "ui_app.hpp"
#include "ui_json.hpp"

namespace smcalc::web {

// ---------------------------------------------------------------------------------------------------------
// [SECTION] State and refresh
// ---------------------------------------------------------------------------------------------------------

App& app() {
    static App instance;
    return instance;
}

namespace {
// The JS API module's answer to Host::tile_lines request `id`: the model is computed again with it.
void take_tile(int id, const std::string& lines) {
    App& a = app();
    if (id != a.api_asked) return;  // asked for inputs that have changed since
    std::string key = std::move(a.api_tile.key);
    a.api_tile = read_page_tile(lines);
    a.api_tile.key = std::move(key);
    a.model.key.clear();
}

// A tile with a CUTLASS schedule: its answer from smcalc-api.js, asked once per change of the inputs.
ApiTile* api_tile(App& a, const std::string& key) {
    if (!asks_api(a.in)) return nullptr;
    ApiTile& t = a.api_tile;
    if (t.key != key || (!t.pending && !t.tile && !t.error)) {  // new inputs, or its tile is in a model already
        a.api_tile = ApiTile{};
        a.api_tile.key = key;
        if (a.host.tile_lines)
            a.host.tile_lines(++a.api_asked, key, take_tile);
        else
            a.api_tile.pending = false;  // no module to ask: "no answer"
    }
    return &a.api_tile;
}
}  // namespace

void refresh(App& a, bool defer_sweeps) {
    const std::string key = encode_hash(a.in);
    if (key == a.model.key) return;
    a.model = compute_model(a.in, !defer_sweeps, api_tile(a, key));
    // Notices describe the link as it was opened; once the user changes something they are stale.
    if (!a.notice_key.empty() && a.notice_key != key) a.notices.clear();
    if (key != a.hash_set && a.host.set_url_hash) {
        a.host.set_url_hash(key);
        a.hash_set = key;
    }
    if (a.model.summary != a.announced && a.host.announce && !(a.em.flags & 1)) {  // predict first: not read out
        a.host.announce(a.model.summary);
        a.announced = a.model.summary;
    }
}

namespace {

void apply_hash(App& a, const std::string& hash) {
    Decoded d = decode_hash(hash);
    a.in = std::move(d.inputs);
    a.notices = std::move(d.notices);
    a.notice_key = encode_hash(a.in);
    a.hash_set = hash;  // what the address bar shows now; refresh() rewrites it in canonical form
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Theme and fonts
// ---------------------------------------------------------------------------------------------------------

ImVec4 rgb(int hex, float alpha = 1.0f) {
    return ImVec4(static_cast<float>((hex >> 16) & 0xff) / 255.0f, static_cast<float>((hex >> 8) & 0xff) / 255.0f,
                  static_cast<float>(hex & 0xff) / 255.0f, alpha);
}

// A colour in each scheme: 0xRRGGBB and alpha (1 = opaque) for the dark scheme, then for the light one.
// Each role's two colours sit on one row, so a role cannot be themed in one scheme and forgotten in the other.
struct Shade {
    int dark;
    float dark_alpha;
    int light;
    float light_alpha;
};
ImVec4 pick(const Shade& s, bool dark) { return dark ? rgb(s.dark, s.dark_alpha) : rgb(s.light, s.light_alpha); }

// ImGui's own colours. Dark: page 0x0f1115, cards 0x171a20, accent 0x4c9aff; light: page 0xeef0f3, cards white,
// accent 0x1f6feb (GitHub's blue).
struct StyleShade {
    ImGuiCol_ role;
    Shade shade;
};
const StyleShade style_shades[] = {
    {ImGuiCol_Text,                 {0xe6e8eb, 1.0f, 0x1b1f24, 1.0f}},
    {ImGuiCol_TextDisabled,         {0x8a919e, 1.0f, 0x6b7280, 1.0f}},
    {ImGuiCol_WindowBg,             {0x0f1115, 1.0f, 0xeef0f3, 1.0f}},
    {ImGuiCol_ChildBg,              {0x171a20, 1.0f, 0xffffff, 1.0f}},
    {ImGuiCol_PopupBg,              {0x1c2027, 1.0f, 0xffffff, 1.0f}},
    {ImGuiCol_Border,               {0x2a2f38, 1.0f, 0xd8dce2, 1.0f}},
    {ImGuiCol_BorderShadow,         {0x000000, 0.0f, 0x000000, 0.0f}},
    {ImGuiCol_FrameBg,              {0x22262e, 1.0f, 0xf4f5f7, 1.0f}},
    {ImGuiCol_FrameBgHovered,       {0x2a2f39, 1.0f, 0xe9ecf0, 1.0f}},
    {ImGuiCol_FrameBgActive,        {0x313745, 1.0f, 0xe1e6ee, 1.0f}},
    {ImGuiCol_TitleBg,              {0x0f1115, 1.0f, 0xeef0f3, 1.0f}},
    {ImGuiCol_TitleBgActive,        {0x0f1115, 1.0f, 0xeef0f3, 1.0f}},
    {ImGuiCol_TitleBgCollapsed,     {0x0f1115, 1.0f, 0xeef0f3, 1.0f}},
    {ImGuiCol_ScrollbarBg,          {0x000000, 0.0f, 0x000000, 0.0f}},
    {ImGuiCol_ScrollbarGrab,        {0x353b46, 1.0f, 0xc5cad3, 1.0f}},
    {ImGuiCol_ScrollbarGrabHovered, {0x424957, 1.0f, 0xb0b7c3, 1.0f}},
    {ImGuiCol_ScrollbarGrabActive,  {0x4d5565, 1.0f, 0x9aa3b2, 1.0f}},
    {ImGuiCol_CheckMark,            {0x4c9aff, 1.0f, 0x1f6feb, 1.0f}},
    {ImGuiCol_SliderGrab,           {0x4c9aff, 1.0f, 0x1f6feb, 1.0f}},
    {ImGuiCol_SliderGrabActive,     {0x6fb0ff, 1.0f, 0x1558c0, 1.0f}},
    {ImGuiCol_Button,               {0x262b34, 1.0f, 0xe9ecf0, 1.0f}},
    {ImGuiCol_ButtonHovered,        {0x303744, 1.0f, 0xdde2e9, 1.0f}},
    {ImGuiCol_ButtonActive,         {0x3a4252, 1.0f, 0xcfd6e0, 1.0f}},
    {ImGuiCol_Header,               {0x4c9aff, 0.22f, 0x1f6feb, 0.12f}},
    {ImGuiCol_HeaderHovered,        {0x4c9aff, 0.32f, 0x1f6feb, 0.20f}},
    {ImGuiCol_HeaderActive,         {0x4c9aff, 0.42f, 0x1f6feb, 0.28f}},
    {ImGuiCol_Separator,            {0x2a2f38, 1.0f, 0xd8dce2, 1.0f}},
    {ImGuiCol_Tab,                  {0x1c2027, 1.0f, 0xeceef2, 1.0f}},
    {ImGuiCol_TabHovered,           {0x2b3340, 1.0f, 0xdfe7f5, 1.0f}},
    {ImGuiCol_TabActive,            {0x25467a, 1.0f, 0xd3e2fb, 1.0f}},
    {ImGuiCol_TabUnfocused,         {0x1c2027, 1.0f, 0xeceef2, 1.0f}},
    {ImGuiCol_TabUnfocusedActive,   {0x25467a, 1.0f, 0xd3e2fb, 1.0f}},
    {ImGuiCol_TableHeaderBg,        {0x1f232a, 1.0f, 0xf1f3f6, 1.0f}},
    {ImGuiCol_TableBorderStrong,    {0x2a2f38, 1.0f, 0xd8dce2, 1.0f}},
    {ImGuiCol_TableBorderLight,     {0x22262e, 1.0f, 0xe6e9ee, 1.0f}},
    {ImGuiCol_TableRowBg,           {0x000000, 0.0f, 0x000000, 0.0f}},
    {ImGuiCol_TableRowBgAlt,        {0xffffff, 0.02f, 0x000000, 0.025f}},
    {ImGuiCol_TextSelectedBg,       {0x4c9aff, 0.35f, 0x1f6feb, 0.25f}},
    {ImGuiCol_NavHighlight,         {0x4c9aff, 1.0f, 0x1f6feb, 1.0f}},
    {ImGuiCol_ModalWindowDimBg,     {0x000000, 0.5f, 0x000000, 0.3f}},
    // The roles the page does not draw with (no menu bar, resize grip, ImGui plot, drag and drop or Ctrl+Tab
    // window list), at Dear ImGui 1.86's StyleColorsDark / StyleColorsLight values (0..1 x 255, rounded): every
    // role is themed here, in both schemes (a theme change at run time changes them all), and the page does not
    // link ImGui's StyleColorsLight (~350 B of page weight).
    {ImGuiCol_MenuBarBg,            {0x242424, 1.0f, 0xdbdbdb, 1.0f}},
    {ImGuiCol_SeparatorHovered,     {0x1a66bf, 0.78f, 0x2470cc, 0.78f}},
    {ImGuiCol_SeparatorActive,      {0x1a66bf, 1.0f, 0x2470cc, 1.0f}},
    {ImGuiCol_ResizeGrip,           {0x4296fa, 0.20f, 0x595959, 0.17f}},
    {ImGuiCol_ResizeGripHovered,    {0x4296fa, 0.67f, 0x4296fa, 0.67f}},
    {ImGuiCol_ResizeGripActive,     {0x4296fa, 0.95f, 0x4296fa, 0.95f}},
    {ImGuiCol_PlotLines,            {0x9c9c9c, 1.0f, 0x636363, 1.0f}},
    {ImGuiCol_PlotLinesHovered,     {0xff6e59, 1.0f, 0xff6e59, 1.0f}},
    {ImGuiCol_PlotHistogram,        {0xe6b300, 1.0f, 0xe6b300, 1.0f}},
    {ImGuiCol_PlotHistogramHovered, {0xff9900, 1.0f, 0xff7300, 1.0f}},
    {ImGuiCol_DragDropTarget,       {0xffff00, 0.90f, 0x4296fa, 0.95f}},
    {ImGuiCol_NavWindowingHighlight,{0xffffff, 0.70f, 0xb3b3b3, 0.70f}},
    {ImGuiCol_NavWindowingDimBg,    {0xcccccc, 0.20f, 0x333333, 0.20f}},
};
static_assert(sizeof(style_shades) / sizeof(style_shades[0]) == ImGuiCol_COUNT, "every ImGui colour role has a row");

// The page's own colours (Palette in ui_app.hpp): each is either a draw-list colour (ImU32: bars, plots) or a
// text or fill colour (ImVec4), so a row names one of the two members.
struct PaletteShade {
    ImU32 Palette::*draw;
    ImVec4 Palette::*text;
    Shade shade;
};
const PaletteShade palette_shades[] = {
    {&Palette::accent,        nullptr, {0x4c9aff, 1.0f, 0x1f6feb, 1.0f}},
    {&Palette::accent_fill,   nullptr, {0x4c9aff, 0.16f, 0x1f6feb, 0.12f}},
    {&Palette::limiting,      nullptr, {0xf5a524, 1.0f, 0xd97706, 1.0f}},
    {&Palette::over,          nullptr, {0xf0565b, 1.0f, 0xdc2626, 1.0f}},
    {&Palette::track,         nullptr, {0x272c35, 1.0f, 0xe6e9ee, 1.0f}},
    {&Palette::plot_bg,       nullptr, {0x13161b, 1.0f, 0xfafbfc, 1.0f}},
    {&Palette::grid,          nullptr, {0x2a2f38, 1.0f, 0xe3e6eb, 1.0f}},
    {&Palette::axis_text,     nullptr, {0x8a919e, 1.0f, 0x6b7280, 1.0f}},
    {&Palette::marker,        nullptr, {0xffffff, 1.0f, 0x111111, 1.0f}},
    {nullptr, &Palette::text_dim,      {0x8a919e, 1.0f, 0x6b7280, 1.0f}},
    {nullptr, &Palette::text_limiting, {0xf5b445, 1.0f, 0xb45309, 1.0f}},
    {nullptr, &Palette::text_error,    {0xff7b7f, 1.0f, 0xc81e1e, 1.0f}},
    {nullptr, &Palette::notice_bg,     {0x3a2e12, 1.0f, 0xfff4d6, 1.0f}},
    {nullptr, &Palette::card_bg,       {0x171a20, 1.0f, 0xffffff, 1.0f}},
};

// Widths, borders and corner radii in pixels at devicePixelRatio 1 (the platform scales fonts, not these).
const std::pair<float ImGuiStyle::*, float> style_sizes[] = {
    {&ImGuiStyle::IndentSpacing,      14},
    {&ImGuiStyle::ScrollbarSize,      11},
    {&ImGuiStyle::GrabMinSize,        10},
    {&ImGuiStyle::WindowBorderSize,   0},
    {&ImGuiStyle::ChildBorderSize,    1},
    {&ImGuiStyle::PopupBorderSize,    1},
    {&ImGuiStyle::WindowRounding,     0},
    {&ImGuiStyle::ChildRounding,      8},
    {&ImGuiStyle::FrameRounding,      5},
    {&ImGuiStyle::PopupRounding,      6},
    {&ImGuiStyle::ScrollbarRounding,  6},
    {&ImGuiStyle::GrabRounding,       4},
    {&ImGuiStyle::TabRounding,        5},
};

// Frames get a border only in the light scheme, where the fields would otherwise vanish into the white cards.
void apply_sizes(ImGuiStyle& s, bool dark) {
    s = ImGuiStyle();
    s.WindowPadding = ImVec2(16, 12);
    s.FramePadding = ImVec2(8, 5);
    s.ItemSpacing = ImVec2(8, 7);
    s.ItemInnerSpacing = ImVec2(6, 4);
    s.CellPadding = ImVec2(6, 3);
    for (const auto& [member, pixels] : style_sizes) s.*member = pixels;
    s.FrameBorderSize = dark ? 0.0f : 1.0f;
    s.WindowMenuButtonPosition = ImGuiDir_None;
}

void apply_theme(App& a) {
    const bool dark = a.host.dark;
    ImGuiStyle& s = ImGui::GetStyle();
    apply_sizes(s, dark);
    for (const StyleShade& c : style_shades) s.Colors[c.role] = pick(c.shade, dark);
    a.pal.dark = dark;
    for (const PaletteShade& c : palette_shades) {
        if (c.draw) a.pal.*c.draw = ImGui::ColorConvertFloat4ToU32(pick(c.shade, dark));
        else a.pal.*c.text = pick(c.shade, dark);
    }
}

// The platform rasterises the body font at devicePixelRatio. If it left room (atlas not built yet), add
// the same typeface at twice the size for the headline numbers; otherwise scale the body font.
void setup_fonts(App& a) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontAtlas* atlas = io.Fonts;
    const float dpr = std::max(1.0f, a.host.device_pixel_ratio);
    if (atlas->Fonts.Size >= 2) {
        a.big = atlas->Fonts[1];
        a.big_scale = 1.0f;
        return;
    }
    if (!atlas->IsBuilt()) {
        if (atlas->Fonts.Size == 0) {
            add_ui_font(atlas, FontRole::Body, kBodyFontPx, dpr);
            io.FontGlobalScale = 1.0f / dpr;
        }
        a.big = add_ui_font(atlas, FontRole::Headline, kHeadlineFontPx, dpr);
        a.big_scale = 1.0f;
        return;
    }
    a.big = nullptr;
    a.big_scale = 2.0f;
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Layouts
// ---------------------------------------------------------------------------------------------------------

// The budget card's caption: none over the tile's tabs; the processor in the GPU vendor's word.
const char* budget_caption(const App& a) {
    if (a.model.tile) return nullptr;
    if (a.model.amd_gpu) return a.model.amd_tile ? "The tile on one CU" : "Budget of one CU";
    return "Budget of one SM";
}

void graphs_grid(App& a, float width, float height, int columns) {
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const int rows = (4 + columns - 1) / columns;
    const float cw = std::floor((width - gap * static_cast<float>(columns - 1)) / static_cast<float>(columns));
    const float ch = std::floor((height - ImGui::GetStyle().ItemSpacing.y * static_cast<float>(rows - 1)) /
                                static_cast<float>(rows));
    const Curve* curves[3] = {&a.model.threads, &a.model.regs, &a.model.smem};
    for (int i = 0; i < 4; ++i) {
        if (i % columns != 0) ImGui::SameLine(0, gap);
        const char* ids[4] = {"g_threads", "g_regs", "g_smem", "g_heat"};
        static const char* fallback[3] = {"Occupancy vs threads per block", "Occupancy vs registers per thread",
                                          "Occupancy vs shared memory per block"};
        const std::string heat_caption = "Occupancy: " + a.model.heat.x_label + " x " + a.model.heat.y_label;
        const char* caption = i == 3 ? heat_caption.c_str()
                              : curves[i]->title.empty() ? fallback[i]
                                                         : curves[i]->title.c_str();
        if (card_begin(ids[i], caption, ImVec2(cw, ch))) {
            const ImVec2 avail = ImGui::GetContentRegionAvail();
            if (a.model.sweeps_pending)
                ImGui::Dummy(avail);  // the next frame draws the graph
            else if (!a.model.no_graphs.empty())
                text_dim(a.model.no_graphs.c_str());
            else if ((a.model.arch == nullptr && !a.model.amd_gpu) || (i < 3 && curves[i]->x.empty()) ||
                     (i == 3 && a.model.heat.w == 0))
                text_dim(a.model.arch || a.model.amd_gpu ? "No graph: no answer for these inputs."
                                                         : "No graph: the device is not valid.");
            else if (i < 3)
                plot_curve(ids[i], *curves[i], avail, a.pal);
            else
                plot_heatmap(ids[i], a.model.heat, avail, a.pal);
        }
        card_end();
    }
}

void left_column(App& a, bool compact) {
    if (card_begin("c_gpu", "GPU", ImVec2(-1, 0))) {
        view_gpu_picker(a, -1);
        view_device_summary(a);
        view_custom_device(a);
    }
    card_end();
    if (card_begin("c_inputs", a.in.mode == Mode::Tile ? "GEMM tile" : "Kernel", ImVec2(-1, 0))) {
        if (a.in.mode == Mode::Tile)
            view_tile_inputs(a, compact);
        else
            view_kernel_inputs(a, compact);
    }
    card_end();
    if (a.in.mode == Mode::Kernel) {
        // Compiler output of either vendor (the JS API module reads it); "what fits" is NVIDIA's tile search.
        if (card_begin("c_paste", nullptr, ImVec2(-1, 0))) view_paste(a);
        card_end();
    } else if (!a.model.amd_gpu) {
        if (card_begin("c_fits", nullptr, ImVec2(-1, 0))) view_fits(a);
        card_end();
    }
    if (card_begin("c_presets", nullptr, ImVec2(-1, 0)) && ImGui::BeginTabBar("preset_tabs")) {
        if (tab_item("Worked examples")) {
            ImGui::Spacing();
            view_presets(a, compact);
            ImGui::EndTabItem();
        }
        const std::string saved = "Saved (" + std::to_string(a.saved.state.presets.size() + a.saved.state.gpus.size()) +
                                  ")###saved";
        const bool was_shown = a.saved.shown;
        a.saved.shown = tab_item(saved.c_str(), "Saved");
        if (a.saved.shown) {
            if (!was_shown) a.saved.reveal = 4;  // just opened: bring it into view (the column may scroll)
            ImGui::Spacing();
            view_saved(a);
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    card_end();
}

// Kernel view: what to change next and the derivation, as tabs of one card.
void next_and_why(App& a) {
    if (a.in.cluster_on)
        view_tabs(a, "next_why", {{"Next step", view_next_step}, {"Why: the derivation", view_why}, {"Clusters", view_clusters}});
    else
        view_tabs(a, "next_why", {{"Next step", view_next_step}, {"Why: the derivation", view_why}});
}

// The side-by-side view in one card of the given size (height 0: as tall as its table).
void compare_card(App& a, ImVec2 size) {
    const char* caption = a.in.mode == Mode::Tile ? "Side by side: the same tile on up to four GPUs"
                                                  : "Side by side: the same kernel on up to four GPUs";
    if (card_begin("c_compare", caption, size)) view_compare(a, size.y);
    card_end();
}

void layout_wide(App& a, float width) {
    view_header(a, false);
    view_notices(a);
    const ImGuiStyle& s = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float gap = s.ItemSpacing.x + 4;
    const float left = std::clamp(width * 0.25f, 300.0f, 360.0f);
    const float mid = std::clamp(width * 0.33f, 380.0f, 520.0f);
    const float right = avail.x - left - mid - 2 * gap;

    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("col_left", ImVec2(left, avail.y), false, ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar();
    left_column(a, false);
    ImGui::EndChild();

    ImGui::SameLine(0, gap);
    if (a.in.compare) {
        compare_card(a, ImVec2(avail.x - left - gap, avail.y));
        return;
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("col_mid", ImVec2(mid, avail.y), false, ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar();
    if (card_begin("c_headline", "Result", ImVec2(-1, 0))) view_headline(a, false);
    card_end();
    if (a.model.tile) {
        // Tile, SM budget and Why share one tabbed card that scrolls.
        const float rest = std::max(200.0f, ImGui::GetContentRegionAvail().y);
        if (card_begin("c_budgets_tile", nullptr, ImVec2(-1, rest), true)) view_tile_budget(a);
        card_end();
    } else {
        if (card_begin("c_budgets", budget_caption(a), ImVec2(-1, 0))) view_budgets(a);
        card_end();
        const float rest = std::max(140.0f, ImGui::GetContentRegionAvail().y);
        if (card_begin("c_why", nullptr, ImVec2(-1, rest), true)) next_and_why(a);
        card_end();
    }
    ImGui::EndChild();

    ImGui::SameLine(0, gap);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("col_right", ImVec2(right, avail.y), false, ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar();
    const int columns = right > 760 ? 2 : 1;
    graphs_grid(a, right, std::max(columns == 2 ? 420.0f : 560.0f, avail.y), columns);
    ImGui::EndChild();
}

// Results in one scrolling column: headline, budget, graphs, derivation.
void results_column(App& a, float graphs_height, int graph_columns) {
    if (a.in.compare) {
        compare_card(a, ImVec2(-1, std::max(420.0f, ImGui::GetContentRegionAvail().y)));
        return;
    }
    if (card_begin("c_headline", "Result", ImVec2(-1, 0))) view_headline(a, false);
    card_end();
    if (card_begin("c_budgets", budget_caption(a), ImVec2(-1, 0))) view_tile_budget(a);
    card_end();
    graphs_grid(a, ImGui::GetContentRegionAvail().x, graphs_height, graph_columns);
    if (!a.model.tile) {
        if (card_begin("c_why", nullptr, ImVec2(-1, 0))) next_and_why(a);
        card_end();
    }
}

// Tablets (two columns, both scrolling) and phones (one column).
void layout_narrow(App& a, float width) {
    view_header(a, true);
    view_notices(a);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    if (width >= 760.0f) {
        const float left = 330.0f, gap = ImGui::GetStyle().ItemSpacing.x + 4;
        ImGui::BeginChild("col_left", ImVec2(left, avail.y), false, ImGuiWindowFlags_NoBackground);
        ImGui::PopStyleVar();
        left_column(a, false);
        ImGui::EndChild();
        ImGui::SameLine(0, gap);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
        ImGui::BeginChild("col_right", ImVec2(avail.x - left - gap, avail.y), false, ImGuiWindowFlags_NoBackground);
        ImGui::PopStyleVar();
        results_column(a, 4 * 190.0f, 1);
        ImGui::EndChild();
        return;
    }
    ImGui::BeginChild("col_all", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
    ImGui::PopStyleVar();
    if (a.in.compare) {
        left_column(a, true);
        compare_card(a, ImVec2(-1, 480.0f));
        ImGui::EndChild();
        return;
    }
    if (card_begin("c_headline", "Result", ImVec2(-1, 0))) view_headline(a, true);
    card_end();
    left_column(a, true);
    if (card_begin("c_budgets", budget_caption(a), ImVec2(-1, 0))) view_tile_budget(a);
    card_end();
    graphs_grid(a, ImGui::GetContentRegionAvail().x, 4 * 190.0f, 1);
    if (!a.model.tile) {
        if (card_begin("c_why", nullptr, ImVec2(-1, 0))) next_and_why(a);
        card_end();
    }
    ImGui::EndChild();
}

// The embed's inputs (kernel or tile) and the lesson's examples, in a card of height `h` (0: as tall as its
// content).
void embed_inputs(App& a, float h) {
    if (card_begin("c_inputs", nullptr, ImVec2(-1, h), h > 0)) {
        if (a.in.mode == Mode::Tile)
            view_tile_inputs(a, true);
        else
            view_kernel_inputs(a, true);
        // Presets would change locked inputs: none then. The heading is the author's (?examples=; "" none).
        if (a.em.locked.empty()) {
            ImGui::Spacing();
            const std::string& heading = a.em.heading ? *a.em.heading : "Examples from the lesson";
            if (!heading.empty()) text_dim(heading.c_str());
            view_presets(a, true);
        }
        a.em.inputs_h = ImGui::GetCursorPosY();
    }
    card_end();
}

// The embed's detail: one tab each (the tab row scrolls when narrow: labels are never cut).
void embed_more(App& a, float h) {
    if (!card_begin("c_more", nullptr, ImVec2(-1, h))) return card_end();
    // The tabs below, in their order.
    const char* labels[7];
    std::size_t n = 0;
    if (a.model.tile) labels[n++] = "Tile";
    labels[n++] = a.model.tile ? "SM" : "Budget";
    if (a.in.cluster_on) labels[n++] = "Clusters";
    for (const char* l : {"Graphs", "Heatmap", "Next", "Why"}) labels[n++] = l;
    const float pad = tab_padding_to_fit({labels, n});
    auto tab_item = [pad](const char* label) { return web::tab_item(label, nullptr, pad); };
    if (begin_tab_bar("more", pad)) {
        auto scrolled = [](const char* id, auto&& body) {
            ImGui::BeginChild(id, ImVec2(0, 0));
            body();
            ImGui::EndChild();
        };
        if (a.model.tile && tab_item("Tile")) {
            scrolled("tile_rows", [&] { view_tile_rows(a); });
            ImGui::EndTabItem();
        }
        if (tab_item(a.model.tile ? "SM" : "Budget")) {
            scrolled("budgets", [&] { view_budgets(a); });
            ImGui::EndTabItem();
        }
        if (a.in.cluster_on && tab_item("Clusters")) {
            scrolled("clusters", [&] { view_clusters(a); });
            ImGui::EndTabItem();
        }
        if (tab_item("Graphs")) {
            static const char* names[] = {"Threads", "Registers", "Shared mem"};
            segmented(names, 3, a.embed_graph);
            const Curve* curves[3] = {&a.model.threads, &a.model.regs, &a.model.smem};
            const ImVec2 size = ImGui::GetContentRegionAvail();
            if (!a.model.no_graphs.empty()) text_dim(a.model.no_graphs.c_str());
            else if (a.model.arch || a.model.amd_gpu) plot_curve("embed_curve", *curves[a.embed_graph], ImVec2(size.x, size.y - 2), a.pal);
            ImGui::EndTabItem();
        }
        if (tab_item("Heatmap")) {
            const ImVec2 size = ImGui::GetContentRegionAvail();
            if (!a.model.no_graphs.empty()) text_dim(a.model.no_graphs.c_str());
            else if (a.model.arch || a.model.amd_gpu) plot_heatmap("embed_heat", a.model.heat, ImVec2(size.x, size.y - 2), a.pal);
            ImGui::EndTabItem();
        }
        if (tab_item("Next")) {
            scrolled("next", [&] { view_next_step(a); });
            ImGui::EndTabItem();
        }
        if (tab_item("Why")) {
            scrolled("why", [&] { view_why(a); });
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
        a.em.tab.clear();
    }
    card_end();
}

// Predict first: the answer's place is an empty card, which the page's prediction form covers
// (web/js/messages.js); after the prediction, its mark over the answer.
bool embed_answer(App& a, float h) {
    if (a.em.flags & 1) {
        if (card_begin("c_quiz", nullptr, ImVec2(-1, h))) a.em.form = ImVec4(ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x, ImGui::GetWindowSize().y);
        card_end();
        return false;
    }
    if (card_begin("c_headline", nullptr, ImVec2(-1, 0))) {
        if (!a.em.verdict.empty()) text_wrapped(a.em.verdict, a.em.right ? nullptr : &a.pal.text_error);
        view_headline(a, true);
    }
    card_end();
    return !(a.em.flags & 2);  // compact: no detail tabs
}

// An iframe: 640 x 480 shows inputs on the left (scrolling) and the result on the right with one tab of detail;
// narrower than kEmbedOneColumn, one scrolling column: result, inputs, detail.
constexpr float kEmbedOneColumn = 560.0f;

void layout_embed(App& a) {
    view_header(a, true);
    view_notices(a);
    const ImGuiStyle& s = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float top = ImGui::GetCursorPosY(), kCardPad = 12;
    const float gap = s.ItemSpacing.x;
    const float left = std::floor(std::clamp(avail.x * 0.44f, 240.0f, 330.0f));
    const ImGuiWindowFlags col = ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar;
    if (a.in.compare) {  // a course page's link asked for the comparison: the table gets the whole width
        a.em.height = 480;
        compare_card(a, ImVec2(-1, avail.y));
        return;
    }
    if (avail.x < kEmbedOneColumn) {
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
        ImGui::BeginChild("col_all", ImVec2(0, 0), false, ImGuiWindowFlags_NoBackground);
        ImGui::PopStyleVar();
        const bool more = embed_answer(a, 150);
        embed_inputs(a, 0);
        // The height it needs: the detail tabs at their least (never what this frame's height gave them).
        a.em.height = static_cast<int>(top + ImGui::GetCursorPosY() + (more ? 320 : 0) + s.WindowPadding.y);
        if (more) embed_more(a, std::max(320.0f, avail.y * 0.8f));
        ImGui::EndChild();
        return;
    }

    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("col_in", ImVec2(left, avail.y), false, col);
    ImGui::PopStyleVar();
    embed_inputs(a, avail.y);
    ImGui::EndChild();

    ImGui::SameLine(0, gap);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild("col_out", ImVec2(avail.x - left - gap, avail.y), false, col);
    ImGui::PopStyleVar();
    const bool more = embed_answer(a, avail.y);
    a.em.height = static_cast<int>(top + std::max(a.em.inputs_h + kCardPad, (a.em.flags & 1 ? 180 : ImGui::GetCursorPosY()) + (more ? 230 : 0)) +
                                      s.WindowPadding.y);
    if (more) embed_more(a, std::max(160.0f, ImGui::GetContentRegionAvail().y));
    ImGui::EndChild();
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Entry points
// ---------------------------------------------------------------------------------------------------------

void ui_init(const Host& host, const std::string& url_hash) {
    App& a = app();
    a.host = host;
    a.em.flags = host.quiz ? 1 : 0;  // hidden from the first frame, before the options script loads
    apply_theme(a);
    setup_fonts(a);
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the browser's storage
    apply_hash(a, url_hash);
    saved_init(a);  // after the link's notices: unreadable saved entries add theirs
    // The first frame shows the answer and the graphs' empty cards; the sweeps behind the graphs and the
    // heatmap (~1,500 solver calls, before the wasm is optimised) follow in the second frame.
    refresh(a, true);
}

void ui_set_embed(int flags, const char* locked, const char* tab, const char* heading, const char* verdict, bool right) {
    App& a = app();
    App::Embed& e = a.em;
    if ((flags & 4) && a.host.dark != ((flags & 8) != 0)) {  // the embed's theme (messages.js), also after the start
        a.host.dark = flags & 8;
        apply_theme(a);
    }
    e.flags = flags;
    e.locked = locked;
    e.tab = tab;
    e.heading.reset();
    if (heading) e.heading = heading;
    e.verdict = verdict;
    e.right = right;
    if (!(flags & 1)) e.form = ImVec4();
    e.reported[0] = -1;  // report the layout again: the script that reads it may have just loaded
}

void ui_on_hash_change(const std::string& url_hash) {
    App& a = app();
    std::string h = url_hash;
    if (!h.empty() && h.front() == '#') h.erase(0, 1);
    if (h == a.hash_set) return;  // our own replaceState echoing back
    apply_hash(a, h);
    refresh(a);
}

UiNext ui_frame(float width, float height) {
    App& a = app();
    refresh(a);
    static bool first = true;
    if (!first) compute_sweeps(a.model);  // left out of the first frame by ui_init()
    first = false;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("smcalc", nullptr, flags);
    a.clipped_now.clear();
    if (a.host.embed)
        layout_embed(a);
    else if (width < 1000.0f)
        layout_narrow(a, width);
    else
        layout_wide(a, width);
    ImGui::End();
    a.clipped = a.clipped_now;
    if (a.host.embed && a.host.embed_layout) {  // the height it needs and the form's place, when they change
        App::Embed& e = a.em;
        const int now[5] = {e.height, int(e.form.x), int(e.form.y), int(e.form.z), int(e.form.w)};
        if (!std::equal(now, now + 5, e.reported)) {
            std::copy(now, now + 5, e.reported);
            a.host.embed_layout(now[0], now[1], now[2], now[3], now[4]);
        }
    }
    refresh(a);  // an input changed during this frame: recompute now, draw it next frame
    const bool feedback = ImGui::GetTime() - a.copied_at < 2.0;
    // ImGui sizes scrollbars and auto-height cards from the previous frame: after a resize, one more.
    static ImVec2 last_size;
    const bool resized = last_size.x != width || last_size.y != height;
    last_size = ImVec2(width, height);
    // A card that just grew is scrolled into view over a few frames (views scroll while their count is > 0).
    const bool revealing = a.saved.reveal > 0 || a.paste.reveal > 0 || a.fits.reveal > 0;
    for (int* r : {&a.saved.reveal, &a.paste.reveal, &a.fits.reveal}) *r = std::max(0, *r - 1);
    if (card_heights_changed() || resized || revealing || a.model.sweeps_pending || encode_hash(a.in) != a.model.key)
        return UiNext::Relayout;
    return feedback ? UiNext::NextFrame : UiNext::Idle;
}

namespace {

// The page state's answer parts, each written from the JSON API's member lists (smcalc/answer_schema.hpp, as the API
// writes its answers; tests/browser compare them with the API's): the input as the answers echo it under "input",
// then the figures' members.

// The AMD model's answer: the kernel's figures and next steps, and the tile's figures.
SMCALC_STEP void amd_state_json(const App& a, JsonOut& j) {
    const Model& m = a.model;
    if (!m.amd_gpu) return;
    j.key("vendor").str("amd").key("amd").open('{');
    put_value(j.key("input"), a.in.amd_input());
    if (m.amd) {
        put_members(j, *m.amd);
        put_value(j.key("next_steps"), m.amd_steps);
    }
    if (m.amd_tile) put_value(j.key("tile"), *m.amd_tile);
    j.close('}');
}

// The tile: its input and the answer's figures.
SMCALC_STEP void tile_state_json(const App& a, JsonOut& j) {
    const Model& m = a.model;
    if (a.in.mode != Mode::Tile) return;
    j.key("tile").open('{');
    put_value(j.key("input"), m.tile ? m.tile->input : a.in.tile_input());  // the answer's: as the solver read it
    if (!m.tile_figures.empty())
        j.raw(m.tile_figures);  // a tile the JS API module answered: its figures as the module wrote them
    else if (m.tile)
        put_members(j, *m.tile);
    j.close('}');
}

// The cluster as the page has it: its input, the answer's figures and next steps, or why it was refused.
SMCALC_STEP void cluster_state_json(const App& a, JsonOut& j) {
    const Model& m = a.model;
    if (!a.in.cluster_on) return;
    j.key("cluster").open('{').key("input").open('{');
    put_value(j.key("dims"), a.in.cluster.dims);
    j.key("non_portable_cluster").boolean(a.in.cluster.non_portable).close('}');
    if (m.cluster) {
        put_members(j, *m.cluster);
        put_value(j.key("next_steps"), m.cluster_steps);
    }
    j.key("error").message(m.cluster_error);
    j.close('}');
}

}  // namespace

std::string ui_state_json() {
    App& a = app();
    const Model& m = a.model;
    std::string out;
    JsonOut j(out);
    j.open('{');
    j.key("gpu").str(a.in.gpu).key("custom").boolean(a.in.custom());
    j.key("mode").str(a.in.mode == Mode::Tile ? "tile" : "kernel");
    put_kernel_rows(j, a.in.kernel);  // threads, regs, ...: the kernel table's rows, as the API's "input" has them
    j.key("device").open('{').key("cc").str(cc_text(m.device.cc));
    for (const auto& f : fields::device_fields()) j.key(f.key).num(f.get(m.device));
    j.close('}');
    amd_state_json(a, j);
    j.key("result");
    if (m.result) put_occupancy(j, *m.result);
    else j.null();
    tile_state_json(a, j);
    cluster_state_json(a, j);
    put_value(j.key("error"), m.error);  // the API's error object (its member list), or null
    std::string notice;
    for (const auto& n : a.notices) notice += (notice.empty() ? "" : " ") + n;
    j.key("notice");
    if (notice.empty()) j.null();
    else j.str(notice);
    guidance_state_json(a, j);
    saved_state_json(a, j);
    j.key("clipped").open('[');
    for (const std::string& c : a.clipped) j.str(c);
    j.close(']');
    j.key("hash").str(encode_hash(a.in)).key("summary").str(m.summary);
    j.close('}');
    return out;
}

}  // namespace smcalc::web
