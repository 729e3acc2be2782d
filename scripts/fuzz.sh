#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...] - builds the libFuzzer targets (the "fuzz" preset: clang,
# ASan + UBSan) and runs each for SECONDS_PER_TARGET seconds (default 60), one after the other, then prints per
# target "fuzz_<target>: N executions, C crashes" and a total line "fuzz: N executions, C crashes".
#   TARGET         api_line api_request occupancy tile ptxas binary url_hash saved_state (default: all; tests/fuzz/CMakeLists.txt)
#   FUZZ_RUNS=N    run each target for N executions instead of a time (the long runs of docs/bad-inputs.md)
#   FUZZ_ARGS=...  more libFuzzer flags (e.g. -jobs=2 -workers=2)
#   FUZZ_NO_BUILD=1  run what the build folder holds (two runs of this script side by side)
#   FUZZ_BUILD_DIR=build/fuzz-long  another build folder (binaries, corpus, artifacts, logs) for long runs
#                  beside the short ones
# Seeds: tests/fuzz/corpus/<target>/ (read only); inputs found while fuzzing go to build/fuzz/corpus/<target>/,
# crashes to build/fuzz/artifacts/<target>/ (crash-<sha1>, reproduce: build/fuzz/tests/fuzz/fuzz_<target> FILE),
# the fuzzer's output to build/fuzz/fuzz_<target>.log, and a copy of it to build/fuzz/logs/fuzz_<target>.<UTC time>.log
# that the next run does not overwrite (scripts/fuzz-table.py builds docs/bad-inputs.md's "Long runs" table from those).
# Exit status 1 when any target crashed, did not run, or ran 0 executions (a target that executed nothing
# tested nothing: it is reported as "N executions, C crashes, did not run" and fails the run).
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
targets=("$@")
# Default: every target tests/fuzz/targets.cmake lists (the one list the builds use).
if [ ${#targets[@]} -eq 0 ]; then
  read -r -a targets <<<"$(sed -nE 's/^set\(SMCALC_FUZZ_TARGETS (.*)\)$/\1/p' tests/fuzz/targets.cmake)"
  [ ${#targets[@]} -gt 0 ] || { echo "fuzz: no SMCALC_FUZZ_TARGETS in tests/fuzz/targets.cmake"; exit 1; }
fi
build=${FUZZ_BUILD_DIR:-build/fuzz}
mkdir -p "$build"

if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  if ! cmake --preset fuzz -B "$build" >"$build/configure.log" 2>&1; then cat "$build/configure.log"; exit 1; fi
  if ! cmake --build "$build" -j2 >"$build/build.log" 2>&1; then grep -E 'error|Error' "$build/build.log" | head -n 30; exit 1; fi
fi

# Artifacts of target $1 other than slow-unit-* (an input over 10 s, not a finding by itself; docs/bad-inputs.md
# "Long runs"): crash, leak, timeout and out-of-memory inputs.
count_artifacts() { find "$build/artifacts/$1" -maxdepth 1 -type f ! -name 'slow-unit-*' | wc -l; }

total_execs=0
total_crashes=0
for t in "${targets[@]}"; do
  exe=$build/tests/fuzz/fuzz_$t
  if [ ! -x "$exe" ]; then echo "fuzz_$t: not built"; total_crashes=$((total_crashes + 1)); continue; fi
  mkdir -p "$build/corpus/$t" "$build/artifacts/$t"
  args=(-print_final_stats=1 -timeout=30 -rss_limit_mb=4096 -artifact_prefix="$build/artifacts/$t/")
  if [ -n "${FUZZ_RUNS:-}" ]; then args+=(-runs="$FUZZ_RUNS"); else args+=(-max_total_time="$secs"); fi
  [ -f "tests/fuzz/dict/$t.dict" ] && args+=(-dict="tests/fuzz/dict/$t.dict")
  before=$(count_artifacts "$t")
  # Short allocation stacks: the JSON targets allocate a lot and ASan records each (rerun a crash without it).
  export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=5}
  log=$build/fuzz_$t.log
  # shellcheck disable=SC2086
  nice -n 10 "$exe" "${args[@]}" ${FUZZ_ARGS:-} "$build/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  mkdir -p "$build/logs" && cp "$log" "$build/logs/fuzz_$t.$(date -u +%Y%m%dT%H%M%SZ).log"
  execs=$(sed -nE 's/^stat::number_of_executed_units: ([0-9]+)$/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
  crashes=$(( $(count_artifacts "$t") - before ))
  [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && crashes=1  # died without an artifact (e.g. the build's sanitizers)
  if [ "$execs" -eq 0 ]; then
    # Started but executed nothing (no stats line: killed early, a bad flag, an empty build): a failure.
    echo "fuzz_$t: 0 executions, $crashes crashes, did not run"
    grep -E 'ERROR|error|WARNING' "$log" | head -n 3 | sed 's/^/    /'
    total_crashes=$((total_crashes + 1))
    continue
  fi
  echo "fuzz_$t: $execs executions, $crashes crashes"
  if [ "$crashes" -gt 0 ]; then
    grep -E 'invariant broken|ERROR: |runtime error|SUMMARY' "$log" | head -n 5 | sed 's/^/    /'
    echo "    log: $log; inputs: $build/artifacts/$t/"
  fi
  total_execs=$((total_execs + execs))
  total_crashes=$((total_crashes + crashes))
done
echo "fuzz: $total_execs executions, $total_crashes crashes"
[ "$total_crashes" -eq 0 ]
