// smcalc-api.mjs - ES module entry of the smcalc JS API (no UI): `import createSmcalcApi from './smcalc-api.mjs'`.
// smcalc-api.js is self-contained (the WebAssembly is inside it); this file only re-exports its factory.
import './smcalc-api.js';

const createSmcalcApi = globalThis.createSmcalcApi;
export default createSmcalcApi;
export { createSmcalcApi };
