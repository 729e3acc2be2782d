#!/usr/bin/env bash
# scripts/build-web.sh - builds dist/ (the page and the JS API) with Debian's Emscripten, through the "web"
# preset of CMakePresets.json (build tree: build/web). Run scripts/setup.sh once first.
#   IMGUI_DIR=<checkout>   use another Dear ImGui than third_party/imgui
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}  # emcc needs Debian's acorn (toolchain notes)

args=()
[ -n "${IMGUI_DIR:-}" ] && args+=("-DIMGUI_DIR=$IMGUI_DIR")

cmake --preset web "${args[@]}" >/dev/null
cmake --build --preset web -j2

echo "dist/ (raw / gzip -9 bytes):"
for f in dist/*; do
  raw=$(stat -c %s "$f"); gz=$(gzip -9c "$f" | wc -c)
  printf '  %-18s %9d %9d\n' "$(basename "$f")" "$raw" "$gz"
done
page_gz=$(( $(gzip -9c dist/index.html | wc -c) + $(gzip -9c dist/smcalc.js | wc -c) ))
echo "page weight (index.html + smcalc.js): $page_gz B gzip (target: 250 KB = 250,000 B)"
