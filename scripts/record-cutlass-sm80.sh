#!/usr/bin/env bash
# Compiles a set of CUTLASS 2.x multistage GEMM kernels (scripts/cutlass/probe_sm80.cu: cutlass::gemm::device::Gemm,
# OpClassTensorOp, ArchTag Sm80, cp.async + mma.sync, no warp specialisation) with the installed nvcc, one at a
# time (each takes ~15-60 s and ~2-3 GB), and writes what ptxas -v, the PTX and the host-side constants say to
# tests/data/cutlass/kernels-sm80.tsv, which tests/unit-cutlass-sm80.cpp replays against the tile model's
# sm80_multistage schedule on every run. Nothing runs on a GPU. Sibling of scripts/record-cutlass.sh (3.x/4.x).
#
#   CUTLASS_DIR=/path/to/cutlass bash scripts/record-cutlass-sm80.sh [out.tsv] [only-id ...]
#
# CUTLASS_DIR is a checkout (or an export) of https://github.com/NVIDIA/cutlass holding include/; its commit is
# recorded from CUTLASS_COMMIT (or `git -C $CUTLASS_DIR rev-parse HEAD`). CUTLASS sources are never committed.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
name=record-cutlass-sm80
source "$here/scripts/cutlass/record-lib.sh"
out_default="$here/tests/data/cutlass/kernels-sm80.tsv"

# id arch elem tm tn tk (threadblock) wm wn wk (warp) stages. arch: the -arch=sm_XX the kernel is compiled for;
# the kernel's ArchTag is Sm80 in every row (CUTLASS 2.x runs SM80 kernels on every later CC). WarpShape::kK is the
# whole K in every row (no split of K over warps). a-128x256x32-w4-s3 (64 x 128 warp tiles, 256 accumulator
# registers per thread) spills; a-64x64x32-w1-s3 is one warp (this
# DefaultMmaCore specialisation has no two-warp minimum); the r-* rows are CUTLASS's compile-time refusals (1 and 3
# mma.sync k-steps of 16 per stage).
configs=(
  "a-128x128x32-s3          80 f16  128 128 32  64 64 32 3"
  "a-128x128x32-s4          80 f16  128 128 32  64 64 32 4"
  "a-128x128x32-s5          80 bf16 128 128 32  64 64 32 5"
  "a-128x256x32-s3          80 f16  128 256 32  64 64 32 3"
  "a-256x128x32-s3          80 bf16 256 128 32  64 64 32 3"
  "a-64x64x64-s5            80 f16   64  64 64  32 32 64 5"
  "a-128x128x64-s4          80 f16  128 128 64  64 64 64 4"
  "a-64x128x32-s4           80 bf16  64 128 32  32 64 32 4"
  "a-128x64x32-s5           80 f16  128  64 32  64 32 32 5"
  "a-128x256x64-s3          80 f16  128 256 64  64 64 64 3"
  "a-128x128x32-w8-s4       80 f16  128 128 32  64 32 32 4"
  "a-64x64x32-s4            80 bf16  64  64 32  32 32 32 4"
  "a-256x64x32-s4           80 f16  256  64 32  64 32 32 4"
  "b86-128x128x32-s3        86 f16  128 128 32  64 64 32 3"
  "b86-64x64x64-s4          86 bf16  64  64 64  32 32 64 4"
  "c89-128x64x32-s4         89 f16  128  64 32  64 32 32 4"
  "d90-128x128x32-s4        90 f16  128 128 32  64 64 32 4"
  "e120-64x128x32-s3       120 bf16  64 128 32  32 64 32 3"
  "a-128x256x32-w4-s3       80 f16  128 256 32  64 128 32 3"
  "a-64x64x32-w1-s3         80 f16   64  64 32  64 64 32 3"
  "r-k16-128x128x16         80 f16  128 128 16  64 64 16 3"
  "r-k48-128x128x48         80 f16  128 128 48  64 64 48 3"
)
cols="id arch elem tm tn tk wm wn wk stages_req status stages threads warps_m warps_n warps_k warp_k_iterations smem_kernel smem_mainloop smem_a smem_b smem_epilogue launch_bounds ptxas_regs spill_stores spill_loads ptxas_static_smem reason"
notes=(
  "CUTLASS 2.x multistage GEMM kernels compiled by scripts/record-cutlass-sm80.sh (probe: scripts/cutlass/probe_sm80.cu)."
  "flags: -std=c++17 -O3 -arch=sm_<arch> -DNDEBUG -Xptxas -v; instruction 16x8x16, A row-major, B column-major, C row-major, align 8, fp32 accumulate"
  "status ok: compiled; rejected: CUTLASS refused it at compile time (reason = its static_assert)."
  "launch_bounds: the .maxntid/.minnctapersm directives in the kernel's PTX; '-' = none (cutlass::Kernel has no __launch_bounds__)."
)

entry=cutlass6Kernel  # the kernel's entry in ptxas -v's output
reasons_kept=0  # static_assert messages a rejected row keeps (0 = all)

# One config, compiled; row starts with its cells.
record_one() {
  local id=$1 arch=$2 elem=$3 tm=$4 tn=$5 tk=$6 wm=$7 wn=$8 wk=$9 st=${10} e
  case "$elem" in f16) e=16;; bf16) e=17;; esac
  probe_compile "$here/scripts/cutlass/probe_sm80.cu" -std=c++17 -O3 -arch=sm_$arch -DNDEBUG -I"$CUTLASS_DIR/include" \
    -DPROBE_ELEM=$e -DPROBE_TM=$tm -DPROBE_TN=$tn -DPROBE_TK=$tk -DPROBE_WM=$wm -DPROBE_WN=$wn -DPROBE_WK=$wk \
    -DPROBE_STAGES=$st
  row=("$id" "$arch" "$elem" "$tm" "$tn" "$tk" "$wm" "$wn" "$wk" "$st")
}

# A compiled kernel: the rest of its row.
record_compiled() {
  local ssm lb
  ssm="$(grep -m1 -oE '[0-9]+ bytes smem' <<<"$ptx" | grep -oE '^[0-9]+' || true)"
  lb="$(cat "$work"/keep/*.ptx | grep -oE '\.(maxntid|minnctapersm|reqntid) [0-9, ]+' | tr -s ' ' | sed 's/ /:/; s/ //g' | sort -u | paste -sd, || true)"
  host_fields stages threads warps_m warps_n warps_k warp_k_iterations smem_kernel smem_mainloop smem_a smem_b \
              smem_epilogue
  row+=("${lb:--}" "${regs:--}" "${sst:--}" "${sld:--}" "${ssm:-0}" -)
}

record_main "$@"
