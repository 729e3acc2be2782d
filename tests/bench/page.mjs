// tests/bench/page.mjs - the page figures of issue 6, in headless Chromium (Debian's /usr/bin/chromium driven
// by playwright-core; no browser is downloaded):
//
//   weight        every file the page loads (served from dist/ by a local HTTP server), raw and gzip -9, plus
//                 the files of dist/ the page does not load at start (listed for the record)
//   first frame   navigation start -> end of the requestAnimationFrame callback in which window.smcalc.frames()
//                 first counts a frame (LOADS loads, each in a fresh browser context: nothing cached; the
//                 new window's address-bar pop-up off, tests/bench/chromium.mjs), and the same in LOADS loads
//                 of a just-opened window with its pop-up loading alongside (interleaved; as measured before)
//   interactive   navigation start -> the last frame of the start-up burst: smcalc.ready has resolved, the
//                 result is in smcalc.state(), and the page has no animation frame pending (layout settled)
//   idle frames   frames the page draws in the 2 s after that, with no input (target 0: on-demand frames)
//   drag          cost per frame while dragging the carveout slider (found with smcalc.items() in a separate
//                 load, since recording widget rectangles costs time per frame), three ways: the page's own
//                 frame callbacks (its wasm and GL calls, wall time), the renderer's main thread (Chrome's
//                 TaskDuration: busy time), and the CPU time of every browser process together (/proc,
//                 including the software GL of SwiftShader that a machine with a GPU does not pay)
//
// usage: node tests/bench/page.mjs DIST_DIR  ->  one JSON object on stdout (tests/bench/report.py reads it)
// Environment: SMCALC_BENCH_PAGE_LOADS (default 10), CHROMIUM (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { EXECUTABLE, NEW_WINDOW_ARGS, PLAYWRIGHT_ARGS } from './chromium.mjs';

const dist = path.resolve(process.argv[2] || 'dist');
const LOADS = Number(process.env.SMCALC_BENCH_PAGE_LOADS || 10);
const VIEWPORT = { width: 1280, height: 800 };
const log = (...a) => console.error('page:', ...a);

// ----- a static server for dist/ that notes what each load fetched ---------------------------------------
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
                '.ts': 'text/plain', '.json': 'application/json', '.css': 'text/css', '.png': 'image/png' };
let served = [];
const server = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
  const file = path.join(dist, rel);
  if (!file.startsWith(dist) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    served.push({ path: rel, status: 404 });
    res.writeHead(404).end();
    return;
  }
  const body = fs.readFileSync(file);
  served.push({ path: rel, status: 200 });
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
                       'Content-Length': body.length, 'Cache-Control': 'no-store' });
  res.end(body);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

// gzip -9 -n as scripts/page-weight.sh (run by scripts/build-web.sh) counts it: one method for every figure
// (zlib's deflate, e.g. a web server's, differs by ~1%, so there is no fallback to it).
const gzipSize = (file) => {
  const r = spawnSync('gzip', ['-9', '-n', '-c', file], { maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`gzip -9 -n -c ${file} failed (GNU gzip is needed for the page weight)`);
  return r.stdout.length;
};
const sizes = (rel) => {
  const file = path.join(dist, rel);
  return { path: rel, raw: fs.statSync(file).size, gzip: gzipSize(file) };
};

// ----- CPU of every process of the browser (descendants of this node process) --------------------------
const TICK_MS = 1000 / 100;  // USER_HZ is 100 on Linux
function browserCpuMs() {
  const parent = new Map(), cpu = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat;
    try { stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');  // fields from 3 (state) on
    parent.set(Number(d), Number(f[1]));
    cpu.set(Number(d), (Number(f[11]) + Number(f[12])) * TICK_MS);  // utime + stime
  }
  let total = 0;
  for (const [pid, ms] of cpu) {
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === process.pid) { total += ms; break; }
    }
  }
  return total;
}

