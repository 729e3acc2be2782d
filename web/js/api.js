// web/js/api.js - the JS API of smcalc-api.js (--post-js): plain objects in, plain objects out. A request
// goes to C++ as one line of JSON text (web/bindings.cpp: the `smcalc batch` contract) and the answer comes
// back as a fresh object. Errors are answers, {error: {id, message, field}}; nothing here throws.
(function () {
  function fail(message) {
    return {error: {id: 'bad_request', message: message, field: ''}};
  }
  // JSON has no NaN or Infinity and JSON.stringify would silently write null (= "use the default"): send
  // them as text instead, so the solver rejects them with the field's own error.
  function replacer(key, value) {
    return typeof value === 'number' && !isFinite(value) ? String(value) : value;
  }
  // In JS 8.0 === 8, and JSON.stringify writes 8, which the contract rejects (is it 8.0 or sm_8?). A whole
  // number below 20 as a compute capability can only mean major.0: send it as "8.0".
  function cc(value) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 20 ? value + '.0' : value;
  }
  function call(op, request) {
    if (request === undefined || request === null) request = {};
    if (typeof request !== 'object' || Array.isArray(request)) {
      return fail('the request must be a JSON object, e.g. {gpu: "A100", threads: 256}');
    }
    var copy = {};
    for (var key in request) {
      if (Object.prototype.hasOwnProperty.call(request, key)) copy[key] = request[key];
    }
    if (op) copy.op = op;
    if ('cc' in copy) copy.cc = cc(copy.cc);
    if (copy.device && typeof copy.device === 'object' && !Array.isArray(copy.device) && 'cc' in copy.device) {
      var device = {};
      for (var field in copy.device) device[field] = copy.device[field];
      device.cc = cc(device.cc);
      copy.device = device;
    }
    var text;
    try {
      text = JSON.stringify(copy, replacer);
    } catch (e) {
      return fail('malformed request: it cannot be written as JSON (' + (e && e.message ? e.message : e) + ')');
    }
    try {
      return JSON.parse(Module['smcalc_handle'](text));
    } catch (e) {
      return {error: {id: 'internal', message: 'the module failed: ' + (e && e.message ? e.message : e), field: ''}};
    }
  }
  var api = {
    occupancy: function (request) { return call('occupancy', request); },
    block_size: function (request) { return call('block_size', request); },
    dynamic_smem: function (request) { return call('dynamic_smem', request); },
    tile: function (request) { return call('tile', request); },
    gpus: function () { return call('gpus', {}); },
    archs: function () { return call('archs', {}); },
    // Any request of the batch contract, with its own "op".
    handle: function (request) { return call('', request); }
  };
  for (var name in api) Module[name] = api[name];
})();
