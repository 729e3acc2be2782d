#!/bin/sh
# tests/amd/llvm-oracle.sh SMCALC_TESTS [OUTDIR] - compiles tests/data/amd/kernels.ll (and kernels-gfx950.ll, LDS
# beyond 64 KiB) with Debian's llc and checks, kernel by kernel, that LLVM's own "Occupancy [waves/SIMD]" (remark
# and "; Occupancy:" comment) equals smcalc's LLVM figure and that every field read from the remarks, the
# .amdhsa directives, the asm comments and the metadata agrees (doctest "amd: live oracle*"):
#   llc-22 (llvm-22): gfx942, gfx950, gfx90a, gfx908       llc-19 (llvm-19): gfx942, gfx90a, gfx908
# (llc 14 knows none of them; llc 19 does not know gfx950). Targets whose llc is missing are left out; exit 77
# (ctest SKIP) when no llc is installed at all. With OUTDIR the outputs stay there (tests/data/amd/README.md:
# how the recorded copies were made).
set -eu
tests=$1
data=$(dirname "$0")/../data/amd
if [ $# -ge 2 ]; then out=$2; mkdir -p "$out"; else out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
knows() { command -v "$1" >/dev/null 2>&1 && "$1" -march=amdgcn -mcpu=help 2>&1 | grep -q "$2"; }
pick() {  # the first of the given llc names that targets $1
  t=$1; shift
  for c in "$@"; do if knows "$c" "$t"; then echo "$c"; return; fi; done
}
runs=0
compile() {  # llc tag gfx file suffix
  "$1" -mtriple=amdgcn-amd-amdhsa -mcpu="$3" -pass-remarks-analysis=kernel-resource-usage "$4" \
    -o "$out/$2-$3$5.s" 2> "$out/$2-$3$5-remarks.txt"
  echo "$1 $3 $(basename "$4"): $(grep -c 'Function Name' "$out/$2-$3$5-remarks.txt") kernels"
  runs=$((runs + 1))
}
new=$(pick gfx950 llc-22 llc-21 llc-20)
if [ -n "$new" ]; then
  compile "$new" llc22 gfx942 "$data/kernels.ll" ""
  compile "$new" llc22 gfx950 "$data/kernels.ll" ""
  compile "$new" llc22 gfx950 "$data/kernels-gfx950.ll" "-lds"
  compile "$new" llc22 gfx90a "$data/kernels.ll" ""
  compile "$new" llc22 gfx908 "$data/kernels.ll" ""
else
  echo "no llc-22 (Debian 12 security: apt-get install llvm-22): gfx950 not checked"
fi
old=$(pick gfx942 llc-19)
if [ -n "$old" ]; then
  for t in gfx942 gfx90a gfx908; do compile "$old" llc19 "$t" "$data/kernels.ll" ""; done
else
  echo "no llc-19 (apt-get install llvm-19): LLVM 19's rules and gfx90a/gfx908 not checked"
fi
[ "$runs" -gt 0 ] || { echo "no llc that targets gfx942/gfx950: skipped"; exit 77; }
[ "$tests" != /bin/true ] || exit 0  # recording only (tests/data/amd/README.md)
# The test case must have run (a renamed test case would match nothing and doctest would exit 0).
SMCALC_AMD_ORACLE_DIR="$out" "$tests" -tc="amd: live oracle*" >"$out/doctest.txt" 2>&1 && rc=0 || rc=$?
cat "$out/doctest.txt"
[ "$rc" -eq 0 ] || exit "$rc"
grep -qE 'test cases: +1 \| +1 passed \| +0 failed' "$out/doctest.txt" || { echo "the live-oracle test case did not run"; exit 1; }
