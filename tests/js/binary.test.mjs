// tests/js/binary.test.mjs - the JS API reads compiled files (issue 32): bytes (Uint8Array, ArrayBuffer) in
// parse's text and occupancy's compiler_output, the same kernels as the native CLI (smcalc parse FILE --json),
// zstd-compressed fat binary entries through the bundled fzstd, and clear errors for hostile bytes.
// Run: node --test tests/js/ (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';

import { loadApi } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = (f) => fs.readFileSync(path.join(root, 'tests/data/binaries', f));
// The CLI scripts/test-web.sh names (SMCALC_BIN, as wasm-eq), else the debug build scripts/test.sh makes; a
// release build only when neither exists (a stale one would answer for old code).
const cli = [process.env.SMCALC_BIN, 'build/debug/core/smcalc', 'build/release/core/smcalc']
  .filter(Boolean).map((p) => path.resolve(root, p)).find(fs.existsSync);

let api;
before(async () => { api = await loadApi(); });

const pick = (k) => [k.name, k.arch, k.registers, k.smem_static, k.barriers, k.stack_frame, k.max_threads,
  JSON.stringify(k.cluster_dims), k.tool];

test('parse: a cubin as Uint8Array and as ArrayBuffer, the same kernels as the native CLI', () => {
  for (const f of ['kernels-sm_90.cubin', 'cluster-sm_90.cubin', 'multi-arch', 'zstd-sm_86.o']) {
    const bytes = data(f);
    const a = api.parse(new Uint8Array(bytes));
    assert.equal(a.error, undefined, f + ': ' + JSON.stringify(a.error));
    const b = api.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    assert.deepEqual(b.kernels.map(pick), a.kernels.map(pick));
    assert.ok(a.kernels.every((k) => k.tool === 'binary' && k.sources.registers), f);
    if (!cli) continue;
    const r = spawnSync(cli, ['parse', path.join(root, 'tests/data/binaries', f), '--json'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(a.kernels.map(pick), JSON.parse(r.stdout).kernels.map(pick), f);
  }
});

test('zstd entries decompressed by fzstd: the --compress-mode=size object gives ptxas -v\'s figures', () => {
  // zstd-sm_86.o.ptxas.txt: reduce<512> for sm_86 used 10 registers, 1 barrier, 2048 bytes smem.
  const a = api.parse(data('zstd-sm_86.o'));
  assert.equal(a.error, undefined, JSON.stringify(a.error));
  const k = a.kernels.find((x) => x.short_name === 'reduce<512>');
  assert.deepEqual([k.arch, k.registers, k.barriers, k.smem_static], ['sm_86', 10, 1, 2048]);
});

test('occupancy from a binary: compiler_output bytes and kernel, answered on the kernel\'s own CC', () => {
  const a = api.occupancy({ compiler_output: data('kernels-sm_90.cubin'), kernel: 'reduce<512>', threads: 256 });
  assert.equal(a.error, undefined, JSON.stringify(a.error));
  const t = api.occupancy({ cc: '9.0', threads: 256, regs: 12, smem_static: 2048, barriers: 1 });
  assert.equal(a.blocks_per_sm, t.blocks_per_sm);
  assert.equal(a.compiler.sources.smem_static.startsWith('size of .nv.shared._Z6reduceILi512EEvPKfPf'), true);
  const amd = api.parse(data('amd-llc22-gfx942.o'));
  assert.equal(amd.vendor, 'amd');
  assert.deepEqual(amd.kernels.map((k) => k.lds), [16384, 0, 0]);
});

test('hostile bytes: errors naming the field, and the module keeps working', () => {
  const e1 = api.parse(new Uint8Array([0x7f, 0x45, 0x4c, 0x46]));
  assert.equal(e1.error.field, 'text');
  assert.match(e1.error.message, /truncated/);
  const e2 = api.handle({ op: 'parse', text: { base64: '@@' } });
  assert.equal(e2.error.field, 'text.base64');
  const cut = data('kernels-sm_80.cubin').subarray(0, 3000);
  const e3 = api.parse(cut);
  assert.ok(e3.error || e3.kernels, 'an answer or an error');
  assert.equal(api.parse(data('cluster-sm_90.cubin')).kernels.length, 2);
});
