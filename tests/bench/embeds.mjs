// tests/bench/embeds.mjs - several <sm-calc> embeds on one page (issue 31): the bytes the calculator's server
// sends and the start-up time, for 1 and for 5 embeds, in headless Chromium (playwright-core, /usr/bin/chromium).
// The calculator (dist/) is served from http://127.0.0.1:<port> with `cache-control: max-age=3600` (a static host
// lets browsers cache; without caching every embed downloads again whatever embed.js does); the lecture page from
// http://localhost:<port> (another site). Each load is a fresh browser context (an empty cache).
// Start-up: navigation start to every embed's first result (the `change` after `ready`), in ms.
//   node tests/bench/embeds.mjs [loads=5]        SMCALC_DIST=<dist>   SMCALC_EMBED_JS=<another embed.js to compare>
// Prints one JSON object (stdout; tests/bench/report.py: docs/performance.md "Several embeds on one page") and a
// Markdown table (stderr).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
const embedJs = process.env.SMCALC_EMBED_JS || path.join(dist, 'embed.js');
const loads = Number(process.argv[2] || 5);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

const sent = {};  // file -> [requests, bytes] since the last reset
const calc = http.createServer((req, res) => {
  const rel = new URL(req.url, 'http://x').pathname.replace(/^\//, '') || 'index.html';
  const file = rel === 'embed.js' ? embedJs : path.join(dist, path.normalize(rel));
  if (!file.startsWith(dist) && file !== embedJs || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  const body = fs.readFileSync(file);
  sent[rel] = [(sent[rel]?.[0] || 0) + 1, (sent[rel]?.[1] || 0) + body.length];
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': 'max-age=3600' });
  res.end(body);
});
await new Promise((r) => calc.listen(0, '127.0.0.1', r));
const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
const page = (n) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="${calcUrl}embed.js"></script>` +
  Array.from({ length: n }, (_, i) => `<sm-calc gpu="A100" threads="${128 * (i + 1)}" regs="48" compact height="300"></sm-calc>`).join('');
const host = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page(Number(new URL(req.url, 'http://x').searchParams.get('n'))));
});
await new Promise((r) => host.listen(0, '127.0.0.1', r));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const out = {};
for (const n of [1, 5]) {
  const ms = [], bytes = [], requests = [];
  for (let i = 0; i < loads; ++i) {
    for (const k of Object.keys(sent)) delete sent[k];
    const context = await browser.newContext({ viewport: { width: 1000, height: 1600 } });
    const p = await context.newPage();
    await p.goto(`http://localhost:${host.address().port}/?n=${n}`);
    await p.waitForFunction(() => [...document.querySelectorAll('sm-calc')].every((e) => e.result), null, { timeout: 120000 });
    ms.push(await p.evaluate(() => performance.now()));
    const code = ['smcalc.js', 'smcalc-api.js'];
    bytes.push(code.reduce((s, f) => s + (sent[f]?.[1] || 0), 0));
    requests.push(code.map((f) => sent[f]?.[0] || 0));
    await context.close();
  }
  out[n] = { startup_ms_median: Math.round(median(ms)), startup_ms: ms.map(Math.round), code_bytes_median: median(bytes),
    requests_smcalc_js_and_api: requests[0] };
}
await browser.close();
calc.close();
host.close();
// stdout: the JSON (scripts/bench.sh keeps it as build/bench/results/embeds.json); stderr: the table.
console.log(JSON.stringify({ loads, embed_js: path.relative(root, embedJs), ...out }));
console.error('| embeds | smcalc.js + smcalc-api.js sent (raw bytes, median) | requests (smcalc.js, api) | start-up to every first result (median of ' + loads + ') |');
console.error('|---|---|---|---|');
for (const n of [1, 5]) console.error(`| ${n} | ${out[n].code_bytes_median.toLocaleString('en-US')} | ${out[n].requests_smcalc_js_and_api.join(', ')} | ${out[n].startup_ms_median} ms |`);
console.error(`5 vs 1: ${(out[5].startup_ms_median / out[1].startup_ms_median).toFixed(2)}x the start-up, ${(out[5].code_bytes_median / out[1].code_bytes_median).toFixed(2)}x the bytes`);
