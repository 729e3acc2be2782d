// tests/browser/cluster.test.mjs - issue 17 in the page: the cluster input (kernel and tile panels) round-trips
// the URL hash, the page's resident-cluster figures equal the JS API's (which tests/wasm-eq holds equal to the
// CLI's), the side-by-side view gains the API's "clusters" row, and a GPU below CC 9.0 refuses a cluster with
// the reason while the per-SM answer stands. Screenshots: build/screenshots/cluster-*.png (DPR 1 and 2).
// Run: node --test tests/browser/cluster.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertSameMembers, idle, item, open, screenshot, session, state } from './harness.mjs';

const env = session();

const click = async (page, label) => {
  const i = await item(page, label);
  await page.mouse.click(i.cx, i.cy);
  await idle(page);
};
const figures = (c) => ({ low: c.low, typical: c.typical, high: c.high, bound: c.bound });

// cuBLAS's launch on H100 SXM5 (CUTLASS #1921): 1 CTA per SM, cluster 4x2x1 -> 15 clusters on the die measured.
const h100 = '#gpu=H100%20SXM5&m=kernel&t=256&r=255&cl=4x2x1';

test('kernel cluster: hash round-trip, figures equal the JS API, GPC picture drawn', async () => {
  for (const dpr of [1, 2]) {
    const { context, page, errors } = await open(env.browser, env.base + h100, { deviceScaleFactor: dpr });
    let s = await state(page);
    assert.deepEqual(s.cluster.input.dims, [4, 2, 1]);
    assert.match(s.hash, /(^|&)cl=4x2x1(&|$)/);
    const api = await page.evaluate(() => window.smcalc.handle({
      op: 'occupancy', gpu: 'H100 SXM5', threads: 256, regs: 255, cluster: [4, 2, 1] }));
    assert.deepEqual(api.warnings ?? [], []);
    assert.equal(api.error, undefined, JSON.stringify(api.error));
    assert.deepEqual(figures(s.cluster.max_active_clusters), figures(api.cluster.max_active_clusters));
    assert.ok(s.cluster.max_active_clusters.low <= 15 && 15 <= s.cluster.max_active_clusters.high);
    assert.equal(s.cluster.limiter, api.cluster.limiter);
    assert.equal(s.cluster.ctas_per_sm, api.cluster.ctas_per_sm);
    assert.deepEqual(s.cluster.gpcs.map((g) => g.sms), api.cluster.gpcs.map((g) => g.sms));
    // Every member of the state's cluster part is the API answer's (one member list: answer_schema.hpp).
    assertSameMembers(s.cluster, api.cluster, ['input', 'next_steps', 'error'], 'state.cluster');
    // The Clusters tab's next step is `smcalc next --cluster`'s (here: the GPC, not the SM, is the limit).
    const next = await page.evaluate(() => window.smcalc.handle({
      op: 'next_step', gpu: 'H100 SXM5', threads: 256, regs: 255, cluster: [4, 2, 1] }));
    assertSameMembers(s.cluster.next_steps, next.cluster_next_steps, [], 'state.cluster.next_steps');
    assert.match(s.cluster.next_steps[0].text, /the GPC, not the SM, limits this cluster/);
    await click(page, 'Clusters');
    // The picture is drawn (ImGui reports only items it laid out; it may sit below the card's fold).
    assert.ok((await page.evaluate(() => window.smcalc.items())).some((i) => i.label === 'gpc_picture'));
    await screenshot(page, `cluster-kernel-dpr${dpr}`);

    // Edit the cluster in the inputs: 2 x 1 x 1, then non-portable 16 x 1 x 1 round-trips through the hash.
    await page.evaluate(() => { location.hash = 'gpu=H100%20SXM5&m=kernel&t=128&r=32&cl=16x1x1&np=1'; });
    await idle(page);
    s = await state(page);
    assert.deepEqual(s.cluster.input.dims, [16, 1, 1]);
    assert.equal(s.cluster.input.non_portable_cluster, true);
    assert.equal(s.cluster.error, null);
    assert.match(s.hash, /cl=16x1x1&np=1/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('cluster errors: CC < 9.0 and size > 8 without the flag keep the per-SM answer, and say why', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=A100&m=kernel&t=256&r=48&cl=2x1x1');
  let s = await state(page);
  assert.equal(s.result.blocks_per_sm, 5);          // the kernel's answer stands
  assert.match(s.cluster.error, /9\.0/);           // the cluster is refused with the CC
  await page.evaluate(() => { location.hash = 'gpu=H100%20SXM5&m=kernel&t=128&r=32&cl=16x1x1'; });
  await idle(page);
  s = await state(page);
  assert.match(s.cluster.error, /non.portable/i);
  assert.ok(s.result.blocks_per_sm > 0);
  // A broken cluster in a link: a notice naming the field and the range, no cluster.
  await page.evaluate(() => { location.hash = 'gpu=H100%20SXM5&m=kernel&cl=0x2'; });
  await idle(page);
  s = await state(page);
  assert.equal(s.cluster, undefined);
  assert.match(s.notice, /Cluster '0x2' in the link is not valid \(XxYxZ .*1 \.\. 16\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('tile cluster: 256x128 as a 2x1 cluster, and the compare view adds the clusters row', async () => {
  const url = '#gpu=H100%20SXM5&m=tile&tm=256&tn=128&tk=64&cl=2x1x1&p=1';
  const { context, page, errors } = await open(env.browser, env.base + url, { deviceScaleFactor: 2 });
  let s = await state(page);
  const api = await page.evaluate(() => window.smcalc.handle({
    op: 'tile', gpu: 'H100 SXM5', m: 256, n: 128, k: 64, problem: '8192x8192x8192', cluster: [2, 1, 1] }));
  assert.deepEqual(api.warnings ?? [], []);
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  assert.deepEqual(figures(s.cluster.max_active_clusters), figures(api.cluster.max_active_clusters));
  await click(page, 'Clusters');
  await screenshot(page, 'cluster-tile-dpr2');

  await page.evaluate((h) => { location.hash = h.slice(1) + '&cmp=1'; }, url);
  await idle(page);
  s = await state(page);
  const cmp = await page.evaluate(() => window.smcalc.handle({
    op: 'compare', kind: 'tile', gpus: ['A100', 'H100 SXM5', 'B200', 'RTX 5090'], m: 256, n: 128, k: 64, cluster: [2, 1, 1] }));
  assert.deepEqual(cmp.warnings ?? [], []);
  assert.equal(cmp.error, undefined, JSON.stringify(cmp.error));
  const row = cmp.rows.find((r) => r.key === 'clusters');
  assert.deepEqual(s.compare.clusters, row.values);
  assert.equal(s.compare.clusters[0], 'no clusters (CC < 9.0)');  // A100
  assert.ok(s.compare.differs.includes('clusters'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('seed 002\'s 256x256 tile on H100: "does not fit" with no occupancy; Apply the 2x1 cluster and it fits', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=H100%20SXM5&m=tile&tm=256&tn=256&tk=64');
  let s = await state(page);
  assert.equal(s.tile.fits, false);
  assert.equal(s.tile.ctas_per_sm, 0);  // no CTA count for a tile that does not run (the CLI and JSON say 0 too)
  const api = await page.evaluate(() => window.smcalc.handle({ op: 'tile', gpu: 'H100 SXM5', m: 256, n: 256, k: 64 }));
  assert.deepEqual([api.fits, api.ctas_per_sm, api.occupancy], [false, 0, 0]);
  // The page's own tile (no schedule: its core's tile()) written from the API's member list: every figure the same.
  assertSameMembers(s.tile, api, ['input'], 'state.tile');
  assertSameMembers(s.tile.input, api.input, [], 'state.tile.input');
  await screenshot(page, 'cluster-256x256-verdict');
  await click(page, 'Apply##fit_cluster_split_m');
  s = await state(page);
  assert.deepEqual([s.tile.input.m, s.tile.input.n, s.tile.fits], [128, 256, true]);
  assert.deepEqual(s.cluster.input.dims, [2, 1, 1]);
  assert.match(s.hash, /tm=128&tn=256.*cl=2x1x1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Result card with a cluster on: resident clusters and the cluster limiter lead; CC 10.x caps a cluster launch at 8 CTAs/SM', async () => {
  // B200, 128 threads x 32 registers: 16 CTAs per SM alone, but a cluster launch on CC 10.x uses at most 8 per SM
  // (measured: docs/clusters.md); the card said "16 CTAs per SM, 100 %" before (issue 28, item 4).
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=B200&m=kernel&t=128&r=32&cl=16&np=1');
  const s = await state(page);
  const api = await page.evaluate(() => window.smcalc.handle({
    op: 'occupancy', gpu: 'B200', threads: 128, regs: 32, cluster: [16, 1, 1], non_portable_cluster: true }));
  assert.equal(api.error, undefined, JSON.stringify(api.error));
  assert.equal(s.cluster.ctas_per_sm, 16);
  assert.equal(s.cluster.cluster_ctas_per_sm, api.cluster.cluster_ctas_per_sm);
  assert.equal(s.cluster.cluster_ctas_per_sm, 8);
  assert.deepEqual(figures(s.cluster.max_active_clusters), figures(api.cluster.max_active_clusters));
  // The read-out (and the card) leads with the clusters, after the per-SM figures it no longer shows alone.
  assert.match(s.summary, /Cluster: .*cluster/);
  assert.deepEqual(s.clipped, []);
  await screenshot(page, 'cluster-result-card');
  assert.deepEqual(errors, []);
  await context.close();
});
