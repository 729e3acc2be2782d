// tests/wasm-eq/requests.mjs - N request lines of the batch contract from a fixed seed (every op, catalogued GPUs,
// reference CCs, custom devices, kernel and tile fields from pools of ordinary and awkward values, compiler output
// from tests/data), then the checked rows of docs/bad-inputs.md. Same seed, same lines, on any machine. Each op
// gets the fields it reads, and about 3 % a stray field it does not (an error naming it).
import fs from 'node:fs';
import path from 'node:path';

import { code, expand, root, rows } from './doc-table.mjs';

// mulberry32: a small PRNG whose sequence is the same everywhere.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GPUS = ['V100 SXM2', 'T4', 'A100', 'A100 80GB SXM4', 'A30', 'A10', 'RTX 3090', 'Jetson AGX Orin 64GB', 'RTX 4090',
  'L4', 'L40S', 'H100 SXM5', 'H100 PCIe', 'H200 SXM', 'B200', 'B300', 'RTX 5090', 'RTX 5080', 'RTX PRO 6000 Blackwell',
  'DGX Spark GB10', 'Z100'];
const CCS = ['5.0', '5.2', '5.3', '6.0', '6.1', '6.2', '7.0', '7.2', '7.5', '8.0', '8.6', '8.7', '8.9', '9.0', '10.0',
  '10.3', '11.0', '12.0', '12.1', 'sm_90a', '7.7'];
const TYPES = ['f32', 'tf32', 'f16', 'bf16', 'e4m3', 'e5m2', 'i8', 'i32', 'f6', 'f4', 'fp8', 'half'];
const DEVICE_KEYS = ['sm_count', 'max_threads_per_block', 'max_threads_per_sm', 'regs_per_sm', 'regs_per_block',
  'warp_size', 'smem_per_sm', 'smem_per_block', 'smem_per_block_optin', 'reserved_smem_per_block'];

