// tests/browser/fallback.test.mjs - the static copy of <sm-calc> (issue 31, docs/embedding.md "Print, PDF, and
// browsers without WebGL 2"): a lecture page on http://localhost embeds the calculator from http://127.0.0.1.
//   print: with print media emulated, the interactive frame is hidden and the element's text copy of the current
//          answer is shown: the headline (CTAs per SM, occupancy, limiter) and the budget table, equal to the JS
//          API's answer for the same inputs under node; a quiz prints no answer; back on screen, the frame again.
//   no WebGL 2: a page whose canvases give no WebGL 2 context (getContext stubbed to null, as a browser with WebGL
//          off does) never loads the calculator's page; the element shows the copy computed by smcalc-api.js
//          in the lecture page, its result is the JS API's answer, and a quiz's answer stays hidden.
// Run: node --test tests/browser/fallback.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { loadApi } from '../js/load.mjs';
import { dist, launch } from './harness.mjs';

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
let api, browser, calc, host;
const hits = {};

function listen(handler) {
  return new Promise((resolve) => { const s = http.createServer(handler); s.listen(0, '127.0.0.1', () => resolve(s)); });
}

const LECTURE = (calcUrl) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Lecture: occupancy</title><script src="${calcUrl}embed.js"></script></head><body>
<p>Registers per thread decide how many CTAs fit.</p>
<sm-calc id="plain" gpu="A100" threads="256" regs="48" smem="24KB" compact></sm-calc>
<sm-calc id="quiz" quiz gpu="H100" threads="128" regs="64" lock="all" examples=""></sm-calc>
</body></html>`;

before(async () => {
  api = await loadApi();
  browser = await launch();
  calc = await listen((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\//, '') || 'index.html';
    const file = path.join(dist, path.normalize(rel));
    hits[rel] = (hits[rel] || 0) + 1;
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
  host = await listen((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(LECTURE(calcUrl)); });
});
after(async () => {
  await browser?.close();
  calc?.close();
  host?.close();
});

const lectureUrl = () => `http://localhost:${host.address().port}/`;

// What the element shows and holds: the frame's and the copy's display, the copy's text, result and request.
function look(page, id) {
  return page.evaluate((id) => {
    const e = document.getElementById(id), f = e.querySelector('iframe'), c = e.shadowRoot.getElementById('copy');
    return { frame: f ? getComputedStyle(f).display : null, copy: getComputedStyle(c).display, text: c.innerText,
      rows: [...c.querySelectorAll('tr')].slice(1).map((r) => [...r.cells].map((td) => td.innerText)),
      result: e.result, request: e.request, fallback: e.hasAttribute('data-fallback') };
  }, id);
}

// The headline and budget rows the copy must show for a JS API answer (embed.js text_of, in words).
function expectCopy(seen, want) {
  assert.ok(seen.text.includes(`${want.blocks_per_sm} CTAs per SM`), seen.text);
  assert.ok(seen.text.includes(`${Math.round(want.occupancy * 1000) / 10} % occupancy`), seen.text);
  for (const l of want.limiting) assert.ok(seen.text.includes(l), `limiter ${l} in ${seen.text}`);
  assert.equal(seen.rows.length, want.budgets.length);
  want.budgets.forEach((b, i) => {
    assert.equal(seen.rows[i][0], b.name);
    assert.equal(seen.rows[i][1], b.used.toLocaleString('en-US'));
    assert.ok(seen.rows[i][2].startsWith(b.limit.toLocaleString('en-US')), `${seen.rows[i][2]} vs ${b.limit}`);
    assert.equal(seen.rows[i][3], b.limiting ? 'limits' : '');
  });
}

test('print: the frame is hidden and the copy of the current answer (the JS API\'s) is printed; a quiz prints no answer', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1400 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(lectureUrl());
  await page.waitForFunction(() => ['plain', 'quiz'].every((id) => document.getElementById(id).result), null, { timeout: 60000 });
  const screen = await look(page, 'plain');
  assert.equal(screen.frame, 'block');
  assert.equal(screen.copy, 'none');
  assert.equal(screen.fallback, false);

  await page.emulateMedia({ media: 'print' });
  const printed = await look(page, 'plain');
  assert.equal(printed.frame, 'none', 'the interactive frame is not printed');
  assert.equal(printed.copy, 'block', 'the text copy is printed');
  const want = api.handle(printed.request);
  assert.equal(want.error, undefined);
  assert.deepEqual(printed.result, want, 'the element\'s result is the JS API\'s answer for its request');
  expectCopy(printed, want);
  assert.ok(printed.text.startsWith('A100'), printed.text);

  const quiz = await look(page, 'quiz');
  assert.equal(quiz.copy, 'block');
  assert.equal(quiz.result.hidden, 'quiz');
  assert.match(quiz.text, /the answer is hidden/);
  const answer = api.handle(quiz.request);
  assert.ok(!quiz.text.includes(`${answer.blocks_per_sm} CTAs per SM`), quiz.text);
  assert.equal(quiz.rows.length, 0, 'no budget table for a hidden answer');

  await page.emulateMedia({ media: 'screen' });
  const back = await look(page, 'plain');
  assert.equal(back.frame, 'block');
  assert.equal(back.copy, 'none');
  assert.deepEqual(errors, []);
  await context.close();
});

test('no WebGL 2: the calculator\'s page is never loaded; the copy is computed in the lecture page and a quiz stays hidden', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1400 } });
  // A browser with WebGL off: every canvas of the lecture page refuses a WebGL 2 context.
  await context.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) { return /webgl/.test(kind) ? null : get.call(this, kind, ...rest); };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const k of Object.keys(hits)) delete hits[k];
  await page.goto(lectureUrl());
  await page.waitForFunction(() => ['plain', 'quiz'].every((id) => document.getElementById(id).result), null, { timeout: 60000 });
  const seen = await look(page, 'plain');
  assert.equal(seen.fallback, true);
  assert.equal(seen.frame, 'none');
  assert.equal(seen.copy, 'block');
  assert.match(seen.text, /no WebGL 2/);
  assert.deepEqual(seen.request, { op: 'occupancy', gpu: 'A100', threads: 256, regs: 48, smem: '24KB' });
  const want = api.handle(seen.request);
  assert.deepEqual(seen.result, want);
  expectCopy(seen, want);

  const quiz = await look(page, 'quiz');
  assert.equal(quiz.fallback, true);
  assert.equal(quiz.result.hidden, 'quiz');
  assert.match(quiz.text, /the answer is hidden/);
  assert.ok(!quiz.text.includes(`${api.handle(quiz.request).blocks_per_sm} CTAs per SM`), quiz.text);
  assert.equal(quiz.rows.length, 0);

  assert.equal(hits['index.html'] || 0, 0, 'the calculator\'s page is not loaded');
  assert.equal(hits['smcalc.js'] || 0, 0, 'nor its program');
  assert.equal(hits['smcalc-api.js'], 1, 'the JS API, once for both elements');
  assert.deepEqual(errors, []);
  await context.close();
});
