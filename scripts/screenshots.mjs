// scripts/screenshots.mjs - pictures of the real page (dist/, from scripts/build-web.sh) in headless Chromium.
//
//   node scripts/screenshots.mjs          README's two pictures: docs/screenshots/kernel.png (an A100
//                                         kernel) and docs/screenshots/tile.png (an H100 tile), 1280x800
//                                         at devicePixelRatio 2, dark. Rerun and commit them when the UI changes.
//   node scripts/screenshots.mjs --all    also the set to look at by eye before a UI change lands, into
//                                         build/screenshots/look/: desktop at DPR 1, 2 and 3, the 640x480 and
//                                         360x480 embeds, a 390x844 phone at DPR 3, each dark and light.
// Each picture is taken once the page is idle (no frame pending); the page's clip counter
// (smcalc.state().clipped, text cut or elided in the last frame) is printed beside each file.
import fs from 'node:fs';
import path from 'node:path';

import { idle, launch, open, root, serve } from '../tests/browser/harness.mjs';

// The A100 kernel (256 threads, 48 registers, 24 KiB static shared memory: 5 blocks, 62.5 %) and the H100 tile
// (H100, 128x128x64, 3 stages, 8 warps, bf16 -> f32), as URL hashes (the page's own links).
const kernel = '#gpu=A100&m=kernel&t=256&r=48&ss=24576';
const tile = '#gpu=H100%20SXM5&m=tile&tm=128&tn=128&tk=64&st=3&w=8&ta=bf16&tb=bf16&tc=f32&mma=registers';

const readme = [
  { file: 'docs/screenshots/kernel.png', hash: kernel, w: 1280, h: 800, dpr: 2, scheme: 'dark' },
  { file: 'docs/screenshots/tile.png', hash: tile, w: 1280, h: 800, dpr: 2, scheme: 'dark' },
];
const look = [];
if (process.argv.includes('--all')) {
  const sizes = [
    ['desktop-dpr1', 1280, 800, 1, ''], ['desktop-dpr2', 1920, 1080, 2, ''], ['desktop-dpr3', 1280, 800, 3, ''],
    ['embed-640', 640, 480, 1, '?embed=1'], ['embed-360', 360, 480, 2, '?embed=1'], ['phone', 390, 844, 3, ''],
  ];
  for (const [name, w, h, dpr, query] of sizes)
    for (const scheme of ['dark', 'light'])
      for (const [what, hash] of [['kernel', kernel], ['tile', tile]])
        look.push({ file: `build/screenshots/look/${name}-${what}-${scheme}.png`, query, hash, w, h, dpr, scheme });
}

const { server, base } = await serve();
const browser = await launch();
let failed = 0;
try {
  for (const s of [...readme, ...look]) {
    const { page, errors } = await open(browser, base + 'index.html' + (s.query || '') + s.hash,
      { viewport: { width: s.w, height: s.h }, deviceScaleFactor: s.dpr, colorScheme: s.scheme });
    await idle(page);
    const out = path.join(root, s.file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    await page.screenshot({ path: out });
    const clipped = await page.evaluate(() => window.smcalc.state().clipped);
    console.log(`${s.file}  ${s.w}x${s.h} DPR ${s.dpr} ${s.scheme}  clipped: ${JSON.stringify(clipped)}` +
                (errors.length ? `  console errors: ${errors.join(' | ')}` : ''));
    if (errors.length) failed++;
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
