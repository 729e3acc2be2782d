#!/usr/bin/env bash
# cli.sh SMCALC_DUMMY - the CLI built with SMCALC_TEST_DUMMY_FIELD has the extra row's flag, help, table line,
# JSON echo and range error (tests/fields-dummy/CMakeLists.txt).
set -u
bin=$1
failures=0
check() { if ! grep -qE -- "$2" <<<"$1"; then echo "FAIL: no line matching /$2/ in:"; echo "$1"; failures=$((failures + 1)); fi; }
check "$("$bin" occupancy --help)" '--dummy-field N +a field that only the table test knows \(default 7\)'
check "$("$bin" fields)" '^  dummy_field +--dummy-field +dmy '
check "$("$bin" occupancy --cc 8.0 --dummy-field 9 --json)" '"dummy_field": 9'
check "$("$bin" occupancy --cc 8.0 --dummy-field 1001 2>&1)" '--dummy-field: dummy_field must be an integer from 0 to 1000 \(dummies\)'
exit $((failures > 0))
