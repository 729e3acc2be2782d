// tests/browser/guidance.test.mjs - issue 7 in the page: next-step suggestions with Apply and launch bounds,
// the side-by-side view on four GPUs (and its URL hash), pasted compiler output (a genuine ptxas capture
// through the browser's paste event) with a kernel picked from the list, and "What fits" in the tile view.
// Every interaction is a real mouse or keyboard event at the widget's place (window.smcalc.items()).
// Screenshots: build/screenshots/guidance-*.png.
// Run: node --test tests/browser/guidance.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { idle, item, open, root, screenshot, session, state, until } from './harness.mjs';
import { MID, clickInView, inView, paste } from './ui_helpers.mjs';

const env = session();  // env.browser, env.base: one server and browser for this file

const click = async (page, label) => {
  const i = await item(page, label);
  await page.mouse.click(i.cx, i.cy);
  await idle(page);
};
// Opens the compiler-output card, clicks into its box and pastes `text` through the browser's paste event.
async function pasteIntoBox(page, text) {
  await click(page, 'Paste compiler output');
  const box = await item(page, '##paste');
  await page.mouse.click(box.cx, box.cy);
  await page.waitForTimeout(250);
  await paste(page, text);
}
// The seed lesson's A100 kernel: 256 threads, 48 registers, 24 KiB static shared memory -> 5 CTAs per SM.
const a100 = '#gpu=A100&m=kernel&t=256&r=48&ss=24576';


