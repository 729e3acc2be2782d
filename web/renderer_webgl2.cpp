// web/renderer_webgl2.cpp - WebGL 2 renderer for ImGui draw data and the occupancy heatmap.
//
// Index
// [SECTION] state (and the GL state backup)
// [SECTION] shaders and device objects
// [SECTION] heatmap (draw_heatmap from app.hpp)
// [SECTION] Init / Shutdown / NewFrame / RenderDrawData

#include "renderer_webgl2.hpp"

#include <GLES3/gl3.h>
#include <emscripten/html5_webgl.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "app.hpp"
#include "imgui.h"
#include "smcalc_shaders.hpp"  // generated from shaders/ (cmake/EmbedShaders.cmake)

namespace smcalc::web {
namespace {

// [SECTION] state ---------------------------------------------------------------------------------------

// One heatmap queued by draw_heatmap() for this frame; the draw command carries its index.
struct HeatmapJob {
    std::vector<float> values;  // w*h occupancies in [0,1], row 0 at the bottom
    int w = 0, h = 0;
    int marker_x = -1, marker_y = -1;
    bool dark = true;
    ImVec2 p0, p1;  // CSS px
};

// GL state backup -----------------------------------------------------------------------------

// The GL state the renderer touches, put back after every frame, so that code sharing the context finds it as
// it left it between frames. The renderer starts on the context platform::Init has just made, so that state is
// WebGL 2's initial one (WebGL 2 / OpenGL ES 3.0 state tables): nothing is read back. Each glGet is a
// synchronous round trip to the browser's GPU process: reading the ~20 values made the page's "renderer"
// start-up step 8.1 ms instead of 3.75 ms (medians, `node tests/bench/ab.mjs <build before> dist 16 page`).
struct GlBackup {
    GLint active_texture = GL_TEXTURE0, program = 0, texture = 0, array_buffer = 0, vao = 0, unpack_alignment = 4;
    GLint viewport[4] = {}, scissor_box[4] = {};  // the drawing buffer's size when the context was made
    GLint blend_src_rgb = GL_ONE, blend_dst_rgb = GL_ZERO, blend_src_alpha = GL_ONE, blend_dst_alpha = GL_ZERO;
    GLint blend_eq_rgb = GL_FUNC_ADD, blend_eq_alpha = GL_FUNC_ADD;
    GLboolean blend = GL_FALSE, cull = GL_FALSE, depth = GL_FALSE, stencil = GL_FALSE, scissor = GL_FALSE;

    // A fresh context's state, with its drawing buffer of w x h pixels.
    void initial(int w, int h) {
        viewport[2] = scissor_box[2] = w;
        viewport[3] = scissor_box[3] = h;
    }
    static void set(GLenum cap, GLboolean on) { on ? glEnable(cap) : glDisable(cap); }
    void restore() const {
        glUseProgram(static_cast<GLuint>(program));
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture));
        glActiveTexture(static_cast<GLenum>(active_texture));
        glBindVertexArray(static_cast<GLuint>(vao));
        glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(array_buffer));
        glPixelStorei(GL_UNPACK_ALIGNMENT, unpack_alignment);
        glBlendEquationSeparate(static_cast<GLenum>(blend_eq_rgb), static_cast<GLenum>(blend_eq_alpha));
        glBlendFuncSeparate(static_cast<GLenum>(blend_src_rgb), static_cast<GLenum>(blend_dst_rgb),
                            static_cast<GLenum>(blend_src_alpha), static_cast<GLenum>(blend_dst_alpha));
        set(GL_BLEND, blend);
        set(GL_CULL_FACE, cull);
        set(GL_DEPTH_TEST, depth);
        set(GL_STENCIL_TEST, stencil);
        set(GL_SCISSOR_TEST, scissor);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glScissor(scissor_box[0], scissor_box[1], scissor_box[2], scissor_box[3]);
    }
};

struct Program {
    GLuint id = 0;
    GLuint vs = 0, fs = 0;  // until finish_program()
    GLint u_proj = -1;
};

struct Renderer {
    Program imgui;            // shaders/imgui.vert + imgui.frag
    GLint imgui_u_tex = -1;
    Program heat;             // shaders/heatmap.vert + heatmap.frag
    GLint heat_u_rect = -1, heat_u_values = -1, heat_u_size = -1, heat_u_marker = -1;
    GLint heat_u_rect_px = -1, heat_u_px_scale = -1, heat_u_dark = -1;
    GLuint vao = 0, vbo = 0, ebo = 0;
    GLuint heat_vao = 0;      // no attributes: corners come from gl_VertexID
    GLuint font_tex = 0;
    GLuint heat_tex = 0;      // R32F data texture, re-specified per heatmap
    std::vector<HeatmapJob> heatmaps;
    GlBackup found;           // the context's state at Init, restored after every frame
    enum class Programs { Pending, Ready, Failed } programs = Programs::Pending;
};

