// tests/bench/chromium.mjs - how the start-up benchmarks run Chromium (tests/bench/page.mjs, embeds.mjs, ab.mjs, and
// cdp.mjs for embeds.mjs and embed-trace.mjs): one list, so that their figures compare. Debian's /usr/bin/chromium
// (or $CHROMIUM), headless, software WebGL (SwiftShader) as in the browser tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
export const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
  '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Every load of a benchmark is a fresh browser context (an empty cache), and each context is a new window. For
// every new window Chromium 156 loads the address bar's pop-up, two WebUI pages
// (chrome://omnibox-popup.top-chrome/, see `Target.getTargets`), in a renderer of their own, right while the measured
// page starts, on the same 2 CPUs. A reader's browser loaded them when its
// window opened, long before the page. The benchmarks turn them off; page.mjs also measures the first frame the old
// way ("in a just-opened window", docs/performance.md). Turning them off measures as opening the window and waiting
// 2.5 s before navigating does (`SMCALC_AB_BROWSER_B=settled node tests/bench/ab.mjs dist dist 10 page`: first frame
// 161 vs 164 ms median on 2 CPUs, 2026-11-27), and leaving them on costs the page's start about 80 ms
// (`SMCALC_AB_BROWSER_B=new-window ...`: 144 vs 223 ms).
const WINDOW_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];
// Playwright's own --disable-features list (read from playwright-core's bundle, package.json's pinned version, so
// that it cannot drift). Chromium takes only the last --disable-features switch: a benchmark that adds one under
// Playwright repeats Playwright's list in it, and the bare client (cdp.mjs) passes the same list.
function playwrightFeaturesOff() {
  const bundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/playwright-core/lib/coreBundle.js');
  const m = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(fs.readFileSync(bundle, 'utf8'));
  const names = m ? [...m[1].matchAll(/"([A-Za-z0-9]+)"/g)].map((x) => x[1]) : [];
  if (!names.includes('PaintHolding'))
    throw new Error(`tests/bench/chromium.mjs: no disabledFeatures list with PaintHolding in ${bundle} (another playwright-core?)`);
  return names;
}
export const PLAYWRIGHT_FEATURES_OFF = playwrightFeaturesOff();
export const FEATURES_OFF = '--disable-features=' + [...PLAYWRIGHT_FEATURES_OFF, ...WINDOW_FEATURES_OFF].join(',');

// chromium.launch({executablePath: EXECUTABLE, headless: true, args: PLAYWRIGHT_ARGS})
export const PLAYWRIGHT_ARGS = [...BASE_ARGS, FEATURES_OFF];
// The same, with the window's pop-up loading beside the page (how the benchmarks ran before): page.mjs's second row.
export const NEW_WINDOW_ARGS = BASE_ARGS;
