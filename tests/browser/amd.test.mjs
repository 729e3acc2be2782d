// tests/browser/amd.test.mjs - issue 18 in the page: an AMD Instinct GPU from the picker's AMD group, the kernel
// panel in AMD's words (work-items, VGPRs, AGPRs, SGPRs, LDS), its answer equal to the JS API's (which
// tests/wasm-eq holds equal to the CLI's), the URL hash round trip, the MFMA tile, and the seed's MI300X
// command. Screenshots: build/screenshots/amd-*.png.
// Run: node --test tests/browser/amd.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertSameMembers, idle, open, screenshot, session, state } from './harness.mjs';
import { clickInView, MID } from './ui_helpers.mjs';

const env = session();

// `smcalc occupancy --gpu MI300X --threads 256 --vgprs 128 --lds 16KiB` (issue 18's done-when).
const mi300x = '#gpu=MI300X&m=kernel&t=256&vg=128&lds=16KiB';

test('AMD kernel: the page answers as the JS API does, and the hash round-trips', async () => {
  const { context, page, errors, requests } = await open(env.browser, env.base + mi300x);
  const s = await state(page);
  assert.equal(s.vendor, 'amd');
  assert.equal(s.gpu, 'MI300X');
  const api = await page.evaluate(() => window.smcalc.handle({ op: 'occupancy', gpu: 'MI300X', threads: 256,
    vgprs: 128, lds: '16KiB' }));
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  for (const k of ['workgroups_per_cu', 'waves_per_simd', 'occupancy', 'compiler_waves_per_simd'])
    assert.equal(s.amd[k], api[k], k);
  // Every figure of the state's AMD part is the API answer's (one member list), and so is its input echo.
  assertSameMembers(s.amd, api, ['input', 'next_steps'], 'state.amd');
  assertSameMembers(s.amd.input, api.input, [], 'state.amd.input');
  assert.deepEqual(s.amd.limiting, api.limiting);
  assert.deepEqual([s.amd.workgroups_per_cu, s.amd.waves_per_simd], [4, 4]);
  // The canonical hash keeps the AMD keys (bytes in bytes) and no NVIDIA kernel key.
  assert.match(s.hash, /gpu=MI300X&m=kernel&t=256&vg=128&ag=0&lds=16384/);
  assert.doesNotMatch(s.hash, /(^|&)(r|ss|ds)=/);
  await screenshot(page, 'amd-kernel');
  // A changed input: VGPRs 128 -> 64 keeps LDS the limit (4 workgroups), as the API says.
  await page.evaluate(() => { location.hash = 'gpu=MI300X&m=kernel&t=256&vg=64&lds=16384'; });
  await idle(page);
  const s2 = await state(page);
  const api2 = await page.evaluate(() => window.smcalc.handle({ op: 'occupancy', gpu: 'MI300X', threads: 256,
    vgprs: 64, lds: 16384 }));
  assert.equal(s2.amd.workgroups_per_cu, api2.workgroups_per_cu);
  assert.deepEqual(s2.amd.limiting, api2.limiting);
  assert.deepEqual(errors, []);
  assert.ok(requests.every((u) => u.startsWith(env.base)), 'no request off the machine');
  await context.close();
});

