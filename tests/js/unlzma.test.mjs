// tests/js/unlzma.test.mjs - the page's LZMA decoder (web/unlzma.c, the WebAssembly module dist/smcalc.js
// carries as SMCALC_UNLZMA) against an independent encoder: liblzma, through Python's lzma module (the encoder
// web/pack_page.py uses). Streams of many shapes (empty, one byte, runs, text, random bytes, the page's own
// module) and every lc/lp/pb the packer could choose decode to the bytes that went in, whole and in pieces;
// corrupt and cut streams end in an error, never a hang or a wrong length. The decoding is driven by the page's own
// web/js/unlzma.js. Run: node --test tests/js/unlzma.test.mjs
// (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = path.join(process.env.SMCALC_DIST || path.join(root, 'dist'), 'smcalc.js');
const skip = !fs.existsSync(page) && 'no dist/smcalc.js (scripts/build-web.sh)';
const js = skip ? '' : fs.readFileSync(page, 'utf8');
const decoderBytes = skip ? null : Buffer.from(js.match(/^var SMCALC_UNLZMA = "([^"]*)";$/m)[1], 'base64');

// The page's own driver (web/js/unlzma.js, which pack_page.py puts in smcalc.js) over the decoder module that
// dist/smcalc.js carries: whole (`piece` 0: the size) or in pieces, the pieces joined. Throws where it does.
const driver = vm.runInThisContext(fs.readFileSync(path.join(root, 'web/js/unlzma.js'), 'utf8') + '\nsmcalc_unlzma;');
async function decode(packed, props, size, piece = 0) {
  const next = await driver(decoderBytes, packed, size, props, piece || size);
  const out = new Uint8Array(size);
  let n = 0;
  for (let b = next(); b; b = next()) { out.set(b, n); n += b.length; }
  assert.equal(n, size, 'the pieces add up to the size');
  return out;
}

// Raw LZMA1 streams from liblzma for each input (hex in, base64 out, one per line).
function compress(inputs, props) {
  const script = `
import base64, lzma, sys
f = {"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 20,
     "lc": ${props.lc}, "lp": ${props.lp}, "pb": ${props.pb}}
for line in sys.stdin:
    data = bytes.fromhex(line.strip())
    print(base64.b64encode(lzma.compress(data, format=lzma.FORMAT_RAW, filters=[f])).decode())`;
  const r = spawnSync('python3', ['-c', script], { input: inputs.map((b) => Buffer.from(b).toString('hex')).join('\n') + '\n', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, String(r.stderr));
  return String(r.stdout).trim().split('\n').map((l) => new Uint8Array(Buffer.from(l, 'base64')));
}

// A deterministic generator (xorshift32), so a failure names a reproducible input.
function bytes(seed, n, kind) {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const out = new Uint8Array(n);
  const words = ['registers', ' shared', ' memory', ' warps', ' 256', ' CTA', '\n', ' 0x00', ' SM'];
  for (let i = 0; i < n;) {
    if (kind === 'random') out[i++] = next() & 255;
    else if (kind === 'run') { const v = next() & 255; for (let k = next() % 300; k > 0 && i < n; k--) out[i++] = v; }
    else for (const ch of words[next() % words.length]) { if (i < n) out[i++] = ch.charCodeAt(0); }
  }
  return out;
}

const shapes = [new Uint8Array(0), new Uint8Array([7])];
for (const [i, kind] of ['random', 'run', 'text'].entries())
  for (const n of [2, 17, 1000, 70000]) shapes.push(bytes(1 + i * 100 + n, n, kind));

for (const props of [{ lc: 4, lp: 0, pb: 0 }, { lc: 3, lp: 0, pb: 2 }, { lc: 0, lp: 2, pb: 1 }, { lc: 1, lp: 1, pb: 4 }]) {
  test(`liblzma's streams decode to their input (lc ${props.lc}, lp ${props.lp}, pb ${props.pb})`, { skip }, async () => {
    const packed = compress(shapes, props);
    for (const [k, want] of shapes.entries()) {
      assert.deepEqual(await decode(packed[k], props, want.length), want, `input ${k} (${want.length} B)`);
      if (want.length > 1000) assert.deepEqual(await decode(packed[k], props, want.length, 4096), want, `input ${k} in pieces`);
    }
  });
}

test('the page module inside dist/smcalc.js decodes to a valid WebAssembly module', { skip }, async () => {
  const m = js.match(/^var SMCALC_WASM_LZMA = "([^"]*)";\nvar SMCALC_WASM_SIZE = (\d+), SMCALC_WASM_PROPS = \{lc: (\d), lp: (\d), pb: (\d)\};/);
  assert.ok(m, 'smcalc.js starts with the packed module');
  const props = { lc: +m[3], lp: +m[4], pb: +m[5] };
  const out = await decode(new Uint8Array(Buffer.from(m[1], 'base64')), props, +m[2], 65536);
  assert.equal(out.length, +m[2]);
  assert.ok(WebAssembly.validate(out), 'a valid module');
});

test('corrupt and cut streams end in an error, not a hang or a short answer', { skip }, async () => {
  const props = { lc: 4, lp: 0, pb: 0 };
  const input = bytes(42, 20000, 'text');
  const [packed] = compress([input], props);
  let errors = 0, same = 0;
  for (let k = 0; k < 300; k++) {
    const bad = packed.slice();
    const at = 5 + (k * 7919) % (bad.length - 5);
    bad[at] ^= 1 + (k % 255);
    try {
      const out = await decode(bad, props, input.length);
      // A flipped bit may still decode (LZMA has no checksum): then to exactly `size` bytes.
      assert.equal(out.length, input.length);
      same++;
    } catch (e) {
      assert.ok(e instanceof Error, String(e));
      errors++;
    }
  }
  assert.ok(errors > 200, `most corruptions are caught (${errors} errors, ${same} decoded)`);
  await assert.rejects(decode(packed.subarray(0, packed.length >> 1), props, input.length), /corrupt/);
  await assert.rejects(decode(new Uint8Array([1, 0, 0, 0, 0, 0]), props, 10), /bad header/);
});
