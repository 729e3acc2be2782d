// tests/js/api.test.mjs - the JS API module (dist/smcalc-api.js) under node: the same known answers as the
// C++ tests (tests/api-json.cpp, shared/notes/worked-examples.md), errors as answers, and a module that keeps
// working after them. Run: node --test tests/js/
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';

import { dist, loadApi } from './load.mjs';

let api;
before(async () => { api = await loadApi(); });

// Seed 000's worked example on CC 8.0's reference device (worked-examples.md #1).
const a100 = { cc: '8.0', threads: 256, regs: 48, smem_static: 24576 };

function ok(answer) {
  assert.equal(answer.error, undefined, JSON.stringify(answer.error));
  return answer;
}
function err(answer, id, field) {
  assert.ok(answer.error, 'expected an error, got ' + JSON.stringify(answer).slice(0, 200));
  assert.equal(answer.error.id, id, answer.error.message);
  if (field !== undefined) assert.equal(answer.error.field, field);
  assert.equal(typeof answer.error.message, 'string');
  assert.ok(answer.error.message.length > 0);
  return answer.error;
}

test('occupancy: A100 reference device, 256 threads, 48 regs, 24 KiB static -> 5 CTAs, 62.5 %, registers', () => {
  const a = ok(api.occupancy(a100));
  assert.equal(a.blocks_per_sm, 5);
  assert.equal(a.warps_per_sm, 40);
  assert.equal(a.threads_per_sm, 1280);
  assert.equal(a.occupancy, 0.625);
  assert.deepEqual(a.limiting, ['regs']);
  assert.deepEqual(a.limits, { regs: 5, smem: 6, warps: 8, blocks: 32, barriers: null });
  assert.equal(a.regs_per_block, 8 * 1536);
  assert.equal(a.smem_per_block, 24 * 1024 + 1024);  // + 1 KB reserved from CC 8.0
  assert.equal(a.device.cc, '8.0');
  assert.equal(a.device.sm_count, null);            // a reference device: SM count unknown
  assert.ok(Array.isArray(a.budgets) && a.budgets.length > 0);
  assert.ok(Array.isArray(a.derivation) && a.derivation.length > 0);
});

test('occupancy: the same kernel on the A100 product row', () => {
  const a = ok(api.occupancy({ ...a100, cc: undefined, gpu: 'A100' }));
  assert.equal(a.gpu, 'A100 40GB SXM4');
  assert.equal(a.device.sm_count, 108);
  assert.equal(a.blocks_per_sm, 5);
});

test('occupancy: H100 at 128 registers per thread -> 16 warps, 25 % (worked example #2)', () => {
  const a = ok(api.occupancy({ gpu: 'H100 SXM5', threads: 256, regs: 128 }));
  assert.equal(a.warps_per_sm, 16);
  assert.equal(a.occupancy, 0.25);
  assert.deepEqual(a.limiting, ['regs']);
});

test('occupancy: byte fields take units; CC spellings; CC 12.0 has 24 block slots', () => {
  for (const v of [24576, '24KiB', '24 KB', '24K']) assert.equal(ok(api.occupancy({ ...a100, smem_static: v })).smem_per_block, 25600);
  for (const cc of ['8.0', 'sm_80', '80', 8.0, 80]) assert.equal(ok(api.occupancy({ cc, threads: 256 })).device.cc, '8.0');
  assert.equal(ok(api.occupancy({ cc: '12.0' })).limits.blocks, 24);
});

test('block_size and dynamic_smem answers', () => {
  const b = ok(api.block_size({ gpu: 'H100 SXM5', regs: 32 }));
  assert.equal(b.occupancy, 1);
  assert.equal(b.min_grid_size, b.blocks_per_sm * 132);
  const d = ok(api.dynamic_smem({ gpu: 'A100', threads: 256, blocks: 3 }));
  assert.ok(Number.isInteger(d.bytes));
  assert.ok(3 * (d.bytes + 1024) <= 164 * 1024);
  assert.ok(ok(api.occupancy({ gpu: 'A100', threads: 256, smem_dynamic: d.bytes })).limits.smem >= 3);
  err(api.dynamic_smem({ gpu: 'A100', blocks: 40 }), 'not_achievable', 'blocks');
});

