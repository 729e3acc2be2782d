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

# The course example (examples/course/index.html) beside the calculator, as scripts/serve.sh serves dist/: there
# embed.js is ../../embed.js instead of the repository's ../../dist/embed.js.
mkdir -p dist/examples/course
sed 's#\.\./\.\./dist/embed\.js#../../embed.js#' examples/course/index.html >dist/examples/course/index.html

# Sizes, and a page above its weight target (250,000 B gzip) fails the build (scripts/page-weight.sh).
bash scripts/page-weight.sh dist
