#!/usr/bin/env bash
# Runs every test of smcalc from a fresh clone: set-up (packages, ImGui source, npm), then
#   1. native Debug build with warnings as errors: doctest suites, oracle differential test, CLI tests (ctest)
#   2. native ASan + UBSan build: the same ctest suite under the sanitizers
#   3. fuzz: each libFuzzer target (clang, ASan + UBSan) for FUZZ_SECONDS (default 45) seconds (scripts/fuzz.sh)
#   4. web: Emscripten build, JS API tests under node, browser tests in headless Chromium (scripts/test-web.sh)
# Ends with one line "tests: N passed, M failed" counting every test of the three stages.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logdir="$root/build/test-logs"
mkdir -p "$logdir"

bash scripts/setup.sh

passed=0
failed=0
count_ctest() {  # parses ctest's "N% tests passed, F tests failed out of T"
  local line t f
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -n 1 || true)
  t=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$line")
  if [ -n "$line" ]; then passed=$((passed + t - f)); failed=$((failed + f)); fi
}

status=0
for preset in debug asan; do
  echo "== native: $preset =="
  cmake --preset "$preset" >"$logdir/configure-$preset.log" 2>&1 || { cat "$logdir/configure-$preset.log"; exit 1; }
  cmake --build --preset "$preset" -j2 2>&1 | tee "$logdir/build-$preset.log" | grep -E 'error|warning|Error' || true
  if [ "${PIPESTATUS[0]}" != 0 ]; then echo "build failed: $preset"; exit 1; fi
  if ! ctest --preset "$preset" -j2 2>&1 | tee "$logdir/ctest-$preset.log"; then status=1; fi
  count_ctest "$logdir/ctest-$preset.log"
done

echo "== fuzz =="
if bash scripts/fuzz.sh "${FUZZ_SECONDS:-45}" 2>&1 | tee "$logdir/fuzz.log"; then
  passed=$((passed + $(grep -cE '^fuzz_[a-z_]+: [0-9]+ executions, 0 crashes' "$logdir/fuzz.log")))
else
  failed=$((failed + 1)); status=1; echo "fuzzing found a crash or a target did not run (build/fuzz/artifacts)"
fi
# scripts/fuzz-table.py (docs/bad-inputs.md's "Long runs" table) over the logs this run just kept: its total must
# be the executions and crashes fuzz.sh counted.
specs=()
for t in $(sed -nE 's/^fuzz_([a-z_]+): [0-9]+ executions.*/\1/p' "$logdir/fuzz.log"); do
  specs+=("$t=$(ls -t build/fuzz/logs/fuzz_"$t".*.log 2>/dev/null | head -n 1 || true)")
done
want=$(grep -E '^fuzz: [0-9]+ executions' "$logdir/fuzz.log" | tail -n 1)
got=$(python3 scripts/fuzz-table.py --total "${specs[@]}" 2>&1 | tail -n 1 || true)
if [ ${#specs[@]} -gt 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
  passed=$((passed + 1)); echo "fuzz-table: ${#specs[@]} logs, $got"
else
  failed=$((failed + 1)); status=1; echo "fuzz-table: '$got' from the logs, but fuzz.sh counted '$want'"
fi

if [ -f scripts/test-web.sh ]; then
  echo "== web =="
  if ! bash scripts/test-web.sh 2>&1 | tee "$logdir/web.log"; then status=1; fi
  # test-web.sh ends with its own "web: N passed, M failed" line.
  wline=$(grep -E '^web: [0-9]+ passed, [0-9]+ failed' "$logdir/web.log" | tail -n 1 || true)
  if [ -n "$wline" ]; then
    passed=$((passed + $(sed -E 's/^web: ([0-9]+) passed.*/\1/' <<<"$wline")))
    failed=$((failed + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$wline")))
  else
    failed=$((failed + 1)); status=1; echo "web tests printed no summary"
  fi
fi

[ "$failed" -gt 0 ] && status=1
echo "tests: $passed passed, $failed failed"
exit $status
