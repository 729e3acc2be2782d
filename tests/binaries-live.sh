#!/bin/sh
# tests/binaries-live.sh SMCALC_TESTS - compiles tests/data/binaries' kernels now with the installed nvcc and llc
# (tests/data/binaries/make.sh) and runs unit-binary's live case on them: every figure read from the fresh binaries
# must equal the compilers' fresh reports. Exit 77 (ctest: skipped) when neither compiler is installed.
set -eu
tests=${1:?usage: binaries-live.sh path/to/smcalc_tests}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rc=0
sh "$here/data/binaries/make.sh" "$dir" || rc=$?
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || { echo "binaries-live: make.sh failed ($rc)" >&2; exit 1; }
out=$(SMCALC_BINARY_LIVE_DIR="$dir" "$tests" -tc="binary: live compile*" 2>&1) || { echo "$out"; exit 1; }
echo "$out"
# The case must have run (not skipped, not filtered away).
echo "$out" | grep -Eq "test cases: +1 \| +1 passed" || { echo "binaries-live: the live case did not run" >&2; exit 1; }
