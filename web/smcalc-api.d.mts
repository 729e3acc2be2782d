// smcalc-api.d.mts - TypeScript declarations of smcalc-api.mjs, the ES-module entry of smcalc's JS API. TypeScript
// looks for a module's declarations under the module's own name (smcalc-api.mjs -> smcalc-api.d.mts); the types
// themselves are in smcalc.d.ts beside it (also the globals of the classic script smcalc-api.js and the page).
//
//   import createSmcalcApi, { type OccupancyAnswer } from './smcalc-api.mjs';
//   const api = await createSmcalcApi();
//   const a = api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: '24KB' });
//   if (a.error) console.error(a.error.field, a.error.message);
//   else if (a.vendor !== 'amd') console.log(a.blocks_per_sm);  // 5
import type { SmcalcApi } from './smcalc.js';

export type * from './smcalc.js';

declare function createSmcalcApi(): Promise<SmcalcApi>;
export default createSmcalcApi;
export { createSmcalcApi };
