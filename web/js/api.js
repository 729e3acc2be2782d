// web/js/api.js - the JS API of smcalc-api.js (--post-js): plain objects in, plain objects out. A request
// goes to C++ as one line of JSON text (web/bindings.cpp: the `smcalc batch` contract) and the answer comes
// back as a fresh object. Errors are answers, {error: {id, message, field}}; nothing here throws.
(function () {
  function fail(message, field) {
    return {error: {id: 'bad_request', message: message, field: field || ''}};
  }
  // What a thrown value says, without risking another throw (a Symbol, a throwing toString or message getter).
  function describe(e) {
    try {
      if (e && typeof e === 'object' && typeof e.message === 'string' && e.message) return e.message;
      return String(e);
    } catch (e2) {
      return 'an exception that cannot be shown';
    }
  }
  // JSON has no functions or symbols: JSON.stringify would silently drop the field (= "use the default"), so a
  // request holding one is answered with an error naming the field (its path, as the core names fields:
  // device.cc, ms[0]). Thrown from the replacer, caught in call().
  function NotJson(path, type) {
    this.path = path;
    this.type = type;
  }
  function path_of(parent, key, holder) {
    if (parent === undefined || parent === '') return String(key);
    return Array.isArray(holder) ? parent + '[' + key + ']' : parent + '.' + key;
  }
  // JSON.stringify's replacer. JSON has no NaN or Infinity and JSON.stringify would silently write null (= "use
  // the default"): send them as text instead, so the solver rejects them with the field's own error. A function
  // or symbol throws NotJson with its path (paths: holder object -> its path).
  function replacer(paths) {
    return function (key, value) {
      var path = key === '' && paths.get(this) === undefined ? '' : path_of(paths.get(this), key, this);
      if (typeof value === 'function' || typeof value === 'symbol') throw new NotJson(path, typeof value);
      if (value !== null && typeof value === 'object') paths.set(value, path);
      return typeof value === 'number' && !isFinite(value) ? String(value) : value;
    };
  }
  // In JS 8.0 === 8, and JSON.stringify writes 8, which the contract rejects (is it 8.0 or sm_8?). A whole
  // number below 20 as a compute capability can only mean major.0: send it as "8.0".
  function cc(value) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 20 ? value + '.0' : value;
  }
  var own = Object.prototype.hasOwnProperty;
  // Reading a request may run user code (getters, Proxy traps): what it throws is answered, naming the field.
  function Unreadable(field, reading, e) {
    this.field = field;
    this.message = 'malformed request: ' + reading + ' threw an exception (' + describe(e) + ')';
  }
  // The own enumerable fields of `from` into an object without a prototype, so that a field named "__proto__"
  // (JSON.parse makes one) is sent, and refused as an unknown field, instead of becoming the copy's prototype and
  // vanishing.
  function copy_fields(from, where) {
    var to = Object.create(null), keys;
    try {
      keys = Object.keys(from);
    } catch (e) {
      throw new Unreadable(where, 'listing the fields of ' + (where || 'the request'), e);
    }
    for (var i = 0; i < keys.length; ++i) {
      var field = where ? where + '.' + keys[i] : keys[i];
      try {
        to[keys[i]] = from[keys[i]];
      } catch (e) {
        throw new Unreadable(field, 'reading ' + field, e);
      }
    }
    return to;
  }
  // A compiled file (cubin, fat binary, object or executable, AMD code object, offload bundle) as bytes: a
  // Uint8Array (or any ArrayBuffer view, or an ArrayBuffer) in "text" or "compiler_output" is sent as
  // {base64: ...}, the contract's spelling of bytes (JSON strings carry text only).
  var kMaxFile = 256 * 1024 * 1024;  // binary::kMaxBinaryInput
  function bytes_of(v) {
    if (typeof ArrayBuffer === 'undefined') return null;
    if (v instanceof ArrayBuffer) return new Uint8Array(v);
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return null;
  }
  function base64(u8) {
    if (typeof Buffer === 'function' && typeof Buffer.from === 'function')
      return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString('base64');
    var s = '';
    for (var i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
    return btoa(s);
  }
  function TooLarge(field, size) {
    this.field = field;
    this.message = field + ' holds ' + size + ' bytes; at most ' + kMaxFile + ' are read';
  }
  function encode_bytes(copy) {
    ['text', 'compiler_output'].forEach(function (key) {
      if (!own.call(copy, key)) return;
      var u8 = bytes_of(copy[key]);
      if (!u8) return;
      if (u8.byteLength > kMaxFile) throw new TooLarge(key, u8.byteLength);
      copy[key] = {base64: base64(u8)};
    });
  }
  // fzstd (bundled, web/wrap_fzstd.cmake) for zstd-compressed fat binary entries; called from C++ (bindings.cpp).
  Module['smcalcZstd'] = function (input, size) {
    return smcalcFzstd.decompress(input, new Uint8Array(size));
  };
  function prepare(op, request) {
    if (request === undefined || request === null) request = {};
    if (typeof request !== 'object' || Array.isArray(request)) return null;
    var copy = copy_fields(request, '');
    encode_bytes(copy);
    if (op) copy.op = op;
    if (own.call(copy, 'cc')) copy.cc = cc(copy.cc);
    var device = copy.device;
    if (device && typeof device === 'object' && !Array.isArray(device) && own.call(device, 'cc')) {
      device = copy_fields(device, 'device');
      device.cc = cc(device.cc);
      copy.device = device;
    }
    return copy;
  }
  function call(op, request) {
    var copy;
    try {
      copy = prepare(op, request);
    } catch (e) {
      // A throwing getter or Proxy trap, a revoked Proxy: answered, never thrown.
      if (e instanceof Unreadable) return fail(e.message, e.field);
      if (e instanceof TooLarge) return {error: {id: 'invalid_input', message: e.message, field: e.field}};
      return fail('malformed request: reading it threw an exception (' + describe(e) + ')');
    }
    if (copy === null) return fail('the request must be a JSON object, e.g. {gpu: "A100", threads: 256}');
    var text;
    try {
      text = JSON.stringify(copy, replacer(new WeakMap()));
    } catch (e) {
      if (e instanceof NotJson) {
        return {error: {id: 'invalid_input', message: e.path + ' is a ' + e.type + ', which JSON cannot carry; ' +
          'give a number, string, boolean, array, object or null (or leave the field out for its default)',
          field: e.path}};
      }
      return fail('malformed request: it cannot be written as JSON (' + describe(e) + ')');
    }
    try {
      return JSON.parse(Module['smcalc_handle'](text));
    } catch (e) {
      return {error: {id: 'internal', message: 'the module failed: ' + describe(e), field: ''}};
    }
  }
  var api = {
    occupancy: function (request) { return call('occupancy', request); },
    block_size: function (request) { return call('block_size', request); },
    dynamic_smem: function (request) { return call('dynamic_smem', request); },
    tile: function (request) { return call('tile', request); },
    gpus: function () { return call('gpus', {}); },
    archs: function () { return call('archs', {}); },
    // The kernels of compiler output (text) or of a compiled file (Uint8Array / ArrayBuffer): op parse.
    parse: function (input) { return call('parse', {text: input}); },
    // Any request of the batch contract, with its own "op".
    handle: function (request) { return call('', request); }
  };
  for (var name in api) Module[name] = api[name];
})();
