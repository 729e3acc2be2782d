// web/unlzma.c - the LZMA decoder for the page's own WebAssembly module (web/pack_page.py packs it).
//
// Why: the page travels as one file, smcalc.js, with its module inside. LZMA (xz's algorithm, here a raw LZMA1
// stream) makes the module ~18 % smaller on the wire than gzip, which is what keeps the page within its weight
// target (docs/performance.md). Browsers have no LZMA, so the page carries this decoder, compiled on its own to
// a ~2 KB WebAssembly module (clang --target=wasm32, no C library: web/CMakeLists.txt). Compiled, it runs at
// full speed from its first byte, where the same decoder in JavaScript ran its first pieces before V8 had
// optimised it (its time at start-up: docs/performance.md, "decoding"). Written from the format's description (Igor Pavlov's LZMA
// specification, lzma-specification.txt in the LZMA SDK: range coder, 12-state machine, literal / match / rep).
//
// Use (pack_page.py's hook; tests/js/unlzma.test.mjs): put the stream, the probabilities (2 B each, count
// unlzma_probs(lc, lp)) and the output in the module's memory; init(); then step(limit) until it returns the
// decoded size. step decodes up to byte `limit` (or a little past: a match is copied whole) and returns the
// bytes decoded so far, so the caller can hand the output to the streaming compiler in pieces; -1: corrupt.
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

#define EXPORT(name) __attribute__((export_name(name)))

// Offsets of the models in one array of 11-bit probabilities (the spec's names).
enum {
    IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228, IS_REP0_LONG = 240,
    POS_SLOT = 432, SPEC_POS = 688, ALIGN = 802, LEN = 818, REP_LEN = 1332, LITERAL = 1846
};

static const u8* src;
static u32 src_len, in_pos, range, code;
static u16* p;
static u8* out;
static u32 size, pos, lc, lp, pb, state, rep0, rep1, rep2, rep3;

// Reading past the stream's end reads 0s; step() reports such a cut stream as corrupt.
static u32 next_byte(void) { return in_pos < src_len ? src[in_pos++] : (in_pos++, 0u); }

static u32 bit(u32 at) {
    u32 v = p[at], bound = (range >> 11) * v, b;
    if (code < bound) { range = bound; p[at] = (u16)(v + ((2048 - v) >> 5)); b = 0; }
    else { range -= bound; code -= bound; p[at] = (u16)(v - (v >> 5)); b = 1; }
    if (range < 0x1000000u) { range <<= 8; code = (code << 8) | next_byte(); }
    return b;
}
static u32 tree(u32 at, u32 n) {  // n bits, most significant first
    u32 m = 1;
    for (u32 k = 0; k < n; k++) m = (m << 1) + bit(at + m);
    return m - (1u << n);
}
static u32 reverse(u32 at, u32 n) {  // n bits, least significant first
    u32 m = 1, s = 0;
    for (u32 k = 0; k < n; k++) { u32 b = bit(at + m); m = (m << 1) + b; s |= b << k; }
    return s;
}
static u32 direct(u32 n) {  // n bits with probability one half
    u32 s = 0;
    for (u32 k = 0; k < n; k++) {
        range >>= 1;
        u32 b = code >= range;
        if (b) code -= range;
        s = (s << 1) | b;
        if (range < 0x1000000u) { range <<= 8; code = (code << 8) | next_byte(); }
    }
    return s;
}
// A length: choice (at), choice 2 (at+1), low[16][8] (at+2), mid[16][8] (at+130), high[256] (at+258).
static u32 len(u32 at, u32 pos_state) {
    if (!bit(at)) return tree(at + 2 + pos_state * 8, 3);
    if (!bit(at + 1)) return 8 + tree(at + 130 + pos_state * 8, 3);
    return 16 + tree(at + 258, 8);
}

EXPORT("probs") u32 unlzma_probs(u32 lc_, u32 lp_) { return LITERAL + (0x300u << (lc_ + lp_)); }

