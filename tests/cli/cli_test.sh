#!/usr/bin/env bash
# cli_test.sh SMCALC VERSION CASE - one area of the `smcalc` command line, run by ctest (tests/cli/CMakeLists.txt).
# Known answers: seed 000 / ../shared/notes/worked-examples.md example 1 (A100, 256 threads, 48 regs, 24 KB).
set -u
SMCALC=$1
VERSION=$2
CASE=$3
failures=0

fail() { echo "FAIL [$CASE]: $*" >&2; failures=$((failures + 1)); }

# expect_rc RC CMD... : runs CMD, keeps stdout in $out and stderr in $err, checks the exit status.
expect_rc() {
    local want=$1
    shift
    out=$("$@" 2>/tmp/smcalc_cli_err.$$)
    local rc=$?
    err=$(cat /tmp/smcalc_cli_err.$$)
    rm -f /tmp/smcalc_cli_err.$$
    [ "$rc" = "$want" ] || fail "exit $rc, want $want: $*
stdout: $out
stderr: $err"
}

has() { grep -qE -- "$2" <<<"$1" || fail "no line matching /$2/ in:
$1"; }

# py EXPR-SCRIPT: runs python3 with the JSON text on stdin as `a` (a list for JSON Lines); non-zero = fail.
py() {
    python3 -c "import json,sys
text=sys.stdin.read()
$1" <<<"$out" || fail "python check failed: $1
on: $out"
}

case $CASE in
occupancy)
    expect_rc 0 "$SMCALC" occupancy --gpu A100 --threads 256 --regs 48 --smem 24KB
    echo "$out"
    has "$out" '^A100 40GB SXM4: CC 8.0'
    has "$out" '^registers .* 5  <- limiting$'
    has "$out" '^shared memory .* 6$'
    has "$out" '^warp slots .* 8$'
    has "$out" '^block slots .* 32$'
    has "$out" '^barriers .* no limit$'
    has "$out" 'min\(5, 6, 8, 32\) = 5 blocks/SM'
    has "$out" '40 warps/SM'
    has "$out" '^limited by +registers$'
    has "$out" '^occupancy .*62\.5 %$'
    # The same by CC, with the other spellings of 24 KB; 0 blocks is an answer (exit 0).
    for smem in 24KiB 24576 "24 K" 0.0234375MiB; do
        expect_rc 0 "$SMCALC" occupancy --cc 8.0 --threads 256 --regs 48 --smem-static "$smem"
        has "$out" '= 5 blocks/SM'
    done
    expect_rc 0 "$SMCALC" occupancy --cc 9.0 --threads 2048
    has "$out" '= 0 blocks/SM'
    has "$out" '^note: 0 blocks'
    # CC 12.0: 24 block slots.
    expect_rc 0 "$SMCALC" occupancy --cc 12.0 --threads 32 --regs 16
    has "$out" '^block slots .* 24'
    # A custom device, and the remaining kernel flags.
    expect_rc 0 "$SMCALC" occupancy --device-json '{"cc":"9.0","sm_count":100}' --threads 128 --smem-dynamic 64KiB \
        --optin --smem-dynamic-max 100KiB --carveout 50 --barriers 2
    has "$out" 'CC 9.0 \(Hopper\), 100 SMs'
    has "$out" 'carveout 50 %'
    ;;
why)
    expect_rc 0 "$SMCALC" occupancy --gpu "H100 SXM5" --threads 256 --regs 48 --smem 24KiB --why
    has "$out" '^derivation:'
    has "$out" 'Registers: 48/thread'
    ;;
json)
    expect_rc 0 "$SMCALC" occupancy --gpu A100 --threads 256 --regs 48 --smem 24KB --json
    py 'a=json.loads(text)
assert a["blocks_per_sm"]==5 and a["warps_per_sm"]==40 and a["threads_per_sm"]==1280, a
assert a["occupancy"]==0.625
assert a["limits"]=={"regs":5,"smem":6,"warps":8,"blocks":32,"barriers":None}, a["limits"]
assert a["limiting"]==["regs"]
assert a["regs_per_block"]==12288 and a["smem_per_block"]==25600 and a["smem_per_sm"]==167936
assert a["gpu"]=="A100 40GB SXM4" and a["device"]["sm_count"]==108'
    # The flags build the request `smcalc batch` reads: both answer the same.
    flags_out=$out
    expect_rc 0 bash -c "echo '{\"op\":\"occupancy\",\"gpu\":\"A100\",\"threads\":256,\"regs\":48,\"smem_static\":\"24KB\"}' | '$SMCALC' batch"
    out="[$flags_out, $out]"
    py 'a=json.loads(text)
assert a[0]==a[1], "flags and batch disagree"'
    # Errors with --json: the error object on stdout, the message on stderr, exit 2.
    expect_rc 2 "$SMCALC" occupancy --cc 8.0 --threads 0 --json
    py 'a=json.loads(text)
assert a["error"]["id"]=="invalid_input" and a["error"]["field"]=="threads", a'
    has "$err" '--threads'
    ;;
block_size)
    expect_rc 0 "$SMCALC" block-size --gpu "H100 SXM5" --regs 32
    has "$out" 'block size [0-9]+ threads'
    has "$out" 'x 132 SMs'
    expect_rc 0 "$SMCALC" block-size --gpu "H100 SXM5" --regs 32 --json
    py 'a=json.loads(text)
