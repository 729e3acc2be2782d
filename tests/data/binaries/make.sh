#!/bin/sh
# tests/data/binaries/make.sh OUT_DIR - compiles the test set of tests/data/binaries with the installed compilers
# (CUDA 13.0's nvcc, Debian's llc-19 and llc-22) and writes each binary beside the compiler's own report of it:
#   NAME.ptxas.txt  nvcc -Xptxas -v's output for NAME (cubins, object, executable)
#   NAME.s.txt      llc's assembly of the same module, trimmed by tests/amd/trim-asm.sh (resource directives,
#                   "; Occupancy" comments and amdhsa.kernels metadata, every kept line llc's own)
# tests/unit-binary.cpp compares every figure read from NAME with its report. Run with OUT_DIR =
# tests/data/binaries to re-record; tests/binaries-live.sh runs it into a scratch directory (the live check).
# Exit 77 when nvcc or llc are missing (nothing to compile with).
set -eu
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
trim="$here/../../amd/trim-asm.sh"
mkdir -p "$out"
have_nvcc=0; command -v nvcc >/dev/null 2>&1 && have_nvcc=1
have_llc=0; command -v llc-22 >/dev/null 2>&1 && have_llc=1
[ $have_nvcc = 1 ] || [ $have_llc = 1 ] || { echo "make.sh: neither nvcc nor llc-22 found" >&2; exit 77; }
cd "$out"
if [ $have_nvcc = 1 ]; then
  # Cubins per architecture; cluster kernels need sm_90+.
  for a in 80 90 120; do
    nvcc -cubin -arch=sm_$a -Xptxas -v "$here/kernels.cu" -o kernels-sm_$a.cubin > kernels-sm_$a.cubin.ptxas.txt 2>&1
  done
  for a in 90 100; do
    nvcc -cubin -arch=sm_$a -Xptxas -v "$here/cluster.cu" -o cluster-sm_$a.cubin > cluster-sm_$a.cubin.ptxas.txt 2>&1
  done
  # An executable with two cubins and PTX for a third architecture (nvcc's default: PTX zstd-compressed),
  # linked against the shared cudart to stay small, then stripped of host symbols.
  nvcc -cudart shared -gencode arch=compute_75,code=sm_75 -gencode arch=compute_86,code=sm_86 \
       -gencode arch=compute_90,code=compute_90 -Xptxas -v "$here/host.cu" "$here/kernels.cu" -o multi-arch \
       > multi-arch.ptxas.txt 2>&1
  strip multi-arch
  # An object whose ELF entries are zstd-compressed too (--compress-mode=size).
  nvcc -c -gencode arch=compute_86,code=sm_86 --compress-mode=size -Xptxas -v "$here/kernels.cu" -o zstd-sm_86.o \
       > zstd-sm_86.o.ptxas.txt 2>&1
fi
if [ $have_llc = 1 ]; then
  for g in gfx90a gfx942 gfx950; do
    llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=$g -filetype=obj "$here/amd.ll" -o amd-llc22-$g.o
    llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=$g "$here/amd.ll" -o - | sh "$trim" > amd-llc22-$g.o.s.txt
  done
  if command -v llc-19 >/dev/null 2>&1; then
    llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj "$here/amd.ll" -o amd-llc19-gfx90a.o
    llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a "$here/amd.ll" -o - | sh "$trim" > amd-llc19-gfx90a.o.s.txt
    # A clang offload bundle (what HIP executables carry in .hip_fatbin): host entry empty, the gfx90a object.
    bundler=$(command -v clang-offload-bundler || ls /usr/lib/llvm-*/bin/clang-offload-bundler 2>/dev/null | head -1 || true)
    if [ -n "$bundler" ]; then
      : > empty.host
      "$bundler" -type=o -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx90a \
                 -inputs=empty.host,amd-llc19-gfx90a.o -outputs=bundle-llc19-gfx90a.bin
      rm -f empty.host
      cp amd-llc19-gfx90a.o.s.txt bundle-llc19-gfx90a.bin.s.txt
    fi
    # A linked code object (.hsaco, ET_DYN: the descriptor found by virtual address), code object v4 for lld 14.
    if command -v ld.lld >/dev/null 2>&1; then
      llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a --amdhsa-code-object-version=4 -filetype=obj "$here/amd.ll" -o v4.o
      ld.lld -shared v4.o -o hsaco-llc19-v4-gfx90a.hsaco
      rm -f v4.o
      llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a --amdhsa-code-object-version=4 "$here/amd.ll" -o - | sh "$trim" \
        > hsaco-llc19-v4-gfx90a.hsaco.s.txt
    fi
  fi
fi
