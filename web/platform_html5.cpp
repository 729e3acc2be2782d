// web/platform_html5.cpp - browser glue: every EM_JS and html5.h call of the page (see platform_html5.hpp).
//
// Index
// [SECTION] state
// [SECTION] JavaScript glue (EM_JS)
// [SECTION] input queue and trickling
// [SECTION] html5.h callbacks: mouse, wheel, touch, keyboard, resize, focus
// [SECTION] callbacks from the EM_JS listeners (text, paste, hash)
// [SECTION] frame scheduling
// [SECTION] item hooks (window.smcalc.items(): where each labelled widget is, for browser tests)
// [SECTION] Init / NewFrame / EndFrame

#include "platform_html5.hpp"
#include "ui_storage.hpp"  // kEmbedBaseKey

#include <emscripten.h>
#include <emscripten/html5.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // ImRect, ImGuiContext: the item hooks below
#include "ui_state.hpp"      // append_utf8, json_string: the page's one UTF-8 encoder and JSON quoting

namespace smcalc::web::platform {
namespace {

// [SECTION] state ---------------------------------------------------------------------------------------

enum class Kind : std::uint8_t { MousePos, MouseButton, Wheel, Key, Char, Mods };

// One browser input, queued until an ImGui frame applies it.
struct Event {
    Kind kind;
    bool down = false;      // MouseButton, Key
    int index = 0;          // MouseButton: ImGui button 0..4; Key: ImGuiKey_*
    float x = 0, y = 0;     // MousePos: CSS px (-FLT_MAX: no mouse); Wheel: horizontal, vertical steps
    unsigned cp = 0;        // Char: a Unicode code point
    std::uint8_t mods = 0;  // Key, Mods: kCtrl | kShift | kAlt | kSuper
};
constexpr std::uint8_t kCtrl = 1, kShift = 2, kAlt = 4, kSuper = 8;

// Touch gesture state: one finger is a mouse, two are a wheel.
struct Touch {
    int fingers = 0;
    long id = -1;               // the first finger
    float x0 = 0, y0 = 0;       // where it went down
    bool dragging = false;      // moved beyond the tap slop: a mouse drag
    bool scrolling = false;     // two fingers: wheel
    float cx = 0, cy = 0;       // two-finger centroid at the last move
};

struct Platform {
    Elements el;
    void (*frame)() = nullptr;
    bool raf_pending = false;
    bool timer_pending = false;
    bool held = false;  // an embed whose options are not applied yet draws nothing (Held())
    std::vector<Event> queue;
    bool keys_down[ImGuiKey_COUNT] = {};  // as queued (not as applied), for release on blur
    int buttons_down = 0;                 // bit per ImGui button, as queued
    Touch touch;
    double css_w = 0, css_h = 0;          // canvas CSS size
    int fb_w = 0, fb_h = 0;               // canvas backing store
    float dpr = 1.0f;
    bool resized = true;
    double last_time = 0;                 // seconds
    bool text_focused = false;            // the hidden textarea has focus
    std::string clipboard;                // last text copied or pasted (ImGui's GetClipboardTextFn)
    std::string pasting;                  // text of a paste event being assembled
    int cursor = -2;                      // ImGuiMouseCursor last set on the canvas
    bool mac = false;
    bool in_frame = false;                // frame_in_gesture() is running the frame
    int frames_presented = 0;
    bool items_wanted = false;            // window.smcalc.items() was called: record widget rectangles
    std::string items_building, items_last;  // JSON array bodies: this ImGui frame's, the last presented one's
    void (*file_chosen)(const std::string& text, const std::string& name) = nullptr;  // Host::pick_file's
    void (*read)(int id, const std::string& lines) = nullptr;                          // Host::read_output's
    void (*tile)(int id, const std::string& lines) = nullptr;                          // Host::tile_lines's
    void (*notes)(const std::string& lines) = nullptr;                                 // Host::gpu_notes's
    void (*saved)(int kind, const std::string& lines) = nullptr;                       // Host::saved_lines's
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = 0;
};

Platform& P() {
    static Platform p;
    return p;
}

// [SECTION] JavaScript glue (EM_JS) ---------------------------------------------------------------------
// Strings from JS are returned malloc'ed (the caller frees); strings to JS are UTF-8 pointers.

// 0: location.hash without "#", 1: the page URL without hash and without ?embed=, 2: "1" if ?embed=1 ("q" with
// &quiz=1: the answers are hidden from the first frame; web/js/messages.js checks the parameter).
EM_JS(char*, js_location, (int what), {
    var l = window.location;
    var s = "";
    if (what == 0) {
        s = l.hash.replace(/^#/, "");
    } else if (what == 1) {
        var u = l.href.split("#")[0];
        try {
            var url = new URL(u);
            url.searchParams.delete("embed");
            u = url.href;
        } catch (e) {}
        s = u;
    } else {
        var q = new URLSearchParams(l.search);
        s = q.get("embed") === "1" ? (q.get("quiz") === "1" ? "q" : "1") : "";
    }
    return allocateUTF8(s);
});

// ?theme=light or dark (an embed's option, docs/embedding.md) before the browser's preference.
EM_JS(int, js_prefers_light, (), {
    var t = new URLSearchParams(location.search).get("theme");
    if (t == "light" || t == "dark") return t == "light" ? 1 : 0;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: light)").matches ? 1 : 0;
});

EM_JS(int, js_is_mac, (), { return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? 1 : 0; });

// Listeners html5.h has no API for. They call back into the exported smcalc_platform_* functions below.
EM_JS(void, js_install_listeners, (const char* text_id_c), {
    var textId = UTF8ToString(text_id_c);
    var ta = document.getElementById(textId);
    var sendText = function(s) {
        for (var ch of s) _smcalc_platform_char(ch.codePointAt(0));
    };
    if (ta) {
        ta.addEventListener("input", function(e) {
            if (e.isComposing) return;  // IME: wait for compositionend
            if (ta.value) sendText(ta.value);
            ta.value = "";
        });
        ta.addEventListener("compositionend", function() {
            if (ta.value) sendText(ta.value);
            ta.value = "";
        });
        ta.addEventListener("focus", function() { _smcalc_platform_text_focus(1); });
        ta.addEventListener("blur", function() { _smcalc_platform_text_focus(0); });
    }
    document.addEventListener("paste", function(e) {
        var s = (e.clipboardData || window.clipboardData).getData("text");
        e.preventDefault();
        if (!s) return;
        _smcalc_platform_paste_begin();
        for (var ch of s) _smcalc_platform_paste_char(ch.codePointAt(0));
        _smcalc_platform_paste_end();
    });
    window.addEventListener("hashchange", function() {
        Module.smcalcHashSeen = window.location.hash;  // see js_set_hash
        var h = window.location.hash.replace(/^#/, "");
        // Our own fallback assignment (js_set_hash) echoing back, once. Not "the last hash we wrote": after a
        // link that left the state as it was (not rewritten), opening that hash again must apply it.
        if (Module.smcalcHashEcho !== undefined && h === Module.smcalcHashEcho) {
            Module.smcalcHashEcho = undefined;
            return;
        }
        var p = allocateUTF8(h);
        _smcalc_platform_hash(p);
        _free(p);
        var s = window.smcalc;
        if (s && s.onchange) s.onchange();  // a canonical link is not rewritten: js_set_hash would not tell
    });
    var canvas = document.querySelector("#canvas");
    if (canvas) {
        canvas.addEventListener("contextmenu", function(e) { e.preventDefault(); });
        // A lost GL context (GPU reset, driver update) comes back empty: every input is in the URL hash, so
        // reloading restores the page exactly.
        canvas.addEventListener("webglcontextlost", function(e) { e.preventDefault(); });
        canvas.addEventListener("webglcontextrestored", function() { window.location.reload(); });
    }
    // devicePixelRatio changes without a resize when a window moves to another screen: re-rasterise.
    var watchDpr = function() {
        if (!window.matchMedia) return;
        window.matchMedia("(resolution: " + window.devicePixelRatio + "dppx)").addEventListener("change", function() {
            _smcalc_platform_resized();
            watchDpr();
        }, {once: true});
    };
    watchDpr();
});

EM_JS(void, js_copy, (const char* text_c), {
    var text = UTF8ToString(text_c);
    Module.smcalcCopied = text;
    var fallback = function() {
        var active = document.activeElement;
        var t = document.createElement("textarea");
        t.value = text;
        t.setAttribute("readonly", "");
        t.style.cssText = "position:fixed;left:0;top:0;opacity:0;";
        document.body.appendChild(t);
        t.select();
        try { document.execCommand("copy"); } catch (e) {}
        document.body.removeChild(t);
        if (active && active.focus) active.focus();
    };
    if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).catch(fallback);
    } else {
        fallback();
    }
});

// The address bar follows the inputs. history.replaceState costs milliseconds (it serialises state and
// updates the session history), so it runs after the frame, once for a burst of changes. Module.smcalcHashSeen
// is the address bar as the page last took it in (at start, by hashchange, by its own rewrite): when the
// timer finds another hash there, someone navigated meanwhile and that hashchange is still to come; rewriting
// would replace the new link with the old state and lose it, so the rewrite waits for that hashchange's own.
EM_JS(void, js_set_hash, (const char* hash_c), {
    Module.smcalcHashSet = UTF8ToString(hash_c);
    if (Module.smcalcHashSeen === undefined) Module.smcalcHashSeen = window.location.hash;
    if (Module.smcalcHashTimer) return;
    Module.smcalcHashTimer = setTimeout(function() {
        Module.smcalcHashTimer = 0;
        var h = Module.smcalcHashSet, s = window.smcalc;
        if (s && s.onchange) s.onchange();  // the embed's change event (web/js/embed-page.js), once per burst
        if (window.location.hash !== Module.smcalcHashSeen) return;  // a navigation's hashchange is pending
        if (window.location.hash.replace(/^#/, "") === h) return;
        try {
            history.replaceState(history.state, "", "#" + h);
        } catch (e) {
            Module.smcalcHashEcho = h;  // file:// in some browsers: adds a history entry, ignored by hashchange
            window.location.hash = h;
        }
        Module.smcalcHashSeen = window.location.hash;
    }, 0);
});

// A hash from an embedding page's message (smcalc_page_set_hash): the address bar takes it without a history
// entry or a hashchange event, and becomes the hash the page has seen (see js_set_hash).
EM_JS(void, js_replace_hash, (const char* hash_c), {
    try {
        history.replaceState(history.state, "", "#" + UTF8ToString(hash_c));
    } catch (e) {}
    Module.smcalcHashSeen = window.location.hash;
});

EM_JS(void, js_announce, (const char* id_c, const char* text_c), {
    var el = document.getElementById(UTF8ToString(id_c));
    var text = UTF8ToString(text_c);
    if (el && el.textContent !== text) el.textContent = text;
});

EM_JS(void, js_set_cursor, (const char* css_c), {
    var c = document.querySelector("#canvas");
    if (c) c.style.cursor = UTF8ToString(css_c);
});

// Focus (or blur) the hidden textarea and put it at the text cursor, so IME candidate windows and on-screen
// keyboards appear next to the field being edited.
EM_JS(void, js_text_focus, (const char* id_c, int focus, float x, float y), {
    var ta = document.getElementById(UTF8ToString(id_c));
    if (!ta) return;
    if (focus) {
        ta.style.left = Math.max(0, x) + "px";
        ta.style.top = Math.max(0, y) + "px";
        if (document.activeElement !== ta) ta.focus({preventScroll: true});
    } else if (document.activeElement === ta) {
        ta.blur();
    }
});

// performance.now() (ms since navigation started) when the first frame was drawn: window.smcalc.timing().
// The canvas is shown from then on (index.html hides it): a canvas with a WebGL context is composited, and
// under software compositing each composite of it is a read-back from the GPU process, also while an embed
// holds its first frame until its options are applied (~10-50 ms each, on the main thread that the page's
// embeds share: docs/performance.md, "Several embeds on one page").
EM_JS(void, js_first_frame, (), {
    Module.smcalcFirstFrameMs = performance.now();
    var c = document.getElementById("canvas");
    if (c) c.style.visibility = "visible";
});

EM_JS(void, js_mark, (const char* phase_c), {
    if (performance.mark) performance.mark("smcalc:" + UTF8ToString(phase_c));
});

EM_JS(void, js_fail, (const char* text_c), {
    var text = UTF8ToString(text_c);
    console.error("smcalc: " + text);
    var n = document.getElementById("smcalc-fail");
    if (n) { n.textContent = text; n.hidden = false; }
});

// Saved state and files (Host::storage_*, download, pick_file). Every call survives a browser that refuses
// storage (private mode, sandboxed iframe, quota): it answers 0, never throws into the wasm.
// JSON array of [key, value] for the localStorage keys starting with "smcalc."; null when storage is unusable.
EM_JS(char*, js_storage_entries, (const char* skip_c), {
    var out = [], skip = UTF8ToString(skip_c);
    try {
        var ls = window.localStorage;
        for (var i = 0; i < ls.length; ++i) {
            var k = ls.key(i);
            // Not `skip`, "Copy embed code"'s remembered base URL (kEmbedBaseKey, a preference, not an entry): a page
            // with no saved entries asks the JS API module nothing at the start.
            if (k !== null && k.indexOf("smcalc.") === 0 && k !== skip) out.push([k, String(ls.getItem(k))]);
        }
    } catch (e) {
        return 0;
    }
    return allocateUTF8(JSON.stringify(out));
});
EM_JS(int, js_storage_set, (const char* key, const char* value), {
    try {
        window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value));
        return 1;
    } catch (e) {
        return 0;
    }
});
EM_JS(int, js_storage_remove, (const char* key), {
    try {
        window.localStorage.removeItem(UTF8ToString(key));
        return 1;
    } catch (e) {
        return 0;
    }
});
EM_JS(void, js_download, (const char* name, const char* text), {
    var url = URL.createObjectURL(new Blob([UTF8ToString(text)], {type: "application/json"}));
    var link = document.createElement("a");
    link.href = url;
    link.download = UTF8ToString(name);
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function() { URL.revokeObjectURL(url); }, 30000);
});
// Pasted compiler output read by the JS API module (window.smcalc.read_lines, web/js/page.js); the answer
// comes back through smcalc_platform_read() as lines.
EM_JS(void, js_read_output, (int id, const char* text), {
    window["smcalc"].read_lines({op: "parse", text: UTF8ToString(text)}).then(function(lines) {
        var t = allocateUTF8(lines);
        _smcalc_platform_read(id, t);
        _free(t);
    });
});
// A tile with a CUTLASS schedule answered by the JS API module (smcalc.api(), web/js/page.js) from the page's hash
// (web/page_tile.cpp); the answer comes back through smcalc_platform_tile() as lines, "E" if it could not load.
EM_JS(void, js_tile_lines, (int id, const char* hash), {
    var h = UTF8ToString(hash);
    window["smcalc"].api().then(function(a) { return a.smcalc_page_tile(h); },
                                function() { return "E\t5\tschedule\tsmcalc-api.js could not load"; }).then(function(lines) {
        var t = allocateUTF8(lines);
        _smcalc_platform_tile(id, t);
        _free(t);
    });
});
// Saved entries' JSON read by the JS API module (smcalc.api(), web/js/page.js) with the API's JSON library
// (web/page_saved.cpp); the answer comes back through smcalc_platform_saved() as lines.
EM_JS(void, js_saved_lines, (int kind, const char* text), {
    var s = UTF8ToString(text);
    window["smcalc"].api().then(function(a) { return a.smcalc_page_saved(kind, s); }, function() {
        return "X\nN\tThe saved entries were not read: smcalc-api.js could not load.";
    }).then(function(lines) {
        var t = allocateUTF8(lines);
        _smcalc_platform_saved(kind, t);
        _free(t);
    });
});
// The GPU notes (window.smcalc.gpu_notes, web/js/page.js); nothing if the JS API module cannot load.
EM_JS(void, js_gpu_notes, (), {
    window["smcalc"].gpu_notes().then(function(lines) {
        var t = allocateUTF8(lines);
        _smcalc_platform_notes(t);
        _free(t);
    }, function() {});
});
// Opens the browser's file dialog (the button's click runs inside the gesture: frame_in_gesture);
// the chosen file's text comes back through smcalc_platform_file_chosen().
EM_JS(void, js_pick_file, (), {
    var input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.style.display = "none";
    input.addEventListener("change", function() {
        var f = input.files && input.files[0];
        if (input.parentNode) input.parentNode.removeChild(input);
        if (!f) return;
        var done = function(text) {
            var t = allocateUTF8(text), n = allocateUTF8(f.name);
            _smcalc_platform_file_chosen(t, n);
            _free(t);
            _free(n);
        };
        f.text().then(done, function() { done(""); });
    });
    document.body.appendChild(input);
    input.click();
});

