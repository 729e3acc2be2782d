// web/js/unlzma.js - an LZMA decoder for the page's own WebAssembly module (web/pack_page.py packs it).
//
// Why: the page travels as one file, smcalc.js, with the module inside. LZMA (xz's algorithm, here as a raw
// LZMA1 stream) makes the module ~18 % smaller on the wire than gzip (zopfli) does, and the browser has no
// built-in LZMA, so the page carries this decoder (~2 KB). It decodes the ~640 KB module in a few tens of ms
// (docs/performance.md, "unlzma"). Written from the format's description (Igor Pavlov's LZMA specification,
// lzma-specification.txt in the LZMA SDK: range coder, 12-state machine, literal / match / rep codes).
//
// unlzma(src, props, size) -> {out, step}. src: the raw LZMA1 stream (Uint8Array), props: {lc, lp, pb}, size:
// the decoded size (the packer writes it; a stream end marker also ends the decoding). out: a Uint8Array of
// `size` bytes; step(limit) decodes into it up to byte `limit` (or a little past: a match is copied whole) and
// returns how many bytes are decoded, so the caller can hand the module to the browser's streaming compiler in
// pieces while the rest decodes. step throws an Error on a corrupt stream (the caller shows it on the page).
// Comment lines (those starting with //) are left out of smcalc.js by web/pack_page.py.
function unlzma(src, props, size) {
  var lc = props.lc, lp = props.lp, pb = props.pb;
  var out = new Uint8Array(size);
  var inPos = 5, range = 0xFFFFFFFF, code = 0, i;
  // The range coder starts with a 0 byte and the first 4 bytes of its code, big-endian.
  if (src[0] !== 0) throw new Error("LZMA stream: bad first byte");
  for (i = 1; i < 5; i++) code = ((code << 8) | src[i]) >>> 0;
  // All probabilities in one array (11-bit, start at one half); offsets of each model follow the spec's names.
  var IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228, IS_REP0_LONG = 240;
  var POS_SLOT = 432, SPEC_POS = 688, ALIGN = 802, LEN = 818, REP_LEN = 1332, LITERAL = 1846;
  var p = new Uint16Array(LITERAL + (0x300 << (lc + lp))).fill(1024);

  function bit(at) {
    var v = p[at], bound = (range >>> 11) * v, b;
    if (code < bound) { range = bound; p[at] = v + ((2048 - v) >>> 5); b = 0; }
    else { range -= bound; code -= bound; p[at] = v - (v >>> 5); b = 1; }
    if (range < 0x1000000) { range = (range * 256) >>> 0; code = ((code * 256) + src[inPos++]) >>> 0; }
    return b;
  }
  function tree(at, n) {  // n bits, most significant first
    var m = 1;
    for (var k = 0; k < n; k++) m = (m << 1) + bit(at + m);
    return m - (1 << n);
  }
  function reverse(at, n) {  // n bits, least significant first
    var m = 1, s = 0;
    for (var k = 0; k < n; k++) { var b = bit(at + m); m = (m << 1) + b; s |= b << k; }
    return s;
  }
  function direct(n) {  // n bits with probability one half
    var s = 0;
    for (var k = 0; k < n; k++) {
      range >>>= 1;
      var b = code >= range ? 1 : 0;
      if (b) code -= range;
      s = ((s << 1) | b) >>> 0;
      if (range < 0x1000000) { range = (range * 256) >>> 0; code = ((code * 256) + src[inPos++]) >>> 0; }
    }
    return s;
  }
  // Length decoder at `at`: choice (at), choice 2 (at+1), low[16][8] (at+2), mid[16][8] (at+130), high[256].
  function len(at, posState) {
    if (!bit(at)) return tree(at + 2 + posState * 8, 3);
    if (!bit(at + 1)) return 8 + tree(at + 130 + posState * 8, 3);
    return 16 + tree(at + 258, 8);
  }

  var state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, pos = 0;
  var pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  function step(limit) {
  if (limit > size) limit = size;
  while (pos < limit) {
    var posState = pos & pbMask;
    if (!bit(IS_MATCH + (state << 4) + posState)) {
      // A literal, coded after the previous byte's top lc bits; after a match, against the byte at rep0 too.
      var prev = pos > 0 ? out[pos - 1] : 0;
      var at = LITERAL + 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
      var sym = 1;
      if (state >= 7) {
        var match = out[pos - rep0 - 1];
        do {
          var mb = (match >>> 7) & 1;
          match <<= 1;
          var b = bit(at + ((1 + mb) << 8) + sym);
          sym = (sym << 1) | b;
          if (mb !== b) break;
        } while (sym < 0x100);
      }
      // The hottest loop (most of the module's bits are literal bits): bit() written out on local copies of the
      // coder's state, which V8 keeps in registers, where the closure's variables live in memory.
      var r = range, c = code, q = inPos;
      while (sym < 0x100) {
        var k = at + sym, v = p[k], bound = (r >>> 11) * v;
        if (c < bound) { r = bound; p[k] = v + ((2048 - v) >>> 5); sym <<= 1; }
        else { r -= bound; c -= bound; p[k] = v - (v >>> 5); sym = (sym << 1) | 1; }
        if (r < 0x1000000) { r = (r * 256) >>> 0; c = ((c * 256) + src[q++]) >>> 0; }
      }
      range = r; code = c; inPos = q;
      out[pos++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    var n;
    if (bit(IS_REP + state)) {
      if (pos === 0) throw new Error("LZMA stream: repeat before any byte");
      if (!bit(IS_REP_G0 + state)) {
        if (!bit(IS_REP0_LONG + (state << 4) + posState)) {  // one byte at rep0
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        var dist;
        if (!bit(IS_REP_G1 + state)) dist = rep1;
        else {
          if (!bit(IS_REP_G2 + state)) dist = rep2;
          else { dist = rep3; rep3 = rep2; }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      n = len(REP_LEN, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2; rep2 = rep1; rep1 = rep0;
      n = len(LEN, posState);
      state = state < 7 ? 7 : 10;
      // The distance: a 6-bit slot per length class, then its low bits (modelled, direct, or direct + align).
      var slot = tree(POS_SLOT + (n < 3 ? n : 3) * 64, 6);
      if (slot < 4) rep0 = slot;
      else {
        var nd = (slot >>> 1) - 1;
        rep0 = ((2 | (slot & 1)) << nd) >>> 0;
        if (slot < 14) rep0 += reverse(SPEC_POS + rep0 - slot - 1, nd);
        else rep0 = (rep0 + direct(nd - 4) * 16 + reverse(ALIGN, 4)) >>> 0;
        if (rep0 === 0xFFFFFFFF) { size = pos; break; }  // end marker
      }
      if (rep0 >= pos) throw new Error("LZMA stream: distance beyond the start");
    }
    n += 2;
    if (n > size - pos) throw new Error("LZMA stream: longer than its size");
    for (var from = pos - rep0 - 1; n > 0; n--) out[pos++] = out[from++];
  }
  // Reading past the end gives undefined, which the coder takes as 0 bytes: a cut stream is caught here.
  if (inPos > src.length) throw new Error("LZMA stream: cut short");
  if (pos === size && size !== out.length) throw new Error("LZMA stream: ended at byte " + pos + " of " + out.length);
  return pos;
  }
  return {out: out, step: step};
}
