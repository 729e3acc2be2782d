// tests/bench/embed-trace.mjs - where the time of several embeds goes (issue 31): a Chromium trace of one load of
// the lecture page of tests/bench/embeds.mjs with 1 and with 5 <sm-calc> embeds, driven by the bare client
// (tests/bench/cdp.mjs, nothing attached to the frames), after one untraced warm-up load each. Prints, per load,
// the busy time of the calculator's renderer main thread (the thread all its frames share) and of the lecture
// page's, in 50 ms bins from the lecture page's navigation start, the extra busy time per extra embed, and that
// time split by kind of work (the browser's own per document, the calculator's per step). The figures
// docs/embedding.md quotes ("each further embed adds about 80-120 ms", by kind) come from here. --profile adds V8's
// sampling profiler to the trace and prints, per renderer, the functions whose self time grows most per extra
// embed (minified names, with their file). Tracing slows the page down; compare the loads with each other, not
// with tests/bench/embeds.mjs. SMCALC_DIST=<an older build> measures that build instead.
//   node tests/bench/embed-trace.mjs [--profile] [--keep DIR]   (--keep writes the two traces there)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launch } from './cdp.mjs';
import { lectureHtml, serveDist, serveHtml } from './lecture.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.SMCALC_DIST || path.join(root, 'dist');
const args = process.argv.slice(2);
const profile = args.includes('--profile');
const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : null;
if ((args.includes('--keep') && !keep) || args.some((a, i) => a !== '--profile' && a !== '--keep' && args[i - 1] !== '--keep')) {
  console.error(`embed-trace.mjs: arguments are --profile and --keep DIR; got ${JSON.stringify(args.join(' '))}`);
  process.exit(2);
}
const calc = await serveDist(dist, 'max-age=3600');
const calcUrl = `http://127.0.0.1:${calc.address().port}/`;
const host = await serveHtml((q) => lectureHtml(calcUrl, Number(q.get('n'))));
const DONE = "(() => { const e = [...document.querySelectorAll('sm-calc')]; return e.length && e.every((x) => x.result) ? performance.now() : null; })()";

const browser = await launch({ width: 1000, height: 1600 });
let complete = null;
browser.onEvent = (m) => { if (m.method === 'Tracing.tracingComplete' && complete) complete(m.params.stream); };
async function traced(n) {
  const url = `http://localhost:${host.address().port}/?n=${n}`;
  const warm = await browser.open(url);
  await warm.until(DONE);
  await warm.close();
  await browser.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'loading', 'toplevel',
    ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : [])] },
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
  return { ms, calc: busy(calcPid), host: busy(hostPid), same: calcPid === hostPid, kinds: kinds(events, thread, calcPid, t0),
    selfCalc: selfTimes(events, calcPid), selfHost: selfTimes(events, hostPid) };
}

// The calculator's main-thread time by kind of work: each traced interval's self time (its time less its children's)
// goes to its nearest enclosing event (itself included) of a kind below, else to "other"; the kinds partition the
// busy time of busy() (up to intervals that overlap without nesting).
const KINDS = [['DocumentLoader::CommitNavigation', 'a document: navigation commit'], ['ParseHTML', 'a document: HTML parsing'],
  ['EvaluateScript', 'scripts: evaluation (smcalc.js, the protocol, the API)'],
  ['BlinkScheduler_PerformMicrotaskCheckpoint', 'promise callbacks: decode, compile, instantiate, main()'],
  ['TimerFire', 'timers: the protocol\'s message bursts'], ['FireAnimationFrame', 'animation frames: ImGui frames and drawing'],
  ['EventDispatch', 'events: script loads, messages'], ['Layout', 'style and layout'], ['UpdateLayoutTree', 'style and layout'],
  ['PrePaint', 'paint'], ['Paint', 'paint']];
function kinds(events, thread, pid, t0) {
  const name = new Map(KINDS);
  const main = events.filter((e) => e.pid === pid && e.ph === 'X' && e.dur > 0 && e.ts >= t0 &&
    thread.get(`${e.pid}:${e.tid}`) === 'CrRendererMain').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = {}, stack = [], own = new Map(), kind = new Map();
  for (const e of main) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) own.set(parent, own.get(parent) - e.dur);
    own.set(e, e.dur);
    kind.set(e, name.get(e.name) || (parent ? kind.get(parent) : 'other'));
    stack.push(e);
  }
  for (const e of main) out[kind.get(e)] = (out[kind.get(e)] || 0) + Math.max(0, own.get(e)) / 1000;
  return out;
}

// Self time (ms) per function of a renderer's V8 samples (the trace's ProfileChunk events; empty without --profile).
function selfTimes(events, pid) {
  const profiles = new Map();  // profile id -> {nodes, samples, deltas}
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const p = profiles.get(e.id) || { nodes: new Map(), samples: [], deltas: [] };
    profiles.set(e.id, p);
    const d = e.args.data;
    for (const node of d.cpuProfile?.nodes || []) p.nodes.set(node.id, node);
    p.samples.push(...(d.cpuProfile?.samples || []));
    p.deltas.push(...(d.timeDeltas || []));
  }
  const out = new Map();
  for (const p of profiles.values()) {
    p.samples.forEach((id, i) => {  // a sample's time is the gap to the next one
      const f = p.nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)') return;
      const key = `${f.functionName || '(anonymous)'} ${String(f.url || '').split('/').pop()}`.trim();
      out.set(key, (out.get(key) || 0) + (p.deltas[i + 1] || 0) / 1000);
    });
  }
  return out;
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
const kindsGrow = [...new Set([...Object.keys(one.kinds), ...Object.keys(five.kinds)])]
  .map((k) => [k, ((five.kinds[k] || 0) - (one.kinds[k] || 0)) / 4]).sort((x, y) => y[1] - x[1]);
console.log('calculator, busy time per extra embed by kind (ms): ' + kindsGrow.map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v.toFixed(1)}`).join('; '));
if (profile) {
  for (const [name, a, b] of [['calculator', one.selfCalc, five.selfCalc], ['lecture page', one.selfHost, five.selfHost]]) {
    const grow = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, ((b.get(k) || 0) - (a.get(k) || 0)) / 4])
      .sort((x, y) => y[1] - x[1]).slice(0, 10);
    console.log(`${name}: self time per extra embed (ms), the 10 that grow most: ` +
      grow.map(([k, v]) => `${k} ${v.toFixed(1)}`).join('; '));
  }
}
