// web/fonts.hpp - the page's typeface (Roboto, subset at build time by web/font_subset.py) for Dear ImGui.
#pragma once

struct ImFont;
struct ImFontAtlas;

namespace smcalc::web {

// Text sizes in CSS pixels. ImGui's font size is the line height (ascender to descender), so Roboto at 14 px
// has an em of 14 / 1.172 = 11.9 px: body text a little smaller than a browser's 13 px, numbers the same
// width each (tabular digits). The headline numbers are twice that.
inline constexpr float kBodyFontPx = 14.0f;
inline constexpr float kHeadlineFontPx = 28.0f;

enum class FontRole { Body, Headline };

// Below 2 device pixels per CSS pixel, glyphs are rasterised at half-pixel steps (2x horizontal
// oversampling) so proportional text keeps its spacing; at 2 and above, whole device pixels suffice.
inline int font_oversample_h(float dpr) { return dpr < 1.5f ? 2 : 1; }

// Adds the typeface to `atlas` at `css_px` x `dpr` device pixels with the glyphs of `role` (the headline font
// has only what big numbers use). The atlas reads the font bytes in place (they live as long as the page).
ImFont* add_ui_font(ImFontAtlas* atlas, FontRole role, float css_px, float dpr);

}  // namespace smcalc::web
