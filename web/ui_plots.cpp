// web/ui_plots.cpp - occupancy graphs drawn with ImDrawList (step curve, current point, hover read-out)
// and the heatmap's axes, legend and hover (its cells are drawn by the renderer: draw_heatmap()).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "imgui.h"
#include "smcalc/report.hpp"
#include "smcalc/format.hpp"
#include "ui_app.hpp"

namespace smcalc::web {
namespace {

// Plot area inside a widget rectangle: room for y labels on the left and x labels below.
struct Frame {
    ImVec2 p0, p1;  // plot area (p0 top-left)
    float x_of(double t) const { return p0.x + static_cast<float>(t) * (p1.x - p0.x); }
    float y_of(double occ) const { return p1.y - static_cast<float>(occ) * (p1.y - p0.y); }
};

std::string x_text(const Curve& c, int64_t v) { return c.x_bytes ? axis_bytes(v) : std::to_string(v); }

// About `want` tick values in [lo, hi], at power-of-two steps (warps, registers and bytes all read best so).
std::vector<int64_t> ticks(int64_t lo, int64_t hi, int want, bool bytes) {
    std::vector<int64_t> t;
    if (hi <= lo) return {lo};
    const double raw = static_cast<double>(hi - lo) / std::max(1, want);
    int64_t step = bytes ? 1024 : 8;
    while (static_cast<double>(step) < raw) step *= 2;
    for (int64_t v = (lo + step - 1) / step * step; v <= hi; v += step) t.push_back(v);
    return t;
}

void draw_y_grid(ImDrawList* dl, const Frame& f, const Palette& pal, float label_right) {
    for (int pct = 0; pct <= 100; pct += 25) {
        const float y = f.y_of(pct / 100.0);
        dl->AddLine(ImVec2(f.p0.x, y), ImVec2(f.p1.x, y), pal.grid);
        char buf[8];
        std::snprintf(buf, sizeof buf, "%d%%", pct);
        const ImVec2 ts = ImGui::CalcTextSize(buf);
        dl->AddText(ImVec2(label_right - ts.x, y - ts.y * 0.5f), pal.axis_text, buf);
    }
}

// Text turned 90 degrees counter-clockwise (reads bottom to top), its left edge at left_mid.x, centred on
// left_mid.y. ImGui 1.86 has no rotated text: draw it flat where it is not clipped, then move its vertices.
void text_vertical(ImDrawList* dl, ImVec2 left_mid, ImU32 col, const char* text) {
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const int first = dl->VtxBuffer.Size;
    const ImVec2 flat(left_mid.x, left_mid.y - ts.y * 0.5f);  // inside the plot's card, so nothing is culled
    dl->AddText(flat, col, text);
    for (int i = first; i < dl->VtxBuffer.Size; ++i) {
        ImVec2& p = dl->VtxBuffer[i].pos;
        const float u = p.x - flat.x, v = p.y - flat.y;  // along and across the text
        p = ImVec2(left_mid.x + v, std::round(left_mid.y + ts.x * 0.5f - u));
    }
}

// Where a plot draws: its top-left corner, the font size, whether the mouse is over it, its draw list.
struct PlotArea {
    ImVec2 origin;
    float font;
    bool hovered;
    ImDrawList* dl;
};

// Places the plot's hit area (an invisible button tagged `id`, for hovering and window.smcalc.items()); a
// blank of the same size and nullopt when there is nothing to plot or no room for axes and labels.
std::optional<PlotArea> plot_area(const char* id, ImVec2 size, bool has_data) {
    if (!has_data || size.x < 80 || size.y < 60) {
        ImGui::Dummy(size);
        return std::nullopt;
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, size);
    tag_item(id);
    return PlotArea{origin, ImGui::GetFontSize(), ImGui::IsItemHovered(), ImGui::GetWindowDrawList()};
}

}  // namespace

void plot_curve(const char* id, const Curve& c, ImVec2 size, const Palette& pal) {
    const auto area = plot_area(id, size, c.x.size() >= 2);
    if (!area) return;
    const auto [origin, fh, hovered, dl] = *area;

    const float left = ImGui::CalcTextSize("100%").x + 8;
    Frame f{ImVec2(origin.x + left, origin.y + 4), ImVec2(origin.x + size.x - 8, origin.y + size.y - fh * 2 - 6)};
    dl->AddRectFilled(f.p0, f.p1, pal.plot_bg);
    draw_y_grid(dl, f, pal, f.p0.x - 6);

    const int64_t x0 = c.x.front(), x1 = c.x.back();
    const double span = static_cast<double>(x1 - x0);
    auto tx = [&](int64_t v) { return f.x_of(static_cast<double>(v - x0) / span); };

    // X ticks and the axis caption.
    for (int64_t v : ticks(x0, x1, std::max(2, static_cast<int>((f.p1.x - f.p0.x) / 70.0f)), c.x_bytes)) {
        const float x = tx(v);
        dl->AddLine(ImVec2(x, f.p1.y), ImVec2(x, f.p1.y + 3), pal.axis_text);
        const std::string s = x_text(c, v);
        const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(std::clamp(x - ts.x * 0.5f, f.p0.x - 4, f.p1.x - ts.x + 4), f.p1.y + 4), pal.axis_text,
                    s.c_str());
    }
    {
        const ImVec2 ts = ImGui::CalcTextSize(c.x_label.c_str());
        dl->AddText(ImVec2((f.p0.x + f.p1.x - ts.x) * 0.5f, f.p1.y + fh + 6), pal.axis_text, c.x_label.c_str());
    }

