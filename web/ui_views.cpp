// web/ui_views.cpp - the panels: header and sharing, GPU picker and custom device, inputs, presets,
// the headline numbers, the budget bars and the "why" derivation.
//
// [SECTION] Helpers   - cards with remembered heights, number formatting, input widgets
// [SECTION] Header    - title, mode switch, copy link / embed code / results, notices
// [SECTION] Device    - GPU picker with filter, device summary, custom-device editor
// [SECTION] Inputs    - kernel inputs, worked-example presets
// [SECTION] Results   - headline, budget bars, derivation and notes
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <span>
#include <type_traits>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // tag_item: the test-engine item hook (window.smcalc.items())
#include "smcalc/fields.hpp"
#include "smcalc/report.hpp"
#include "ui_app.hpp"
#include "wrap.hpp"

namespace smcalc::web {

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Helpers
// ---------------------------------------------------------------------------------------------------------

namespace {

struct OpenCard {
    ImGuiID id;
    bool auto_height;
    bool open;
};
// Auto-height cards: content height of the last frame, by card ID. ImGuiStorage (ImGui's sorted ID map, a
// dozen cards) rather than std::unordered_map, whose hash table code the page then does not carry.
ImGuiStorage g_card_heights;
std::vector<OpenCard> g_cards;
bool g_heights_changed = false;

const ImVec2 kCardPadding(14, 12);


std::string lower(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::string capitalized(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

// A byte count typed as text. Commits while typing whenever the text parses; an error shows beneath.
bool bytes_input(const char* id, const char* field, BytesEdit& e, int64_t& value, const char* hint) {
    if (value != e.shown) {  // changed elsewhere (preset, link, reset): show the new value
        const std::string t = (e.optional && value < 0) ? std::string() : format_bytes(value);
        std::snprintf(e.buf, sizeof e.buf, "%s", t.c_str());
        e.shown = value;
        e.error.clear();
    }
    bool changed = false;
    if (ImGui::InputTextWithHint(id, hint, e.buf, sizeof e.buf)) {
        std::string_view text(e.buf);
        while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        if (e.optional && (text.empty() || text == "default")) {
            value = -1;
            e.shown = value;
            e.error.clear();
            changed = true;
        } else {
            BytesParse p = parse_bytes_field(field, e.buf);
            if (p.value) {
                value = *p.value;
                e.shown = value;
                e.error.clear();
                changed = true;
            } else {
                e.error = p.error;
            }
        }
    }
    if (ImGui::IsItemDeactivated() && !e.error.empty()) {
        e.shown = INT64_MIN;  // refill from the last good value
    }
    if (!e.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, app().pal.text_error);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(e.error.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    return changed;
}

void apply_preset(App& a, const char* gpu, Mode mode, KernelInput k) {
    a.in = Inputs();
    if (auto g = find_gpu(gpu)) {
        a.in.gpu = std::string((*g)->name);
    } else if (auto ag = amd::find_gpu(gpu)) {
        // An AMD preset: its registers are VGPRs per lane and its shared memory LDS per workgroup.
        a.in.gpu = std::string((*ag)->name);
        a.in.amd.vgprs = k.regs;
        a.in.amd.lds = k.smem_static;
        const int64_t threads = k.threads;
        k = Inputs::default_kernel();
        k.threads = threads;
    }
    a.in.mode = mode;
    a.in.kernel = k;
}

// A pair of toggle buttons that look like a segmented control.
bool segmented(const char* const* labels, int count, int& current, const bool* enabled) {
    bool changed = false;
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    for (int i = 0; i < count; ++i) {
        if (i) ImGui::SameLine();
        const bool on = i == current;
        const bool usable = enabled == nullptr || enabled[i];
        if (on) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_TabActive));
            ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_TabActive));
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
        } else {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Tab));
            ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_TabHovered));
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        }
        ImGui::BeginDisabled(!usable);
        if (ImGui::Button(labels[i]) && !on) {
            current = i;
            changed = true;
        }
        ImGui::EndDisabled();
        ImGui::PopStyleColor(3);
    }
    ImGui::PopStyleVar();
    return changed;
}

bool card_heights_changed() {
    const bool c = g_heights_changed;
    g_heights_changed = false;
    return c;
}

bool card_begin(const char* id, const char* caption, ImVec2 size, bool scroll) {
    const ImGuiID gid = ImGui::GetID(id);
    const bool auto_height = size.y == 0.0f;
    if (auto_height) {
        size.y = g_card_heights.GetFloat(gid, 120.0f);
    }
    if (size.x < 0) size.x = ImGui::GetContentRegionAvail().x;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, kCardPadding);
    ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysUseWindowPadding;
    if (!scroll) flags |= ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    const bool open = ImGui::BeginChild(id, size, true, flags);
    ImGui::PopStyleVar();
    g_cards.push_back({gid, auto_height, open});
    if (open && caption) {
        text_dim(caption);
        ImGui::Spacing();
    }
    return open;
}

void card_end() {
    const OpenCard c = g_cards.back();
    g_cards.pop_back();
    if (c.open && c.auto_height) {
        const float h = std::ceil(ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + kCardPadding.y);
        float& stored = *g_card_heights.GetFloatRef(c.id, 0.0f);
        if (std::fabs(stored - h) > 0.5f) {
            stored = h;
            g_heights_changed = true;
        }
    }
    ImGui::EndChild();
}

void text_dim(const char* s) { ImGui::TextColored(app().pal.text_dim, "%s", s); }

void note_clipped(std::string_view label, float need, float room) {
    if (need <= room + 0.5f) return;
    std::vector<std::string>& v = app().clipped_now;
    const std::string l(label.substr(0, label.find("##")));
    if (v.size() < 32 && std::find(v.begin(), v.end(), l) == v.end()) v.push_back(l);
}

// Text wrapped at the right edge that never breaks inside a number ("2,048", "98.4"; web/wrap.hpp): ImGui's
// break positions, each moved out of a number, a TextUnformatted per line in a group, so that the lines after
// the first start where the first did (after a bullet or a label on the same line).
void text_lines(std::string_view s) {
    if (s.empty()) return ImGui::TextUnformatted("");
    ImFont* f = ImGui::GetFont();
    const float w = ImGui::GetContentRegionAvail().x;
    ImGui::BeginGroup();
    for (std::size_t from = 0; from < s.size();) {
        std::size_t br = static_cast<std::size_t>(
            f->CalcWordWrapPositionA(ImGui::GetFontSize() / f->FontSize, s.data() + from, s.data() + s.size(), w) -
            s.data());
        br = number_safe_break(s, from, std::max(br, from + 1));
        ImGui::TextUnformatted(s.data() + from, s.data() + br);
        for (from = br; from < s.size() && s[from] == ' ';) ++from;
    }
    ImGui::EndGroup();
}

