// tests/browser/schedule.test.mjs - issue 30 in the page: a tile with a CUTLASS kernel schedule. The page's core
// leaves the schedules out (page weight); the page asks the JS API module (smcalc-api.js) with its URL hash and
// draws its answer (web/page_tile.cpp, ui_model.cpp read_page_tile). Here: the picker offers each GPU's schedules,
// the schedule round-trips the hash, and the page's figures (CTAs/SM, occupancy, shared memory, stages, the roles
// and their registers, the spill verdict) equal the JS API's tile answer for the same request.
// Screenshots: build/screenshots/schedule-*.png (DPR 1 and 2).
// Run: node --test tests/browser/schedule.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertSameMembers, idle, item, open, screenshot, session, state, until } from './harness.mjs';

const env = session();

const click = async (page, label) => {
  const i = await item(page, label);
  await page.mouse.click(i.cx, i.cy);
  await idle(page);
};
// The labels of the widgets on the page now.
const labels = async (page) => (await page.evaluate(() => window.smcalc.items())).map((i) => i.label);
// Opens the schedule picker: it offers every one of `shown` and none of `hidden` on this GPU (`where`, for messages).
async function offers(page, shown, hidden, where) {
  await click(page, '##sch');
  const offered = await labels(page);
  for (const l of shown) assert.ok(offered.includes(l), l);
  for (const l of hidden) assert.ok(!offered.includes(l), `${l} offered on ${where}`);
}
// The page's tile once the module has answered (roles drawn), or its error.
const answered = (page) => until(page, () => window.smcalc.state(),
  (s) => (s.tile && s.tile.roles && s.tile.roles.length > 0) || (s.error && !/asking smcalc-api/.test(s.error.message)), 15000);

// The page's figures against the JS API's tile answer for `request`.
async function same(page, s, request) {
  const api = await page.evaluate((r) => window.smcalc.tile(r), request);
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  assert.equal(s.tile.schedule, api.schedule);
  assert.equal(s.tile.fits, api.fits);
  assert.equal(s.tile.ctas_per_sm, api.ctas_per_sm);
  assert.equal(s.tile.smem_per_cta, api.smem_per_cta);
  
  assert.equal(s.tile.regs_per_thread_est, api.regs_per_thread_est);
  assert.deepEqual(s.tile.roles.map((r) => [r.key, r.threads, r.regs]), api.roles.map((r) => [r.key, r.threads, r.regs]));
  assertSameMembers(s.tile, api, ['input'], 'state.tile');
  if (api.fits) {
    assert.equal(s.result.blocks_per_sm, api.ctas_per_sm);
    assert.equal(s.result.occupancy, Number(api.occupancy.toPrecision(6)));
  }
  return api;
}

