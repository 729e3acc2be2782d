#!/usr/bin/env bash
# Runs every test of smcalc from a fresh clone: set-up (packages, ImGui source, npm), then
#   1. native Debug build with warnings as errors: doctest suites, oracle differential test, CLI tests (ctest)
#   2. native ASan + UBSan build: the same ctest suite under the sanitizers
#   3. fuzz: each libFuzzer target (clang, ASan + UBSan) for FUZZ_SECONDS (default 45) seconds (scripts/fuzz.sh)
#   4. web: Emscripten build, JS API tests under node, browser tests in headless Chromium (scripts/test-web.sh)
# Each native suite must hold at least its expected number of tests (scripts/ctest-suites.py), so that a missing
# dependency cannot shrink the run unseen. A test that did not run (ctest's Skipped, e.g. the oracle test without
# cuda_occupancy.h; the web stage's skips) is counted apart from the passed ones.
# Ends with one line "tests: N passed, M failed, K skipped" counting every test of the stages.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logdir="$root/build/test-logs"
mkdir -p "$logdir"

bash scripts/setup.sh

passed=0
failed=0
skipped=0
# ctest ends with "N% tests passed, F tests failed out of T" and counts a skipped test among the passed ones;
# the skipped ones are listed after "The following tests did not run:" as "  K - NAME (Skipped)" (or Disabled).
count_ctest() {
  local line t f s
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -n 1 || true)
  if [ -z "$line" ]; then failed=$((failed + 1)); echo "ctest printed no summary ($1)"; return; fi
  t=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$line")
  s=$(grep -cE '^[[:space:]]+[0-9]+ - .* \((Skipped|Disabled)\)$' "$1" || true)
  passed=$((passed + t - f - s)); failed=$((failed + f)); skipped=$((skipped + s))
  grep -E '^[[:space:]]+[0-9]+ - .* \((Skipped|Disabled)\)$' "$1" | sed -E "s/^[[:space:]]+[0-9]+ - /  ($2) /" >>"$skipped_list" || true
}
skipped_list="$logdir/skipped.txt"
: >"$skipped_list"

status=0
for preset in debug asan; do
  echo "== native: $preset =="
  cmake --preset "$preset" >"$logdir/configure-$preset.log" 2>&1 || { cat "$logdir/configure-$preset.log"; exit 1; }
  grep -A3 'CMake Warning' "$logdir/configure-$preset.log" || true
  # The build's own status decides (not a pipeline's: `... | grep || true` would reset PIPESTATUS).
  build_rc=0
  cmake --build --preset "$preset" -j2 >"$logdir/build-$preset.log" 2>&1 || build_rc=$?
  grep -E 'error|warning|Error' "$logdir/build-$preset.log" || true
  if [ "$build_rc" != 0 ]; then echo "build failed: $preset (log: $logdir/build-$preset.log)"; exit 1; fi
  if ! ctest --preset "$preset" -j2 2>&1 | tee "$logdir/ctest-$preset.log"; then status=1; fi
  count_ctest "$logdir/ctest-$preset.log" "$preset"
  if ! python3 scripts/ctest-suites.py "build/$preset"; then
    failed=$((failed + 1)); status=1; echo "a test suite of $preset is missing or smaller than expected (above)"
  fi
done

echo "== fuzz =="
if bash scripts/fuzz.sh "${FUZZ_SECONDS:-45}" 2>&1 | tee "$logdir/fuzz.log"; then :; else
  failed=$((failed + 1)); status=1; echo "fuzzing found a crash or a target did not run (build/fuzz/artifacts)"
fi
# Every target of tests/fuzz/targets.cmake must report one line with more than 0 executions and 0 crashes: a
# target missing from the log, or one that executed nothing, is a failure, never a pass.
for t in $(sed -nE 's/^set\(SMCALC_FUZZ_TARGETS (.*)\)$/\1/p' tests/fuzz/targets.cmake); do
  if grep -qE "^fuzz_$t: [1-9][0-9]* executions, 0 crashes\$" "$logdir/fuzz.log"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); status=1; echo "fuzz_$t: no line with executions > 0 and 0 crashes in $logdir/fuzz.log"
  fi
done

if [ -f scripts/test-web.sh ]; then
  echo "== web =="
  if ! bash scripts/test-web.sh 2>&1 | tee "$logdir/web.log"; then status=1; fi
  # test-web.sh ends with its own "web: N passed, M failed, K skipped" line.
  wline=$(grep -E '^web: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$logdir/web.log" | tail -n 1 || true)
  if [ -n "$wline" ]; then
    passed=$((passed + $(sed -E 's/^web: ([0-9]+) passed.*/\1/' <<<"$wline")))
    failed=$((failed + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$wline")))
    skipped=$((skipped + $(sed -E 's/.* ([0-9]+) skipped$/\1/' <<<"$wline")))
    grep -E '^ *SKIPPED' "$logdir/web.log" | sed -E 's/^ */  (web) /' >>"$skipped_list" || true
  else
    failed=$((failed + 1)); status=1; echo "web tests printed no summary"
  fi
fi

[ "$failed" -gt 0 ] && status=1
if [ -s "$skipped_list" ]; then echo "skipped (not run, not counted as passed):"; cat "$skipped_list"; fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit $status
