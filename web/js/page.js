// web/js/page.js - window.smcalc on the page (appended to smcalc.js with --post-js). Use it after
// `await window.smcalc.ready`:
//   state()   the calculator's inputs and results (what the UI shows), a fresh object
//   frames()  frames drawn so far (0 frames while idle: this stands still when nobody interacts)
//   timing()  {first_frame_ms}: from navigation start to the first frame drawn
//   copied()  the last text put on the clipboard, or null
//   items()   Promise of the widgets on screen with their rectangles (for tests)
//   api()     Promise of the JS API (smcalc.d.ts: SmcalcApi), loaded on first use from smcalc-api.js next
//             to smcalc.js, so the page itself does not carry the JSON layer; occupancy(req), block_size(req),
//             dynamic_smem(req), tile(req), gpus() are shortcuts that return Promises of the answers.
//   open_file(file?) a compiled file's kernels (cubin, nvcc object/executable, AMD code object) in a dialog; without
//             a File it asks for one. Files dropped on the page go there too.
// In ?embed=1 the embedding protocol (docs/embedding.md) loads after main() from smcalc-messages.js next to
// smcalc.js (web/js/messages.js), so the page does not carry it; it reads fields(), set_hash() and onchange.
// The same file holds the "Copy embed code" and "Paste a device report" dialogs: embed_code(hash) and
// device_report(hash) load it on first use.
(function () {
  var script = document.currentScript;
  var dir = script && script.src ? script.src.replace(/[^/]*$/, '') : '';
  var apiPromise = null;
  // Adds <script src=dir+name>; resolves with made() once it ran.
  function load(name, made) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement('script');
      s.src = dir + name;
      s.onload = function () { resolve(made()); };
      s.onerror = function () { reject(new Error('could not load ' + s.src)); };
      document.head.appendChild(s);
    });
  }
  function api() {
    if (!apiPromise) {
      // Compiled once for all the calculator's frames of a page (smcalc_share, web/pack_page.py; api_pre.js).
      var make = function () { return createSmcalcApi({smcalcShare: function (compile) { return smcalc_share('api ' + dir, compile); }}); };
      apiPromise = typeof createSmcalcApi === 'function' ? Promise.resolve(make()) : load('smcalc-api.js', make);
      apiPromise.catch(function () { apiPromise = null; });
    }
    return apiPromise;
  }
  // A dialog of smcalc-messages.js ("Copy embed code", "Paste a device report"), loaded on first use.
  function dialog(name, hash) {
    (smcalc[name] ? Promise.resolve() : load('smcalc-messages.js', function () {}))
      .then(function () { smcalc[name](hash); }, function (e) { console.error('smcalc: ' + e.message); });
  }
  // The paste box's reader (web/ui_guidance.cpp reparse): the JS API's answer to `request` (op "parse") as
  // lines the page's wasm splits on tabs, with no JSON reader of its own: "E\t<error>", "S\t<summary>",
  // "N\t<note>", then a line per kernel, "K" + the NV keys' values (NVIDIA) or "A" + the AMD keys' values, in
  // these orders ("" for an absent value, lists joined by commas). A module that cannot load is an "E" line.
  var NV = ['short_name', 'name', 'demangled', 'arch', 'cc', 'cc_modelled', 'registers', 'smem_static', 'barriers',
    'stack_frame', 'spill_stores', 'spill_loads', 'local', 'line', 'missing'];
  var AMD = ['name', 'gfx', 'vgprs', 'agprs', 'sgprs', 'lds', 'scratch', 'max_flat_workgroup_size',
    'next_free_vgpr', 'line', 'missing'];
  // Escaped as web/lines.hpp append_cell escapes (a backslash doubled; a tab, line break and return as \t \n \r).
  function cell(v) {
    return v === null || v === undefined ? '' : String(v === true ? 1 : v === false ? 0 : v).replace(/[\\\t\n\r]/g,
      function (c) { return '\\' + (c === '\t' ? 't' : c === '\n' ? 'n' : c === '\r' ? 'r' : c); });
  }
  function read_lines(request) {
    return api().then(function (a) { return a.handle(request); }).then(function (r) {
      if (r.error) return 'E\t' + cell(r.error.message);
      var out = 'S\t' + cell(r.summary) + '\n', amd = r.vendor === 'amd';
      (r.notes || []).forEach(function (n) { out += 'N\t' + cell(n) + '\n'; });
      (r.kernels || []).forEach(function (k) {
        out += (amd ? 'A' : 'K') + (amd ? AMD : NV).map(function (key) { return '\t' + cell(k[key]); }).join('') + '\n';
      });
      return out;
    }, function (e) { return 'E\tthe reader (smcalc-api.js) could not load: ' + cell(e && e.message); });
  }
  // The GPU notes and source keys for the GPU picker's tooltip and the Why tab (the page's core leaves them out:
  // page weight), a line "<name>\t<note>\t<sources>" per GPU of the JS API's gpus list.
  function gpu_notes() {
    return api().then(function (a) { return a.gpus({}); }).then(function (r) {
      return r.gpus.map(function (g) { return g.name + '\t' + cell(g.note) + '\t' + cell(g.source); }).join('\n');
    });
  }
  // ---- one JS API for the calculator's frames of a page (embeds) ------------------------------------------
  // Five embeds on a page are five frames of one origin on one main thread, and each loading, parsing and
  // starting its own smcalc-api.js is start-up time of the page (docs/performance.md, "Several embeds"). An
  // embed's protocol (smcalc-messages.js) uses the JS API of a sibling frame of the calculator (smcalc.js at the
  // same address: one version) that has or is loading one; the API is computation on JSON-like objects, which
  // work across frames. A sibling that went away (its embed removed, or navigated) leaves this frame to load its
  // own. The page's own uses (dialogs, the GPU notes, a dropped file's Uint8Array) keep this frame's api().
  // An embed starts it as this script runs, not after main(): the frame's first answer waits for the API, and
  // its download and compile then overlap the page's own start (docs/performance.md, "Several embeds").
  var shared_api = function () {
    var key = script && script.src, from = null, s, i;
    function alive(s) { try { return !s.owner.closed && s.owner.smcalcApiShare === s; } catch (e) { return false; } }
    for (i = 0; parent != window && i < parent.length && !from; i++) {
      try { s = parent[i] != window && parent[i].smcalcApiShare; if (s && s.key === key && alive(s.root)) from = s.root; }
      catch (e) {}  // a frame of another origin
    }
    function own() { var m = {key: key, owner: window, api: api()}; return window.smcalcApiShare = m.root = m; }
    var mine = window.smcalcApiShare = from ? {key: key, owner: window, root: from, api: from.api.then(null, api)} : own();
    shared_api = function () { return alive(mine.root) ? mine.api : (mine = own()).api; };
    return mine.api;
  };
  var embed = new URLSearchParams(location.search).get('embed') === '1';
  if (embed) shared_api();
  var resolveReady;
  var smcalc = {
    ready: new Promise(function (resolve) { resolveReady = resolve; }),
    state: function () { return JSON.parse(UTF8ToString(_smcalc_page_state())); },
    frames: function () { return _smcalc_page_frames(); },
    // {first_frame_ms}: time from navigation start to the first drawn frame (performance.now()).
    timing: function () { return {first_frame_ms: Module['smcalcFirstFrameMs'] === undefined ? null : Module['smcalcFirstFrameMs']}; },
    copied: function () { return Module['smcalcCopied'] === undefined ? null : Module['smcalcCopied']; },
    // Promise of the widgets of a freshly drawn frame: [{label, x, y, w, h, visible}] in CSS px, labels as
    // given to ImGui ("##ss", "Copy link"); draws one frame (tests use it to find where to click).
    items: function () {
      var before = _smcalc_page_frames();
      _smcalc_page_items();  // starts recording
      _smcalc_page_request_frame();
      return new Promise(function (resolve) {
        (function poll() {
          if (_smcalc_page_frames() > before) resolve(JSON.parse(UTF8ToString(_smcalc_page_items())));
          else requestAnimationFrame(poll);
        })();
      });
    },
    api: api,
    read_lines: read_lines,
    gpu_notes: gpu_notes,
    // For smcalc-messages.js: the field tables' keys (ui_state.hpp fields_json), a hash to apply (as a link's
    // would be, without a history entry), and a function called once per burst of changes of the inputs.
    fields: function () { return JSON.parse(UTF8ToString(_smcalc_page_fields())); },
    set_hash: function (h) { var p = allocateUTF8(h); _smcalc_page_set_hash(p); _free(p); },
    onchange: null,
    shared_api: function () { return shared_api(); },
    embed_code: function (hash) { dialog('embed_dialog', hash); },
    device_report: function (hash) { dialog('report_dialog', hash); }
  };
  ['occupancy', 'block_size', 'dynamic_smem', 'tile', 'gpus', 'archs', 'handle'].forEach(function (name) {
    smcalc[name] = function (request) { return api().then(function (a) { return a[name](request); }); };
  });
  // A compiled file dropped on the page or picked ("Open a compiled file..."): smcalc-messages.js's open_file
  // replaces this one and lists the file's kernels, read in the browser.
  smcalc.open_file = function (f) {
    return load('smcalc-messages.js', function () {}).then(function () { return smcalc.open_file(f); });
  };
  addEventListener('dragover', function (e) { e.preventDefault(); });
  addEventListener('drop', function (e) { e.preventDefault(); smcalc.open_file(e.dataTransfer.files[0]); });
  window['smcalc'] = smcalc;
  addOnPostRun(function () {  // after main(): the UI is up
    resolveReady(smcalc);
    if (embed)
      load('smcalc-messages.js', function () {}).catch(function (e) { console.error('smcalc: ' + e.message); });
  });
})();
