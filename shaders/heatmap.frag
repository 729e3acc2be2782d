// shaders/heatmap.frag - occupancy heatmap from a data texture (web/renderer_webgl2.cpp, draw_heatmap).
//
// u_values is a w x h R32F texture of occupancies in [0, 1], row 0 at the bottom, sampled per cell with
// texelFetch (no filtering: each cell is one launch configuration). Colours follow viridis (perceptually
// uniform, readable by people with the common colour-vision deficiencies). Thin cell borders appear once
// cells are large enough to see them; the current configuration gets a ring and a crosshair.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_values;
uniform ivec2 u_size;      // cells (w, h)
uniform ivec2 u_marker;    // current cell, (-1, -1) for none
uniform vec2 u_rect_px;    // the rectangle's size in framebuffer pixels (borders and the ring in pixels)
uniform float u_px_scale;  // framebuffer pixels per CSS pixel (devicePixelRatio)
uniform float u_dark;      // 1.0 on the dark theme, 0.0 on the light one

in vec2 v_uv;
out vec4 o_col;

// matplotlib's viridis (CC0) as a 6th-degree polynomial fit (Matt Zucker's coefficients, shadertoy WlfXRN).
vec3 viridis(float t) {
    const vec3 c0 = vec3(0.2777273272234177, 0.005407344544966578, 0.3340998053353061);
    const vec3 c1 = vec3(0.1050930431085774, 1.404613529898575, 1.384590162594685);
    const vec3 c2 = vec3(-0.3308618287255563, 0.214847559468213, 0.09509516302823659);
    const vec3 c3 = vec3(-4.634230498983486, -5.799100973351585, -19.33244095627987);
    const vec3 c4 = vec3(6.228269936347081, 14.17993336680509, 56.69055260068105);
    const vec3 c5 = vec3(4.776384997670288, -13.74514537774601, -65.35303263337234);
    const vec3 c6 = vec3(-5.435455855934631, 4.645852612178535, 26.3124352495832);
    return c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * (c5 + t * c6)))));
}

void main() {
    vec2 cells = vec2(u_size);
    vec2 pos = v_uv * cells;  // in cells
    ivec2 cell = clamp(ivec2(floor(pos)), ivec2(0), u_size - 1);
    float v = clamp(texelFetch(u_values, cell, 0).r, 0.0, 1.0);
    vec3 col = viridis(v);

    // Cell borders, 1 CSS px, only where a cell is at least 6 CSS px wide and tall.
    vec2 cell_px = u_rect_px / cells;
    vec2 f = fract(pos) * cell_px;
    vec2 edge = min(f, cell_px - f);
    float border = 1.0 - smoothstep(0.0, u_px_scale, min(edge.x, edge.y));
    vec3 bg = u_dark > 0.5 ? vec3(0.08, 0.09, 0.11) : vec3(1.0);
    if (min(cell_px.x, cell_px.y) >= 6.0 * u_px_scale) col = mix(col, bg, 0.45 * border);

    if (u_marker.x >= 0 && u_marker.y >= 0) {
        vec2 here = v_uv * u_rect_px;                          // framebuffer px from the bottom left
        vec2 centre = (vec2(u_marker) + 0.5) * cell_px;
        float r = max(0.5 * max(cell_px.x, cell_px.y) + 2.0 * u_px_scale, 6.0 * u_px_scale);
        float d = abs(length(here - centre) - r);              // distance to the ring
        float line = min(abs(here.x - centre.x), abs(here.y - centre.y));
        float cross = (length(here - centre) > r) ? line : 1e9;  // crosshair outside the ring
        float ink = 1.0 - smoothstep(0.5 * u_px_scale, 1.5 * u_px_scale, min(d, cross));
        float halo = 1.0 - smoothstep(1.5 * u_px_scale, 2.5 * u_px_scale, d);
        vec3 ink_col = u_dark > 0.5 ? vec3(1.0) : vec3(0.0);
        vec3 halo_col = vec3(1.0) - ink_col;
        col = mix(col, halo_col, 0.8 * halo * (1.0 - ink));
        col = mix(col, ink_col, ink * (length(here - centre) > r ? 0.55 : 1.0));
    }
    o_col = vec4(col, 1.0);
}
