// tests/browser/embed.test.mjs - embedding (docs/embedding.md): a course page at one origin (a server of this
// test) embeds the calculator served from another (the harness's server for dist/), drives it by messages
// (tests/browser/fixtures/embed-host.html's raw iframe) and by the attributes of <sm-calc> (dist/embed.js), and
// every answer is the JS API's own (dist/smcalc-api.js under node). Then: the "Embed messages" table of
// docs/bad-inputs.md row by row, a flood of messages without a frame storm, and the messages of other origins
// refused. 0 console errors and no request off the machine, throughout.
// Run: node --test tests/browser/embed.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadApi } from '../js/load.mjs';
import { code, expand, rows } from '../wasm-eq/doc-table.mjs';
import { canvasStats, idle, item, open, screenshot, session } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = session();  // env.browser, env.base: the calculator's server (dist/) and the browser
let api, host, other;

// A one-file server on 127.0.0.1 (another port: another origin).
function serveFile(file) {
  return new Promise((resolve) => {
    const s = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(fs.readFileSync(file));
    });
    s.listen(0, '127.0.0.1', () => resolve({ server: s, url: `http://127.0.0.1:${s.address().port}/` }));
  });
}

before(async () => {
  api = await loadApi();
  host = await serveFile(path.join(here, 'fixtures/embed-host.html'));
  other = await serveFile(path.join(here, 'fixtures/embed-other.html'));
});
after(() => { host?.server.close(); other?.server.close(); });

// The host page; resolves when both calculators said "ready".
async function openHost(query = '') {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1100 } });
  const page = await context.newPage();
  const errors = [], requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(host.url + 'host.html?calc=' + encodeURIComponent(env.base) + query);
  const raw = await frame(page, 'raw');
  await raw.waitForFunction(() => window.smcalc && window.smcalc.embed, null, { timeout: 20000 });
  return { context, page, errors, requests, raw };
}
async function frame(page, name) {
  for (let i = 0; i < 200; ++i) {
    const f = page.frames().find((x) => x.name() === name && x.url().includes('embed=1'));
    if (f) return f;
    await page.waitForTimeout(50);
  }
  throw new Error('no frame ' + name);
}
const received = (page, id) => page.evaluate((id) => window.received.filter((r) => r[0] === id).map((r) => r[1]), id);
async function reply(page, id, n, timeout = 5000) {  // the first message of frame `id` after the first n
  for (const start = Date.now(); Date.now() - start < timeout; await page.waitForTimeout(25)) {
    const r = await received(page, id);
    if (r.length > n) return r[n];
  }
  throw new Error('no reply from ' + id);
}
// Posts `message` (a JS expression) to the raw frame; the first reply that is not a "change".
async function send(page, expr) {
  const n = (await received(page, 'raw')).length;
  await page.evaluate(`send(${expr})`);
  for (let k = n; ; ++k) {
    const r = await reply(page, 'raw', k);
    if (r.type !== 'change') return r;
  }
}
const rawState = (raw) => raw.evaluate(() => window.smcalc.state());
const offMachine = (requests) => requests.filter((u) => !u.startsWith('http://127.0.0.1:') && !u.startsWith('data:'));

test('<sm-calc> attributes: the JS API answer for them, a change event per attribute change, height from the calculator', async () => {
  const { context, page, errors, requests } = await openHost();
  const el = () => page.evaluate(() => {
    const e = document.getElementById('attr');
    return { result: e.result, request: e.request, hash: e.hash, height: e.querySelector('iframe').style.height,
      allow: e.querySelector('iframe').getAttribute('allow') };
  });
  await page.waitForFunction(() => document.getElementById('attr').result, null, { timeout: 20000 });
  let e = await el();
  assert.equal(e.allow, 'clipboard-write');
  // The height the calculator reports it needs ("ready", then "resize"), not a fixed 480.
  assert.match(e.height, /^\d+px$/);
  assert.ok(parseInt(e.height) >= 240, e.height);
  // <sm-calc gpu="A100" threads="256" regs="48" smem="24KB">: seed 000, 5 CTAs (JS API: registers limit).
  const want = api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: '24KB' });
  assert.equal(e.result.blocks_per_sm, 5);
  assert.deepEqual(e.result, want);
  assert.deepEqual(e.result, api.handle(e.request));
  // An attribute changes: one change event, the new answer.
  await page.evaluate(() => {
    const x = document.getElementById('attr');
    window.changes = 0;
    x.addEventListener('change', () => ++window.changes);
    x.setAttribute('regs', '64');
  });
  await page.waitForFunction(() => document.getElementById('attr').request.regs === 64, null, { timeout: 5000 });
  e = await el();
  assert.deepEqual(e.result, api.occupancy({ gpu: 'A100', threads: 256, regs: 64, smem_static: '24KB' }));
  // A removed attribute is the default again (no static shared memory).
  await page.evaluate(() => document.getElementById('attr').removeAttribute('smem'));
  await page.waitForFunction(() => !('smem_static' in document.getElementById('attr').request) ||
    document.getElementById('attr').request.smem_static === 0, null, { timeout: 5000 });
  e = await el();
  assert.deepEqual(e.result, api.occupancy({ gpu: 'A100', threads: 256, regs: 64 }));
  assert.equal(await page.evaluate(() => window.changes), 2);
  // set() from script: a tile, answered as the JS API's tile op answers it.
  const r = await page.evaluate(() => document.getElementById('attr').set({ mode: 'tile', m: 256, n: 128, k: 64, stages: 4, a: 'f16', b: 'f16' }));
  assert.equal(r.type, 'ok');
  await page.waitForFunction(() => document.getElementById('attr').request.op === 'tile', null, { timeout: 5000 });
  e = await el();
  assert.deepEqual(e.result, api.tile({ gpu: 'A100', m: 256, n: 128, k: 64, stages: 4, warps: 8, a: 'f16', b: 'f16', acc: 'f32', mma: 'reg' }));
  await screenshot(page, 'embed-host');
  assert.deepEqual(errors, []);
  assert.deepEqual(offMachine(requests), []);
  await context.close();
});

