// shaders/heatmap.vert - one rectangle, no vertex buffer: a 4-vertex triangle strip whose corners come
// from gl_VertexID. u_rect is the heatmap's rectangle in CSS px (x0, y0, x1, y1, y down).
uniform mat4 u_proj;
uniform vec4 u_rect;

out vec2 v_uv;  // (0,0) bottom left .. (1,1) top right of the heatmap, matching row 0 = bottom

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));  // (0,0) (1,0) (0,1) (1,1)
    v_uv = vec2(corner.x, 1.0 - corner.y);
    gl_Position = u_proj * vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