test('gpus and archs', () => {
  const g = ok(api.gpus());
  const h100 = g.gpus.find((r) => r.name === 'H100 SXM5');
  assert.ok(h100);
  assert.equal(h100.sm_count, 132);
  assert.equal(h100.cc, '9.0');
  const archs = ok(api.archs()).archs;
  assert.equal(archs.find((r) => r.cc === '12.0').max_blocks_per_sm, 24);
});

test('handle: any op of the batch contract; id is echoed; unknown fields are errors naming the nearest field', () => {
  assert.equal(ok(api.handle({ op: 'occupancy', ...a100, id: 7 })).id, 7);
  const w = err(api.occupancy({ cc: '8.0', thread: 128 }), 'bad_request', 'thread');
  assert.equal(w.message, 'unknown field "thread"; did you mean "threads"?');
  // The case: a misspelt byte field left smem_static at 0 and the answer (8 blocks) looked right.
  const typo = err(api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_stat: '24KB' }), 'bad_request', 'smem_stat');
  assert.match(typo.message, /did you mean "smem_static"/);
  // The CLI's spelling (its --smem) reads as smem_static.
  const smem = ok(api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem: '24KB' }));
  assert.equal(smem.input.smem_static, 24576);
  assert.equal(smem.blocks_per_sm, 5);
  err(api.occupancy({ gpu: 'A100', smem: '24KB', smem_static: 1 }), 'bad_request', 'smem');
  // A known field the op does not read is an error naming it (issue 26: a misplaced field is never ignored).
  assert.match(err(api.occupancy({ cc: '8.0', blocks: 2 }), 'bad_request', 'blocks').message,
    /^field "blocks" is not read by op occupancy; leave it out/);
  const e = api.handle({ op: 'nope', id: 'x' });
  err(e, 'bad_request', 'op');
  assert.equal(e.id, 'x');
});

test('errors name their id and field (same cases as tests/api-json.cpp)', () => {
  err(api.occupancy({ cc: '8.0', threads: 0 }), 'invalid_input', 'threads');
  err(api.occupancy({ cc: '8.0', threads: 1.5 }), 'invalid_input', 'threads');
  err(api.occupancy({ cc: '8.0', threads: '256' }), 'invalid_input', 'threads');
  err(api.occupancy({ cc: '8.0', threads: 2 ** 53 }), 'invalid_input', 'threads');
  err(api.occupancy({ cc: '8.0', smem_static: '24XB' }), 'invalid_input', 'smem_static');
  err(api.occupancy({ cc: '8.0', carveout: 101 }), 'invalid_input', 'carveout');
  err(api.occupancy({ gpu: 'Z100' }), 'unknown_gpu', 'gpu');
  err(api.occupancy({ cc: '7.7' }), 'unknown_arch', 'cc');
  err(api.occupancy({}), 'bad_request', 'gpu');
  err(api.occupancy({ device: { cc: '8.0', smem_per_block: 200000 } }), 'invalid_device', 'device.smem_per_block');
});

test('JS-only hazards are answered, not thrown: NaN, Infinity, BigInt, cycles, non-objects', () => {
  err(api.occupancy({ cc: '8.0', threads: NaN }), 'invalid_input', 'threads');  // not silently the default
  err(api.occupancy({ cc: '8.0', smem_static: Infinity }), 'invalid_input', 'smem_static');
  err(api.occupancy({ cc: '8.0', threads: 256n }), 'bad_request');
  const cyclic = { cc: '8.0' };
  cyclic.self = cyclic;
  err(api.occupancy(cyclic), 'bad_request');
  for (const bad of [[1, 2], 'occupancy', 42, true]) err(api.occupancy(bad), 'bad_request');
  let deep = 0;
  for (let i = 0; i < 10000; ++i) deep = [deep];
  err(api.handle({ op: 'gpus', id: deep }), 'bad_request');
  const e = err(api.occupancy({ gpu: 'H100 \u2603' }), 'unknown_gpu');
  assert.ok(e.message.includes('\u2603'), e.message);
});