// ----- in-page probe: installed before the page's scripts ----------------------------------------------
const PROBE = () => {
  const B = (window.__bench = { frameTimes: [], ready: null, settledAt: null, hasResult: false, runtime: null });
  // Emscripten keeps a Module object defined before its glue: note when the wasm is instantiated (before main).
  window.Module = { onRuntimeInitialized: () => { B.runtime = performance.now(); } };
  const raf = window.requestAnimationFrame.bind(window);
  let seen = 0, hooked = false;
  const check = () => {
    const s = window.smcalc;
    if (!s) return;
    if (!hooked && s.ready) { hooked = true; s.ready.then(() => { B.ready = performance.now(); }); }
    let f;
    try { f = s.frames(); } catch { return; }
    for (; seen < f; ++seen) B.frameTimes.push(performance.now());
  };
  // The page draws only from requestAnimationFrame: it has settled when none of its callbacks is pending.
  let pending = 0;
  // B.callbackMs: time spent inside the page's frame callbacks (its wasm and its GL calls), the rest of a
  // frame's cost is the browser's (compositing, the GPU process).
  B.callbackMs = 0;
  window.requestAnimationFrame = (cb) => {
    ++pending;
    return raf((t) => {
      --pending;
      // A frame drawn outside an animation frame (main()'s first frame) counts when this callback starts,
      // not after the frame this callback draws.
      check();
      const t0 = performance.now();
      cb(t);
      B.callbackMs += performance.now() - t0;
      check();
    });
  };
  const iv = setInterval(() => {
    check();
    const last = B.frameTimes[B.frameTimes.length - 1];
    if (last !== undefined && B.ready !== null && pending === 0 && performance.now() - last > 100) {
      try { B.hasResult = window.smcalc.state().result != null; } catch { B.hasResult = false; }
      B.settledAt = last;
      const js = performance.getEntriesByType('resource').find((e) => /smcalc\.js$/.test(e.name));
      B.scriptLoaded = js ? js.responseEnd : null;
      B.domContentLoaded = performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null;
      // main()'s start-up marks (web/main.cpp, platform::MarkStartup): name -> ms from navigation start.
      B.marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('smcalc:'))
        .map((m) => [m.name.slice('smcalc:'.length), m.startTime]));
      // The LZMA decoding of the wasm (web/pack_page.py): its mark carries the decoding's wall time, from its
      // first 64 KB piece to its last (the streaming compiler works between the pieces).
      B.unlzma = performance.getEntriesByName('smcalc:unlzma')[0]?.detail ?? null;
      clearInterval(iv);
    }
  }, 20);
};

const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true, args: PLAYWRIGHT_ARGS });
// The first frame also in a just-opened window, as the benchmark measured it before: Chromium loads the window's
// address-bar pop-up beside the page (tests/bench/chromium.mjs). Loads interleaved with the others.
const newWindow = await chromium.launch({ executablePath: EXECUTABLE, headless: true, args: NEW_WINDOW_ARGS });
const version = browser.version();

async function openPage(hash = '', b = browser) {
  const ctx = await b.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  await ctx.addInitScript(PROBE);
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url + hash, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__bench.settledAt !== null, null, { timeout: 20000, polling: 50 });
  return { ctx, page, errors };
}

const out = { chromium: version, viewport: VIEWPORT, loads: LOADS, files: [], dist_files: [], first_frame_ms: [],
              first_frame_new_window_ms: [], first_interactive_ms: [], idle_frames: [], startup_frames: [], phases: {}, startup_marks: [],
              notes: [] };

// ----- loads: first frame, first interactive frame, idle frames ---------------------------------------
// One load in a just-opened window: its first frame only.
async function newWindowLoad() {
  const o = await openPage('', newWindow);
  out.first_frame_new_window_ms.push(await o.page.evaluate(() => window.__bench.frameTimes[0]));
  await o.ctx.close();
}
let loadedPaths = null;
for (let i = 0; i < LOADS; ++i) {
  if (i % 2) await newWindowLoad();  // before the measured load in odd loads, after it in even ones
  served = [];
  const { ctx, page, errors } = await openPage();
  const b = await page.evaluate(() => window.__bench);
  // The page's own figure (window.smcalc.timing(), where it has one), for comparison with the probe's.
  const own = await page.evaluate(() => (window.smcalc.timing ? window.smcalc.timing().first_frame_ms : null));
  (out.phases.page_reported_first_frame_ms ||= []).push(own);
  if (process.env.SMCALC_BENCH_DEBUG) log(JSON.stringify(b));
  if (!b.hasResult) out.notes.push(`load ${i + 1}: smcalc.state() had no result when the page settled`);
  if (errors.length) out.notes.push(`load ${i + 1}: page errors: ${errors.join('; ').slice(0, 300)}`);
  out.first_frame_ms.push(b.frameTimes[0]);
  out.first_interactive_ms.push(b.settledAt);
  out.startup_frames.push(b.frameTimes.length);
  for (const [k, v] of [['script_loaded_ms', b.scriptLoaded], ['dom_content_loaded_ms', b.domContentLoaded],
                        ['runtime_ready_ms', b.runtime], ['smcalc_ready_ms', b.ready], ['unlzma_ms', b.unlzma]])
    (out.phases[k] ||= []).push(v);
  out.startup_marks.push({ runtime: b.runtime, ...b.marks });
  const f0 = await page.evaluate(() => window.smcalc.frames());
  await page.waitForTimeout(2000);
  const f1 = await page.evaluate(() => window.smcalc.frames());
  out.idle_frames.push(f1 - f0);
  if (loadedPaths === null) {
    await page.waitForTimeout(200);  // anything fetched late still counts
    loadedPaths = [...new Set(served.filter((s) => s.status === 200).map((s) => s.path))];
  }
  await ctx.close();
  if (!(i % 2)) await newWindowLoad();
  log(`load ${i + 1}/${LOADS}: smcalc.js loaded ${b.scriptLoaded?.toFixed(0)} ms, wasm instantiated ` +
      `${b.runtime?.toFixed(0)} ms, ready ${b.ready?.toFixed(0)} ms, first frame ${b.frameTimes[0].toFixed(0)} ms, ` +
      `settled ${b.settledAt.toFixed(0)} ms, idle frames ${f1 - f0}; just-opened window: first frame ` +
      `${out.first_frame_new_window_ms[i].toFixed(0)} ms`);
}

