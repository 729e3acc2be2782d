// shaders/imgui.frag - ImGui's triangles: vertex colour times the bound texture (RGBA font atlas).
precision mediump float;

uniform sampler2D u_tex;

in vec2 v_uv;
in vec4 v_col;

out vec4 o_col;

void main() {
    o_col = v_col * texture(u_tex, v_uv);
}
