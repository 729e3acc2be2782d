// smcalc.d.ts - TypeScript declarations of smcalc's JS API (web/bindings.cpp, web/js/api.js) and of
// window.smcalc on the page (web/js/page.js). The request/answer contract is core/api/smcalc_api.hpp's,
// the same as `smcalc batch` (one JSON object per request).
//
// Without the UI (course pages, node):
//   <script src="smcalc-api.js"></script>            const api = await createSmcalcApi();
//   import createSmcalcApi from './smcalc-api.mjs';  const api = await createSmcalcApi();
//   const createSmcalcApi = require('./smcalc-api.js');
//   api.occupancy({ cc: '8.0', threads: 256, regs: 48, smem_static: 24576 }).blocks_per_sm  // 5
// On the page: await window.smcalc.ready; window.smcalc.state(); await window.smcalc.occupancy({...}).

/** A byte count: an integer, or a string with a unit ("24KiB", "24 KB", "1.5MiB"; KB = KiB = 1024 B). */
export type Bytes = number | string;

/** A compute capability: "8.0", "sm_80", "80", 8.6 or 80. In JS 8.0 === 8, so a whole number below 20 is
 *  read as major.0 (8 -> "8.0"); other numbers go to the contract as they are. */
export type ComputeCapability = string | number;

/** A device: the fields of cudaOccDeviceProp (cuda_occupancy.h). Left-out fields keep the CC's reference. */
export interface DeviceInput {
  cc: ComputeCapability;
  sm_count?: number | null;           // SMs on the chip; null = unknown (per-SM answers only)
  max_threads_per_block?: number;     // threads
  max_threads_per_sm?: number;        // threads
  regs_per_sm?: number;               // 32-bit registers
  regs_per_block?: number;            // 32-bit registers
  warp_size?: number;                 // threads
  smem_per_sm?: Bytes;                // bytes
  smem_per_block?: Bytes;             // bytes without opt-in
  smem_per_block_optin?: Bytes;       // bytes with opt-in
  reserved_smem_per_block?: Bytes;    // bytes the driver reserves per CTA
}

/** Exactly one of gpu, cc or device chooses the device. */
export interface DeviceChoice {
  gpu?: string;                       // a name or alias from gpus(), e.g. "H100 SXM5", "A100"
  cc?: ComputeCapability;             // that CC's reference device
  device?: DeviceInput;               // a custom device
}

/** A kernel launch (cudaOccFuncAttributes / cudaOccDeviceState). Absent or null = the default shown. */
export interface KernelInput {
  threads?: number;                   // threads per block, default 256 (ignored by block_size)
  regs?: number;                      // registers per thread, default 32
  smem_static?: Bytes;                // __shared__ bytes per block, default 0
  smem_dynamic?: Bytes;               // dynamic shared memory bytes at launch, default 0
  optin?: boolean;                    // cudaFuncAttributeMaxDynamicSharedMemorySize set, default false
  smem_dynamic_max?: Bytes | 'default' | -1;  // that attribute in bytes; default: CUDA's
  carveout?: number | 'default';      // 0..100 % of the largest carveout; -1 / "default": no preference
  barriers?: number;                  // block barriers used, default 1
}

export interface RequestCommon {
  id?: unknown;                       // echoed unchanged in the answer
}

export type OccupancyRequest = RequestCommon & DeviceChoice & KernelInput;
export type BlockSizeRequest = RequestCommon & DeviceChoice & Omit<KernelInput, 'threads'>;
export type DynamicSmemRequest = RequestCommon & DeviceChoice & Omit<KernelInput, 'smem_dynamic'> & {
  blocks?: number;                    // blocks per SM wanted, default 1
};
/** The tile model's request (see the CLI's batch contract); answered as core/api answers it. */
export type TileRequest = RequestCommon & DeviceChoice & Record<string, unknown>;

export type ErrorId =
  | 'invalid_input' | 'unknown_arch' | 'unknown_gpu' | 'invalid_device' | 'not_achievable' | 'unsupported'
  | 'bad_request'
  | 'internal';                       // only from the JS layer, if the module itself failed (never expected)

/** Every failure is an answer, never a thrown exception; the module keeps working after it. */
export interface ErrorAnswer {
  error: { id: ErrorId; message: string; field: string };
  id?: unknown;
}

export interface AnswerCommon {
  id?: unknown;
  warnings?: string[];                // fields ignored (unknown, or not used by this op)
}

export type ResourceKey = 'regs' | 'smem' | 'warps' | 'blocks' | 'barriers';

