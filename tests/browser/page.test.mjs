// tests/browser/page.test.mjs - the page in headless Chromium: loads clean, draws, takes real keyboard,
// mouse and touch input, keeps its state in the URL, embeds at 640 x 480, follows the colour scheme, is
// crisp at devicePixelRatio 2, and draws nothing while idle. Screenshots go to build/screenshots/.
// Run: node --test tests/browser/ (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { canvasStats, dist, idle, item, open, screenshot, session, state, until } from './harness.mjs';

const env = session();  // env.browser, env.base: one server and browser for this file


test('loads from a subfolder: no console errors, no request outside the page, canvas drawn', async () => {
  const { context, page, errors, requests } = await open(env.browser, env.base, { colorScheme: 'dark' });
  assert.deepEqual(errors, []);
  for (const url of requests) assert.ok(url.startsWith(env.base), 'request outside the page: ' + url);
  const c = await canvasStats(page);
  assert.equal(c.width, 1280);
  assert.equal(c.height, 800);
  assert.ok(c.colours > 20, 'the canvas looks blank: ' + c.colours + ' colours');
  const s = await state(page);
  assert.ok(s.result, 'no result in state(): ' + JSON.stringify(s).slice(0, 300));
  // Screen readers get the readouts as text: the live region mirrors the UI's summary.
  const live = await page.evaluate(() => {
    const el = document.getElementById('smcalc-live');
    return { text: el.textContent, polite: el.getAttribute('aria-live') };
  });
  assert.equal(live.polite, 'polite');
  assert.ok(live.text.length > 0 && live.text === s.summary, JSON.stringify(live));
  const t = await page.evaluate(() => window.smcalc.timing());
  assert.ok(t.first_frame_ms > 0 && t.first_frame_ms < 5000, JSON.stringify(t));  // SwiftShader: generous
  console.log(`# first frame after ${t.first_frame_ms.toFixed(0)} ms (headless Chromium, SwiftShader)`);
  await screenshot(page, 'default');
  await context.close();
});

test('opened from disk (file://) it runs too', async () => {
  const { context, page, errors } = await open(env.browser, pathToFileURL(path.join(dist, 'index.html')).href);
  assert.deepEqual(errors, []);
  assert.ok((await canvasStats(page)).colours > 20);
  await context.close();
});

test('typing through real keyboard events changes the state, and the URL hash follows', async () => {
  const { context, page, errors } = await open(env.browser, env.base);
  const tab = await item(page, 'Kernel');  // the page opens on the GEMM tile view
  await page.mouse.click(tab.cx, tab.cy);
  await until(page, () => window.smcalc.state(), (v) => v.mode === 'kernel');
  await idle(page);
  const field = await item(page, '##ss');  // static shared memory per block
  await page.mouse.click(field.cx, field.cy);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('24KB');
  await page.keyboard.press('Enter');
  const s = await until(page, () => window.smcalc.state(), (v) => v.smem_static === 24576);
  await until(page, () => location.hash, (h) => h === '#' + s.hash);
  assert.ok(s.hash.includes('ss=24576'), s.hash);
  assert.deepEqual(errors, []);
  await context.close();
});

