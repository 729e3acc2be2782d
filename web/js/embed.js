// web/js/embed.js - dist/embed.js: the <sm-calc> element for pages that embed the calculator (docs/embedding.md).
// No dependencies, no import or export: it works as a classic script and as an ES module.
//
//   <script src="smcalc/embed.js"></script>
//   <sm-calc gpu="A100" threads="256" regs="48" smem="24KB"></sm-calc>
//
// The element makes an iframe of the calculator (index.html next to this script, or its src attribute) opened with
// ?embed=1&origin=<this page's origin>, and speaks the embedding protocol (version 1) with it: its attributes are
// "set" messages (a changed attribute sends the change; a removed one sets the default; without a mode attribute
// the mode is "tile" if a tile attribute (m, n, k, stages, warps, a, b, acc, mma, problem) is there, else
// "kernel"), `result` holds the JS API's answer of the last "change" (`request`, `hash` too), a `change` event
// carries the "change" message, an `error` event the error answer of an attribute, and set(fields) / get() /
// reset() / retry() / restore(hash) / questions(list) return Promises of the replies. The iframe's height is the
// one the calculator reports (480 px until it does) unless the element has a height attribute (CSS px; a bad one
// is an `error` event, field "height", and a note in the element).
//
// A refused attribute never leaves the embed on a state its author did not write: the other attributes are sent
// again without it (the calculator keeps the rest), and the calculator shows which attribute it refused and why.
// Several elements of one page load the calculator's code once, through the browser's HTTP cache. For print and for a browser without
// WebGL 2, the element holds a text copy of the current answer and budget (computed by smcalc-api.js in this page
// when the calculator cannot run).
(function () {
  'use strict';
  if (typeof window === 'undefined' || !window.customElements || window.customElements.get('sm-calc')) return;
  var VERSION = 1;
  // Where this script is: the calculator sits next to it. An ES module has no currentScript; then the
  // <script> that names embed.js, or the element's src attribute.
  var me = document.currentScript || document.querySelector('script[src$="embed.js"]');
  var base = me && me.src ? me.src.replace(/[^/]*$/, '') : '';
  // Attributes that are the element's own, not inputs of the calculator.
  var OWN = /^(src|height|title|id|class|style|hidden|slot|lang|dir|tabindex|part|is|width|loading|data-.*|aria-.*|on.*|quiz|lock|tab|compact|theme|examples|ask|scroll)$/;
  // The embed options: attributes relayed as the calculator's URL parameters (read when the element connects;
  // theme is followed afterwards too).
  var OPTIONS = ['quiz', 'lock', 'tab', 'compact', 'theme', 'examples', 'ask', 'scroll'];

  var TILE = ['m', 'n', 'k', 'stages', 'warps', 'a', 'b', 'acc', 'mma', 'problem'];
  // An attribute's text as a field's value: whole numbers as numbers, true / false as booleans, a problem size
  // "MxNxK" as {m, n, k}; the rest (GPU names, "24KB", "4x2x1", "bf16", "H100,MI300X") as text.
  function value(name, text) {
    if (text === null) return null;
    if (name === 'gpu' || name === 'mode' || name === 'compare') return text;
    if (/^-?\d+$/.test(text.trim())) return Number(text);
    if (text === 'true' || text === 'false') return text === 'true';
    if (name === 'problem') {
      var p = text.split(/[x,]/).map(Number);
      if (p.length === 3) return {m: p[0], n: p[1], k: p[2]};
    }
    return text;
  }

  // The host page's colour scheme for theme="host": its CSS color-scheme when that names one scheme; else the
  // page's own background (a site's dark mode often only changes colours: luminance under 0.5 is dark); else
  // the reader's preference.
  function host_scheme() {
    var root = document.documentElement, cs = getComputedStyle(root).colorScheme || '';
    var dark = /\bdark\b/.test(cs), light = /\blight\b/.test(cs);
    if (dark !== light) return dark ? 'dark' : 'light';
    var els = [document.body, root];
    for (var i = 0; i < els.length; ++i) {
      var m = els[i] && /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(getComputedStyle(els[i]).backgroundColor);
      if (m && (m[4] === undefined || Number(m[4]) > 0.5))
        return (0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3]) / 255 < 0.5 ? 'dark' : 'light';
    }
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var hosts = [];  // the elements with theme="host", told when the host's scheme changes
  function follow_host() {
    hosts.forEach(function (el) { el._theme(); });
  }
  if (window.matchMedia) {
    var mq = matchMedia('(prefers-color-scheme: dark)');
    if (mq.addEventListener) mq.addEventListener('change', follow_host);
  }
  document.addEventListener('DOMContentLoaded', function () {
    var watch = new MutationObserver(follow_host);
    [document.documentElement, document.body].forEach(function (n) {
      if (n) watch.observe(n, {attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-color-scheme', 'data-bs-theme']});
    });
  });

  // smcalc-api.js in this page, for the no-WebGL fallback only (loaded once).
  var apiPromise = null;
  function host_api(src) {
    if (!apiPromise) apiPromise = new Promise(function (resolve, reject) {
      if (typeof window.createSmcalcApi === 'function') return resolve(window.createSmcalcApi());
      var s = document.createElement('script');
      s.src = src;
      s.onload = function () { resolve(window.createSmcalcApi()); };
      s.onerror = function () { reject(new Error('could not load ' + src)); };
      document.head.appendChild(s);
    });
    return apiPromise;
  }
  var webgl2 = null;  // asked once per page: each check makes a context
  function has_webgl2() {
    if (webgl2 === null) {
      try {
        var gl = document.createElement('canvas').getContext('webgl2');
        webgl2 = !!gl;
        var lose = gl && gl.getExtension('WEBGL_lose_context');
        if (lose) lose.loseContext();
      } catch (e) { webgl2 = false; }
    }
    return webgl2;
  }
  function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  // One formatter for every number of the static copies: toLocaleString makes one per call, and `num` was among
  // the lecture page's costliest functions with five embeds (`node tests/bench/embed-trace.mjs --profile`).
  var NUMBER = new Intl.NumberFormat('en-US');
  function num(v) { return typeof v === 'number' ? NUMBER.format(v) : String(v); }
  // The static copy of an answer: a headline and the budget table (print, PDF, no WebGL 2).
  function text_of(request, r) {
    if (!request || !r) return '<p>No answer yet.</p>';
    var gpu = r.gpu || request.gpu || '', head;
    if (r.hidden) return '<p>' + esc(gpu) + ': the answer is hidden until the reader makes a prediction (quiz).</p>';
    if (r.error) head = r.error.message;
    else if (request.op === 'tile') head = r.fits === false ? 'The tile does not fit on one ' + (r.vendor === 'amd' ? 'CU' : 'SM') + '.'
      : 'The tile fits' + (r.blocks_per_sm !== undefined ? ': ' + r.blocks_per_sm + ' CTAs per SM' : '') + '.';
    else if (r.vendor === 'amd') head = r.workgroups_per_cu + ' workgroups per CU, ' + r.waves_per_simd + ' waves per SIMD, ' +
      Math.round(r.occupancy * 1000) / 10 + ' % occupancy, limited by ' + (r.limiting || []).join(' and ') + '.';
    else head = r.blocks_per_sm + ' CTAs per SM, ' + Math.round(r.occupancy * 1000) / 10 + ' % occupancy, limited by ' +
      (r.limiting || []).join(' and ') + '.';
    var rows = (r.budgets || []).map(function (b) {
      return '<tr><td>' + esc(b.name) + '</td><td>' + esc(num(b.used)) + '</td><td>' + esc(num(b.limit)) + ' ' + esc(b.unit) +
        '</td><td>' + (b.limiting ? 'limits' : '') + '</td></tr>';
    }).join('');
    // Students learn 48 KiB per CTA; the budget's limit adds the driver's per-CTA reserve (1 KiB from CC 8.0).
    var rs = r.device && r.device.reserved_smem_per_block;
    var note = rs > 0 && (r.budgets || []).some(function (b) { return b.name === 'shared memory per CTA'; })
      ? '<p>The shared memory per CTA limit is what a CTA may ask for plus the ' + num(rs) + ' B the driver reserves for ' +
        'every CTA; the used bytes include that reserve too.</p>' : '';
    return '<p><b>' + esc(gpu) + '</b>: ' + esc(head) + '</p>' + (rows ? '<table><tr><th>budget</th><th>used</th><th>limit</th><th></th></tr>' +
      rows + '</table>' : '') + note;
  }

  class SmCalc extends HTMLElement {
    constructor() {
      super();
      this.result = null;   // the JS API's answer for the calculator's inputs (the last "change")
      this.request = null;  // the request that answer is for
      this.hash = null;     // the calculator's URL hash (a link to the same state)
      this.ready = false;
      this.outcome = null;  // the last "quiz" message: the prediction, the answer, right or not
      this.refused = {};    // attribute -> the calculator's error, for attributes not applied now
      this._calls = new Map();  // message id -> resolve
      this._next = 1;
      this._dirty = null;       // attribute changes not sent yet
      this._waiting = [];       // messages sent before "ready"
    }
    connectedCallback() {
      if (this._frame) return;
      var url = new URL(this.getAttribute('src') || base + 'index.html', document.baseURI);
      // Pages opened from files have no origin: "*" as the target, and the source check alone (messages.js).
      this._local = url.protocol === 'file:';
      this._origin = this._local ? '*' : url.origin;
      this._api = new URL('smcalc-api.js', url).href;
      url.searchParams.set('embed', '1');
      url.searchParams.set('origin', location.protocol === 'file:' ? 'file://' : location.origin);
      OPTIONS.forEach(function (k) {
        var v = this.getAttribute(k);
        if (k === 'theme' && v === 'host') v = host_scheme();
        if (v !== null) url.searchParams.set(k, k === 'quiz' || k === 'compact' ? (v === '' ? '1' : v) : v);
      }, this);
      this._themeSent = this.getAttribute('theme') === 'host' ? url.searchParams.get('theme') : this.getAttribute('theme');
      if (this.getAttribute('theme') === 'host') hosts.push(this);
      var frame = document.createElement('iframe');
      frame.title = this.getAttribute('title') || 'SM occupancy calculator';
      frame.setAttribute('allow', 'clipboard-write');
      frame.style.cssText = 'display:block;width:100%;border:0';
      var root = this.shadowRoot || this.attachShadow({mode: 'open'});
      root.innerHTML = '<style>:host{display:block}#note{font:13px/1.35 sans-serif;padding:6px 10px;border-left:3px solid #c0392b;' +
        'background:#c0392b22}#copy{display:none;font:14px/1.4 sans-serif}#copy table{border-collapse:collapse}' +
        '#copy td,#copy th{border:1px solid #8888;padding:2px 6px;text-align:left}' +
        '@media print{::slotted(iframe){display:none!important}#copy{display:block}}:host([data-fallback]) #copy{display:block}</style>' +
        '<div id="note" role="alert" hidden></div><div id="copy"></div><slot name="smcalc-frame"></slot>';
      // The iframe is the element's own child (shown through the slot), not inside the shadow root: a page's
      // window.frames lists only frames of its document tree, and that is how the calculator's frames find a
      // sibling whose compiled WebAssembly they can share (web/pack_page.py smcalc_share). Other children
      // (<sm-question>) have no slot and stay hidden.
      frame.slot = 'smcalc-frame';
      // Every frame starts at once: the browser's HTTP cache gives the later ones smcalc.js and smcalc-api.js
      // from the first one's download (Chromium waits for an entry being written; tests/bench/embeds.mjs measured
      // 1 download for 5 embeds, and starting them one after the first was slower: docs/performance.md). The
      // address is set before the frame is inserted: an iframe inserted without one first commits about:blank
      // synchronously, a document and its script context (appendChild in `node tests/bench/embed-trace.mjs --profile`).
      var gl = has_webgl2();
      if (gl) frame.src = url.href;
      this.appendChild(frame);
      this._frame = frame;
      this._note = root.getElementById('note');
      this._copy = root.getElementById('copy');
      this._size();
      this._onmessage = this._receive.bind(this);
      window.addEventListener('message', this._onmessage);
      this._observer = new MutationObserver(this._changed.bind(this));
      this._observer.observe(this, {attributes: true, attributeOldValue: true, childList: true, subtree: true});
      this._dirty = this._fields();
      this._questions();
      if (!gl) this._fallback();
    }
    disconnectedCallback() {
      window.removeEventListener('message', this._onmessage);
      if (this._observer) this._observer.disconnect();
      if (this._frame) this._frame.remove();
      this._frame = null;
      this.ready = false;
      var i = hosts.indexOf(this);
      if (i >= 0) hosts.splice(i, 1);
    }
    // Every input attribute as fields (and the mode: a tile when a tile attribute is there, else a kernel, since
    // the calculator's own default, a tile, would hide the attributes threads, regs, smem...).
    _fields() {
      var f = {};
      for (var i = 0; i < this.attributes.length; ++i) {
        var a = this.attributes[i];
        if (!OWN.test(a.name)) f[a.name.replace(/-/g, '_')] = value(a.name, a.value);
      }
      if (!this.hasAttribute('mode'))
        f.mode = TILE.some(function (k) { return this.hasAttribute(k); }, this) ? 'tile' : 'kernel';
      return f;
    }
    // Promise of the reply ("ok" or "error") to a "set" of `fields` (docs/embedding.md).
    set(fields) { return this._send({type: 'set', fields: fields}); }
    // Promise of the "answer": {hash, request, result}.
    get() { return this._send({type: 'get'}); }
    // Back to the inputs the page last set (attributes, set(), restore()); a quiz asks again.
    reset() { return this._send({type: 'reset'}); }
    // A quiz asks again, with the same inputs.
    retry() { return this._send({type: 'retry'}); }
    // The state of an earlier get() or change (its hash), back.
    restore(hash) { return this._send({type: 'restore', hash: hash}); }
    // The quiz's questions (docs/embedding.md "Quiz authoring"); null: the built-in ones.
    questions(list) { return this._send({type: 'questions', questions: list}); }
    // theme: "dark", "light" or "host" (the host page's scheme, followed); the theme attribute does the same.
    theme(t) { return this._send({type: 'theme', theme: t}); }

    _send(message) {
      var self = this;
      message.smcalc = VERSION;
      message.id = 'sm-calc-' + this._next++;
      return new Promise(function (resolve) {
        self._calls.set(message.id, resolve);
        if (self.ready) self._frame.contentWindow.postMessage(message, self._origin);
        else self._waiting.push(message);
      });
    }
    _changed(records) {
      var self = this, questions = false;
      var first = !this._dirty || !Object.keys(this._dirty).length;
      this._dirty = this._dirty || {};
      records.forEach(function (r) {
        if (r.target === self._frame || [].every.call(r.addedNodes || [], function (n) { return n === self._frame; }) &&
            r.type === 'childList' && r.target === self && !r.removedNodes.length) return;  // the element's own iframe
        if (r.type !== 'attributes' || r.target !== self) {
          questions = questions || r.target !== self || [].some.call(r.addedNodes.length ? r.addedNodes : r.removedNodes,
            function (n) { return n.localName === 'sm-question'; });
          return;
        }
        if (OWN.test(r.attributeName)) {
          if (r.attributeName === 'height' && self._frame) self._size();
          if (r.attributeName === 'theme') {
            var i = hosts.indexOf(self);
            if (self.getAttribute('theme') === 'host' && i < 0) hosts.push(self);
            if (self.getAttribute('theme') !== 'host' && i >= 0) hosts.splice(i, 1);
            self._theme();
          }
          return;
        }
        self._dirty[r.attributeName.replace(/-/g, '_')] = value(r.attributeName, self.getAttribute(r.attributeName));
      });
      if (questions) this._questions();
      if (first && this.ready) this._flush();
    }
    // The theme now (the attribute, host's resolved), sent when it changed.
    _theme() {
      var t = this.getAttribute('theme');
      if (t === 'host') t = host_scheme();
      if (t === null) t = 'host';  // no attribute: the reader's preference, inside the calculator
      if (t === this._themeSent) return;
      this._themeSent = t;
      var self = this;
      this.theme(t).then(function (reply) { if (reply.type === 'error') self._error(reply.error); });
    }
    // <sm-question ask="occupancy" accept="45-55" text="..." right="..." wrong="..."> children: the quiz's
    // questions ("questions" message). accept: a number or "low-high" ("low..high").
    _questions() {
      var qs = [].map.call(this.querySelectorAll('sm-question'), function (q) {
        var o = {ask: q.getAttribute('ask')};
        ['text', 'right', 'wrong'].forEach(function (k) { if (q.hasAttribute(k)) o[k] = q.getAttribute(k); });
        var a = q.getAttribute('accept');
        if (a !== null) {
          var m = /^\s*(-?[\d.]+)\s*(?:(?:-|\.\.|to)\s*(-?[\d.]+)\s*)?$/.exec(a);
          o.accept = m ? (m[2] === undefined ? Number(m[1]) : [Number(m[1]), Number(m[2])]) : a;
        }
        return o;
      });
      var key = JSON.stringify(qs);
      if (key === this._asked || (!qs.length && this._asked === undefined)) return;
      this._asked = key;
      var self = this;
      this.questions(qs.length ? qs : null).then(function (reply) { if (reply.type === 'error') self._error(reply.error); });
    }
    // The iframe's height: the height attribute (CSS px, a number above 0), else the one the calculator reports
    // (480 until it does). A bad height attribute is an `error` event (field "height") and is not used.
    _size(quiet) {
      var h = this.getAttribute('height'), px = null;
      if (h !== null && /^\s*\d+(\.\d+)?(px)?\s*$/.test(h) && parseFloat(h) > 0) px = parseFloat(h);
      else if (h !== null && !quiet)
        this._error({id: 'invalid_input', field: 'height', message: 'height must be ' +
          'a number of CSS px above 0, e.g. 600 (without it, the height the calculator reports); got ' + JSON.stringify(h)}, true);
      this._frame.style.height = (px || this._reported || 480) + 'px';
    }
    // An error: the `error` event, and, for the element's own attributes (`mine`: the calculator cannot show
    // them), a note above the calculator.
    _error(error, mine) {
      if (mine) {
        this._note.hidden = false;
        this._note.textContent = '<sm-calc> ' + error.field + ': ' + error.message;
      }
      this.dispatchEvent(new CustomEvent('error', {detail: error}));
    }
    // The attributes changed since the last flush, as one "set". A refused field is left out and the rest sent
    // again: the calculator keeps every attribute it can take (it shows the refused one), never its defaults.
    _flush() {
      var self = this, fields = this._dirty;
      this._dirty = {};
      if (!fields || !Object.keys(fields).length) return Promise.resolve();
      // Resolves once the fields that can be taken are taken (after the retries).
      return (function send(f) {
        return self.set(f).then(function (reply) {
          if (reply.type !== 'error') {
            Object.keys(f).forEach(function (k) { delete self.refused[k]; });
            return;
          }
          var k = reply.error.field;
          self.refused[k] = reply.error;
          self._error(reply.error);
          if (Object.prototype.hasOwnProperty.call(f, k) && Object.keys(f).length > 1) {
            delete f[k];
            return send(f);
          }
        });
      })(Object.assign({}, fields));
    }
    // No WebGL 2 here: the calculator cannot draw. The answer for the attributes, from smcalc-api.js in this
    // page, as text (the same copy as for print).
    _fallback() {
      var self = this, f = this._fields();
      this.setAttribute('data-fallback', '');
      this._frame.style.display = 'none';
      this._copy.innerHTML = '<p>This browser has no WebGL 2: the calculator cannot draw here. Its answer for these inputs:</p>';
      host_api(this._api).then(function (api) {
        var r = {op: f.mode === 'tile' ? 'tile' : 'occupancy'};
        Object.keys(f).forEach(function (k) { if (k !== 'mode' && k !== 'compare') r[k] = f[k]; });
        var a = api.handle(r);
        // A quiz keeps its answer hidden here too, as the calculator's own messages do (the reader cannot predict
        // without the calculator, and a printed quiz must not print its answer).
        if (self.hasAttribute('quiz') && !a.error)
          a = {hidden: 'quiz', message: 'the answer is hidden: this browser cannot show the quiz (no WebGL 2)'};
        self.request = r;
        self.result = a;
        self._copy.innerHTML += text_of(r, a);
        self.dispatchEvent(new CustomEvent('change', {detail: {type: 'change', request: r, result: a, hash: null}}));
      }, function (e) {
        self._copy.innerHTML += '<p>' + esc(e.message) + '</p>';
      });
    }
    _receive(e) {
      var d = e.data;
      if (!this._frame || e.source !== this._frame.contentWindow ||
          (this._local ? !/^(null|file:\/\/)$/.test(e.origin) : e.origin !== this._origin)) return;
      if (!d || typeof d !== 'object' || d.smcalc !== VERSION) return;
      if ((d.type === 'ready' || d.type === 'resize') && d.height > 0) {
        this._reported = d.height;  // the height the calculator needs
        this._size(true);
      }
      if (d.type === 'error' && d.id === undefined)  // an option attribute the calculator refused
        this.dispatchEvent(new CustomEvent('error', {detail: d.error}));
      if (d.type === 'quiz') {
        this.outcome = d;
        this.dispatchEvent(new CustomEvent('quiz', {detail: d}));
      }
      if (d.type === 'ready') {
        this.ready = true;
        this.hash = d.hash;
        var waiting = this._waiting;
        this._waiting = [];
        for (var i = 0; i < waiting.length; ++i) this._frame.contentWindow.postMessage(waiting[i], this._origin);
        var flushed = this._flush();
        this.dispatchEvent(new CustomEvent('ready', {detail: d}));
        // The first result: the answer after the attributes' "set" and its retries (a refused attribute must not
        // show the calculator's default state, even for a moment).
        var self = this;
        flushed.then(function () { return self.get(); }).then(function (a) {
          if (a.type !== 'answer' || a.hash === self.hash && self.result) return;
          // A copy: the reply is the page's MessageEvent data, which the page's own listeners see too.
          var c = {smcalc: VERSION, type: 'change', hash: a.hash, request: a.request, result: a.result};
          self._receive({data: c, source: self._frame && self._frame.contentWindow, origin: self._local ? 'null' : self._origin});
        });
      } else if (d.type === 'change') {
        this.result = d.result;
        this.request = d.request;
        this.hash = d.hash;
        this._copy.innerHTML = text_of(d.request, d.result);
        this.dispatchEvent(new CustomEvent('change', {detail: d}));
      }
      if (d.id !== undefined && this._calls.has(d.id)) {
        var resolve = this._calls.get(d.id);
        this._calls.delete(d.id);
        resolve(d);
      }
    }
  }
  window.customElements.define('sm-calc', SmCalc);
})();