// [SECTION] input queue and trickling -------------------------------------------------------------------

void push(const Event& e) {
    P().queue.push_back(e);
    RequestFrame();
}

// Runs the frame now, inside the event handler, for events that end a gesture (mouse up, touch end, Enter):
// what the UI does in response (copy to the clipboard, focusing the textarea so that an on-screen keyboard
// opens) then happens while the browser still counts the user's gesture, which Safari requires.
void frame_in_gesture() {
    Platform& p = P();
    if (!p.frame || p.in_frame) return;
    p.in_frame = true;
    p.frame();
    p.in_frame = false;
}

std::uint8_t mods_of(bool ctrl, bool shift, bool alt, bool meta) {
    return static_cast<std::uint8_t>((ctrl ? kCtrl : 0) | (shift ? kShift : 0) | (alt ? kAlt : 0) | (meta ? kSuper : 0));
}

void set_mods(ImGuiIO& io, std::uint8_t m) {
    io.KeyCtrl = m & kCtrl;
    io.KeyShift = m & kShift;
    io.KeyAlt = m & kAlt;
    io.KeySuper = m & kSuper;
}

// Applies queued events in order until one would merge with an event already applied this frame (a second
// change of the same button, a key after text or another key, text after a key or a click, a move after a
// click). The rest waits for the next ImGui frame: ImGui 1.86 samples state once per frame.
bool apply_queue(ImGuiIO& io) {
    Platform& p = P();
    bool button_changed = false, key_changed = false, text = false;
    std::size_t i = 0;
    for (; i < p.queue.size(); ++i) {
        const Event& e = p.queue[i];
        bool stop = false;
        switch (e.kind) {
            case Kind::MousePos:
                stop = button_changed;
                if (!stop) io.MousePos = ImVec2(e.x, e.y);
                break;
            case Kind::MouseButton:
                stop = button_changed || key_changed || text;
                if (!stop) io.MouseDown[e.index] = e.down, button_changed = true;
                break;
            case Kind::Wheel:
                stop = button_changed;
                if (!stop) io.MouseWheelH += e.x, io.MouseWheel += e.y;
                break;
            case Kind::Key:
                stop = button_changed || key_changed || text;
                if (!stop) io.KeysDown[e.index] = e.down, set_mods(io, e.mods), key_changed = true;
                break;
            case Kind::Char:
                stop = button_changed || key_changed;
                if (!stop) io.AddInputCharacter(e.cp), text = true;
                break;
            case Kind::Mods:
                stop = key_changed || text;
                if (!stop) set_mods(io, e.mods);
                break;
        }
        if (stop) break;
    }
    p.queue.erase(p.queue.begin(), p.queue.begin() + static_cast<std::ptrdiff_t>(i));
    return i > 0;
}

