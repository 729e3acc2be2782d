// tests/bench/cdp.mjs - a bare Chrome DevTools Protocol client for the start-up benchmarks (issue 31): Chromium
// (Debian's /usr/bin/chromium, headless, software WebGL as in the other benchmarks) over --remote-debugging-pipe,
// one command at a time, nothing attached that the benchmark does not ask for.
//
// Why not Playwright here: Playwright attaches to every new frame with Target.setAutoAttach
// {waitForDebuggerOnStart: true} (`grep -n waitForDebuggerOnStart node_modules/playwright-core/lib/coreBundle.js`),
// so each cross-site iframe is held at its start until Playwright's Node process has set up its own sessions and
// scripts in it: a cost of the test harness, not of the page, which a reader's browser never pays. Here only the
// top-level page has a session. tests/bench/embeds.mjs measures the same loads both ways.
//
//   const b = await launch({width, height});   // b.version: the browser's product string
//   const page = await b.open(url);          // a fresh browser context (empty cache) with one page
//   await page.eval('1 + 1');                // the value of an expression (returnByValue), awaiting a Promise
//   await page.close(); await b.close();
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

import { BASE_ARGS, EXECUTABLE, FEATURES_OFF } from './chromium.mjs';

// The browser as the other benchmarks run it (tests/bench/chromium.mjs: headless, software WebGL, the address bar's
// pop-up of each new window off), with the other switches Playwright 1.65 adds to quiet the browser's own background
// work (playwright-core's chromiumSwitches and headless arguments), so that the two clients differ only in what they
// attach to.
const QUIET_ARGS = ['--disable-field-trial-config', '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows', '--disable-back-forward-cache', '--disable-breakpad',
  '--disable-component-extensions-with-background-pages', '--no-default-browser-check',
  '--disable-default-apps', '--disable-dev-shm-usage', '--disable-extensions', FEATURES_OFF,
  '--allow-pre-commit-input', '--disable-hang-monitor', '--disable-ipc-flooding-protection', '--disable-popup-blocking',
  '--disable-prompt-on-repost', '--disable-renderer-backgrounding', '--force-color-profile=srgb', '--metrics-recording-only',
  '--password-store=basic', '--use-mock-keychain', '--no-service-autorun',
  '--disable-search-engine-choice-screen', '--disable-stack-profiler', '--hide-scrollbars', '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4'];

export async function launch({ width = 1280, height = 800, executable = EXECUTABLE } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'smcalc-cdp-'));
  const child = spawn(executable, ['--headless', ...BASE_ARGS, ...QUIET_ARGS, '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--no-startup-window'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toBrowser = child.stdio[3], fromBrowser = child.stdio[4];
  const pending = new Map();
  let api = null;
  let next = 0, buffered = '';
  // Messages are JSON texts, each ended by a NUL byte (the pipe transport of --remote-debugging-pipe).
  fromBrowser.on('data', (chunk) => {
    buffered += chunk;
    for (let end; (end = buffered.indexOf('\0')) >= 0;) {
      const m = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (m.method && api.onEvent) api.onEvent(m);  // events, for investigations that ask for them
      const p = m.id !== undefined && pending.get(m.id);
      if (!p) continue;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(`${p.method}: ${m.error.message}`));
      else p.resolve(m.result);
    }
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.on('exit', () => { for (const p of pending.values()) p.reject(new Error('chromium exited')); pending.clear(); });
  const send = (method, params = {}, sessionId = undefined) => new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, { resolve, reject, method });
    toBrowser.write(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }) + '\0');
  });
  const { product } = await send('Browser.getVersion');
  api = {
    version: product,
    send,  // browser-level commands (Tracing.*, Target.*)
    async open(url) {
      const { browserContextId } = await send('Target.createBrowserContext');
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
      await send('Page.navigate', { url }, sessionId);
      return {
        async eval(expression) {
          const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId);
          if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
          return r.result.value;
        },
        // Polls `expression` every `ms` until it is neither null nor undefined (or `timeout` ms pass).
        async until(expression, { ms = 50, timeout = 120000 } = {}) {
          for (const start = Date.now(); Date.now() - start < timeout;) {
            const v = await this.eval(expression).catch(() => null);  // the page may be between documents
            if (v !== null && v !== undefined) return v;
            await new Promise((r) => setTimeout(r, ms));
          }
          throw new Error(`timed out after ${timeout} ms waiting for ${expression}`);
        },
        close: () => send('Target.disposeBrowserContext', { browserContextId }),
      };
    },
    async close() {
      await send('Browser.close').catch(() => {});
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
    onEvent: null,  // (message) => {}: every event Chromium sends
  };
  return api;
}
