// tests/wasm-eq/native-vs-wasm.test.mjs - the wasm module and the native build give identical answers: the same
// request lines (tests/wasm-eq/requests.mjs: WASM_EQ_N generated lines, default 100,000, plus the rows of
// docs/bad-inputs.md) go to the native `smcalc batch` ($SMCALC_BIN, default build/debug/core/smcalc) and, one by
// one, to the JS API module's smcalc_handle (tests/js/load.mjs: dist/ or $SMCALC_DIST), and every answer line must
// be the same text, byte for byte. Requests, both answer files and the differences go to build/wasm-eq/.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';

import { loadApi } from '../js/load.mjs';
import { root } from './doc-table.mjs';
import { docLines, generate } from './requests.mjs';

const N = Number(process.env.WASM_EQ_N || 100000);  // issue 5: properties over >= 100,000 inputs
const bin = process.env.SMCALC_BIN || path.join(root, 'build/debug/core/smcalc');
const out = path.join(root, 'build/wasm-eq');

let api;
before(async () => { api = await loadApi(); });

test(`wasm == native: ${N} generated request lines and the doc's bad inputs, answer for answer`, () => {
  assert.ok(fs.existsSync(bin), `native smcalc not found at ${bin} (set SMCALC_BIN)`);
  const lines = [...generate(N), ...docLines()];
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'requests.jsonl'), lines.join('\n') + '\n');
  // The answers go to a file and are read back line by line: together they pass V8's 512 MiB string limit (the
  // gpus op lists every product with its sources: 71 rows since issue 33), so they are never one string.
  const nativeFile = path.join(out, 'native.jsonl');
  const fd = fs.openSync(nativeFile, 'w');
  const run = spawnSync(bin, ['batch'], { input: lines.join('\n') + '\n', stdio: ['pipe', fd, 'pipe'], encoding: 'utf8' });
  fs.closeSync(fd);
  assert.equal(run.status, 0, run.stderr);
  const buf = fs.readFileSync(nativeFile);
  const native = [];
  for (let start = 0, nl = buf.indexOf(10); nl !== -1; start = nl + 1, nl = buf.indexOf(10, start))
    native.push(buf.toString('utf8', start, nl));
  assert.equal(native.length, lines.length, 'one native answer per line');
  const wasm = lines.map((l) => api.smcalc_handle(l));
  const wfd = fs.openSync(path.join(out, 'wasm.jsonl'), 'w');
  for (const w of wasm) fs.writeSync(wfd, w + '\n');
  fs.closeSync(wfd);
  const diffs = [];
  for (let i = 0; i < lines.length; ++i)
    if (native[i] !== wasm[i]) diffs.push(`line ${i + 1}: ${lines[i].slice(0, 300)}\n  native: ${native[i].slice(0, 300)}\n  wasm:   ${wasm[i].slice(0, 300)}`);
  fs.writeFileSync(path.join(out, 'differences.txt'), diffs.join('\n') + (diffs.length ? '\n' : ''));
  const errors = native.filter((a) => a.startsWith('{"error"')).length;
  console.log(`wasm-eq: ${lines.length} lines, ${lines.length - errors} answers + ${errors} errors, ${diffs.length} differ`);
  assert.equal(diffs.length, 0, `${diffs.length} answers differ (build/wasm-eq/differences.txt); first:\n${diffs.slice(0, 3).join('\n')}`);
});
