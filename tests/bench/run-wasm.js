// tests/bench/run-wasm.js - runs build/bench-wasm/smcalc_bench_wasm.js under node:
//   node tests/bench/run-wasm.js BUILD_DIR [REPS]
// Node 20's global fetch makes Emscripten 3.1.6's loader fetch() the .wasm by file path, which fails
// ("Failed to parse URL"); without fetch it reads the file with fs (docs: toolchain notes, pitfall 3).
'use strict';
const path = require('path');
delete globalThis.fetch;
const dir = path.resolve(process.argv[2] || 'build/bench-wasm');
process.argv = [process.argv[0], path.join(dir, 'smcalc_bench_wasm.js'), ...process.argv.slice(3)];
require(path.join(dir, 'smcalc_bench_wasm.js'));
