// web/js/api_pre.js - the first lines inside the factory of smcalc-api.js (--pre-js), before Emscripten's
// environment code. Emscripten 3.1.6's node branch sets scriptDirectory from __dirname, which only CommonJS
// defines: loaded as an ES module (through smcalc-api.mjs in a package with "type": "module", where node reads
// every .js file as an ES module) the module died with "__dirname is not defined in ES module scope". The wasm
// is inside the file, so that folder is never read: this local __dirname keeps CommonJS's folder where there is
// one (from __filename, which it does not shadow) and is empty otherwise. tests/js/api.test.mjs loads the
// module both ways.
var __dirname = typeof __filename == 'string' ? __filename.replace(/[\\/][^\\/]*$/, '') : '';

// Several embeds on one page (issue 31): the page's api() (web/js/page.js) passes smcalcShare(compile), which
// returns a Promise of the compiled WebAssembly.Module that a sibling frame of the calculator already made (or
// of compile()'s), so five embeds decode and compile this module once. Without it (node, a plain <script>) the
// module starts as Emscripten's glue does; a failed share compiles here.
if (Module['smcalcShare']) Module['instantiateWasm'] = function (imports, done) {
  var compile = function () { return WebAssembly.compile(getBinary(wasmBinaryFile)); };
  Module['smcalcShare'](compile).catch(compile).then(function (m) {
    return WebAssembly.instantiate(m, imports).then(function (i) { done(i, m); });
  }).catch(abort);
  return {};
};