test('messages: set, get and change carry the JS API answer; AMD and clusters too', async () => {
  const { context, page, errors, requests, raw } = await openHost();
  const ready = await reply(page, 'raw', 0);
  assert.equal(ready.type, 'ready');
  assert.equal(ready.version, 1);
  assert.ok(ready.height >= 240, String(ready.height));  // the height it needs (the frame's: 640 x 480)
  const cases = [
    [{ gpu: 'H100', mode: 'kernel', threads: 128, regs: 64, smem_dynamic: '16KB', cluster: [2, 1, 1] },
      { op: 'occupancy', gpu: 'H100', threads: 128, regs: 64, smem_dynamic: 16384, cluster: '2x1x1' }],
    [{ gpu: 'MI300X', vgprs: 128, lds: 32768 }, { op: 'occupancy', gpu: 'MI300X', threads: 128, vgprs: 128, lds: 32768 }],
    [{ gpu: 'B200', mode: 'tile', m: 128, n: 256, k: 64, stages: 3, mma: 'tmem', problem: { m: 4096, n: 4096, k: 4096 } },
      // the cluster set above stays (the page's cluster is the kernel's and the tile's; AMD GPUs have none)
      { op: 'tile', gpu: 'B200', m: 128, n: 256, k: 64, stages: 3, mma: 'tmem', problem: { m: 4096, n: 4096, k: 4096 }, cluster: '2x1x1' }],
    // A valid input the hardware cannot run (M = 256 on one CTA's TMEM): accepted, as the page shows it ("Does
    // not fit" and the ways to run it); the change carries the JS API's answer, its "unsupported" error.
    [{ m: 256, cluster: null }, { op: 'tile', gpu: 'B200', m: 256, n: 256, k: 64, stages: 3, mma: 'tmem', problem: { m: 4096, n: 4096, k: 4096 } }],
  ];
  for (const [fields, request] of cases) {
    const n = (await received(page, 'raw')).length;
    const ok = await send(page, JSON.stringify({ smcalc: 1, type: 'set', id: 'a', fields }));
    assert.deepEqual(ok, { smcalc: 1, type: 'ok', id: 'a' });
    const change = (await received(page, 'raw')).slice(n).find((m) => m.type === 'change') ||
      await reply(page, 'raw', n + 1);
    assert.equal(change.type, 'change');
    const want = api.handle(request);
    assert.equal(want.error?.id, fields.m === 256 ? 'unsupported' : undefined, JSON.stringify(want.error));
    assert.deepEqual(change.result, want, JSON.stringify(fields));
    assert.deepEqual(change.result, api.handle(change.request));
    const s = await rawState(raw);
    assert.equal(change.hash, s.hash);
    const got = await send(page, JSON.stringify({ smcalc: 1, type: 'get', id: 7 }));
    assert.equal(got.type, 'answer');
    assert.equal(got.id, 7);
    assert.deepEqual(got.result, want);
  }
  // Sets that change nothing (the same values, in other words too: the alias "reg", bytes with a unit): ok, no
  // change event and no frame.
  const frames = await raw.evaluate(() => window.smcalc.frames());
  const n = (await received(page, 'raw')).length;
  const same = await send(page, JSON.stringify({ smcalc: 1, type: 'set', id: 'b', fields: { stages: 3, gpu: 'b200', smem_dynamic: '0KB' } }));
  assert.equal(same.type, 'ok');
  await page.waitForTimeout(300);
  assert.equal((await received(page, 'raw')).length, n + 1, JSON.stringify((await received(page, 'raw')).slice(n - 2).map((m) => [m.type, m.hash])));
  assert.equal(await raw.evaluate(() => window.smcalc.frames()), frames);
  assert.deepEqual(errors, []);
  assert.deepEqual(offMachine(requests), []);
  await context.close();
});

test('the reader changes the inputs in the iframe (the + button, a link): one change event each, with the JS API answer', async () => {
  const { context, page, errors, raw } = await openHost();
  await reply(page, 'raw', 0);  // ready
  assert.equal((await send(page, JSON.stringify({ smcalc: 1, type: 'set', id: 1, fields: { gpu: 'A100', mode: 'kernel', threads: 256 } }))).type, 'ok');
  await page.waitForTimeout(300);
  const n = (await received(page, 'raw')).length;
  const items = await raw.evaluate(() => window.smcalc.items());
  const threads = items.find((i) => i.label === '##threads' && i.visible);
  const plus = items.find((i) => i.label === '+' && Math.abs(i.y - threads.y) < 2);
  const box = await (await raw.frameElement()).boundingBox();
  await page.mouse.click(box.x + plus.x + plus.w / 2, box.y + plus.y + plus.h / 2);
  const change = await reply(page, 'raw', n);
  assert.equal(change.type, 'change');
  assert.ok(change.request.threads > 256, JSON.stringify(change.request));
  assert.deepEqual(change.result, api.occupancy({ gpu: 'A100', threads: change.request.threads }));
  await raw.evaluate(() => { location.hash = 'gpu=H100%20SXM5&m=kernel&t=512&r=40&ss=0&ds=0'; });
  const link = await reply(page, 'raw', n + 1);
  assert.equal(link.type, 'change');
  assert.deepEqual(link.result, api.occupancy({ gpu: 'H100', threads: 512, regs: 40 }));
  await page.waitForTimeout(300);
  assert.equal((await received(page, 'raw')).length, n + 2, 'one change event per change');
  assert.deepEqual(errors, []);
  await context.close();
});