void text_wrapped(const std::string& s, const ImVec4* colour) {
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
    text_lines(s);
    if (colour) ImGui::PopStyleColor();
}

namespace {
bool g_row_locked = false;  // label_cell began a disabled row
}

bool locked(const char* key) {
    const std::string& l = app().em.locked;
    return !l.empty() && l.find(std::string(",") + key + ",") != std::string::npos;
}

void end_locked_row() {
    if (g_row_locked) ImGui::EndDisabled();
    g_row_locked = false;
}

// Label cell of a two-column input table, with the help text as a tooltip on the label.
void label_cell(const char* label, const char* help, const char* key) {
    end_locked_row();
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    // A label wider than its column wraps onto a second line (never cut); only a single word too wide is cut.
    {
        std::string_view l(label);
        float widest = 0;
        for (std::size_t pos = 0; pos <= l.size();) {
            std::size_t end = l.find(' ', pos);
            if (end == std::string_view::npos) end = l.size();
            widest = std::max(widest, ImGui::CalcTextSize(l.data() + pos, l.data() + end).x);
            pos = end + 1;
        }
        note_clipped(label, widest, ImGui::GetContentRegionAvail().x);
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(label);
    ImGui::PopTextWrapPos();
    if (help && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(help);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (key && locked(key)) ImGui::BeginDisabled(g_row_locked = true);
}

void tag_item(const char* label) {
    // Widgets that do not report themselves (InputScalar, combos, invisible buttons) to the item hook that
    // window.smcalc.items() reads; a no-op unless ImGui is built with IMGUI_ENABLE_TEST_ENGINE.
    ImGuiContext& g = *GImGui;
    IMGUI_TEST_ENGINE_ITEM_INFO(g.LastItemData.ID, label, g.LastItemData.StatusFlags);
    (void)g;
    (void)label;
}

float tab_padding_to_fit(std::span<const char* const> labels) {
    // ImGui 1.86 (TabItemCalcSize): a tab is its label + 2 x padding + 1 px wide, ItemInnerSpacing.x apart.
    const ImGuiStyle& s = ImGui::GetStyle();
    float text = 0;
    for (const char* l : labels) text += ImGui::CalcTextSize(l, nullptr, true).x;
    const auto n = static_cast<float>(labels.size());
    const float fit = (ImGui::GetContentRegionAvail().x - text - n - s.ItemInnerSpacing.x * (n - 1)) / (2 * n);
    return std::clamp(std::floor(fit), std::floor(s.FramePadding.x / 3), s.FramePadding.x);
}

bool begin_tab_bar(const char* id, float pad_x) {
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad_x, ImGui::GetStyle().FramePadding.y));
    const bool open = ImGui::BeginTabBar(id, ImGuiTabBarFlags_FittingPolicyScroll);
    ImGui::PopStyleVar();
    return open;
}

bool tab_item(const char* label, const char* tag, float pad_x) {
    // An embed's ?tab= opens its tab once (ui_set_embed). The padding applies to the tab itself only (ImGui sizes
    // and draws it here), not to what the tab holds.
    if (pad_x >= 0) ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(pad_x, ImGui::GetStyle().FramePadding.y));
    const bool open = ImGui::BeginTabItem(label, nullptr, app().em.tab == label ? ImGuiTabItemFlags_SetSelected : 0);
    {
        // A tab narrower than its label shows it cut ("Heat..."): count it.
        const ImGuiContext& g = *GImGui;
        const float need = ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
        if (g.LastItemData.Rect.GetWidth() > 0) note_clipped(label, need, g.LastItemData.Rect.GetWidth());
    }
    tag_item(tag ? tag : label);  // ImGui 1.86 reports a tab before placing it: report it here with its rectangle
    if (pad_x >= 0) ImGui::PopStyleVar();
    return open;
}

bool view_tabs(App& a, const char* id, std::initializer_list<ViewTab> tabs) {
    std::array<const char*, 8> labels{};
    std::size_t n = 0;
    for (const ViewTab& t : tabs) labels.at(n++) = t.label;
    const float pad = tab_padding_to_fit({labels.data(), n});
    if (!begin_tab_bar(id, pad)) return false;
    for (const ViewTab& t : tabs) {
        if (!tab_item(t.label, nullptr, pad)) continue;
        ImGui::Spacing();
        t.view(a);
        ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    return true;
}

void scroll_parent_to(const ImVec2& min, const ImVec2& max) {
    ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->ParentWindow) ImGui::ScrollToRect(w->ParentWindow, ImRect(min, max));
}

void triple(const char* id, int64_t& x, int64_t& y, int64_t& z, const char* const (&tags)[3]) {
    ImGui::PushID(id);
    const float xw = ImGui::CalcTextSize("x").x + 2 * ImGui::GetStyle().ItemInnerSpacing.x;
    const float w = std::floor((ImGui::GetContentRegionAvail().x - 2 * xw) / 3.0f);
    int64_t* v[3] = {&x, &y, &z};
    for (int i = 0; i < 3; ++i) {
        if (i) {
            ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
            ImGui::TextDisabled("x");
            ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        }
        ImGui::PushID(i);
        ImGui::SetNextItemWidth(w);
        ImGui::InputScalar("##v", ImGuiDataType_S64, v[i], nullptr, nullptr, "%lld");
        tag_item(tags[i]);
        ImGui::PopID();
    }
    ImGui::PopID();
}