void release_all() {  // window lost focus: nothing stays pressed
    Platform& p = P();
    for (int k = 0; k < ImGuiKey_COUNT; ++k)
        if (p.keys_down[k]) push(Event{Kind::Key, false, k}), p.keys_down[k] = false;
    for (int b = 0; b < 5; ++b)
        if (p.buttons_down & (1 << b)) push(Event{Kind::MouseButton, false, b});
    p.buttons_down = 0;
    push(Event{Kind::Mods});
}

// [SECTION] html5.h callbacks ---------------------------------------------------------------------------

int imgui_button(unsigned short dom_button) {  // DOM: 0 left, 1 middle, 2 right; ImGui: 0 left, 1 right, 2 middle
    switch (dom_button) {
        case 0: return 0;
        case 1: return 2;
        case 2: return 1;
        default: return dom_button < 5 ? dom_button : -1;
    }
}

EM_BOOL on_mouse(int type, const EmscriptenMouseEvent* e, void*) {
    Platform& p = P();
    const auto x = static_cast<float>(e->clientX), y = static_cast<float>(e->clientY);  // canvas is at 0,0
    if (type == EMSCRIPTEN_EVENT_MOUSEMOVE) {
        push(Event{Kind::MousePos, false, 0, x, y});
        return EM_FALSE;
    }
    if (type == EMSCRIPTEN_EVENT_MOUSELEAVE) {
        if (!p.buttons_down) push(Event{Kind::MousePos, false, 0, -FLT_MAX, -FLT_MAX});
        return EM_FALSE;
    }
    const int b = imgui_button(e->button);
    if (b < 0) return EM_FALSE;
    const bool down = type == EMSCRIPTEN_EVENT_MOUSEDOWN;
    if (!down && !(p.buttons_down & (1 << b))) return EM_FALSE;  // a release of a press outside the canvas
    push(Event{Kind::MousePos, false, 0, x, y});
    push(Event{Kind::Mods, false, 0, 0, 0, 0, mods_of(e->ctrlKey, e->shiftKey, e->altKey, e->metaKey)});
    push(Event{Kind::MouseButton, down, b});
    p.buttons_down = down ? (p.buttons_down | (1 << b)) : (p.buttons_down & ~(1 << b));
    if (!down) frame_in_gesture();
    return EM_FALSE;
}

EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
    // ImGui scrolls 5 lines per step; a browser wheel notch is ~100 px (pixel mode) or 3 lines (line mode).
    double scale = 1.0 / 100.0;
    if (e->deltaMode == DOM_DELTA_LINE) scale = 1.0 / 3.0;
    if (e->deltaMode == DOM_DELTA_PAGE) scale = 1.0;
    push(Event{Kind::MousePos, false, 0, static_cast<float>(e->mouse.clientX), static_cast<float>(e->mouse.clientY)});
    push(Event{Kind::Wheel, false, 0, static_cast<float>(-e->deltaX * scale), static_cast<float>(-e->deltaY * scale)});
    return EM_TRUE;  // the page itself never scrolls
}

EM_BOOL on_touch(int type, const EmscriptenTouchEvent* e, void*) {
    Platform& p = P();
    Touch& t = p.touch;
    constexpr float kSlop = 6.0f;          // CSS px a finger may wobble and still tap
    constexpr float kPxPerStep = 40.0f;    // CSS px of two-finger movement per wheel step
    int active = 0;
    float sx = 0, sy = 0, fx = 0, fy = 0;
    bool first_found = false;
    for (int i = 0; i < e->numTouches; ++i) {
        const EmscriptenTouchPoint& tp = e->touches[i];
        const bool gone = (type == EMSCRIPTEN_EVENT_TOUCHEND || type == EMSCRIPTEN_EVENT_TOUCHCANCEL) && tp.isChanged;
        if (gone) continue;
        ++active;
        sx += static_cast<float>(tp.clientX);
        sy += static_cast<float>(tp.clientY);
        if (tp.identifier == t.id) fx = static_cast<float>(tp.clientX), fy = static_cast<float>(tp.clientY), first_found = true;
    }
    if (type == EMSCRIPTEN_EVENT_TOUCHSTART) {
        if (t.fingers == 0 && active == 1) {
            t = Touch{};
            t.fingers = 1;
            t.id = e->touches[0].identifier;
            for (int i = 0; i < e->numTouches; ++i)
                if (e->touches[i].isChanged) t.id = e->touches[i].identifier, t.x0 = static_cast<float>(e->touches[i].clientX), t.y0 = static_cast<float>(e->touches[i].clientY);
            push(Event{Kind::MousePos, false, 0, t.x0, t.y0});  // hover first, so the press lands on the item
        } else if (active >= 2) {
            if (t.dragging) push(Event{Kind::MouseButton, false, 0}), p.buttons_down &= ~1;
            t.dragging = false;
            t.scrolling = true;
            t.fingers = active;
            t.cx = sx / static_cast<float>(active), t.cy = sy / static_cast<float>(active);
        }
        return EM_TRUE;
    }
    if (type == EMSCRIPTEN_EVENT_TOUCHMOVE) {
        if (t.scrolling && active >= 2) {
            const float cx = sx / static_cast<float>(active), cy = sy / static_cast<float>(active);
            push(Event{Kind::MousePos, false, 0, cx, cy});
            push(Event{Kind::Wheel, false, 0, (cx - t.cx) / kPxPerStep, (cy - t.cy) / kPxPerStep});
            t.cx = cx, t.cy = cy;
        } else if (!t.scrolling && first_found) {
            if (!t.dragging && std::hypot(fx - t.x0, fy - t.y0) > kSlop) {
                t.dragging = true;
                push(Event{Kind::MousePos, false, 0, t.x0, t.y0});
                push(Event{Kind::MouseButton, true, 0});
                p.buttons_down |= 1;
            }
            if (t.dragging) push(Event{Kind::MousePos, false, 0, fx, fy});
        }
        return EM_TRUE;
    }
    // touchend / touchcancel
    if (active == 0) {
        const bool tap = type == EMSCRIPTEN_EVENT_TOUCHEND && !t.dragging && !t.scrolling && t.fingers == 1;
        if (t.dragging) push(Event{Kind::MouseButton, false, 0}), p.buttons_down &= ~1;
        if (tap) {
            push(Event{Kind::MousePos, false, 0, t.x0, t.y0});
            push(Event{Kind::MouseButton, true, 0});
            push(Event{Kind::MouseButton, false, 0});
        }
        t = Touch{};
        frame_in_gesture();
    } else if (t.scrolling) {
        t.fingers = active;
        t.cx = sx / static_cast<float>(active), t.cy = sy / static_cast<float>(active);
    }
    return EM_TRUE;
}