Renderer* state() {
    return ImGui::GetCurrentContext() ? static_cast<Renderer*>(ImGui::GetIO().BackendRendererUserData) : nullptr;
}

// [SECTION] shaders and device objects ------------------------------------------------------------------

// Compiling and linking are only queued here: WebGL runs them in the GPU process, and the first query of a
// status or a uniform location waits for them. finish_program() does that at the first draw, so the
// compile overlaps the font atlas, ui_init() and the first ImGui frame instead of delaying them.
void start_program(Program& p, const char* vs_src, const char* fs_src) {
    p.vs = glCreateShader(GL_VERTEX_SHADER);
    glShaderSource(p.vs, 1, &vs_src, nullptr);
    glCompileShader(p.vs);
    p.fs = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(p.fs, 1, &fs_src, nullptr);
    glCompileShader(p.fs);
    p.id = glCreateProgram();
    glAttachShader(p.id, p.vs);
    glAttachShader(p.id, p.fs);
    glLinkProgram(p.id);
}

void log_shader(GLuint shader, const char* program, const char* stage) {
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok) return;
    char log[1024] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    std::fprintf(stderr, "smcalc: %s %s shader failed to compile: %s\n", program, stage, log);
}

// Waits for the link; false (with the compiler's messages on the console) if it failed.
bool finish_program(Program& p, const char* name) {
    GLint ok = 0;
    glGetProgramiv(p.id, GL_LINK_STATUS, &ok);
    if (!ok) {
        log_shader(p.vs, name, "vertex");
        log_shader(p.fs, name, "fragment");
        char log[1024] = {};
        glGetProgramInfoLog(p.id, sizeof log, nullptr, log);
        std::fprintf(stderr, "smcalc: program %s failed to link: %s\n", name, log);
    }
    glDetachShader(p.id, p.vs);
    glDetachShader(p.id, p.fs);
    glDeleteShader(p.vs);
    glDeleteShader(p.fs);
    p.vs = p.fs = 0;
    if (ok) p.u_proj = glGetUniformLocation(p.id, "u_proj");
    return ok != 0;
}

bool finish_programs(Renderer& r) {
    if (r.programs != Renderer::Programs::Pending) return r.programs == Renderer::Programs::Ready;
    const bool imgui_ok = finish_program(r.imgui, "imgui");
    const bool ok = finish_program(r.heat, "heatmap") && imgui_ok;
    r.programs = ok ? Renderer::Programs::Ready : Renderer::Programs::Failed;
    if (!ok) return false;
    r.imgui_u_tex = glGetUniformLocation(r.imgui.id, "u_tex");
    r.heat_u_rect = glGetUniformLocation(r.heat.id, "u_rect");
    r.heat_u_values = glGetUniformLocation(r.heat.id, "u_values");
    r.heat_u_size = glGetUniformLocation(r.heat.id, "u_size");
    r.heat_u_marker = glGetUniformLocation(r.heat.id, "u_marker");
    r.heat_u_rect_px = glGetUniformLocation(r.heat.id, "u_rect_px");
    r.heat_u_px_scale = glGetUniformLocation(r.heat.id, "u_px_scale");
    r.heat_u_dark = glGetUniformLocation(r.heat.id, "u_dark");
    return true;
}

void create_font_texture(Renderer& r) {
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    // One channel (coverage): the atlas as ImGui rasterises it, without the RGBA copy (4x the bytes to fill and
    // to upload at start-up); imgui.frag reads it as alpha on white. The UI draws no images of its own.
    io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    glGenTextures(1, &r.font_tex);
    glBindTexture(GL_TEXTURE_2D, r.font_tex);
    // Linear: the atlas is rasterised at devicePixelRatio, so texels map 1:1 to device pixels anyway.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, w, h, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    glPixelStorei(GL_UNPACK_ALIGNMENT, r.found.unpack_alignment);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(r.found.texture));
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(r.font_tex)));
    // The pixels are on the GPU now; keep only the glyph tables (saves ~256 KB at DPR 2).
    io.Fonts->ClearTexData();
}

// Orthographic projection of ImDrawData's display rectangle (CSS px, y down) to clip space.
void projection(const ImDrawData* d, float m[16]) {
    const float l = d->DisplayPos.x, r = d->DisplayPos.x + d->DisplaySize.x;
    const float t = d->DisplayPos.y, b = d->DisplayPos.y + d->DisplaySize.y;
    const float p[16] = {2.0f / (r - l), 0, 0, 0, 0, 2.0f / (t - b), 0, 0, 0, 0, -1.0f, 0,
                         (r + l) / (l - r), (t + b) / (b - t), 0, 1.0f};
    for (int i = 0; i < 16; ++i) m[i] = p[i];
}

