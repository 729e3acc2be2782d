// shaders/imgui.vert - ImGui's vertices (web/renderer_webgl2.cpp). Positions are in CSS pixels with the
// origin at the top left; u_proj maps ImDrawData's display rectangle to clip space.
// The "#version 300 es" line is added by cmake/EmbedShaders.cmake.
uniform mat4 u_proj;

layout(location = 0) in vec2 a_pos;  // CSS px
layout(location = 1) in vec2 a_uv;   // font atlas / texture coordinates
layout(location = 2) in vec4 a_col;  // RGBA8, normalised by the vertex attribute setup

out vec2 v_uv;
out vec4 v_col;

void main() {
    v_uv = a_uv;
    v_col = a_col;
    gl_Position = u_proj * vec4(a_pos, 0.0, 1.0);
}
