#!/usr/bin/env bash
# scripts/test-web.sh - every web test, after scripts/setup.sh:
#   1. build dist/ (scripts/build-web.sh: the page and the JS API module)
#   2. shaders: glslangValidator on every file of shaders/ (tests/shaders/validate.sh)
#   3. JS API under node: tests/js/*.test.mjs (node --test)
#   4. wasm == native and the JS API bad-input table: tests/wasm-eq/*.test.mjs (node --test; the native side is
#      build/debug/core/smcalc, which scripts/test.sh builds first from the same checkout; without it the
#      comparison is skipped with a visible note, the table still runs)
#   5. the page in headless Chromium: tests/browser/*.test.mjs (playwright-core + /usr/bin/chromium);
#      screenshots under build/screenshots/
# Ends with one line "web: N passed, M failed" (scripts/test.sh adds it to its total).
set -uo pipefail
cd "$(dirname "$0")/.."
logdir=build/test-logs
mkdir -p "$logdir"
passed=0
failed=0

summary() { echo "web: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; }

echo "-- build"
if bash scripts/build-web.sh 2>&1 | tee "$logdir/web-build.log" | grep -E 'error|warning:|page weight|^  '; then :; fi
if [ "${PIPESTATUS[0]}" -eq 0 ] && [ -f dist/smcalc.js ] && [ -f dist/smcalc-api.js ]; then
  passed=$((passed + 1))
else
  echo "web build failed (log: $logdir/web-build.log)"
  tail -n 30 "$logdir/web-build.log"
  failed=$((failed + 1))
  summary
  exit 1
fi

echo "-- shaders"
bash tests/shaders/validate.sh | tee "$logdir/web-shaders.log"
passed=$((passed + $(grep -c '^ok ' "$logdir/web-shaders.log")))
failed=$((failed + $(grep -c '^FAIL ' "$logdir/web-shaders.log")))

# node --test with the TAP reporter ends with "# pass N" and "# fail M".
run_node_tests() {  # name, files...
  local name=$1 log="$logdir/web-$1.log" p f
  shift
  node --test --test-reporter=tap "$@" >"$log" 2>&1
  grep -E '^(not )?ok [0-9]+ ' "$log" | sed 's/^/   /'
  grep -B2 -A40 '^not ok' "$log" | head -n 120
  p=$(sed -nE 's/^# pass ([0-9]+)$/\1/p' "$log" | tail -n 1)
  f=$(sed -nE 's/^# fail ([0-9]+)$/\1/p' "$log" | tail -n 1)
  if [ -z "$p" ]; then echo "$name: no test summary (log: $log)"; tail -n 20 "$log"; failed=$((failed + 1)); return; fi
  passed=$((passed + p))
  failed=$((failed + f))
}

echo "-- JS API (node)"
run_node_tests js tests/js/*.test.mjs

echo "-- wasm == native, JS API bad-input table (node)"
if [ -x "${SMCALC_BIN:-build/debug/core/smcalc}" ]; then
  run_node_tests wasm-eq tests/wasm-eq/*.test.mjs
  grep -E '^# wasm-eq: ' "$logdir/web-wasm-eq.log" | sed 's/^# /   /'
else
  echo "   SKIPPED wasm == native: no native smcalc at ${SMCALC_BIN:-build/debug/core/smcalc} (scripts/test.sh builds it first)"
  run_node_tests wasm-eq tests/wasm-eq/js-badinput.test.mjs
fi

echo "-- page (headless Chromium)"
if [ ! -d node_modules/playwright-core ]; then
  echo "playwright-core missing: run scripts/setup.sh"
  failed=$((failed + 1))
elif [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "chromium missing: run scripts/setup.sh"
  failed=$((failed + 1))
else
  run_node_tests browser tests/browser/*.test.mjs
  echo "screenshots: $(ls build/screenshots/*.png 2>/dev/null | tr '\n' ' ')"
fi

summary
