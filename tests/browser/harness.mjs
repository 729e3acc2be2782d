// tests/browser/harness.mjs - headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no
// browser is ever downloaded) and a static server for dist/ under a subfolder, like any static host.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
export const shots = process.env.SMCALC_SCREENSHOTS || path.join(root, 'build', 'screenshots');
export const subfolder = '/courses/gpu/smcalc/';  // the page must not assume it sits at the site's root

// Flags from shared/notes/toolchain.md: headless as root, no network chatter, WebGL on SwiftShader.
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader'];

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.ts': 'text/plain', '.png': 'image/png' };

export function serve() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      if (!url.pathname.startsWith(subfolder)) { res.writeHead(404); res.end(); return; }
      let rel = decodeURIComponent(url.pathname.slice(subfolder.length)) || 'index.html';
      const file = path.join(dist, path.normalize(rel));
      if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        res.writeHead(404); res.end(); return;
      }
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
      fs.createReadStream(file).pipe(res);
    });
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${server.address().port}${subfolder}` });
    });
  });
}

// playwright-core gives each launch a fresh temporary profile (--user-data-dir) of its own.
export function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: flags, headless: true });
}

// One server and one browser for a whole test file: started before its first test, closed after its last.
// Returns { browser, base } (filled in by the time a test runs), so each file's tests open pages the same way.
export function session() {
  const s = { browser: null, server: null, base: null };
  before(async () => {
    ({ server: s.server, base: s.base } = await serve());
    s.browser = await launch();
  });
  after(async () => {
    await s.browser?.close();
    s.server?.close();
  });
  return s;
}

// The page's own state object (window.smcalc.state(): inputs, result, hash, saved entries).
export const state = (page) => page.evaluate(() => window.smcalc.state());

// Opens the page in a fresh context and collects console errors, page errors and every request made.
export async function open(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  await page.waitForFunction(() => window.smcalc && window.smcalc.ready, null, { timeout: 20000 });
  await page.evaluate(() => window.smcalc.ready.then(() => true));
  await idle(page);
  return { context, page, errors, requests };
}

// Waits until no frame has been drawn for `quiet` ms (the page draws only when something changed).
export async function idle(page, quiet = 300, timeout = 10000) {
  const start = Date.now();
  let last = await page.evaluate(() => window.smcalc.frames());
  let since = Date.now();
  while (Date.now() - start < timeout) {
    await page.waitForTimeout(50);
    const now = await page.evaluate(() => window.smcalc.frames());
    if (now !== last) { last = now; since = Date.now(); } else if (Date.now() - since >= quiet) return last;
  }
  throw new Error('the page kept drawing frames for ' + timeout + ' ms');
}

// Polls page.evaluate(fn) until predicate(value) holds.
export async function until(page, fn, predicate, timeout = 5000) {
  const start = Date.now();
  let value;
  while (Date.now() - start < timeout) {
    value = await page.evaluate(fn);
    if (predicate(value)) return value;
    await page.waitForTimeout(50);
  }
  throw new Error('timed out; last value: ' + JSON.stringify(value).slice(0, 400));
}

// What the canvas shows: backing-store size, distinct colours on a sample grid, the top-left pixel.
export function canvasStats(page) {
  return page.evaluate(() => {
    const c = document.querySelector('#canvas');
    const o = document.createElement('canvas');
    o.width = c.width;
    o.height = c.height;
    const g = o.getContext('2d');
    g.drawImage(c, 0, 0);
    const d = g.getImageData(0, 0, o.width, o.height).data;
    const colours = new Set();
    for (let i = 0; i < d.length; i += 4 * 61) colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    const p = (x, y) => { const i = 4 * (y * o.width + x); return [d[i], d[i + 1], d[i + 2]]; };
    return { width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight,
      colours: colours.size, corner: p(2, o.height - 3) };
  });
}

export async function item(page, label) {
  const items = await page.evaluate(() => window.smcalc.items());
  const found = items.find((i) => i.label === label && i.visible);
  if (!found) throw new Error(`no visible widget "${label}" among ${items.length}: ` +
    JSON.stringify(items.map((i) => i.label).filter((l) => l)).slice(0, 600));
  return { ...found, cx: found.x + found.w / 2, cy: found.y + found.h / 2 };
}

export function screenshot(page, name) {
  fs.mkdirSync(shots, { recursive: true });
  return page.screenshot({ path: path.join(shots, name + '.png') });
}

// The page state's answer parts (amd, tile, cluster) are written from the JSON API's member lists
// (smcalc/answer_schema.hpp): every member the state has is the API answer's member of the same name, with the same
// value (numbers to the state's %.6g). A member only the state has, or a value that differs, fails: the two writers
// drifted. `skip`: the state's own members (its "input" echo, ...).
export function assertSameMembers(part, answer, skip = [], where = '') {
  assert.ok(answer !== undefined, `${where}: the API answer has no such member`);
  if (part === null) {
    assert.equal(answer, null, where);
  } else if (typeof part === 'number') {
    assert.equal(typeof answer, 'number', where);
    assert.ok(Math.abs(part - answer) <= 1e-5 * Math.max(1, Math.abs(answer)), `${where}: ${part} vs ${answer}`);
  } else if (Array.isArray(part)) {
    assert.ok(Array.isArray(answer) && answer.length === part.length, `${where}: lists of different lengths`);
    part.forEach((x, i) => assertSameMembers(x, answer[i], [], `${where}[${i}]`));
  } else if (part && typeof part === 'object') {
    for (const k of Object.keys(part))
      if (!skip.includes(k)) assertSameMembers(part[k], answer[k], [], `${where}.${k}`);
  } else {
    assert.equal(part, answer, where);
  }
}
