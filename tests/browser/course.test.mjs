// tests/browser/course.test.mjs - examples/course/index.html, the lesson page with three <sm-calc> embeds
// (docs/embedding.md), from a static server (the repository's layout: ../../dist/embed.js; and dist/'s own, as
// scripts/serve.sh serves it) and opened from disk (file://). Each embed is driven by attributes and by messages,
// its answers are the JS API's (dist/smcalc-api.js under node); the predict-first question is answered right and
// wrong; the embed options by URL get their documented errors (docs/bad-inputs.md "Embed messages", from: url);
// a frame of another origin is refused. 0 console errors and no request off the machine, throughout.
// Run: node --test tests/browser/course.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { loadApi } from '../js/load.mjs';
import { launch, root } from './harness.mjs';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
let api, browser, site, other;

// The repository's examples/ and dist/ under /site/ (a static host); anything else 404.
function serveRoot() {
  return new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/site\//, '');
      const file = path.join(root, path.normalize(rel));
      if (!/^(examples|dist)\//.test(rel) || !file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        res.writeHead(404); res.end(); return;
      }
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
    });
    s.listen(0, '127.0.0.1', () => resolve({ server: s, url: `http://127.0.0.1:${s.address().port}/site/` }));
  });
}
function serveOther() {  // a third origin: a page that posts to the calculator frames of its parent
  return new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>other</title><link rel="icon" href="data:,"><script>window.post = function (m) {' +
        ' for (var i = 0; i < parent.frames.length; ++i) try { parent.frames[i].frames[0] && parent.frames[i].frames[0].postMessage(m, "*"); } catch (e) {}' +
        ' }</script>');
    });
    s.listen(0, '127.0.0.1', () => resolve({ server: s, url: `http://127.0.0.1:${s.address().port}/` }));
  });
}

before(async () => {
  api = await loadApi();
  browser = await launch();
  site = await serveRoot();
  other = await serveOther();
});
after(async () => { await browser?.close(); site?.server.close(); other?.server.close(); });

async function openCourse(url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [], requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => ['kernel', 'tile', 'quiz'].every((id) => document.getElementById(id).result), null, { timeout: 30000 });
  return { context, page, errors, requests };
}
const offMachine = (requests) => requests.filter((u) => !/^(http:\/\/127\.0\.0\.1:|file:|data:)/.test(u));
const el = (page, id) => page.evaluate((id) => {
  const e = document.getElementById(id);
  return { result: e.result, request: e.request, height: e.querySelector('iframe').style.height, outcome: e.outcome };
}, id);
async function calcFrame(page, id) {  // the calculator frame of <sm-calc id=...>
  const handle = await page.evaluateHandle((id) => document.getElementById(id).querySelector('iframe'), id);
  return (await handle.asElement()).contentFrame();
}

// The lesson's numbers, checked against the JS API and the seeds' worked examples.
async function lesson(page) {
  let k = await el(page, 'kernel');
  assert.deepEqual(k.result, api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: '24KB' }));
  assert.equal(k.result.blocks_per_sm, 5);
  assert.equal(k.result.occupancy, 0.625);
  assert.match(await page.textContent('#kernel-answer'), /5 CTAs per SM, 62\.5 % occupancy, limited by registers/);
  // The height is the one the calculator reports (not a fixed 480).
  assert.match(k.height, /^\d+px$/);
  const t = await el(page, 'tile');
  const want = api.tile({ gpu: 'H100', m: 128, n: 128, k: 64, stages: 3, warps: 8, a: 'bf16', b: 'bf16', acc: 'f32' });
  assert.deepEqual(t.result, want);
  assert.equal(t.result.acc_regs_per_thread, 64);
  assert.equal(t.result.smem_mainloop, 98304);
  assert.match(await page.textContent('#tile-answer'), /64 accumulator registers per thread, 96 KB .*2 CTAs per SM/);
  // Attributes drive it: one change, the JS API's answer, the prose follows.
  await page.click('#regs-64');
  await page.waitForFunction(() => document.getElementById('kernel').request.regs === 64, null, { timeout: 5000 });
  k = await el(page, 'kernel');
  assert.deepEqual(k.result, api.occupancy({ gpu: 'A100', threads: 256, regs: 64, smem_static: '24KB' }));
  await page.waitForFunction(() => /4 CTAs per SM/.test(document.getElementById('kernel-answer').textContent), null, { timeout: 5000 });
  // Messages drive it too (set(): a "set" message).
  const r = await page.evaluate(() => document.getElementById('kernel').set({ regs: 32, threads: 128 }));
  assert.equal(r.type, 'ok');
  await page.waitForFunction(() => document.getElementById('kernel').request.regs === 32, null, { timeout: 5000 });
  assert.deepEqual((await el(page, 'kernel')).result, api.occupancy({ gpu: 'A100', threads: 128, regs: 32, smem_static: '24KB' }));
  const bad = await page.evaluate(() => document.getElementById('tile').set({ stages: 0 }));
  assert.equal(bad.type, 'error');
  assert.equal(bad.error.field, 'stages');
}

