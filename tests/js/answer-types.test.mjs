// tests/js/answer-types.test.mjs - real answers against the TypeScript declarations: every request of
// tests/data/contract/requests.jsonl (each op, NVIDIA and AMD, clusters, compiler output, compare kernel/tile/
// across vendors, an error) is answered by the JS API module (dist/, the node build) and, where it is built, by
// the native CLI (`smcalc batch`); each answer is written into a .ts file as an object literal of its op's
// declared answer type (Ops[op]['answer'] | ErrorAnswer of dist/smcalc.d.ts) and compiled by strict tsc.
// Object literals get TypeScript's excess-property check, so a member the declarations do not have (a misspelt
// one: "gpu_resident_warpz"), a missing required member or a wrong type fails; the last test proves the check is
// on for compare columns (an index signature `[key: string]: unknown` would let any member through).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { loadApi, typecheck } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const native = process.env.SMCALC_BIN || path.join(root, 'build/debug/core/smcalc');
const requests = fs.readFileSync(path.join(root, 'tests/data/contract/requests.jsonl'), 'utf8')
  .split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

function source(answers) {
  let ts = "import type { Ops, ErrorAnswer } from './smcalc.js';\n";
  requests.forEach((r, i) => {
    ts += `// ${r.id}\nexport const a${i}: Ops['${r.op}']['answer'] | ErrorAnswer = ${JSON.stringify(answers[i], null, 1)};\n`;
  });
  return ts;
}

function checkAnswers(answers) {
  assert.equal(answers.length, requests.length);
  answers.forEach((a, i) => assert.equal(a.id, requests[i].id));
  assert.ok(answers.find((a) => a.id === 'compare_kernel').columns.every((c) => 'gpu_resident_warps' in c));
  const c = typecheck(source(answers));
  assert.equal(c.status, 0, (c.stdout + c.stderr).slice(0, 4000));
}

test('answers of the JS API module (dist/) to tests/data/contract/requests.jsonl conform to smcalc.d.ts (strict tsc)', async () => {
  const api = await loadApi();
  checkAnswers(requests.map((r) => api.handle(r)));
});

test('answers of the native CLI (smcalc batch) conform to smcalc.d.ts (strict tsc)',
  { skip: fs.existsSync(native) ? false : `no native smcalc at ${native} (scripts/test.sh builds it first)` }, () => {
    const r = spawnSync(native, ['batch'], { input: requests.map((q) => JSON.stringify(q)).join('\n') + '\n',
      encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, r.stderr);
    checkAnswers(r.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)));
  });

test('a misspelt compare-column member is a type error (compare columns have no index signature)', () => {
  const c = typecheck("import type { CompareAnswer } from './smcalc.js';\n" +
    "export const a: CompareAnswer = { kind: 'kernel', gpus: ['B200'], input: {}, rows: [],\n" +
    "  columns: [{ name: 'B200', cc: '10.0', sm_count: 148, error: null, gpu_resident_warpz: 4736 }] };\n");
  assert.notEqual(c.status, 0);
  assert.match(c.stdout, /TS(2353|2561): Object literal may only specify known properties.*'gpu_resident_warpz'/);
});
