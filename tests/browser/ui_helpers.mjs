// tests/browser/ui_helpers.mjs - helpers of the browser tests: find a widget, scroll its column (mouse wheel, as a
// user would) until it is wholly on screen, click it with the mouse, type into it, paste into it, reload.
import { idle, item } from './harness.mjs';

// The widget `label`, scrolled into view by wheeling at `at` ({x, y}: a point of the scrolling column or
// card the widget is in). Returns it with its centre (cx, cy).
export async function inView(page, label, at) {
  const vh = page.viewportSize().height;
  for (let n = 0; n < 40; ++n) {
    const all = await page.evaluate(() => window.smcalc.items());
    const it = all.find((x) => x.label === label && x.visible && x.y >= 0 && x.y + x.h <= vh - 8) ||
               all.find((x) => x.label === label);
    if (it && it.visible && it.y >= 0 && it.y + it.h <= vh - 8) return { ...it, cx: it.x + it.w / 2, cy: it.y + it.h / 2 };
    if (!at) break;
    // Clipped widgets are not reported at all (ImGui skips them): those are further down, usually.
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, it && it.y < vh / 2 ? -120 : 120);
    await idle(page);
  }
  return item(page, label);  // throws with the list of widgets on screen
}

export async function clickInView(page, label, at) {
  const i = await inView(page, label, at);
  await page.mouse.click(i.cx, i.cy);
  await idle(page);
}

// Clicks a text field and types; the field stays active (its cursor blinks, so no idle() after it).
export async function typeInto(page, label, text, at) {
  const i = await inView(page, label, at);
  await page.mouse.click(i.cx, i.cy);
  await page.keyboard.type(text);
}

// The browser's paste event with `text` on the focused element, as Ctrl+V in a real browser fires it.
export function paste(page, text) {
  return page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    (document.activeElement || document).dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

// Reloads (or goes to `url`) and waits for the page to be up and idle.
export async function reload(page, url) {
  if (url) await page.goto(url);
  else await page.reload();
  await page.waitForFunction(() => window.smcalc && window.smcalc.ready);
  await page.evaluate(() => window.smcalc.ready.then(() => true));
  // Saved entries are read by the JS API module (web/page_saved.cpp), which loads on demand: wait for its answer.
  await page.waitForFunction(() => !window.smcalc.state().saved.pending, null, { timeout: 30000 });
  await idle(page);
}

// Points inside the wide layout's columns at 1280 x 800 (for inView's wheel).
export const LEFT = { x: 170, y: 420 };
export const MID = { x: 560, y: 700 };
