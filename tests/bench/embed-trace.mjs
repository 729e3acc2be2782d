// tests/bench/embed-trace.mjs - where the time of several embeds goes (issue 31): a Chromium trace of one load of
// the lecture page of tests/bench/embeds.mjs with 1 and with 5 <sm-calc> embeds, driven by the bare client
// (tests/bench/cdp.mjs, nothing attached to the frames), after one untraced warm-up load each. Prints, per load,
// the busy time of the calculator's renderer main thread (the thread all its frames share) and of the lecture
// page's, in 50 ms bins from the lecture page's navigation start, and the extra busy time per extra embed. The
// figure docs/embedding.md quotes ("each further embed costs that thread about 100 ms") comes from here.
// Tracing slows the page down; compare the loads with each other, not with tests/bench/embeds.mjs.
//   node tests/bench/embed-trace.mjs [--keep DIR]   SMCALC_DIST=<dist>   (--keep writes the two traces there)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './cdp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
const keep = process.argv[2] === '--keep' ? process.argv[3] : null;
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };
const calc = http.createServer((req, res) => {
  const file = path.join(dist, path.normalize(new URL(req.url, 'http://x').pathname.replace(/^\//, '') || 'index.html'));
  if (!file.startsWith(dist) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': 'max-age=3600' });
  res.end(fs.readFileSync(file));
});
await new Promise((r) => calc.listen(0, '127.0.0.1', r));
const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
const host = http.createServer((req, res) => {
  const n = Number(new URL(req.url, 'http://x').searchParams.get('n'));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="${calcUrl}embed.js"></script>` +
    Array.from({ length: n }, (_, i) => `<sm-calc gpu="A100" threads="${128 * (i + 1)}" regs="48" compact height="300"></sm-calc>`).join(''));
});
await new Promise((r) => host.listen(0, '127.0.0.1', r));
const DONE = "(() => { const e = [...document.querySelectorAll('sm-calc')]; return e.length && e.every((x) => x.result) ? performance.now() : null; })()";

const browser = await launch({ width: 1000, height: 1600 });
let complete = null;
browser.onEvent = (m) => { if (m.method === 'Tracing.tracingComplete' && complete) complete(m.params.stream); };
async function traced(n) {
  const url = `http://localhost:${host.address().port}/?n=${n}`;
  const warm = await browser.open(url);
  await warm.until(DONE);
  await warm.close();
  await browser.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'loading', 'toplevel'] },
    transferMode: 'ReturnAsStream' });
  const page = await browser.open(url);
  const ms = await page.until(DONE);
  const stream = await new Promise((resolve) => { complete = resolve; browser.send('Tracing.end'); });
  let text = '';
  for (;;) {
    const r = await browser.send('IO.read', { handle: stream, size: 1 << 20 });
    text += r.base64Encoded ? Buffer.from(r.data, 'base64').toString() : r.data;
    if (r.eof) break;
  }
  await browser.send('IO.close', { handle: stream });
  await page.close();
  if (keep) { fs.mkdirSync(keep, { recursive: true }); fs.writeFileSync(path.join(keep, `embeds-${n}.json`), text); }
  return { ms, events: JSON.parse(text).traceEvents };
}

// Busy time of a renderer's main thread from t0 on: the union of its traced intervals (tasks, and the microtask
// checkpoints Blink runs outside them), so that nothing nested is counted twice.
function summary({ ms, events }) {
  const thread = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  const pidOf = (file) => events.find((e) => e.name === 'EvaluateScript' && String(e.args?.data?.url || '').endsWith(file))?.pid;
  const calcPid = pidOf('/smcalc.js'), hostPid = pidOf('/embed.js');
  const t0 = Math.min(...events.filter((e) => e.pid === hostPid && e.ph === 'X' && e.dur).map((e) => e.ts));
  const busy = (pid) => {
    const spans = events.filter((e) => e.pid === pid && e.ph === 'X' && e.dur > 0 && e.ts >= t0 &&
      thread.get(`${e.pid}:${e.tid}`) === 'CrRendererMain').map((e) => [e.ts, e.ts + e.dur]).sort((a, b) => a[0] - b[0]);
    const bins = {};
    let total = 0, end = -Infinity;
    const add = (from, to) => {  // [from, to) in us, split over the 50 ms bins
      total += (to - from) / 1000;
      for (let a = from; a < to;) {
        const bin = Math.floor((a - t0) / 50000), b = Math.min(to, t0 + (bin + 1) * 50000);
        bins[bin * 50] = (bins[bin * 50] || 0) + (b - a) / 1000;
        a = b;
      }
    };
    for (const [from, to] of spans) {
      if (to <= end) continue;
      add(Math.max(from, end), to);
      end = to;
    }
    return { total, bins };
  };
  return { ms, calc: busy(calcPid), host: busy(hostPid), same: calcPid === hostPid };
}

const one = summary(await traced(1)), five = summary(await traced(5));
await browser.close();
calc.close();
host.close();
const line = (name, s) => `${name}: every first result at ${Math.round(s.ms)} ms (traced); calculator main thread busy ` +
  `${Math.round(s.calc.total)} ms, lecture page's ${Math.round(s.host.total)} ms\n  calculator, ms busy per 50 ms from ` +
  `the lecture page's start: ${Object.entries(s.calc.bins).map(([k, v]) => `${k}:${Math.round(v)}`).join(' ')}`;
console.log(line('1 embed', one));
console.log(line('5 embeds', five));
if (one.same || five.same) console.log('note: the lecture page and the calculator shared one renderer (same site?)');
console.log(`per extra embed: calculator main thread +${Math.round((five.calc.total - one.calc.total) / 4)} ms busy, ` +
  `lecture page +${Math.round((five.host.total - one.host.total) / 4)} ms`);
