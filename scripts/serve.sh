#!/usr/bin/env bash
# scripts/serve.sh - the run command: sets up what is missing, builds dist/ and serves it on 127.0.0.1 with
# python3 -m http.server, printing the URL. dist/index.html also works opened straight from disk.
#   PORT=8000                  the port (default 8000)
#   SMCALC_SKIP_SETUP=1        skip scripts/setup.sh (packages, ImGui sources, npm)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SMCALC_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh
bash scripts/build-web.sh
port=${PORT:-8000}
echo
echo "smcalc: http://127.0.0.1:$port/   (embedded view: http://127.0.0.1:$port/?embed=1; Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