    // Step curve: each sample holds until the next one (occupancy only changes at allocation steps).
    dl->PushClipRect(ImVec2(f.p0.x - 1, f.p0.y - 2), ImVec2(f.p1.x + 1, f.p1.y + 1), true);
    const std::size_t n = c.x.size();
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const float xa = tx(c.x[i]), xb = tx(c.x[i + 1]);
        const float y = f.y_of(c.occupancy[i]);
        if (c.occupancy[i] > 0) dl->AddRectFilled(ImVec2(xa, y), ImVec2(xb, f.p1.y), pal.accent_fill);
        dl->AddLine(ImVec2(xa, y), ImVec2(xb, y), pal.accent, 2.0f);
        const float yn = f.y_of(c.occupancy[i + 1]);
        if (yn != y) dl->AddLine(ImVec2(xb, y), ImVec2(xb, yn), pal.accent, 2.0f);
    }
    dl->PopClipRect();

    // Current point.
    if (c.current_x >= x0 && c.current_x <= x1) {
        const float cx = tx(c.current_x);
        const float cy = f.y_of(c.current_occupancy);
        dl->AddLine(ImVec2(cx, f.p0.y), ImVec2(cx, f.p1.y), pal.marker & 0x60ffffff, 1.0f);
        dl->AddCircleFilled(ImVec2(cx, cy), 5.0f, pal.limiting);
        dl->AddCircle(ImVec2(cx, cy), 5.0f, pal.marker, 0, 1.5f);
    }

    // Hover: the sample under the mouse, with its value.
    if (hovered) {
        const float mx = ImGui::GetIO().MousePos.x;
        std::size_t best = 0;
        for (std::size_t i = 1; i < n; ++i)
            if (std::fabs(tx(c.x[i]) - mx) < std::fabs(tx(c.x[best]) - mx)) best = i;
        const float hx = tx(c.x[best]);
        const float hy = f.y_of(c.occupancy[best]);
        dl->AddLine(ImVec2(hx, f.p0.y), ImVec2(hx, f.p1.y), pal.axis_text, 1.0f);
        dl->AddCircleFilled(ImVec2(hx, hy), 4.0f, pal.accent);
        const std::string xs = c.x_bytes ? format_bytes(c.x[best]) : std::to_string(c.x[best]);
        if (c.blocks[best] < 0)
            ImGui::SetTooltip("%s %s\nno answer (invalid input)", xs.c_str(), c.x_label.c_str());
        else
            ImGui::SetTooltip("%s %s\n%s occupancy, %s per %s", xs.c_str(), c.x_label.c_str(),
                              format_percent(c.occupancy[best]).c_str(),
                              count_text(c.blocks[best], c.block.c_str(), (c.block + "s").c_str()).c_str(), c.per.c_str());
    }
}

