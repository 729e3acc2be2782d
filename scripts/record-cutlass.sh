#!/usr/bin/env bash
# Compiles a set of CUTLASS 3.x/4.x GEMM kernels (scripts/cutlass/probe.cu, built from CUTLASS's collective
# builders) with the installed nvcc, one at a time (each takes ~1-2 min and ~3 GB), and writes what ptxas -v and
# the host-side constants say to tests/data/cutlass/kernels.tsv, which tests/unit-cutlass.cpp replays against the
# tile model on every run. Nothing runs on a GPU.
#
#   CUTLASS_DIR=/path/to/cutlass bash scripts/record-cutlass.sh [out.tsv] [only-id ...]
#
# CUTLASS_DIR is a checkout (or an export) of https://github.com/NVIDIA/cutlass holding include/; its commit is
# recorded from CUTLASS_COMMIT (or `git -C $CUTLASS_DIR rev-parse HEAD`). CUTLASS sources are never committed.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
CUTLASS_DIR="${CUTLASS_DIR:?set CUTLASS_DIR to a CUTLASS checkout (include/ inside)}"
NVCC="${NVCC:-$(command -v nvcc || ls -d /usr/local/cuda*/bin/nvcc 2>/dev/null | head -1)}"
[ -x "$NVCC" ] || { echo "record-cutlass: no nvcc (set NVCC)" >&2; exit 2; }
commit="${CUTLASS_COMMIT:-$(git -C "$CUTLASS_DIR" rev-parse HEAD 2>/dev/null || echo unknown)}"
version="$(grep -hE '#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS_DIR/include/cutlass/version.h" | awk '{print $3}' | paste -sd.)"
out="${1:-$here/tests/data/cutlass/kernels.tsv}"; shift || true
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# id arch sched elem tm tn tk cm cn stages(0 = StageCountAutoCarveout)
# sched: coop = KernelTmaWarpSpecializedCooperative, pingpong = KernelTmaWarpSpecializedPingpong (sm_90a);
#        1sm = KernelTmaWarpSpecialized1SmSm100, 2sm = KernelTmaWarpSpecialized2SmSm100 (sm_100a; the tile is the
#        MMA tile of the CTA pair). Epilogue: the schedule's TMA epilogue, LinearCombination, C = D = the input type.
configs=(
  "h-coop-128x128-auto     90 coop     f16  128 128 64 1 1 0"
  "h-pp-64x128-3           90 pingpong f16   64 128 64 1 1 3"
  "h-pp-128x256-auto       90 pingpong f16  128 256 64 1 1 0"
  "b-1sm-128x128-auto     100 1sm      f16  128 128 64 1 1 0"
  "b-2sm-256x128-auto     100 2sm      f16  256 128 64 2 1 0"
  "h-coop-64x128-auto      90 coop     f16   64 128 64 1 1 0"
  "h-coop-128x256-auto     90 coop     f16  128 256 64 1 1 0"
  "h-coop-256x128-auto     90 coop     bf16 256 128 64 1 1 0"
  "h-coop-128x128-4-c2     90 coop     bf16 128 128 64 2 1 4"
  "h-pp-64x128-auto        90 pingpong f16   64 128 64 1 1 0"
  "h-pp-128x128-auto       90 pingpong bf16 128 128 64 1 1 0"
  "h-pp-64x256-auto-c2     90 pingpong f16   64 256 64 2 1 0"
  "h-coop-128x256-3        90 coop     bf16 128 256 64 1 1 3"
  "b-1sm-128x256-auto     100 1sm      f16  128 256 64 1 1 0"
  "b-1sm-64x128-auto      100 1sm      bf16  64 128 64 1 1 0"
  "b-1sm-128x128-4        100 1sm      bf16 128 128 64 1 1 4"
  "b-2sm-256x256-auto     100 2sm      f16  256 256 64 2 1 0"
  "b-2sm-128x128-auto     100 2sm      bf16 128 128 64 2 1 0"
  "b-2sm-256x128-3        100 2sm      bf16 256 128 64 2 1 3"
  "h-pp-128x128-4-c2      90 pingpong f16  128 128 64 2 1 4"
)
cols="id arch sched elem tm tn tk cm cn stages_req status stages smem_kernel smem_epilogue smem_epilogue_tensors smem_mainloop_tensors smem_mainloop_pipeline smem_pipelines max_threads min_blocks epi_tile_m epi_tile_n epi_stages_c epi_stages_d load_regs mma_regs mma_threads acc_stages sched_stages epilogue_threads ptxas_regs spill_stores spill_loads setmaxnreg reason"
only=("$@")
if [ ! -s "$out" ] || [ ${#only[@]} -eq 0 ]; then
  mkdir -p "$(dirname "$out")"
  {
    echo "# CUTLASS GEMM kernels compiled by scripts/record-cutlass.sh (probe: scripts/cutlass/probe.cu)."
    echo "# CUTLASS $version, commit $commit (https://github.com/NVIDIA/cutlass)"
    echo "# $("$NVCC" --version | grep -m1 release) ($("$NVCC" --version | tail -1)); host $(${CXX:-g++} --version | head -1)"
    echo "# flags: -std=c++17 -O3 -arch=sm_90a|sm_100a --expt-relaxed-constexpr -DNDEBUG -Xptxas -v"
    echo "# status ok: compiled; rejected: the builder refused it at compile time (reason = its static_assert)."
    echo "# setmaxnreg: the setmaxnreg.dec/inc values in the kernel's PTX; '-' where none. '-' = not applicable."
    echo "$cols" | tr ' ' '\t'
  } > "$out"
fi

field() { sed -n "s/^$1=//p" "$work/host.txt" | head -1; }
for cfg in "${configs[@]}"; do
  read -r id arch sched elem tm tn tk cm cn st <<<"$cfg"
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" $id "* ]]; then continue; fi
  case "$sched" in coop) s=1;; pingpong) s=2;; 1sm) s=3;; 2sm) s=4;; esac
  case "$elem" in f16) e=16;; bf16) e=17;; esac
  rm -rf "$work"/*; mkdir -p "$work/keep"
  echo "record-cutlass: $id ($(date -u +%H:%M:%S))" >&2
  set +e
  "$NVCC" -std=c++17 -O3 -arch=sm_${arch}a --expt-relaxed-constexpr -DNDEBUG -I"$CUTLASS_DIR/include" \
    -DPROBE_ARCH=$arch -DPROBE_SCHED=$s -DPROBE_ELEM=$e -DPROBE_TM=$tm -DPROBE_TN=$tn -DPROBE_TK=$tk \
    -DPROBE_CM=$cm -DPROBE_CN=$cn -DPROBE_STAGES=$st -Xptxas -v -keep -keep-dir "$work/keep" \
    -o "$work/probe" "$here/scripts/cutlass/probe.cu" > "$work/build.log" 2>&1
  rc=$?
  set -e
  row=("$id" "$arch" "$sched" "$elem" "$tm" "$tn" "$tk" "$cm" "$cn" "$st")
  if [ $rc -ne 0 ]; then
    reason="$(grep -m1 -oE 'static assertion failed with "[^"]*"' "$work/build.log" | sed 's/static assertion failed with //; s/"//g')"
    [ -n "$reason" ] || reason="$(grep -m1 'error' "$work/build.log" | cut -c1-200)"
    row+=(rejected); for _ in $(seq 23); do row+=(-); done; row+=("$reason")
  else
    "$work/probe" > "$work/host.txt"
    ptx="$(awk '/Compiling entry function .*device_kernel/{f=1} f' "$work/build.log")"
    regs="$(grep -m1 -oE 'Used [0-9]+ registers' <<<"$ptx" | grep -oE '[0-9]+')"
    sst="$(grep -m1 -oE '[0-9]+ bytes spill stores' <<<"$ptx" | grep -oE '^[0-9]+')"
    sld="$(grep -m1 -oE '[0-9]+ bytes spill loads' <<<"$ptx" | grep -oE '^[0-9]+')"
    mnr="$(cat "$work"/keep/*.ptx | grep -oE 'setmaxnreg\.(inc|dec)\.sync\.aligned\.u32 [0-9]+' | sed -E 's/setmaxnreg\.(inc|dec)\.sync\.aligned\.u32 /\1:/' | sort -u | paste -sd, || true)"
    row+=(ok)
    for k in stages smem_kernel smem_epilogue smem_epilogue_tensors smem_mainloop_tensors smem_mainloop_pipeline \
             smem_pipelines max_threads min_blocks epi_tile_m epi_tile_n epi_stages_c epi_stages_d load_regs mma_regs \
             mma_threads acc_stages sched_stages epilogue_threads; do
      v="$(field $k)"; row+=("${v:--}")
    done
    row+=("${regs:--}" "${sst:--}" "${sld:--}" "${mnr:--}" -)
  fi
  (IFS=$'\t'; echo "${row[*]}") >> "$out"
done
