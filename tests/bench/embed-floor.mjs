// tests/bench/embed-floor.mjs - what a further iframe costs before any of the calculator's code runs (issue 31): the
// lower bound of "5 embeds within 1.5x the start-up of one" on this machine.
//
// Five embeds start within 1.5 times one embed's start-up T1 only if each of the four further embeds adds at most
// T1 / 8 to the page's start (the frames of one site share one main thread, busy from start to the last answer:
// docs/embedding.md "Several embeds on one page"). This measures, interleaved load by load with the bare DevTools
// client (tests/bench/cdp.mjs, the Chromium of tests/bench/chromium.mjs), a lecture page on http://localhost with
// 1 and with 5 iframes (300 px tall, as the lecture page's embeds) of three pages on http://127.0.0.1:
//   document   an empty document that posts a message to its parent at its first animation frame
//   webgl      the same with a canvas that gets a WebGL 2 context and clears it (as every embed draws on one)
//   calculator the real embed: <sm-calc> of dist/ (tests/bench/lecture.mjs), to its first result
// and prints, per page, the medians of 1 and 5 frames and the time per further frame, (T5 - T1) / 4, beside the
// budget T1 / 8 of the calculator's own 1-embed start-up: one JSON object on stdout (tests/bench/report.py), a table
// on stderr. A stand-in whose further frame alone costs more than that
// budget shows that no work taken out of the calculator's frame can meet the target with a frame per embed.
//   node tests/bench/embed-floor.mjs [loads=8]        SMCALC_DIST=<dist>
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './cdp.mjs';
import { lectureHtml, median, serveDist, serveHtml } from './lecture.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
const loads = Number(process.argv[2] || 8);
if (process.argv.length > 3 || !Number.isInteger(loads) || loads < 1 || loads > 100) {
  console.error(`embed-floor.mjs: the one argument is the number of loads, an integer from 1 to 100; got ${JSON.stringify(process.argv.slice(2).join(' '))}`);
  process.exit(2);
}

// The stand-ins, from 127.0.0.1 as the calculator (another site than the lecture page).
const STAND_IN = {
  document: '<!doctype html><meta charset="utf-8"><body style="margin:0"><script>' +
    'requestAnimationFrame(function () { parent.postMessage("floor", "*"); });</script>',
  webgl: '<!doctype html><meta charset="utf-8"><body style="margin:0"><canvas style="width:100%;height:300px;display:block"></canvas><script>' +
    'var c = document.querySelector("canvas"); c.width = c.clientWidth; c.height = c.clientHeight;' +
    'var gl = c.getContext("webgl2"); gl.clearColor(0.1, 0.1, 0.1, 1); gl.clear(gl.COLOR_BUFFER_BIT);' +
    'requestAnimationFrame(function () { parent.postMessage("floor", "*"); });</script>',
};
const calc = await serveDist(dist, 'max-age=3600');
const standIn = await serveHtml((q) => STAND_IN[q.get('page')] || '');
const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
// The lecture page with n frames of `page`; window.smcalcAllResults is the moment the last one is up.
const host = await serveHtml((q) => {
  const n = Number(q.get('n')), page = q.get('page');
  if (page === 'calculator') return lectureHtml(calcUrl, n, { stamp: true });
  return '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>window.smcalcAllResults = null; var seen = 0;' +
    `addEventListener("message", function (e) { if (e.data === "floor" && ++seen === ${n}) window.smcalcAllResults = performance.now(); });</script>` +
    Array.from({ length: n }, () => `<iframe src="http://127.0.0.1:${standIn.address().port}/?page=${page}" ` +
      'style="display:block;width:100%;height:300px;border:0"></iframe>').join('');
});
const hostUrl = (page, n) => `http://localhost:${host.address().port}/?page=${page}&n=${n}`;

const browser = await launch({ width: 1000, height: 1600 });
const PAGES = ['document', 'webgl', 'calculator'];
const runs = Object.fromEntries(PAGES.map((p) => [p, { 1: [], 5: [] }]));
for (let i = 0; i < loads; ++i) {
  for (const page of PAGES) {
    for (const n of [1, 5]) {
      const p = await browser.open(hostUrl(page, n));
      runs[page][n].push(await p.until('window.smcalcAllResults'));
      await p.close();
    }
  }
  process.stderr.write(`embed-floor: load ${i + 1}/${loads}\n`);
}
await browser.close();
for (const s of [calc, standIn, host]) s.close();

const budget = median(runs.calculator[1]) / 8;
const out = { loads, chromium: browser.version, client: 'bare CDP (tests/bench/cdp.mjs)', budget_ms: budget, pages: {} };
for (const page of PAGES) {
  const one = median(runs[page][1]), five = median(runs[page][5]);
  out.pages[page] = { one_ms: runs[page][1].map(Math.round), five_ms: runs[page][5].map(Math.round), one_median_ms: one,
    five_median_ms: five, per_further_frame_ms: (five - one) / 4 };
}
// stdout: the JSON (scripts/bench.sh keeps it as build/bench/results/embed-floor.json); stderr: the table.
console.log(JSON.stringify(out));
console.error(`${loads} loads each, interleaved, bare client; ${browser.version}`);
console.error('| frames of | 1 frame (median) | 5 frames (median) | per further frame, (T5 - T1) / 4 |');
console.error('|---|---|---|---|');
for (const page of PAGES) {
  const x = out.pages[page];
  console.error(`| ${page} | ${x.one_median_ms.toFixed(0)} ms | ${x.five_median_ms.toFixed(0)} ms | ${x.per_further_frame_ms.toFixed(0)} ms |`);
}
console.error(`budget per further embed for 5 embeds within 1.5x of one: T1 / 8 = ${budget.toFixed(0)} ms ` +
  `(T1: the calculator's 1-embed start-up)`);