test('tile: seed 002 (H100 SXM5, 128x128x64, 3 stages, 8 warps, bf16 -> f32): 64 acc regs, 98304 B, 2 CTAs', () => {
  // Reasoned from the rules (docs/tile-model.md), not pasted from an answer:
  //   accumulators: 128 x 128 f32 = 65536 B = 16384 registers over 8 warps x 32 threads = 64 per thread;
  //   mainloop: 3 stages x (128 x 64 + 128 x 64) bf16 x 2 B = 3 x 32768 = 98304 B;
  //   CTAs: 233472 B per SM - 1024 reserved per CTA leaves 232448 B per CTA at most; 2 x (98304 + barriers
  //   + 1024) fits in 233472, 3 x 98304 does not: 2 CTAs, 16 of 64 warps = 25 %.
  const t = ok(api.tile({ gpu: 'H100 SXM5', m: 128, n: 128, k: 64, stages: 3, warps: 8 }));
  assert.equal(t.acc_regs_per_thread, 64);
  assert.equal(t.acc_bytes, 65536);
  assert.equal(t.smem_per_stage, 32768);
  assert.equal(t.smem_mainloop, 98304);
  assert.equal(t.ctas_per_sm, 2);
  assert.equal(t.occupancy, 0.25);
  assert.equal(t.fits, true);
  assert.equal(t.cc, '9.0');
  // A tile the hardware cannot run is an error answer, not an exception (m not a multiple of wgmma's 64).
  err(api.tile({ gpu: 'H100 SXM5', m: 100 }), 'unsupported', 'm');
});

test('answers are fresh plain objects, and the module keeps working after many errors', () => {
  const a = api.occupancy(a100);
  assert.equal(Object.getPrototypeOf(a), Object.prototype);
  a.limiting.push('mutated');
  assert.deepEqual(api.occupancy(a100).limiting, ['regs']);
  for (let i = 0; i < 2000; ++i) err(api.occupancy({ cc: '8.0', threads: -i - 1 }), 'invalid_input');
  for (let i = 0; i < 200; ++i) api.handle({ op: 'gpus', id: 'x'.repeat(10000) });
  assert.equal(ok(api.occupancy(a100)).blocks_per_sm, 5);
});

test('smcalc-api.mjs: the ES module entry gives the same answers', async () => {
  const mod = await import(pathToFileURL(path.join(dist, 'smcalc-api.mjs')).href);
  const api2 = await mod.default();
  assert.deepEqual(api2.occupancy(a100), api.occupancy(a100));
  assert.equal(mod.createSmcalcApi, mod.default);
});

// A node project with "type": "module" reads every .js file as an ES module, smcalc-api.js included (imported by
// smcalc-api.mjs): Emscripten's node code then met no __dirname and the import died, printing the whole
// minified line (~900 KB). web/js/api_pre.js gives it one. Run in a child node, in a folder of its own.
function runNode(dir, file, source) {
  fs.writeFileSync(path.join(dir, file), source);
  return spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 60000 });
}
function project(type) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smcalc-js-'));
  if (type) fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type }));
  for (const f of ['smcalc-api.js', 'smcalc-api.mjs']) fs.copyFileSync(path.join(dist, f), path.join(dir, f));
  return dir;
}
const probe = 'const a = api.occupancy({ gpu: "A100", threads: 256, regs: 48, smem_static: "24KB" });\n' +
  'console.log(JSON.stringify([a.blocks_per_sm, a.occupancy]));\n';
