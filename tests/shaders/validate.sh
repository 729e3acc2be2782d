#!/usr/bin/env bash
# tests/shaders/validate.sh - validates every shader under shaders/ with glslangValidator, in the form
# WebGL compiles it (cmake/EmbedShaders.cmake adds the #version line and strips comments).
# Prints one "ok"/"FAIL" line per shader and exits non-zero if any fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v glslangValidator >/dev/null || { echo "glslangValidator missing (Debian: glslang-tools)"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
shaders=$(ls shaders/*.vert shaders/*.frag | paste -sd ';')
cmake "-DOUTPUT_DIR=$out" "-DSHADERS=$shaders" -P cmake/EmbedShaders.cmake || exit 1
fail=0
for f in "$out"/glsl/*.vert "$out"/glsl/*.frag; do
  name=$(basename "$f")
  if log=$(glslangValidator "$f" 2>&1); then
    echo "ok   shader $name"
  else
    echo "FAIL shader $name"; echo "$log" | sed 's/^/     /'; fail=1
  fi
done
exit $fail