// Decodes `s` if it is exactly one code point (a printable key's `key`), else returns 0.
unsigned single_code_point(const char* s) {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    if (!u[0]) return 0;
    unsigned cp = 0;
    int len = 0;
    if (u[0] < 0x80) cp = u[0], len = 1;
    else if ((u[0] & 0xE0) == 0xC0) cp = u[0] & 0x1Fu, len = 2;
    else if ((u[0] & 0xF0) == 0xE0) cp = u[0] & 0x0Fu, len = 3;
    else if ((u[0] & 0xF8) == 0xF0) cp = u[0] & 0x07u, len = 4;
    else return 0;
    for (int i = 1; i < len; ++i) {
        if ((u[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (u[i] & 0x3Fu);
    }
    return u[len] == 0 && cp >= 0x20 && cp != 0x7F ? cp : 0;
}

// DOM KeyboardEvent.key (and .code) -> ImGuiKey_*, or -1.
int imgui_key(const char* key, const char* code, bool shortcut) {
    struct Named { const char* key; int imgui; };
    static constexpr Named kNamed[] = {
        {"Tab", ImGuiKey_Tab},           {"ArrowLeft", ImGuiKey_LeftArrow}, {"ArrowRight", ImGuiKey_RightArrow},
        {"ArrowUp", ImGuiKey_UpArrow},   {"ArrowDown", ImGuiKey_DownArrow}, {"PageUp", ImGuiKey_PageUp},
        {"PageDown", ImGuiKey_PageDown}, {"Home", ImGuiKey_Home},           {"End", ImGuiKey_End},
        {"Insert", ImGuiKey_Insert},     {"Delete", ImGuiKey_Delete},       {"Backspace", ImGuiKey_Backspace},
        {" ", ImGuiKey_Space},           {"Escape", ImGuiKey_Escape},
    };
    for (const Named& n : kNamed)
        if (std::strcmp(key, n.key) == 0) return n.imgui;
    if (std::strcmp(key, "Enter") == 0) return std::strcmp(code, "NumpadEnter") == 0 ? ImGuiKey_KeyPadEnter : ImGuiKey_Enter;
    if (shortcut && key[0] && !key[1]) {  // Ctrl/Cmd + letter: the letter the layout produces
        switch (key[0] | 0x20) {
            case 'a': return ImGuiKey_A;
            case 'c': return ImGuiKey_C;
            case 'v': return ImGuiKey_V;
            case 'x': return ImGuiKey_X;
            case 'y': return ImGuiKey_Y;
            case 'z': return ImGuiKey_Z;
            default: break;
        }
    }
    return -1;
}

EM_BOOL on_key(int type, const EmscriptenKeyboardEvent* e, void*) {
    Platform& p = P();
    const bool down = type == EMSCRIPTEN_EVENT_KEYDOWN;
    const std::uint8_t mods = mods_of(e->ctrlKey, e->shiftKey, e->altKey, e->metaKey);
    const bool shortcut = p.mac ? e->metaKey : (e->ctrlKey && !e->altKey);  // Ctrl+Alt is AltGr on Windows
    const int k = imgui_key(e->key, e->code, shortcut);
    if (k >= 0) {
        // Paste: let the browser fire its 'paste' event; on_paste_end sends Ctrl+V with the text.
        if (k == ImGuiKey_V) return EM_FALSE;
        if (down && e->repeat && p.keys_down[k]) push(Event{Kind::Key, false, k, 0, 0, 0, mods});  // browser's repeat
        if (down || p.keys_down[k]) push(Event{Kind::Key, down, k, 0, 0, 0, mods});
        p.keys_down[k] = down;
        if (k == ImGuiKey_Space && down && !shortcut) {
            if (p.text_focused) return EM_FALSE;  // the textarea's input event brings the ' '
            push(Event{Kind::Char, false, 0, 0, 0, ' '});
        }
        if (down && (k == ImGuiKey_Enter || k == ImGuiKey_KeyPadEnter || k == ImGuiKey_Space)) frame_in_gesture();
        return down ? EM_TRUE : EM_FALSE;  // keep Tab, arrows, Backspace from moving focus or the page
    }
    if (std::strcmp(e->key, "Control") == 0 || std::strcmp(e->key, "Shift") == 0 || std::strcmp(e->key, "Alt") == 0 ||
        std::strcmp(e->key, "Meta") == 0) {
        push(Event{Kind::Mods, false, 0, 0, 0, 0, mods});
        return EM_FALSE;
    }
    if (down && !shortcut && !e->metaKey) {
        if (const unsigned cp = single_code_point(e->key)) {
            if (p.text_focused) return EM_FALSE;  // the textarea's input event brings it (IME, dead keys)
            push(Event{Kind::Char, false, 0, 0, 0, cp});
            return EM_TRUE;
        }
    }
    return EM_FALSE;  // browser shortcuts (reload, zoom, devtools) keep working
}

EM_BOOL on_resize(int, const EmscriptenUiEvent*, void*) {
    P().resized = true;
    RequestFrame();
    return EM_FALSE;
}

EM_BOOL on_blur(int, const EmscriptenFocusEvent*, void*) {
    release_all();
    return EM_FALSE;
}

// [SECTION] frame scheduling ----------------------------------------------------------------------------

EM_BOOL on_animation_frame(double, void*) {
    Platform& p = P();
    p.raf_pending = false;
    if (p.frame) p.frame();
    return EM_FALSE;  // one-shot: the next frame is requested only if needed
}

void on_timer(void*) {
    P().timer_pending = false;
    RequestFrame();
}

// A string EM_JS allocated (allocateUTF8), copied and freed.
std::string take(char* s) {
    std::string out = s ? s : "";
    std::free(s);
    return out;
}

// Services handed to the UI through Host.
void host_copy(const std::string& text) {
    P().clipboard = text;
    js_copy(text.c_str());
}
void host_set_hash(const std::string& hash) { js_set_hash(hash.c_str()); }
void host_announce(const std::string& text) { js_announce(P().el.live_region, text.c_str()); }
std::optional<std::string> host_storage_entries() {
    char* s = js_storage_entries(kEmbedBaseKey.data());  // a string literal: NUL-terminated
    if (!s) return std::nullopt;
    return take(s);
}
bool host_storage_set(const std::string& k, const std::string& v) { return js_storage_set(k.c_str(), v.c_str()) != 0; }
bool host_storage_remove(const std::string& k) { return js_storage_remove(k.c_str()) != 0; }
void host_download(const std::string& name, const std::string& text) { js_download(name.c_str(), text.c_str()); }
void host_read_output(int id, const std::string& text, void (*done)(int id, const std::string& lines)) {
    P().read = done;
    js_read_output(id, text.c_str());
}
void host_tile_lines(int id, const std::string& hash, void (*done)(int id, const std::string& lines)) {
    P().tile = done;
    js_tile_lines(id, hash.c_str());
}
void host_saved_lines(int kind, const std::string& text, void (*done)(int kind, const std::string& lines)) {
    P().saved = done;
    js_saved_lines(kind, text.c_str());
}
void host_gpu_notes(void (*done)(const std::string& lines)) {
    P().notes = done;
    js_gpu_notes();
}
void host_pick_file(void (*chosen)(const std::string& text, const std::string& name)) {
    P().file_chosen = chosen;
    js_pick_file();
}

const char* imgui_get_clipboard(void*) { return P().clipboard.c_str(); }
void imgui_set_clipboard(void*, const char* text) { host_copy(text ? text : ""); }

void imgui_ime_position(int x, int y) {
    Platform& p = P();
    if (p.text_focused) js_text_focus(p.el.text_input, 1, static_cast<float>(x), static_cast<float>(y));
}

}  // namespace

// [SECTION] callbacks from the EM_JS listeners ----------------------------------------------------------

extern "C" {
EMSCRIPTEN_KEEPALIVE void smcalc_platform_char(unsigned cp) {
    if (cp >= 0x20 && cp != 0x7F) push(Event{Kind::Char, false, 0, 0, 0, cp});
}
EMSCRIPTEN_KEEPALIVE void smcalc_platform_text_focus(int focused) { P().text_focused = focused != 0; }
EMSCRIPTEN_KEEPALIVE void smcalc_platform_resized() {
    P().resized = true;
    RequestFrame();
}
EMSCRIPTEN_KEEPALIVE void smcalc_platform_paste_begin() { P().pasting.clear(); }
EMSCRIPTEN_KEEPALIVE void smcalc_platform_paste_char(unsigned cp) { append_utf8(P().pasting, cp); }
// The pasted text becomes ImGui's clipboard, then Ctrl+V (Cmd+V) makes the focused field read it.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_paste_end() {
    Platform& p = P();
    p.clipboard = p.pasting;
    const std::uint8_t m = p.mac ? kSuper : kCtrl;
    push(Event{Kind::Key, true, ImGuiKey_V, 0, 0, 0, m});
    push(Event{Kind::Key, false, ImGuiKey_V, 0, 0, 0, m});
}
// The file picked in host_pick_file's dialog: its text ("" if it could not be read) and name.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_file_chosen(const char* text, const char* name) {
    if (P().file_chosen) P().file_chosen(text ? text : "", name ? name : "");
    RequestFrame();
}
// Host::read_output's answer: request `id`'s kernels as lines from the JS API module.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_read(int id, const char* lines) {
    if (P().read) P().read(id, lines ? lines : "");
    RequestFrame();
}
// Host::tile_lines's answer: a tile with a CUTLASS schedule as lines from the JS API module.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_tile(int id, const char* lines) {
    if (P().tile) P().tile(id, lines ? lines : "");
    RequestFrame();
}
// Host::saved_lines's answer: the saved entries as lines from the JS API module.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_saved(int kind, const char* lines) {
    if (P().saved) P().saved(kind, lines ? lines : "");
    RequestFrame();
}
// Host::gpu_notes's answer.
EMSCRIPTEN_KEEPALIVE void smcalc_platform_notes(const char* lines) {
    if (P().notes) P().notes(lines ? lines : "");
    RequestFrame();
}
EMSCRIPTEN_KEEPALIVE void smcalc_platform_hash(const char* hash) {
    ui_on_hash_change(hash ? hash : "");
    RequestFrame();
}
// window.smcalc.state() and .frames() (web/js/page.js). The page has no Embind: that is the API module's.
EMSCRIPTEN_KEEPALIVE const char* smcalc_page_state() {
    static std::string json;
    json = ui_state_json();
    return json.c_str();
}
// The embed's options (web/js/messages.js; ui_set_embed), and its layout reported back to it.
EMSCRIPTEN_KEEPALIVE void smcalc_page_embed(int flags, const char* locked, const char* tab, const char* heading,
                                            const char* verdict, int right) {
    ui_set_embed(flags, locked, tab, heading, verdict, right != 0);
    P().held = flags > 15;  // 16: keep drawing nothing (messages.js: the host's first inputs are on their way)
    RequestFrame();
}
EM_JS(void, js_embed_layout, (int h, int x, int y, int w, int fh), {
    var s = window["smcalc"];
    if (s && s.onlayout) s.onlayout(h, [x, y, w, fh]);
});
void host_embed_layout(int h, int x, int y, int w, int fh) { js_embed_layout(h, x, y, w, fh); }
EM_JS(void, js_embed_code, (const char* hash), { window["smcalc"].embed_code(UTF8ToString(hash)); });
void host_embed_code(const std::string& hash) { js_embed_code(hash.c_str()); }
EM_JS(void, js_device_report, (const char* hash), { window["smcalc"].device_report(UTF8ToString(hash)); });
void host_device_report(const std::string& hash) { js_device_report(hash.c_str()); }
EM_JS(void, js_open_file, (), { window["smcalc"].open_file(); });
// The embed's messages (web/js/messages.js): the field tables' keys, and a whole hash to apply.
EMSCRIPTEN_KEEPALIVE const char* smcalc_page_fields() {
    static const std::string json = fields_json();
    return json.c_str();
}
// A frame only when the inputs changed: the same values in other words ("24KB" for 24576) draw nothing.
EMSCRIPTEN_KEEPALIVE void smcalc_page_set_hash(const char* hash) {
    js_replace_hash(hash);
    const std::string before = ui_state_json();
    ui_on_hash_change(hash ? hash : "");
    if (ui_state_json() != before) RequestFrame();
}
EMSCRIPTEN_KEEPALIVE int smcalc_page_frames() { return P().frames_presented; }
EMSCRIPTEN_KEEPALIVE void smcalc_page_request_frame() { RequestFrame(); }
// Turns on recording of widget rectangles (ImGui's item hooks) and returns the last presented frame's
// items as a JSON array: [{"label", "x", "y", "w", "h", "visible"}] in CSS px.
EMSCRIPTEN_KEEPALIVE const char* smcalc_page_items() {
    Platform& p = P();
    if (!p.items_wanted) {
        p.items_wanted = true;
        RequestFrame();
    }
    static std::string json;
    json = "[" + p.items_last + "]";
    return json.c_str();
}
}

}  // namespace smcalc::web::platform

