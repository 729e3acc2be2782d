// tests/js/types.test.mjs - the TypeScript declarations as shipped in dist/ (smcalc-api.d.mts for smcalc-api.mjs,
// smcalc.d.ts with the types), checked with tsc (typescript, a devDependency that scripts/setup.sh installs):
// tests/ts/usage.ts is compiled in a node project with "type": "module" (strict, declarations checked too;
// each of its @ts-expect-error lines must be an error), then run against the module.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { dist } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function project(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smcalc-ts-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const f of ['usage.ts', 'tsconfig.json']) fs.copyFileSync(path.join(root, 'tests/ts', f), path.join(dir, f));
  for (const f of files) fs.copyFileSync(path.join(dist, f), path.join(dir, f));
  return dir;
}
function compile(dir) {
  return spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 120000 });
}

test('typescript is installed (package.json devDependency; scripts/setup.sh)', () => {
  assert.ok(fs.existsSync(tsc), 'no ' + tsc + ': run scripts/setup.sh (npm ci)');
});

test('smcalc-api.d.mts + smcalc.d.ts: tests/ts/usage.ts compiles under strict tsc and runs', () => {
  const dir = project(['smcalc-api.mjs', 'smcalc-api.js', 'smcalc-api.d.mts', 'smcalc.d.ts']);
  try {
    const c = compile(dir);
    assert.equal(c.status, 0, c.stdout + c.stderr);
    const r = spawnSync(process.execPath, ['usage.js'], { cwd: dir, encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, r.stderr.slice(0, 500));
    // Seed 000 (5 blocks, registers); the misspelt key refused at run time too; the tile, dynamic_smem, handle
    // (block_size, tiles, next_step) answers read through their types.
    const out = JSON.parse(r.stdout);
    // device_report is a request key (issue 33): a line that is no report is refused naming it.
    assert.deepEqual(out.slice(0, 8), [5, ['regs'], 24576, null, 5, 'smem_stat', 'device_report', null]);
    assert.equal(out[8], true);                          // the tile fits
    assert.equal(out.at(-1), 8);                         // blocks() of CC 8.0 at 256 threads
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('without smcalc-api.d.mts TypeScript finds no declarations for smcalc-api.mjs (the name matters)', () => {
  const dir = project(['smcalc-api.mjs', 'smcalc-api.js', 'smcalc.d.ts']);
  try {
    const c = compile(dir);
    assert.notEqual(c.status, 0);
    assert.match(c.stdout, /TS7016: Could not find a declaration file for module '\.\/smcalc-api\.mjs'/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
