// tests/browser/binary.test.mjs - issue 32 in the page: a real executable built by nvcc 13.0
// (tests/data/binaries/multi-arch: cubins for sm_75 and sm_86, PTX for compute_90) dropped on the page opened
// from file://. The dialog lists its kernels with the resources ptxas -v printed for them
// (multi-arch.ptxas.txt) and each kernel's occupancy on a GPU of the architecture it was built for, equal to the
// JS API's answer for the compiler's own figures; "Use" puts the kernel and that GPU into the page. Nothing is
// requested from anywhere: the file is read in the browser.
// Run: node --test tests/browser/binary.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { idle, open, session, state, until } from './harness.mjs';

const env = session();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const exe = readFileSync(resolve(root, 'tests/data/binaries/multi-arch'));

test('an nvcc-built executable dropped on the page (file://): each kernel and its occupancy, then Use', async () => {
  const url = pathToFileURL(resolve(root, 'dist/index.html')).href + '#gpu=A100&m=kernel';
  const { context, page, errors, requests } = await open(env.browser, url);
  // Drop it as a browser does: a DragEvent carrying a File.
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'multi-arch'));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, exe.toString('base64'));
  const rows = await until(page, () => Array.from(document.querySelectorAll('#smcalc-binary-kernels tr')).slice(1)
    .map((tr) => Array.from(tr.children).map((td) => td.textContent)), (r) => r.length > 0, 20000);
  // 5 kernels x 2 cubins (sm_75, sm_86); the PTX-only compute_90 is said plainly.
  assert.equal(rows.length, 10);
  const note = await page.evaluate(() => document.querySelector('#smcalc-binary-note').textContent);
  assert.match(note, /PTX only for compute_90: resources are decided at JIT time/);
  // reduce<512> for sm_86: ptxas -v says 10 registers, 1 barrier, 2048 bytes smem (multi-arch.ptxas.txt);
  // __launch_bounds__(256) gives its threads. The GPU is the catalogue's first CC 8.6 GPU.
  const row = rows.find((r) => r[0] === 'reduce<512>' && r[1] === 'sm_86');
  assert.ok(row, JSON.stringify(rows));
  assert.equal(row[2], '10 regs, 2048 B smem, 1 barriers');
  assert.equal(row[3], '256');
  const expected = await page.evaluate((gpu) => window.smcalc.occupancy({ gpu, threads: 256, regs: 10,
    smem_static: 2048, barriers: 1 }), row[4]);
  assert.equal(expected.error, undefined);
  assert.equal(await page.evaluate((gpu) => window.smcalc.gpus().then((g) => g.gpus.find((x) => x.name === gpu).cc),
    row[4]), '8.6');
  assert.equal(row[5], `${expected.blocks_per_sm} blocks/SM (${Math.round(expected.occupancy * 100)} %)`);
  // Use: the page now shows that kernel on that GPU, with the same answer.
  const i = rows.indexOf(row);
  await page.evaluate((n) => document.querySelectorAll('#smcalc-binary-kernels button')[n].click(), i);
  await idle(page);
  const s = await state(page);
  assert.equal(s.gpu, row[4]);
  assert.deepEqual([s.threads, s.regs, s.barriers], [256, 10, 1]);
  assert.equal(s.result.blocks_per_sm, expected.blocks_per_sm);
  assert.deepEqual(errors, []);
  assert.ok(requests.every((u) => u.startsWith('file://')), 'no request off the machine: ' + requests.join(' '));
  await context.close();
});