export function generate(n, seed = 20261122) {
  const r = prng(seed);
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = (a) => a[int(0, a.length - 1)];
  const texts = fs.readdirSync(path.join(root, 'tests/data/ptxas')).filter((f) => f.endsWith('.txt'))
    .map((f) => fs.readFileSync(path.join(root, 'tests/data/ptxas', f), 'utf8'));
  // Mostly ordinary values, sometimes an edge or a wrong type.
  const count = (typical, lo, hi) => {
    const x = r();
    if (x < 0.75) return int(lo, hi);
    if (x < 0.8) return typical;
    return pick([0, -1, 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 1e300, 1.5, 256.0, '256', 'NaN', null, true, [], '24KiB']);
  };
  const lines = [];
  for (let i = 0; i < n; ++i) {
    const op = pick(['occupancy', 'occupancy', 'occupancy', 'block_size', 'dynamic_smem', 'next_step', 'tile', 'tile',
      'tiles', 'compare', 'parse', 'gpus', 'archs']);
    const q = { op, id: i };
    const dev = r();
    if (dev < 0.45) q.gpu = pick(GPUS);
    else if (dev < 0.8) q.cc = pick(CCS);
    else {
      q.device = { cc: pick(CCS.slice(0, 19)) };
      for (let k = int(0, 3); k > 0; --k) q.device[pick(DEVICE_KEYS)] = count(0, 0, 1 << 18);
    }
    if (op === 'compare') {
      delete q.gpu; delete q.cc; delete q.device;
      q.gpus = [pick(GPUS.slice(0, 20)), pick(GPUS.slice(0, 20))];
      if (r() < 0.5) q.kind = 'tile';
    }
    if (op === 'parse') q.text = pick(texts);
    if (r() < 0.1 && ['occupancy', 'block_size', 'dynamic_smem', 'next_step'].includes(op)) {
      q.compiler_output = pick(texts);
      if (r() < 0.5) { delete q.gpu; delete q.cc; delete q.device; }
    }
    const kernel = { threads: () => count(256, 1, 1024), regs: () => count(32, 0, 255), smem_static: () => count(0, 0, 65536),
      smem_dynamic: () => count(0, 0, 131072), optin: () => r() < 0.5, carveout: () => count(-1, 0, 100),
      barriers: () => count(1, 0, 16), blocks: () => count(2, 1, 32), smem_dynamic_max: () => count(-1, 0, 232448) };
    // Kernel fields where the op reads them (a field the op does not read is an error, issue 26: such requests
    // would only compare errors); now and then one stray, so that error is compared too.
    const kernelOp = ['occupancy', 'block_size', 'dynamic_smem', 'next_step'].includes(op) ||
      (op === 'compare' && q.kind !== 'tile');
    const reads = (k) => kernelOp && !(op === 'block_size' && k === 'threads') &&
      !(op === 'dynamic_smem' && k === 'smem_dynamic') && (k !== 'blocks' || op === 'dynamic_smem' || op === 'next_step');
    for (const [k, f] of Object.entries(kernel)) {
      if (r() >= 0.35) continue;
      const v = f();
      if (reads(k) || r() < 0.03) q[k] = v;
    }
    // gpus and archs read no device, parse only an AMD "gpu" (an NVIDIA one is a warning): likewise.
    if (['gpus', 'archs', 'parse'].includes(op) && r() >= 0.03) {
      delete q.cc; delete q.device;
      if (op !== 'parse') delete q.gpu;
    }
    if (op === 'tile' || op === 'tiles' || q.kind === 'tile') {
      const dims = [16, 32, 64, 96, 128, 192, 256];
      if (op !== 'tiles') {
        q.m = r() < 0.9 ? pick(dims) : count(128, 1, 512);
        q.n = r() < 0.9 ? pick(dims) : count(128, 1, 512);
        q.k = r() < 0.9 ? pick([16, 32, 64, 128]) : count(64, 1, 256);
        q.stages = count(3, 1, 8);
        q.warps = pick([4, 8, 12, 16]);
        if (r() < 0.3) q.problem = `${int(1, 16384)}x${int(1, 16384)}x${int(1, 16384)}`;
      } else {
        q.ms = [pick(dims), pick(dims)];
        q.ns = [pick(dims)];
        q.ks = [pick([32, 64])];
        q.stages = [int(1, 6), int(1, 6)];
        q.warps = [pick([4, 8])];
        q.limit = pick([1, 5, 'all']);
      }
      q.a = pick(TYPES);
      q.b = r() < 0.8 ? q.a : pick(TYPES);
      if (r() < 0.3) q.acc = pick(['f32', 'f16', 'i32']);
      if (r() < 0.2) q.mma = 'tmem';
      if (r() < 0.2) q.epilogue = pick(['none', 'tile', 'bytes']);
      if (r() < 0.1) q.overhead_regs = count(32, 0, 200);
    }
    // Thread block clusters (issue 17), drawn last so the draws above stay as they were.
    if (r() < 0.15 && ['occupancy', 'next_step', 'tile', 'tiles', 'compare'].includes(op)) {
      q.cluster = pick([2, 4, 8, 16, [2, 1, 1], [4, 2, 1], '2x1x1', '1x2x1', 0, 17, 'abc']);
      if (r() < 0.3) q.non_portable_cluster = true;
      if (op === 'occupancy' && r() < 0.3) q.grid = [8 * int(1, 32), 2 * int(1, 8), 1];
      if (op === 'tiles' && r() < 0.5) { q.clusters = ['1x1x1', '2x1x1']; delete q.cluster; }
      if (op === 'tiles' && r() < 0.3) q.stages = 'auto';
    }
    lines.push(JSON.stringify(q));
  }
  return lines;
}

// The batch-line rows of docs/bad-inputs.md that are valid UTF-8 (a JS string cannot carry the others' bytes).
export function docLines() {
  const out = [];
  for (const { cells } of rows('batch')) {
    const buf = expand(code(cells[2]).text);
    const s = buf.toString('utf8');
    if (Buffer.from(s, 'utf8').equals(buf) && !s.includes('\n')) out.push(s);
  }
  return out;
}