out.files = loadedPaths.map(sizes);
out.total_raw = out.files.reduce((s, f) => s + f.raw, 0);
out.total_gzip = out.files.reduce((s, f) => s + f.gzip, 0);
out.dist_files = fs.readdirSync(dist).filter((f) => fs.statSync(path.join(dist, f)).isFile()).sort()
  .map((f) => ({ ...sizes(f), loaded: loadedPaths.includes(f) }));
const notLoaded = out.dist_files.filter((f) => !f.loaded).map((f) => f.path);
if (notLoaded.length)
  out.notes.push(`dist/ files the page does not load at start (not counted in its weight): ${notLoaded.join(', ')}`);

// ----- drag: CPU per frame ------------------------------------------------------------------------------
{
  // Where is the slider? A separate load: smcalc.items() turns on per-frame widget recording. The carveout
  // slider is in the kernel view (#m=kernel; the page opens on the GEMM tile view).
  const HASH = '#m=kernel';
  let target = null, why = '';
  {
    const { ctx, page } = await openPage(HASH);
    const items = await page.evaluate(() => (window.smcalc.items ? window.smcalc.items() : null));
    if (!items) why = 'the page has no smcalc.items() to find a slider';
    else {
      const sliders = items.filter((it) => it.visible && it.w > 40 && /^##co$/.test(it.label));
      if (sliders.length) target = { ...sliders[0], name: 'the carveout slider (##co)' };
      else why = 'no visible slider (##co) in smcalc.items()';
    }
    await ctx.close();
  }
  if (!target) {
    // Fallback: drag across the canvas centre (hover and layout only), and say so.
    target = { x: VIEWPORT.width / 2 - 150, y: VIEWPORT.height / 2, w: 300, h: 1, name: 'the canvas centre (no slider found)' };
    out.notes.push(`drag: ${why}; dragged across the canvas centre instead`);
  }
  out.drag_target = target.name;
  const { ctx, page } = await openPage(HASH);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;
  const y = target.y + target.h / 2;
  const x0 = target.x + 4, x1 = target.x + target.w - 4;
  const state0 = await page.evaluate(() => window.smcalc.state());
  out.drag_cpu_ms_per_frame = [];
  out.drag_main_ms_per_frame = [];
  out.drag_callback_ms_per_frame = [];
  out.drag_frames = [];
  const SWEEPS = 3, STEPS = 20;
  for (let s = 0; s < SWEEPS; ++s) {
    const f0 = await page.evaluate(() => window.smcalc.frames());
    const cb0 = await page.evaluate(() => window.__bench.callbackMs);
    const t0 = await metric('TaskDuration');
    const c0 = browserCpuMs();
    await page.mouse.move(s % 2 ? x1 : x0, y);
    await page.mouse.down();
    for (let k = 1; k <= STEPS; ++k) {
      const f = k / STEPS;
      await page.mouse.move(s % 2 ? x1 + (x0 - x1) * f : x0 + (x1 - x0) * f, y);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    // Let the frames the drag asked for finish (settle frames included).
    let last = -1;
    for (let n = await page.evaluate(() => window.smcalc.frames()); n !== last; ) {
      last = n;
      await page.waitForTimeout(150);
      n = await page.evaluate(() => window.smcalc.frames());
    }
    const frames = last - f0;
    const cpu = browserCpuMs() - c0;
    const main = ((await metric('TaskDuration')) - t0) * 1000;
    const callback = (await page.evaluate(() => window.__bench.callbackMs)) - cb0;
    out.drag_frames.push(frames);
    if (frames > 0) {
      out.drag_callback_ms_per_frame.push(callback / frames);
      out.drag_cpu_ms_per_frame.push(cpu / frames);
      out.drag_main_ms_per_frame.push(main / frames);
    }
  }
  const state1 = await page.evaluate(() => window.smcalc.state());
  if (!target.label) {
    // fallback drag: nothing to check
  } else if (state0.carveout === state1.carveout)
    out.notes.push('drag: the carveout did not change: the drag may have missed the slider');
  else
    out.notes.push(`drag: ${SWEEPS} sweeps of ${STEPS} mouse moves 16 ms apart over the carveout slider of ${HASH} ` +
                   `(${target.w.toFixed(0)} px; carveout ${state0.carveout} -> ${state1.carveout}); ` +
                   `${out.drag_frames.join(', ')} frames per sweep`);
  await ctx.close();
}

await browser.close();
await newWindow.close();
server.close();
out.notes.push(`Chromium ${version} headless, software WebGL (SwiftShader), ${VIEWPORT.width}x${VIEWPORT.height} at ` +
               `devicePixelRatio 1, ${os.cpus().length} CPUs`);
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