void cluster_inputs(App& a, bool compact) {
    const Model& m = a.model;
    if (m.amd_gpu) return;  // thread block clusters are NVIDIA's (CC 9.0+)
    const bool can = m.arch && m.device.cc.major >= 9;  // thread block clusters: CC 9.0+ (PG13-CL)
    label_cell("Cluster", "Thread block cluster (CUDA cluster dims, CUTLASS ClusterShape): its CTAs run at once on "
                          "one GPC. Shows how many clusters are resident on the whole GPU, GPC by GPC. CC 9.0+.", "cl");
    {
        ImGui::BeginDisabled(!can && !a.in.cluster_on);  // a cluster set by a link stays removable
        const char* label = a.in.cluster_on ? "on##cl" : can ? "off##cl" : "needs CC 9.0+##cl";
        ImGui::Checkbox(label, &a.in.cluster_on);
        ImGui::EndDisabled();
    }
    if (!a.in.cluster_on) return;
    ClusterInput& c = a.in.cluster;
    label_cell(compact ? "  X x Y x Z" : "  CTAs X x Y x Z",
               "Cluster dimensions in CTAs, each 1 .. 16. Sizes (X*Y*Z) up to 8 are portable; 9 .. 16 need the "
               "non-portable attribute on parts that allow it (H100, B200).", "cl");
    static constexpr const char* kTags[3] = {"##clx", "##cly", "##clz"};
    triple("cluster", c.dims.x, c.dims.y, c.dims.z, kTags);
    label_cell(compact ? "  Non-port." : "  Non-portable",
               "cudaFuncAttributeNonPortableClusterSizeAllowed: lets a cluster have 9 .. 16 CTAs.", "np");
    ImGui::Checkbox("9..16 CTAs##np", &c.non_portable);
}

bool int_input(const char* id, int64_t& v, int64_t step, int64_t fast) {
    const bool changed =
        ImGui::InputScalar(id, ImGuiDataType_S64, &v, step ? &step : nullptr, fast ? &fast : nullptr, "%lld");
    tag_item(id);
    return changed;
}

// A small filled tag after the previous item ("limiting").
void pill(const char* text, ImU32 colour) {
    ImGui::SameLine(0, 8);
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float pad = 5.0f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(p.x, p.y - 1), ImVec2(p.x + ts.x + 2 * pad, p.y + ts.y + 1), colour, 4.0f);
    dl->AddText(ImVec2(p.x + pad, p.y), app().pal.dark ? IM_COL32(20, 20, 20, 255) : IM_COL32(255, 255, 255, 255),
                text);
    ImGui::Dummy(ImVec2(ts.x + 2 * pad, ts.y));
}

// One budget line: name (coloured when it limits or is over), value text right-aligned, a thin bar under it.
void bar_row(const std::string& name, const std::string& value, double fraction, BarKind kind, const char* tag,
             const std::string& tooltip) {
    const Palette& pal = app().pal;
    const float w = ImGui::GetContentRegionAvail().x;
    const float bar_h = 5.0f;
    const ImVec2 top = ImGui::GetCursorScreenPos();
    // The name gives way to the value: cut with "..." when both do not fit on the line (tooltip has it all).
    const float vw = ImGui::CalcTextSize(value.c_str()).x;
    float room = w - vw - 16;
    if (kind != BarKind::Normal) room -= ImGui::CalcTextSize(kind == BarKind::Over ? "over" : "limiting").x + 18;
    if (tag) room -= ImGui::CalcTextSize(tag).x + 6;
    // Too tight for name and value on one line: the value goes on a line of its own, and a name still too long
    // wraps (names are never cut).
    const bool two_lines = ImGui::CalcTextSize(name.c_str()).x > room;
    const std::string& shown = name;
    ImGui::PushTextWrapPos(two_lines && ImGui::CalcTextSize(name.c_str()).x > room + vw + 16
                               ? ImGui::GetCursorPosX() + std::max(40.0f, room + vw + 16)
                               : -1.0f);
    if (kind == BarKind::Normal)
        ImGui::TextUnformatted(shown.c_str());
    else
        ImGui::TextColored(kind == BarKind::Over ? pal.text_error : pal.text_limiting, "%s", shown.c_str());
    ImGui::PopTextWrapPos();
    if (kind == BarKind::Over)
        pill("over", pal.over);
    else if (kind == BarKind::Limiting)
        pill("limiting", pal.limiting);
    if (tag) {
        ImGui::SameLine(0, 6);
        ImGui::TextColored(pal.text_dim, "%s", tag);
    }
    if (!two_lines) ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - vw));
    else ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - vw));
    ImGui::TextColored(pal.text_dim, "%s", value.c_str());
    if (fraction >= 0) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const float f = std::clamp(static_cast<float>(fraction), 0.0f, 1.0f);
        dl->AddRectFilled(p, ImVec2(p.x + w, p.y + bar_h), pal.track, bar_h * 0.5f);
        if (f > 0)
            dl->AddRectFilled(p, ImVec2(p.x + std::max(bar_h, w * f), p.y + bar_h),
                              kind == BarKind::Over ? pal.over : kind == BarKind::Limiting ? pal.limiting : pal.accent,
                              bar_h * 0.5f);
        ImGui::Dummy(ImVec2(w, bar_h));
    }
    if (!tooltip.empty() && ImGui::IsMouseHoveringRect(top, ImVec2(top.x + w, ImGui::GetCursorScreenPos().y)) &&
        ImGui::IsWindowHovered())
        ImGui::SetTooltip("%s", tooltip.c_str());
    ImGui::Dummy(ImVec2(0, 1));
}

std::string axis_bytes(int64_t v) {
    if (v != 0 && v % (1024 * 1024) == 0) return std::to_string(v / (1024 * 1024)) + "M";
    if (v != 0 && v % 1024 == 0) return std::to_string(v / 1024) + "K";
    if (v >= 10240) return std::to_string((v + 512) / 1024) + "K";
    return std::to_string(v);
}


// ---------------------------------------------------------------------------------------------------------
// [SECTION] Header
// ---------------------------------------------------------------------------------------------------------

void view_share(App& a) {
    const std::string hash = encode_hash(a.in);
    auto copy = [&](const char* what, const std::string& text) {
        if (a.host.copy_to_clipboard) a.host.copy_to_clipboard(text);
        a.copied_at = ImGui::GetTime();
        a.copied_what = what;
    };
    const bool recent = ImGui::GetTime() - a.copied_at < 2.0;
    if (recent) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(a.pal.text_dim, "Copied %s", a.copied_what.c_str());
        ImGui::SameLine();
    }
    ImGui::BeginDisabled(a.em.flags & 1);  // predict first: the link would open the answer
    if (ImGui::Button("Copy link")) copy("link", url_with_embed(a.host.page_url, false) + "#" + hash);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A link to this page with every input in it");
    if (!a.host.embed) {
        ImGui::SameLine();
        // Not this page's own URL (a local file, a preview server): the dialog asks for the course site's.
        if (ImGui::Button("Copy embed code") && a.host.embed_code) a.host.embed_code(hash);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("<sm-calc> code for a course page; you say where the calculator is on your site");
    }
    ImGui::SameLine();
    ImGui::BeginDisabled((!a.model.tile && !a.model.result) || (a.em.flags & 1));  // predict first: not yet
    if (ImGui::Button("Copy results")) copy("results", model_markdown(a.model));
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The budget table as Markdown");
}

