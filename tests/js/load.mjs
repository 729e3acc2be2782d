// tests/js/load.mjs - loads the built JS API module (dist/smcalc-api.js, or $SMCALC_DIST/smcalc-api.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dist = process.env.SMCALC_DIST || path.resolve(here, '../../dist');

export async function loadApi() {
  const require = createRequire(import.meta.url);
  const createSmcalcApi = require(path.join(dist, 'smcalc-api.js'));
  return createSmcalcApi();
}
