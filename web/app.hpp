// web/app.hpp - the seam between the platform/renderer layer (web/main.cpp, platform_html5.cpp,
// renderer_webgl2.cpp) and the calculator's ImGui views (web/ui*.cpp).
//
// The platform side owns the browser: canvas, events, GL, clipboard, URL hash, the ARIA live region and
// the frame loop (render on demand only). The UI side owns the calculator state and draws ImGui windows.
// Neither side does domain math: that is smcalc_core.
#pragma once

#include <optional>
#include <string>
#include <vector>

struct ImDrawList;
struct ImVec2;

namespace smcalc::web {

// Services the platform layer gives the UI. Every member is set before ui_init().
// Fonts: before ui_init() the platform adds ImGui's built-in ProggyClean twice, io.Fonts->Fonts[0] (body,
// 13 CSS px) and Fonts[1] (headline, 26 CSS px), rasterised at devicePixelRatio with FontGlobalScale =
// 1/DPR; both stay valid when the DPR changes (re-rasterised in place). Glyphs: ASCII, U+00A0..00BF,
// U+00D7 and U+00F7 in the body font; the headline font has only what numbers need (space, %, - . / 0-9, ?).
struct Host {
    float device_pixel_ratio = 1.0f;  // for crisp text (fonts are rasterised at this scale)
    bool embed = false;               // ?embed=1: compact layout for a 640 x 480 iframe
    bool quiz = false;                // ?embed=1&quiz=1: answers hidden from the first frame (predict first)
    bool dark = true;                 // prefers-color-scheme
    void (*copy_to_clipboard)(const std::string& text) = nullptr;
    void (*set_url_hash)(const std::string& hash) = nullptr;  // without '#'; replaceState, no history spam
    void (*announce)(const std::string& text) = nullptr;       // ARIA live region mirror of the readouts
    // Pasted compiler output is read by the JS API module (smcalc-api.js, loaded on demand; op "parse"), so
    // the page's wasm carries no reader and no demangler, and reads what the CLI and the API read. `done` gets the
    // request's `id` and the answer as lines (web/js/page.js, smcalc.read_lines: "E\t<error>", "S\t<summary>",
    // "N\t<note>", "K\t<NVIDIA kernel>", "A\t<AMD kernel>").
    void (*read_output)(int id, const std::string& text, void (*done)(int id, const std::string& lines)) = nullptr;
    // A tile with a CUTLASS schedule (the page's core leaves them out: page weight) is answered by the same module
    // from the page's URL hash (web/page_tile.cpp): `done` gets the request's `id` and the answer as lines.
    void (*tile_lines)(int id, const std::string& hash, void (*done)(int id, const std::string& lines)) = nullptr;
    // The GPU notes (the page's core leaves them out: page weight), from the same module's gpus list: `done` gets
    // a line per GPU, "<name>\t<note>".
    void (*gpu_notes)(void (*done)(const std::string& lines)) = nullptr;
    std::string page_url;                                      // location without hash, for "Copy link"
    // Saved state and files (ui_saved.cpp). A browser that refuses storage (private mode, sandboxed iframe,
    // quota) gets answers, never an exception: no entries (nullopt) and false.
    // JSON array of [key, value] for the localStorage keys starting with "smcalc."; nullopt: storage unusable.
    std::optional<std::string> (*storage_entries)() = nullptr;
    // The saved entries' JSON (that list; an export file) is read by the JS API module with the API's JSON library
    // (web/page_saved.cpp): `kind` kSavedStorage or kSavedImport (ui_storage.hpp); `done` gets the kind and the
    // entries as lines (read_saved_lines).
    void (*saved_lines)(int kind, const std::string& text, void (*done)(int kind, const std::string& lines)) = nullptr;
    bool (*storage_set)(const std::string& key, const std::string& value) = nullptr;
    bool (*storage_remove)(const std::string& key) = nullptr;
    void (*download)(const std::string& file_name, const std::string& json_text) = nullptr;  // a Blob, saved
    // Opens the browser's file dialog (call it inside the click that asked: browsers allow it only in a user
    // gesture). The chosen file's text and name come back later through `chosen`; nothing if none is chosen.
    void (*pick_file)(void (*chosen)(const std::string& text, const std::string& name)) = nullptr;
    // An embed's layout changed: the height it needs and where the prediction form goes (x, y, w, h), CSS px,
    // for the page's messages script (web/js/messages.js), which sizes the host's iframe and places the form.
    void (*embed_layout)(int height, int x, int y, int w, int h) = nullptr;
    // "Copy embed code": the author's dialog (web/js/messages.js, loaded on demand), which asks where the
    // calculator sits on the course site before it writes the snippet for the inputs `hash`.
    void (*embed_code)(const std::string& hash) = nullptr;
    // "Paste a device report" (issue 33): the dialog of web/js/messages.js (loaded on demand) reads the pasted
    // report through the JS API and applies its device to the inputs `hash` (set_hash).
    void (*device_report)(const std::string& hash) = nullptr;
    void (*open_file)() = nullptr;  // "Open a compiled file": window.smcalc.open_file() (web/js/page.js)
};

// Called once after ImGui and GL are up. `url_hash` is location.hash without '#'.
void ui_init(const Host& host, const std::string& url_hash);

// The browser's hash changed (back/forward, user edit).
void ui_on_hash_change(const std::string& url_hash);

// What the UI asks for after a frame: nothing (idle until input), another layout pass before anything is
// shown (sizes that ImGui takes from the previous frame changed, the deferred graphs, a pending recompute,
// a card being scrolled into view: the platform runs such passes unseen, a few per animation frame), or a
// frame at the next animation frame (something changes with time: the "Copied" feedback).
enum class UiNext { Idle, Relayout, NextFrame };

// Draws the UI for one frame (inside ImGui::NewFrame()/Render()); the platform also redraws on any input event.
UiNext ui_frame(float width, float height);

// The embed options of web/js/messages.js (docs/embedding.md, URL parameters): flags 1 hides the answers (the
// prediction form covers their place), 2 leaves the detail tabs out; `locked` the hash keys the reader cannot
// change (",t,r,gpu,"); `tab` a detail tab's label to open; `heading` over the presets (nullptr: the default,
// "": none); `verdict` the mark of a prediction, shown over the answer (`right`: in the text colour, else red).
void ui_set_embed(int flags, const char* locked, const char* tab, const char* heading, const char* verdict, bool right);

// JSON of the current inputs and results (window.smcalc.state() for tests and course pages).
std::string ui_state_json();

// Heatmap drawn by the renderer with shaders/heatmap.frag from a data texture: `values` is w*h
// occupancies in [0,1], row-major, row 0 at the bottom; `marker` the current cell (-1 for none).
// Adds a draw callback to `list` covering the rectangle p0..p1 (implemented in renderer_webgl2.cpp).
void draw_heatmap(ImDrawList* list, const ImVec2& p0, const ImVec2& p1, const std::vector<float>& values, int w,
                  int h, int marker_x, int marker_y, bool dark);

}  // namespace smcalc::web
