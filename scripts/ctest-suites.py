#!/usr/bin/env python3
"""scripts/ctest-suites.py - fails when a ctest suite of a build tree is missing or smaller than it should be.

  python3 scripts/ctest-suites.py BUILD_DIR

Why: several suites exist only where a dependency was found (core/CMakeLists.txt finds nlohmann-json and CLI11
QUIET; tests/CMakeLists.txt and tests/cli/CMakeLists.txt add their tests inside `if(TARGET ...)`), so a machine
without one of them would run fewer tests and still report "0 failed". scripts/test.sh runs this after each
native ctest run and counts a shortfall as a failure.

A suite is the program a test runs (the doctest executable; for bash tests the script; the fuzz-replay programs
together), read from `ctest --show-only=json-v1`. MINIMUM is the number of tests each suite had when this list
was last updated (grow it when tests are added; a suite that shrinks on purpose lowers it here, in review).
The oracle suite needs CUDA's cuda_occupancy.h; without it tests/oracle/CMakeLists.txt adds `oracle.skipped`,
which ctest reports as Skipped, and that counts as the suite being accounted for (scripts/test.sh then prints
it among the skipped tests).
"""
import json
import os
import subprocess
import sys

MINIMUM = {
    'smcalc_tests':                173,  # tests/unit-*.cpp (the live cases of unit-amd, unit-binary and unit-cutlass are skipped without their tools)
    'smcalc_api_tests':            59,  # tests/api-*.cpp (needs nlohmann-json)
    'smcalc_badinput_tests':       3,  # tests/badinput/hash-badinput.cpp
    'smcalc_web_storage_tests':    9,  # tests/web-ui-storage.cpp (the last: docs/bad-inputs.md's saved-entry rows)
    'smcalc_web_scanf_tests':      4,  # tests/web-scanf-lite.cpp
    'smcalc_web_wrap_tests':       2,  # tests/web-wrap.cpp (web/wrap.hpp)
    'smcalc_oracle_tests':         4,  # tests/oracle/diff-occupancy.cpp (needs cuda_occupancy.h; else skipped)
    'cli_test.sh':                 21,  # tests/cli/CMakeLists.txt SMCALC_CLI_CASES (needs CLI11 + nlohmann-json)
    'badinput.sh':                 2,  # cli-bad:flags, cli-bad:batch (needs the CLI)
    'fuzz_replay':                 9,  # one per target of tests/fuzz/targets.cmake
    'smcalc_fields_dummy_tests':   7,  # tests/fields-dummy (the table with one extra row)
    'cli.sh':                      1,  # tests/fields-dummy/cli.sh (the CLI built with the extra row)
    'binaries-live.sh':            1,  # tests/binaries-live.sh: nvcc / llc compile now, unit-binary compares (skipped without them)
    'llvm-oracle.sh':              1,  # AMD: llc-22 (gfx942, gfx950, gfx90a, gfx908) and llc-19 (gfx942, gfx90a, gfx908) vs the model
}
SKIP_STANDS_IN = {'oracle.skipped': 'smcalc_oracle_tests'}


def suite_of(test):
    if test['name'] in SKIP_STANDS_IN:
        return None
    cmd = test.get('command') or ['']
    prog = os.path.basename(cmd[0])
    if prog in ('bash', 'sh') and len(cmd) > 1:
        prog = os.path.basename(cmd[1])
    if prog.startswith('fuzz_replay_'):
        prog = 'fuzz_replay'
    return prog


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = subprocess.run(['ctest', '--test-dir', sys.argv[1], '--show-only=json-v1'],
                         capture_output=True, text=True, check=True).stdout
    tests = json.loads(out).get('tests', [])
    counts = {}
    skipped_suites = set()
    for t in tests:
        s = suite_of(t)
        if s is None:
            skipped_suites.add(SKIP_STANDS_IN[t['name']])
        else:
            counts[s] = counts.get(s, 0) + 1
    short = []
    for suite, need in MINIMUM.items():
        have = counts.get(suite, 0)
        if suite in skipped_suites and have == 0:
            print(f'suite {suite}: SKIPPED (its stand-in test is reported by ctest as skipped)')
        elif have < need:
            short.append(f'suite {suite}: {have} tests, at least {need} expected')
        else:
            print(f'suite {suite}: {have} tests (at least {need})')
    for suite in sorted(set(counts) - set(MINIMUM)):
        print(f'suite {suite}: {counts[suite]} tests (no minimum set: add it to MINIMUM in {sys.argv[0]})')
    for s in short:
        print('FAIL ' + s)
    return 1 if short else 0


if __name__ == '__main__':
    sys.exit(main())