test('docs/bad-inputs.md: every embed-message row gets its documented reply, and an error changes nothing', async () => {
  const table = rows('embed');
  assert.ok(table.length >= 20, `only ${table.length} embed rows found`);
  const main = await openHost('&other=' + encodeURIComponent(other.url + '?to=' + encodeURIComponent(env.base)));
  const wrong = await openHost('&allow=' + encodeURIComponent('https://course.example'));
  const reset = JSON.stringify({ smcalc: 1, type: 'set', id: 'reset', fields: { gpu: 'A100', mode: 'kernel', threads: 256, regs: 32,
    smem_static: 0, carveout: null, cluster: null } });
  for (const { line, cells } of table) {
    const where = `docs/bad-inputs.md:${line} (${cells[1]})`;
    const from = cells[2], expr = code(cells[3]).text, id = code(cells[4]).text, field = code(cells[5]).text;
    const { text: want, prefix } = code(cells[6]);
    const { page, raw } = from === 'wrong origin' ? wrong : main;
    const scheme = /^element \(page: ([a-z ]+)\)$/.exec(from)?.[1];
    if (from === 'url' || from === 'element' || scheme) {
      const got = await (from === 'url' ? urlRow(page, raw, expand(expr).toString()) : elementRow(page, expr, scheme));
      if (id === 'ok' || id === '(disabled)') {
        assert.deepEqual(got.errors, [], `${where}: ${JSON.stringify(got.errors)}`);
        assert.equal(got.stats.enabled, id === 'ok', `${where}: ${JSON.stringify(got.stats)}`);
        if (from === 'url') assert.equal(got.messages.length ? got.messages[0].type : 'none', id === 'ok' ? 'ready' : 'none', where);
        assert.deepEqual(pointer(got.stats, field), JSON.parse(want), where);
      } else {
        assert.ok(got.errors.length >= 1, `${where}: no error`);
        assert.deepEqual(got.errors[0], { id, field, message: want }, where);
      }
      continue;
    }
    if (from !== 'wrong origin') assert.equal((await send(page, reset)).type, 'ok', where);
    const before = await rawState(raw);
    const refused = (await raw.evaluate(() => window.smcalc.embed())).refused;
    if (id === '(refused)') {
      const n = (await received(page, 'raw')).length;
      if (from === 'other frame') {
        const o = page.frames().find((f) => f.url().startsWith(other.url));
        await o.evaluate(`window.post(${expr})`);
      } else {
        await page.evaluate(`send(${expr})`);
      }
      await page.waitForTimeout(400);
      assert.equal((await received(page, 'raw')).length, n, `${where}: a reply came`);
      assert.equal((await raw.evaluate(() => window.smcalc.embed())).refused, refused + 1, where);
      assert.equal((await rawState(raw)).hash, before.hash, where);
      continue;
    }
    const r = await send(page, expr);
    if (id === 'ok') {
      assert.equal(r.type, 'ok', `${where}: ${JSON.stringify(r)}`);
      const s = await rawState(raw);
      assert.deepEqual(s[field.slice(1)], JSON.parse(want), where);
      continue;
    }
    assert.equal(r.type, 'error', `${where}: ${JSON.stringify(r)}`);
    assert.equal(r.error.id, id, `${where}: ${JSON.stringify(r.error)}`);
    assert.equal(r.error.field, field, `${where}: ${JSON.stringify(r.error)}`);
    if (prefix) assert.ok(r.error.message.startsWith(want), `${where}:\n  doc:    ${want}…\n  answer: ${r.error.message}`);
    else assert.equal(r.error.message, want, where);
    assert.equal((await rawState(raw)).hash, before.hash, `${where}: the error changed the inputs`);
  }
  const stats = await wrong.raw.evaluate(() => window.smcalc.embed());
  assert.equal(stats.enabled, false);
  assert.match(stats.problem, /not at origin=https:\/\/course\.example/);
  for (const { errors, requests, context } of [main, wrong]) {
    assert.deepEqual(errors, []);
    assert.deepEqual(offMachine(requests), []);
    await context.close();
  }
});

const pointer = (obj, p) => p.split('/').slice(1).reduce((o, k) => (o === undefined || o === null ? undefined : o[k]), obj);

// A "url" row: the raw frame opened again with the embed options `query` (docs/bad-inputs.md "Embed messages");
// what it posted to the host ("ready", then an "error" per bad option), its option errors and smcalc.embed().
async function urlRow(page, raw, query) {
  const url = env.base + 'index.html?embed=1' + (/(^|&)origin=/.test(query) ? '' : '&origin=' + encodeURIComponent(host.url.slice(0, -1))) + query;
  const n = (await received(page, 'raw')).length;
  await raw.evaluate(() => { window.stale = true; });
  await page.evaluate((u) => { document.getElementById('raw').src = u; }, url);
  await raw.waitForFunction(() => !window.stale && window.smcalc && window.smcalc.embed && window.smcalc.embed().options, null, { timeout: 20000 });
  await page.waitForTimeout(300);  // the errors follow "ready" at once
  const messages = (await received(page, 'raw')).slice(n);
  return { messages, errors: messages.filter((m) => m.type === 'error').map((m) => m.error),
    stats: await raw.evaluate(() => window.smcalc.embed()) };
}
// An "element" row: <sm-calc gpu="A100" threads="256" ATTRS> on the host page until its calculator is ready; its
// error events and its calculator's smcalc.embed().
async function elementRow(page, attrs, scheme = '') {
  await page.evaluate((scheme) => { document.documentElement.style.colorScheme = scheme; }, scheme);
  const errors = await page.evaluate(async (attrs) => {
    const t = document.createElement('template');
    t.innerHTML = `<sm-calc id="row" gpu="A100" threads="256" ${attrs}></sm-calc>`;
    const el = t.content.firstElementChild, errors = [];
    el.addEventListener('error', (e) => errors.push(e.detail));
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve));
    document.body.appendChild(el);
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 20000))]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return errors;
  }, attrs);
  const frame = await (await page.evaluateHandle(() => document.getElementById('row').querySelector('iframe'))).asElement().contentFrame();
  const stats = await frame.evaluate(() => window.smcalc.embed());
  await page.evaluate(() => { document.getElementById('row').remove(); document.documentElement.style.colorScheme = ''; });
  return { errors, stats };
}

