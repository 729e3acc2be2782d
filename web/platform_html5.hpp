// web/platform_html5.hpp - the browser side of the page: canvas, WebGL 2 context, input events, clipboard,
// URL, theme, ARIA live region and the on-demand frame loop, on <emscripten/html5.h> plus a few EM_JS
// listeners where html5.h has no API (text input, paste, hashchange). Everything that touches the DOM is in
// platform_html5.cpp; nothing else in the project calls EM_JS.
//
// Implemented (ImGui 1.86 platform backend):
//  [x] mouse: move, buttons (drags continue outside the canvas), wheel (pixel/line/page modes), cursor shapes
//  [x] touch: tap = click, one-finger drag = mouse drag, two-finger drag = wheel scroll
//  [x] keyboard: navigation/editing keys, Ctrl/Cmd shortcuts (A C V X Y Z), key repeat from the browser
//  [x] text input through a hidden <textarea> (IME, on-screen keyboards, paste), or keydown when unfocused
//  [x] clipboard: navigator.clipboard.writeText with an execCommand('copy') fallback; paste from the event
//  [x] resize and devicePixelRatio: backing store = CSS size x DPR, DisplayFramebufferScale
//  [x] input trickling: a press and release (or key events) arriving between two frames are applied in
//      separate ImGui frames, so quick clicks and typing are never merged or lost (ImGui 1.86 has no queue)
//  [x] render on demand: requestAnimationFrame only after an event or when asked; 0 frames while idle
#pragma once

#include <string>

#include "app.hpp"

struct ImGuiIO;

namespace smcalc::web::platform {

// Element ids in index.html.
struct Elements {
    const char* canvas = "#canvas";          // the WebGL canvas, sized by CSS
    const char* text_input = "smcalc-text";  // hidden <textarea> that receives text while ImGui edits
    const char* live_region = "smcalc-live"; // aria-live="polite" element mirroring the readouts
};

// Creates the WebGL 2 context on the canvas, registers every event listener, fills `host` (DPR, embed,
// theme, page URL, service functions) and `url_hash` (location.hash without '#'). ImGui's context must
// exist. False (with a message on the console and in the page) if WebGL 2 is unavailable.
bool Init(Host* host, std::string* url_hash);
void Shutdown();

// Called at most once per animation frame, only when a frame was requested.
void SetFrameCallback(void (*frame)());
void RequestFrame();               // coalesced: one requestAnimationFrame at a time
void RequestFrameIn(double ms);    // a timer, then RequestFrame (the text cursor's blink)

// Per ImGui frame, before ImGui::NewFrame(): display size, framebuffer scale, delta time, and queued input up
// to the first event that must wait for the next frame.
struct FrameInput {
    bool dpr_changed = false;  // the fonts must be rasterised again
    bool had_input = false;    // at least one event was applied (the UI may need a frame or two to settle)
};
FrameInput NewFrame();
bool HasQueuedInput();             // events left for another ImGui frame
// An embed (?embed=1) until web/js/messages.js applied its options (smcalc_page_embed) and, in a frame with a
// host page (origin=), until the host's first messages were handled or 300 ms passed: its frames lay the UI
// out (the height it reports) but draw nothing, so it never shows the default calculator the author did not
// ask for, and five embeds on one page do not each draw (and, with software compositing, read back) the
// frames before their options: docs/performance.md "Several embeds on one page".
bool Held();
// After ImGui::Render(): cursor shape, focus of the hidden textarea (on-screen keyboard, IME position).
void EndFrame();

float DevicePixelRatio();

// Frames drawn to the canvas since start (window.smcalc.frames(): the idle test expects it to stand still).
void CountPresentedFrame();

// performance.mark("smcalc:" + phase) (the User Timing API: DevTools shows the marks in a recorded trace, and
// tests/bench/page.mjs reports the time between them): main() marks the end of each start-up step.
void MarkStartup(const char* phase);

}  // namespace smcalc::web::platform
