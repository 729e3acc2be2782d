#!/bin/sh
# tests/amd/llvm-oracle.sh SMCALC_TESTS - compiles tests/data/amd/kernels.ll for gfx942 with Debian's llc
# (llvm-19 or newer: llc 14 does not know gfx942) and checks that LLVM's "Occupancy [waves/SIMD]" remark
# equals smcalc's figure for every kernel. Exit 77 (ctest SKIP) when no such llc is installed.
set -eu
tests=$1
src=$(dirname "$0")/../data/amd/kernels.ll
llc=""
for c in llc-21 llc-20 llc-19 llc; do
  if command -v "$c" >/dev/null 2>&1 && "$c" -march=amdgcn -mcpu=help 2>&1 | grep -q gfx942; then llc=$c; break; fi
done
[ -n "$llc" ] || { echo "no llc that targets gfx942 (Debian: apt-get install llvm-19): skipped"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$llc" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -pass-remarks-analysis=kernel-resource-usage "$src" \
  -o "$out/k.s" 2> "$out/remarks.txt"
echo "$llc: $(grep -c 'Function Name' "$out/remarks.txt") kernels"
# The test case must have run (a renamed test case would match nothing and doctest would exit 0).
SMCALC_AMD_REMARKS="$out/remarks.txt" "$tests" -tc="amd: LLC19 live oracle*" >"$out/doctest.txt" 2>&1 && rc=0 || rc=$?
cat "$out/doctest.txt"
[ "$rc" -eq 0 ] || exit "$rc"
grep -qE 'test cases: +1 \| +1 passed \| +0 failed' "$out/doctest.txt" || { echo "the live-oracle test case did not run"; exit 1; }
