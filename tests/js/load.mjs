// tests/js/load.mjs - loads the built JS API module (dist/smcalc-api.js, or $SMCALC_DIST/smcalc-api.js).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
export const dist = process.env.SMCALC_DIST || path.resolve(here, '../../dist');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

// Compiles `body` (TypeScript importing from './smcalc.js') beside smcalc.d.ts (dist/'s, else web/'s) with strict
// tsc; returns tsc's result (status 0: it type-checks).
export function typecheck(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smcalc-types-'));
  try {
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    fs.copyFileSync(fs.existsSync(path.join(dist, 'smcalc.d.ts')) ? path.join(dist, 'smcalc.d.ts')
      : path.join(root, 'web/smcalc.d.ts'), path.join(dir, 'smcalc.d.ts'));
    fs.writeFileSync(path.join(dir, 'answers.ts'), body);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', types: [], strict: true,
        noEmit: true, skipLibCheck: false },
      files: ['answers.ts'],
    }));
    return spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 120000 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function loadApi() {
  const require = createRequire(import.meta.url);
  const createSmcalcApi = require(path.join(dist, 'smcalc-api.js'));
  return createSmcalcApi();
}
