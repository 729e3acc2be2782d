// tests/ts/usage.ts - how a TypeScript author uses the JS API, compiled by tsc against the shipped declarations
// (dist/smcalc-api.d.mts and dist/smcalc.d.ts) in a node project with "type": "module", then run
// (tests/js/types.test.mjs). Every `@ts-expect-error` line must be an error: tsc fails if one compiles.
import createSmcalcApi, { type Answer, type OccupancyAnswer, type TileAnswer, type ApiError } from './smcalc-api.mjs';

const api = await createSmcalcApi();
const out: unknown[] = [];

// Errors and answers are told apart by `error` (a discriminated union): no cast needed.
const a = api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem_static: '24KB' });
if (a.error) {
  const e: ApiError = a.error;
  out.push(e.id, e.field);
} else if (a.vendor === 'amd') {
  out.push(a.workgroups_per_cu);
} else {
  const n: number = a.blocks_per_sm;
  const l: ('regs' | 'smem' | 'warps' | 'blocks' | 'barriers')[] = a.limiting;
  out.push(n, l, a.input.smem_static);
  // @ts-expect-error: an answer has no field "blocks" (a typo of blocks_per_sm)
  out.push(a.blocks);
}
// @ts-expect-error: blocks_per_sm is not known before the error case is ruled out
out.push(a.blocks_per_sm);

// A misspelt request key is a compile error, as it is an error answer at run time.
// @ts-expect-error: smem_stat is no field (did you mean smem_static?)
out.push(api.occupancy({ gpu: 'A100', smem_stat: '24KB' }).error?.field);
// A pasted device report chooses the device (issue 33); its reading comes back in the warnings.
out.push(api.occupancy({ device_report: 'Device 0: "NVIDIA GeForce RTX 3060"', threads: 256 }).error?.field);
// The CLI's spelling is a field.
out.push(api.occupancy({ gpu: 'A100', threads: 256, regs: 48, smem: '24KB' }).error);

// tile(): typed answers, NVIDIA and AMD told apart by `vendor`.
const t = api.tile({ gpu: 'H100 SXM5', m: 128, n: 256, k: 64, stages: 4, warps: 8, a: 'bf16', problem: '8192x8192x8192' });
if (!t.error && t.vendor !== 'amd') {
  const tile: TileAnswer = t;
  const fits: boolean = tile.fits;
  out.push(fits, tile.smem_per_cta, tile.problem?.waves, tile.solver?.blocks_per_sm, tile.input.mma);
}
// @ts-expect-error: "fp64" is no element type
api.tile({ gpu: 'H100 SXM5', a: 'fp64' });
// @ts-expect-error: mma is "registers" or "tmem"
api.tile({ gpu: 'H100 SXM5', mma: 'wgmma' });

// dynamic_smem: bytes and bytes_resident.
const d = api.dynamic_smem({ gpu: 'A100', threads: 256, blocks: 3 });
if (!d.error) out.push(d.bytes, d.bytes_resident);

// handle(): the op chooses the request's fields and the answer's type.
const h = api.handle({ op: 'block_size', gpu: 'H100 SXM5', regs: 32 });
if (!h.error) out.push(h.block_size, h.min_grid_size);
const g = api.handle({ op: 'tiles', gpu: 'H100 SXM5', ms: [64, 128], limit: 3 });
if (!g.error) out.push(g.fits.length, g.fits[0]?.occupancy);
const p = api.handle({ op: 'next_step', gpu: 'A100', threads: 256, regs: 64 });
if (!p.error && p.vendor !== 'amd') out.push(p.launch_bounds.possible, p.suggestions.length);
// @ts-expect-error: op block_size reads no "ms"
api.handle({ op: 'block_size', gpu: 'A100', ms: [64] });
// @ts-expect-error: no such op
api.handle({ op: 'occupy', gpu: 'A100' });

// A generic answer reader.
function blocks(x: Answer<OccupancyAnswer>): number | string {
  return x.error ? x.error.message : x.blocks_per_sm;
}
const nv = api.occupancy({ cc: '8.0', threads: 256 });
if (nv.error || nv.vendor !== 'amd') out.push(blocks(nv));

console.log(JSON.stringify(out));
