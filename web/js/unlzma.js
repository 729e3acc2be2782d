// web/js/unlzma.js - runs the LZMA decoder module (web/unlzma.c) over one raw LZMA1 stream, a piece at a time.
// web/pack_page.py puts it in front of the page's program, whose instantiateWasm hook feeds the pieces to the
// browser's streaming compiler; tests/js/unlzma.test.mjs runs this same function against liblzma's streams.
//
// decoder: the decoder module's bytes; packed: the stream; size: its decoded size (bytes); o: {lc, lp, pb}, the
// stream's properties; piece: bytes decoded per call. Resolves to next(), which returns the next piece (a copy)
// or null after the last, and throws on a corrupt or cut stream (LZMA has no checksum: a changed byte may also
// decode to other bytes of the right length).
function smcalc_unlzma(decoder, packed, size, o, piece) {
  return WebAssembly.instantiate(decoder).then(function (d) {
    // The decoder's memory: its own first 64 KB (stack, globals), the stream, its probabilities, the output.
    var x = d.instance.exports, at = 65536;
    var probs = at + packed.length + 1 & ~1, dst = probs + 2 * x.probs(o.lc, o.lp), decoded = 0;
    x.memory.grow(Math.max(0, Math.ceil((dst + size - x.memory.buffer.byteLength) / 65536)));
    new Uint8Array(x.memory.buffer).set(packed, at);
    if (x.init(at, packed.length, probs, dst, size, o.lc, o.lp, o.pb)) throw new Error("LZMA stream: bad header");
    return function () {
      if (decoded >= size) return null;
      var from = decoded;
      decoded = x.step(from + piece);  // decodes up to that many bytes of output (at most `size`)
      if (decoded < 0 || decoded == from) throw new Error("LZMA stream: corrupt at byte " + from);
      return new Uint8Array(x.memory.buffer, dst + from, decoded - from).slice();
    };
  });
}