void view_header(App& a, bool compact) {
    const ImGuiStyle& s = ImGui::GetStyle();
    // Width of the share buttons, to right-align them.
    const char* share_labels[] = {"Copy link", "Copy embed code", "Copy results"};
    float share_w = 0;
    for (int i = 0; i < 3; ++i) {
        if (i == 1 && a.host.embed) continue;
        share_w += ImGui::CalcTextSize(share_labels[i]).x + 2 * s.FramePadding.x + s.ItemSpacing.x;
    }
    if (ImGui::GetTime() - a.copied_at < 2.0)
        share_w += ImGui::CalcTextSize(("Copied " + a.copied_what).c_str()).x + s.ItemSpacing.x;

    const float full = ImGui::GetContentRegionAvail().x;
    float mode_w = ImGui::CalcTextSize("Kernel").x + ImGui::CalcTextSize("GEMM tile").x + 4 * s.FramePadding.x;
    if (!a.host.embed)  // the compare switch; an embed shows the comparison only when its link asks for it
        mode_w += ImGui::CalcTextSize("One GPU").x + ImGui::CalcTextSize("Compare GPUs").x + 4 * s.FramePadding.x +
                  s.ItemSpacing.x;
    // A narrow embed (a phone, a 360-pixel column): the share buttons get a row of their own.
    const bool embed_two_rows = a.host.embed && 140.0f + mode_w + share_w + 2 * s.ItemSpacing.x > full;
    if (a.host.embed) {
        ImGui::BeginDisabled(locked("gpu"));
        view_gpu_picker(a, std::max(120.0f, full - (embed_two_rows ? 0.0f : share_w) - mode_w - 2 * s.ItemSpacing.x));
        ImGui::EndDisabled();
        ImGui::SameLine();
    } else {
        const char* title = "SM resource calculator";
        const char* sub = a.model.amd_gpu ? "occupancy and per-CU budgets, LLVM's AMDGPU rules (AMD Instinct)"
                                          : "occupancy and per-SM budgets, NVIDIA's CUDA 13.0 rules";
        const float title_w = ImGui::CalcTextSize(title).x, sub_w = ImGui::CalcTextSize(sub).x;
        const float rest = mode_w + share_w + 24;
        if (title_w + rest < full) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(title);
            if (title_w + 12 + sub_w + rest < full) {
                ImGui::SameLine(0, 12);
                ImGui::AlignTextToFramePadding();
                text_dim(sub);
            }
            ImGui::SameLine(0, 24);
        }
    }
    (void)compact;
    static const char* modes[] = {"Kernel", "GEMM tile"};
    int mode = a.in.mode == Mode::Tile ? 1 : 0;
    ImGui::BeginDisabled(locked("m"));
    if (segmented(modes, 2, mode)) a.in.mode = mode == 1 ? Mode::Tile : Mode::Kernel;
    ImGui::EndDisabled();
    if (!a.host.embed) {
        ImGui::SameLine();
        view_compare_toggle(a);
    }
    if ((!a.host.embed && mode_w + share_w + 24 > full) || embed_two_rows) {
        view_share(a);  // phones: the buttons get a row of their own
    } else {
        ImGui::SameLine(std::max(ImGui::GetCursorPosX(), s.WindowPadding.x + full - share_w + s.ItemSpacing.x));
        view_share(a);
    }
    if (!a.host.embed) ImGui::Dummy(ImVec2(0, 2));
}

