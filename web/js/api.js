// web/js/api.js - the JS API, appended (--post-js) to both builds: smcalc-api.js and the page's smcalc.js.
// Plain objects in, plain objects out: requests go to C++ as JSON text (web/bindings.cpp) and answers come
// back as fresh objects. Errors are answers, {error: {id, message, field}}; nothing here throws.
(function () {
  function fail(message) {
    return {error: {id: 'bad_request', message: message, field: ''}};
  }
  function call(op, request) {
    if (request === undefined || request === null) request = {};
    if (typeof request !== 'object' || Array.isArray(request)) {
      return fail('the request must be an object, e.g. {gpu: "A100", threads: 256}');
    }
    var text;
    try {
      text = JSON.stringify(request);
    } catch (e) {
      return fail('the request cannot be written as JSON: ' + (e && e.message ? e.message : e));
    }
    try {
      return JSON.parse(Module['smcalc_handle'](op, text));
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
    // Any request of the batch contract, with its own "op" (as one line of `smcalc batch`).
    handle: function (request) { return call('', request); }
  };
  Module['smcalcApi'] = api;
  for (var name in api) Module[name] = api[name];
})();