test('Hopper ping-pong from a link: the page draws the JS API\'s answer (roles, setmaxnreg budgets, CTAs/SM)', async () => {
  for (const dpr of [1, 2]) {
    const url = '#gpu=H100%20SXM5&m=tile&tm=128&tn=128&tk=64&sch=pingpong&sa=1';
    const { context, page, errors } = await open(env.browser, env.base + url, { deviceScaleFactor: dpr });
    const s = await answered(page);
    assert.match(s.hash, /(^|&)sch=pingpong(&|$)/);
    assert.match(s.hash, /(^|&)sa=1(&|$)/);
    const api = await same(page, s, { gpu: 'H100 SXM5', m: 128, n: 128, k: 64, schedule: 'pingpong', stages_auto: true });
    // Recorded in tests/data/cutlass/kernels.tsv (CUTLASS 4.7, nvcc 13.0): 384 threads, producer 40 / consumers 232
    // registers (setmaxnreg), 168 by the launch bounds, 1 CTA per SM.
    assert.equal(api.threads, 384);
    assert.deepEqual(s.tile.roles.map((r) => [r.key, r.threads, r.regs]), [['producer', 128, 40], ['consumer', 256, 232]]);
    assert.equal(s.tile.ctas_per_sm, 1);
    await screenshot(page, `schedule-pingpong-dpr${dpr}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the picker offers each GPU its schedules; the choice goes into the hash and the answer follows', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=H100%20SXM5&m=tile&tm=128&tn=256&tk=64');
  let s = await state(page);
  assert.equal(s.tile.schedule, 'none');
  await offers(page, ['Manual warps', 'Cooperative', 'Ping-pong'], ['1-SM', '2-SM'], 'a Hopper GPU');
  await click(page, 'Cooperative');
  s = await answered(page);
  assert.match(s.hash, /(^|&)sch=cooperative(&|$)/);
  await same(page, s, { gpu: 'H100 SXM5', m: 128, n: 256, k: 64, stages: 3, schedule: 'cooperative' });

  // Blackwell: 1-SM and 2-SM, not the Hopper ones; a 2-SM pair of 256 x 128 (M = 256 runs as two 128-row CTAs).
  await page.evaluate(() => { location.hash = 'gpu=B200&m=tile&tm=256&tn=128&tk=64&sch=sm100_2sm&sa=1'; });
  await idle(page);
  s = await answered(page);
  await same(page, s, { gpu: 'B200', m: 256, n: 128, k: 64, schedule: 'sm100_2sm', stages_auto: true });
  await offers(page, ['Manual warps', '1-SM', '2-SM'], ['Cooperative', 'Ping-pong'], 'a Blackwell GPU');
  await click(page, 'Manual warps');
  s = await state(page);
  assert.equal(s.tile.schedule, 'none');
  assert.doesNotMatch(s.hash, /sch=/);

  // A schedule the GPU does not run: the JS API's refusal, naming the field, on the page.
  await page.evaluate(() => { location.hash = 'gpu=A100%20SXM4%2080GB&m=tile&sch=cooperative'; });
  await idle(page);
  s = await answered(page);
  const api = await page.evaluate(() => window.smcalc.tile({ gpu: 'A100 SXM4 80GB', schedule: 'cooperative' }));
  assert.equal(api.error.field, 'schedule');
  assert.equal(s.error.field, 'schedule');
  assert.equal(s.error.message, api.error.message);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an A100 is offered the SM80 multistage schedule (CUTLASS 2.x); the warps field stays and the answer follows', async () => {
  const url = '#gpu=A100%20SXM4%2080GB&m=tile&tm=128&tn=128&tk=32&st=3&w=4&ta=f16&tb=f16';
  const { context, page, errors } = await open(env.browser, env.base + url);
  let s = await state(page);
  assert.equal(s.tile.schedule, 'none');
  await offers(page, ['Manual warps', 'SM80 multistage'], ['Cooperative', 'Ping-pong', '1-SM', '2-SM'], 'CC 8.0');
  await click(page, 'SM80 multistage');
  s = await answered(page);
  assert.match(s.hash, /(^|&)sch=sm80_multistage(&|$)/);
  assert.match(s.hash, /(^|&)w=4(&|$)/);
  await same(page, s, { gpu: 'A100 SXM4 80GB', m: 128, n: 128, k: 32, stages: 3, warps: 4, a: 'f16', b: 'f16',
                        schedule: 'sm80_multistage' });
  // Recorded in tests/data/cutlass/kernels-sm80.tsv (a-128x128x32-s3: CUTLASS 4.7, nvcc 13.0): 128 threads,
  // sizeof(SharedStorage) 49,152 B, ptxas 230 registers (the model's estimate 224), 2 CTAs per SM.
  assert.deepEqual(s.tile.roles.map((r) => [r.key, r.threads, r.regs]), [['warp', 128, 224]]);
  assert.equal(s.tile.smem_per_cta, 49152);
  assert.equal(s.tile.ctas_per_sm, 2);
  // The CTA's warps are still an input under this schedule.
  assert.ok((await labels(page)).includes('##w'), 'the warps field is shown');
  await screenshot(page, 'schedule-sm80-multistage');
  assert.deepEqual(errors, []);
  await context.close();
});