void view_notices(App& a) {
    if (a.notices.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, a.pal.notice_bg);
    ImGui::PushStyleColor(ImGuiCol_Border, ImGui::ColorConvertU32ToFloat4(a.pal.limiting));
    if (card_begin("c_notice", nullptr, ImVec2(-1, 0))) {
        const float bw = ImGui::CalcTextSize("Dismiss").x + 2 * ImGui::GetStyle().FramePadding.x;
        const ImVec2 start = ImGui::GetCursorPos();
        ImGui::SetCursorPos(ImVec2(ImGui::GetWindowWidth() - bw - kCardPadding.x, start.y));
        const bool dismiss = ImGui::Button("Dismiss");
        ImGui::SetCursorPos(start);
        ImGui::PushTextWrapPos(ImGui::GetWindowWidth() - bw - kCardPadding.x - 16);
        for (const auto& n : a.notices) {
            ImGui::Bullet();
            ImGui::TextUnformatted(n.c_str());
        }
        ImGui::PopTextWrapPos();
        if (dismiss) a.notices.clear();
    }
    card_end();
    ImGui::PopStyleColor(2);
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Device
// ---------------------------------------------------------------------------------------------------------

namespace {
std::string g_notes;  // "\n" + the GPU notes, "<name>\t<note>" lines (Host::gpu_notes), once asked
bool g_notes_asked = false;
void take_notes(const std::string& lines) { g_notes = "\n" + lines; }  // each line found as "\n<name>\t"

// One of a GPU's texts the page's core leaves out (page weight): column `col` of its line (0: the note, derived
// figures and disagreements between sources; 1: its source keys). The first call asks the JS API module for them
// all; "" until they come (or if it cannot load).
std::string gpu_text(App& a, std::string_view name, int col) {
    if (!g_notes_asked && a.host.gpu_notes) a.host.gpu_notes(take_notes);
    g_notes_asked = true;
    const std::string key = "\n" + std::string(name) + "\t";
    const std::size_t at = g_notes.find(key);
    if (at == std::string::npos) return {};
    std::size_t from = at + key.size();
    const std::size_t end = g_notes.find('\n', from);  // npos on the last line
    for (int c = 0; c < col; ++c) {
        const std::size_t tab = g_notes.find('\t', from);
        if (tab >= end) return {};
        from = tab + 1;
    }
    return g_notes.substr(from, std::min(end, g_notes.find('\t', from)) - from);
}
std::string gpu_note(App& a, std::string_view name) { return gpu_text(a, name, 0); }
std::string gpu_sources(App& a, std::string_view name) { return gpu_text(a, name, 1); }
}  // namespace

namespace {

// The picker's open list: a filter box, saved devices, then every product grouped by family (NVIDIA, then AMD
// Instinct); a click or Enter on the first match picks one.
SMCALC_STEP void gpu_picker_list(App& a) {
    if (ImGui::IsWindowAppearing()) {
        a.gpu_filter[0] = 0;
        ImGui::SetKeyboardFocusHere();
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    const bool enter = ImGui::InputTextWithHint("##filter", "Type to filter: name, alias, CC (9.0, sm_90), family",
                                                a.gpu_filter, sizeof a.gpu_filter,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    const std::string needle = lower(a.gpu_filter);
    if (view_saved_gpus_in_picker(a, needle)) ImGui::CloseCurrentPopup();
    // Matched as find_gpu matches names: case, spaces, '-' and '_' ignored ("h100-sxm" finds "H100 SXM5").
    auto squash = [](const std::string& t) {
        std::string o;
        for (char c : t)
            if (c != ' ' && c != '-' && c != '_') o += c;
        return o;
    };
    const std::string key = squash(needle);
    bool first = true;
    int shown = 0;
    std::string group;  // the database lists products by architecture: a heading where it changes
    // One product: its name, figures right-aligned; picked by a click or by Enter on the first match.
    auto row = [&](std::string_view name, const std::string& right, bool selected) {
        ImGui::PushID(name.data(), name.data() + name.size());
        const bool pick = ImGui::Selectable("##g", selected, 0, ImVec2(0, 0));
        ImGui::SameLine(ImGui::GetStyle().WindowPadding.x + 4);
        ImGui::TextUnformatted(name.data(), name.data() + name.size());
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(right.c_str()).x);
        text_dim(right.c_str());
        ImGui::PopID();
        if (pick || (enter && first)) {
            a.in.gpu = std::string(name);
            a.in.cc_override.reset();
            a.in.overrides = {};
            if (amd::find_gpu(name)) a.in.cluster_on = false;  // clusters are NVIDIA's
            ImGui::CloseCurrentPopup();
        }
        if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
        first = false;
    };
    for (const GpuSpec& g : all_gpus()) {
        const std::string cc = cc_text(g.device.cc);
        const std::string sm = std::to_string(g.device.cc.major * 10 + g.device.cc.minor);
        std::string family;
        if (auto arch = find_arch(g.device.cc)) family = std::string((*arch)->family);
        const std::string hay =
            lower(std::string(g.name) + "|" + std::string(g.aliases) + "|cc" + cc + "|" + cc + "|sm" + sm + "|" +
                  family);
        if (!key.empty() && squash(hay).find(key) == std::string::npos) continue;
        ++shown;
        if (family != group) {
            group = family;
            ImGui::Spacing();
            text_dim(("NVIDIA \xC2\xB7 " + family).c_str());
            ImGui::Separator();
        }
        std::string right = "CC " + cc;
        if (g.device.sm_count > 0) right += "  " + std::to_string(g.device.sm_count) + " SMs";
        row(g.name, right, !a.in.custom() && a.in.gpu == g.name);
    }
    // AMD Instinct: the AMD model (smcalc/amd.hpp), grouped by family as the NVIDIA rows are.
    for (const amd::GpuSpec& g : amd::all_gpus()) {
        const amd::ArchRules& r = g.arch();
        const std::string family(r.family);
        const std::string hay = lower(std::string(g.name) + "|" + std::string(g.aliases) + "|" +
                                      std::string(r.gfx) + "|amd|" + family);
        if (!key.empty() && squash(hay).find(key) == std::string::npos) continue;
        ++shown;
        if ("AMD " + family != group) {
            group = "AMD " + family;
            ImGui::Spacing();
            text_dim(("AMD \xC2\xB7 " + family).c_str());
            ImGui::Separator();
        }
        row(g.name, std::string(r.gfx) + "  " + std::to_string(g.cu_count) + " CUs", a.in.gpu == g.name);
    }
    if (shown == 0) text_dim("No GPU matches. The custom-device editor takes any device.");
    ImGui::EndCombo();
}

// The picked product's note and sources, in a tooltip over the closed picker.
SMCALC_STEP void gpu_picker_tooltip(App& a) {
    const Model& m = a.model;
    if (ImGui::IsItemHovered() && m.spec && !ImGui::IsPopupOpen("##gpu")) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        const std::string note = gpu_note(a, m.spec->name);
        if (!note.empty()) ImGui::TextUnformatted(note.c_str());
        const std::string sources = gpu_sources(a, m.spec->name);
        if (!sources.empty()) ImGui::TextDisabled("Sources: %s", sources.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

}  // namespace

void view_gpu_picker(App& a, float width) {
    const Model& m = a.model;
    const SavedGpu* saved = saved_gpu_matching(a);
    std::string preview = saved ? saved->name : a.in.custom() ? "Custom (" + a.in.gpu + ")" : a.in.gpu;
    if (m.amd_gpu)
        preview += "   " + std::string(m.amd_gpu->gfx) + " \xC2\xB7 " + std::to_string(m.amd_gpu->cu_count) + " CUs";
    else
        preview += "   CC " + cc_text(m.device.cc) +
                   (m.device.sm_count > 0 ? " \xC2\xB7 " + std::to_string(m.device.sm_count) + " SMs" : std::string());
    ImGui::SetNextItemWidth(width < 0 ? -FLT_MIN : width);
    {
        // The name alone where the figures do not fit (the summary under the picker has them).
        const float w = width < 0 ? ImGui::GetContentRegionAvail().x : width;
        const float chrome = ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
        if (ImGui::CalcTextSize(preview.c_str()).x + chrome > w) preview = preview.substr(0, preview.find("   "));
        note_clipped("GPU: " + preview, ImGui::CalcTextSize(preview.c_str()).x + chrome, w);
    }
    const bool open = ImGui::BeginCombo("##gpu", preview.c_str(), ImGuiComboFlags_HeightLarge);
    if (!open) tag_item("##gpu");
    if (open) gpu_picker_list(a);
    gpu_picker_tooltip(a);
}

void view_device_summary(App& a) {
    const DeviceLines d = device_lines(a.model);
    if (d.title.empty()) return;
    ImGui::Spacing();
    ImGui::TextUnformatted(d.title.c_str());
    for (const std::string* l : {&d.per_sm, &d.per_block, &d.note})
        if (!l->empty()) text_wrapped(*l, &a.pal.text_dim);
}

namespace {

// The custom device's CC row: a picker of the modelled CCs (the rules the device is checked against).
SMCALC_STEP void device_cc_row(App& a, const Device& base_dev) {
    Inputs& in = a.in;
    const Model& m = a.model;
    label_cell("Compute capability", "Which per-CC rules apply (allocation units, block slots, carveouts).");
    const std::string cur = cc_text(m.device.cc) + (in.cc_override ? " *" : "");
    const bool cc_open = ImGui::BeginCombo("##cc", cur.c_str());
    if (!cc_open) tag_item("##cc");
    if (cc_open) {
        for (const ArchRules& r : all_arch_rules()) {
            const std::string label = cc_text(r.cc) + "  " + std::string(r.family);
            if (ImGui::Selectable(label.c_str(), r.cc == m.device.cc)) {
                if (r.cc == base_dev.cc)
                    in.cc_override.reset();
                else
                    in.cc_override = r.cc;
            }
        }
        ImGui::EndCombo();
    }
    if (m.device_error && (m.device_error->field == "cc" || m.device_error->field.empty())) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(a.pal.text_error, "%s", m.device_error->message.c_str());
        ImGui::PopTextWrapPos();
    }
}

// The custom device's field rows: one per device field (smcalc::fields::device_fields), red where the solver
// refused it; a changed value becomes an override of the GPU's own.
SMCALC_STEP void device_field_rows(App& a) {
    Inputs& in = a.in;
    const Model& m = a.model;
    auto field_error = [&](const char* core) -> const Error* {
        if (!m.device_error) return nullptr;
        if (m.device_error->field == std::string("device.") + core) return &*m.device_error;
        return nullptr;
    };
    for (int i = 0; i < kDeviceFieldCount; ++i) {
        const auto& f = fields::device_fields()[static_cast<std::size_t>(i)];
        const bool is_bytes = f.codec == fields::Codec::Bytes;
        ImGui::PushID(i);
        std::string label(f.label);
        if (in.overrides[i]) label += " *";
        const bool bad = field_error(std::string(f.key).c_str()) != nullptr;
        if (bad) ImGui::PushStyleColor(ImGuiCol_Text, a.pal.text_error);
        label_cell(label.c_str(), std::string(f.unit).c_str());
        if (bad) ImGui::PopStyleColor();
        int64_t v = f.get(m.device);
        const int64_t before = v;
        bool changed;
        const std::string id = "##d." + std::string(f.hash);  // "##d.ssm": the hash key, for tests
        if (is_bytes) {
            BytesEdit& e = a.dev_bytes[i];
            changed = bytes_input(id.c_str(), std::string(f.label).c_str(), e, v, "bytes");
        } else {
            changed = int_input(id.c_str(), v, 0, 0);
        }
        if (changed && v != before) in.overrides[i] = v;
        ImGui::PopID();
    }
}

}  // namespace

void view_custom_device(App& a) {
    Inputs& in = a.in;
    const Model& m = a.model;
    if (m.amd_gpu) return;  // the device editor edits NVIDIA devices (smcalc::Device)
    ImGui::Spacing();
    if (m.device_error) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
    if (!ImGui::TreeNodeEx("Custom device", ImGuiTreeNodeFlags_SpanAvailWidth |
                                                (in.custom() ? ImGuiTreeNodeFlags_DefaultOpen : 0)))
        return;
    const GpuSpec* base = base_gpu(in);
    Device base_dev = base ? base->device : Device{};
    if (in.custom()) {
        if (ImGui::SmallButton("Reset to the GPU's values")) {
            in.cc_override.reset();
            in.overrides = {};
        }
    } else {
        ImGui::PushTextWrapPos(0.0f);
        text_dim("Edit any field, e.g. from a device query; the solver checks it against its CC's rules.");
        ImGui::PopTextWrapPos();
    }
    if (a.host.device_report && ImGui::SmallButton("Paste a device report")) a.host.device_report(encode_hash(in));
    if (ImGui::BeginTable("dev", 2, ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 1.1f);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        device_cc_row(a, base_dev);
        device_field_rows(a);
        ImGui::EndTable();
    }
    // The solver's sentence names the field and its range; the field's label above is red too.
    if (m.device_error && m.device_error->field != "cc" && !m.device_error->field.empty()) {
        std::string where;
        for (const auto& f : fields::device_fields())
            if (m.device_error->field == "device." + std::string(f.key)) where = std::string(f.label) + ": ";
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(a.pal.text_error, "%s%s", where.c_str(), m.device_error->message.c_str());
        ImGui::PopTextWrapPos();
    }
    view_save_gpu(a);
    ImGui::TreePop();
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Inputs
// ---------------------------------------------------------------------------------------------------------

namespace {

// One input of the kernel card (ui_state.hpp kernel_input_rows): the widget its table row asks for, on the field's
// value `x`. `e` keeps the text of a byte field as typed. Whether the value changed.
bool input_row(App& a, const InputRow& r, int64_t& x, BytesEdit& e, bool compact) {
    const std::string id = r.id ? std::string(r.id) : "##" + std::string(r.hash);
    label_cell(compact ? r.compact : r.label, r.tooltip, r.hash);
    switch (r.widget) {
        case Widget::Bytes:
            e.optional = r.optional;  // empty text: the default (-1)
            return bytes_input(id.c_str(), r.what, e, x, r.hint);
        case Widget::Check: {
            bool on = x != 0;
            const Model& m = a.model;
            const std::string cap = r.above_block_smem && m.arch ? "above " + format_bytes(m.device.smem_per_block) : id;
            const bool changed = ImGui::Checkbox(cap.c_str(), &on);
            x = on;
            return changed;
        }
        case Widget::Slider: {  // -1 is the default, then lo .. hi
            int i = static_cast<int>(x);
            const bool changed = ImGui::SliderInt(id.c_str(), &i, -1, static_cast<int>(r.hi), i < 0 ? "Default" : r.format,
                                                  ImGuiSliderFlags_AlwaysClamp);
            x = i;
            return changed;
        }
        case Widget::Number: break;
    }
    return int_input(id.c_str(), x, r.step, r.fast);
}

// The rows of one vendor's kernel table on `v`, each with its text buffer in `bytes` (by row).
template <class T>
void input_rows(App& a, std::span<const fields::Field<T>> table, T& v, std::span<BytesEdit> bytes, bool compact) {
    for (std::size_t i = 0; i < table.size() && i < bytes.size(); ++i) {
        int64_t x = table[i].get(v);
        if (input_row(a, kernel_input_row(std::is_same_v<T, amd::KernelInput>, i), x, bytes[i], compact))
            table[i].set(v, x);
    }
}

}  // namespace

void view_kernel_inputs(App& a, bool compact) {
    const Model& m = a.model;
    const bool amd = m.amd_gpu != nullptr;
    // AMD labels are longer (work-items per workgroup): a wider label column.
    const float label_w = amd ? (compact ? 1.2f : 1.45f) : (compact ? 1.0f : 1.15f);
    if (!ImGui::BeginTable(amd ? "kin_amd" : "kin", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, label_w);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (amd) {
        // The AMD table's threads are the kernel's (one hash key "t"); its other rows are a.in.amd's.
        amd::KernelInput k = a.in.amd_input();
        input_rows(a, fields::amd_kernel_fields(), k, a.amd_bytes, compact);
        a.in.kernel.threads = k.threads;
        k.threads = a.in.amd.threads;
        a.in.amd = k;
    } else {
        input_rows(a, fields::kernel_fields(), a.in.kernel, a.kernel_bytes, compact);
        cluster_inputs(a, compact);
    }
    end_locked_row();
    ImGui::EndTable();
    if (amd) return;

    KernelInput& k = a.in.kernel;
    if (m.best && m.result && !compact) {
        ImGui::Spacing();
        const BlockSizeResult& b = *m.best;
        ImGui::PushTextWrapPos(0.0f);
        text_dim(("Best block size for these registers and shared memory: " + std::to_string(b.block_size) +
                  " threads -> " + format_percent(b.occupancy) + " occupancy (cudaOccupancyMaxPotentialBlockSize).")
                     .c_str());
        ImGui::PopTextWrapPos();
        if (b.block_size != k.threads && b.block_size > 0) {
            if (ImGui::SmallButton(("Use " + std::to_string(b.block_size) + " threads").c_str()))
                k.threads = b.block_size;
        }
    }
}

void view_presets(App& a, bool compact) {
    struct Preset {
        const char* label;
        const char* help;
        const char* gpu;
        Mode mode;
        int64_t threads, regs, smem_static;  // kernel presets
        int64_t tile_m, tile_n;              // tile presets (K 64, 3 stages, 8 warps, bf16 -> f32)
    };
    static const Preset presets[] = {
        {"128x128x64 tile",
         "Lesson, H100: tile 128x128x64, 3 stages, 8 warps, bf16 in, f32 accumulators. 16,384 FP32 accumulators over 256 threads = 64 registers per thread; 3 x (128x64 + 64x128) "
         "x 2 B = 96 KiB of shared memory, 2 CTAs could fit by shared memory.",
         "H100 SXM5", Mode::Tile, 0, 0, 0, 128, 128},
        {"256x256 tile", "Lesson: 65,536 accumulators / 256 threads = 256 registers per thread, above "
                                 "the 255 cap; 256 KiB of accumulators is the whole register file.",
         "H100 SXM5", Mode::Tile, 0, 0, 0, 256, 256},
        {"A100 48 regs 24KB", "Lesson: A100, 256 threads, 48 registers, 24 KB; limits regs 5, smem 6, warps 8, blocks 32 -> 5 blocks "
                                               "per SM, 40 warps, 62.5 % occupancy.",
         "A100", Mode::Kernel, 256, 48, 24 * 1024, 0, 0},
        {"H100 128 regs", "Lesson: 256 threads; 128 regs/thread caps an H100 SM at 16 warps -> 25 %.",
         "H100 SXM5", Mode::Kernel, 256, 128, 0, 0, 0},
        {"MI300X 128 VGPRs", "AMD CDNA3: 256 work-items, 128 VGPRs per lane, 16 KiB of LDS -> waves per SIMD, the "
                             "limiter and LLVM's own figure (docs/amd.md).",
         "MI300X", Mode::Kernel, 256, 128, 16 * 1024, 0, 0},
    };
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float w = std::floor((ImGui::GetContentRegionAvail().x - gap) / 2.0f);
    int i = 0;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (const Preset& p : presets) {
        if (!compact && i++ % 2 == 1) ImGui::SameLine(0, gap);
        if (compact && i++ > 0) {
            // Flow the small buttons, wrapping when the next one would not fit.
            const float bw = ImGui::CalcTextSize(p.label).x + 2 * ImGui::GetStyle().FramePadding.x;
            if (ImGui::GetItemRectMax().x + gap + bw <= right) ImGui::SameLine(0, gap);
        }
        if (!compact) note_clipped(p.label, ImGui::CalcTextSize(p.label).x + 2 * ImGui::GetStyle().FramePadding.x, w);
        const bool clicked = compact ? ImGui::SmallButton(p.label) : ImGui::Button(p.label, ImVec2(w, 0));
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            ImGui::TextUnformatted(p.help);
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        if (clicked) {
            KernelInput k = Inputs::default_kernel();
            if (p.mode == Mode::Kernel) {
                k.threads = p.threads;
                k.regs = p.regs;
                k.smem_static = p.smem_static;
            }
            apply_preset(a, p.gpu, p.mode, k);
            if (p.mode == Mode::Tile) {
                a.in.tile.m = p.tile_m;
                a.in.tile.n = p.tile_n;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Results
// ---------------------------------------------------------------------------------------------------------

void big_number(App& a, const std::string& value, const char* caption, const ImVec4* colour) {
    ImGui::BeginGroup();
    if (a.big) ImGui::PushFont(a.big);
    ImGui::SetWindowFontScale(a.big_scale);
    if (colour)
        ImGui::TextColored(*colour, "%s", value.c_str());
    else
        ImGui::TextUnformatted(value.c_str());
    ImGui::SetWindowFontScale(1.0f);
    if (a.big) ImGui::PopFont();
    text_dim(caption);
    ImGui::EndGroup();
}

void view_headline(App& a, bool compact) {
    const Model& m = a.model;
    if (m.error || (m.amd_gpu && !m.amd && !m.amd_tile)) {
        ImGui::TextColored(a.pal.text_error, "No answer for these inputs");
        if (m.error) text_wrapped(m.error->message);
        return;
    }
    const std::optional<Headline> hl = headline(m);
    if (!hl) {
        view_tile_verdict(a);  // a tile that does not fit: the verdict, never an occupancy figure
        return;
    }
    if (m.cluster && m.result && m.result->blocks_per_sm > 0) {
        view_cluster_headline(a, *m.result, compact);
        return;
    }
    const Headline& h = *hl;
    const UnitWords* words = answer_view(m).words;
    const float col = compact ? 0.0f : 24.0f;
    const ImVec4* zero = h.blocks == 0 ? &a.pal.text_error : nullptr;
    big_number(a, std::to_string(h.blocks), words->per[h.blocks == 1 ? 0 : 1], zero);
    ImGui::SameLine(0, col + 16);
    big_number(a, format_percent(h.occupancy), "occupancy", zero);
    ImGui::SameLine(0, col + 16);
    big_number(a, h.lanes, h.lanes_label, zero);
    ImGui::Spacing();
    view_tile_verdict(a);
    if (h.blocks == 0) {
        text_wrapped(std::string(h.zero_note), &a.pal.text_error);
        return;
    }
    ImGui::TextUnformatted("Limited by");
    ImGui::SameLine();
    ImGui::TextColored(a.pal.text_limiting, "%s", h.limiter.c_str());
    if (!h.footnote.empty()) text_wrapped(h.footnote, h.footnote_warns ? &a.pal.text_limiting : &a.pal.text_dim);
}

void view_budgets(App& a) {
    const Model& m = a.model;
    if (m.amd_tile) {  // the AMD tile's Budget tab: its readouts against their limits (NVIDIA's have a Tile tab)
        tile_row_bars(m.amd_tile->rows);
        return;
    }
    const UnitView v = answer_view(m);
    if (!v.budgets) {
        text_dim("No budget: see the message above.");
        return;
    }
    if (m.tile && !m.tile->fits) {
        // The per-SM budget of a launch that does not run would contradict the verdict: say what it is instead.
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(a.pal.text_error, "The tile does not fit one SM: %s.", tile_misfit_text(*m.tile).c_str());
        text_dim("The Tile tab shows every readout against its limit; the ways to make it fit are in the Result card.");
        ImGui::PopTextWrapPos();
        return;
    }
    budget_bars(*v.budgets);
    if (!v.limits) return;
    // What each resource alone allows (the per-limit counts behind the answer; the AMD model gives them).
    ImGui::Spacing();
    for (const amd::LimitCount& l : *v.limits) {
        std::string s = std::string(amd::limit_label(l.limit)) + ": ";
        s += l.workgroups_per_cu ? count_text(*l.workgroups_per_cu, v.words->block, v.words->blocks) + " per " + v.words->sm
                                 : std::string("no limit");
        if (l.waves_per_simd) s += " (" + std::to_string(*l.waves_per_simd) + " waves/SIMD)";
        text_wrapped(s, l.limiting ? &a.pal.text_limiting : &a.pal.text_dim);
    }
}

void budget_bars(const std::vector<Budget>& budgets) {
    for (const Budget& b : budgets) {
        const bool bytes = b.unit == "bytes";
        const std::string used = bytes ? format_bytes(b.used) : grouped(b.used);
        // Students learn 48 KiB per CTA and would see 49 KiB here (issue 31): the budget adds the driver's per-CTA
        // reserve (1 KiB from CC 8.0) to the limit, as the used bytes include it; the bar says "48 KiB + 1 KiB".
        const int64_t rs = b.name == "shared memory per CTA" ? app().model.device.reserved_smem_per_block : 0;
        const std::string lim = rs > 0 ? format_bytes(b.limit - rs) + " + " + format_bytes(rs)
                                : bytes ? format_bytes(b.limit) : grouped(b.limit);
        const std::string value = used + " / " + lim + (bytes ? std::string() : " " + b.unit);
        const bool over = b.used > b.limit;
        const double frac = b.limit > 0 ? static_cast<double>(b.used) / static_cast<double>(b.limit) : (b.used > 0 ? 1 : 0);
        char pct[32];
        std::snprintf(pct, sizeof pct, " (%.1f %%)", 100.0 * frac);
        std::string tip = b.name + ": " + grouped(b.used) + " of " + grouped(b.limit) + " " + b.unit + pct;
        if (rs > 0)
            tip += "\nThe limit is the " + format_bytes(b.limit - rs) + " a CTA may ask for plus the " + format_bytes(rs) +
                   " the driver reserves for every CTA; the used bytes include that reserve too.";
        bar_row(capitalized(b.name), value, frac, over ? BarKind::Over : b.limiting ? BarKind::Limiting : BarKind::Normal,
                nullptr, tip);
    }
}

void view_why(App& a) {
    const Model& m = a.model;
    const UnitView v = answer_view(m);
    ImGui::PushTextWrapPos(0.0f);
    if (m.error && !m.result) {
        ImGui::TextColored(a.pal.text_error, "%s", m.error->message.c_str());
    }
    if (m.tile) {
        for (const std::string& note : m.tile->notes) {
            ImGui::TextColored(a.pal.text_limiting, "Tile");
            ImGui::SameLine();
            text_lines(note);
        }
        const KernelInput& k = m.kernel;
        const std::string launch = "The solver gets the tile's launch: " + std::to_string(k.threads) + " threads, " +
                                   std::to_string(k.regs) + " registers per thread, " + format_bytes(k.smem_dynamic) +
                                   " of dynamic shared memory with opt-in.";
        ImGui::Spacing();
        text_dim(launch.c_str());
        ImGui::Spacing();
    }
    if (v.derivation)
        for (const std::string& line : *v.derivation) {
            // "Registers: ..." -> the heading part dimmed is too subtle; keep one bullet per step.
            ImGui::Bullet();
            text_lines(line);
        }
    if (v.notes && !v.notes->empty()) {
        ImGui::Spacing();
        for (const std::string& note : *v.notes) {
            ImGui::TextColored(a.pal.text_limiting, "Note");
            ImGui::SameLine();
            text_lines(note);
        }
    }
    if (!v.gpu.empty()) {
        ImGui::Spacing();
        // The AMD model's sources come with its answer; NVIDIA's from the JS API module (gpu_sources).
        const std::string sources = m.sources.empty() ? gpu_sources(a, v.gpu) : m.sources;
        const std::string src = "Device figures: " + std::string(v.gpu) + (sources.empty() ? "" : " (" + sources + ")") +
                                v.words->rules;
        text_dim(src.c_str());
    }
    ImGui::PopTextWrapPos();
}

}  // namespace smcalc::web
