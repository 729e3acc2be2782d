// tests/bench/embeds.mjs - several <sm-calc> embeds on one page (issue 31): the bytes the calculator's server
// sends and the start-up time, for 1 and for 5 embeds, in headless Chromium (/usr/bin/chromium).
// The calculator (dist/) is served from http://127.0.0.1:<port> with `cache-control: max-age=3600` (a static host
// lets browsers cache; without caching every embed downloads again whatever embed.js does); the lecture page from
// http://localhost:<port> (another site). Each load is a fresh browser context (an empty cache).
// Start-up: navigation start to the moment every embed has its first result (the `change` after `ready`), in ms,
// stamped by the lecture page itself (performance.now() in its `change` listener).
//
// The figures are taken with a bare DevTools client (tests/bench/cdp.mjs) that attaches to the lecture page only,
// as a reader's browser runs it. The same loads under Playwright, which holds every new cross-site frame until its
// debugger has attached (Target.setAutoAttach waitForDebuggerOnStart), are measured too and reported beside them
// ("playwright"), so the harness's own share stays visible: docs/performance.md "Several embeds on one page".
//   node tests/bench/embeds.mjs [loads=5]        SMCALC_DIST=<dist>   SMCALC_EMBED_JS=<another embed.js to compare>
//   SMCALC_EMBED_PLAYWRIGHT=0  leaves the Playwright comparison out
// Prints one JSON object (stdout; tests/bench/report.py: docs/performance.md "Several embeds on one page") and a
// Markdown table (stderr).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './cdp.mjs';
import { EXECUTABLE, PLAYWRIGHT_ARGS } from './chromium.mjs';
import { lectureHtml, median, serveDist, serveHtml } from './lecture.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
const embedJs = process.env.SMCALC_EMBED_JS || path.join(dist, 'embed.js');
const loads = Number(process.argv[2] || 5);
if (!Number.isInteger(loads) || loads < 1 || loads > 100) {
  console.error(`embeds.mjs: loads must be an integer from 1 to 100; got ${JSON.stringify(process.argv[2])}`);
  process.exit(2);
}
const VIEWPORT = { width: 1000, height: 1600 };  // all five 300 px embeds on screen

const sent = {};  // file -> [requests, bytes] since the last reset
const calc = await serveDist(dist, 'max-age=3600', { embedJs, onSend(rel, bytes) {
  sent[rel] = [(sent[rel]?.[0] || 0) + 1, (sent[rel]?.[1] || 0) + bytes];
} });
const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
const host = await serveHtml((q) => lectureHtml(calcUrl, Number(q.get('n')), { stamp: true }));
const hostUrl = (n) => `http://localhost:${host.address().port}/?n=${n}`;
const DONE = 'window.smcalcAllResults';

// One load of the n-embed page in a fresh context: [start-up ms, code bytes sent, [requests of smcalc.js, api]].
function tally() {
  const code = ['smcalc.js', 'smcalc-api.js'];
  return [code.reduce((s, f) => s + (sent[f]?.[1] || 0), 0), code.map((f) => sent[f]?.[0] || 0)];
}
async function bare(browser, n) {
  for (const k of Object.keys(sent)) delete sent[k];
  const p = await browser.open(hostUrl(n));
  const ms = await p.until(DONE);
  await p.close();
  return [ms, ...tally()];
}
let playwright = null;
async function held(n) {
  for (const k of Object.keys(sent)) delete sent[k];
  const context = await playwright.newContext({ viewport: VIEWPORT });
  const p = await context.newPage();
  await p.goto(hostUrl(n));
  await p.waitForFunction(DONE, null, { timeout: 120000 });
  const ms = await p.evaluate(DONE);
  await context.close();
  return [ms, ...tally()];
}

const browser = await launch(VIEWPORT);
const withPlaywright = process.env.SMCALC_EMBED_PLAYWRIGHT !== '0';
if (withPlaywright) {
  const { chromium } = await import('playwright-core');
  playwright = await chromium.launch({ executablePath: EXECUTABLE, headless: true, args: PLAYWRIGHT_ARGS });
}
const out = {}, pw = {};
// Interleaved (1, 5, 1, 5, ...; bare then Playwright) so that a busier minute of the machine falls on both.
const runs = { bare: { 1: [], 5: [] }, playwright: { 1: [], 5: [] } };
for (let i = 0; i < loads; ++i) {
  for (const n of [1, 5]) {
    runs.bare[n].push(await bare(browser, n));
    if (withPlaywright) runs.playwright[n].push(await held(n));
  }
}
await browser.close();
if (playwright) await playwright.close();
calc.close();
host.close();
for (const n of [1, 5]) {
  const r = runs.bare[n];
  out[n] = { startup_ms_median: Math.round(median(r.map((x) => x[0]))), startup_ms: r.map((x) => Math.round(x[0])),
    code_bytes_median: median(r.map((x) => x[1])), requests_smcalc_js_and_api: r[0][2] };
  if (withPlaywright) {
    const q = runs.playwright[n];
    pw[n] = { startup_ms_median: Math.round(median(q.map((x) => x[0]))), startup_ms: q.map((x) => Math.round(x[0])) };
  }
}
// stdout: the JSON (scripts/bench.sh keeps it as build/bench/results/embeds.json); stderr: the table.
console.log(JSON.stringify({ loads, embed_js: path.relative(root, embedJs), chromium: browser.version, client: 'bare CDP (tests/bench/cdp.mjs)',
  ...out, ...(withPlaywright ? { playwright: pw } : {}) }));
console.error('| embeds | smcalc.js + smcalc-api.js sent (raw bytes, median) | requests (smcalc.js, api) | start-up to every first result (median of ' + loads + ') | under Playwright |');
console.error('|---|---|---|---|---|');
for (const n of [1, 5]) console.error(`| ${n} | ${out[n].code_bytes_median.toLocaleString('en-US')} | ${out[n].requests_smcalc_js_and_api.join(', ')} | ${out[n].startup_ms_median} ms | ${withPlaywright ? pw[n].startup_ms_median + ' ms' : '-'} |`);
console.error(`5 vs 1: ${(out[5].startup_ms_median / out[1].startup_ms_median).toFixed(2)}x the start-up, ${(out[5].code_bytes_median / out[1].code_bytes_median).toFixed(2)}x the bytes` +
  (withPlaywright ? `; under Playwright ${(pw[5].startup_ms_median / pw[1].startup_ms_median).toFixed(2)}x` : ''));