test('AMD from the picker and the preset; the MFMA tile on MI355X', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=A100&m=kernel');
  await clickInView(page, 'MI300X 128 VGPRs', { x: 150, y: 600 });  // the worked example (left column)
  let s = await state(page);
  assert.equal(s.gpu, 'MI300X');
  assert.deepEqual([s.amd.input.threads, s.amd.input.vgprs, s.amd.input.lds], [256, 128, 16384]);
  // The tile view on MI355X (gfx950: 160 KiB of LDS): the page's tile equals the API's with waves = warps.
  await page.evaluate(() => { location.hash = 'gpu=MI355X&m=tile&tm=256&tn=256&tk=64&st=2&w=4'; });
  await idle(page);
  s = await state(page);
  const api = await page.evaluate(() => window.smcalc.handle({ op: 'tile', gpu: 'MI355X', m: 256, n: 256, k: 64,
    stages: 2, waves: 4 }));
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  assert.equal(s.amd.tile.fits, api.fits);
  assert.equal(s.amd.tile.workgroups_per_cu, api.workgroups_per_cu);
  assert.equal(s.amd.tile.acc_regs_per_lane, api.acc_regs_per_lane);
  assert.equal(s.amd.tile.lds_per_workgroup, api.lds_per_workgroup);
  assertSameMembers(s.amd.tile, api, [], 'state.amd.tile');
  await screenshot(page, 'amd-tile');
  // An AMD field out of range: the error names the field and its range, as the CLI's does.
  await page.evaluate(() => { location.hash = 'gpu=MI300X&m=kernel&vg=300'; });
  await idle(page);
  s = await state(page);
  assert.match(s.notice, /VGPRs per lane '300' in the link is not valid \(0 \.\. 256\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

// Issue 26: the Next step card draws AMD's suggestions with the same rows as NVIDIA's (one view, web/ui_guidance.cpp):
// each is the API's next_step suggestion, its compiler hint under it, and Apply sets the field to the suggested
// value (`smcalc next_step --gpu MI300X --threads 256 --vgprs 136 --lds 8KiB`: VGPRs 136 -> 128, 3 -> 4 workgroups).
test('AMD next step: the API\'s suggestions, drawn by the shared rows; Apply sets the field', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=MI300X&m=kernel&t=256&vg=136&lds=8192');
  let s = await state(page);
  const api = await page.evaluate(() => window.smcalc.handle({ op: 'next_step', gpu: 'MI300X', threads: 256,
    vgprs: 136, lds: 8192 }));
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  assertSameMembers(s.amd.next_steps, api.suggestions, [], 'state.amd.next_steps');
  const vgprs = api.suggestions.find((x) => x.field === 'vgprs');
  assert.deepEqual([s.amd.workgroups_per_cu, vgprs.to, vgprs.workgroups_per_cu], [3, 128, 4]);
  await clickInView(page, 'Apply##amd_vgprs', MID);
  s = await state(page);
  assert.deepEqual([s.amd.input.vgprs, s.amd.workgroups_per_cu], [vgprs.to, vgprs.workgroups_per_cu]);
  assert.match(s.hash, /&vg=128&/);
  await screenshot(page, 'amd-next-step');
  assert.deepEqual(errors, []);
  await context.close();
});

// Issue 29: MI250X (gfx90a) and MI100 (gfx908) come from the same AMD list (amd::all_gpus) as the others; the
// page's answer equals the API's, which tests/unit-amd.cpp holds to llc's (gfx908: max(5, 128) = 128 of 256
// registers -> 2 waves/SIMD; gfx90a: alignTo(5, 4) + 128 = 136 of 512 -> 3).
test('MI250X and MI100 in the page answer as the JS API does', async () => {
  for (const [gpu, waves] of [['MI250X', 3], ['MI100', 2]]) {
    const { context, page, errors } = await open(env.browser, `${env.base}#gpu=${gpu}&m=kernel&t=256&vg=5&ag=128`);
    const s = await state(page);
    assert.equal(s.vendor, 'amd');
    assert.equal(s.gpu, gpu);
    const api = await page.evaluate((g) => window.smcalc.handle({ op: 'occupancy', gpu: g, threads: 256, vgprs: 5,
      agprs: 128 }), gpu);
    assert.equal(api.error, undefined, JSON.stringify(api.error));
    for (const k of ['workgroups_per_cu', 'waves_per_simd', 'occupancy', 'compiler_waves_per_simd'])
      assert.equal(s.amd[k], api[k], `${gpu} ${k}`);
    assert.equal(s.amd.waves_per_simd, waves);
    await screenshot(page, `amd-${gpu.toLowerCase()}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