test('a flood of 500 messages: every one answered, one apply, no frame storm', async () => {
  const { context, page, errors, raw } = await openHost();
  await reply(page, 'raw', 0);  // ready
  await page.waitForTimeout(500);
  const framesBefore = await raw.evaluate(() => window.smcalc.frames());
  const n = (await received(page, 'raw')).length;
  await page.evaluate(() => {
    for (let i = 0; i < 500; ++i) send({ smcalc: 1, type: 'set', id: i, fields: { mode: 'kernel', threads: 32 * (1 + (i % 32)) } });
  });
  await page.waitForFunction((n) => window.received.filter((r) => r[0] === 'raw').length >= n + 501, n, { timeout: 20000 });
  await page.waitForTimeout(500);
  const after = (await received(page, 'raw')).slice(n);
  assert.equal(after.filter((m) => m.type === 'ok').length, 500);
  const changes = after.filter((m) => m.type === 'change');
  assert.ok(changes.length >= 1 && changes.length <= 5, `${changes.length} change events`);
  assert.equal((await rawState(raw)).threads, 32 * (1 + (499 % 32)));
  const drawn = (await raw.evaluate(() => window.smcalc.frames())) - framesBefore;
  const stats = await raw.evaluate(() => window.smcalc.embed());
  console.log(`# 500 set messages: ${stats.applied} apply, ${changes.length} change events, ${drawn} frames drawn`);
  assert.ok(drawn <= 10, `${drawn} frames for 500 messages`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('300 random messages and 12 random option URLs (seeded): each gets one reply, ok or a named error; the calculator keeps answering', async () => {
  const { context, page, errors, raw } = await openHost();
  await reply(page, 'raw', 0);  // ready
  let seed = 0x5eed;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const pick = (xs) => xs[rnd(xs.length)];
  const keys = ['threads', 'regs', 'smem_static', 'smem', 'gpu', 'mode', 'm', 'n', 'k', 'warps', 'cluster', 'vgprs',
    'lds', 'carveout', 'thread', 'device', '__proto__', 'constructor', ''];
  const values = [0, 1, -1, 256, 1e30, 2 ** 53, 'abc', '24KB', null, true, [], {}, [4, 2, 1], 'A100', 'MI300X',
    'kernel', 'tile', 'H100 SXM5', NaN, ''];
  const kinds = ['set', 'get', 'hello', '', 7];
  let ok = 0, named = 0;
  for (let i = 0; i < 300; ++i) {
    const fields = {};
    for (let f = rnd(4); f > 0; --f) fields[pick(keys)] = pick(values);
    const shape = rnd(10);
    const msg = shape === 0 ? pick(['"set"', '42', 'null', '[1,2]', '"{\\"smcalc\\":1}"'])
      : JSON.stringify({ smcalc: shape === 1 ? pick([0, 2, '1', null]) : 1, type: pick(kinds), id: i, fields });
    const r = await send(page, msg);
    assert.ok(['ok', 'error', 'answer'].includes(r.type), `message ${i} ${msg}: ${JSON.stringify(r)}`);
    if (r.type === 'error') {
      assert.ok(typeof r.error.id === 'string' && r.error.message.length > 0, `message ${i}: ${JSON.stringify(r)}`);
      ++named;
    } else {
      ++ok;
    }
  }
  console.log(`# 300 random messages: ${ok} ok or answered, ${named} named errors`);
  assert.ok(ok > 0 && named > 0);
  // Still the JS API's answer for what it shows.
  const g = await send(page, JSON.stringify({ smcalc: 1, type: 'get', id: 'last' }));
  assert.equal(g.type, 'answer');
  assert.deepEqual(g.result, api.handle(g.request));
  // Random embed options (the same seed): the frame opened again with 12 of them. Each bad option is one error
  // (no id, the parameter as its field) after "ready", a good one none; then the calculator answers messages.
  const OPTIONS = { quiz: ['1', '0', 'yes', '', '2'], compact: ['1', '0', 'true', ''], tab: ['why', 'tile', 'graphs', 'Why', 'x', ''],
    theme: ['host', 'dark', 'light', 'blue', ''], examples: ['Lesson 3', '', 'x'.repeat(61), '<b>&amp;'],
    lock: ['all', 'threads,regs', 'smem', 'gpu,mode', 'op', 'thread', ',,', 'device'] };
  const GOOD = { quiz: /^[01]?$/, compact: /^[01]?$/, tab: /^(why|tile|graphs)$/, theme: /^(host|dark|light)$/, examples: /^.{0,60}$/,
    lock: /^(all|threads,regs|smem|gpu,mode|,,)$/ };
  let bad = 0;
  for (let i = 0; i < 12; ++i) {
    const q = new URLSearchParams();
    for (let f = 1 + rnd(3); f > 0; --f) { const k = pick(Object.keys(OPTIONS)); q.set(k, pick(OPTIONS[k])); }
    const got = await urlRow(page, raw, '&' + q.toString());
    const want = [...q.keys()].filter((k) => !GOOD[k].test(q.get(k)) || (k === 'quiz' || k === 'compact') && q.get(k) === '');
    assert.equal(got.messages[0]?.type, 'ready', `${q}: ${JSON.stringify(got.messages)}`);
    assert.deepEqual(got.errors.map((e) => e.field).sort(), want.sort(), `${q}: ${JSON.stringify(got.errors)}`);
    for (const e of got.errors) assert.ok(e.id === 'invalid_input' && e.message.length > 0, JSON.stringify(e));
    bad += want.length;
    const a = await send(page, JSON.stringify({ smcalc: 1, type: 'get', id: 'o' + i }));
    assert.equal(a.type, 'answer', `${q}: ${JSON.stringify(a)}`);
    // quiz=1: the answer stays hidden until the reader predicts (docs/embedding.md "Quiz authoring").
    if (q.get('quiz') === '1') assert.equal(a.result.hidden, 'quiz', `${q}`);
    else assert.deepEqual(a.result, api.handle(a.request));
  }
  console.log(`# 12 random option URLs: ${bad} bad options, each reported once`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The page's "Copy embed code" (web/js/messages.js embed_dialog): the page's own address is no use on a course
// site, so the author says where dist/ is; the snippet is <sm-calc> (it sizes itself, allow="clipboard-write").
test('"Copy embed code": the author sets the base URL (checked, remembered); the <sm-calc> snippet works on another origin', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = env.base + 'index.html#gpu=A100&m=kernel&t=256&r=48&ss=24576';
  const up = async () => {
    await page.waitForFunction(() => window.smcalc && window.smcalc.ready, null, { timeout: 20000 });
    await page.evaluate(() => window.smcalc.ready.then(() => true));
    await idle(page);
  };
  await page.goto(url);
  await up();
  const hash = (await page.evaluate(() => window.smcalc.state())).hash;
  const open = async () => {
    const b = await item(page, 'Copy embed code');
    await page.mouse.click(b.cx, b.cy);
    await page.waitForSelector('#smcalc-embed[open]', { timeout: 10000 });
  };
  await open();
  const dlg = (sel) => '#smcalc-embed ' + sel;
  // The default: this page's own folder, said so.
  assert.equal(await page.inputValue(dlg('input[name=base]')), env.base);
  assert.match(await page.textContent('#smcalc-embed-note'), /^This page's own folder/);
  const amp = (t) => t.replace(/&/g, '&amp;');
  assert.equal(await page.inputValue(dlg('textarea')), `<script src="${env.base}embed.js"></script>\n` +
    `<sm-calc src="${amp(env.base + 'index.html#' + hash)}" mode="kernel"></sm-calc>`);
  // A bad base URL, typed with real keys (they are the dialog's, not the canvas's): the rule, no code, no Copy.
  await page.click(dlg('input[name=base]'), { clickCount: 3 });
  await page.keyboard.type('course site');
  assert.equal(await page.textContent('#smcalc-embed-note'), 'the base URL must be the folder of index.html and embed.js on ' +
    'your site: http://..., https://..., file://... or a path such as /smcalc/; got "course site": it has a space, a quote, a backslash or an angle bracket');
  assert.equal(await page.inputValue(dlg('textarea')), '');
  assert.equal(await page.isDisabled(dlg('button[name=copy]')), true);
  for (const [bad, why] of [['javascript:alert(1)', 'it is not an http, https or file URL'], ['/smcalc/?x=1', 'it has a query or a hash'], ['', 'it is empty']]) {
    await page.fill(dlg('input[name=base]'), bad);
    assert.match(await page.textContent('#smcalc-embed-note'), new RegExp(`got "${bad.replace(/[?()]/g, '\\$&')}": ${why}`));
  }
  assert.equal((await page.evaluate(() => window.smcalc.state())).hash, hash, 'typing in the dialog changed the inputs');
  // The calculator's folder on "the course site" (the file name is dropped): Copy copies it and remembers the base.
  await page.fill(dlg('input[name=base]'), env.base + 'index.html');
  await page.click(dlg('button[name=copy]'));
  const code = await page.evaluate(() => window.smcalc.copied());
  assert.equal(code, await page.inputValue(dlg('textarea')));
  assert.ok(code.startsWith(`<script src="${env.base}embed.js">`), code);
  assert.match(await page.textContent('#smcalc-embed-status'), /^Copied; the address is remembered/);
  assert.equal(await page.evaluate(() => localStorage.getItem('smcalc.v1/embed-base')), env.base);
  // Remembered: read back after a reload, and not an unreadable saved entry for the page (web/ui_storage.cpp).
  await page.click(dlg('button:not([name])'));  // Close
  assert.equal(await page.isVisible('#smcalc-embed'), false);
  await page.evaluate(() => { location.hash = 'gpu=H100%20SXM5&m=tile'; });
  await page.reload();
  await up();
  const s = await page.evaluate(() => window.smcalc.state());
  assert.deepEqual(s.saved.bad, []);
  assert.equal(s.notice, null);
  await open();
  assert.equal(await page.inputValue(dlg('input[name=base]')), env.base);
  assert.match(await page.textContent('#smcalc-embed-note'), /^The address you used last time/);
  assert.match(await page.inputValue(dlg('textarea')), / mode="tile"><\/sm-calc>$/);
  // The snippet on a course page at another origin: the JS API's answer for the copied inputs, the iframe sized by
  // the height the calculator reports, Copy link allowed.
  const course = await context.newPage();
  course.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  course.on('pageerror', (e) => errors.push(String(e)));
  await course.goto(other.url);
  await course.evaluate((code) => {
    const t = document.createElement('template');
    t.innerHTML = code;
    for (const n of [...t.content.childNodes]) {
      if (n.nodeName !== 'SCRIPT') { document.body.appendChild(n); continue; }
      const sc = document.createElement('script');
      sc.src = n.getAttribute('src');
      document.head.appendChild(sc);
    }
  }, code);
  await course.waitForFunction(() => document.querySelector('sm-calc') && document.querySelector('sm-calc').result, null, { timeout: 20000 });
  const got = await course.evaluate(() => {
    const e = document.querySelector('sm-calc'), f = e.querySelector('iframe');
    return { result: e.result, height: f.style.height, allow: f.getAttribute('allow'), reported: e._reported };
  });
  assert.deepEqual(got.result, api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: 24576 }));
  assert.equal(got.allow, 'clipboard-write');
  assert.ok(got.reported >= 240, String(got.reported));  // the height the calculator posted ("ready", "resize")
  assert.equal(got.height, got.reported + 'px');
  // The plain iframe, for sites that allow no scripts: the dialog (still open on the tile) writes it, and on the
  // course page it opens the calculator's embed layout on the same inputs, 480 px high.
  const tileHash = (await page.evaluate(() => window.smcalc.state())).hash;
  await page.check(dlg('input[value=iframe]'));
  const iframeCode = await page.inputValue(dlg('textarea'));
  assert.equal(iframeCode, `<iframe src="${amp(env.base + 'index.html?embed=1#' + tileHash)}" title="SM resource calculator" ` +
    'allow="clipboard-write" style="width:100%;height:480px;border:0"></iframe>');
  await page.check(dlg('input[value=element]'));
  assert.match(await page.inputValue(dlg('textarea')), /^<script src=/);
  await page.check(dlg('input[value=iframe]'));
  await course.evaluate((code) => { document.querySelector('sm-calc').remove(); document.body.insertAdjacentHTML('beforeend', code); }, iframeCode);
  let inner;
  for (let i = 0; i < 200 && !inner; ++i, await course.waitForTimeout(50))
    inner = course.frames().find((f) => f.url().startsWith(env.base + 'index.html?embed=1'));
  assert.ok(inner, 'the iframe opened the calculator');
  await inner.waitForFunction(() => window.smcalc && window.smcalc.embed && window.smcalc.state, null, { timeout: 20000 });
  assert.equal((await inner.evaluate(() => window.smcalc.state())).hash, tileHash);
  assert.equal(await course.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height), 480);
  assert.deepEqual(errors, []);
  await context.close();
});

// The dialog's "For" choice (issue 31): a quiz, a worked example (locked) or a comparison snippet, for <sm-calc>
// and for the plain iframe; the quiz and compare snippets, put on a course page at another origin, open a quiz
// whose answer is hidden with every input locked, and the Compare view on the page's inputs.
test('"Copy embed code" writes quiz, locked and compare snippets; on another origin they open a locked quiz and the Compare view', async () => {
  const { context, page, errors } = await open(env.browser, env.base + 'index.html#gpu=A100&m=kernel&t=256&r=48&ss=24576');
  const hash = (await page.evaluate(() => window.smcalc.state())).hash;
  const b = await item(page, 'Copy embed code');
  await page.mouse.click(b.cx, b.cy);
  await page.waitForSelector('#smcalc-embed[open]', { timeout: 10000 });
  const dlg = (sel) => '#smcalc-embed ' + sel;
  const amp = (t) => t.replace(/&/g, '&amp;');
  const code = async (kind, use) => {
    await page.check(dlg(`input[value=${kind}]`));
    await page.selectOption(dlg('select[name=use]'), use);
    return page.inputValue(dlg('textarea'));
  };
  const head = `<script src="${env.base}embed.js"></script>\n`;
  const cmp = hash.replace(/(^|&)cmp=[^&]*/g, '') + '&cmp=1';
  assert.equal(await code('element', ''), head + `<sm-calc src="${amp(env.base + 'index.html#' + hash)}" mode="kernel"></sm-calc>`);
  const quiz = await code('element', 'quiz');
  assert.equal(quiz, head + `<sm-calc src="${amp(env.base + 'index.html#' + hash)}" mode="kernel" quiz lock="all"></sm-calc>`);
  assert.equal(await code('element', 'lock'), head + `<sm-calc src="${amp(env.base + 'index.html#' + hash)}" mode="kernel" lock="all"></sm-calc>`);
  const compare = await code('element', 'compare');
  assert.equal(compare, head + `<sm-calc src="${amp(env.base + 'index.html#' + cmp)}" mode="kernel"></sm-calc>`);
  assert.equal(await code('iframe', 'quiz'), `<iframe src="${amp(env.base + 'index.html?embed=1&quiz=1&lock=all#' + hash)}" ` +
    'title="SM resource calculator" allow="clipboard-write" style="width:100%;height:480px;border:0"></iframe>');
  assert.equal(await code('iframe', 'lock'), `<iframe src="${amp(env.base + 'index.html?embed=1&lock=all#' + hash)}" ` +
    'title="SM resource calculator" allow="clipboard-write" style="width:100%;height:480px;border:0"></iframe>');
  assert.equal((await page.evaluate(() => window.smcalc.state())).hash, hash, 'choosing in the dialog changed the inputs');

  // On a course page at another origin: the quiz hides its answer and locks every input; compare opens the view.
  const course = await context.newPage();
  course.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  course.on('pageerror', (e) => errors.push(String(e)));
  await course.goto(other.url);
  await course.addScriptTag({ url: env.base + 'embed.js' });
  for (const [snippet, id] of [[quiz, 'q'], [compare, 'c']]) {
    await course.evaluate(([code, id]) => {
      const t = document.createElement('template');
      t.innerHTML = code.replace(/^<script[^>]*><\/script>\n/, '');
      t.content.firstElementChild.id = id;
      document.body.appendChild(t.content);
    }, [snippet, id]);
    await course.waitForFunction((id) => document.getElementById(id)?.result, id, { timeout: 30000 });
  }
  const frameOf = async (id) => (await course.evaluateHandle((id) => document.getElementById(id).querySelector('iframe'), id)).asElement().contentFrame();
  const q = await course.evaluate(() => document.getElementById('q').result);
  assert.equal(q.hidden, 'quiz', JSON.stringify(q));
  const qs = await (await frameOf('q')).evaluate(() => window.smcalc.embed().options);
  assert.equal(qs.quiz, true);
  for (const k of ['gpu', 'm', 't', 'r']) assert.ok(qs.locked.includes(`,${k},`), `${k} locked: ${JSON.stringify(qs)}`);
  const c = await (await frameOf('c')).evaluate(() => window.smcalc.state());
  assert.match(c.hash, /(^|&)cmp=1(&|$)/, c.hash);
  assert.deepEqual(await course.evaluate(() => document.getElementById('c').result), api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: 24576 }));
  assert.deepEqual(errors, []);
  await context.close();
});

// docs/bad-inputs.md "Embed code base URL": each row typed into the dialog's field (or left in localStorage for
// it), then 300 seeded random texts: the note and no snippet, or a snippet that is exactly <script> + <sm-calc>.
test('docs/bad-inputs.md: every embed-code base URL row gets its documented answer; 300 random texts give the note or a clean snippet', async () => {
  const table = rows('embed-base');
  assert.ok(table.length >= 20, `only ${table.length} base-URL rows found`);
  const { context, page, errors } = await open(env.browser, env.base + 'index.html#gpu=A100&m=kernel&t=256&r=48');
  const hash = (await page.evaluate(() => window.smcalc.state())).hash;
  const RULE = 'the base URL must be the folder of index.html and embed.js on your site: http://..., https://..., ' +
    'file://... or a path such as /smcalc/';
  const openDialog = async () => {
    if (await page.isVisible('#smcalc-embed')) await page.click('#smcalc-embed button:not([name])');  // Close
    const b = await item(page, 'Copy embed code');
    await page.mouse.click(b.cx, b.cy);
    await page.waitForSelector('#smcalc-embed[open]', { timeout: 10000 });
  };
  // What the dialog shows: the note, its colour, the snippet parsed as the course page's browser would, Copy.
  const shown = () => page.evaluate(() => {
    const d = document.getElementById('smcalc-embed'), code = d.querySelector('textarea').value;
    const t = document.createElement('template');
    t.innerHTML = code;
    const els = [...t.content.children].map((e) => ({ tag: e.tagName.toLowerCase(),
      attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])) }));
    return { note: d.querySelector('#smcalc-embed-note').textContent, red: d.querySelector('#smcalc-embed-note').style.color !== '',
      code, els, copy: !d.querySelector('button[name=copy]').disabled };
  });
  // The answer for a base B: exactly a script and an <sm-calc> pointing into B, no other attribute.
  const clean = (got, base, where) => {
    assert.equal(got.copy, true, where);
    assert.equal(got.red, false, `${where}: ${got.note}`);
    assert.deepEqual(got.els, [{ tag: 'script', attrs: { src: base + 'embed.js' } },
      { tag: 'sm-calc', attrs: { src: base + 'index.html#' + hash, mode: 'kernel' } }], where);
  };
  const refused = (got, text, why, where) => {
    assert.equal(got.note, `${RULE}; got ${JSON.stringify(text.trim())}: ${why}`, where);
    assert.equal(got.code, '', where);
    assert.equal(got.copy, false, where);
  };
  await openDialog();
  for (const { line, cells } of table) {
    const where = `docs/bad-inputs.md:${line} (${cells[1]})`;
    const text = expand(code(cells[3]).text).toString();
    const answer = expand(code(cells[4]).text).toString();
    if (cells[2] === 'remembered') {
      await page.evaluate((v) => localStorage.setItem('smcalc.v1/embed-base', v), text);
      await openDialog();
      assert.equal(await page.inputValue('#smcalc-embed input[name=base]'), text, where);
    } else {
      assert.equal(cells[2], 'typed', where);
      await page.fill('#smcalc-embed input[name=base]', text);
    }
    const got = await shown();
    const m = /^(base|refused:) (.*)$/s.exec(answer);
    assert.ok(m, `${where}: answer ${answer}`);
    if (m[1] === 'base') {
      clean(got, m[2], where);
      // The plain-iframe snippet for the same base.
      await page.check('#smcalc-embed input[value=iframe]');
      const alt = await shown();
      assert.deepEqual(alt.els.map((e) => [e.tag, e.attrs.src]), [['iframe', m[2] + 'index.html?embed=1#' + hash]], where);
      await page.check('#smcalc-embed input[value=element]');
    } else {
      refused(got, text, m[2], where);
    }
  }
  await page.evaluate(() => localStorage.removeItem('smcalc.v1/embed-base'));

  // Random texts (seeded): URL pieces, the refused characters and random code points, set as the field's value
  // with an input event (as typing ends), 300 of them.
  let seed = 0xba5e;
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const pieces = ['https://', 'http://', 'file://', 'HTTP://', '//', '/', 'course.example', 'smcalc', 'index.html', 'embed.js',
    '?', '#', '&', '&amp;', '"', "'", '<', '>', '`', '\\', ' ', '\t', '\n', ':', 'javascript:', 'data:', 'x:', '..', '%20', 'ü',
    '\u00a0', '\u2028', '\ufeff', '😀', ':8000'];
  const texts = [];
  for (let i = 0; i < 300; ++i) {
    let t = '';
    for (let k = rnd(7); k > 0; --k) {
      t += rnd(5) ? pieces[rnd(pieces.length)] : String.fromCodePoint(1 + rnd(0xd7ff));
    }
    texts.push(t);
  }
  const answers = await page.evaluate((texts) => texts.map((t) => {
    const d = document.getElementById('smcalc-embed'), f = d.querySelector('form');
    f.base.value = t;
    f.base.dispatchEvent(new Event('input'));
    const tpl = document.createElement('template');
    tpl.innerHTML = f.code.value;
    return { value: f.base.value, note: d.querySelector('#smcalc-embed-note').textContent, code: f.code.value, copy: !f.copy.disabled,
      els: [...tpl.content.children].map((e) => ({ tag: e.tagName.toLowerCase(), attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])) })) };
  }), texts);
  let ok = 0;
  answers.forEach((got, i) => {
    const t = got.value.trim(), where = `random text ${i} ${JSON.stringify(got.value)}`;  // the field drops line breaks
    if (!got.copy) {
      assert.ok(got.note.startsWith(`${RULE}; got ${JSON.stringify(t)}: `), `${where}: ${got.note}`);
      assert.equal(got.code, '', where);
      return;
    }
    ++ok;
    const base = got.els[0]?.attrs.src?.replace(/embed\.js$/, '');
    assert.ok(base && base.endsWith('/'), `${where}: ${got.code}`);
    // The base is the text, with a slash added, or less a last segment index.html / embed.js (none left: ./).
    const folder = base === './' ? '' : base;
    assert.ok([base, base.slice(0, -1), folder + 'index.html', folder + 'embed.js'].includes(t), `${where}: base ${base}`);
    assert.ok(!/[\s"'<>`\\?#]/.test(base), `${where}: base ${base}`);
    assert.ok(!/^[a-z][a-z\d+.-]*:/i.test(base) || /^(https?:\/\/[^/]|file:\/\/)/i.test(base), `${where}: base ${base}`);
    assert.deepEqual(got.els, [{ tag: 'script', attrs: { src: base + 'embed.js' } },
      { tag: 'sm-calc', attrs: { src: base + 'index.html#' + hash, mode: 'kernel' } }], where);
  });
  console.log(`# 300 random base URLs: ${ok} snippets, ${300 - ok} refused with the rule`);
  assert.ok(ok > 10 && ok < 290, `${ok} of 300 accepted: the texts do not test both sides`);
  assert.equal((await page.evaluate(() => window.smcalc.state())).hash, hash, 'the dialog changed the inputs');
  assert.deepEqual(errors, []);
  await context.close();
});

