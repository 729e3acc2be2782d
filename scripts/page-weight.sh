#!/usr/bin/env bash
# scripts/page-weight.sh [DIST] - the page's weight at load, and the check that it stays within its target.
# Prints every file of DIST (default dist/) raw and gzipped, then the page weight (index.html + smcalc.js, what
# the page loads at start), and exits 1 when that is above 250,000 B (README's target "<= 250 KB").
# One method everywhere: GNU gzip -9 -n (-n leaves the file name and time out of the header, so the figure
# depends on the bytes only); tests/bench/page.mjs, and so docs/performance.md, count the same way.
set -euo pipefail
dist=${1:-dist}
limit=250000  # bytes, gzip -9 -n: README "Performance", page weight target
gz() { gzip -9 -n -c "$1" | wc -c; }

echo "$dist/ (raw / gzip -9 -n bytes):"
for f in "$dist"/*; do
  printf '  %-18s %9d %9d\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gz "$f")"
done
page_gz=$(( $(gz "$dist/index.html") + $(gz "$dist/smcalc.js") ))
if [ "$page_gz" -le "$limit" ]; then
  echo "page weight (index.html + smcalc.js): $page_gz B gzip -9 -n (target: at most $limit B): met"
else
  echo "page weight (index.html + smcalc.js): $page_gz B gzip -9 -n is above the target of $limit B: error"
  exit 1
fi
