// tests/browser/saved.test.mjs - saved state (issue 5, item 5): presets and custom GPUs persist in localStorage
// under the versioned schema "smcalc.v1" (one key per entry), survive a reload, a corrupt or foreign entry
// gets a notice and is skipped without losing the others, and export / import round-trip a JSON file
// (a real download, a real file chooser). Screenshots: build/screenshots/saved-*.png.
// Run: node --test tests/browser/saved.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import { idle, item, open, screenshot, session, state, until } from './harness.mjs';
import { LEFT, clickInView, inView, reload, typeInto } from './ui_helpers.mjs';

const env = session();  // env.browser, env.base: one server and browser for this file

// Writes [key, value] entries into the page's localStorage (a value that is not a string is stored as JSON).
const seed = (page, entries) => page.evaluate((list) => {
  for (const [k, v] of list) localStorage.setItem(k, typeof v === 'string' ? v : JSON.stringify(v));
}, entries);
const storage = (page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
// A page (#m=kernel) that loads with `entries` in its localStorage (written, then the page reloaded).
async function openSeeded(entries) {
  const opened = await open(env.browser, env.base + '#m=kernel');
  await seed(opened.page, entries);
  await reload(opened.page);
  return opened;
}
const click = (page, label) => clickInView(page, label, LEFT);  // every widget here is in the left column
const type = (page, label, text) => typeInto(page, label, text, LEFT);

test('a saved preset survives a reload and loads on another GPU; a saved custom GPU appears in the GPU list', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#gpu=A100&m=kernel&t=256&r=48&ss=24576');
  await click(page, 'Saved');
  await type(page, '##preset_name', 'lesson kernel');
  await click(page, 'Save##preset');
  let s = await state(page);
  assert.deepEqual(s.saved.presets, ['lesson kernel']);
  const stored = await storage(page);
  assert.deepEqual(JSON.parse(stored['smcalc.v1/preset/lesson kernel']),
    { name: 'lesson kernel', inputs: 'm=kernel&t=256&r=48&ss=24576&ds=0' });
  await screenshot(page, 'saved-presets');

  // A custom device (half the SMs of an H100), saved from the custom-device editor.
  await reload(page, env.base + '#gpu=H100%20SXM5&m=kernel&d.sm=66');
  assert.equal((await state(page)).device.sm_count, 66);
  await type(page, '##gpu_name', 'half H100');
  await click(page, 'Save device');
  s = await state(page);
  assert.deepEqual(s.saved.gpus, ['half H100']);

  // Reload with the defaults: both are still there.
  await reload(page, env.base + '#m=kernel');
  s = await state(page);
  assert.deepEqual(s.saved.presets, ['lesson kernel']);
  assert.deepEqual(s.saved.gpus, ['half H100']);
  assert.equal(s.notice, null);
  assert.equal(s.device.sm_count, 132);

  // The preset keeps the GPU shown (H100) and brings the kernel; the saved GPU is in the GPU list.
  await click(page, 'Saved');
  await click(page, 'preset:lesson kernel');
  s = await state(page);
  assert.deepEqual([s.gpu, s.threads, s.regs, s.smem_static], ['H100 SXM5', 256, 48, 24576]);
  // The GPU list: its filter field takes the keyboard (the cursor blinks, so no idle() while it is open).
  const picker = await inView(page, '##gpu', LEFT);
  await page.mouse.click(picker.cx, picker.cy);
  await page.waitForTimeout(400);
  const entry = await item(page, 'half H100##saved');
  await page.mouse.click(entry.cx, entry.cy);
  s = await until(page, () => window.smcalc.state(), (v) => v.device.sm_count === 66);
  assert.equal(s.custom, true);
  assert.equal(s.regs, 48, 'the kernel stays');
  await screenshot(page, 'saved-gpu-picked');

  // Delete the preset: gone from the page and from storage.
  await click(page, 'delete:preset:lesson kernel');
  assert.deepEqual((await state(page)).saved.presets, []);
  assert.equal((await storage(page))['smcalc.v1/preset/lesson kernel'], undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a corrupt or foreign entry gets a notice and is skipped; the others load', async () => {
  const { context, page, errors } = await openSeeded([
    ['smcalc.v1/preset/good', { name: 'good', inputs: 'm=kernel&t=128&r=64' }],
    ['smcalc.v1/preset/broken', '{"name":"broken", "inputs": '],
    ['smcalc.v2/preset/future', '{"name":"future"}'],
    ['smcalc.v1/gpu/ghost', { name: 'ghost', base: 'Voodoo 5' }],
    ['another-app', 'not ours'],
  ]);
  let s = await state(page);
  assert.deepEqual(s.saved.presets, ['good']);
  assert.deepEqual(s.saved.gpus, []);
  assert.deepEqual(s.saved.bad.sort(), ['smcalc.v1/gpu/ghost', 'smcalc.v1/preset/broken', 'smcalc.v2/preset/future']);
  assert.match(s.notice, /'smcalc\.v1\/preset\/broken': its value is not valid JSON/);
  assert.match(s.notice, /another version of this page/);
  assert.match(s.notice, /'Voodoo 5' is not in the database/);
  assert.ok(!/another-app/.test(s.notice));
  assert.ok(s.result, 'the calculator works as usual');
  await screenshot(page, 'saved-corrupt-notice');

  // Nothing was deleted behind the user's back; "Remove 3 unreadable" does it on request.
  assert.ok((await storage(page))['smcalc.v1/preset/broken']);
  await click(page, 'Saved');
  await click(page, 'Remove 3 unreadable');
  const left = await storage(page);
  assert.deepEqual(Object.keys(left).sort(), ['another-app', 'smcalc.v1/preset/good']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('export downloads every entry as JSON; import brings them back (and refuses a foreign file)', async () => {
  const { context, page, errors } = await openSeeded([
    ['smcalc.v1/preset/a', { name: 'a', inputs: 'm=kernel&t=512&r=40' }],
    ['smcalc.v1/preset/b', { name: 'b', inputs: 'm=tile&tm=256&tn=128' }],
    ['smcalc.v1/gpu/my H100', { name: 'my H100', base: 'H100 SXM5', sm_count: 100 }],
  ]);
  await click(page, 'Saved');
  const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'Export')]);
  assert.equal(download.suggestedFilename(), 'smcalc-saved.json');
  const file = fs.readFileSync(await download.path(), 'utf8');
  const json = JSON.parse(file);
  assert.equal(json.schema, 'smcalc.v1');
  assert.deepEqual(json.presets.map((p) => p.name), ['a', 'b']);
  assert.deepEqual(json.gpus, [{ name: 'my H100', base: 'H100 SXM5', sm_count: 100 }]);

  // Another browser profile: empty storage, then import the file through the file chooser.
  const { context: c2, page: p2 } = await open(env.browser, env.base + '#m=kernel');
  await click(p2, 'Saved');
  assert.deepEqual((await state(p2)).saved.presets, []);
  const [chooser] = await Promise.all([p2.waitForEvent('filechooser'), click(p2, 'Import')]);
  await chooser.setFiles({ name: 'smcalc-saved.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  let s = await until(p2, () => window.smcalc.state(), (v) => v.saved.presets.length === 2);
  assert.deepEqual(s.saved.gpus, ['my H100']);
  assert.match(s.saved.message, /Imported 3 entries from smcalc-saved\.json/);
  assert.deepEqual(Object.keys(await storage(p2)).sort(),
    ['smcalc.v1/gpu/my H100', 'smcalc.v1/preset/a', 'smcalc.v1/preset/b']);
  await screenshot(p2, 'saved-imported');

  // A file of another schema imports nothing and says why.
  const [chooser2] = await Promise.all([p2.waitForEvent('filechooser'), click(p2, 'Import')]);
  await chooser2.setFiles({ name: 'other.json', mimeType: 'application/json',
    buffer: Buffer.from('{"schema":"smcalc.v9","presets":[]}') });
  s = await until(p2, () => window.smcalc.state(), (v) => /other\.json/.test(v.saved.message));
  assert.match(s.notice, /other\.json: The file is not an smcalc\.v1 export \(its schema is 'smcalc\.v9'\)/);
  assert.equal(s.saved.presets.length, 2);
  await c2.close();
  assert.deepEqual(errors, []);
  await context.close();
});

// Two files picked before the JS API module answered the first (it loads on first use): each file's answer keeps
// its own name, since the module answers in the order asked (web/ui_saved.cpp import_files). Both are handed to
// the page as its file dialog would (smcalc_platform_file_chosen), one right after the other.
test('two imports read at once keep their own file names', async () => {
  const { context, page, errors, requests } = await open(env.browser, env.base + '#m=kernel');
  await click(page, 'Saved');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page, 'Import')]);
  assert.ok(chooser);  // the page now waits for a file: the two below arrive as its answer would
  assert.ok(!requests.some((u) => u.includes('smcalc-api.js')), 'the module is not loaded yet');
  const a = JSON.stringify({ schema: 'smcalc.v1', presets: [{ name: 'from a', inputs: 'm=kernel&t=64' },
    { name: 'bad', inputs: 'm=kernel', colour: 'red' }] });
  const b = JSON.stringify({ schema: 'smcalc.v1', presets: [{ name: 'from b', inputs: 'm=kernel&t=128' }] });
  await page.evaluate(([ta, tb]) => {
    const c = (t) => { const u = new TextEncoder().encode(t), p = Module._malloc(u.length + 1);
      Module.HEAPU8.set(u, p); Module.HEAPU8[p + u.length] = 0; return p; };
    for (const [t, n] of [[ta, 'a.json'], [tb, 'b.json']]) Module._smcalc_platform_file_chosen(c(t), c(n));
  }, [a, b]);
  const s = await until(page, () => window.smcalc.state(), (v) => v.saved.presets.length === 2 && !v.saved.pending);
  assert.deepEqual([...s.saved.presets].sort(), ['from a', 'from b']);
  assert.match(s.saved.message, /Imported 1 entry from b\.json/);
  assert.match(s.notice, /a\.json: Skipped preset 2 of the file: .*'colour'/, 'a.json\'s refused entry is named with its own file');
  assert.doesNotMatch(s.notice, /b\.json: Skipped/);
  assert.deepEqual(errors, []);
  await context.close();
});

// The saved entries' JSON is read by the JS API module (web/page_saved.cpp, the API's JSON library), loaded on
// demand: a page with entries asks it at the start; a page with none (the embed dialog's remembered base URL is a
// preference, not an entry) does not load it at all.
test('saved entries are read by the JS API module; with none saved it is not loaded', async () => {
  let { context, page, errors, requests } = await openSeeded([['smcalc.v1/embed-base', 'https://course.example/smcalc/']]);
  let s = await state(page);
  assert.deepEqual([s.saved.pending, s.saved.presets, s.saved.bad], [false, [], []]);
  assert.ok(!requests.some((u) => u.includes('smcalc-api.js')), 'no saved entry: smcalc-api.js is not loaded');
  await context.close();
  ({ context, page, errors, requests } = await openSeeded([['smcalc.v1/preset/p', { name: 'p', inputs: 'm=kernel&t=64' }]]));
  s = await state(page);
  assert.deepEqual([s.saved.pending, s.saved.presets], [false, ['p']]);
  assert.ok(requests.some((u) => u.includes('smcalc-api.js')), 'the module read the entry');
  assert.deepEqual(errors, []);
  await context.close();
});
