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
// "kernel"), `result` holds the
// JS API's answer of the last "change" (`request`, `hash` too), a `change` event carries the "change" message,
// an `error` event the error answer of an attribute, and set(fields) / get() return Promises of the replies. The
// iframe's height is the one the calculator reports (480 px until it does) unless the element has a height
// attribute (CSS px; a bad one is an `error` event, field "height").
(function () {
  'use strict';
  if (typeof window === 'undefined' || !window.customElements || window.customElements.get('sm-calc')) return;
  var VERSION = 1;
  // Where this script is: the calculator sits next to it. An ES module has no currentScript; then the
  // <script> that names embed.js, or the element's src attribute.
  var me = document.currentScript || document.querySelector('script[src$="embed.js"]');
  var base = me && me.src ? me.src.replace(/[^/]*$/, '') : '';
  // Attributes that are the element's own, not inputs of the calculator.
  var OWN = /^(src|height|title|id|class|style|hidden|slot|lang|dir|tabindex|part|is|width|loading|data-.*|aria-.*|on.*|quiz|lock|tab|compact|theme|examples)$/;
  // The embed options: attributes relayed as the calculator's URL parameters (read when the element connects).
  var OPTIONS = ['quiz', 'lock', 'tab', 'compact', 'theme', 'examples'];

  var TILE = ['m', 'n', 'k', 'stages', 'warps', 'a', 'b', 'acc', 'mma', 'problem'];
  // An attribute's text as a field's value: whole numbers as numbers, true / false as booleans, a problem size
  // "MxNxK" as {m, n, k}; the rest (GPU names, "24KB", "4x2x1", "bf16") as text.
  function value(name, text) {
    if (text === null) return null;
    if (name === 'gpu' || name === 'mode') return text;
    if (/^-?\d+$/.test(text.trim())) return Number(text);
    if (text === 'true' || text === 'false') return text === 'true';
    if (name === 'problem') {
      var p = text.split(/[x,]/).map(Number);
      if (p.length === 3) return {m: p[0], n: p[1], k: p[2]};
    }
    return text;
  }

  class SmCalc extends HTMLElement {
    constructor() {
      super();
      this.result = null;   // the JS API's answer for the calculator's inputs (the last "change")
      this.request = null;  // the request that answer is for
      this.hash = null;     // the calculator's URL hash (a link to the same state)
      this.ready = false;
      this.outcome = null;  // the last "quiz" message: the prediction, the answer, right or not
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
      url.searchParams.set('embed', '1');
      url.searchParams.set('origin', location.protocol === 'file:' ? 'file://' : location.origin);
      OPTIONS.forEach(function (k) {
        var v = this.getAttribute(k);
        // theme="host": the host page's own color-scheme when it names one, else the reader's preference.
        if (k === 'theme' && v === 'host') v = (/^(dark|light)$/.exec(getComputedStyle(document.documentElement).colorScheme) || [null])[0];
        if (v !== null) url.searchParams.set(k, k === 'quiz' || k === 'compact' ? (v === '' ? '1' : v) : v);
      }, this);
      var frame = document.createElement('iframe');
      frame.src = url.href;
      frame.title = this.getAttribute('title') || 'SM occupancy calculator';
      frame.setAttribute('allow', 'clipboard-write');
      frame.style.cssText = 'display:block;width:100%;border:0';
      var root = this.shadowRoot || this.attachShadow({mode: 'open'});
      root.innerHTML = '<style>:host{display:block}</style>';
      root.appendChild(frame);
      this._frame = frame;
      this._size();
      this._onmessage = this._receive.bind(this);
      window.addEventListener('message', this._onmessage);
      this._observer = new MutationObserver(this._changed.bind(this));
      this._observer.observe(this, {attributes: true, attributeOldValue: true});
      this._dirty = {};
      for (var i = 0; i < this.attributes.length; ++i) {
        var a = this.attributes[i];
        if (!OWN.test(a.name)) this._dirty[a.name.replace(/-/g, '_')] = value(a.name, a.value);
      }
      // Without a mode attribute: a tile when a tile attribute is there, else a kernel (the calculator's own
      // default, a tile, would hide the attributes threads, regs, smem...).
      if (!this.hasAttribute('mode')) {
        var tile = TILE.some(function (k) { return this.hasAttribute(k); }, this);
        this._dirty.mode = tile ? 'tile' : 'kernel';
      }
    }
    disconnectedCallback() {
      window.removeEventListener('message', this._onmessage);
      if (this._observer) this._observer.disconnect();
      if (this._frame) this._frame.remove();
      this._frame = null;
      this.ready = false;
    }
    // Promise of the reply ("ok" or "error") to a "set" of `fields` (docs/embedding.md).
    set(fields) { return this._send({type: 'set', fields: fields}); }
    // Promise of the "answer": {hash, request, result}.
    get() { return this._send({type: 'get'}); }

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
      var self = this;
      var first = !this._dirty || !Object.keys(this._dirty).length;
      this._dirty = this._dirty || {};
      records.forEach(function (r) {
        if (OWN.test(r.attributeName)) {
          if (r.attributeName === 'height' && self._frame) self._size();
          return;
        }
        self._dirty[r.attributeName.replace(/-/g, '_')] = value(r.attributeName, self.getAttribute(r.attributeName));
      });
      if (first && this.ready) this._flush();
    }
    // The iframe's height: the height attribute (CSS px, a number above 0), else the one the calculator reports
    // (480 until it does). A bad height attribute is an `error` event (field "height") and is not used.
    _size(quiet) {
      var h = this.getAttribute('height'), px = null;
      if (h !== null && /^\s*\d+(\.\d+)?(px)?\s*$/.test(h) && parseFloat(h) > 0) px = parseFloat(h);
      else if (h !== null && !quiet)
        this.dispatchEvent(new CustomEvent('error', {detail: {id: 'invalid_input', field: 'height', message: 'height must be ' +
          'a number of CSS px above 0, e.g. 600 (without it, the height the calculator reports); got ' + JSON.stringify(h)}}));
      this._frame.style.height = (px || this._reported || 480) + 'px';
    }
    _flush() {  // the attributes changed since the last flush, as one "set"
      var self = this, fields = this._dirty;
      this._dirty = {};
      if (!fields || !Object.keys(fields).length) return;
      this.set(fields).then(function (reply) {
        if (reply.type === 'error') self.dispatchEvent(new CustomEvent('error', {detail: reply.error}));
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
        this._flush();
        this.dispatchEvent(new CustomEvent('ready', {detail: d}));
        // The first result: the answer after the attributes' "set" (a "change" when they changed something).
        var self = this;
        this.get().then(function (a) {
          if (a.type !== 'answer' || a.hash === self.hash && self.result) return;
          a.type = 'change';
          self._receive({data: a, source: self._frame && self._frame.contentWindow, origin: self._local ? 'null' : self._origin});
        });
      } else if (d.type === 'change') {
        this.result = d.result;
        this.request = d.request;
        this.hash = d.hash;
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
