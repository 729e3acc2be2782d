// web/js/api_pre.js - the first lines inside the factory of smcalc-api.js (--pre-js), before Emscripten's
// environment code. Emscripten 3.1.6's node branch sets scriptDirectory from __dirname, which only CommonJS
// defines: loaded as an ES module (through smcalc-api.mjs in a package with "type": "module", where node reads
// every .js file as an ES module) the module died with "__dirname is not defined in ES module scope". The wasm
// is inside the file, so that folder is never read: this local __dirname keeps CommonJS's folder where there is
// one (from __filename, which it does not shadow) and is empty otherwise. tests/js/api.test.mjs loads the
// module both ways.
var __dirname = typeof __filename == 'string' ? __filename.replace(/[\\/][^\\/]*$/, '') : '';