// [SECTION] item hooks ----------------------------------------------------------------------------------
// ImGui calls these for every widget when built with IMGUI_ENABLE_TEST_ENGINE and g.TestEngineHookItems is
// set (only after window.smcalc.items() asked). ItemInfo follows the widget's ItemAdd, so LastItemData holds
// its rectangle. Widgets whose label is empty (InputScalar's text field) are recorded with label "".

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    using smcalc::web::platform::P;
    if (!ctx || ctx->LastItemData.ID != id || !label) return;
    const ImRect r = ctx->LastItemData.Rect;
    const bool visible = ctx->CurrentWindow && ctx->CurrentWindow->ClipRect.Overlaps(r);
    std::string& out = P().items_building;
    char nums[160];
    std::snprintf(nums, sizeof nums, ",\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f,\"visible\":%s}", r.Min.x, r.Min.y,
                  r.GetWidth(), r.GetHeight(), visible ? "true" : "false");
    if (!out.empty()) out += ',';
    out += "{\"label\":" + smcalc::web::json_string(label);
    out += nums;
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

namespace smcalc::web::platform {

// [SECTION] frame scheduling (public) -------------------------------------------------------------------

void SetFrameCallback(void (*frame)()) { P().frame = frame; }

void RequestFrame() {
    Platform& p = P();
    if (p.raf_pending) return;
    p.raf_pending = true;
    emscripten_request_animation_frame(on_animation_frame, nullptr);
}

void RequestFrameIn(double ms) {
    Platform& p = P();
    if (p.timer_pending || p.raf_pending) return;
    p.timer_pending = true;
    emscripten_set_timeout(on_timer, ms, nullptr);
}

bool HasQueuedInput() { return !P().queue.empty(); }
bool Held() { return P().held; }
void CountPresentedFrame() {
    if (P().frames_presented++ == 0) {
        js_first_frame();
        MarkStartup("first-frame");
    }
}
void MarkStartup(const char* phase) { js_mark(phase); }
float DevicePixelRatio() { return P().dpr; }

// [SECTION] Init / NewFrame / EndFrame ------------------------------------------------------------------

// Reads the canvas's CSS size and gives it a backing store of that size at devicePixelRatio `dpr`.
static void size_canvas(Platform& p, float dpr) {
    p.dpr = dpr;
    p.resized = false;
    emscripten_get_element_css_size(p.el.canvas, &p.css_w, &p.css_h);
    const int w = static_cast<int>(std::lround(p.css_w * dpr)), h = static_cast<int>(std::lround(p.css_h * dpr));
    if (w != p.fb_w || h != p.fb_h) {
        p.fb_w = w, p.fb_h = h;
        emscripten_set_canvas_element_size(p.el.canvas, w, h);
    }
}

bool Init(Host* host, std::string* url_hash) {
    Platform& p = P();
    p.mac = js_is_mac() != 0;
    // Sized before the context exists: WebGL allocates the drawing buffer once, at its final size, instead of
    // at the default 300 x 150 and again at the first frame.
    size_canvas(p, static_cast<float>(emscripten_get_device_pixel_ratio()));

    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.minorVersion = 0;
    attrs.alpha = EM_FALSE;       // opaque page background drawn by us
    attrs.depth = EM_FALSE;
    attrs.stencil = EM_FALSE;
    attrs.antialias = EM_FALSE;   // ImGui antialiases its own geometry
    attrs.preserveDrawingBuffer = EM_TRUE;  // frames are rare: keep the last one readable (screenshots, tests)
    attrs.powerPreference = EM_WEBGL_POWER_PREFERENCE_LOW_POWER;
    p.gl = emscripten_webgl_create_context(p.el.canvas, &attrs);
    if (p.gl <= 0) {
        js_fail("this page needs WebGL 2, which this browser did not provide.");
        return false;
    }
    emscripten_webgl_make_context_current(p.gl);

    ImGuiIO& io = ImGui::GetIO();
    io.BackendPlatformName = "smcalc_html5";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;  // KeysDown[] is indexed by ImGuiKey_ directly
    io.GetClipboardTextFn = imgui_get_clipboard;
    io.SetClipboardTextFn = imgui_set_clipboard;
    io.ImeSetInputScreenPosFn = imgui_ime_position;
    io.ConfigMacOSXBehaviors = p.mac;
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);