test('next step: each suggestion is the solver\'s; Apply raises CTAs per SM; launch bounds copy', async () => {
  const { context, page, errors } = await open(env.browser, env.base + a100);
  let s = await state(page);
  assert.equal(s.result.blocks_per_sm, 5);
  assert.equal(s.next_step.target_blocks, 6);
  const regs = s.next_step.suggestions.find((x) => x.id === 'regs');
  assert.equal(regs.text, '48 -> 40 registers/thread gives 6 blocks (75 %)');
  assert.equal(regs.blocks_per_sm, 6);
  assert.equal(s.next_step.launch_bounds.launch_bounds, '__launch_bounds__(256, 6)');
  assert.equal(s.next_step.launch_bounds.maxrregcount, '-maxrregcount=40');
  await screenshot(page, 'guidance-next-step');

  await clickInView(page, 'Copy##lb', MID);
  assert.equal(await page.evaluate(() => window.smcalc.copied()), '__launch_bounds__(256, 6)');
  await clickInView(page, 'Copy##mrc', MID);
  assert.equal(await page.evaluate(() => window.smcalc.copied()), '-maxrregcount=40');

  // A target of 4 CTAs: a looser cap.
  const target = await inView(page, '##lb_target', MID);
  await page.mouse.click(target.x + 12, target.cy);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  s = await until(page, () => window.smcalc.state(), (v) => v.next_step.launch_bounds.target_blocks === 4);
  assert.equal(s.next_step.launch_bounds.launch_bounds, '__launch_bounds__(256, 4)');
  assert.ok(s.next_step.launch_bounds.max_regs > 48);

  await clickInView(page, 'Apply##regs', MID);
  s = await until(page, () => window.smcalc.state(), (v) => v.regs === 40);
  assert.equal(s.result.blocks_per_sm, 6);
  assert.equal(s.result.occupancy, 0.75);
  assert.match(s.hash, /&r=40/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('next step in the tile view: suggestions for the tile\'s launch open in the kernel view', async () => {
  const { context, page, errors } = await open(env.browser, env.base);  // H100, the seed's CUTLASS tile: 2 CTAs
  await click(page, 'Next step');
  let s = await state(page);
  assert.equal(s.mode, 'tile');
  assert.equal(s.tile.ctas_per_sm, 2);
  const possible = s.next_step.suggestions.filter((x) => x.possible);
  assert.ok(possible.length > 0);
  const id = possible[0].id;
  await screenshot(page, 'guidance-next-step-tile');
  await click(page, 'As kernel##' + id);
  s = await until(page, () => window.smcalc.state(), (v) => v.mode === 'kernel');
  assert.equal(s.result.blocks_per_sm, possible[0].blocks_per_sm);
  assert.deepEqual(errors, []);
  await context.close();
});

test('side by side: four GPUs by default, differing rows flagged, pickers and state in the URL hash', async () => {
  const { context, page, errors } = await open(env.browser, env.base + a100);
  await click(page, 'Compare GPUs');
  let s = await until(page, () => window.smcalc.state(), (v) => v.compare.on && v.compare.columns);
  assert.match(s.hash, /&cmp=1/);
  assert.deepEqual(s.compare.columns.map((c) => c.name), ['A100 40GB SXM4', 'H100 SXM5', 'B200', 'RTX 5090']);
  assert.deepEqual(s.compare.columns.map((c) => c.blocks_per_sm), [5, 5, 5, 4]);
  assert.deepEqual(s.compare.columns.map((c) => c.gpu_resident_ctas), [540, 660, 740, 680]);
  for (const k of ['cc', 'sm_count', 'occupancy', 'gpu_resident_ctas']) assert.ok(s.compare.differs.includes(k), k);
  assert.ok(!s.compare.differs.includes('limit_regs'));
  await screenshot(page, 'guidance-compare');

  // Slot 2 -> A30 (SM count not published): its resident CTAs are unknown.
  const picker = await item(page, '##cg2');
  await page.mouse.click(picker.cx, picker.cy);
  await idle(page);
  const a30 = (await page.evaluate(() => window.smcalc.items())).find((i) => i.label.startsWith('A30 ') && i.visible);
  assert.ok(a30, 'no A30 in the picker');
  await page.mouse.click(a30.x + a30.w / 2, a30.y + a30.h / 2);
  s = await until(page, () => window.smcalc.state(), (v) => v.compare.gpus[2] === 'A30');
  assert.equal(s.compare.columns[2].gpu_resident_ctas, null);
  assert.match(s.hash, /&cg=A100%2040GB%20SXM4,H100%20SXM5,A30,RTX%205090/);

  // The link opens the same comparison.
  const { context: c2, page: p2 } = await open(env.browser, env.base + '#' + s.hash);
  const s2 = await state(p2);
  assert.deepEqual(s2.compare, s.compare);
  await c2.close();

  // The tile view compares the tile; an empty slot drops its column.
  await page.goto(env.base + '#m=tile&cmp=1&cg=A100,,B200,RTX%205090');
  await page.waitForFunction(() => window.smcalc && window.smcalc.ready);
  await page.evaluate(() => window.smcalc.ready.then(() => true));
  await idle(page);
  s = await state(page);
  assert.deepEqual(s.compare.columns.map((c) => c.name), ['A100 40GB SXM4', 'B200', 'RTX 5090']);
  assert.ok(s.compare.differs.includes('sm_count') && s.compare.rows > 10);
  // The page and the API compare tiles with the same core function (smcalc::compare_tile): same CTAs per SM,
  // same resident CTAs, the same rows marked as differing.
  const api = await page.evaluate(() => window.smcalc.handle({ op: 'compare', kind: 'tile', gpus: ['A100', 'B200', 'RTX 5090'] }));
  assert.ok(!api.error, JSON.stringify(api.error));
  assert.deepEqual(s.compare.columns.map((c) => c.blocks_per_sm), api.columns.map((c) => c.ctas_per_sm));
  assert.deepEqual(s.compare.columns.map((c) => c.gpu_resident_ctas), api.columns.map((c) => c.gpu_resident_ctas));
  assert.deepEqual([...s.compare.differs].sort(), api.rows.filter((r) => r.differs).map((r) => r.key).sort());
  await screenshot(page, 'guidance-compare-tile');
  assert.deepEqual(errors, []);
  await context.close();
});

test('side by side in ?embed=1 when the link asks for it', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '?embed=1' + a100 + '&cmp=1',
    { viewport: { width: 640, height: 480 } });
  const s = await state(page);
  assert.equal(s.compare.columns.length, 4);
  for (const i of await page.evaluate(() => window.smcalc.items())) {
    if (!i.visible || !i.label) continue;
    assert.ok(i.x >= -1 && i.y >= -1 && i.x + i.w <= 641 && i.y + i.h <= 481, 'outside 640x480: ' + JSON.stringify(i));
  }
  await screenshot(page, 'guidance-compare-embed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste compiler output: a genuine ptxas -v capture, several kernels, pick one to fill the inputs', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#m=kernel');  // H100 (CC 9.0)
  const text = fs.readFileSync(path.join(root, 'tests/data/ptxas/sm_80.txt'), 'utf8');
  await pasteIntoBox(page, text);
  let s = await until(page, () => window.smcalc.state(), (v) => v.paste.kernels.length > 1);
  assert.equal(s.paste.chars, text.replace(/\r/g, '').length, 'the box holds every line of the paste');
  assert.equal(s.paste.error, null);
  assert.equal(s.paste.picked, -1, 'several kernels: nothing filled in before a pick');
  const names = s.paste.kernels.map((k) => k.name);
  assert.ok(names.includes('block_sum'), JSON.stringify(names));
  assert.ok(s.paste.kernels.every((k) => k.arch === 'sm_80'));
  await page.mouse.click(90, 23);  // the page title: leaves the box (Escape would revert the edit, as in ImGui)
  await idle(page);
  await screenshot(page, 'guidance-paste');

  // The names are demangled by the JS API module (loaded on demand: the page has no demangler), so the two
  // instantiations of transpose_tile read apart. transpose_tile<float, 32>: 10 registers, 1 barrier, 4224 B smem.
  s = await until(page, () => window.smcalc.state(), (v) => v.paste.kernels.some((k) => k.name === 'transpose_tile<float, 32>'));
  assert.ok(s.paste.kernels.some((k) => k.name === 'transpose_tile<double, 16>'), JSON.stringify(s.paste.kernels));
  await clickInView(page, 'kernel:transpose_tile<float, 32>@sm_80', { x: 150, y: 500 });
  s = await until(page, () => window.smcalc.state(), (v) => v.smem_static === 4224);
  assert.equal(s.regs, 10);
  assert.equal(s.barriers, 1);
  assert.equal(s.mode, 'kernel');
  assert.match(s.paste.note, /Compiled for sm_80, but the GPU shown is H100 SXM5/);
  await screenshot(page, 'guidance-paste-picked');

  // "Show on A100": the arch note goes away.
  const show = (await page.evaluate(() => window.smcalc.items())).find((i) => i.label.endsWith('##arch') && i.visible);
  assert.ok(show, 'no "Show on ..." button');
  await page.mouse.click(show.x + show.w / 2, show.y + show.h / 2);
  s = await until(page, () => window.smcalc.state(), (v) => v.device.cc === '8.0');
  assert.equal(s.paste.note, '');
  assert.equal(s.regs, 10);
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste: one kernel fills in at once; text that is not compiler output gets the parser\'s message', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#m=kernel');
  await pasteIntoBox(page, [
    "ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_90'",
    'ptxas info    : Function properties for _Z6kernelPf',
    '    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads',
    'ptxas info    : Used 72 registers, used 1 barriers, 16384 bytes smem, 360 bytes cmem[0]', ''].join('\n'));
  let s = await until(page, () => window.smcalc.state(), (v) => v.regs === 72);
  assert.equal(s.smem_static, 16384);
  assert.equal(s.paste.picked, 0);
  assert.equal(s.paste.note, '');

  // Typed text: Enter makes a new line in the box (a real key event), the parser refuses what it gets.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('hello');
  await page.keyboard.press('Enter');
  await page.keyboard.type('world');
  s = await until(page, () => window.smcalc.state(), (v) => v.paste.chars === 11);
  assert.ok(s.paste.error && s.paste.error.length > 20, 'no message: ' + JSON.stringify(s.paste));
  assert.deepEqual(s.paste.kernels, []);
  assert.equal(s.regs, 72, 'garbage leaves the inputs alone');
  await page.mouse.click(90, 23);
  await idle(page);
  await screenshot(page, 'guidance-paste-garbage');
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste: a real Ctrl+V from the system clipboard keeps every line (a cuobjdump -res-usage sample)', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#m=kernel');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // tests/data/cuobjdump/: the documented cuobjdump -res-usage format (see the README there).
  const text = fs.readFileSync(path.join(root, 'tests/data/cuobjdump/fatbin_multi_sm_80_sm_90.txt'), 'utf8');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await click(page, 'Paste compiler output');
  const box = await item(page, '##paste');
  await page.mouse.click(box.cx, box.cy);
  await page.keyboard.press('Control+V');
  const s = await until(page, () => window.smcalc.state(), (v) => v.paste.kernels.length > 0);
  assert.equal(s.paste.chars, text.replace(/\r/g, '').length);
  const archs = new Set(s.paste.kernels.map((k) => k.arch));
  assert.deepEqual([...archs].sort(), ['sm_80', 'sm_90']);
  await page.mouse.click(90, 23);
  assert.deepEqual(errors, []);
  await context.close();
});

test('what fits on this GPU: the top 20 tiles for these types, a row loads its tile', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#m=tile');
  await click(page, 'What fits on this GPU');
  let s = await until(page, () => window.smcalc.state(), (v) => v.fits.open && v.fits.count > 0);
  assert.equal(s.fits.shown.length, 20);
  assert.ok(s.fits.shown.every((f) => f.ctas_per_sm >= 1));
  await screenshot(page, 'guidance-fits');
  const want = s.fits.shown[3];
  await click(page, 'fit:3');
  s = await until(page, () => window.smcalc.state(), (v) => v.tile.input.m === want.m && v.tile.input.n === want.n);
  assert.deepEqual([s.tile.input.k, s.tile.input.stages, s.tile.input.warps], [want.k, want.stages, want.warps]);
  assert.equal(s.tile.ctas_per_sm, want.ctas_per_sm);
  assert.equal(s.tile.fits, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed: the Next tab shows the suggestions in 640 x 480', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '?embed=1' + a100, { viewport: { width: 640, height: 480 } });
  await click(page, 'Next');
  const apply = await item(page, 'Apply##regs');
  assert.ok(apply.x + apply.w <= 641 && apply.y + apply.h <= 481);
  await screenshot(page, 'guidance-embed-next');
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste: template kernels are demangled apart (reduce<512>, reduce<256>) and one is picked by its name', async () => {
  const { context, page, errors, requests } = await open(env.browser, env.base + '#m=kernel');
  const text = fs.readFileSync(path.join(root, 'tests/data/ptxas/templates_sm_80.txt'), 'utf8');
  await pasteIntoBox(page, text);
  const s = await until(page, () => window.smcalc.state(), (v) => v.paste.kernels.some((k) => k.name === 'reduce<512>'));
  const names = s.paste.kernels.map((k) => k.name);
  // The CLI's `smcalc parse tests/data/ptxas/templates_sm_80.txt` lists the same names.
  for (const n of ['reduce<256>', 'reduce<512>', 'physics::detail::step', '(anonymous namespace)::hidden', 'plain_c'])
    assert.ok(names.includes(n), `${n} in ${JSON.stringify(names)}`);
  await page.mouse.click(90, 23);
  await idle(page);
  await clickInView(page, 'kernel:reduce<512>@sm_80', { x: 150, y: 500 });
  const t = await until(page, () => window.smcalc.state(), (v) => v.smem_static === 2048);
  assert.deepEqual([t.regs, t.barriers], [10, 1]);
  assert.ok(requests.every((u) => u.startsWith(env.base)), 'the JS API module comes from the page\'s own folder');
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste: AMD LLVM output is read by the same reader as the CLI; a pick fills the AMD inputs on a GPU of its gfx', async () => {
  // The page has no reader of its own: the JS API module reads the text (op parse), as `smcalc parse` does.
  let { context, page, errors } = await open(env.browser, env.base + '#gpu=H100&m=kernel');
  // Remarks of one kernel (llc-19, tests/data/amd/llc19-gfx942-remarks.txt): they name no gfx target, so the
  // kernel lands on the first AMD GPU of the database; one kernel fills in at once.
  const remarks = fs.readFileSync(path.join(root, 'tests/data/amd/llc19-gfx942-remarks.txt'), 'utf8')
    .split('\n').slice(0, 10).join('\n') + '\n';
  await pasteIntoBox(page, remarks);
  let s = await until(page, () => window.smcalc.state(), (v) => v.vendor === 'amd' && v.paste.picked === 0);
  assert.deepEqual([s.amd.input.vgprs, s.amd.input.agprs, s.amd.input.sgprs, s.amd.input.lds], [128, 0, 6, 16384]);
  assert.equal(s.paste.kernels[0].name, 'v128_lds16k_wg256');
  // An llc-19 .s for gfx90a: every kernel listed with its target; picking one shows a gfx90a GPU (MI250X is the
  // first gfx90a product), as `smcalc parse tests/data/amd/llc19-gfx90a.s.txt` lists them.
  assert.deepEqual(errors, []);
  await context.close();
  ({ context, page, errors } = await open(env.browser, env.base + '#gpu=H100&m=kernel'));
  await pasteIntoBox(page, fs.readFileSync(path.join(root, 'tests/data/amd/llc19-gfx90a.s.txt'), 'utf8'));
  s = await until(page, () => window.smcalc.state(), (v) => v.paste.kernels.length > 5);
  assert.ok(s.paste.kernels.every((k) => k.arch.startsWith('gfx90a')), JSON.stringify(s.paste.kernels.slice(0, 3)));
  assert.equal(s.paste.picked, -1, 'several kernels: nothing filled in before a pick');
  await page.mouse.click(90, 23);
  await idle(page);
  await clickInView(page, 'kernel:v24_wg256@' + s.paste.kernels[1].arch, { x: 150, y: 500 });
  s = await until(page, () => window.smcalc.state(), (v) => v.vendor === 'amd');
  assert.equal(s.gpu, 'MI250X');
  assert.equal(s.amd.input.vgprs, 24);
  await screenshot(page, 'guidance-paste-amd');
  assert.deepEqual(errors, []);
  await context.close();
});

// The paste box's reader hands the page the JS API's answer as tab-separated lines (web/js/page.js read_lines);
// its cells are escaped as web/lines.hpp append_cell escapes (Cells::str reads them back: tests/web-ui-storage.cpp),
// so a backslash, tab or line break in a message neither splits a cell nor is lost. The API quotes this GPU name
// as given, a backslash and a tab in it.
test('the paste reader\'s lines escape a backslash and a tab as web/lines.hpp does', async () => {
  const { context, page, errors } = await open(env.browser, env.base + '#m=kernel');
  const lines = await page.evaluate(() => window.smcalc.read_lines({ op: 'parse', text: '', gpu: 'Z\\1\tq' }));
  const [first, ...rest] = lines.split('\n');
  assert.ok(first.startsWith('E\tgpu is "Z\\\\1\\tq"; the AMD GPUs known are'), first);
  assert.equal(first.split('\t').length, 2, 'one cell after the tag: the tab inside the message is escaped');
  assert.deepEqual(rest, []);
  assert.deepEqual(errors, []);
  await context.close();
});
