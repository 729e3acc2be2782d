# scripts/cutlass/record-lib.sh - the recording that scripts/record-cutlass.sh (CUTLASS 3.x/4.x) and
# scripts/record-cutlass-sm80.sh (2.x) share, sourced by both: finding CUTLASS and nvcc, the arguments, the TSV's
# header, the loop over the configs, one probe compile's bookkeeping and what ptxas -v says of the kernel. Each
# script keeps what is its own: its configs, columns and header notes, and record_one (see record_main). The caller
# sets `here` (the repository) and `name` (its own name, for messages) before sourcing it, and `set -euo pipefail`.
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

# reject_row: row (the config's cells so far) completed for a probe nvcc refused: status rejected, '-' in every
# column but the last, and the reason there: the static_assert messages nvcc printed (distinct, in its order, the
# first reasons_kept of them, 0 = all, joined by " | "), or else its first error line. (Without a static_assert,
# the reason was meant to be the error line; `set -o pipefail` used to stop the script at the grep that found none.)
reject_row() {
  local reason cells
  reason="$(grep -oE 'static assertion failed with "[^"]*"' "$work/build.log" | sed 's/static assertion failed with //; s/"//g' |
            awk -v most="$reasons_kept" '!seen[$0]++ && (most == 0 || n++ < most)' | paste -sd'|' | sed 's/|/ | /g' || true)"
  [ -n "$reason" ] || reason="$(grep -m1 'error' "$work/build.log" | cut -c1-200 || true)"
  read -r -a cells <<<"$cols"
  row+=(rejected)
  while [ $((${#row[@]} + 1)) -lt ${#cells[@]} ]; do row+=(-); done
  row+=("$reason")
}

# probe_ok ENTRY: a probe nvcc compiled: its host-side constants (work/host.txt), what ptxas -v said of ENTRY
# (ptxas_counts), and status ok in row.
probe_ok() {
  "$work/probe" > "$work/host.txt"
  ptxas_counts "$1"
  row+=(ok)
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

# record_main [OUT] [ONLY-ID ...]: records every config (only those ONLY names, when some are named) into OUT
# (default out_default), each as one row. The script sets, before calling it: out_default, configs (one kernel a
# line, its id first), cols (the TSV's column names), notes (the header's comment lines, title first), entry (the
# kernel's entry in ptxas -v's output), reasons_kept (for reject_row), record_one (called with a config's words in
# a clean work folder: compiles it with probe_compile and starts row with the config's cells) and record_compiled
# (the rest of a compiled kernel's row).
record_main() {
  local cfg id
  out="${1:-$out_default}"; shift || true
  only=("$@")
  record_header "$out" "$cols" "${notes[@]}"
  for cfg in "${configs[@]}"; do
    read -r id _ <<<"$cfg"
    record_begin "$id" || continue
    # shellcheck disable=SC2086  # a config's words are record_one's arguments
    record_one $cfg
    if [ "$rc" -ne 0 ]; then
      reject_row
    else
      probe_ok "$entry"
      record_compiled
    fi
    record_row
  done
}
