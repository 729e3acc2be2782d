// tests/browser/device-report.test.mjs - the page's "Paste a device report" (issue 33; web/js/messages.js
// report_dialog, loaded on demand with the JS API): a real deviceQuery (tests/data/device-reports, from a public
// issue) becomes the page's device, the kernel inputs stay, and the page answers as the JS API does for the product
// row; a report that differs from its row becomes a custom device with the report's figures; a report smcalc
// cannot read leaves the inputs alone and says why; an AMD report whose CUs differ (a CPX partition) leaves them too,
// saying the page has no custom AMD device. 0 console errors.
// Run: node --test tests/browser/device-report.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { loadApi } from '../js/load.mjs';
import { idle, item, open, root, session, state } from './harness.mjs';

const env = session();
const report = (f) => fs.readFileSync(path.join(root, 'tests/data/device-reports', f), 'utf8');

test('"Paste a device report": a deviceQuery becomes the device, a differing one a custom device, a bad one an error', async () => {
  const api = await loadApi();
  const { context, page, errors } = await open(env.browser, env.base + 'index.html#gpu=A100&m=kernel&t=256&r=48&ss=24576', { viewport: { width: 1280, height: 900 } });
  // The button sits in the custom device editor (collapsed until opened).
  const tree = await item(page, 'Custom device');
  await page.mouse.click(tree.cx, tree.cy);
  await idle(page);
  const b = await item(page, 'Paste a device report');
  await page.mouse.click(b.cx, b.cy);
  await page.waitForSelector('#smcalc-report[open]', { timeout: 10000 });
  const use = async (text) => {
    await page.fill('#smcalc-report textarea', text);
    await page.click('#smcalc-report button[name=use]');
    await page.waitForFunction(() => !/^Reading/.test(document.querySelector('#smcalc-report-note').textContent), null, { timeout: 20000 });
    await idle(page);
    return page.textContent('#smcalc-report-note');
  };

  // The RTX 5090 of aikitoria/open-gpu-kernel-modules#1: the row stands for it; the kernel is kept.
  let note = await use(report('deviceQuery-rtx5090.txt'));
  assert.match(note, /matches RTX 5090/);
  let s = await state(page);
  assert.match(s.hash, /(^|&)gpu=RTX%205090(&|$)/);
  assert.doesNotMatch(s.hash, /(^|&)d\./);
  assert.match(s.hash, /(^|&)t=256(&|$)/);
  assert.match(s.hash, /(^|&)r=48(&|$)/);
  const want = api.occupancy({ gpu: 'RTX 5090', threads: 256, regs: 48, smem_static: 24576 });
  assert.equal(s.result.blocks_per_sm, want.blocks_per_sm);

  // The same report with 160 SMs (edited): a custom device with every field the report gave, the difference said.
  note = await use(report('deviceQuery-rtx5090.txt').replace('(170) Multiprocessors', '(160) Multiprocessors'));
  assert.match(note, /differs from RTX 5090: sm_count: the report says 160/);
  s = await state(page);
  assert.match(s.hash, /(^|&)d\.sm=160(&|$)/);
  assert.match(s.hash, /(^|&)d\.cc=12\.0(&|$)/);

  // An MI300X partitioned CPX (ROCm/ROCm#4750: 38 CUs per device): the API answers a custom AMD device, which the
  // page's hash cannot hold: the page keeps its inputs and says so, with the API's reading (no exception).
  let before = (await state(page)).hash;
  note = await use(report('rocminfo-mi300x-cpx.txt'));
  assert.match(note, /differs from MI300X/);
  assert.match(note, /no custom AMD device: it keeps its GPU.*38 CUs/);
  assert.equal((await state(page)).hash, before);

  // Not a report: the error, and the inputs as they were.
  before = (await state(page)).hash;
  note = await use('hello');
  assert.match(note, /none of the reports smcalc reads/);
  assert.equal((await state(page)).hash, before);
  assert.deepEqual(errors, []);
  await context.close();
});
