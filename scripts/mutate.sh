#!/usr/bin/env bash
# scripts/mutate.sh [--only ID,...] [-j N] [--list] - the mutation check (tests/mutation/run.py): applies each small
# realistic bug of tests/mutation/mutants.py alone (solver, tiles, clusters, AMD, guidance, field tables, JSON
# answers, the page's hash decoding), rebuilds the debug tree incrementally, runs the doctest suites of that
# area, and prints which test caught each mutant or SURVIVED; exit 1 when one survives (or a pattern no longer
# matches). CPU heavy (a rebuild and ~1 min of tests per mutant): run it alone, e.g. with -j 2.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/debug/tests/smcalc_tests ] || { echo "mutate.sh: build the debug tree first (cmake --preset debug && cmake --build --preset debug)"; exit 1; }
exec python3 tests/mutation/run.py "$@"
