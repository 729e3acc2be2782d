#!/usr/bin/env python3
"""web/pack_page.py - makes the page's smcalc.js self-contained and as small on the wire as we can.

Emscripten's -sSINGLE_FILE embeds the .wasm as plain base64, which gzip squeezes badly. Here the .wasm is LZMA-compressed first (a raw LZMA1 stream, Python's lzma = xz's encoder at its
strongest preset: smaller than zopfli's gzip for this module), then base64-encoded (whose cost the server's
gzip mostly takes back), and put in front of Emscripten's glue with the decoder (web/unlzma.c, its
own small WebAssembly module, base64 too) and a Module.instantiateWasm hook that runs it. The page is still
two files, index.html and smcalc.js, runs from file://, and needs nothing of the browser beyond WebAssembly
and streams (no DecompressionStream, no fetch).

The program's JavaScript (hook, Emscripten's glue, page.js) is then minified by terser (npm, a
devDependency): Emscripten 3.1.6 at -Oz only strips its whitespace; terser also mangles its names. `Module` keeps its name (EXTERNAL_NAMES).

usage: pack_page.py GLUE.js MODULE.wasm UNLZMA.wasm OUT.js TERSER
"""
import base64
import json
import lzma
import os
import subprocess
import sys
import tempfile

# lc 4 / lp 0 / pb 0: the smallest stream for this module of the lc/lp/pb tried (xz's default is lc 3 / pb 2);
# a 1 MiB dictionary holds the whole module. docs/performance.md has the page's weight (scripts/bench.sh).
PROPS = {"lc": 4, "lp": 0, "pb": 0}

# The one global name scripts outside smcalc.js use: `Module`, which a page may configure before loading
# smcalc.js and through whose properties smcalc-messages.js calls the page's exports (Module._smcalc_page_embed,
# Module._malloc, Module.HEAPU8). Every other top-level name of the program is mangled.
EXTERNAL_NAMES = ["Module"]

PRELUDE = """\
/* smcalc.js - the SM resource calculator's program (Dear ImGui on WebGL 2). Emscripten's glue follows; the
   WebAssembly module is embedded (LZMA, base64) so that index.html also works opened from disk. */
var Module = typeof Module != "undefined" ? Module : {};
/* Several embeds of one page (issue 31) compile each module once: a frame of the calculator takes the compiled
   WebAssembly.Module (a Promise of it) from a same-origin sibling frame that has one, under the same key (which
   names the file and its size), else compiles it and offers it to its siblings. Frames of one site share one
   thread, so the first frame to run registers its Promise before the next one looks. A sibling removed before
   it finished (closed) is not waited for. docs/embedding.md "Several embeds on one page". */
var smcalc_share = function (key, make) {
  var mine = window.smcalcWasm = window.smcalcWasm || {}, w, from;
  for (var i = 0; !mine[key] && parent != window && i < parent.length && !from; i++)
    try { w = parent[i]; from = w != window && w.smcalcWasm[key]; } catch (e) {}  // another origin, or none yet
  return mine[key] = mine[key] || (from ? new Promise(function (resolve, reject) {
    var poll = setInterval(function () { if (w.closed) { clearInterval(poll); make().then(resolve, reject); } }, 500);
    from.then(resolve, reject).finally(function () { clearInterval(poll); });
  }) : make());
};
Module["instantiateWasm"] = function (imports, done) {
  var fail = function (e) {
    var text = "could not start the WebAssembly module: " + (e && e.message ? e.message : e);
    console.error("smcalc: " + text);
    var n = document.getElementById("smcalc-fail");
    if (n) { n.textContent = text; n.hidden = false; }
  };
  var bytes = function (b64) {
    if (typeof Uint8Array.fromBase64 == "function") return Uint8Array.fromBase64(b64);
    var s = atob(b64), u = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
    return u;
  };
  var b64 = SMCALC_WASM_LZMA, size = SMCALC_WASM_SIZE, o = SMCALC_WASM_PROPS;
  SMCALC_WASM_LZMA = null;
  // The decoder (web/unlzma.c, its own small module, driven by web/js/unlzma.js), then the page's module decoded
  // in 64 KB pieces that the browser's streaming compiler takes as they come: it compiles on its own threads
  // while the rest decodes.
  var compile = function () {
    var t0 = performance.now();
    return smcalc_unlzma(bytes(SMCALC_UNLZMA), bytes(b64), size, o, 65536).then(function (next) {
      var stream = new ReadableStream({pull: function (c) {
        var piece = next();
        if (piece) return c.enqueue(piece);
        c.close();
        performance.mark("smcalc:unlzma", {detail: performance.now() - t0});
      }});
      return WebAssembly.compileStreaming(new Response(stream, {headers: {"Content-Type": "application/wasm"}}));
    });
  };
  // document.currentScript: this hook runs while smcalc.js itself runs (Emscripten's createWasm), a classic script.
  smcalc_share(document.currentScript.src + size, compile).catch(compile).then(function (m) {
    return WebAssembly.instantiate(m, imports).then(function (i) { done(i, m); });
  }).catch(fail);
  return {};
};
"""


def main() -> int:
    if len(sys.argv) != 6:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    glue_path, wasm_path, unlzma_path, out_path, terser = sys.argv[1:]
    with open(glue_path, encoding="utf-8") as f:
        glue = f.read()
    with open(unlzma_path, "rb") as f:
        decoder = f.read()
    with open(wasm_path, "rb") as f:
        wasm = f.read()
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "js", "unlzma.js"), encoding="utf-8") as f:
        driver = f.read()
    lzma_filter = {"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 20, **PROPS}
    packed = lzma.compress(wasm, format=lzma.FORMAT_RAW, filters=[lzma_filter])
    # The round trip through liblzma's own decoder: the bytes the page decodes are the module's.
    if lzma.decompress(packed, format=lzma.FORMAT_RAW, filters=[lzma_filter]) != wasm:
        print("pack_page.py: LZMA round trip differs", file=sys.stderr)
        return 1
    shared = EXTERNAL_NAMES
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as cfg:
        json.dump({"toplevel": True, "compress": {"passes": 2, "top_retain": shared},
                   "mangle": {"reserved": shared}}, cfg)
    try:
        program = subprocess.run([terser, "--config-file", cfg.name], input=PRELUDE + driver + glue,
                                 capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(cfg.name)
    with open(out_path, "w", encoding="utf-8") as f:
        # The module's bytes first, as globals the program reads (terser leaves undeclared names alone).
        f.write('var SMCALC_WASM_LZMA = "' + base64.b64encode(packed).decode("ascii") + '";\n')
        f.write("var SMCALC_WASM_SIZE = %d, SMCALC_WASM_PROPS = {lc: %d, lp: %d, pb: %d};\n"
                % (len(wasm), PROPS["lc"], PROPS["lp"], PROPS["pb"]))
        f.write('var SMCALC_UNLZMA = "' + base64.b64encode(decoder).decode("ascii") + '";\n')
        f.write(program)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
