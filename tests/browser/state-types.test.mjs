// tests/browser/state-types.test.mjs - the page state's answer parts against the TypeScript declarations (issue 26):
// window.smcalc.state() on an AMD kernel with next steps, an AMD tile, an NVIDIA tile with a cluster and a tile with
// a CUTLASS schedule (answered by the JS API module) is written into a .ts file as a PageState object literal and
// compiled by strict tsc (web/smcalc.d.ts). The parts' figures are typed by the API answers' generated interfaces, so
// a member the page writes that the API's member list does not have fails here; the last case proves the check is on.
// Run: node --test tests/browser/state-types.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { idle, open, session, state, until } from './harness.mjs';
import { typecheck } from '../js/load.mjs';

const env = session();

const pages = {
  amd_kernel: '#gpu=MI300X&m=kernel&t=256&vg=136&lds=8192',
  amd_tile: '#gpu=MI355X&m=tile&tm=256&tn=256&tk=64&st=2&w=4',
  tile_cluster: '#gpu=H100%20SXM5&m=tile&tm=128&tn=256&tk=64&cl=2x1x1',
  schedule: '#gpu=H100%20SXM5&m=tile&tm=128&tn=128&tk=64&sch=pingpong&sa=1',
};

test('the page state\'s answer parts conform to PageState (strict tsc), and a misspelt member does not', async () => {
  const states = {};
  const { context, page, errors } = await open(env.browser, env.base + pages.amd_kernel);
  for (const [name, hash] of Object.entries(pages)) {
    await page.evaluate((h) => { location.hash = h.slice(1); }, hash);
    await idle(page);
    states[name] = name === 'schedule'
      ? await until(page, () => window.smcalc.state(), (s) => s.tile && s.tile.roles && s.tile.roles.length > 0, 15000)
      : await state(page);
  }
  assert.ok(states.amd_kernel.amd.next_steps.length > 0 && states.amd_tile.amd.tile && states.tile_cluster.cluster.cluster_size);
  let ts = "import type { PageState } from './smcalc.js';\n";
  for (const [name, s] of Object.entries(states)) ts += `export const ${name}: PageState = ${JSON.stringify(s)};\n`;
  const ok = typecheck(ts);
  assert.equal(ok.status, 0, (ok.stdout + ok.stderr).slice(0, 4000));
  const bad = structuredClone(states.amd_kernel);
  bad.amd.workgroups_per_cux = bad.amd.workgroups_per_cu;
  const refused = typecheck(`import type { PageState } from './smcalc.js';\nexport const bad: PageState = ${JSON.stringify(bad)};\n`);
  assert.notEqual(refused.status, 0, 'a misspelt member of the amd part type-checks');
  assert.match(refused.stdout + refused.stderr, /workgroups_per_cux/);
  assert.deepEqual(errors, []);
  await context.close();
});