    const char* canvas = p.el.canvas;
    const char* win = EMSCRIPTEN_EVENT_TARGET_WINDOW;
    emscripten_set_mousedown_callback(canvas, nullptr, EM_FALSE, on_mouse);
    emscripten_set_mouseleave_callback(canvas, nullptr, EM_FALSE, on_mouse);
    emscripten_set_mouseup_callback(win, nullptr, EM_FALSE, on_mouse);      // drags may end outside
    emscripten_set_mousemove_callback(win, nullptr, EM_FALSE, on_mouse);
    emscripten_set_wheel_callback(canvas, nullptr, EM_FALSE, on_wheel);
    emscripten_set_touchstart_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchmove_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchend_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_touchcancel_callback(canvas, nullptr, EM_FALSE, on_touch);
    emscripten_set_keydown_callback(win, nullptr, EM_FALSE, on_key);
    emscripten_set_keyup_callback(win, nullptr, EM_FALSE, on_key);
    emscripten_set_resize_callback(win, nullptr, EM_FALSE, on_resize);
    emscripten_set_blur_callback(win, nullptr, EM_FALSE, on_blur);
    js_install_listeners(p.el.text_input);

    host->device_pixel_ratio = p.dpr;
    const std::string embed = take(js_location(2));
    host->embed = !embed.empty();
    p.held = host->embed;
    host->quiz = embed == "q";
    host->dark = js_prefers_light() == 0;
    host->page_url = take(js_location(1));
    // The browser: clipboard, address bar, screen reader, storage and files.
    host->copy_to_clipboard = host_copy;
    host->set_url_hash = host_set_hash;
    host->announce = host_announce;
    host->storage_entries = host_storage_entries;
    host->storage_set = host_storage_set;
    host->storage_remove = host_storage_remove;
    host->download = host_download;
    host->pick_file = host_pick_file;
    // The page's other scripts: the embed's messages and dialogs (smcalc-messages.js), the file opener (page.js) ...
    host->embed_layout = host_embed_layout;
    host->embed_code = host_embed_code;
    host->device_report = host_device_report;
    host->open_file = js_open_file;
    // ... and the JS API module (smcalc-api.js, loaded on demand): what the page's wasm leaves out.
    host->read_output = host_read_output;
    host->tile_lines = host_tile_lines;
    host->saved_lines = host_saved_lines;
    host->gpu_notes = host_gpu_notes;
    *url_hash = take(js_location(0));
    p.last_time = emscripten_get_now() / 1000.0;
    return true;
}

