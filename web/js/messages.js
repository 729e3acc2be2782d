// web/js/messages.js - the embedding protocol, version 1 (docs/embedding.md), inside the calculator opened with
// ?embed=1, and the page's "Copy embed code" dialog. dist/smcalc-messages.js; web/js/page.js loads it after main() in
// ?embed=1 and on that button's first use, so the page itself does not carry it.
//
// A host page talks to the calculator in its iframe with window.postMessage. Every message is an object
// {smcalc: 1, type, ...}. Host -> calculator: "set" {fields} and "get"; calculator -> host: "ready", "ok",
// "answer", "change" and "error". Only messages from the parent window at the origin the URL names
// (?embed=1&origin=https://course.example, or origin=* when asked) are read; the rest are counted
// (window.smcalc.embed()) and never answered.
//
// A "set" is checked by the JS API (smcalc-api.js, loaded on demand) before anything changes, so a bad value gets
// the JSON API's own error (field, allowed range); then the fields become URL-hash keys (the field tables' keys,
// window.smcalc.fields()) merged into the page's hash, applied once per burst of messages (set_hash): a flood of
// messages costs one recompute and at most one frame per animation frame. Each change of the inputs (by a
// message or by the reader) posts one "change" carrying the JS API's answer for the page's inputs.
//
// The page itself (not an embed) loads this file for its "Copy embed code" button (embed_dialog, first below) and
// for a compiled file dropped on it (binary_dialog): only ?embed=1 runs the protocol.
(function () {
  'use strict';
  // ---- "Copy embed code": the snippet for a course page ----------------------------------------------------
  // The page's own address is no use on a course site (a file on the author's disk, a preview server): the author
  // says where dist/ sits on the site, and the dialog remembers it in this browser under KEY (web/ui_storage.hpp
  // kEmbedBaseKey: the page's saved-state reader passes over it). The snippet is <sm-calc> (embed.js): it makes
  // the iframe with allow="clipboard-write" and gives it the height the calculator reports (docs/embedding.md).
  var KEY = 'smcalc.v1/embed-base';
  // The page reads the keyboard on the window (web/platform_html5.cpp) and keeps the keys it uses from the
  // browser: typing in a form of ours (this dialog, the prediction form) is the form's, not the canvas's.
  function own_keys(el) {
    ['keydown', 'keyup', 'keypress', 'paste'].forEach(function (t) { el.addEventListener(t, function (e) { e.stopPropagation(); }); });
  }
  var BASE_RULE = 'the base URL must be the folder of index.html and embed.js on your site: http://..., https://..., ' +
    'file://... or a path such as /smcalc/';
  // {url} (a folder: ends in "/"), or {error} naming the field, the rule and what is wrong.
  function base_of(text) {
    var t = String(text).trim();
    var why = !t ? 'it is empty'
      : /[\s"'<>`\\]/.test(t) ? 'it has a space, a quote, a backslash or an angle bracket'
      : /[?#]/.test(t) ? 'it has a query or a hash (the snippet adds its own)'
      : /^[a-z][a-z\d+.-]*:/i.test(t) && !/^(https?:\/\/[^/]|file:\/\/)/i.test(t) ? 'it is not an http, https or file URL'
      : '';
    if (why) return {error: BASE_RULE + '; got ' + JSON.stringify(t) + ': ' + why};
    // A last path segment index.html or embed.js is the file, not the folder: dropped ("myembed.js" is a folder's
    // name); nothing left is the course page's own folder, "./" (not "/", the site's root).
    var folder = t.replace(/(^|\/)(index\.html|embed\.js)$/, '$1');
    return {url: folder ? folder.replace(/\/?$/, '/') : './'};
  }
  // kind "element": <sm-calc> (embed.js sizes it to the height the calculator reports); "iframe": a plain iframe
  // for sites that allow no scripts in a page (learning platforms often strip them), at the 480 px the embed
  // layout is made for (docs/embedding.md "A plain iframe"; no origin: it talks to no page).
  function snippet(base, hash, kind) {
    var amp = function (u) { return u.replace(/&/g, '&amp;'); };
    if (kind === 'iframe')
      return '<iframe src="' + amp(base + 'index.html?embed=1#' + hash) + '" title="SM resource calculator" ' +
        'allow="clipboard-write" style="width:100%;height:480px;border:0"></iframe>';
    // mode: <sm-calc> sends "kernel" without one (docs/embedding.md), which would undo a tile in the hash.
    return '<script src="' + amp(base) + 'embed.js"></script>\n<sm-calc src="' + amp(base + 'index.html#' + hash) +
      '" mode="' + (/(^|&)m=kernel(&|$)/.test(hash) ? 'kernel' : 'tile') + '"></sm-calc>';
  }
  function stored(value) {  // localStorage can be off (private mode, a sandboxed frame): then nothing is kept
    try {
      if (value === undefined) return window.localStorage.getItem(KEY);
      window.localStorage.setItem(KEY, value);
      return value;
    } catch (e) {
      return null;
    }
  }
  window.smcalc.embed_dialog = function (hash) {
    var d = document.getElementById('smcalc-embed');
    if (!d) {
      d = document.createElement('dialog');
      d.id = 'smcalc-embed';
      d.style.cssText = 'max-width:42em;color-scheme:dark light;background:Canvas;color:CanvasText;font:14px sans-serif';
      d.innerHTML = '<form method="dialog"><h2 style="margin:0 0 8px;font-size:16px">Embed code for a course page</h2>' +
        '<label>Where the calculator is on your site (the folder of index.html and embed.js from dist/):<br>' +
        '<input name="base" spellcheck="false" placeholder="https://course.example/smcalc/" style="width:100%;box-sizing:border-box"></label>' +
        '<p id="smcalc-embed-note" style="margin:6px 0"></p>' +
        '<p style="margin:6px 0"><label><input type="radio" name="kind" value="element" checked> &lt;sm-calc&gt;: sizes ' +
        'itself to the calculator (your page loads embed.js)</label><br><label><input type="radio" name="kind" ' +
        'value="iframe"> &lt;iframe&gt;: for sites that allow no scripts (a learning platform); 480 px high</label></p>' +
        '<textarea name="code" rows="4" readonly style="width:100%;box-sizing:border-box;font:12px monospace"></textarea>' +
        '<p style="margin:6px 0">For a page that talks to the calculator (sets inputs, reads answers), see ' +
        'docs/embedding.md.</p><button type="button" name="copy">Copy</button> <button>Close</button> ' +
        '<span id="smcalc-embed-status" role="status"></span></form>';
      own_keys(d);
      document.body.appendChild(d);
    }
    var f = d.querySelector('form'), note = d.querySelector('#smcalc-embed-note'), status = d.querySelector('#smcalc-embed-status');
    var own = location.protocol === 'file:' ? '' : location.href.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
    var kept = stored();
    function update(first) {
      var b = base_of(f.base.value);
      status.textContent = '';
      f.code.value = b.error ? '' : snippet(b.url, hash, f.kind.value);
      f.copy.disabled = !!b.error;
      note.style.color = b.error && !first ? '#e5534b' : '';
      note.textContent = first && !f.base.value ? 'This page is a file on this computer: its address is no use on a ' +
          'course site. Type where dist/ is on your site (remembered in this browser).'
        : b.error || (first && kept ? 'The address you used last time (remembered in this browser).'
        : first ? 'This page\'s own folder: change it if the calculator sits elsewhere on your site (remembered in this browser).'
        : 'Remembered in this browser when you copy.');
    }
    f.base.value = kept || own;
    f.base.oninput = function () { update(false); };
    f.kind.forEach(function (r) { r.onchange = function () { update(false); }; });
    f.copy.onclick = function () {
      var b = base_of(f.base.value), text = f.code.value, done = false;
      if (b.error) return;
      Module['smcalcCopied'] = text;  // window.smcalc.copied(), as the page's other Copy buttons
      try {
        f.code.select();
        done = document.execCommand('copy');
      } catch (e) { /* refused: the Clipboard API below */ }
      if (!done && navigator.clipboard) navigator.clipboard.writeText(text).catch(function () {});
      status.textContent = stored(b.url) === null ? 'Copied (this browser keeps no storage: the address is not remembered).'
        : 'Copied; the address is remembered.';
    };
    update(true);
    if (!d.open) d.showModal();
    f.base.focus();
  };

  // ---- a compiled file dropped on the page or picked (page.js): its kernels ---------------------------------------
  // The bytes never leave the browser: the JS API (smcalc-api.js, loaded on demand) reads them (op parse: cubin, fat
  // binary in an object or executable, AMD code object, offload bundle) and answers each kernel's occupancy on a GPU
  // of the architecture it was compiled for; "Use" puts that kernel and GPU into the page (its URL hash).
  function esc(t) {
    return String(t).replace(/[&<>"]/g, function (c) { return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]; });
  }
  // The first catalogued GPU of a compute capability ("9.0" -> H100 SXM5) or of an AMD target (gfx942 -> MI300X).
  function gpu_for(gpus, cc, gfx) {
    for (var i = 0; i < gpus.length; ++i)
      if ((cc && gpus[i].cc === cc && !gpus[i].gfx) || (gfx && gpus[i].gfx === gfx)) return gpus[i].name;
    return null;
  }
  // The page's hash for a kernel on a GPU: hash keys from the field tables (window.smcalc.fields(): table k =
  // NVIDIA kernel, a = AMD kernel).
  function kernel_hash(gpu, amd, fields) {
    var keys = Object.create(null);
    window.smcalc.fields().forEach(function (r) { if (r[0] === (amd ? 'a' : 'k')) keys[r[1]] = r[2]; });
    var parts = ['gpu=' + encodeURIComponent(gpu), 'm=kernel'];
    Object.keys(fields).forEach(function (k) {
      if (keys[k] && fields[k] !== null && fields[k] !== undefined) parts.push(keys[k] + '=' + encodeURIComponent(fields[k]));
    });
    return parts.join('&');
  }
  function kernel_rows(api, a) {
    var gl = api.gpus(), gpus = ((gl && gl.gpus) || []).concat((gl && gl.amd_gpus) || []);
    return a.kernels.map(function (k) {
      var amd = a.vendor === 'amd';
      var f = amd ? {threads: k.max_flat_workgroup_size || 256, vgprs: k.unified_vgprs !== null && k.agprs !== null ?
        k.unified_vgprs - k.agprs : k.vgprs, agprs: k.agprs, sgprs: k.sgprs, lds: k.lds, scratch: k.scratch}
        : {threads: k.max_threads || 256, regs: k.registers, smem_static: k.smem_static, barriers: k.barriers};
      var gpu = amd ? gpu_for(gpus, null, k.gfx) : gpu_for(gpus, k.cc, null);
      var occ = gpu ? api.occupancy(Object.assign({gpu: gpu}, f)) : null;
      var res = amd ? k.unified_vgprs + ' VGPRs (' + k.agprs + ' AGPRs), ' + k.sgprs + ' SGPRs, ' + k.lds + ' B LDS'
        : k.registers + ' regs, ' + k.smem_static + ' B smem, ' + k.barriers + ' barriers' +
          (k.cluster_dims ? ', cluster ' + k.cluster_dims.join('x') : '');
      var o = !gpu ? 'no catalogued GPU for ' + (amd ? k.gfx : k.arch)
        : occ.error ? occ.error.message
        : amd ? occ.waves_per_simd + ' waves/SIMD (' + Math.round(occ.occupancy * 100) + ' %)'
        : occ.blocks_per_sm + ' blocks/SM (' + Math.round(occ.occupancy * 100) + ' %)';
      return {name: amd ? k.name : k.short_name, arch: amd ? k.gfx : k.arch, res: res, threads: f.threads, gpu: gpu,
        occ: o, hash: gpu ? kernel_hash(gpu, amd, f) : null};
    });
  }
  // open_file(file): that file's kernels; without a file (the page's button), a file picker first. Replaces
  // page.js's stand-in, which loads this file on the first drop or click.
  window.smcalc.open_file = function (f) {
    if (f) return f.arrayBuffer().then(function (b) { return window.smcalc.binary_dialog(new Uint8Array(b), f.name); });
    var i = document.createElement('input');
    i.type = 'file';
    i.onchange = function () { if (i.files[0]) window.smcalc.open_file(i.files[0]); };
    i.click();
  };
  window.smcalc.binary_dialog = function (bytes, name) {
    var d = document.getElementById('smcalc-binary');
    if (!d) {
      d = document.createElement('dialog');
      d.id = 'smcalc-binary';
      d.style.cssText = 'max-width:60em;color-scheme:dark light;background:Canvas;color:CanvasText;font:14px sans-serif';
      own_keys(d);
      document.body.appendChild(d);
    }
    d.innerHTML = '<form method="dialog"><h2 style="margin:0 0 8px;font-size:16px"></h2><p id="smcalc-binary-note"></p>' +
      '<table id="smcalc-binary-kernels" style="border-collapse:collapse"></table><p style="margin:8px 0 0">' +
      '<button>Close</button></p></form>';
    d.querySelector('h2').textContent = 'Kernels in ' + name + ' (read in this browser; nothing is uploaded)';
    var note = d.querySelector('#smcalc-binary-note'), table = d.querySelector('#smcalc-binary-kernels');
    note.textContent = 'Reading...';
    if (!d.open) d.showModal();
    return window.smcalc.api().then(function (api) {
      var a = api.parse(bytes);
      if (a.error) {
        note.textContent = a.error.message;
        return {error: a.error};
      }
      var rows = kernel_rows(api, a);
      note.textContent = a.summary + '. ' + (a.notes || []).join(' ');
      table.innerHTML = '<tr><th align=left>kernel</th><th align=left>arch</th><th align=left>resources</th>' +
        '<th align=left>threads</th><th align=left>GPU</th><th align=left>occupancy</th><th></th></tr>' +
        rows.map(function (r, i) {
          return '<tr><td>' + esc(r.name) + '</td><td>' + esc(r.arch) + '</td><td>' + esc(r.res) + '</td><td>' +
            r.threads + '</td><td>' + esc(r.gpu || '-') + '</td><td class="occ">' + esc(r.occ) + '</td><td>' +
            (r.hash ? '<button type="button" data-i="' + i + '">Use</button>' : '') + '</td></tr>';
        }).join('');
      Array.prototype.forEach.call(table.querySelectorAll('button'), function (b) {
        b.onclick = function () {
          window.smcalc.set_hash(rows[+b.getAttribute('data-i')].hash);
          d.close();
        };
      });
      return {kernels: rows};
    }, function (e) {
      note.textContent = 'The calculator could not load its JS API (' + e.message + ')';
      return {error: {message: e.message}};
    });
  };

  // ---- the embedding protocol: only in ?embed=1 (the page loads this file for its embed-code dialog too) -------
  if (new URLSearchParams(location.search).get('embed') !== '1') return;
  var VERSION = 1;
  var HEIGHT = 480;  // the embed layout's height until the page reports the height it needs (onlayout)
  var smcalc = window.smcalc;
  var parent = window.parent;
  var allowed = new URLSearchParams(location.search).get('origin');
  var problem = null;
  // A host page opened from a file has no origin to name: origin=file:// is read only by a calculator that is a
  // file on this machine too (only a local page can frame it), from its parent, and answered with target "*".
  var local = allowed === 'file://';
  if (local) {
    if (location.protocol !== 'file:') problem = 'origin=file:// is read only when the calculator is opened from a file too';
  } else if (allowed === null) {
    problem = 'no origin parameter: messages are refused (add &origin=<the host page\'s origin> to the URL)';
  } else if (allowed !== '*') {
    try {
      if (new URL(allowed).origin !== allowed) problem = 'origin=' + allowed + ' is not an origin (scheme://host[:port])';
    } catch (e) {
      problem = 'origin=' + allowed + ' is not an origin (scheme://host[:port])';
    }
  }
  if (parent === window) problem = problem || 'not in a frame';
  // location.ancestorOrigins (Chromium, Safari) names the parent's origin: posting to another one would only
  // log an error in the console.
  var ancestors = location.ancestorOrigins;
  if (!problem && allowed !== '*' && !local && ancestors && ancestors.length && ancestors[0] !== allowed)
    problem = 'the parent page is at ' + ancestors[0] + ', not at origin=' + allowed;
  var stats = {version: VERSION, origin: allowed, enabled: !problem, problem: problem, received: 0, accepted: 0,
    refused: 0, refused_origins: [], errors: 0, applied: 0, changes: 0};
  // Debug: what the protocol did so far (a fresh object).
  smcalc.embed = function () { return JSON.parse(JSON.stringify(stats)); };

  // ---- the field tables: JSON key <-> hash key ------------------------------------------------------------
  // Maps without a prototype: a message's key "constructor" or "__proto__" finds nothing.
  function map(keys) {
    var m = Object.create(null);
    (keys || []).forEach(function (k) { m[k] = true; });
    return m;
  }
  var byKey = map(), byHash = map(), alias = map();
  var COMPOSITE = map(['gpu', 'mode', 'cluster', 'problem']);
  var ANSWER_ERRORS = map(['unsupported', 'not_achievable']);
  var AMD_TILE = map(['m', 'n', 'k', 'stages', 'warps', 'a', 'b', 'acc']);  // what the AMD tile model reads
  smcalc.fields().forEach(function (r) {
    var row = {table: r[0], key: r[1], hash: r[0] === 'd' ? 'd.' + r[2] : r[2], codec: r[3]};
    if (!byHash[row.hash]) byHash[row.hash] = row;
    if (r[0] === 'd') return;
    if (!byKey[row.key]) byKey[row.key] = row;
    r[4].split(',').forEach(function (flag) {  // the CLI's spelling of a field (smem: --smem is smem_static)
      var k = flag.replace(/^-+/, '').replace(/-/g, '_');
      if (k && !alias[k]) alias[k] = row;
    });
  });
  function row_of(key) { return byKey[key] || alias[key] || null; }

  // ---- the URL hash as ordered [key, value] pairs ----------------------------------------------------------
  function parse(hash) {
    var out = [];
    hash.replace(/^#/, '').split(/[&;]/).forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq < 0) return;
      try {
        out.push([decodeURIComponent(part.slice(0, eq)), decodeURIComponent(part.slice(eq + 1))]);
      } catch (e) { /* a broken escape: decode_hash ignores it too */ }
    });
    return out;
  }
  function text(pairs) {
    return pairs.map(function (p) { return p[0] + '=' + encodeURIComponent(p[1]); }).join('&');
  }
  function same(a, b) {  // the same keys and values, in any order
    return text(a.slice().sort()) === text(b.slice().sort());
  }
  function get(pairs, key) {
    for (var i = 0; i < pairs.length; ++i) if (pairs[i][0] === key) return pairs[i][1];
    return undefined;
  }
  function put(pairs, key, value) {  // value undefined: removed (the default)
    var out = pairs.filter(function (p) { return p[0] !== key; });
    if (value !== undefined) out.push([key, String(value)]);
    return out;
  }

  // ---- a JS API request for the inputs a hash holds --------------------------------------------------------
  var vendors = map();
  function is_amd(api, gpu) {
    if (!(gpu in vendors)) vendors[gpu] = api.handle({op: 'occupancy', gpu: gpu}).vendor === 'amd';
    return vendors[gpu];
  }
  // The request the page's inputs make: op occupancy (kernel mode) or tile, the active mode's fields only.
  // `device`: the custom device (state().device) where the hash has d.* keys.
  function request(api, pairs, device) {
    var tile = get(pairs, 'm') === 'tile';
    var gpu = get(pairs, 'gpu') || 'H100 SXM5';
    var amd = is_amd(api, gpu);
    var r = {op: tile ? 'tile' : 'occupancy'};
    var custom = pairs.some(function (p) { return p[0].slice(0, 2) === 'd.'; });
    if (custom && device) r.device = device; else r.gpu = gpu;
    pairs.forEach(function (p) {
      var row = byHash[p[0]];
      if (!row) return;
      var wanted = tile ? row.table === 't' || (row.table === 'c' && !amd)
        : row.key === 'threads' || row.table === (amd ? 'a' : 'k') || (row.table === 'c' && !amd);
      if (!wanted || (tile && amd && !AMD_TILE[row.key])) return;
      var v = p[1];
      if (row.codec === 'o') v = v === '1' || v === 'true';
      else if ((row.codec === 'i' || row.codec === 'b') && /^-?\d+$/.test(v)) v = Number(v);
      else if (v === 'default') v = -1;
      r[tile && amd && row.key === 'warps' ? 'waves' : row.key] = v;
    });
    var cl = get(pairs, 'cl');
    if (cl !== undefined && !amd) r.cluster = cl;
    else delete r.non_portable_cluster;
    if (tile && get(pairs, 'p') === '1')
      r.problem = {m: Number(get(pairs, 'pm') || 8192), n: Number(get(pairs, 'pn') || 8192), k: Number(get(pairs, 'pk') || 8192)};
    return r;
  }

  // ---- posting ----------------------------------------------------------------------------------------------
  function post(message, origin) {
    if (problem) return;
    message.smcalc = VERSION;
    var target = allowed === '*' ? (origin && origin !== 'null' ? origin : '*') : local ? '*' : allowed;
    try { parent.postMessage(message, target); } catch (e) { /* a closed or navigated parent */ }
  }
  function fail(id, field, message, reply) {
    ++stats.errors;
    post({type: 'error', id: reply.id, error: {id: id, field: field, message: message}}, reply.origin);
  }
  function answer_of(api) {
    var state = smcalc.state();
    var r = request(api, parse(state.hash), state.device);
    return {hash: state.hash, request: r, result: api.handle(r)};
  }
  var posted = null;  // the hash of the last "change"
  function changed(api) {
    var a = answer_of(api);
    if (a.hash === posted) return;
    posted = a.hash;
    ++stats.changes;
    a.type = 'change';
    post(a);
  }

  // Why `key` is not one of the page's inputs: [error id, message]. The JS API names an unknown key's nearest
  // field; a request key of the API that the page has no input for (op, cc, device, grid, ...) is refused here.
  function not_input(api, key, v) {
    var probe = api.handle({op: 'occupancy', gpu: 'A100', [key]: v});
    if (probe.error && probe.error.field === key && /^unknown field/.test(probe.error.message))
      return [probe.error.id, probe.error.message];
    return ['not_settable', '"' + key + '" is not one of the calculator\'s inputs: a "set" takes gpu, mode, ' +
      'cluster, problem and the kernel, AMD, tile and cluster fields (docs/embedding.md)'];
  }

  // ---- a "set": checked, then merged into the pending hash ------------------------------------------------
  var pending = null;  // pairs: the hash with every accepted set of this burst
  function error_of(api, pairs, device) {
    var a = api.handle(request(api, pairs, device));
    return a.error ? JSON.stringify(a.error) : null;
  }
  function set(api, msg, reply) {
    var f = msg.fields;
    if (f === null || typeof f !== 'object' || Array.isArray(f))
      return fail('bad_message', 'fields', 'a "set" message needs "fields": an object of inputs, e.g. {threads: 256}', reply);
    var keys = Object.keys(f);
    var pairs = pending, device = smcalc.state().device;
    var before = error_of(api, pairs, device);
    var raw = {};  // the values as given, checked by the JS API as given (a string for a count is an error)
    for (var i = 0; i < keys.length; ++i) {
      var key = keys[i], v = f[key], row = COMPOSITE[key] ? null : row_of(key);
      if (!COMPOSITE[key] && !row) {
        var no = not_input(api, key, v);
        return fail(no[0], key, no[1], reply);
      }
      if (key === 'mode') {
        if (v !== 'kernel' && v !== 'tile')
          return fail('invalid_input', 'mode', 'mode must be "kernel" or "tile"; got ' + JSON.stringify(v), reply);
        pairs = put(pairs, 'm', v);
      } else if (key === 'gpu') {
        if (typeof v !== 'string') return fail('invalid_input', 'gpu', 'gpu must be a GPU name, e.g. "A100"; got ' + JSON.stringify(v), reply);
        var g = api.handle({op: 'occupancy', gpu: v});
        if (g.error) return fail(g.error.id, 'gpu', g.error.message, reply);
        // Another GPU: the custom device's overrides go (they were changes of the old one).
        pairs = put(pairs.filter(function (p) { return p[0].slice(0, 2) !== 'd.'; }), 'gpu', g.gpu);
      } else if (key === 'cluster') {
        raw.cluster = v;
        pairs = put(pairs, 'cl', v === null || v === undefined ? undefined : Array.isArray(v) ? v.join('x') : v);
      } else if (key === 'problem') {
        raw.problem = v;
        var on = v !== null && v !== undefined;
        pairs = put(pairs, 'p', on ? '1' : undefined);
        ['m', 'n', 'k'].forEach(function (d) { pairs = put(pairs, 'p' + d, on && typeof v === 'object' ? v[d] : undefined); });
      } else {
        raw[row.key] = v;
        var t = v === null || v === undefined ? undefined : row.codec === 'o' && typeof v === 'boolean' ? (v ? '1' : '0') : v;
        pairs = put(pairs, row.hash, t);
      }
    }
    // The JS API reads the new inputs with the message's values as given.
    var r = request(api, pairs, keys.indexOf('gpu') < 0 ? device : null);
    var amd = !r.device && is_amd(api, r.gpu);
    var other = null;  // the first error of a field the active mode does not read, checked as its own op would
    Object.keys(raw).forEach(function (k) {
      if (raw[k] === null || raw[k] === undefined) return;
      var kk = r.op === 'tile' && amd && k === 'warps' ? 'waves' : k;
      if (kk in r || k === 'cluster' || (k === 'problem' && r.op === 'tile')) {
        r[kk] = raw[k];
      } else if (!other) {  // tile fields in kernel mode, kernel fields in tile mode
        var o = {op: byKey[k] && byKey[k].table === 't' ? 'tile' : 'occupancy', gpu: r.gpu || 'H100 SXM5'};
        o[k] = raw[k];
        o = api.handle(o);
        if (o.error && o.error.field === k) other = o.error;
      }
    });
    var a = other ? {error: other} : api.handle(r);
    // Refused: an input the JSON API refuses (and was not refusing before this message). Accepted: a valid input
    // the hardware cannot run ("unsupported", "not_achievable"): the page shows why, the "change" has that error.
    if (a.error && !ANSWER_ERRORS[a.error.id] && JSON.stringify(a.error) !== before)
      return fail(a.error.id, a.error.field, a.error.message, reply);
    pending = pairs;
    post({type: 'ok', id: reply.id}, reply.origin);
  }

  // ---- the message queue: one burst, one apply -------------------------------------------------------------
  var queue = [];
  var flushing = false;
  function flush() {
    flushing = false;
    smcalc.api().then(function (api) {
      var batch = queue;
      queue = [];
      pending = parse(smcalc.state().hash);
      var start = pending;
      batch.forEach(function (m) {
        var msg = m.data, reply = {id: undefined, origin: m.origin};
        if (msg === null || typeof msg !== 'object' || Array.isArray(msg))
          return fail('bad_message', '', 'a message must be an object {smcalc: 1, type: ...}; got ' +
            (msg === null ? 'null' : Array.isArray(msg) ? 'an array' : typeof msg), reply);
        reply.id = typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : undefined;
        if (msg.smcalc !== VERSION)
          return fail(msg.smcalc === undefined ? 'bad_message' : 'bad_version', 'smcalc', msg.smcalc === undefined
            ? 'a message must carry the protocol version: {smcalc: 1, type: ...}'
            : 'protocol version ' + JSON.stringify(msg.smcalc) + ' is not supported; this calculator speaks version 1', reply);
        if (msg.type === 'set') return set(api, msg, reply);
        if (msg.type === 'get') {
          if (!same(pending, start)) apply(api);  // the sets before it first
          start = pending;
          var a = answer_of(api);
          a.type = 'answer';
          a.id = reply.id;
          return post(a, reply.origin);
        }
        fail('unknown_type', 'type', 'unknown message type ' + JSON.stringify(msg.type) + '; known: "set", "get"', reply);
      });
      if (!same(pending, start)) apply(api);
    }, function (e) {
      queue.forEach(function (m) { fail('unavailable', '', 'the calculator could not load its JS API (' + e.message + ')', {origin: m.origin}); });
      queue = [];
    });
  }
  function apply(api) {  // the burst's sets, at once
    ++stats.applied;
    smcalc.set_hash(text(pending));
    keep = pending;
    if (opt.quiz) ask(api);  // the host's new inputs are a new question
    changed(api);
  }
  window.addEventListener('message', function (e) {
    ++stats.received;
    if (problem || e.source !== parent || (allowed !== '*' && e.origin !== allowed && !(local && /^(null|file:\/\/)$/.test(e.origin)))) {
      ++stats.refused;
      if (stats.refused_origins.indexOf(e.origin) < 0 && stats.refused_origins.length < 8) stats.refused_origins.push(e.origin);
      return;
    }
    ++stats.accepted;
    queue.push({data: e.data, origin: e.origin});
    if (!flushing) {
      flushing = true;
      setTimeout(flush, 0);
    }
  });
  // ---- embed options by URL (docs/embedding.md): quiz, lock, tab, compact, theme, examples ----------------
  // Read once; a bad one is an "error" after "ready" (field: the parameter) and a warning, and is left out.
  var q = new URLSearchParams(location.search);
  var opt = {quiz: false, locked: '', tab: '', compact: false, theme: null, heading: null};
  var bad = [];
  var keep = null;    // the hash when the locked inputs were last set (by the host or the link)
  var verdict = ['', 0], form = null, layout = [HEIGHT, null];
  var TABS = {tile: 'Tile', budget: 'Budget', clusters: 'Clusters', graphs: 'Graphs', heatmap: 'Heatmap', next: 'Next', why: 'Why'};
  var LOCK = {gpu: 'gpu', mode: 'm', cluster: 'cl,np', problem: 'p', m: 'tm', n: 'tm', k: 'tm', a: 'ta', b: 'ta'};
  function flag(name) {
    var v = q.get(name);
    if (v === null || v === '0' || v === '1') return v === '1';
    bad.push([name, name + ' must be 1 or 0; got ' + JSON.stringify(v)]);
    return false;
  }
  function options(api) {
    opt.quiz = flag('quiz');
    opt.compact = flag('compact');
    var t = q.get('tab');
    if (t !== null && !TABS[t]) bad.push(['tab', 'tab must be one of ' + Object.keys(TABS).join(', ') + '; got ' + JSON.stringify(t)]);
    else if (t) opt.tab = TABS[t];
    t = q.get('theme');
    if (t !== null && !/^(host|dark|light)$/.test(t)) bad.push(['theme', 'theme must be host, dark or light; got ' + JSON.stringify(t)]);
    else opt.theme = t;  // read by the page itself (web/platform_html5.cpp), which ignores a bad one too
    t = q.get('examples');
    if (t !== null && t.length > 60) bad.push(['examples', 'examples must be a heading of at most 60 characters; got ' + t.length]);
    else opt.heading = t;
    // lock: inputs by their "set" names (the CLI's spellings too), or all; as the page's hash keys.
    var keys = [];
    (q.get('lock') || '').split(',').forEach(function (k) {
      k = k.trim();
      var row = row_of(k);
      if (k === 'all') keys.push('gpu,m,cl,np,p,tm,ta', Object.keys(byHash).filter(function (h) { return h[1] !== '.'; }).join(','));
      else if (LOCK[k] || row) keys.push(LOCK[k] || row.hash);
      else if (k) bad.push(['lock', 'lock: ' + not_input(api, k, 1)[1]]);
    });
    opt.locked = keys.length ? ',' + keys.join(',') + ',' : '';
    stats.options = JSON.parse(JSON.stringify(opt));  // as read (show() forgets the tab once it is open)
    bad.forEach(function (b) { console.warn('smcalc: ' + b[1]); });
    keep = parse(smcalc.state().hash);
    if (opt.quiz) ask(api); else show();
  }
  // A C string of `t` in the page's memory (0 for null; the caller frees it). By hand: the page's glue is minified
  // (web/pack_page.py), so Emscripten's allocateUTF8 is no global this script can call; Module's exports and its
  // HEAPU8 (kept current when memory grows) are.
  function c_string(t) {
    if (t === null) return 0;
    var b = new TextEncoder().encode(t), p = Module._malloc(b.length + 1);
    Module.HEAPU8.set(b, p);
    Module.HEAPU8[p + b.length] = 0;
    return p;
  }
  // The options as the page draws them (web/app.hpp ui_set_embed).
  function show() {
    var a = [opt.locked, opt.tab, opt.heading, verdict[0]].map(c_string);
    Module._smcalc_page_embed((opt.quiz && !verdict[0] ? 1 : 0) | (opt.compact ? 2 : 0), a[0], a[1], a[2], a[3], verdict[1]);
    a.forEach(function (p) { if (p) Module._free(p); });
    opt.tab = '';
  }
  // The reader changed a locked input (a suggestion's Apply, a preset): it goes back.
  function locks() {
    if (!opt.locked || !keep) return;
    var back = parse(smcalc.state().hash), moved = false;
    opt.locked.split(',').forEach(function (k) {
      if (k && get(back, k) !== get(keep, k)) { back = put(back, k, get(keep, k)); moved = true; }
    });
    if (moved) smcalc.set_hash(text(back));
  }

  // ---- predict first: the form over the answer's place, then the answer and the mark ----------------------
  function ask(api) {
    verdict = ['', 0];
    stats.quiz = null;
    show();
    var tile = get(parse(smcalc.state().hash), 'm') === 'tile';
    if (!form) {
      form = document.createElement('form');
      form.id = 'smcalc-quiz';
      form.style.cssText = 'position:fixed;box-sizing:border-box;padding:12px 14px;margin:0;overflow:auto;background:Canvas;color:CanvasText;' +
        'color-scheme:' + (q.get('theme') === 'light' || q.get('theme') === 'dark' ? q.get('theme') : 'dark light');
      own_keys(form);
      document.body.appendChild(form);
      form.onsubmit = function (e) { e.preventDefault(); smcalc.api().then(check); };
    }
    form.innerHTML = '<p style="margin:0 0 8px"><b>Predict first.</b> ' + (tile
      ? 'Does this tile fit on one SM?</p><label><input type="radio" name="fits" value="1" required> It fits</label> ' +
        '<label><input type="radio" name="fits" value="0"> It does not fit</label>'
      : 'How many CTAs of this kernel fit on one SM, and which resource limits them?</p>' +
        '<label>CTAs per SM <input name="ctas" type="number" min="0" max="64" required style="width:4em"></label> ' +
        '<label>limited by <select name="limit" required><option value="">choose</option><option value="regs">registers</option>' +
        '<option value="smem">shared memory</option><option value="warps">warps</option><option value="blocks">CTA slots</option>' +
        '<option value="barriers">barriers</option></select></label>') +
      ' <button>Check</button>';
    place();
  }
  function place() {
    var r = layout[1];
    if (!form) return;
    form.hidden = !!verdict[0] || !r || !r[2];
    if (r) form.style.cssText += ';left:' + r[0] + 'px;top:' + r[1] + 'px;width:' + r[2] + 'px;height:' + r[3] + 'px';
  }
  function check(api) {
    var a = answer_of(api), r = a.result, f = form.elements, p, ans, right, say;
    var limit = {regs: 'registers', smem: 'shared memory', warps: 'warps', blocks: 'CTA slots', barriers: 'barriers'};
    if (a.request.op === 'tile') {
      p = {fits: f.fits.value === '1'};
      ans = {fits: !r.error && r.fits === true};
      right = p.fits === ans.fits;
      say = (right ? 'Right: it ' : 'Not quite: you predicted it ' + (p.fits ? 'fits' : 'does not fit') + '; it ') + (ans.fits ? 'fits.' : 'does not fit.');
    } else {
      p = {blocks_per_sm: Number(f.ctas.value), limiting: f.limit.value};
      ans = {blocks_per_sm: r.error ? null : r.blocks_per_sm, limiting: r.error ? [] : r.limiting};
      right = p.blocks_per_sm === ans.blocks_per_sm && ans.limiting.indexOf(p.limiting) >= 0;
      say = ans.blocks_per_sm + ' CTAs per SM, limited by ' + ans.limiting.map(function (k) { return limit[k]; }).join(' and ') + '.';
      say = right ? 'Right: ' + say : 'Not quite: you predicted ' + p.blocks_per_sm + ', limited by ' + limit[p.limiting] + '. The answer: ' + say;
    }
    verdict = [say, right ? 1 : 0];
    opt.tab = a.request.op === 'tile' ? 'Tile' : 'Why';  // the answer with its derivation
    show();
    place();
    stats.quiz = {kind: a.request.op === 'tile' ? 'tile' : 'kernel', prediction: p, answer: ans, right: right};
    var m = JSON.parse(JSON.stringify(stats.quiz));
    m.type = 'quiz';
    m.hash = a.hash;
    m.request = a.request;
    m.result = r;
    post(m);
  }

  // The page's layout: the height it needs (posted as "resize") and the place of the prediction form.
  smcalc.onlayout = function (h, rect) {
    var was = layout[0];
    layout = [h, rect];
    place();
    if (h !== was && ready) post({type: 'resize', height: h});
  };
  var ready = false;
  // Changes by the reader (or a link): once per burst (web/platform_html5.cpp js_set_hash).
  smcalc.onchange = function () { smcalc.api().then(function (api) { locks(); if (!problem) changed(api); }, function () {}); };
  smcalc.api().then(function (api) {
    options(api);
    if (problem) return;
    posted = smcalc.state().hash;
    ready = true;
    post({type: 'ready', version: VERSION, height: layout[0], hash: posted});
    bad.forEach(function (b) { fail('invalid_input', b[0], b[1], {}); });
  }, function () {});
})();
