#!/usr/bin/env bash
# scripts/page-weight.sh [DIST] - the page's weight at load, and the check that it stays within its target.
# Prints every file of DIST (default dist/) raw and gzipped, then the page weight (index.html + smcalc.js, what
# the page loads at start), and exits 1 when it is above the target: 250,000 B, README's "<= 250 KB". The build
# (scripts/build-web.sh) runs this, so a page over its weight fails the build.
# How the page got under it (it was 296,631 B with the cluster and AMD panels): the wasm inside smcalc.js is
# LZMA-compressed with our decoder and the JavaScript minified (web/pack_page.py), Roboto replaced ProggyClean,
# the page's own copy of the core is at -Oz, and two libc++ containers/sorts gave way to smaller code.
# One method everywhere: GNU gzip -9 -n (-n leaves the file name and time out of the header, so the figure
# depends on the bytes only); tests/bench/page.mjs, and so docs/performance.md, count the same way.
set -euo pipefail
dist=${1:-dist}
target=250000   # bytes, gzip -9 -n: README "Performance", page weight target; the build fails above it
gz() { gzip -9 -n -c "$1" | wc -c; }

echo "$dist/ (raw / gzip -9 -n bytes):"
for f in "$dist"/*; do
  [ -f "$f" ] || continue  # dist/examples/: the course example, not the page
  printf '  %-18s %9d %9d\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gz "$f")"
done
page_gz=$(( $(gz "$dist/index.html") + $(gz "$dist/smcalc.js") ))
if [ "$page_gz" -le "$target" ]; then
  echo "page weight (index.html + smcalc.js): $page_gz B gzip -9 -n (target: at most $target B): met"
else
  echo "page weight (index.html + smcalc.js): $page_gz B gzip -9 -n is above its target of $target B by $((page_gz - target)) B: error" >&2
  exit 1
fi