void Shutdown() {
    Platform& p = P();
    emscripten_html5_remove_all_event_listeners();
    if (p.gl > 0) emscripten_webgl_destroy_context(p.gl);
    p.gl = 0;
}

FrameInput NewFrame() {
    Platform& p = P();
    ImGuiIO& io = ImGui::GetIO();

    const auto dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
    const bool dpr_changed = dpr != p.dpr;
    if (dpr_changed || p.resized) size_canvas(p, dpr);
    io.DisplaySize = ImVec2(static_cast<float>(p.css_w), static_cast<float>(p.css_h));
    io.DisplayFramebufferScale = p.css_w > 0 && p.css_h > 0
                                     ? ImVec2(static_cast<float>(p.fb_w / p.css_w), static_cast<float>(p.fb_h / p.css_h))
                                     : ImVec2(dpr, dpr);

    const double now = emscripten_get_now() / 1000.0;
    io.DeltaTime = static_cast<float>(now - p.last_time);
    if (io.DeltaTime <= 0.0f) io.DeltaTime = 1e-4f;  // several ImGui frames in one animation frame
    p.last_time = now;

    p.items_building.clear();
    ImGui::GetCurrentContext()->TestEngineHookItems = p.items_wanted;

    FrameInput f;
    f.dpr_changed = dpr_changed;
    f.had_input = apply_queue(io);
    return f;
}

void EndFrame() {
    Platform& p = P();
    ImGuiIO& io = ImGui::GetIO();
    if (p.items_wanted) p.items_last.swap(p.items_building);

    const ImGuiMouseCursor cursor = io.MouseDrawCursor ? ImGuiMouseCursor_None : ImGui::GetMouseCursor();
    if (cursor != p.cursor) {
        p.cursor = cursor;
        static constexpr const char* kCss[ImGuiMouseCursor_COUNT] = {
            "default", "text", "move", "ns-resize", "ew-resize", "nesw-resize", "nwse-resize", "pointer", "not-allowed"};
        js_set_cursor(cursor >= 0 && cursor < ImGuiMouseCursor_COUNT ? kCss[cursor] : "none");
    }

    // text_focused follows the element's focus/blur events (a click on the canvas blurs it, for example).
    if (io.WantTextInput != p.text_focused)
        js_text_focus(p.el.text_input, io.WantTextInput ? 1 : 0, io.MousePos.x, io.MousePos.y);
}

}  // namespace smcalc::web::platform