// The VAO's attribute pointers into the vertex buffer, starting at vertex `base`.
void point_attributes(unsigned int base) {
    constexpr auto stride = static_cast<GLsizei>(sizeof(ImDrawVert));
    const std::size_t b = std::size_t{base} * sizeof(ImDrawVert);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(b + offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(b + offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(b + offsetof(ImDrawVert, col)));
}

void setup_render_state(const Renderer& r, const ImDrawData* d, int fb_w, int fb_h) {
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    // Straight-alpha vertex colours over an opaque canvas (alpha kept sensible for screenshots).
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, fb_w, fb_h);
    float proj[16];
    projection(d, proj);
    glUseProgram(r.imgui.id);
    glUniform1i(r.imgui_u_tex, 0);
    glUniformMatrix4fv(r.imgui.u_proj, 1, GL_FALSE, proj);
    glBindVertexArray(r.vao);
    glBindBuffer(GL_ARRAY_BUFFER, r.vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.ebo);  // part of the VAO's state
}

// [SECTION] heatmap -------------------------------------------------------------------------------------

void heatmap_callback(const ImDrawList*, const ImDrawCmd*) {}  // identity only: RenderDrawData draws it

void draw_heatmap_job(const Renderer& r, const HeatmapJob& job, const ImDrawData* d) {
    if (job.w <= 0 || job.h <= 0 || job.values.size() < static_cast<std::size_t>(job.w) * job.h) return;
    float proj[16];
    projection(d, proj);
    const ImVec2 scale = d->FramebufferScale;
    glBindTexture(GL_TEXTURE_2D, r.heat_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);  // rows of floats; put back with the rest after the frame
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, job.w, job.h, 0, GL_RED, GL_FLOAT, job.values.data());
    glUseProgram(r.heat.id);
    glUniformMatrix4fv(r.heat.u_proj, 1, GL_FALSE, proj);
    glUniform4f(r.heat_u_rect, job.p0.x, job.p0.y, job.p1.x, job.p1.y);
    glUniform1i(r.heat_u_values, 0);
    glUniform2i(r.heat_u_size, job.w, job.h);
    glUniform2i(r.heat_u_marker, job.marker_x, job.marker_y);
    glUniform2f(r.heat_u_rect_px, (job.p1.x - job.p0.x) * scale.x, (job.p1.y - job.p0.y) * scale.y);
    glUniform1f(r.heat_u_px_scale, scale.x);
    glUniform1f(r.heat_u_dark, job.dark ? 1.0f : 0.0f);
    glDisable(GL_BLEND);
    glBindVertexArray(r.heat_vao);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

}  // namespace

void draw_heatmap(ImDrawList* list, const ImVec2& p0, const ImVec2& p1, const std::vector<float>& values, int w,
                  int h, int marker_x, int marker_y, bool dark) {
    Renderer* r = state();
    if (!r || !list || w <= 0 || h <= 0 || values.size() < static_cast<std::size_t>(w) * h) return;
    const bool in_range = marker_x >= 0 && marker_x < w && marker_y >= 0 && marker_y < h;
    r->heatmaps.push_back(HeatmapJob{values, w, h, in_range ? marker_x : -1, in_range ? marker_y : -1, dark, p0, p1});
    list->AddCallback(&heatmap_callback, reinterpret_cast<void*>(r->heatmaps.size() - 1));
}

// [SECTION] Init / Shutdown / NewFrame / RenderDrawData -------------------------------------------------