void plot_heatmap(const char* id, const Heatmap& h, ImVec2 size, const Palette& pal) {
    const auto area = plot_area(id, size, h.w >= 1 && h.h >= 1);
    if (!area) return;
    const auto [origin, fh, hovered, dl] = *area;

    const float legend_w = ImGui::CalcTextSize("100%").x + 22;
    const float left = fh * 1.4f + ImGui::CalcTextSize("255").x + 6;
    Frame f{ImVec2(origin.x + left, origin.y + 4),
            ImVec2(origin.x + size.x - legend_w - 8, origin.y + size.y - fh * 2 - 6)};
    if (f.p1.x - f.p0.x < 40 || f.p1.y - f.p0.y < 30) return;
    const float cw = (f.p1.x - f.p0.x) / static_cast<float>(h.w);
    const float ch = (f.p1.y - f.p0.y) / static_cast<float>(h.h);

    draw_heatmap(dl, f.p0, f.p1, h.values, h.w, h.h, h.marker_x, h.marker_y, pal.dark);

    // Axes: threads (x) under the columns, registers (y) beside the rows.
    for (int i = 0; i < h.w; ++i) {
        const int64_t v = h.xs[i];
        if (!(v == h.xs.front() || v % 256 == 0 || i == h.w - 1)) continue;
        const float x = f.p0.x + (static_cast<float>(i) + 0.5f) * cw;
        const std::string s = std::to_string(v);
        const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
        if (i == h.w - 1 && v % 256 != 0) continue;
        dl->AddText(ImVec2(std::clamp(x - ts.x * 0.5f, f.p0.x - 4, f.p1.x - ts.x + 4), f.p1.y + 4), pal.axis_text,
                    s.c_str());
    }
    for (int j = 0; j < h.h; ++j) {
        const int64_t v = h.ys[j];
        if (!(v % 64 == 0 || j == 0 || j == h.h - 1)) continue;
        const float y = f.p1.y - (static_cast<float>(j) + 0.5f) * ch;
        const std::string s = std::to_string(v);
        const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
        dl->AddText(ImVec2(f.p0.x - ts.x - 5, y - ts.y * 0.5f), pal.axis_text, s.c_str());
    }
    {
        const char* xl = h.x_label.c_str();
        const ImVec2 ts = ImGui::CalcTextSize(xl);
        dl->AddText(ImVec2((f.p0.x + f.p1.x - ts.x) * 0.5f, f.p1.y + fh + 6), pal.axis_text, xl);
        const float room = f.p1.y - f.p0.y;
        // The y label, shortened to its first word when the plot is too low for it ("registers").
        const std::string first_word = h.y_label.substr(0, h.y_label.find(' '));
        const char* yl = ImGui::CalcTextSize(h.y_label.c_str()).x < room ? h.y_label.c_str() : first_word.c_str();
        text_vertical(dl, ImVec2(origin.x, (f.p0.y + f.p1.y) * 0.5f), pal.axis_text, yl);
    }

    // Legend: the same colour map, 0 .. 100 %.
    {
        const ImVec2 l0(f.p1.x + 12, f.p0.y), l1(f.p1.x + 22, f.p1.y);
        static const std::vector<float> ramp = [] {
            std::vector<float> v(33);
            for (int i = 0; i <= 32; ++i) v[static_cast<std::size_t>(i)] = static_cast<float>(i) / 32.0f;
            return v;
        }();
        draw_heatmap(dl, l0, l1, ramp, 1, 33, -1, -1, pal.dark);
        dl->AddText(ImVec2(l1.x + 3, l0.y - 2), pal.axis_text, "100%");
        dl->AddText(ImVec2(l1.x + 3, l1.y - fh + 2), pal.axis_text, "0%");
    }

    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int i = static_cast<int>(std::floor((m.x - f.p0.x) / cw));
        const int j = static_cast<int>(std::floor((f.p1.y - m.y) / ch));
        if (i >= 0 && i < h.w && j >= 0 && j < h.h) {
            const ImVec2 a(f.p0.x + static_cast<float>(i) * cw, f.p1.y - static_cast<float>(j + 1) * ch);
            dl->AddRect(a, ImVec2(a.x + cw, a.y + ch), pal.axis_text, 0, 0, 1.5f);
            const std::size_t idx = static_cast<std::size_t>(j) * h.w + i;
            ImGui::SetTooltip("%lld %s x %lld %s\n%s occupancy, %s per %s", static_cast<long long>(h.xs[i]),
                              h.x_label.c_str(), static_cast<long long>(h.ys[j]), h.y_label.c_str(),
                              format_percent(h.values[idx]).c_str(),
                              count_text(h.blocks[idx], h.block.c_str(), (h.block + "s").c_str()).c_str(), h.per.c_str());
        }
    }
}

}  // namespace smcalc::web
