// tests/bench/ab.mjs - start-up of two builds of the page, A/B, interleaved load by load in one headless Chromium
// (A B B A A B ...), so that other work on a shared machine hits both alike (issue 31: docs/performance.md).
//
//   node tests/bench/ab.mjs DIST_A DIST_B [loads=10] [what=page,embeds]
//
// page:   the first frame as tests/bench/page.mjs measures it (navigation start to the first animation frame
//         callback that sees window.smcalc.frames() > 0; index.html served with no-store, a fresh browser context
//         per load), the LZMA decoding's mark (web/pack_page.py), and main()'s steps (web/main.cpp's marks).
// embeds: a host page with 1 and with 5 <sm-calc> embeds (tests/bench/lecture.mjs, as embeds.mjs; the calculator on
//         another origin, cache-control max-age=3600, a fresh context per load): navigation start to every
//         embed's first result.
// Prints, per build and figure, the median, min..max and the loads; the machine's load average before and after.
//
// SMCALC_AB_BROWSER_B measures B in a second Chromium set up another way (DIST_B may then be DIST_A):
//   new-window  with the new window's address-bar pop-up loading beside the page (tests/bench/chromium.mjs)
//   settled     the same, but each load waits 2.5 s after opening its window before it navigates
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { EXECUTABLE, NEW_WINDOW_ARGS, PLAYWRIGHT_ARGS } from './chromium.mjs';
import { lectureHtml, median, serveDist, serveHtml } from './lecture.mjs';

const [A, B] = [process.argv[2], process.argv[3]].map((d) => path.resolve(d));
const LOADS = Number(process.argv[4] || 10);
const WHAT = (process.argv[5] || 'page,embeds').split(',');
const servers = { A: { page: await serveDist(A, 'no-store'), embed: await serveDist(A, 'max-age=3600') },
                  B: { page: await serveDist(B, 'no-store'), embed: await serveDist(B, 'max-age=3600') } };
const port = (s) => s.address().port;
const host = await serveHtml((q) => lectureHtml(`http://127.0.0.1:${q.get('calc')}/`, Number(q.get('n'))));

// The probe of tests/bench/page.mjs, reduced to the first frame: installed before the page's scripts.
const PROBE = () => {
  const B = (window.__bench = { first: null });
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    if (B.first === null && window.smcalc) { try { if (window.smcalc.frames() > 0) B.first = performance.now(); } catch {} }
    cb(t);
  });
};

const setupB = process.env.SMCALC_AB_BROWSER_B || '';
if (!['', 'new-window', 'settled'].includes(setupB)) {
  console.error(`ab.mjs: SMCALC_AB_BROWSER_B must be new-window or settled (or unset); got ${JSON.stringify(setupB)}`);
  process.exit(2);
}
const launch = (args) => chromium.launch({ executablePath: EXECUTABLE, headless: true, args });
const browsers = { A: await launch(PLAYWRIGHT_ARGS) };
browsers.B = setupB ? await launch(NEW_WINDOW_ARGS) : browsers.A;
// The page of a fresh context (a new window, an empty cache) of build `which`'s browser.
async function newPage(which, ctx) {
  const p = await ctx.newPage();
  if (which === 'B' && setupB === 'settled') await p.waitForTimeout(2500);
  return p;
}

async function pageLoad(which) {
  const ctx = await browsers[which].newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await ctx.addInitScript(PROBE);
  const p = await newPage(which, ctx);
  await p.goto(`http://127.0.0.1:${port(servers[which].page)}/index.html`);
  await p.waitForFunction(() => window.__bench.first !== null, null, { timeout: 30000, polling: 50 });
  const r = await p.evaluate(() => ({ first: window.__bench.first,
    marks: Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('smcalc:'))
      .map((m) => [m.name.slice(7), m.name === 'smcalc:unlzma' ? m.detail : m.startTime])) }));
  await ctx.close();
  return r;
}
async function embedsLoad(which, n) {
  const ctx = await browsers[which].newContext({ viewport: { width: 1000, height: 1600 } });
  const p = await newPage(which, ctx);
  await p.goto(`http://localhost:${port(host)}/?n=${n}&calc=${port(servers[which].embed)}`);
  await p.waitForFunction(() => [...document.querySelectorAll('sm-calc')].every((e) => e.result), null, { timeout: 120000 });
  const ms = await p.evaluate(() => performance.now());
  await ctx.close();
  return ms;
}

const res = { A: {}, B: {} };
const push = (w, k, v) => { if (v !== undefined && v !== null) (res[w][k] ||= []).push(v); };
const load0 = os.loadavg()[0];
for (let i = 0; i < LOADS; ++i) {
  const order = i % 2 ? ['B', 'A'] : ['A', 'B'];  // A B, B A, A B, ...
  for (const w of order) {
    if (WHAT.includes('page')) {
      const r = await pageLoad(w);
      push(w, 'first frame', r.first);
      // main()'s steps (web/main.cpp's marks, in order): each step's own time, the mark minus the one before.
      push(w, 'LZMA decoding (its mark)', r.marks.unlzma);
      push(w, 'main() starts', r.marks.main);
      const steps = ['main', 'webgl-context', 'font-atlas', 'renderer', 'ui-init', 'first-frame'];
      for (let k = 1; k < steps.length; ++k)
        if (r.marks[steps[k]] !== undefined) push(w, `step ${steps[k]}`, r.marks[steps[k]] - r.marks[steps[k - 1]]);
    }
    if (WHAT.includes('embeds')) {
      const one = await embedsLoad(w, 1), five = await embedsLoad(w, 5);
      push(w, '1 embed', one);
      push(w, '5 embeds', five);
      push(w, '5/1 ratio (per load pair)', five / one);
    }
  }
  process.stderr.write(`ab: load ${i + 1}/${LOADS}\n`);
}
await browsers.A.close();
if (browsers.B !== browsers.A) await browsers.B.close();
for (const s of [...Object.values(servers).flatMap((x) => [x.page, x.embed]), host]) s.close();
const fmt = (v) => (v < 10 ? v.toFixed(2) : v.toFixed(0));
console.log(`A = ${A}\nB = ${B}${setupB ? ` (Chromium: ${setupB})` : ''}\n${LOADS} loads each, interleaved; load average (1 min) ${load0.toFixed(2)} before, ` +
            `${os.loadavg()[0].toFixed(2)} after, ${os.cpus().length} CPUs`);
console.log('| figure | A median | A min..max | B median | B min..max |\n|---|---|---|---|---|');
for (const k of Object.keys(res.A)) {
  const a = res.A[k], b = res.B[k] || [];
  const row = (x) => (x.length ? [fmt(median(x)), `${fmt(Math.min(...x))}..${fmt(Math.max(...x))}`] : ['', '']);
  console.log(`| ${k} | ${row(a).join(' | ')} | ${row(b).join(' | ')} |`);
}
for (const w of ['A', 'B']) if (res[w]['1 embed'])
  console.log(`${w}: 5 embeds / 1 embed, ratio of the medians: ${(median(res[w]['5 embeds']) / median(res[w]['1 embed'])).toFixed(2)}x`);
if (process.env.SMCALC_AB_JSON) fs.writeFileSync(process.env.SMCALC_AB_JSON, JSON.stringify(res));
