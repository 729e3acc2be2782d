#!/usr/bin/env python3
"""web/pack_page.py - makes the page's smcalc.js self-contained, smaller than Emscripten's SINGLE_FILE.

Emscripten's -sSINGLE_FILE embeds the .wasm as plain base64, which gzip squeezes badly (~20 % more on the
wire). Here the .wasm is gzip-compressed first (by zopfli where it is installed: ~5 % smaller than gzip -9),
then base64-encoded (which costs only ~1 % once the server gzips the file), and put in front of Emscripten's
glue with a Module.instantiateWasm hook that inflates it with the browser's DecompressionStream. The page is
still two files, index.html and smcalc.js, and still runs from file://. Browsers without DecompressionStream
(before Chrome 80, Firefox 113, Safari 16.4) fetch smcalc.wasm, which dist/ also holds, over http.

usage: pack_page.py GLUE.js MODULE.wasm OUT.js
"""
import base64
import gzip
import shutil
import subprocess
import sys

PRELUDE = """\
/* smcalc.js - the SM resource calculator's program (Dear ImGui on WebGL 2). Emscripten's glue follows; the
   WebAssembly module is embedded (gzip, base64) so that index.html also works opened from disk. */
var Module = typeof Module != "undefined" ? Module : {};
Module["instantiateWasm"] = function (imports, done) {
  var wasmUrl = document.currentScript ? document.currentScript.src.replace(/[^/?#]*([?#].*)?$/, "smcalc.wasm") : "smcalc.wasm";
  var fail = function (e) {
    var text = "could not start the WebAssembly module: " + (e && e.message ? e.message : e);
    console.error("smcalc: " + text);
    var n = document.getElementById("smcalc-fail");
    if (n) { n.textContent = text; n.hidden = false; }
  };
  var wasm;
  var inflate = function (stream) {  // the inflated stream is compiled while it arrives
    return new Response(stream.pipeThrough(new DecompressionStream("gzip")),
                        {headers: {"Content-Type": "application/wasm"}});
  };
  var gz = null;
  if (typeof DecompressionStream == "function" && typeof Uint8Array.fromBase64 == "function") {
    // Base64 decoded in place (Chrome 140+, Firefox 133+, Safari 18.2+): no round trip through the network
    // service as a data: URL takes, ~10 ms sooner at start-up.
    try { gz = Uint8Array.fromBase64(SMCALC_WASM_GZ); } catch (e) { gz = null; }
  }
  if (gz) {
    wasm = Promise.resolve(inflate(new Blob([gz]).stream()));
  } else if (typeof DecompressionStream == "function") {
    // fetch() of a data: URL decodes the base64 natively (allowed from file:// too).
    wasm = fetch("data:application/octet-stream;base64," + SMCALC_WASM_GZ).then(function (r) {
      return inflate(r.body);
    });
  } else {
    wasm = fetch(wasmUrl);
  }
  SMCALC_WASM_GZ = null;
  var compile = typeof WebAssembly.instantiateStreaming == "function"
    ? WebAssembly.instantiateStreaming(wasm, imports)
    : wasm.then(function (r) { return r.arrayBuffer(); })
          .then(function (bytes) { return WebAssembly.instantiate(bytes, imports); });
  compile.then(function (r) { done(r.instance, r.module); }, fail);
  return {};
};
"""


def compress(path: str, data: bytes) -> bytes:
    """gzip bytes: zopfli (Debian package zopfli) when installed, ~5 % smaller than gzip -9; else gzip -9.
    Either way the same input gives the same bytes (mtime 0): dist/ is reproducible."""
    zopfli = shutil.which("zopfli")
    if zopfli:
        out = subprocess.run([zopfli, "--gzip", "--i15", "-c", path], check=True, capture_output=True).stdout
        if gzip.decompress(out) == data:
            return out
    return gzip.compress(data, compresslevel=9, mtime=0)


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    glue_path, wasm_path, out_path = sys.argv[1:]
    with open(glue_path, encoding="utf-8") as f:
        glue = f.read()
    with open(wasm_path, "rb") as f:
        wasm = f.read()
    packed = base64.b64encode(compress(wasm_path, wasm)).decode("ascii")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write('var SMCALC_WASM_GZ = "' + packed + '";\n')
        f.write(PRELUDE)
        f.write(glue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
