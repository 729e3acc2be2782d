#!/usr/bin/env bash
# scripts/bench.sh - the one benchmark command of smcalc (issue 6): builds, measures, prints one table
# (figure | median | spread | target | met?) and writes it to docs/performance.md and the README.
#
#   1. native  Release build in build/bench (-DSMCALC_BUILD_BENCH=ON): Google Benchmark over the same
#              100,000 inputs for our solver and CUDA's cuda_occupancy.h (where a toolkit is installed), the
#              block-size optimizer, the tile enumeration, one cluster answer (per call), the page's recompute;
#              then callgrind instruction counts of the solver loops (exact, immune to a busy machine)
#   2. wasm    core + the page's recompute compiled by em++ (build/bench-wasm), timed under node
#   3. page    dist/ from scripts/build-web.sh: bytes raw and gzip, navigation to first frame, idle frames,
#              CPU per frame while dragging, in headless Chromium (tests/bench/page.mjs, playwright-core)
#   4. report  tests/bench/report.py: the table; docs/performance.md; README.md's section between
#              <!-- perf:begin --> and <!-- perf:end --> (tests/bench/update-readme.py)
#
# A stage whose tools are missing is skipped with a visible reason in the table, never silently.
# Environment: SMCALC_BENCH_REPS   repetitions per figure (default 10)
#              SMCALC_BENCH_SKIP   stages to leave out, e.g. "page" or "wasm page"
#              SMCALC_BENCH_NO_DOCS=1  print the table only (docs/performance.md and README.md untouched)
#              SMCALC_BENCH_DIST   measure this already built page folder instead of building dist/
#              SMCALC_BENCH_PAGE_LOADS  page loads for the start-up figures (default 10)
#              SMCALC_BENCH_EMBED_LOADS loads of the 1- and 5-embed pages (tests/bench/embeds.mjs, embed-floor.mjs; default 8)
# Needs (Debian): cmake g++ libbenchmark-dev python3; valgrind (instruction counts); emscripten and node
# (wasm); chromium and `npm install` (page). About 3-5 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
reps=${SMCALC_BENCH_REPS:-10}
skip=" ${SMCALC_BENCH_SKIP:-} "
res="$root/build/bench/results"
logs="$root/build/bench/logs"
mkdir -p "$res" "$logs"
rm -f "$res"/*.json
export NODE_PATH=/usr/share/nodejs  # emcc needs Debian's node modules (toolchain notes, pitfall 1)

t_start=$(date +%s)
declare -A skipped=()
failed=0
say() { printf 'bench: [%3d s] %s\n' "$(( $(date +%s) - t_start ))" "$*" >&2; }
skip_stage() { skipped[$1]=$2; say "SKIPPED $1: $2"; }
tail_log() { tail -n 30 "$1" >&2; }
# A stage that fails is reported in the table as failed (with its log), the other stages still run, and
# the command exits 1 at the end.
fail_stage() { tail_log "$3"; skipped[$1]="FAILED: $2 (log: ${3#"$root"/})"; failed=1; say "FAILED $1: $2"; }
load_start=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')

# --- 1. native --------------------------------------------------------------------------------------------
native_bin=build/bench/tests/bench/smcalc_bench_native
if [[ $skip == *" native "* ]]; then
  skip_stage native "left out (SMCALC_BENCH_SKIP)"
elif ! command -v cmake >/dev/null || ! command -v g++ >/dev/null; then
  skip_stage native "cmake or g++ not installed"
else
  say "native: building (Release, build/bench)"
  if ! cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DSMCALC_BUILD_BENCH=ON -DSMCALC_BUILD_TESTS=OFF \
      >"$logs/native-configure.log" 2>&1; then
    fail_stage native "configure failed" "$logs/native-configure.log"
  else
    grep -E 'cuda_occupancy.h|Google Benchmark' "$logs/native-configure.log" | sed 's/^-- /bench: /' >&2 || true
    if ! cmake --build build/bench -j2 --target smcalc_bench_native >"$logs/native-build.log" 2>&1; then
      if grep -q 'No rule to make target.*smcalc_bench_native\|unknown target' "$logs/native-build.log"; then
        skip_stage native "Google Benchmark not found (Debian: libbenchmark-dev)"
      else
        fail_stage native "build failed" "$logs/native-build.log"
      fi
    fi
  fi
fi
if [[ -z ${skipped[native]:-} ]]; then
  say "native: $reps interleaved repetitions of each benchmark"
  "$native_bin" --benchmark_repetitions="$reps" --benchmark_enable_random_interleaving=true \
    --benchmark_min_time=0.1 --benchmark_out="$res/native.json" --benchmark_out_format=json \
    >"$logs/native-run.log" 2>&1 || { rm -f "$res/native.json"; fail_stage native "run failed" "$logs/native-run.log"; }
  grep -qE 'header.*absent' "$logs/native-run.log" &&
    say "SKIPPED comparison with cuda_occupancy.h: not found (install the CUDA toolkit or set SMCALC_CUDA_INCLUDE)"

  if command -v valgrind >/dev/null; then
    say "native: callgrind instruction counts"
    cg="{"
    for loop in ours header block_ours block_header recompute amd; do
      out="$res/callgrind.$loop.out"
      if valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="smcalc_bench_count_$loop*" \
          "$native_bin" --count "$loop" >"$logs/callgrind-$loop.log" 2>&1; then
        n=$(grep -E "^$loop [0-9]+ " "$logs/callgrind-$loop.log" | awk '{print $2}')
        ir=$(grep -E '^summary:' "$out" | awk '{print $2}')
        [[ $cg != "{" ]] && cg+=", "
        cg+="\"$loop\": {\"ir\": $ir, \"n\": $n}"
      fi
      rm -f "$out"
    done
    echo "$cg}" >"$res/callgrind.json"
  else
    skip_stage callgrind "valgrind not installed (Debian: valgrind)"
  fi
fi

# --- 2. wasm ----------------------------------------------------------------------------------------------
if [[ $skip == *" wasm "* ]]; then
  skip_stage wasm "left out (SMCALC_BENCH_SKIP)"
elif ! command -v emcmake >/dev/null || ! command -v node >/dev/null; then
  skip_stage wasm "emscripten or node not installed (Debian: emscripten; Node 20)"
else
  # The page's optimisation level (web/CMakeLists.txt: SMCALC_WEB_OPT), so the figure is the page's.
  wasm_opt=$(sed -nE 's/^set\(SMCALC_WEB_OPT "([^"]*)".*/\1/p' web/CMakeLists.txt 2>/dev/null | head -n 1)
  wasm_opt=${wasm_opt:--Oz}
  # ... and the one of the solver and the recompute (SMCALC_WEB_FAST_OPT; absent: the same as the rest).
  wasm_fast_opt=$(sed -nE 's/^set\(SMCALC_WEB_FAST_OPT "([^"]*)".*/\1/p' web/CMakeLists.txt 2>/dev/null | head -n 1)
  wasm_fast_opt=${wasm_fast_opt:-$wasm_opt}
  say "wasm: building (em++ $wasm_opt, solver and recompute $wasm_fast_opt, build/bench-wasm)"
  if ! emcmake cmake -S tests/bench -B build/bench-wasm -DCMAKE_BUILD_TYPE=Release -DSMCALC_BENCH_WASM_OPT="$wasm_opt" \
      -DSMCALC_BENCH_WASM_CORE_OPT="$wasm_fast_opt" >"$logs/wasm-configure.log" 2>&1; then
    fail_stage wasm "configure failed" "$logs/wasm-configure.log"
  elif ! cmake --build build/bench-wasm -j2 >"$logs/wasm-build.log" 2>&1; then
    fail_stage wasm "build failed" "$logs/wasm-build.log"
  else
    say "wasm: $reps repetitions under node $(node --version)"
    node tests/bench/run-wasm.js build/bench-wasm "$reps" >"$res/wasm.json" 2>"$logs/wasm-run.log" ||
      { rm -f "$res/wasm.json"; fail_stage wasm "run failed" "$logs/wasm-run.log"; }
  fi
