// web/bindings.cpp - every Embind binding of smcalc: the JS API module smcalc-api.js (no UI, no GL).
// The page (smcalc.js) carries no JSON layer; it loads this module on first use (web/js/page.js).
//
// The JS API is one function, smcalc_handle(request_json) -> answer_json; web/js/api.js wraps it
// into occupancy(req), block_size(req), ... taking and returning plain objects, so every value crosses as a
// copy, never as a view into wasm memory. Nothing here lets an exception or an abort escape: every failure
// becomes {"error": {"id", "message", "field"}} and the module keeps working.

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <optional>
#include <string>
#include <string_view>

#include "smcalc/binary.hpp"
#include "smcalc_api.hpp"
#include "page_request.hpp"
#include "ui_model.hpp"
#include "ui_storage.hpp"

// zstd-compressed fat binary entries: decompressed by fzstd in JS (Module.smcalcZstd, web/js/api.js) into `out`,
// exactly `size` bytes. Returns the bytes written, or -1 when the JS side failed or gave another size.
EM_JS(int, smcalc_js_zstd, (const char* src, int src_len, char* dst, int size), {
  try {
    var f = Module['smcalcZstd'];
    if (typeof f !== 'function') return -1;
    var r = f(HEAPU8.subarray(src, src + src_len), size);
    if (!r || r.length !== size) return -1;
    HEAPU8.set(r, dst);
    return size;
  } catch (e) {
    return -1;
  }
});

namespace {

// One request object as JSON text in, one answer object as JSON text out: exactly a line of `smcalc batch`
// (api::handle_line refuses malformed and absurdly nested JSON before parsing, and catches everything).
std::string handle(const std::string& request_json) {
    try {
        return smcalc::api::handle_line(request_json);
    } catch (...) {  // handle_line promises not to throw; this keeps the promise at the boundary regardless
        return R"({"error":{"id":"bad_request","message":"internal error","field":""}})";
    }
}

// The page's tile with a CUTLASS schedule (web/page_tile.cpp): its URL hash in, lines out. Not part of the JS API
// (smcalc.d.ts): the page's own channel to the full core (its core leaves the schedules out: page weight).
std::string page_tile(const std::string& hash) {
    try {
        return smcalc::web::page_tile_lines(smcalc::web::decode_hash(hash).inputs);
    } catch (...) {
        return "E\t6\tschedule\tinternal error\n";
    }
}

// The page's URL hash as the JSON request it makes (web/page_request.cpp): what smcalc-messages.js sends this module
// for the embed's "answer", "change" and "set" messages, so that the embed code never rebuilds a request itself.
// Not part of the JS API (smcalc.d.ts).
std::string page_request(const std::string& hash) {
    try {
        return smcalc::web::page_request_json(hash);
    } catch (...) {
        return "{}";
    }
}

// The page's saved entries' JSON (localStorage's list, an export file) read with the API's JSON library
// (web/page_saved.cpp): lines out. Not part of the JS API (smcalc.d.ts).
std::string page_saved(int kind, const std::string& text) {
    try {
        return smcalc::web::page_saved_lines(kind, text);
    } catch (...) {
        return "X\nN\tThe saved entries could not be read (internal error).\n";
    }
}

std::optional<std::string> zstd(smcalc::binary::Compression c, std::string_view in, std::size_t size, std::string& why) {
    if (c != smcalc::binary::Compression::Zstd) {
        why = std::string(smcalc::binary::compression_name(c)) + " is not read by the JS API (zstd is)";
        return std::nullopt;
    }
    std::string out(size, '\0');
    if (smcalc_js_zstd(in.data(), static_cast<int>(in.size()), out.data(), static_cast<int>(size)) !=
        static_cast<int>(size)) {
        why = "fzstd could not decompress it (not a valid zstd frame of the announced size)";
        return std::nullopt;
    }
    return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(smcalc) {
    smcalc::binary::set_decompressor(zstd);
    emscripten::function("smcalc_handle", &handle);
    emscripten::function("smcalc_page_tile", &page_tile);
    emscripten::function("smcalc_page_request", &page_request);
    emscripten::function("smcalc_page_saved", &page_saved);
}
