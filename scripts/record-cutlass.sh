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
name=record-cutlass
source "$here/scripts/cutlass/record-lib.sh"
out_default="$here/tests/data/cutlass/kernels.tsv"

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
notes=(
  "CUTLASS GEMM kernels compiled by scripts/record-cutlass.sh (probe: scripts/cutlass/probe.cu)."
  "flags: -std=c++17 -O3 -arch=sm_90a|sm_100a --expt-relaxed-constexpr -DNDEBUG -Xptxas -v"
  "status ok: compiled; rejected: the builder refused it at compile time (reason = its static_assert)."
  "setmaxnreg: the setmaxnreg.dec/inc values in the kernel's PTX; '-' where none. '-' = not applicable."
)

entry=device_kernel  # the kernel's entry in ptxas -v's output
reasons_kept=1  # static_assert messages a rejected row keeps (0 = all)

# One config, compiled; row starts with its cells.
record_one() {
  local id=$1 arch=$2 sched=$3 elem=$4 tm=$5 tn=$6 tk=$7 cm=$8 cn=$9 st=${10} s e
  case "$sched" in coop) s=1;; pingpong) s=2;; 1sm) s=3;; 2sm) s=4;; esac
  case "$elem" in f16) e=16;; bf16) e=17;; esac
  probe_compile "$here/scripts/cutlass/probe.cu" -std=c++17 -O3 -arch=sm_${arch}a --expt-relaxed-constexpr -DNDEBUG -I"$CUTLASS_DIR/include" \
    -DPROBE_ARCH=$arch -DPROBE_SCHED=$s -DPROBE_ELEM=$e -DPROBE_TM=$tm -DPROBE_TN=$tn -DPROBE_TK=$tk \
    -DPROBE_CM=$cm -DPROBE_CN=$cn -DPROBE_STAGES=$st
  row=("$id" "$arch" "$sched" "$elem" "$tm" "$tn" "$tk" "$cm" "$cn" "$st")
}

# A compiled kernel: the rest of its row.
record_compiled() {
  local mnr
  mnr="$(cat "$work"/keep/*.ptx | grep -oE 'setmaxnreg\.(inc|dec)\.sync\.aligned\.u32 [0-9]+' | sed -E 's/setmaxnreg\.(inc|dec)\.sync\.aligned\.u32 /\1:/' | sort -u | paste -sd, || true)"
  host_fields stages smem_kernel smem_epilogue smem_epilogue_tensors smem_mainloop_tensors smem_mainloop_pipeline \
              smem_pipelines max_threads min_blocks epi_tile_m epi_tile_n epi_stages_c epi_stages_d load_regs mma_regs \
              mma_threads acc_stages sched_stages epilogue_threads
  row+=("${regs:--}" "${sst:--}" "${sld:--}" "${mnr:--}" -)
}

record_main "$@"