fi

# --- 3. page ----------------------------------------------------------------------------------------------
if [[ $skip == *" page "* ]]; then
  skip_stage page "left out (SMCALC_BENCH_SKIP)"
elif [[ ! -f scripts/build-web.sh ]]; then
  skip_stage page "no web build yet (scripts/build-web.sh missing)"
elif [[ ! -x /usr/bin/chromium ]]; then
  skip_stage page "chromium not installed (Debian: chromium)"
elif [[ ! -d node_modules/playwright-core ]]; then
  skip_stage page "playwright-core not installed (run scripts/setup.sh)"
else
  dist=${SMCALC_BENCH_DIST:-dist}
  if [[ -n ${SMCALC_BENCH_DIST:-} ]]; then
    say "page: measuring $dist as built (SMCALC_BENCH_DIST; scripts/build-web.sh not run)"
  else
    say "page: building dist/ (scripts/build-web.sh)"
    bash scripts/build-web.sh >"$logs/web-build.log" 2>&1 || dist=""
  fi
  if [[ -z $dist ]]; then
    fail_stage page "scripts/build-web.sh failed" "$logs/web-build.log"
  else
    say "page: headless Chromium, ${SMCALC_BENCH_PAGE_LOADS:-10} loads, then a slider drag"
    node tests/bench/page.mjs "$dist" >"$res/page.json" 2>"$logs/page-run.log" ||
      { rm -f "$res/page.json"; fail_stage page "run failed" "$logs/page-run.log"; }
    # Several <sm-calc> embeds on one page (issue 31): code bytes sent and start-up, 1 vs 5 embeds.
    say "page: 1 and 5 embeds on one page, ${SMCALC_BENCH_EMBED_LOADS:-8} loads each"
    SMCALC_DIST="$dist" node tests/bench/embeds.mjs "${SMCALC_BENCH_EMBED_LOADS:-8}" >"$res/embeds.json" 2>"$logs/embeds-run.log" ||
      { rm -f "$res/embeds.json"; say "page: the embeds run failed ($logs/embeds-run.log)"; tail_log "$logs/embeds-run.log"; }
    # What a further frame costs before any of the calculator's code runs: the floor of the 5-embed target.
    say "page: 1 and 5 stand-in frames (tests/bench/embed-floor.mjs), ${SMCALC_BENCH_EMBED_LOADS:-8} loads each"
    SMCALC_DIST="$dist" node tests/bench/embed-floor.mjs "${SMCALC_BENCH_EMBED_LOADS:-8}" >"$res/embed-floor.json" 2>"$logs/embed-floor-run.log" ||
      { rm -f "$res/embed-floor.json"; say "page: the embed-floor run failed ($logs/embed-floor-run.log)"; tail_log "$logs/embed-floor-run.log"; }
  fi
