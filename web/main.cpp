// web/main.cpp - the page's entry point: ImGui context, fonts at devicePixelRatio, and the on-demand frame.
//
// A frame is drawn only when the platform asks for one (an input event, a resize, the URL hash changing) or
// while the UI or ImGui still needs one (a pending recompute, the text cursor's blink while a field is
// edited, a few frames for layouts to settle after input). Otherwise nothing runs: 0 frames while idle.

#include <GLES3/gl3.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>

#include "app.hpp"
#include "fonts.hpp"
#include "imgui.h"
#include "platform_html5.hpp"
#include "renderer_webgl2.hpp"

struct ImGuiContext;

// The link replaces ImGui::TableSettingsInstallHandler with this (web/CMakeLists.txt, --wrap, as for
// AddFontDefault in fonts.cpp): the page has no imgui.ini (io.IniFilename = nullptr below; its state lives in the
// URL hash), so the handler that reads and writes tables' columns in that file never runs, and its code
// (~2 KB of wasm) leaves the page. Tables keep their in-memory settings; only the .ini text form is gone.
extern "C" void __wrap__ZN5ImGui27TableSettingsInstallHandlerEP12ImGuiContext(ImGuiContext*) {}

namespace smcalc::web {
namespace {

// Body and headline fonts (fonts.hpp): the page's typeface at these CSS pixel sizes, rasterised at
// devicePixelRatio so text is crisp at any density; FontGlobalScale brings them back to CSS pixels.
constexpr float kFontSizes[] = {kBodyFontPx, kHeadlineFontPx};
constexpr FontRole kFontRoles[] = {FontRole::Body, FontRole::Headline};
constexpr int kSettleFrames = 2;        // frames after input for auto-sized windows and hover states
constexpr int kMaxImGuiFramesPerDraw = 32;  // input trickling: ImGui frames run in one animation frame
// Layout passes run unseen in one animation frame once the page has shown its first frame: the settled
// layout is presented one animation frame later, not after one presented frame per pass (each costs a full
// draw: ~30 ms with software GL). The first frame itself is one pass, shown as soon as it exists.
constexpr int kMaxLayoutPasses = 4;
constexpr double kBlinkMs = 200.0;      // frame interval while a text field is being edited

int settle = 3;  // the first frames lay the windows out
bool shown = false;  // a frame has been presented

// FNV-1a over 32-bit words: a draw's fingerprint, ~0.1 ms for a full page's vertices. `bytes` is a multiple of
// 4 for every buffer hashed here (ImDrawVert: 20 B, ImDrawCmd: 32 B, floats).
std::uint32_t mix(std::uint32_t h, const void* data, int bytes) {
    for (int i = 0; i < bytes; i += 4) {
        std::uint32_t w;
        std::memcpy(&w, static_cast<const char*>(data) + i, 4);
        h = (h ^ w) * 16777619u;
    }
    return h;
}

void rasterise_fonts(float dpr) {
    ImGuiIO& io = ImGui::GetIO();
    ImFontAtlas* atlas = io.Fonts;
    if (atlas->Fonts.empty()) {
        for (std::size_t i = 0; i < std::size(kFontSizes); ++i) add_ui_font(atlas, kFontRoles[i], kFontSizes[i], dpr);
    } else {
        // Re-rasterise in place: the ImFont objects (and the UI's pointers to them) stay valid.
        for (int i = 0; i < atlas->ConfigData.Size && i < static_cast<int>(std::size(kFontSizes)); ++i) {
            atlas->ConfigData[i].SizePixels = std::round(kFontSizes[i] * dpr);
            atlas->ConfigData[i].OversampleH = font_oversample_h(dpr);
        }
        atlas->ClearTexData();
        renderer::DestroyFontsTexture();
    }
    io.FontGlobalScale = 1.0f / dpr;
}

void frame() {
    ImGuiIO& io = ImGui::GetIO();
    UiNext next = UiNext::Idle;
    for (int i = 0, passes = 0; i < kMaxImGuiFramesPerDraw; ++i) {
        const platform::FrameInput in = platform::NewFrame();
        if (in.dpr_changed) rasterise_fonts(platform::DevicePixelRatio());
        if (in.had_input) settle = kSettleFrames;
        renderer::NewFrame();
        ImGui::NewFrame();
        next = ui_frame(io.DisplaySize.x, io.DisplaySize.y);
        ImGui::Render();
        if (platform::HasQueuedInput()) continue;
        if (!shown || passes == kMaxLayoutPasses || (next != UiNext::Relayout && settle == 0)) break;
        if (next != UiNext::Relayout) --settle;
        ++passes;
    }
    const bool ui_wants_more = next != UiNext::Idle;
    shown = true;
    platform::EndFrame();

    // A frame whose picture is the one on the canvas already (layout-settling frames, hover states, an input
    // that changed nothing visible: the same vertices and draw commands, whose element counts and offsets stand
    // for the indices ImGui writes with the vertices) is not drawn again: the canvas keeps its last frame (preserveDrawingBuffer),
    // and each drawn frame costs a full draw and, with software compositing, a read-back of the canvas (~30 ms
    // on a 2-core machine; five embeds on one page: docs/performance.md "Several embeds on one page").
    static std::uint32_t drawn = 0;
    const ImDrawData* dd = ImGui::GetDrawData();
    const float view[] = {dd->DisplaySize.x, dd->DisplaySize.y, dd->FramebufferScale.x, dd->FramebufferScale.y};
    std::uint32_t h = mix(2166136261u, view, sizeof view);
    for (int i = 0; i < dd->CmdListsCount; ++i) {
        const ImDrawList* l = dd->CmdLists[i];
        h = mix(h, l->VtxBuffer.Data, l->VtxBuffer.size_in_bytes());
        h = mix(h, l->CmdBuffer.Data, l->CmdBuffer.size_in_bytes());
    }
    const bool held = platform::Held();  // an embed draws from its options on (platform_html5.hpp)
    if (!held && h != drawn) {
        drawn = h;
        const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
        glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
                   static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
        glClearColor(bg.x, bg.y, bg.z, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer::RenderDrawData(ImGui::GetDrawData());
    }
    if (!held) platform::CountPresentedFrame();  // frames() counts frames shown, drawn or kept

    if (platform::HasQueuedInput() || ui_wants_more) {
        platform::RequestFrame();
    } else if (settle > 0) {
        --settle;
        platform::RequestFrame();
    } else if (io.WantTextInput) {
        platform::RequestFrameIn(kBlinkMs);
    }
}

}  // namespace
}  // namespace smcalc::web

int main() {
    using namespace smcalc::web;
    // Start-up marks (platform::MarkStartup): each names the step that just ended; tests/bench/page.mjs
    // reports the time between them (docs/performance.md), the first frame marks itself.
    platform::MarkStartup("main");
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini: the page's state lives in the URL hash
    io.LogFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;

    Host host;
    std::string hash;
    if (!platform::Init(&host, &hash)) return 1;
    platform::MarkStartup("webgl-context");
    rasterise_fonts(host.device_pixel_ratio);
    {
        // The atlas is built here rather than inside renderer::Init, only so that its time has its own mark.
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    }
    platform::MarkStartup("font-atlas");
    if (!renderer::Init()) return 1;
    platform::MarkStartup("renderer");
    ui_init(host, hash);
    platform::MarkStartup("ui-init");
    platform::SetFrameCallback(frame);
    frame();  // the first frame now rather than at the next animation frame: it shows one vsync sooner
    return 0;  // the runtime stays alive (EXIT_RUNTIME=0); frames run from requestAnimationFrame
}
