// web/js/api_extern.js - appended outside the factory of smcalc-api.js (--extern-post-js): makes
// createSmcalcApi a global however the file is loaded (classic <script>, require(), or import through
// smcalc-api.mjs, where top-level names are not global).
if (typeof globalThis !== 'undefined') globalThis['createSmcalcApi'] = createSmcalcApi;