test('URL hash round trip: a shared link opens the same inputs; hashchange applies a new one', async () => {
  const hash = 'gpu=A100%2040GB%20SXM4&m=kernel&t=256&r=48&ss=24576&ds=0';
  const { context, page, errors } = await open(env.browser, env.base + '#' + hash);
  const s = await state(page);
  assert.equal(s.threads, 256);
  assert.equal(s.regs, 48);
  assert.equal(s.smem_static, 24576);
  assert.equal(s.result.blocks_per_sm, 5);  // seed 000's worked example
  assert.equal(s.notice, null);
  const again = await open(env.browser, env.base + '#' + s.hash);
  assert.deepEqual(await state(again.page), s);
  await again.context.close();
  await page.evaluate(() => { location.hash = 'gpu=A100%2040GB%20SXM4&m=kernel&t=128&r=48&ss=24576&ds=0'; });
  await until(page, () => window.smcalc.state(), (v) => v.threads === 128);
  // A name as nvidia-smi prints it, with its memory size: the page's core reads it as the CLI and the APIs do
  // (docs/bad-inputs.md, URL hash row 67).
  await page.evaluate(() => { location.hash = 'gpu=Tesla%20V100-SXM2-32GB&m=kernel'; });
  const v100 = await until(page, () => window.smcalc.state(), (v) => v.threads === 256);
  assert.equal(v100.gpu, 'V100 SXM2');
  assert.equal(v100.notice, null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad hash falls back to defaults with a visible notice, never a crash', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#t=abc&r=-5&gpu=Z100&%zz=%%&' + 'x'.repeat(50));
  const s = await state(page);
  assert.ok(s.notice && s.notice.length > 0, 'no notice: ' + JSON.stringify(s).slice(0, 300));
  assert.ok(s.result, 'no result');
  assert.ok((await canvasStats(page)).colours > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test('?embed=1 fits a 640 x 480 iframe', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '?embed=1', {
    viewport: { width: 640, height: 480 }, colorScheme: 'dark' });
  const c = await canvasStats(page);
  assert.deepEqual([c.cssWidth, c.cssHeight, c.width, c.height], [640, 480, 640, 480]);
  const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
  assert.deepEqual(scroll, [640, 480]);
  for (const i of await page.evaluate(() => window.smcalc.items())) {
    if (!i.visible || !i.label) continue;
    assert.ok(i.x >= -1 && i.y >= -1 && i.x + i.w <= 641 && i.y + i.h <= 481, 'outside 640x480: ' + JSON.stringify(i));
  }
  assert.ok(c.colours > 20);
  assert.deepEqual(errors, []);
  await screenshot(page, 'embed');
  await context.close();
});

test('follows prefers-color-scheme: light and dark backgrounds', async () => {
  const luma = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  const light = await open(env.browser, env.base, { colorScheme: 'light' });
  assert.ok(luma((await canvasStats(light.page)).corner) > 0.7, 'light theme background is not light');
  await screenshot(light.page, 'light');
  await light.context.close();
  const dark = await open(env.browser, env.base, { colorScheme: 'dark' });
  assert.ok(luma((await canvasStats(dark.page)).corner) < 0.3, 'dark theme background is not dark');
  await dark.context.close();
});

test('devicePixelRatio 2: the backing store has twice the pixels (crisp text)', async () => {
  const { context, page, errors } = await open(env.browser, env.base, { deviceScaleFactor: 2, colorScheme: 'dark' });
  const c = await canvasStats(page);
  assert.deepEqual([c.cssWidth, c.cssHeight, c.width, c.height], [1280, 800, 2560, 1600]);
  assert.ok(c.colours > 20);
  assert.deepEqual(errors, []);
  await screenshot(page, 'hidpi');
  await context.close();
});

test('0 frames while idle (2 s), and frames again on input', async () => {
  const { context, page } = await open(env.browser, env.base);
  const before = await page.evaluate(() => window.smcalc.frames());
  await page.waitForTimeout(2000);
  const afterIdle = await page.evaluate(() => window.smcalc.frames());
  assert.equal(afterIdle - before, 0, `${afterIdle - before} frames drawn while idle`);
  await page.mouse.move(300, 300);
  await page.mouse.move(320, 310);
  await until(page, () => window.smcalc.frames(), (f) => f > afterIdle);
  await idle(page);
  await context.close();
});

test('mouse click and touch tap press buttons (Copy link puts the page URL on the clipboard)', async () => {
  for (const touch of [false, true]) {
    const { context, page, errors } = await open(env.browser, env.base, { hasTouch: touch });
    const button = await item(page, 'Copy link');
    if (touch) await page.touchscreen.tap(button.cx, button.cy);
    else await page.mouse.click(button.cx, button.cy);
    const copied = await until(page, () => window.smcalc.copied(), (v) => v !== null);
    assert.ok(copied.startsWith(env.base), copied);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// "Copy results" builds its Markdown when pressed (web/ui_model.cpp model_markdown), not on every recompute:
// the tile's readouts plus the SM budget table in tile mode, the budget table alone in kernel mode.
test('Copy results puts the readouts on the clipboard as Markdown, in tile and kernel mode', async () => {
  for (const [hash, expected] of [
    ['', ['| Readout | Value | Limit | Basis |', '| Resource | Calculation | Blocks/SM |', '**H100 SXM5**, tile 128 x 128 x 64']],
    ['#gpu=A100&m=kernel&t=256&r=48&ss=24576', ['| Resource | Calculation | Blocks/SM |', '| **Result** |']],
  ]) {
    const { context, page, errors } = await open(env.browser, env.base + hash);
    const button = await item(page, 'Copy results');
    await page.mouse.click(button.cx, button.cy);
    const copied = await until(page, () => window.smcalc.copied(), (v) => v !== null);
    for (const e of expected) assert.ok(copied.includes(e), `${hash}: no "${e}" in\n${copied}`);
    if (hash) assert.ok(!copied.includes('| Readout |'), 'kernel mode copied tile readouts');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('resizing the window resizes the canvas backing store', async () => {
  const { context, page } = await open(env.browser, env.base);
  await page.setViewportSize({ width: 900, height: 700 });
  await until(page, () => document.querySelector('#canvas').width, (w) => w === 900);
  assert.equal(await page.evaluate(() => document.querySelector('#canvas').height), 700);
  await idle(page);
  await context.close();
});

test('the JS API from the page: smcalc.occupancy() loads smcalc-api.js on first use', async () => {
  const { context, page, errors } = await open(env.browser, env.base);
  const a = await page.evaluate(() => window.smcalc.occupancy({ cc: '8.0', threads: 256, regs: 48, smem_static: 24576 }));
  assert.equal(a.blocks_per_sm, 5);
  assert.equal(a.occupancy, 0.625);
  assert.deepEqual(a.limiting, ['regs']);
  const e = await page.evaluate(() => window.smcalc.occupancy({ cc: '8.0', threads: 0 }));
  assert.equal(e.error.id, 'invalid_input');
  assert.deepEqual(errors, []);
  await context.close();
});

test('devicePixelRatio changing while open (browser zoom): backing store and fonts follow', async () => {
  // Zooming changes devicePixelRatio and fires resize. (CDP's emulation changes the ratio without the
  // resolution media-query event that moving a window to another screen fires, so that path is not tested.)
  const { context, page, errors } = await open(env.browser, env.base, { colorScheme: 'dark' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1200, height: 800, deviceScaleFactor: 2, mobile: false });
  await until(page, () => document.querySelector('#canvas').width, (w) => w === 2400);
  await idle(page);
  const c = await canvasStats(page);
  assert.deepEqual([c.width, c.height], [2400, 1600]);
  assert.ok(c.colours > 20);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
  await until(page, () => document.querySelector('#canvas').width, (w) => w === 1280);
  await idle(page);
  assert.ok((await canvasStats(page)).colours > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the GPU picker's tooltip: the note and the sources from smcalc-api.js on first hover (the page's core has neither)", async () => {
  const { context, page, errors, requests } = await open(env.browser, env.base + '#gpu=H200%20SXM&m=kernel');
  assert.ok(!requests.some((u) => u.endsWith('smcalc-api.js')), 'the module loaded before any hover');
  const gpu = await item(page, '##gpu');
  await page.mouse.move(gpu.cx, gpu.cy);
  await until(page, () => performance.getEntriesByType('resource').map((e) => e.name),
    (names) => names.some((n) => n.endsWith('smcalc-api.js')), 10000);
  // The lines the tooltip and the Why tab read: the JS API's gpus list, one "<name>\t<note>\t<sources>" per GPU;
  // H200's note says its SM count is 3rd-party, its sources name the datasheet (the text of `smcalc gpus --json`).
  const lines = await page.evaluate(() => window.smcalc.gpu_notes());
  const h200 = lines.split('\n').find((l) => l.startsWith('H200 SXM\t'));
  assert.match(h200, /^H200 SXM\tSM count 132 is 3rd-party[^\t]*\tASTRO \(H200 datasheet table\); SAUL-H200/);
  await idle(page);
  await page.mouse.move(gpu.cx + 1, gpu.cy);  // a frame with the note in the tooltip
  await idle(page);
  await screenshot(page, 'gpu-tooltip');
  assert.deepEqual(errors, []);
  await context.close();
});
