// web/renderer_webgl2.hpp - smcalc's WebGL 2 renderer for Dear ImGui's draw data (GLSL ES 3.00 shaders
// from shaders/, embedded by cmake/EmbedShaders.cmake). Used instead of imgui_impl_opengl3: it is a third
// of the size, speaks only WebGL 2, and draws the occupancy heatmap (draw_heatmap in app.hpp).
//
// Implemented:
//  [x] ImDrawData with 16-bit indices and ImDrawCmd::VtxOffset (ImGuiBackendFlags_RendererHasVtxOffset)
//  [x] the font atlas as a one-channel R8 texture (coverage; imgui.frag reads it as alpha on white);
//      DestroyFontsTexture() after the atlas is rebuilt (new DPR)
//  [x] ImTextureID = a GL texture name (GLuint)
//  [x] one scissor rectangle per command, in framebuffer pixels (DisplayFramebufferScale applied)
//  [x] user callbacks (ImDrawCallback_ResetRenderState too) and the heatmap callback: an R32F data texture
//      drawn by shaders/heatmap.frag
//  [x] restores every piece of GL state it touches after each frame, to the state it found at Init (read
//      once: a glGet is a synchronous round trip to the browser's GPU process)
//
// The state is one struct (renderer_webgl2.cpp) reached through io.BackendRendererUserData.
#pragma once

struct ImDrawData;

namespace smcalc::web::renderer {

bool Init();                             // the WebGL 2 context must be current (shaders link in the
                                         // background; a failure shows on the console at the first draw)
void Shutdown();
void NewFrame();                         // every ImGui frame, before ImGui::NewFrame()
void RenderDrawData(ImDrawData* data);   // after ImGui::Render()
void DestroyFontsTexture();              // NewFrame() uploads the (rebuilt) atlas again

}  // namespace smcalc::web::renderer