fi

# --- 4. report --------------------------------------------------------------------------------------------
model=$(lscpu 2>/dev/null | sed -nE 's/^Model name:[[:space:]]+//p' | head -n 1)
os=$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-}")
tools="g++ $(g++ -dumpfullversion 2>/dev/null || echo '?')"
command -v em++ >/dev/null && tools+=", Emscripten $(em++ --version 2>/dev/null | sed -nE '1s/.* ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p')"
command -v node >/dev/null && tools+=", node $(node --version)"
[[ -x /usr/bin/chromium ]] && tools+=", $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
load_end=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
[[ -n ${wasm_opt:-} ]] && tools+="; wasm bench at $wasm_opt, solver and recompute at ${wasm_fast_opt:-$wasm_opt}, like the page"
[[ -n ${SMCALC_BENCH_DIST:-} ]] && tools+="; page measured from a prebuilt $SMCALC_BENCH_DIST (SMCALC_BENCH_DIST)"
python3 - "$res" "$reps" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc) cores, ${model:-unknown CPU}, ${os:-unknown OS}" \
  "$tools" "$(declare -p skipped)" "$load_start" "$load_end" <<'EOF'
import json, re, sys
res, reps, date, machine, tools, decl, load0, load1 = sys.argv[1:9]
json.dump({"date": date, "machine": machine, "reps": reps, "tools": tools, "load": [load0, load1]},
          open(f"{res}/machine.json", "w"))
json.dump(dict(re.findall(r'\[([^]]+)\]="([^"]*)"', decl)), open(f"{res}/skipped.json", "w"))
EOF

if [[ ${SMCALC_BENCH_NO_DOCS:-0} == 1 ]]; then
  python3 tests/bench/report.py "$res"
else
  python3 tests/bench/report.py "$res" --doc docs/performance.md --readme-section "$res/readme-section.md"
  python3 tests/bench/update-readme.py README.md "$res/readme-section.md" >&2 || true
  say "wrote docs/performance.md"
fi
say "done in $(( $(date +%s) - t_start )) s"
exit $failed
