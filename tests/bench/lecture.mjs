// tests/bench/lecture.mjs - the servers of the start-up benchmarks (issue 31), one copy for tests/bench/embeds.mjs,
// embed-trace.mjs and ab.mjs: a static server for a built page folder, and the lecture page of N <sm-calc> embeds.
//
//   const calc = await serveDist(dist, 'max-age=3600', {embedJs, onSend(rel, bytes) {}});   // http://127.0.0.1:<port>/
//   lectureHtml(`http://127.0.0.1:${calc.address().port}/`, 5, {stamp: true})
//
// The lecture page is served from http://localhost (another site than 127.0.0.1) by its own server. median(list):
// the median of the loads' figures, as every benchmark here reports it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const median = (a) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

// dist/ on 127.0.0.1 with `cache-control: cache` (a static host lets browsers cache; 'no-store' for a page that
// must load afresh). embedJs: another embed.js served in place of dist's; onSend(rel, bytes): each file sent.
export function serveDist(dist, cache, { embedJs = null, onSend = null } = {}) {
  const s = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = rel === 'embed.js' && embedJs ? embedJs : path.join(dist, path.normalize(rel));
    if ((file !== embedJs && !file.startsWith(dist)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    if (onSend) onSend(rel, body.length);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': cache });
    res.end(body);
  });
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r(s)));
}

// The lecture page: n A100 kernel embeds (128, 256, ... threads), compact, 300 px tall. stamp: the page sets
// window.smcalcAllResults to performance.now() when the last embed gets its first result (each `change` sets
// `result` before it fires), so a client can read the moment instead of polling for it.
export function lectureHtml(calcUrl, n, { stamp = false } = {}) {
  return `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="${calcUrl}embed.js"></script>` +
    Array.from({ length: n }, (_, i) => `<sm-calc gpu="A100" threads="${128 * (i + 1)}" regs="48" compact height="300"></sm-calc>`).join('') +
    (stamp ? '<script>(function () { var all = [].slice.call(document.querySelectorAll("sm-calc")); window.smcalcAllResults = null;' +
      ' all.forEach(function (e) { e.addEventListener("change", function () {' +
      ' if (window.smcalcAllResults === null && all.every(function (x) { return x.result; })) window.smcalcAllResults = performance.now(); }); }); })();</script>' : '');
}

// A server on 127.0.0.1 whose answer to every request is html(searchParams) (browse it as http://localhost:<port>).
export function serveHtml(html) {
  const s = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html(new URL(req.url, 'http://x').searchParams));
  });
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r(s)));
}
