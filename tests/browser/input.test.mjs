// tests/browser/input.test.mjs - the platform layer's input paths, each through real browser events:
// editing keys, +/- buttons, mouse drag, one-finger touch drag (CDP touch events), paste, Ctrl+C.
// Run: node --test tests/browser/ (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { idle, item, open, session, until } from './harness.mjs';
import { paste } from './ui_helpers.mjs';

const env = session();  // env.browser, env.base: one server and browser for this file

const kernel = () => env.base + '#m=kernel';  // the kernel view: threads, registers, shared memory, carveout
// Clicks the middle of the widget labelled `label` (a text field: it takes the keyboard).
const clickField = async (page, label) => {
  const field = await item(page, label);
  await page.mouse.click(field.cx, field.cy);
};
// A drag along a slider: from 4 px inside its left end to its right end, in 8 steps (the x of each).
const dragXs = (slider) => Array.from({ length: 8 }, (_, i) => slider.x + 4 + ((i + 1) * (slider.w - 4)) / 8);

test('editing keys: select all, type, Backspace, Enter; then the + button', async () => {
  const { context, page, errors } = await open(env.browser, kernel());
  const threads = await item(page, '##threads');
  await page.mouse.click(threads.x + 20, threads.cy);  // the text part, left of the -/+ buttons
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1000');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await until(page, () => window.smcalc.state(), (s) => s.threads === 100);
  await idle(page);
  const plus = (await page.evaluate(() => window.smcalc.items()))
    .find((i) => i.label === '+' && Math.abs(i.y - threads.y) < 2);
  assert.ok(plus, 'no + button on the threads row');
  await page.mouse.click(plus.x + plus.w / 2, plus.y + plus.h / 2);
  const s = await until(page, () => window.smcalc.state(), (v) => v.threads !== 100);
  assert.ok(s.threads > 100, 'the + button did not raise threads: ' + s.threads);
  assert.deepEqual(errors, []);
  await context.close();
});

// Typed numbers go through Dear ImGui's sscanf, which the page links as web/scanf_lite.cpp: a value typed after
// Ctrl+click on the slider (%d), ImGui's "*2" operator (%d then %f), and an overlong number in a 64-bit field,
// which saturates instead of wrapping and gets the field's range error, not a crash.
test('typed numbers: Ctrl+click on the slider, ImGui\'s * operator, an overlong value (the page\'s sscanf)', async () => {
  const { context, page, errors } = await open(env.browser, kernel());
  const slider = await item(page, '##co');
  const typeInto = async (text) => {
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };
  // Ctrl+click makes the slider a text field; `text` typed there sets the carveout to `want`.
  const typeOnSlider = async (text, want) => {
    await page.keyboard.down('Control');
    await page.mouse.click(slider.cx, slider.cy);
    await page.keyboard.up('Control');
    await typeInto(text);
    await until(page, () => window.smcalc.state(), (v) => v.carveout === want);
    await idle(page);
  };
  await typeOnSlider('40', 40);
  await typeOnSlider('*2', 80);
  const threads = await item(page, '##threads');
  await page.mouse.click(threads.x + 20, threads.cy);
  await typeInto('99999999999999999999999');
  const s = await until(page, () => window.smcalc.state(), (v) => v.threads !== 256);
  assert.ok(s.threads > 9.2e18, 'not saturated at 2^63 - 1: ' + s.threads);  // a JS number: 2^63 as printed
  assert.equal(s.result, null, 'an answer for 2^63 - 1 threads');
  assert.ok(s.error && /threads/.test(s.error.message), 'no error naming threads: ' + JSON.stringify(s.error));
  assert.deepEqual(errors, []);
  await context.close();
});

test('mouse drag on a slider (carveout)', async () => {
  const { context, page, errors } = await open(env.browser, kernel());
  const slider = await item(page, '##co');
  assert.equal((await page.evaluate(() => window.smcalc.state())).carveout, -1);
  await page.mouse.move(slider.x + 4, slider.cy);
  await page.mouse.down();
  for (const x of dragXs(slider)) await page.mouse.move(x, slider.cy);
  await page.mouse.up();
  const s = await until(page, () => window.smcalc.state(), (v) => v.carveout >= 50);
  assert.ok(s.carveout <= 100);
  assert.deepEqual(errors, []);
  await context.close();
});

test('one-finger touch drag on the same slider', async () => {
  const { context, page, errors } = await open(env.browser, kernel(), { hasTouch: true });
  const slider = await item(page, '##co');
  const cdp = await context.newCDPSession(page);
  const touch = (type, x) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: slider.cy, id: 1 }] });
  await touch('touchStart', slider.x + 4);
  for (const x of dragXs(slider)) await touch('touchMove', x);
  await touch('touchEnd');
  await until(page, () => window.smcalc.state(), (v) => v.carveout >= 50);
  assert.deepEqual(errors, []);
  await context.close();
});

test('paste into a field (the clipboard event\'s text), and Ctrl+C copies a field', async () => {
  const { context, page, errors } = await open(env.browser, kernel());
  await clickField(page, '##ss');
  await page.keyboard.press('Control+A');
  await page.waitForTimeout(300);  // a field being edited blinks its cursor: frames go on, 5 per second
  await paste(page, '48KB');
  await until(page, () => window.smcalc.state(), (s) => s.smem_static === 48 * 1024);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  const copied = await until(page, () => window.smcalc.copied(), (v) => v !== null);
  assert.match(copied, /48/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a field being edited redraws only for its cursor blink (about 5 frames/s); leaving it stops frames', async () => {
  const { context, page, errors } = await open(env.browser, kernel());
  await clickField(page, '##ss');
  await page.mouse.move(5, 790);  // away from the field, then keep still
  await page.waitForTimeout(500);
  const f0 = await page.evaluate(() => window.smcalc.frames());
  await page.waitForTimeout(1000);
  const editing = (await page.evaluate(() => window.smcalc.frames())) - f0;
  assert.ok(editing >= 2 && editing <= 8, `${editing} frames in 1 s while editing`);
  await page.keyboard.press('Enter');
  const f1 = await idle(page);
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.smcalc.frames()), f1);
  assert.deepEqual(errors, []);
  await context.close();
});
