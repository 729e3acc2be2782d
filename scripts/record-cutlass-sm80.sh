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
CUTLASS_DIR="${CUTLASS_DIR:?set CUTLASS_DIR to a CUTLASS checkout (include/ inside)}"
NVCC="${NVCC:-$(command -v nvcc || ls -d /usr/local/cuda*/bin/nvcc 2>/dev/null | head -1)}"
[ -x "$NVCC" ] || { echo "record-cutlass-sm80: no nvcc (set NVCC)" >&2; exit 2; }
commit="${CUTLASS_COMMIT:-$(git -C "$CUTLASS_DIR" rev-parse HEAD 2>/dev/null || echo unknown)}"
version="$(grep -hE '#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS_DIR/include/cutlass/version.h" | awk '{print $3}' | paste -sd.)"
out="${1:-$here/tests/data/cutlass/kernels-sm80.tsv}"; shift || true
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

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
only=("$@")
if [ ! -s "$out" ] || [ ${#only[@]} -eq 0 ]; then
  mkdir -p "$(dirname "$out")"
  {
    echo "# CUTLASS 2.x multistage GEMM kernels compiled by scripts/record-cutlass-sm80.sh (probe: scripts/cutlass/probe_sm80.cu)."
    echo "# CUTLASS $version, commit $commit (https://github.com/NVIDIA/cutlass)"
    echo "# $("$NVCC" --version | grep -m1 release) ($("$NVCC" --version | tail -1)); host $(${CXX:-g++} --version | head -1)"
    echo "# flags: -std=c++17 -O3 -arch=sm_<arch> -DNDEBUG -Xptxas -v; instruction 16x8x16, A row-major, B column-major, C row-major, align 8, fp32 accumulate"
    echo "# status ok: compiled; rejected: CUTLASS refused it at compile time (reason = its static_assert)."
    echo "# launch_bounds: the .maxntid/.minnctapersm directives in the kernel's PTX; '-' = none (cutlass::Kernel has no __launch_bounds__)."
    echo "$cols" | tr ' ' '\t'
  } > "$out"
fi

field() { sed -n "s/^$1=//p" "$work/host.txt" | head -1; }
for cfg in "${configs[@]}"; do
  read -r id arch elem tm tn tk wm wn wk st <<<"$cfg"
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" $id "* ]]; then continue; fi
  case "$elem" in f16) e=16;; bf16) e=17;; esac
  rm -rf "$work"/*; mkdir -p "$work/keep"
  echo "record-cutlass-sm80: $id ($(date -u +%H:%M:%S))" >&2
  set +e
  "$NVCC" -std=c++17 -O3 -arch=sm_$arch -DNDEBUG -I"$CUTLASS_DIR/include" \
    -DPROBE_ELEM=$e -DPROBE_TM=$tm -DPROBE_TN=$tn -DPROBE_TK=$tk -DPROBE_WM=$wm -DPROBE_WN=$wn -DPROBE_WK=$wk \
    -DPROBE_STAGES=$st -Xptxas -v -keep -keep-dir "$work/keep" \
    -o "$work/probe" "$here/scripts/cutlass/probe_sm80.cu" > "$work/build.log" 2>&1
  rc=$?
  set -e
  row=("$id" "$arch" "$elem" "$tm" "$tn" "$tk" "$wm" "$wn" "$wk" "$st")
  if [ $rc -ne 0 ]; then
    # Every distinct static_assert message, in the order nvcc printed them, joined by " | ".
    reason="$(grep -oE 'static assertion failed with "[^"]*"' "$work/build.log" | sed 's/static assertion failed with //; s/"//g' | awk '!seen[$0]++' | paste -sd'|' | sed 's/|/ | /g')"
    [ -n "$reason" ] || reason="$(grep -m1 'error' "$work/build.log" | cut -c1-200)"
    row+=(rejected); for _ in $(seq 16); do row+=(-); done; row+=("$reason")
  else
    "$work/probe" > "$work/host.txt"
    ptx="$(awk '/Compiling entry function .*cutlass6Kernel/{f=1} f' "$work/build.log")"
    regs="$(grep -m1 -oE 'Used [0-9]+ registers' <<<"$ptx" | grep -oE '[0-9]+')"
    sst="$(grep -m1 -oE '[0-9]+ bytes spill stores' <<<"$ptx" | grep -oE '^[0-9]+')"
    sld="$(grep -m1 -oE '[0-9]+ bytes spill loads' <<<"$ptx" | grep -oE '^[0-9]+')"
    ssm="$(grep -m1 -oE '[0-9]+ bytes smem' <<<"$ptx" | grep -oE '^[0-9]+' || true)"
    lb="$(cat "$work"/keep/*.ptx | grep -oE '\.(maxntid|minnctapersm|reqntid) [0-9, ]+' | tr -s ' ' | sed 's/ /:/; s/ //g' | sort -u | paste -sd, || true)"
    row+=(ok)
    for k in stages threads warps_m warps_n warps_k warp_k_iterations smem_kernel smem_mainloop smem_a smem_b \
             smem_epilogue; do
      v="$(field $k)"; row+=("${v:--}")
    done
    row+=("${lb:--}" "${regs:--}" "${sst:--}" "${sld:--}" "${ssm:-0}" -)
  fi
  (IFS=$'\t'; echo "${row[*]}") >> "$out"
done
