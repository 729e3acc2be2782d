// tests/wasm-eq/js-badinput.test.mjs - the "JS API" table of docs/bad-inputs.md, row by row, on the built JS API
// module (tests/js/load.mjs finds it: dist/smcalc-api.js or $SMCALC_DIST): each call's exact error (id, field,
// message) or answer value, and never a throw. Run: node --test tests/wasm-eq/
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { loadApi } from '../js/load.mjs';
import { code, rows } from './doc-table.mjs';

let api;
before(async () => { api = await loadApi(); });

function at(obj, pointer) {
  let v = obj;
  for (const k of pointer.slice(1).split('/')) v = v === undefined || v === null ? undefined : v[k];
  return v === undefined ? '<absent>' : v;
}

test('docs/bad-inputs.md: every JS API row gets its documented answer, none throws', () => {
  const table = rows('js');
  assert.ok(table.length >= 20, `only ${table.length} JS rows found`);
  for (const { line, cells } of table) {
    const where = `docs/bad-inputs.md:${line} (${cells[1]})`;
    const call = code(cells[2]).text;
    let a;
    // eslint-disable-next-line no-eval
    assert.doesNotThrow(() => { a = eval(call); }, where);
    assert.equal(typeof a, 'object', where);
    const id = code(cells[3]).text, field = code(cells[4]).text;
    const { text: want, prefix } = code(cells[5]);
    if (id === 'ok') assert.equal(a.error, undefined, `${where}: ${JSON.stringify(a.error)}`);
    else assert.equal(a.error && a.error.id, id, `${where}: ${JSON.stringify(a).slice(0, 200)}`);
    if (field.startsWith('/')) {
      assert.deepEqual(at(a, field), JSON.parse(want), `${where}: ${field}`);
      continue;
    }
    if (!a.error) continue;
    assert.equal(a.error.field, field, where);
    if (prefix) assert.ok(a.error.message.startsWith(want), `${where}:\n  doc:    ${want}…\n  answer: ${a.error.message}`);
    else assert.equal(a.error.message, want, where);
  }
});
