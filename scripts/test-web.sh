#!/usr/bin/env bash
# scripts/test-web.sh - every web test, after scripts/setup.sh:
#   1. build dist/ (scripts/build-web.sh: the page and the JS API module)
#   2. shaders: glslangValidator on every file of shaders/ (tests/shaders/validate.sh)
#   3. JS API under node: tests/js/*.test.mjs (node --test; types.test.mjs runs tsc from node_modules on the
#      declarations in dist/)
#   4. wasm == native and the JS API bad-input table: tests/wasm-eq/*.test.mjs (node --test; the native side is
#      build/debug/core/smcalc, which scripts/test.sh builds first from the same checkout; without it the
#      comparison is skipped with a visible note, the table still runs)
#   5. the page in headless Chromium: tests/browser/*.test.mjs (playwright-core + /usr/bin/chromium);
#      screenshots under build/screenshots/
# Ends with one line "web: N passed, M failed, K skipped" (scripts/test.sh adds it to its total); a skipped part
# prints a line starting with SKIPPED.
set -uo pipefail
cd "$(dirname "$0")/.."
logdir=build/test-logs
mkdir -p "$logdir"
passed=0
failed=0
skipped=0

summary() { echo "web: $passed passed, $failed failed, $skipped skipped"; [ "$failed" -eq 0 ]; }

echo "-- build"
# The build's own exit status decides: a stale dist/ from an earlier build must not pass for a fresh one (a
# `if ... | grep; then :; fi` resets PIPESTATUS to the if's).
build_rc=0
bash scripts/build-web.sh >"$logdir/web-build.log" 2>&1 || build_rc=$?
grep -E 'error|warning:|page weight|^  ' "$logdir/web-build.log" || true
if [ "$build_rc" -eq 0 ] && [ -f dist/smcalc.js ] && [ -f dist/smcalc-api.js ]; then
  passed=$((passed + 1))
else
  echo "web build failed (log: $logdir/web-build.log)"
  tail -n 30 "$logdir/web-build.log"
  failed=$((failed + 1))
  summary
  exit 1
fi

echo "-- shaders"
# One "ok" per shader file, and the validator's exit status: a missing glslangValidator or a failed embedding
# prints no ok/FAIL line at all and must still fail.
shader_rc=0
bash tests/shaders/validate.sh >"$logdir/web-shaders.log" 2>&1 || shader_rc=$?
cat "$logdir/web-shaders.log"
shader_ok=$(grep -c '^ok ' "$logdir/web-shaders.log" || true)
shader_fail=$(grep -c '^FAIL ' "$logdir/web-shaders.log" || true)
shader_files=$(ls shaders/*.vert shaders/*.frag | wc -l)
passed=$((passed + shader_ok))
failed=$((failed + shader_fail))
if [ "$shader_rc" -ne 0 ] && [ "$shader_fail" -eq 0 ]; then
  echo "shader check failed before validating (exit $shader_rc)"; failed=$((failed + 1))
elif [ $((shader_ok + shader_fail)) -ne "$shader_files" ]; then
  echo "shader check: $((shader_ok + shader_fail)) results for $shader_files files in shaders/"; failed=$((failed + 1))
fi

# Each node suite must hold at least its expected number of tests (like scripts/ctest-suites.py for the native
# suites): a file that stops loading, a test lost in an edit or a loop that yields nothing would otherwise shrink
# the run unseen. MINIMUM = the tests each suite had when last updated (top-level test() calls, a loop's tests
# counted one by one: unlzma's 4 liblzma streams, layout's 7 size/scheme pairs); skipped tests count toward it
# (they are reported apart). Grow it when tests are added; a suite that shrinks on purpose lowers it here, in review.
declare -A MINIMUM=(
  [js]=30          # tests/js/*.test.mjs: api 18, types 3, unlzma 2 + 4, answer-types 3
  [wasm-eq]=2      # tests/wasm-eq/*.test.mjs: native-vs-wasm 1, js-badinput 1
  [wasm-eq-table]=1  # tests/wasm-eq/js-badinput.test.mjs alone (no native smcalc)
  [browser]=83     # tests/browser/*.test.mjs: 72 test() calls (amd 4, saved 5, state-types 1, page 15, guidance 12; hash-abuse's digest test included; fallback 2, embed-code uses 1, schedule 2), layout's loop 7 (not 1), lecture's 4 + 2
)

# node --test with the TAP reporter ends with "# tests N", "# pass N", "# fail M", "# skipped S" and "# todo T".
run_node_tests() {  # name, minimum key, files...
  local name=$1 key=$2 log="$logdir/web-$1.log" p f s n
  shift 2
  node --test --test-reporter=tap "$@" >"$log" 2>&1
  grep -E '^(not )?ok [0-9]+ ' "$log" | sed 's/^/   /'
  grep -B2 -A40 '^not ok' "$log" | head -n 120
  p=$(sed -nE 's/^# pass ([0-9]+)$/\1/p' "$log" | tail -n 1)
  f=$(sed -nE 's/^# fail ([0-9]+)$/\1/p' "$log" | tail -n 1)
  s=$(sed -nE 's/^# (skipped|todo) ([0-9]+)$/\2/p' "$log" | awk '{ n += $1 } END { print n + 0 }')
  if [ -z "$p" ]; then echo "$name: no test summary (log: $log)"; tail -n 20 "$log"; failed=$((failed + 1)); return; fi
  # "# pass" leaves out the skipped and todo tests, which are counted apart.
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + ${s:-0}))
  grep -E '^ok [0-9]+ .*# SKIP' "$log" | sed -E 's/^ok [0-9]+ - /   SKIPPED (node) /' || true
  n=$(sed -nE 's/^# tests ([0-9]+)$/\1/p' "$log" | tail -n 1)
  if [ "${n:-0}" -lt "${MINIMUM[$key]}" ]; then
    echo "$name: ${n:-0} tests, fewer than the expected ${MINIMUM[$key]} (scripts/test-web.sh MINIMUM; log: $log)"
    failed=$((failed + 1))
  fi
}

echo "-- JS API (node)"
run_node_tests js js tests/js/*.test.mjs

echo "-- wasm == native, JS API bad-input table (node)"
if [ -x "${SMCALC_BIN:-build/debug/core/smcalc}" ]; then
  run_node_tests wasm-eq wasm-eq tests/wasm-eq/*.test.mjs
  grep -E '^# wasm-eq: ' "$logdir/web-wasm-eq.log" | sed 's/^# /   /'
else
  echo "   SKIPPED wasm == native: no native smcalc at ${SMCALC_BIN:-build/debug/core/smcalc} (scripts/test.sh builds it first)"
  skipped=$((skipped + 1))
  run_node_tests wasm-eq wasm-eq-table tests/wasm-eq/js-badinput.test.mjs
fi

echo "-- page (headless Chromium)"
if [ ! -d node_modules/playwright-core ]; then
  echo "playwright-core missing: run scripts/setup.sh"
  failed=$((failed + 1))
elif [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "chromium missing: run scripts/setup.sh"
  failed=$((failed + 1))
else
  run_node_tests browser browser tests/browser/*.test.mjs
  echo "screenshots: $(ls build/screenshots/*.png 2>/dev/null | tr '\n' ' ')"
fi

summary