// The embed options as the reader sees them (the page has no origin here: the options need none).
test('embed options by URL, drawn: tab opens its tab once, compact has no tabs, theme sets the colours, lock disables, quiz takes typed keys', async () => {
  const load = async (q, colorScheme = 'dark') => {
    const r = await open(env.browser, env.base + 'index.html?embed=1' + q + '#gpu=A100&m=kernel&t=256&r=48',
      { viewport: { width: 640, height: 480 }, colorScheme });
    await r.page.waitForFunction(() => window.smcalc.embed && window.smcalc.embed().options, null, { timeout: 20000 });
    await idle(r.page);
    return r;
  };
  const items = (page) => page.evaluate(() => window.smcalc.items());
  // The open tab's widgets follow its tab in the list (ImGui draws only the open one).
  const next = (all, label) => all[all.findIndex((i) => i.label === label) + 1]?.label;
  const done = async (r) => { assert.deepEqual(r.errors, []); await r.context.close(); };

  let r = await load('');
  let all = await items(r.page);
  assert.equal(next(all, 'Budget'), 'Graphs');  // the Budget tab is open: no widgets of its own
  const plain = await r.page.screenshot({ clip: box(all.find((i) => i.label === '##threads')) });
  assert.ok(all.some((i) => i.label === 'A100 48 regs 24KB'), 'the presets are there');
  await done(r);

  r = await load('&tab=heatmap');
  all = await items(r.page);
  assert.equal(next(all, 'Heatmap'), 'embed_heat');
  // Once: the reader's click on another tab stays.
  const budget = all.find((i) => i.label === 'Budget' && i.visible);
  await r.page.mouse.click(budget.x + budget.w / 2, budget.y + budget.h / 2);
  await idle(r.page);
  all = await items(r.page);
  assert.equal(next(all, 'Heatmap'), 'Next');
  assert.equal(next(all, 'Budget'), 'Graphs');
  await done(r);

  r = await load('&tab=graphs&compact=1');
  all = await items(r.page);
  for (const tab of ['Budget', 'Graphs', 'Heatmap', 'Next', 'Why']) assert.ok(!all.some((i) => i.label === tab), `compact shows ${tab}`);
  assert.ok(all.some((i) => i.label === '##threads' && i.visible));
  await done(r);

  // theme beats the reader's preference both ways; host (the default) follows it.
  for (const [q, scheme, light] of [['&theme=light', 'dark', true], ['&theme=dark', 'light', false], ['&theme=host', 'light', true]]) {
    r = await load(q, scheme);
    const c = (await canvasStats(r.page)).corner;
    assert.equal(c[0] + c[1] + c[2] > 600, light, `${q} with ${scheme}: corner ${c}`);
    await done(r);
  }

  // lock=threads: the field is drawn disabled (other pixels), its +/- do nothing, the presets are gone; regs is free.
  r = await load('&lock=threads');
  all = await items(r.page);
  const threads = all.find((i) => i.label === '##threads' && i.visible);
  assert.ok(!Buffer.from(await r.page.screenshot({ clip: box(threads) })).equals(Buffer.from(plain)), 'the locked field looks the same');
  assert.ok(!all.some((i) => i.label === 'A100 48 regs 24KB'), 'presets shown while an input is locked');
  const plus = (row) => all.find((i) => i.label === '+' && Math.abs(i.y - row.y) < 2);
  for (const field of ['##threads', '##regs']) {
    const p = plus(all.find((i) => i.label === field && i.visible));
    await r.page.mouse.click(p.x + p.w / 2, p.y + p.h / 2);
    await idle(r.page);
  }
  const s = await r.page.evaluate(() => window.smcalc.state());
  assert.equal(s.threads, 256);
  assert.ok(s.regs > 48, String(s.regs));
  await done(r);

  // quiz=1 on a kernel: the prediction is typed with real keys (the page reads keys on the window: they are the
  // form's), then marked: A100, 256 threads, 48 registers: 5 CTAs, registers.
  r = await load('&quiz=1');
  await r.page.waitForSelector('#smcalc-quiz input[name=ctas]', { state: 'visible', timeout: 10000 });
  await r.page.click('#smcalc-quiz input[name=ctas]');
  await r.page.keyboard.type('5');
  assert.equal(await r.page.inputValue('#smcalc-quiz input[name=ctas]'), '5');
  await r.page.selectOption('#smcalc-quiz select[name=limit]', 'regs');
  await r.page.keyboard.press('Enter');
  await r.page.waitForFunction(() => window.smcalc.embed().quiz, null, { timeout: 5000 });
  const quiz = await r.page.evaluate(() => window.smcalc.embed().quiz);
  assert.deepEqual(quiz.prediction, { blocks_per_sm: 5, limiting: 'regs' });
  assert.equal(quiz.right, true);
  assert.equal((await r.page.evaluate(() => window.smcalc.state())).threads, 256, 'the keys reached the canvas');
  await done(r);
});
function box(i) { return { x: i.x, y: i.y, width: i.w, height: i.h }; }