export interface Budget {
  name: string;                       // "registers per SM"
  unit: string;                       // "registers", "bytes", "warps", "blocks", "barriers"
  used: number;
  limit: number;
  limiting: boolean;
}

export interface OccupancyAnswer extends AnswerCommon {
  blocks_per_sm: number;
  warps_per_sm: number;
  threads_per_sm: number;
  occupancy: number;                  // 0..1
  limits: Record<ResourceKey, number | null>;  // blocks each resource allows; null = no limit
  limiting: ResourceKey[];
  regs_per_block: number | null;
  smem_per_block: number;             // bytes
  smem_per_sm: number;                // bytes
  warps_per_block: number;
  regs_per_warp: number;
  max_warps_per_sm: number;
  budgets: Budget[];
  derivation: string[];
  notes: string[];
  device: DeviceInput;
  gpu: string | null;
  input: KernelInput;
}

export interface BlockSizeAnswer extends AnswerCommon {
  block_size: number;
  min_grid_size: number;
  blocks_per_sm: number;
  occupancy: number;
  gpu: string | null;
}

export interface DynamicSmemAnswer extends AnswerCommon {
  bytes: number;                      // NVIDIA's cudaOccAvailableDynamicSMemPerBlock: NOT always resident (CC 8.0+
                                      // leaves out the 1 KiB reserved per block); do not size a launch with it
  bytes_resident: number;             // the largest dynamic shared memory per block with which `blocks` reside
  notes: string[];                    // says how and why the two differ, when they do
  gpu: string | null;
}

export interface GpuRow {
  name: string;
  aliases: string[];
  cc: string;
  sm_count: number | null;
  boost_clock_mhz: number | null;
  l2_bytes: number | null;
  mem_bw_gbs: number | null;
  bf16_dense_tflops: number | null;
  fp32_tflops: number | null;
  source: string;
  note: string;
  [field: string]: unknown;           // the device fields of DeviceInput
}

export interface GpusAnswer extends AnswerCommon { gpus: GpuRow[] }
export interface ArchsAnswer extends AnswerCommon { archs: Array<Record<string, unknown>> }

export type Answer<T> = T | ErrorAnswer;

/** The JS API: synchronous, plain objects in and out (copies; nothing refers into wasm memory). */
export interface SmcalcApi {
  occupancy(request: OccupancyRequest): Answer<OccupancyAnswer>;
  block_size(request: BlockSizeRequest): Answer<BlockSizeAnswer>;
  dynamic_smem(request: DynamicSmemRequest): Answer<DynamicSmemAnswer>;
  tile(request: TileRequest): Answer<Record<string, unknown>>;
  gpus(): Answer<GpusAnswer>;
  archs(): Answer<ArchsAnswer>;
  /** Any request of the batch contract, carrying its own "op". */
  handle(request: { op: string } & Record<string, unknown>): Answer<Record<string, unknown>>;
}

/** smcalc-api.js / smcalc-api.mjs: loads the module (the wasm is inside the file). */
export default function createSmcalcApi(): Promise<SmcalcApi>;

/** What the calculator page shows (window.smcalc.state()): its inputs and results. */
export interface PageState {
  [key: string]: unknown;
}

/** window.smcalc on the calculator page. */
export interface SmcalcPage {
  ready: Promise<SmcalcPage>;         // resolves once the UI is running
  state(): PageState;                 // a fresh object each call
  frames(): number;                   // frames drawn so far (stands still while the page is idle)
  timing(): { first_frame_ms: number | null };  // navigation start -> first frame drawn (performance.now())
  copied(): string | null;            // the last text put on the clipboard
  items(): Promise<Array<{ label: string; x: number; y: number; w: number; h: number; visible: boolean }>>;
  api(): Promise<SmcalcApi>;          // loads smcalc-api.js (next to smcalc.js) on first use
  occupancy(request: OccupancyRequest): Promise<Answer<OccupancyAnswer>>;
  block_size(request: BlockSizeRequest): Promise<Answer<BlockSizeAnswer>>;
  dynamic_smem(request: DynamicSmemRequest): Promise<Answer<DynamicSmemAnswer>>;
  tile(request: TileRequest): Promise<Answer<Record<string, unknown>>>;
  gpus(): Promise<Answer<GpusAnswer>>;
  archs(): Promise<Answer<ArchsAnswer>>;
  handle(request: { op: string } & Record<string, unknown>): Promise<Answer<Record<string, unknown>>>;
}

declare global {
  interface Window { smcalc: SmcalcPage }
  function createSmcalcApi(): Promise<SmcalcApi>;
}