namespace renderer {

bool Init() {
    ImGuiIO& io = ImGui::GetIO();
    IM_ASSERT(io.BackendRendererUserData == nullptr);
    auto* r = new Renderer();
    io.BackendRendererUserData = r;
    io.BackendRendererName = "smcalc_webgl2";
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;

    int w = 0, h = 0;
    emscripten_webgl_get_drawing_buffer_size(emscripten_webgl_get_current_context(), &w, &h);
    r->found.initial(w, h);

    start_program(r->imgui, shaders::imgui_vert, shaders::imgui_frag);
    start_program(r->heat, shaders::heatmap_vert, shaders::heatmap_frag);

    glGenVertexArrays(1, &r->vao);
    glGenBuffers(1, &r->vbo);
    glGenBuffers(1, &r->ebo);
    glBindVertexArray(r->vao);
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    point_attributes(0);
    glGenVertexArrays(1, &r->heat_vao);

    glGenTextures(1, &r->heat_tex);
    glBindTexture(GL_TEXTURE_2D, r->heat_tex);
    // R32F is not filterable in WebGL 2 without an extension; the shader uses texelFetch anyway.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    r->found.restore();
    return true;
}

void DestroyFontsTexture() {
    Renderer* r = state();
    if (!r || !r->font_tex) return;
    glDeleteTextures(1, &r->font_tex);
    r->font_tex = 0;
    ImGui::GetIO().Fonts->SetTexID(nullptr);
}

void Shutdown() {
    Renderer* r = state();
    if (!r) return;
    DestroyFontsTexture();
    if (r->heat_tex) glDeleteTextures(1, &r->heat_tex);
    if (r->vbo) glDeleteBuffers(1, &r->vbo);
    if (r->ebo) glDeleteBuffers(1, &r->ebo);
    if (r->vao) glDeleteVertexArrays(1, &r->vao);
    if (r->heat_vao) glDeleteVertexArrays(1, &r->heat_vao);
    if (r->imgui.id) glDeleteProgram(r->imgui.id);
    if (r->heat.id) glDeleteProgram(r->heat.id);
    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererUserData = nullptr;
    io.BackendRendererName = nullptr;
    io.BackendFlags &= ~ImGuiBackendFlags_RendererHasVtxOffset;
    delete r;
}

void NewFrame() {
    Renderer* r = state();
    IM_ASSERT(r != nullptr && "renderer::Init() first");
    r->heatmaps.clear();  // draw_heatmap() of the frame about to start queues new ones
    if (!r->font_tex) create_font_texture(*r);
}

void RenderDrawData(ImDrawData* d) {
    Renderer* r = state();
    const int fb_w = static_cast<int>(d->DisplaySize.x * d->FramebufferScale.x);
    const int fb_h = static_cast<int>(d->DisplaySize.y * d->FramebufferScale.y);
    if (!r || fb_w <= 0 || fb_h <= 0 || !finish_programs(*r)) return;

    setup_render_state(*r, d, fb_w, fb_h);

    const ImVec2 off = d->DisplayPos;
    const ImVec2 scale = d->FramebufferScale;
    unsigned int vtx_base = 0;  // ImDrawCmd::VtxOffset the attributes point at
    for (int n = 0; n < d->CmdListsCount; ++n) {
        const ImDrawList* list = d->CmdLists[n];
        // Orphan and refill: WebGL has no mapping, and a fresh store avoids a GPU sync on busy drivers.
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * sizeof(ImDrawVert),
                     list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * sizeof(ImDrawIdx),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        if (vtx_base != 0) point_attributes(vtx_base = 0);
        for (int c = 0; c < list->CmdBuffer.Size; ++c) {
            const ImDrawCmd* cmd = &list->CmdBuffer[c];
            // Clip rectangle in framebuffer pixels; GL's scissor origin is the bottom left.
            const float x0 = std::max((cmd->ClipRect.x - off.x) * scale.x, 0.0f);
            const float y0 = std::max((cmd->ClipRect.y - off.y) * scale.y, 0.0f);
            const float x1 = std::min((cmd->ClipRect.z - off.x) * scale.x, static_cast<float>(fb_w));
            const float y1 = std::min((cmd->ClipRect.w - off.y) * scale.y, static_cast<float>(fb_h));
            const bool visible = x1 > x0 && y1 > y0;
            if (visible) {
                glScissor(static_cast<GLint>(x0), static_cast<GLint>(static_cast<float>(fb_h) - y1),
                          static_cast<GLsizei>(x1 - x0), static_cast<GLsizei>(y1 - y0));
            }
            if (cmd->UserCallback == &heatmap_callback) {
                const auto index = reinterpret_cast<std::uintptr_t>(cmd->UserCallbackData);
                if (visible && index < r->heatmaps.size()) {
                    draw_heatmap_job(*r, r->heatmaps[index], d);
                    setup_render_state(*r, d, fb_w, fb_h);
                }
            } else if (cmd->UserCallback == ImDrawCallback_ResetRenderState) {
                setup_render_state(*r, d, fb_w, fb_h);
            } else if (cmd->UserCallback) {
                cmd->UserCallback(list, cmd);
            } else if (visible && cmd->ElemCount > 0) {
                glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(cmd->GetTexID())));
                // WebGL 2 has no base-vertex draw: VtxOffset re-points the attributes instead.
                if (cmd->VtxOffset != vtx_base) point_attributes(vtx_base = cmd->VtxOffset);
                glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd->ElemCount),
                               sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                               reinterpret_cast<void*>(cmd->IdxOffset * sizeof(ImDrawIdx)));
            }
        }
    }
    r->found.restore();
}

}  // namespace renderer
}  // namespace smcalc::web
