#!/usr/bin/env bash
# scripts/setup.sh - installs what building and testing smcalc needs on Debian 12, and nothing twice.
#
#   1. Debian packages (apt-get install only those missing; `apt-get update` only when something is missing):
#      emscripten chromium glslang-tools doctest-dev libcli11-dev nlohmann-json3-dev libzstd-dev cmake g++, llvm-19 and
#      llvm-22 (llc for the AMD oracle; llvm-22 from bookworm-security), and the page's
#      typeface: fonts-roboto-unhinted, cut to the UI's characters with python3-fonttools (web/font_subset.py)
#   2. Dear ImGui 1.86 sources from Debian's *source* package into third_party/imgui (ignored by git),
#      unless IMGUI_DIR points at an ImGui checkout already (then nothing is fetched).
#   3. npm packages of package.json: playwright-core (it never downloads a browser: the tests drive Debian's
#      /usr/bin/chromium), typescript (tests/js/types.test.mjs checks the shipped declarations with tsc) and
#      terser (web/pack_page.py minifies the page's JavaScript).
#
# Safe to run again: each step checks first. Needs root (or sudo) only when a package is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

say() { printf 'setup: %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# --- 1. Debian packages ---------------------------------------------------------------------------------
packages=(emscripten chromium glslang-tools doctest-dev libcli11-dev nlohmann-json3-dev cmake g++
          fonts-roboto-unhinted python3-fonttools  # the page's typeface, subset at build time (web/font_subset.py)
          clang libclang-rt-14-dev libbenchmark-dev valgrind  # fuzz targets (libFuzzer), scripts/bench.sh
          llvm-19   # llc-19: tests/amd/llvm-oracle.sh (ctest amd_llvm_oracle): gfx942, gfx90a, gfx908 (LLVM 19's rules)
          llvm-22   # llc-22 (bookworm-security, the default sources): the same oracle, gfx942/gfx950/gfx90a/gfx908; scripts/record-amd-oracle.sh
          libzstd-dev  # the CLI decompresses zstd-compressed fat binary entries (nvcc 12.8+'s default for PTX, --compress-mode=size for ELF)
          python3)  # web/pack_page.py, scripts/fuzz-table.py, tests/bench/report.py (also a dependency of emscripten)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$p"); fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  as_root apt-get update
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y --no-install-recommends "${missing[@]}"
else
  say "Debian packages present"
fi

# --- 2. Dear ImGui sources ------------------------------------------------------------------------------
# No Debian binary package ships ImGui's .cpp files; the source package does (imgui_1.86+ds.orig.tar.xz).
imgui_dir=${IMGUI_DIR:-$root/third_party/imgui}
if [ -f "$imgui_dir/imgui.h" ] && [ -f "$imgui_dir/imgui_draw.cpp" ]; then
  say "ImGui sources present in $imgui_dir"
elif [ -n "${IMGUI_DIR:-}" ]; then
  echo "setup: IMGUI_DIR=$IMGUI_DIR has no imgui.h / imgui_draw.cpp" >&2
  exit 1
else
  # apt-get source needs a deb-src entry for bookworm main; add one (same mirror as the deb entry) if absent.
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    say "adding a deb-src entry for bookworm main"
    mirror=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/debian.sources | head -n 1 | awk '{print $2}')
    mirror=${mirror:-http://deb.debian.org/debian}
    printf 'Types: deb-src\nURIs: %s\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$mirror" | as_root tee /etc/apt/sources.list.d/smcalc-deb-src.sources >/dev/null
    as_root apt-get update
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  chmod 755 "$tmp"; chown _apt "$tmp" 2>/dev/null || true  # apt's sandbox user downloads into it
  say "fetching Debian's imgui source package"
  (cd "$tmp" && apt-get source --download-only imgui >/dev/null)
  tarball=$(ls "$tmp"/imgui_*.orig.tar.* | head -n 1)
  mkdir -p "$tmp/x" "$imgui_dir"
  tar -xf "$tarball" -C "$tmp/x"
  src=$(dirname "$(find "$tmp/x" -maxdepth 2 -name imgui.h | head -n 1)")
  cp -r "$src"/. "$imgui_dir"/
  say "ImGui $(grep -m1 -oE 'IMGUI_VERSION +"[^"]+"' "$imgui_dir/imgui.h" | awk '{print $2}' | tr -d '"') in $imgui_dir"
fi

# --- 3. npm packages (playwright-core, typescript, terser) ----------------------------------------------
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ -d node_modules/playwright-core ] && [ -d node_modules/typescript ] && [ -d node_modules/terser ] &&
   [ node_modules/.package-lock.json -nt package-lock.json ]; then
  say "npm packages present"
elif [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm install --no-audit --no-fund --loglevel=error
fi
say "done"