const importDefault = 'import createSmcalcApi from "./smcalc-api.mjs";\nconst api = await createSmcalcApi();\n';
// Runs `head` + the probe (+ `tail`) as `file` in `dir`: it exits 0 and prints seed 000's answer (5 blocks, 62.5 %).
function runProbe(dir, file, head, tail = '') {
  const r = runNode(dir, file, head + probe + tail);
  assert.equal(r.status, 0, r.stderr.slice(0, 500));
  assert.equal(r.stdout.trim(), '[5,0.625]');
  return r;
}

test('smcalc-api.mjs in a node project with "type": "module" (issue 20: no "__dirname is not defined")', () => {
  const dir = project('module');
  try {
    assert.equal(runProbe(dir, 'main.js', importDefault).stderr, '');
    // The named export, and the classic file imported for its global (as smcalc-api.mjs does).
    runProbe(dir, 'named.js', 'import { createSmcalcApi } from "./smcalc-api.mjs";\nconst api = await createSmcalcApi();\n');
    runProbe(dir, 'global.js', 'import "./smcalc-api.js";\nconst api = await globalThis.createSmcalcApi();\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('smcalc-api.js in a CommonJS node project (require) and smcalc-api.mjs from it', () => {
  const dir = project('commonjs');
  try {
    const r = runProbe(dir, 'main.js', 'const createSmcalcApi = require("./smcalc-api.js");\ncreateSmcalcApi().then((api) => {\n',
      '});\n');
    assert.equal(r.stderr, '');
    runProbe(dir, 'main.mjs', importDefault);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Findings F5 and F6 (docs/bad-inputs.md "Findings"): user code run while the request is read, and values JSON
// cannot carry. Each is an answer naming the problem; none escapes as an exception.
function noThrow(fn) {
  let a;
  assert.doesNotThrow(() => { a = fn(); });
  assert.equal(typeof a, 'object');
  assert.ok(a !== null);
  return a;
}

test('F5: a throwing getter is a bad_request naming the field, not an exception', () => {
  const e = err(noThrow(() => api.occupancy({ cc: '8.0', get threads() { throw new Error('x'); } })), 'bad_request', 'threads');
  assert.equal(e.message, 'malformed request: reading threads threw an exception (x)');
  // A getter inside the device object (copied for its cc), and one throwing something that is not an Error.
  err(noThrow(() => api.occupancy({ device: { cc: '8.0', get warp_size() { throw new Error('y'); } } })),
    'bad_request', 'device.warp_size');
  const s = err(noThrow(() => api.occupancy({ cc: '8.0', get regs() { throw Symbol('s'); } })), 'bad_request', 'regs');
  assert.ok(s.message.includes('Symbol(s)'), s.message);
  const odd = { get message() { throw new Error('again'); }, toString() { throw new Error('again'); } };
  err(noThrow(() => api.occupancy({ cc: '8.0', get regs() { throw odd; } })), 'bad_request', 'regs');
  // Deeper than the copy: JSON.stringify reads it, and its error is answered as before.
  const deep = err(noThrow(() => api.occupancy({ cc: '8.0', problem: { get m() { throw new Error('z'); } } })), 'bad_request');
  assert.ok(deep.message.includes('(z)'), deep.message);
  for (const op of ['occupancy', 'block_size', 'dynamic_smem', 'tile', 'handle']) {
    err(noThrow(() => api[op]({ op: 'gpus', get gpu() { throw new Error('x'); } })), 'bad_request', 'gpu');
  }
});

test('F5: a Proxy whose ownKeys, get or getOwnPropertyDescriptor trap throws, and a revoked Proxy', () => {
  const boom = () => { throw new Error('trap'); };
  const keys = err(noThrow(() => api.occupancy(new Proxy({ cc: '8.0' }, { ownKeys: boom }))), 'bad_request', '');
  assert.equal(keys.message, 'malformed request: listing the fields of the request threw an exception (trap)');
  const get = err(noThrow(() => api.occupancy(new Proxy({ cc: '8.0', threads: 64 }, { get: boom }))), 'bad_request');
  assert.equal(get.field, 'cc');
  assert.equal(get.message, 'malformed request: reading cc threw an exception (trap)');
  err(noThrow(() => api.occupancy(new Proxy({ cc: '8.0' }, { getOwnPropertyDescriptor: boom }))), 'bad_request');
  err(noThrow(() => api.occupancy({ device: new Proxy({ cc: '8.0' }, { ownKeys: boom }) })), 'bad_request', 'device');
  err(noThrow(() => api.occupancy({ cc: '8.0', threads: new Proxy({}, { ownKeys: boom }) })), 'bad_request');
  const { proxy, revoke } = Proxy.revocable({ cc: '8.0' }, {});
  revoke();
  err(noThrow(() => api.occupancy(proxy)), 'bad_request');
  err(noThrow(() => api.handle(proxy)), 'bad_request');
  // A well-behaved Proxy is read like the object behind it.
  assert.equal(ok(api.occupancy(new Proxy(a100, {}))).blocks_per_sm, 5);
});

test('F6: a function or symbol value is an error naming the field, not silently the default', () => {
  const f = err(noThrow(() => api.occupancy({ cc: '8.0', threads: () => 1 })), 'invalid_input', 'threads');
  assert.equal(f.message, 'threads is a function, which JSON cannot carry; give a number, string, boolean, array, ' +
    'object or null (or leave the field out for its default)');
  const s = err(noThrow(() => api.occupancy({ cc: '8.0', smem_static: Symbol('k') })), 'invalid_input', 'smem_static');
  assert.ok(s.message.startsWith('smem_static is a symbol'), s.message);
  // Nested fields get their path, as the core names them.
  err(noThrow(() => api.occupancy({ device: { cc: '8.0', warp_size: () => 32 } })), 'invalid_input', 'device.warp_size');
  err(noThrow(() => api.occupancy({ device: { sm_count: Math.max } })), 'invalid_input', 'device.sm_count');
  err(noThrow(() => api.handle({ op: 'tiles', gpu: 'H100 SXM5', ms: [64, () => 128] })), 'invalid_input', 'ms[1]');
  err(noThrow(() => api.tile({ gpu: 'H100 SXM5', problem: { m: 1, n: 1, k: class {} } })), 'invalid_input', 'problem.k');
  err(noThrow(() => api.occupancy({ gpu: () => 'A100' })), 'invalid_input', 'gpu');
  // ... and a toJSON that hands back a function.
  err(noThrow(() => api.occupancy({ cc: '8.0', regs: { toJSON: () => () => 1 } })), 'invalid_input', 'regs');
  // A field named __proto__ (JSON.parse makes one) is sent as a field, so it is refused as unknown, not silently
  // lost.
  const proto = err(api.occupancy(JSON.parse('{"cc": "8.0", "__proto__": {"threads": 1}}')), 'bad_request', '__proto__');
  assert.match(proto.message, /^unknown field "__proto__"/);
  // A method on the prototype (class instances) is not a field: not read, no error.
  class Request { constructor() { Object.assign(this, a100); } describe() { return 'r'; } }
  assert.equal(ok(api.occupancy(new Request())).blocks_per_sm, 5);
});

test('F5/F6: after throwing getters, Proxies and functions, the module still answers correctly', () => {
  const boom = () => { throw new Error('trap'); };
  for (let i = 0; i < 500; ++i) {
    api.occupancy({ cc: '8.0', get threads() { throw new Error('x' + i); } });
    api.occupancy(new Proxy({ cc: '8.0' }, { ownKeys: boom, get: boom }));
    api.occupancy({ cc: '8.0', threads: () => i });
  }
  const a = ok(api.occupancy(a100));
  assert.equal(a.blocks_per_sm, 5);
  assert.equal(a.occupancy, 0.625);
  assert.deepEqual(a.limiting, ['regs']);
  assert.equal(ok(api.block_size({ gpu: 'H100 SXM5', regs: 32 })).occupancy, 1);
});
