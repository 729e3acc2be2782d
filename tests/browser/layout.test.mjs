// tests/browser/layout.test.mjs - issue 19: nothing is cut. The UI counts text it had to clip or elide during a
// frame (window.smcalc.state().clipped: label cells, budget and tile rows, tabs, fixed-width buttons, the GPU
// picker's preview); at each of the sizes (dark; light at 1280x800 and on the phone), for the kernel, the tile, an AMD GPU, a
// cluster, the comparison and a tile that does not fit, with every tab of the page opened, it must be empty.
// Screenshots: build/screenshots/layout-*.png.
// Run: node --test tests/browser/layout.test.mjs (after scripts/build-web.sh)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { idle, open, screenshot, session, state } from './harness.mjs';

const env = session();

const sizes = [
  { name: 'desktop-1280x800', q: '', viewport: { width: 1280, height: 800 }, dpr: 1 },
  { name: 'desktop-1920x1080-dpr2', q: '', viewport: { width: 1920, height: 1080 }, dpr: 2 },
  { name: 'embed-640x480', q: '?embed=1', viewport: { width: 640, height: 480 }, dpr: 1 },
  { name: 'embed-360x480', q: '?embed=1', viewport: { width: 360, height: 480 }, dpr: 2 },
  { name: 'phone-390x844-dpr3', q: '', viewport: { width: 390, height: 844 }, dpr: 3 },
];
const hashes = ['m=kernel', 'm=tile', 'gpu=MI300X&m=kernel&vg=128&lds=16KiB', 'gpu=H100%20SXM5&m=kernel&r=255&cl=4x2x1',
  'm=kernel&cmp=1', 'm=tile&tm=256&tn=256'];
const tabs = ['Tile', 'SM budget', 'SM', 'Budget', 'Clusters', 'Graphs', 'Heatmap', 'Next step', 'Next', 'Why',
  'Why: the derivation', 'Worked examples', 'Saved'];

// Light at the widest and the narrowest page (the colours differ, the layout does not): a shorter run.
for (const size of sizes)
  for (const scheme of size.name.startsWith('desktop-1280') || size.name.startsWith('phone') ? ['dark', 'light'] : ['dark'])
    test(`nothing is cut: ${size.name}, ${scheme}`, async () => {
      const { context, page, errors } = await open(env.browser, env.base + size.q + '#m=kernel',
        { viewport: size.viewport, deviceScaleFactor: size.dpr, colorScheme: scheme });
      let checked = 0;
      for (const h of hashes) {
        await page.evaluate((x) => { location.hash = x; }, h);
        await idle(page);
        let s = await state(page);
        assert.deepEqual(s.clipped, [], `${size.name} ${scheme} #${h}`);
        ++checked;
        // Every tab on screen, opened by a click as a reader would (a one-column layout is scrolled down to its tabs
        // first, with the mouse wheel).
        const onScreen = async () => (await page.evaluate(() => window.smcalc.items())).filter((i) => tabs.includes(i.label) &&
          i.visible && i.y >= 0 && i.y + i.h <= size.viewport.height);
        let shown = await onScreen();
        for (let n = 0; n < 6 && shown.filter((t) => t.label !== 'Worked examples' && t.label !== 'Saved').length === 0; ++n) {
          await page.mouse.move(size.viewport.width / 2, size.viewport.height / 2);
          await page.mouse.wheel(0, 240);
          await idle(page);
          shown = await onScreen();
        }
        s = await state(page);
        assert.deepEqual(s.clipped, [], `${size.name} ${scheme} #${h}, scrolled`);
        for (const t of shown) {
          await page.mouse.click(t.x + t.w / 2, t.y + t.h / 2);
          await idle(page);
          s = await state(page);
          assert.deepEqual(s.clipped, [], `${size.name} ${scheme} #${h}, tab ${t.label}`);
          ++checked;
        }
      }
      assert.ok(checked >= hashes.length + 4, `only ${checked} views checked`);
      await screenshot(page, `layout-${size.name}-${scheme}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
