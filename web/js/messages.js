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
// The page itself (not an embed) loads this file for its "Copy embed code" button (embed_dialog, first below),
// its "Paste a device report" button (report_dialog) and a compiled file dropped on it (binary_dialog): only
// ?embed=1 runs the protocol.
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
  // The page's dialog `id` (made once, with `width` and the form `html`, its keys kept from the canvas).
  function page_dialog(id, width, html) {
    var d = document.getElementById(id);
    if (d) return d;
    d = document.createElement('dialog');
    d.id = id;
    d.className = 'smcalc-dialog';
    d.style.cssText = 'max-width:' + width + ';color-scheme:dark light;background:Canvas;color:CanvasText;font:14px sans-serif';
    // The dialogs' paragraphs and full-width text fields, styled once here rather than in each dialog's HTML.
    if (!document.getElementById('smcalc-dialog-css')) {
      var css = document.createElement('style');
      css.id = 'smcalc-dialog-css';
      css.textContent = '.smcalc-dialog p{margin:6px 0}.smcalc-dialog textarea,.smcalc-dialog input[name=base]' +
        '{width:100%;box-sizing:border-box}.smcalc-dialog textarea{font:12px monospace}';
      document.head.appendChild(css);
    }
    d.innerHTML = html;
    own_keys(d);
    document.body.appendChild(d);
    return d;
  }
  // A dialog's form: its heading (HTML; empty for one set later as text) and body.
  function form(title, body) {
    return '<form method="dialog"><h2 style="margin:0 0 8px;font-size:16px">' + title + '</h2>' + body + '</form>';
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
  // use: "" (the reader changes anything), "quiz" (the reader predicts first; the inputs locked), "lock" (a worked
  // example: the inputs locked), "compare" (the Compare view, with the GPUs chosen on this page: cmp=1 in the hash).
  var USES = {quiz: [' quiz lock="all"', '&quiz=1&lock=all'], lock: [' lock="all"', '&lock=all']};
  function snippet(base, hash, kind, use) {
    var amp = function (u) { return u.replace(/&/g, '&amp;'); };
    if (use === 'compare') hash = hash.replace(/(^|&)cmp=[^&]*/g, '') + '&cmp=1';
    var opt = USES[use] || ['', ''];
    if (kind === 'iframe')
      return '<iframe src="' + amp(base + 'index.html?embed=1' + opt[1] + '#' + hash) + '" title="SM resource calculator" ' +
        'allow="clipboard-write" style="width:100%;height:480px;border:0"></iframe>';
    // mode: <sm-calc> sends "kernel" without one (docs/embedding.md), which would undo a tile in the hash.
    return '<script src="' + amp(base) + 'embed.js"></script>\n<sm-calc src="' + amp(base + 'index.html#' + hash) +
      '" mode="' + (/(^|&)m=kernel(&|$)/.test(hash) ? 'kernel' : 'tile') + '"' + opt[0] + '></sm-calc>';
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
    var d = page_dialog('smcalc-embed', '42em', form('Embed code for a course page',
        '<label>Where the calculator is on your site (the folder of index.html and embed.js from dist/):<br>' +
        '<input name="base" spellcheck="false" placeholder="https://course.example/smcalc/"></label>' +
        '<p id="smcalc-embed-note"></p><p><label><input type="radio" name="kind" value="element" checked> &lt;sm-calc&gt;: sizes ' +
        'itself to the calculator (your page loads embed.js)</label><br><label><input type="radio" name="kind" ' +
        'value="iframe"> &lt;iframe&gt;: for sites that allow no scripts (a learning platform); 480 px high</label></p>' +
        '<p><label>For <select name="use"><option value="">readers to explore (they change anything)' +
        '</option><option value="quiz">a quiz (the reader predicts first; inputs locked)</option><option value="lock">a ' +
        'worked example (inputs locked)</option><option value="compare">a comparison (these inputs on the GPUs of ' +
        'this page\'s Compare view)</option></select></label></p>' +
        '<textarea name="code" rows="4" readonly></textarea><p>For a page that talks to the calculator (sets inputs, reads answers), see ' +
        'docs/embedding.md.</p><button type="button" name="copy">Copy</button> <button>Close</button> ' +
        '<span id="smcalc-embed-status" role="status"></span>'));
    var f = d.querySelector('form'), note = d.querySelector('#smcalc-embed-note'), status = d.querySelector('#smcalc-embed-status');
    var own = location.protocol === 'file:' ? '' : location.href.replace(/[?#].*$/, '').replace(/[^/]*$/, '');
    var kept = stored();
    function update(first) {
      var b = base_of(f.base.value);
      status.textContent = '';
      f.code.value = b.error ? '' : snippet(b.url, hash, f.kind.value, f.use.value);
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
    f.use.onchange = function () { update(false); };
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

  // ---- "Paste a device report" (issue 33): the device a pasted report describes --------------------------------
  // The JS API (smcalc-api.js, loaded on demand) reads the text as a request's device_report (deviceQuery,
  // nvidia-smi -q, rocminfo, cudaDeviceProp JSON, PyTorch's repr; core/src/device_report.cpp); its answer's gpu and
  // device become the hash's: the product row where the report matches it, else the current GPU with every device
  // field set to the report's (d.cc and d.<field>: the custom device editor shows them, starred). What was read,
  // the row it matches and where they differ are the answer's warnings, shown under the box.
  function report_hash(hash, a) {
    var kept = hash.split('&').filter(function (p) { return p && !/^(gpu|d\.[^=]*)=/.test(p); });
    var base = (hash.match(/(?:^|&)gpu=([^&]*)/) || [])[1];
    var out = [];
    if (a.gpu) {
      out.push('gpu=' + encodeURIComponent(a.gpu));
    } else {
      if (base) out.push('gpu=' + base);
      out.push('d.cc=' + a.device.cc);
      window.smcalc.fields().forEach(function (r) {  // [table, key, hash key, codec, flag]
        if (r[0] === 'd') out.push('d.' + r[2] + '=' + (a.device[r[1]] === null ? 0 : a.device[r[1]]));
      });
    }
    return out.concat(kept).join('&');
  }
  window.smcalc.report_dialog = function (hash) {
    var d = page_dialog('smcalc-report', '46em', form('Paste a device report',
        '<p>What your machine printed: deviceQuery, nvidia-smi -q or rocminfo, a cudaDeviceProp JSON dump or ' +
        'print(torch.cuda.get_device_properties(0)).</p><textarea name="text" rows="12" spellcheck="false"></textarea>' +
        '<p id="smcalc-report-note" role="status" style="white-space:pre-wrap"></p><button type="button" name="use">Use ' +
        'this device</button> <button>Close</button>'));
    var f = d.querySelector('form'), note = d.querySelector('#smcalc-report-note');
    note.textContent = '';
    f.use.onclick = function () {
      note.style.color = '';
      note.textContent = 'Reading...';
      window.smcalc.api().then(function (api) {
        var a = api.occupancy({device_report: f.text.value});
        if (a.error) {
          note.style.color = '#e5534b';
          note.textContent = a.error.message;
          return;
        }
        if (!a.gpu && !a.device) {
          // An AMD report whose CUs differ from its row (a CPX partition): the API answers a custom AMD device, which
          // the page's hash cannot hold (it names AMD GPUs only): the page is left as it is, and says so.
          note.textContent = (a.warnings || []).concat(['The page has no custom AMD device: it keeps its GPU. ' +
            'The JS API and the CLI (--device-report) answer for the report\'s ' + a.cu_count + ' CUs.']).join('\n');
          return;
        }
        // The inputs as they are now (an earlier report may have changed them since the dialog opened).
        window.smcalc.set_hash(report_hash(window.smcalc.state ? window.smcalc.state().hash : hash, a));
        note.textContent = (a.warnings || []).join('\n');
      }, function (e) { note.style.color = '#e5534b'; note.textContent = 'smcalc: ' + e.message; });
    };
    if (!d.open) d.showModal();
    f.text.focus();
  };
  window.smcalc.report_hash = report_hash;  // for tests
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
    var d = page_dialog('smcalc-binary', '60em', '');
    d.innerHTML = form('', '<p id="smcalc-binary-note"></p><table id="smcalc-binary-kernels" ' +
      'style="border-collapse:collapse"></table><p style="margin:8px 0 0"><button>Close</button></p>');
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
  // One JS API for the calculator's frames of a page (web/js/page.js shared_api, started with smcalc.js).
  var shared_api = smcalc.shared_api;
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
  var COMPOSITE = map(['gpu', 'mode', 'cluster', 'problem', 'compare']);
  var ANSWER_ERRORS = map(['unsupported', 'not_achievable']);
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
  // The request the page's inputs make: op occupancy (kernel mode) or tile, with the fields the mode and the GPU's
  // vendor read. Written by the JS API module from the page's own hash reader (web/page_request.cpp), so the embed
  // code keeps no copy of the page's defaults, vendors or field rules.
  function request(api, pairs) {
    return JSON.parse(api.smcalc_page_request(text(pairs)));
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
    refused[field || 'message'] = message;  // shown in the calculator too (banner), not only posted
    banner();
    post({type: 'error', id: reply.id, error: {id: id, field: field, message: message}}, reply.origin);
  }
  // The refused messages and options, visible in the calculator (issue 31: an error event alone goes unseen):
  // a strip at the bottom naming each field and why, until a later "set" of that field is taken or the reader
  // closes it. The calculator keeps the inputs it last accepted.
  var refused = Object.create(null), strip = null;
  function banner() {
    var keys = Object.keys(refused);
    stats.refused_fields = keys.slice();
    if (!keys.length) { if (strip) strip.hidden = true; return; }
    if (!strip) {
      strip = document.createElement('div');
      strip.id = 'smcalc-refused';
      strip.setAttribute('role', 'alert');
      own_keys(strip);
      document.body.appendChild(strip);
    }
    var light = (theme() || (matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark')) === 'light';
    strip.style.cssText = 'position:fixed;left:0;right:0;bottom:0;max-height:40%;overflow:auto;box-sizing:border-box;padding:6px 34px 6px 10px;' +
      'font:13px/1.35 sans-serif;white-space:normal;overflow-wrap:anywhere;' +
      (light ? 'background:#fde8e8;color:#6b0d0d;border-top:2px solid #c0392b' : 'background:#3a1416;color:#ffd7d5;border-top:2px solid #e5534b');
    strip.textContent = '';
    var head = document.createElement('b');
    head.textContent = 'Not applied (the calculator shows the inputs it last accepted): ';
    strip.appendChild(head);
    keys.forEach(function (k, i) {
      var line = document.createElement('span');
      line.textContent = (i ? '; ' : '') + (k === 'message' ? '' : k + ': ') + refused[k];
      strip.appendChild(line);
    });
    var x = document.createElement('button');
    x.textContent = '\u00d7';
    x.title = 'Close';
    x.setAttribute('aria-label', 'Close');
    x.style.cssText = 'position:absolute;right:6px;top:4px;font:14px sans-serif';
    x.onclick = function () { refused = Object.create(null); banner(); };
    strip.appendChild(x);
  }
  // The page's inputs as a JS API request, and its answer. `reveal`: the answer even while a quiz waits for the
  // reader's prediction; without it (the "answer" and "change" messages, the element's result) a waiting quiz's
  // answer is {hidden: "quiz"}: no host script, console or link shows it before the reader predicts.
  function answer_of(api, reveal) {
    var state = smcalc.state();
    var r = request(api, parse(state.hash));
    var hide = !reveal && opt.quiz && !verdict[0];
    return {hash: state.hash, request: r, result: hide ? {hidden: 'quiz', message: 'the answer is hidden until the reader ' +
      'makes a prediction (quiz); it comes with the "quiz" message'} : api.handle(r)};
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
  function error_of(api, pairs) {
    var a = api.handle(request(api, pairs));
    return a.error ? JSON.stringify(a.error) : null;
  }
  function set(api, msg, reply) {
    var f = msg.fields;
    if (f === null || typeof f !== 'object' || Array.isArray(f))
      return fail('bad_message', 'fields', 'a "set" message needs "fields": an object of inputs, e.g. {threads: 256}', reply);
    var keys = Object.keys(f);
    var pairs = pending;
    var before = error_of(api, pairs);
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
      } else if (key === 'compare') {
        // The GPUs side by side (the page's Compare view, hash keys cmp and cg): 1 to 4 names, or null for one GPU.
        var list = v === null || v === undefined ? null : typeof v === 'string' ? v.split(',') : v, names = [];
        if (list !== null && (!Array.isArray(list) || !list.length || list.length > 4))
          return fail('invalid_input', 'compare', 'compare must be 1 to 4 GPU names, e.g. ["H100", "MI300X"] or "H100,MI300X", or null ' +
            'for one GPU; got ' + JSON.stringify(v), reply);
        for (var j = 0; list && j < list.length; ++j) {
          var cg = typeof list[j] === 'string' ? api.handle({op: 'occupancy', gpu: list[j].trim()}) : {error: {id: 'invalid_input',
            message: 'compare must list GPU names; got ' + JSON.stringify(list[j])}};
          if (cg.error) return fail(cg.error.id, 'compare', cg.error.message, reply);
          names.push(cg.gpu);
        }
        pairs = put(put(pairs, 'cmp', list ? '1' : undefined), 'cg', list ? names.join(',') : undefined);
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
    var r = request(api, pairs);
    var amd = 'vgprs' in r || 'waves' in r;  // the request of an AMD GPU has its kernel's VGPRs or its tile's waves
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
    keys.forEach(function (k) { delete refused[k]; });
    banner();
    post({type: 'ok', id: reply.id}, reply.origin);
  }

  // ---- the message queue: one burst, one apply -------------------------------------------------------------
  var queue = [];
  var flushing = false;
  function flush() {
    flushing = false;
    shared_api().then(function (api) {
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
        if (msg.type === 'reset') {  // back to the host's last accepted inputs (or the link's), and a quiz asks again
          if (keep) pending = keep.slice();
          if (!same(pending, start)) apply(api); else if (opt.quiz) ask(api);
          start = pending;
          return post({type: 'ok', id: reply.id}, reply.origin);
        }
        if (msg.type === 'retry') {  // a quiz asks again (the same inputs)
          if (!opt.quiz) return fail('not_quiz', 'type', '"retry" asks a quiz again: this calculator has no quiz (quiz=1)', reply);
          ask(api);
          return post({type: 'ok', id: reply.id}, reply.origin);
        }
        if (msg.type === 'restore') {  // a state saved from an "answer" or "change": its hash
          if (typeof msg.hash !== 'string' || msg.hash.length > 4096)
            return fail('bad_message', 'hash', 'a "restore" needs "hash": the text of an "answer" or "change" message\'s hash (at most 4,096 characters)', reply);
          pending = parse(msg.hash);
          // The hash's values as written, checked by the JS API as a set's are (the page's reader would take an
          // out-of-range value as its default, with a notice).
          var rq = request(api, pending);
          pending.forEach(function (p) {
            var row = byHash[p[0]], v = p[1];
            if (!row || !(row.key in rq)) return;
            if (row.codec === 'o') v = v === '1' || v === 'true';
            else if ((row.codec === 'i' || row.codec === 'b') && /^-?\d+$/.test(v)) v = Number(v);
            else if (v === 'default') v = -1;
            rq[row.key] = v;
          });
          var bad = api.handle(rq).error;
          if (bad && !ANSWER_ERRORS[bad.id]) { pending = start; return fail(bad.id, bad.field, bad.message, reply); }
          if (!same(pending, start)) apply(api);
          start = pending;
          return post({type: 'ok', id: reply.id}, reply.origin);
        }
        if (msg.type === 'theme') {
          if (!/^(dark|light|host)$/.test(msg.theme))
            return fail('invalid_input', 'theme', 'theme must be dark, light or host; got ' + JSON.stringify(msg.theme), reply);
          opt.theme = msg.theme;
          show();
          place();
          banner();
          return post({type: 'ok', id: reply.id}, reply.origin);
        }
        if (msg.type === 'questions') {
          var qs = msg.questions === null ? null : questions_of(msg.questions);
          if (qs && qs.error) return fail('invalid_input', qs.error[0], qs.error[1], reply);
          authored = qs;
          delete refused.questions;
          banner();
          if (opt.quiz) ask(api);
          return post({type: 'ok', id: reply.id}, reply.origin);
        }
        fail('unknown_type', 'type', 'unknown message type ' + JSON.stringify(msg.type) + '; known: "set", "get", "reset", "retry", ' +
          '"restore", "theme", "questions"', reply);
      });
      if (!same(pending, start)) apply(api);
      release();
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
  var opt = {quiz: false, locked: '', tab: '', compact: false, theme: null, heading: null, scroll: 'page'};
  // An embed in a host page that talks to it draws from the host's first messages on (or 300 ms after "ready").
  var holding = parent !== window && q.get('origin') !== null;
  function release() { if (holding) { holding = false; show(); } }
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
    t = q.get('ask');  // the quiz's questions by name (a plain iframe's way; <sm-calc> may send them as a message)
    if (t !== null) {
      var qs = questions_of(t.split(',').map(function (x) { return x.trim(); }));
      if (qs.error) bad.push(['ask', qs.error[1].replace(/^questions(\[\d+\]\.ask)?/, 'ask')]);
      else authored = qs;
    }
    t = q.get('scroll');
    if (t !== null && !/^(page|calculator)$/.test(t)) bad.push(['scroll', 'scroll must be page or calculator; got ' + JSON.stringify(t)]);
    else opt.scroll = t || 'page';
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
    // scroll=page: the browser may pan on a swipe (the page's CSS says none); over a control the calculator's
    // touch listener still takes the gesture (it cancels the touchstart's default).
    var canvas = document.getElementById('canvas');
    if (canvas && opt.scroll === 'page') canvas.style.touchAction = 'pan-x pan-y';
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
    // 4: the theme is given, 8: dark (web/ui.cpp ui_set_embed): the theme can change after the page started.
    // 16: draw nothing yet (web/platform_html5.hpp Held): a host page sends its inputs right after "ready"
    // (embed.js does), and the calculator's own default state must not show meanwhile (docs/embedding.md).
    Module._smcalc_page_embed((opt.quiz && !verdict[0] ? 1 : 0) | (opt.compact ? 2 : 0) | 4 | (dark() ? 8 : 0) | (holding ? 16 : 0),
      a[0], a[1], a[2], a[3], verdict[1]);
    a.forEach(function (p) { if (p) Module._free(p); });
    opt.tab = '';
  }
  // The colours: theme=dark or light as given; host (or none): the reader's preference, followed when it changes
  // (in a frame, Chromium and Firefox give the embedding element's color-scheme here).
  function theme() { return opt.theme === 'dark' || opt.theme === 'light' ? opt.theme : null; }
  var light = window.matchMedia ? matchMedia('(prefers-color-scheme: light)') : null;
  function dark() { return theme() ? theme() === 'dark' : !(light && light.matches); }
  if (light && light.addEventListener) light.addEventListener('change', function () { if (!theme()) { show(); place(); banner(); } });

  // Wheel and touch (scroll=page, the default): over the calculator but not over one of its controls, the wheel
  // and a one-finger swipe scroll the host page, as over an image; over a control (an input, a button, a tab, a
  // scrolled panel) they are the calculator's. scroll=calculator: always the calculator's (a full-page embed).
  // The controls' rectangles come from the page (window.smcalc.items()), taken again after each change of the
  // layout or the inputs. The calculator's own listeners sit on the canvas: one on the window, capturing, sees the
  // event first and keeps it from them, and the browser then scrolls the nearest scrollable page, the host's.
  var controls = null, asking = false, again = false;
  function refresh_controls() {
    if (asking) { again = true; return; }  // the layout changed while the last frame was being recorded
    asking = true;
    smcalc.items().then(function (list) {
      controls = list.filter(function (i) { return i.visible && i.w > 0 && i.h > 0; });
      asking = false;
      if (again) { again = false; refresh_controls(); }
    }, function () { asking = false; });
  }
  function on_control(x, y) {
    if (!controls) return true;  // not known yet: the calculator's, as before
    for (var i = 0; i < controls.length; ++i) {
      var c = controls[i];
      if (x >= c.x && x < c.x + c.w && y >= c.y && y < c.y + c.h) return true;
    }
    return false;
  }
  // Only in a frame: a calculator opened on its own (?embed=1 in a tab) has no host page, and scrolls itself.
  var framed = window.parent !== window;
  function page_scrolls(x, y) { return framed && opt.scroll === 'page' && !on_control(x, y); }
  var swiping = false;
  window.addEventListener('wheel', function (e) {
    if (e.target.id === 'canvas' && page_scrolls(e.clientX, e.clientY)) e.stopImmediatePropagation();
  }, {capture: true, passive: true});
  ['touchstart', 'touchmove', 'touchend', 'touchcancel'].forEach(function (type) {
    window.addEventListener(type, function (e) {
      if (e.target.id !== 'canvas') return;
      if (type === 'touchstart') swiping = e.touches.length === 1 && page_scrolls(e.touches[0].clientX, e.touches[0].clientY);
      if (swiping) e.stopImmediatePropagation();
      if (type === 'touchend' || type === 'touchcancel') swiping = swiping && e.touches.length > 0;
    }, {capture: true, passive: true});
  });

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
  // The questions a quiz can ask (docs/embedding.md "Quiz authoring"). `key`: the member of the quiz message's
  // prediction and answer; `of`: where it applies (nv: an NVIDIA kernel, amd: an AMD kernel, cl: an NVIDIA kernel
  // with a cluster, tile: a GEMM tile); `get`: the answer from the JS API's result (a number, or [low, high] when
  // the model gives a range). Numbers are exact counts from the model, except occupancy % (the model's fraction x
  // 100, a prediction within 0.5 % of it is right unless the author gives a range).
  var QUESTIONS = {
    ctas: {key: 'blocks_per_sm', of: 'nv', text: 'CTAs per SM', get: function (r) { return r.blocks_per_sm; }},
    workgroups: {key: 'workgroups_per_cu', of: 'amd', text: 'Workgroups per CU', get: function (r) { return r.workgroups_per_cu; }},
    waves: {key: 'waves_per_simd', of: 'amd', text: 'Waves per SIMD', get: function (r) { return r.waves_per_simd; }},
    occupancy: {key: 'occupancy_pct', of: 'nv amd', text: 'Occupancy %', tol: 0.5, get: function (r) { return Math.round(r.occupancy * 1000) / 10; }},
    limiter: {key: 'limiting', of: 'nv amd', text: 'Limited by'},
    clusters: {key: 'clusters', of: 'cl', text: 'Clusters resident on the GPU',
      get: function (r) { var m = r.cluster && r.cluster.max_active_clusters; return m ? (m.low === m.high ? m.low : [m.low, m.high]) : null; }},
    fits: {key: 'fits', of: 'tile', text: 'Does this tile fit on one SM?'}
  };
  var LIMITS = {
    nv: {regs: 'registers', smem: 'shared memory', warps: 'warps', blocks: 'CTA slots', barriers: 'barriers'},
    amd: {vgprs: 'VGPRs + AGPRs', sgprs: 'SGPRs', lds: 'LDS', workgroups: 'wave slots and barriers'}
  };
  var authored = null;  // the author's questions (?ask= or a "questions" message), checked; null: the defaults
  // An author's question list, checked: [questions] or {error: [field, message]}. Each is a name of QUESTIONS, or
  // {ask, text, accept: n | [low, high], right, wrong} (text, right and wrong: at most 300 characters each).
  function questions_of(list) {
    if (!Array.isArray(list) || !list.length || list.length > 8)
      return {error: ['questions', 'questions must be an array of 1 to 8 questions, e.g. ["occupancy", "limiter"]']};
    var out = [];
    for (var i = 0; i < list.length; ++i) {
      var q = typeof list[i] === 'string' ? {ask: list[i]} : list[i], at = 'questions[' + i + ']';
      if (!q || typeof q !== 'object' || Array.isArray(q)) return {error: [at, at + ' must be a question name or an object {ask, text, accept, right, wrong}']};
      if (!Object.prototype.hasOwnProperty.call(QUESTIONS, q.ask))
        return {error: [at + '.ask', at + '.ask must be one of ' + Object.keys(QUESTIONS).join(', ') + '; got ' + JSON.stringify(q.ask)]};
      var keys = Object.keys(q);
      for (var k = 0; k < keys.length; ++k) {
        var v = q[keys[k]];
        if (!/^(ask|text|accept|right|wrong)$/.test(keys[k])) return {error: [at + '.' + keys[k], at + ' has no member ' + JSON.stringify(keys[k]) + '; a question has ask, text, accept, right, wrong']};
        if (/^(text|right|wrong)$/.test(keys[k]) && (typeof v !== 'string' || v.length > 300))
          return {error: [at + '.' + keys[k], at + '.' + keys[k] + ' must be text of at most 300 characters']};
      }
      var a = q.accept;
      if (a !== undefined) {
        if (q.ask === 'limiter' || q.ask === 'fits') return {error: [at + '.accept', at + '.accept is for numbers: ' + q.ask + ' is checked against the model']};
        if (typeof a === 'number') a = [a, a];
        if (!Array.isArray(a) || a.length !== 2 || !a.every(function (x) { return typeof x === 'number' && isFinite(x); }) || a[0] > a[1])
          return {error: [at + '.accept', at + '.accept must be a number or [low, high] with low <= high; got ' + JSON.stringify(q.accept)]};
      }
      out.push({ask: q.ask, text: q.text, accept: a, right: q.right, wrong: q.wrong});
    }
    return out;
  }
  // The questions for the inputs now: the author's that apply (of), else the defaults of the mode and vendor.
  function asked(a) {
    var r = a.request, amd = !!(a.result && a.result.vendor === 'amd');
    var where = r.op === 'tile' ? 'tile' : amd ? 'amd' : 'nv', cl = where === 'nv' && r.cluster !== undefined;
    var fit = function (q) { var of = QUESTIONS[q.ask].of; return of.indexOf(where) >= 0 || (cl && of === 'cl'); };
    var list = (authored || []).filter(fit);
    if (list.length) return list;
    return where === 'tile' ? [{ask: 'fits'}] : [{ask: where === 'amd' ? 'workgroups' : 'ctas'}, {ask: 'limiter'}];
  }
  function ask(api) {
    verdict = ['', 0];
    stats.quiz = null;
    show();
    var a = answer_of(api, true), amd = a.result && a.result.vendor === 'amd';
    if (!form) {
      form = document.createElement('form');
      form.id = 'smcalc-quiz';
      own_keys(form);
      document.body.appendChild(form);
      form.onsubmit = function (e) { e.preventDefault(); shared_api().then(check); };
    }
    form.style.colorScheme = theme() || 'dark light';
    var qs = asked(a), html = '<p style="margin:0 0 8px"><b>Predict first.</b>' +
      (qs.length === 1 && qs[0].ask === 'fits' && !qs[0].text ? ' ' + QUESTIONS.fits.text : '') + '</p>';
    qs.forEach(function (q) {
      var label = esc(q.text || QUESTIONS[q.ask].text);
      if (q.ask === 'fits')
        html += (q.text ? '<p style="margin:0 0 4px">' + label + '</p>' : '') + '<label><input type="radio" name="fits" value="1" required> It fits</label> ' +
          '<label><input type="radio" name="fits" value="0"> It does not fit</label> ';
      else if (q.ask === 'limiter') {
        var lim = LIMITS[amd ? 'amd' : 'nv'];
        html += '<label>' + label + ' <select name="limit" required><option value="">choose</option>' + Object.keys(lim).map(function (k) {
          return '<option value="' + k + '">' + lim[k] + '</option>';
        }).join('') + '</select></label> ';
      } else {
        // The CTA count keeps its name "ctas" (the protocol's first form); the others are named by their question.
        html += '<label>' + label + ' <input name="' + q.ask + '" type="number" min="0" step="' + (q.ask === 'occupancy' ? '0.1' : '1') +
          '" required style="width:5em"></label> ';
      }
    });
    form.innerHTML = html + '<button>Check</button>';
    form.questions = qs;
    place();
  }
  function esc(t) { return String(t).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function place() {
    var r = layout[1];
    if (form) {
      form.hidden = !!verdict[0] || !r || !r[2];
      form.style.cssText = 'position:fixed;box-sizing:border-box;padding:12px 14px;margin:0;overflow:auto;background:Canvas;' +
        'color:CanvasText;color-scheme:' + (theme() || 'dark light') + (r ? ';left:' + r[0] + 'px;top:' + r[1] + 'px;width:' + r[2] + 'px;height:' + r[3] + 'px' : '');
    }
    // After a prediction: "Try again" (the same inputs, asked again), in the calculator's top right corner.
    if (opt.quiz && verdict[0] && !retry) {
      retry = document.createElement('button');
      retry.id = 'smcalc-retry';
      retry.textContent = 'Try again';
      retry.onclick = function () { shared_api().then(ask); };
      own_keys(retry);
      document.body.appendChild(retry);
    }
    if (retry) {
      retry.hidden = !opt.quiz || !verdict[0];
      retry.style.cssText = 'position:fixed;right:8px;bottom:8px;font:13px sans-serif;color-scheme:' + (theme() || 'dark light');
    }
  }
  var retry = null;
  function check(api) {
    var a = answer_of(api, true), r = a.result || {}, f = form.elements, amd = r.vendor === 'amd';
    var lim = LIMITS[amd ? 'amd' : 'nv'], p = {}, ans = {}, right = true, lines = [], out = [];
    form.questions.forEach(function (q) {
      var d = QUESTIONS[q.ask], mine, truth, ok, say;
      if (q.ask === 'fits') {
        mine = f.fits.value === '1';
        truth = !r.error && r.fits === true;
        ok = mine === truth;
        say = (ok ? 'Right: it ' : 'Not quite: you predicted it ' + (mine ? 'fits' : 'does not fit') + '; it ') + (truth ? 'fits.' : 'does not fit.');
      } else if (q.ask === 'limiter') {
        mine = f.limit.value;
        truth = r.error ? [] : r.limiting || [];
        ok = truth.indexOf(mine) >= 0;
        say = 'Limited by ' + truth.map(function (k) { return lim[k] || k; }).join(' and ') + (ok ? '.' : ' (you said ' + lim[mine] + ').');
      } else {
        mine = Number(f[q.ask === 'ctas' ? 'ctas' : q.ask].value);
        truth = r.error ? null : d.get(r);
        var range = q.accept || (Array.isArray(truth) ? truth : truth === null ? null : [truth - (d.tol || 0), truth + (d.tol || 0)]);
        ok = !!range && mine >= range[0] - 1e-9 && mine <= range[1] + 1e-9;
        var shown = truth === null ? 'no answer (' + (r.error ? r.error.message : 'not modelled') + ')' : Array.isArray(truth) ? truth[0] + ' to ' + truth[1] : truth;
        say = (q.text || d.text) + ': ' + shown + (ok ? '.' : ' (you said ' + mine + ').');
      }
      if (ok && q.right) say += ' ' + q.right;
      if (!ok && q.wrong) say += ' ' + q.wrong;
      right = right && ok;
      p[d.key] = mine;
      ans[d.key] = truth;
      lines.push(say);
      out.push({ask: q.ask, prediction: mine, answer: truth, accept: q.accept || null, right: ok, feedback: say});
    });
    var tile = a.request.op === 'tile';
    verdict = [tile && out.length === 1 ? lines[0] : (right ? 'Right. ' : 'Not quite. ') + lines.join(' '), right ? 1 : 0];
    opt.tab = tile ? 'Tile' : 'Why';  // the answer with its derivation
    show();
    place();
    stats.quiz = {kind: tile ? 'tile' : 'kernel', vendor: amd ? 'amd' : 'nvidia', prediction: p, answer: ans, right: right, questions: out};
    var m = JSON.parse(JSON.stringify(stats.quiz));
    m.type = 'quiz';
    m.hash = a.hash;
    m.request = a.request;
    m.result = a.result;
    post(m);
    posted = null;  // the answer is no longer hidden: a "change" carries it
    changed(api);
  }

  // The page's layout: the height it needs (posted as "resize") and the place of the prediction form.
  smcalc.onlayout = function (h, rect) {
    var was = layout[0];
    layout = [h, rect];
    place();
    refresh_controls();
    if (h !== was && ready) post({type: 'resize', height: h});
  };
  var ready = false;
  // Changes by the reader (or a link): once per burst (web/platform_html5.cpp js_set_hash).
  smcalc.onchange = function () { refresh_controls(); shared_api().then(function (api) { locks(); if (!problem) changed(api); }, function () {}); };
  window.addEventListener('pointerup', function () { setTimeout(refresh_controls, 50); }, true);  // a tab or a panel opened
  shared_api().then(function (api) {
    options(api);
    setTimeout(release, 300);
    if (problem) return;
    posted = smcalc.state().hash;
    ready = true;
    post({type: 'ready', version: VERSION, height: layout[0], hash: posted});
    bad.forEach(function (b) { fail('invalid_input', b[0], b[1], {}); });
  }, function () {});
})();
