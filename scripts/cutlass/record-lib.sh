# scripts/cutlass/record-lib.sh - what scripts/record-cutlass.sh (CUTLASS 3.x/4.x) and scripts/record-cutlass-sm80.sh
# (2.x) share, sourced by both: finding CUTLASS and nvcc, the TSV's header, one probe compile's bookkeeping and
# what ptxas -v says of the kernel. The caller sets `here` (the repository) and `name` (its own name, for
# messages) before sourcing it, and `set -euo pipefail`.
CUTLASS_DIR="${CUTLASS_DIR:?set CUTLASS_DIR to a CUTLASS checkout (include/ inside)}"
NVCC="${NVCC:-$(command -v nvcc || ls -d /usr/local/cuda*/bin/nvcc 2>/dev/null | head -1)}"
[ -x "$NVCC" ] || { echo "$name: no nvcc (set NVCC)" >&2; exit 2; }
commit="${CUTLASS_COMMIT:-$(git -C "$CUTLASS_DIR" rev-parse HEAD 2>/dev/null || echo unknown)}"
version="$(grep -hE '#define CUTLASS_(MAJOR|MINOR|PATCH) ' "$CUTLASS_DIR/include/cutlass/version.h" | awk '{print $3}' | paste -sd.)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# record_header OUT COLS TITLE NOTE...: a new OUT (TITLE, CUTLASS and nvcc versions, the NOTEs as comments, then
# the column names), unless OUT exists and only some ids are recorded again (ONLY, the ids asked for).
record_header() {
  local out="$1" cols="$2" title="$3"; shift 3
  if [ ! -s "$out" ] || [ ${#only[@]} -eq 0 ]; then
    mkdir -p "$(dirname "$out")"
    {
      echo "# $title"
      echo "# CUTLASS $version, commit $commit (https://github.com/NVIDIA/cutlass)"
      echo "# $("$NVCC" --version | grep -m1 release) ($("$NVCC" --version | tail -1)); host $(${CXX:-g++} --version | head -1)"
      printf '# %s\n' "$@"
      echo "$cols" | tr ' ' '\t'
    } > "$out"
  fi
}

# record_begin ID: false where ONLY names other ids; else a clean work folder for this id's compile.
record_begin() {
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " == *" $1 "* ]]; then return 1; fi
  rm -rf "$work"/*; mkdir -p "$work/keep"
  echo "$name: $1 ($(date -u +%H:%M:%S))" >&2
}

# probe_compile SOURCE NVCC-ARG...: compiles the probe with ptxas -v, keeping the PTX in work/keep; what nvcc printed
# goes to work/build.log and its exit status to rc.
probe_compile() {
  set +e
  "$NVCC" "${@:2}" -Xptxas -v -keep -keep-dir "$work/keep" -o "$work/probe" "$1" > "$work/build.log" 2>&1
  rc=$?
  set -e
}

# reject_row COLUMNS MOST: row completed for a probe nvcc refused: status rejected, '-' in the COLUMNS that only a
# compiled kernel fills, and the reason: the static_assert messages nvcc printed (distinct, in its order, the first
# MOST of them, 0 = all, joined by " | "), or else its first error line. (Without a static_assert, the reason was
# meant to be the error line; `set -o pipefail` used to stop the script at the grep that found none.)
reject_row() {
  local reason i
  reason="$(grep -oE 'static assertion failed with "[^"]*"' "$work/build.log" | sed 's/static assertion failed with //; s/"//g' |
            awk -v most="$2" '!seen[$0]++ && (most == 0 || n++ < most)' | paste -sd'|' | sed 's/|/ | /g' || true)"
  [ -n "$reason" ] || reason="$(grep -m1 'error' "$work/build.log" | cut -c1-200 || true)"
  row+=(rejected); for ((i = 0; i < $1; i++)); do row+=(-); done; row+=("$reason")
}

# ptxas_counts ENTRY: what ptxas -v said of the kernel whose entry matches ENTRY (work/build.log): sets ptx (its
# lines), regs, sst and sld (spill stores and loads, bytes); empty where ptxas said nothing.
ptxas_counts() {
  ptx="$(awk "/Compiling entry function .*$1/{f=1} f" "$work/build.log")"
  regs="$(grep -m1 -oE 'Used [0-9]+ registers' <<<"$ptx" | grep -oE '[0-9]+')"
  sst="$(grep -m1 -oE '[0-9]+ bytes spill stores' <<<"$ptx" | grep -oE '^[0-9]+')"
  sld="$(grep -m1 -oE '[0-9]+ bytes spill loads' <<<"$ptx" | grep -oE '^[0-9]+')"
}

# host_fields KEY...: the probe's host-side constants (KEY=value lines of work/host.txt) appended to row, '-'
# where the probe printed none.
host_fields() {
  local k v
  for k in "$@"; do
    v="$(sed -n "s/^$k=//p" "$work/host.txt" | head -1)"; row+=("${v:--}")
  done
}

# record_row: row, tab-separated, appended to out.
record_row() { (IFS=$'\t'; echo "${row[*]}") >> "$out"; }