EXPORT("init") int unlzma_init(const u8* s, u32 s_len, u16* probs, u8* o, u32 o_size, u32 lc_, u32 lp_, u32 pb_) {
    if (s_len < 5 || s[0] != 0 || lc_ > 8 || lp_ > 4 || pb_ > 4) return -1;
    src = s; src_len = s_len; p = probs; out = o; size = o_size; lc = lc_; lp = lp_; pb = pb_;
    in_pos = 5;  // the range coder starts with a 0 byte and the first 4 bytes of its code, big-endian
    range = 0xFFFFFFFFu;
    code = ((u32)s[1] << 24) | ((u32)s[2] << 16) | ((u32)s[3] << 8) | s[4];
    for (u32 i = 0, n = unlzma_probs(lc, lp); i < n; i++) p[i] = 1024;  // one half
    state = rep0 = rep1 = rep2 = rep3 = pos = 0;
    return 0;
}

EXPORT("step") int unlzma_step(u32 limit) {
    if (limit > size) limit = size;
    const u32 pb_mask = (1u << pb) - 1, lp_mask = (1u << lp) - 1;
    while (pos < limit) {
        const u32 pos_state = pos & pb_mask;
        if (!bit(IS_MATCH + (state << 4) + pos_state)) {
            // A literal, coded after the previous byte's top lc bits; after a match, against the byte at rep0 too.
            const u32 prev = pos ? out[pos - 1] : 0;
            const u32 at = LITERAL + 0x300 * (((pos & lp_mask) << lc) + (prev >> (8 - lc)));
            u32 sym = 1;
            if (state >= 7) {
                u32 match = out[pos - rep0 - 1];
                do {
                    const u32 mb = (match >> 7) & 1;
                    match <<= 1;
                    const u32 b = bit(at + ((1 + mb) << 8) + sym);
                    sym = (sym << 1) | b;
                    if (mb != b) break;
                } while (sym < 0x100);
            }
            while (sym < 0x100) sym = (sym << 1) | bit(at + sym);
            out[pos++] = (u8)sym;
            state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
            continue;
        }
        u32 n;
        if (bit(IS_REP + state)) {
            if (pos == 0) return -1;  // a repeat before any byte
            if (!bit(IS_REP_G0 + state)) {
                if (!bit(IS_REP0_LONG + (state << 4) + pos_state)) {  // one byte at rep0
                    state = state < 7 ? 9 : 11;
                    out[pos] = out[pos - rep0 - 1];
                    pos++;
                    continue;
                }
            } else {
                u32 dist;
                if (!bit(IS_REP_G1 + state)) dist = rep1;
                else {
                    if (!bit(IS_REP_G2 + state)) dist = rep2;
                    else { dist = rep3; rep3 = rep2; }
                    rep2 = rep1;
                }
                rep1 = rep0;
                rep0 = dist;
            }
            n = len(REP_LEN, pos_state);
            state = state < 7 ? 8 : 11;
        } else {
            rep3 = rep2; rep2 = rep1; rep1 = rep0;
            n = len(LEN, pos_state);
            state = state < 7 ? 7 : 10;
            // The distance: a 6-bit slot per length class, then its low bits (modelled, direct, or direct + align).
            const u32 slot = tree(POS_SLOT + (n < 3 ? n : 3) * 64, 6);
            if (slot < 4) rep0 = slot;
            else {
                const u32 nd = (slot >> 1) - 1;
                rep0 = (2 | (slot & 1)) << nd;
                if (slot < 14) rep0 += reverse(SPEC_POS + rep0 - slot - 1, nd);
                else rep0 += (direct(nd - 4) << 4) + reverse(ALIGN, 4);
                if (rep0 == 0xFFFFFFFFu) { size = pos; break; }  // end marker
            }
            if (rep0 >= pos) return -1;  // a distance before the start
        }
        n += 2;
        if (n > size - pos) return -1;  // longer than the output
        for (u32 from = pos - rep0 - 1; n; n--) out[pos++] = out[from++];
    }
    if (in_pos > src_len) return -1;  // the stream was cut short
    return (int)pos;
}
