// shaders/imgui.frag - ImGui's triangles: vertex colour times the font atlas's coverage. The atlas is a
// one-channel (R8) texture (web/renderer_webgl2.cpp create_font_texture), read as alpha on white; ImGui's solid
// shapes sample its white texel (coverage 1).
precision mediump float;

uniform sampler2D u_tex;

in vec2 v_uv;
in vec4 v_col;

out vec4 o_col;

void main() {
    o_col = v_col * vec4(1.0, 1.0, 1.0, texture(u_tex, v_uv).r);
}