assert a["min_grid_size"]==a["blocks_per_sm"]*132 and a["block_size"]>0, a'
    expect_rc 0 "$SMCALC" block-size --cc 8.6
    has "$out" 'SM count unknown'
    ;;
dynamic_smem)
    expect_rc 0 "$SMCALC" dynamic-smem --gpu A100 --threads 256 --blocks 3
    has "$out" '^[0-9]+ B.* of dynamic shared memory per block still lets 3 blocks of 256 threads'
    expect_rc 0 "$SMCALC" dynamic-smem --gpu A100 --threads 256 --blocks 3 --json
    py 'a=json.loads(text)
assert isinstance(a["bytes"],int) and 3*(a["bytes"]+1024) <= 164*1024, a'
    # More blocks than fit: no answer exists -> exit 1, the message names --blocks.
    expect_rc 1 "$SMCALC" dynamic-smem --gpu A100 --threads 256 --blocks 40
    has "$err" '--blocks'
    has "$err" 'not_achievable'
    ;;
gpus)
    expect_rc 0 "$SMCALC" gpus
    echo "$out" | head -3
    has "$out" '^name +CC +SMs +smem/SM +source'
    has "$out" '^H100 SXM5 +9\.0 +132 '
    has "$out" '^A100 40GB SXM4 +8\.0 +108 +164 KiB'
    expect_rc 0 "$SMCALC" gpus --json
    py 'a=json.loads(text)
h=[g for g in a["gpus"] if g["name"]=="H100 SXM5"]
assert len(h)==1 and h[0]["sm_count"]==132 and h[0]["cc"]=="9.0" and isinstance(h[0]["aliases"],list), h
assert all(g["sm_count"] is None or g["sm_count"]>0 for g in a["gpus"])'
    ;;
archs)
    expect_rc 0 "$SMCALC" archs
    has "$out" '^12\.0 '
    expect_rc 0 "$SMCALC" archs --json
    py 'a=json.loads(text)
r=[x for x in a["archs"] if x["cc"]=="12.0"]
assert r and r[0]["max_blocks_per_sm"]==24, r'
    ;;
batch)
    # 3 good and 2 bad lines -> 5 answers, in order, exit 0.
    input='{"op":"occupancy","gpu":"A100","threads":256,"regs":48,"smem_static":"24KB","id":1}
{"op":"occupancy","gpu":
{"op":"block_size","cc":"9.0","id":3}
{"op":"occupancy","cc":"8.0","threads":0,"id":4}
{"op":"dynamic_smem","gpu":"A100","blocks":2,"id":5}'
    expect_rc 0 bash -c "printf '%s\n' '$input' | '$SMCALC' batch"
    py 'a=[json.loads(l) for l in text.splitlines()]
assert len(a)==5, len(a)
assert a[0]["id"]==1 and a[0]["blocks_per_sm"]==5 and a[0]["limiting"]==["regs"]
assert a[1]["error"]["id"]=="bad_request" and "malformed JSON" in a[1]["error"]["message"], a[1]
assert a[2]["id"]==3 and "block_size" in a[2]
assert a[3]["id"]==4 and a[3]["error"]["id"]=="invalid_input" and a[3]["error"]["field"]=="threads", a[3]
assert a[4]["id"]==5 and "bytes" in a[4]'
    # Empty lines answer too; the last line needs no newline; CRLF is fine.
    expect_rc 0 bash -c "printf '{\"op\":\"archs\"}\r\n\n{\"op\":\"gpus\"}' | '$SMCALC' batch"
    py 'a=[json.loads(l) for l in text.splitlines()]
assert len(a)==3 and "archs" in a[0] and a[1]["error"]["message"]=="empty line" and "gpus" in a[2], a'
    ;;
errors)
    # Bad flags and values: exit 2 and a message naming the flag.
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --bogus 3
    has "$err" '--bogus'
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --threads abc
    has "$err" '--threads'
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --threads -5
    has "$err" '--threads'
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --smem 24XB
    has "$err" '--smem'
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --carveout 150
    has "$err" '--carveout'
    expect_rc 2 "$SMCALC" occupancy --gpu A100 --threads
    has "$err" '--threads'
    expect_rc 2 "$SMCALC" occupancy --gpu "Z100"
    has "$err" '--gpu'
    has "$err" 'unknown_gpu'
    expect_rc 2 "$SMCALC" occupancy --cc 7.7
    has "$err" '--cc'
    expect_rc 2 "$SMCALC" occupancy --cc 8.0 --gpu A100
    has "$err" '--gpu'
    expect_rc 2 "$SMCALC" occupancy --threads 256
    has "$err" '--gpu'
    expect_rc 2 "$SMCALC" occupancy --device-json '{"cc":'
    has "$err" '--device-json'
    expect_rc 2 "$SMCALC" occupancy --device-json '{"cc":"8.0","smem_per_block":1000000}'
    has "$err" '--device-json'
    expect_rc 2 "$SMCALC" frobnicate
    expect_rc 2 "$SMCALC"
    ;;
version)
    expect_rc 0 "$SMCALC" --version
    [ "$out" = "smcalc $VERSION" ] || fail "--version printed '$out', CMake's project version is $VERSION"
    expect_rc 0 "$SMCALC" --help
    has "$out" 'occupancy'
    has "$out" 'batch'
    ;;
*)
    fail "unknown case"
    ;;
esac

[ "$failures" = 0 ] && echo "PASS [$CASE]"
exit $((failures > 0))