// The predict-first question: the answer is hidden until a prediction, then marked.
async function quiz(page, fits) {
  const f = await calcFrame(page, 'quiz');
  // Browsers draw no frames in an iframe out of view: the form is placed once the calculator is seen.
  await page.locator('#quiz').scrollIntoViewIfNeeded();
  await f.waitForSelector('#smcalc-quiz input[name=fits]', { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.getElementById('quiz').outcome), null);
  // Nothing of the answer reaches the reader's screen reader either.
  assert.equal(await f.textContent('#smcalc-live'), '');
  await f.check(`#smcalc-quiz input[name=fits][value="${fits ? 1 : 0}"]`);
  await f.click('#smcalc-quiz button');
  await page.waitForFunction(() => document.getElementById('quiz').outcome, null, { timeout: 5000 });
  const { outcome } = await el(page, 'quiz');
  const want = api.tile({ gpu: 'H100', m: 256, n: 256, k: 64, stages: 3, warps: 8, a: 'bf16', b: 'bf16', acc: 'f32' });
  assert.equal(want.fits, false);
  assert.deepEqual(outcome.result, want);
  assert.deepEqual(outcome.answer, { fits: false });
  assert.deepEqual(outcome.prediction, { fits });
  assert.equal(outcome.right, !fits);
  assert.equal(await f.isHidden('#smcalc-quiz'), true);
  assert.match(await page.textContent('#quiz-answer'), fits ? /^Not this time\. The tile does not fit: 256 accumulator/ : /^Right\. /);
  const stats = await f.evaluate(() => window.smcalc.embed());
  assert.equal(stats.quiz.right, !fits);
  return f;
}

test('course page from a static server (the repository layout): lesson numbers, attributes, messages, quiz right', async () => {
  const { context, page, errors, requests } = await openCourse(site.url + 'examples/course/index.html');
  await lesson(page);
  await quiz(page, false);
  assert.deepEqual(errors, []);
  assert.deepEqual(offMachine(requests), []);
  await context.close();
});

test('course page as dist/ serves it (scripts/serve.sh): quiz wrong; another origin refused', async () => {
  const { context, page, errors, requests } = await openCourse(site.url + 'dist/examples/course/index.html');
  const k = await el(page, 'kernel');
  assert.equal(k.result.blocks_per_sm, 5);
  await quiz(page, true);
  // A frame of another origin on the lesson page posts to a calculator frame beside it (in the document tree, so
  // the other frame can reach it; <sm-calc>'s own frames are in its shadow root): refused, no reply, no change.
  await page.evaluate((u) => {
    const c = document.createElement('iframe');
    c.name = 'rawcalc';
    c.src = '../../index.html?embed=1&origin=' + encodeURIComponent(location.origin) + '#gpu=A100&m=kernel&t=256';
    document.body.appendChild(c);
    const o = document.createElement('iframe');
    o.src = u;
    document.body.appendChild(o);
  }, other.url);
  let f;
  for (let i = 0; i < 200 && !f; ++i, await page.waitForTimeout(50)) f = page.frames().find((x) => x.name() === 'rawcalc');
  await f.waitForFunction(() => window.smcalc && window.smcalc.embed, null, { timeout: 20000 });
  const before = await f.evaluate(() => [window.smcalc.embed().refused, window.smcalc.state().hash]);
  let o;
  for (let i = 0; i < 200 && !o; ++i, await page.waitForTimeout(50)) o = page.frames().find((x) => x.url().startsWith(other.url));
  await o.evaluate(() => window.parent.frames.rawcalc.postMessage({ smcalc: 1, type: 'set', id: 1, fields: { threads: 64 } }, '*'));
  await page.waitForTimeout(500);
  const now = await f.evaluate(() => [window.smcalc.embed().refused, window.smcalc.state().hash]);
  assert.equal(now[0], before[0] + 1);
  assert.equal(now[1], before[1]);
  assert.deepEqual(errors, []);
  assert.deepEqual(offMachine(requests), []);
  await context.close();
});

test('course page from file://: lesson numbers, attributes, messages, quiz', async () => {
  const { context, page, errors, requests } = await openCourse(pathToFileURL(path.join(root, 'examples/course/index.html')).href);
  await lesson(page);
  await quiz(page, false);
  assert.deepEqual(errors, []);
  assert.deepEqual(offMachine(requests), []);
  await context.close();
});

// The embeds' answers above are the JS API's; the JS API answers as the native CLI does (tests/wasm-eq, the
// whole request space). Here the lesson's own three requests go through `smcalc batch` too, so this page's
// numbers are seen to be the CLI's: seed 000's kernel (5 CTAs, 62.5 %), seed 002's tile, and the quiz's
// 256x256 tile that does not fit.
const cli = process.env.SMCALC_BIN || path.join(root, 'build/debug/core/smcalc');
test('the lesson\'s answers are the CLI\'s (smcalc batch)', { skip: !fs.existsSync(cli) && `no native smcalc at ${cli} (scripts/test.sh builds it; or set SMCALC_BIN)` }, () => {
  const requests = [
    { op: 'occupancy', gpu: 'A100', threads: 256, regs: 48, smem_static: '24KB' },
    { op: 'tile', gpu: 'H100', m: 128, n: 128, k: 64, stages: 3, warps: 8, a: 'bf16', b: 'bf16', acc: 'f32' },
    { op: 'tile', gpu: 'H100', m: 256, n: 256, k: 64, stages: 3, warps: 8, a: 'bf16', b: 'bf16', acc: 'f32' },
  ];
  const run = spawnSync(cli, ['batch'], { input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n', encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const [kernel, tile, big] = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
  const { op: _o, ...k } = requests[0], { op: _t, ...t } = requests[1], { op: _b, ...b } = requests[2];
  assert.deepEqual(kernel, api.occupancy(k));
  assert.deepEqual(tile, api.tile(t));
  assert.deepEqual(big, api.tile(b));
  assert.equal(kernel.blocks_per_sm, 5);
  assert.equal(kernel.occupancy, 0.625);
  assert.equal(tile.acc_regs_per_thread, 64);
  assert.equal(big.fits, false);
});
