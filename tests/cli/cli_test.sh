#!/usr/bin/env bash
# cli_test.sh SMCALC VERSION CASE - one area of the `smcalc` command line, run by ctest (tests/cli/CMakeLists.txt).
# Known answers: seed 000 / ../shared/notes/worked-examples.md example 1 (A100, 256 threads, 48 regs, 24 KB);
# seed 002 (H100 SXM5, tile 128x128x64, 3 stages, 8 warps, bf16/f32: 64 accumulator registers per thread,
# 98,304 B mainloop shared memory, 2 CTAs by shared memory; 256x256 spills). Compiler output: the genuine
# ptxas -v captures in tests/data/ptxas/ and the documented-format cuobjdump samples in tests/data/cuobjdump/.
set -u
DATA=$(cd "$(dirname "$0")/../data" && pwd)
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
tile)
    expect_rc 0 "$SMCALC" tile --gpu "H100 SXM5" --tile 128x128x64 --stages 3 --warps 8 --ab bf16 --acc f32
    echo "$out"
    has "$out" '^H100 SXM5: CC 9\.0 \(Hopper\), 132 SMs$'
    has "$out" '^tile 128x128x64, 3 stages, 8 warps \(256 threads\), bf16 x bf16 -> f32'
    has "$out" '^MMA: wgmma'
    has "$out" '^readout +value +limit +unit +basis$'
    has "$out" '^accumulator registers per thread +64 +255 +registers +exact$'
    has "$out" '^registers per thread +96 +255 +registers +estimate$'
    has "$out" '^shared memory per stage \(A \+ B\) +32768 +- +bytes +exact$'
    has "$out" '^mainloop shared memory \(stages x per stage\) +98304 +232448 +bytes +exact$'
    has "$out" '^shared memory per CTA +98352 +232448 +bytes +estimate$'
    has "$out" '^CTAs per SM by shared memory alone +2 +32 +CTAs +exact$'
    has "$out" '^CTAs per SM +2 +32 +CTAs +estimate$'
    has "$out" '^occupancy .* 25 % +100 % +fraction +estimate$'
    has "$out" '^fits: 2 CTAs/SM'
    has "$out" '^notes:'
    # The seed's 256x256 tile: 256 registers per thread, over the cap, the whole register file.
    expect_rc 0 "$SMCALC" tile --gpu "H100 SXM5" --tile 256x256x64 --stages 3 --warps 8 --ab bf16 --acc f32
    has "$out" '^accumulator registers per thread +256 +255 +registers +exact +<- over$'
    has "$out" '^accumulator bytes per CTA vs the register file +262144 +262144 +bytes +exact +<- over$'
    has "$out" '^does not fit: accumulators alone exceed 255 registers/thread: spills'
    # With a problem size: 4096 CTAs in 16 waves of 264, the last 51.5 % full.
    expect_rc 0 "$SMCALC" tile --gpu "H100 SXM5" --tile 128x128x64 --problem 8192x8192x8192
    has "$out" '^problem 8192x8192x8192:$'
    has "$out" 'CTAs \(output tiles\) +4096 '
    has "$out" 'waves +16 '
    has "$out" 'last wave utilization +51\.5 %'
    # Blackwell tensor memory, the other type flags, the solver's derivation.
    expect_rc 0 "$SMCALC" tile --gpu B200 --mma tmem --tile 128x256x64 --acc-buffers 2 --epilogue tile --out bf16 --why
    has "$out" '^MMA: tcgen05'
    has "$out" '^tensor-memory columns allocated .* 512 +512 +columns +exact$'
    has "$out" '^derivation \(occupancy solver\):'
    expect_rc 0 "$SMCALC" tile --cc 8.0 --a f16 --b f16 --overhead-regs 40 --epilogue-bytes 8KiB --epilogue-reuses-mainloop
    has "$out" '^registers per thread +104 +255'
    has "$out" '^epilogue staging +8192 '
    ;;
tile_json)
    expect_rc 0 "$SMCALC" tile --gpu "H100 SXM5" --tile 128x128x64 --stages 3 --warps 8 --ab bf16 --acc f32 --json
    py 'a=json.loads(text)
assert a["acc_regs_per_thread"]==64 and a["smem_mainloop"]==98304 and a["ctas_by_smem"]==2, a
assert a["ctas_per_sm"]==2 and a["spills"]==False and a["fits"]==True and a["smem_limit"]==232448
assert a["regs_per_thread_est"]==96 and a["smem_per_stage"]==32768 and a["smem_per_cta"]==98352
assert abs(a["occupancy"]-0.25)<1e-12 and "smem" in a["limiting"]
assert all(r["basis"] in ("exact","estimate") for r in a["rows"])'
    # The flags build the request `smcalc batch` reads: both answer the same.
    flags_out=$out
    expect_rc 0 bash -c "echo '{\"op\":\"tile\",\"gpu\":\"H100 SXM5\",\"m\":128,\"n\":128,\"k\":64,\"stages\":3,\"warps\":8,\"a\":\"bf16\",\"b\":\"bf16\",\"acc\":\"f32\",\"mma\":\"registers\"}' | '$SMCALC' batch"
    out="[$flags_out, $out]"
    py 'a=json.loads(text)
assert a[0]==a[1], "flags and batch disagree"'
    expect_rc 0 bash -c "echo '{\"op\":\"tile\",\"gpu\":\"H100 SXM5\",\"m\":256,\"n\":256}' | '$SMCALC' batch"
    py 'a=json.loads(text)
assert a["acc_regs_per_thread"]==256 and a["spills"]==True and a["acc_bytes"]==a["regfile_bytes"]==262144, a'
    # A hardware refusal with --json: the error object, exit 1.
    expect_rc 1 "$SMCALC" tile --gpu "H100 SXM5" --mma tmem --json
    py 'a=json.loads(text)
assert a["error"]["id"]=="unsupported" and a["error"]["field"]=="mma", a'
    has "$err" '--mma'
    ;;
tile_errors)
    # Bad values: exit 2, the message names the flag.
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --tile 128x128
    has "$err" '--tile'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --tile 0x128x64
    has "$err" '--tile'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --stages 0
    has "$err" '--stages'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --warps abc
    has "$err" '--warps'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --ab bf17
    has "$err" '--ab'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --acc bf16
    has "$err" '--acc'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --mma wmma
    has "$err" '--mma'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --problem 8192x8192
    has "$err" '--problem'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --epilogue sometimes
    has "$err" '--epilogue'
    expect_rc 2 "$SMCALC" tile --gpu "H100 SXM5" --warps 64
    has "$err" '--warps'
    expect_rc 2 "$SMCALC" tile --tile 128x128x64
    has "$err" '--gpu'
    expect_rc 2 "$SMCALC" tile --gpu Z100
    has "$err" '--gpu'
    # Hardware refusals: the reason, exit 1.
    expect_rc 1 "$SMCALC" tile --gpu "H100 SXM5" --tile 100x128x64
    has "$err" '--tile: .*multiple of 64.*\[unsupported\]'
    expect_rc 1 "$SMCALC" tile --gpu "H100 SXM5" --warps 6
    has "$err" '--warps: .*warpgroups.*\[unsupported\]'
    expect_rc 1 "$SMCALC" tile --gpu A100 --ab e4m3
    has "$err" '--ab: .*8\.9.*\[unsupported\]'
    expect_rc 1 "$SMCALC" tile --gpu "H100 SXM5" --a f4 --b f4
    has "$err" '--a: .*10\.0.*\[unsupported\]'
    expect_rc 1 "$SMCALC" tile --gpu A100 --mma tmem
    has "$err" '--mma: .*tensor memory.*\[unsupported\]'
    ;;
tiles)
    expect_rc 0 "$SMCALC" tiles --gpu "H100 SXM5" --ab bf16 --acc f32
    echo "$out" | head -8
    has "$out" '^H100 SXM5: CC 9\.0'
    has "$out" '^bf16 x bf16 -> f32, accumulators in registers: [0-9]+ of 8192 candidate tiles fit$'
    has "$out" '^rejected: '
    has "$out" '^ +M +N +K +stages +warps +acc regs +regs \(est\) +smem/CTA \(B\) +CTAs/SM +occupancy +limited by$'
    has "$out" '^the first 50 of [0-9]+ fits are shown'
    rows=$(grep -cE '^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ ' <<<"$out")
    [ "$rows" = 50 ] || fail "tiles listed $rows rows, want 50"
    # The seed's tile is one of the fits: only it, through the candidate lists.
    expect_rc 0 "$SMCALC" tiles --gpu "H100 SXM5" --ms 128 --ns 128 --ks 64 --stages 3 --warps 8
    has "$out" '1 of 1 candidate tiles fit'
    has "$out" '^ *128 +128 +64 +3 +8 +64 +96 +98352 +2 +25 %'
    expect_rc 0 "$SMCALC" tiles --gpu "H100 SXM5" --limit all --json
    py 'a=json.loads(text)
assert a["shown"]==a["total"]==len(a["fits"])>0 and a["candidates"]==8192, (a["shown"], a["total"])
assert sum(a["rejected"].values())+a["total"]==8192
assert all(f["ctas_per_sm"]>=1 and f["smem_per_cta"]<=232448 for f in a["fits"])'
    expect_rc 0 "$SMCALC" tiles --gpu B200 --mma tmem --limit 3
    has "$out" 'TMEM cols'
    expect_rc 2 "$SMCALC" tiles --gpu "H100 SXM5" --ms 64,x
    has "$err" '--ms'
    expect_rc 2 "$SMCALC" tiles --gpu "H100 SXM5" --limit 0
    has "$err" '--limit'
    expect_rc 1 "$SMCALC" tiles --gpu A100 --ab e4m3
    has "$err" '--ab'
    ;;
next)
    expect_rc 0 "$SMCALC" next --gpu A100 --threads 256 --regs 48 --smem 24KB
    echo "$out"
    has "$out" '^now: 5 blocks/SM, 40 of 64 warps = 62\.5 % occupancy, limited by registers$'
    has "$out" '^for 6 blocks/SM'
    has "$out" '^  registers +48 -> 40 registers/thread gives 6 blocks \(75 %\)$'
    has "$out" '^  shared memory '
    has "$out" '^  block size '
    has "$out" '^next occupancy level: '
    has "$out" '^launch bounds for 6 blocks/SM: __launch_bounds__\(256, 6\) or -maxrregcount=40: '
    expect_rc 0 "$SMCALC" next --gpu A100 --threads 256 --regs 48 --smem 24KB --blocks 4 --json
    py 'a=json.loads(text)
assert a["current"]["blocks_per_sm"]==5 and a["target_blocks"]==6, a
r=[s for s in a["suggestions"] if s["id"]=="regs"][0]
assert r["possible"] and r["changes"][0]["to"]==40 and r["blocks_per_sm"]==6, r
assert a["launch_bounds"]["target_blocks"]==4 and a["launch_bounds"]["launch_bounds"]=="__launch_bounds__(256, 4)"'
    expect_rc 1 "$SMCALC" next --gpu A100 --threads 256 --regs 48 --smem 24KB --blocks 40
    has "$err" '--blocks: .*\[not_achievable\]'
    expect_rc 2 "$SMCALC" next --gpu A100 --threads 0
    has "$err" '--threads'
    expect_rc 2 "$SMCALC" next --threads 256
    has "$err" '--gpu'
    ;;
compare)
    expect_rc 0 "$SMCALC" compare --gpus A100,"H100 SXM5",B200,"RTX 5090" --threads 256 --regs 48 --smem 24KiB
    echo "$out"
    has "$out" '^kernel: 256 threads/block, 48 registers/thread'
    has "$out" '^ +A100 40GB SXM4 +H100 SXM5 +B200 +RTX 5090$'
    has "$out" '^\* Compute capability +8\.0 +9\.0 +10\.0 +12\.0$'
    has "$out" '^  Registers per SM +65536 +65536 +65536 +65536$'
    has "$out" '^\* CTAs per SM +5 +5 +5 +4$'
    has "$out" '^\* Resident CTAs per GPU +540 +660 +740 +680$'
    has "$out" '^\(\* the GPUs differ\)$'
    expect_rc 0 "$SMCALC" compare --gpus A100,"H100 SXM5",B200,"RTX 5090" --tile 128x128x64 --stages 3 --warps 8 --ab bf16
    has "$out" '^tile 128x128x64, 3 stages, 8 warps, bf16 x bf16 -> f32'
    has "$out" 'MMA instruction +mma\.sync .* +wgmma'
    has "$out" 'CTAs per SM by shared memory alone \(CTAs\) +1 / 32 +2 / 32 '
    expect_rc 0 "$SMCALC" compare --gpus "H100 SXM5",B200 --tile 128x128x64 --mma tmem --json
    py 'a=json.loads(text)
assert a["kind"]=="tile" and a["columns"][0]["error"]["id"]=="unsupported" and a["columns"][1]["error"] is None, a["columns"]'
    expect_rc 0 "$SMCALC" compare --gpus A100,"H100 SXM5" --threads 256 --regs 48 --json
    py 'a=json.loads(text)
assert a["kind"]=="kernel" and [c["name"] for c in a["columns"]]==["A100 40GB SXM4","H100 SXM5"], a["columns"]'
    expect_rc 2 "$SMCALC" compare --threads 256
    has "$err" '--gpus'
    expect_rc 2 "$SMCALC" compare --gpus A100,Z100
    has "$err" '--gpus: .*\[unknown_gpu\]'
    expect_rc 2 "$SMCALC" compare --gpus A100,A100,A100,A100,A100
    has "$err" '--gpus'
    ;;
parse)
    expect_rc 0 "$SMCALC" parse "$DATA/ptxas/sm_80.txt"
    echo "$out"
    has "$out" '^8 kernels \(ptxas -v'
    has "$out" '^kernel +arch +regs +smem \(static\) +barriers +stack +spills st/ld +signature \(or name as printed\)$'
    has "$out" '^block_sum +sm_80 +10 +1152 +1 +0 +0/0 +block_sum\(float const\*, float\*, int\)$'
    has "$out" '^smcalc_samples::named_barriers +sm_80 +10 +512 +3 '
    has "$out" '^heavy +sm_80 +32 +0 +0 +1056 +1364/1544 '
    has "$out" '^device functions \(not kernels\): _Z6helperPKfi$'
    # Template kernels (issue 21): one line per instantiation, demangled; --kernel takes the short name.
    expect_rc 0 "$SMCALC" parse "$DATA/ptxas/templates_sm_80.txt"
    has "$out" '^reduce<256> +sm_80 +10 +1024 +1 +0 +0/0 +void reduce<256>\(float const\*, float\*, int\)$'
    has "$out" '^reduce<512> +sm_80 +10 +2048 +1 +0 +0/0 +void reduce<512>\(float const\*, float\*, int\)$'
    expect_rc 0 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/templates_sm_80.txt" --kernel 'reduce<512>' --threads 512
    has "$out" '^from ptxas -v: reduce<512> \(sm_80\): 10 registers, 2 KiB static shared memory, 1 barrier$'
    expect_rc 2 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/templates_sm_80.txt" --kernel reduce --threads 512
    has "$err" 'matches several kernels: reduce<256> \(_Z6reduceILi256EEvPKfPfi\), reduce<512> \(_Z6reduceILi512EEvPKfPfi\)'
    # stdin, by default and as -.
    expect_rc 0 bash -c "'$SMCALC' parse < '$DATA/ptxas/multi_sm_80_90_120.txt'"
    has "$out" 'sm_80, sm_90, sm_120'
    expect_rc 0 bash -c "'$SMCALC' parse - --json < '$DATA/cuobjdump/fatbin_multi_sm_80_sm_90.txt'"
    py 'a=json.loads(text)
assert a["archs"]==["sm_80","sm_90"] and all(k["tool"]=="cuobjdump" and k["barriers"] is None for k in a["kernels"]), a'
    expect_rc 2 bash -c "echo 'hello world' | '$SMCALC' parse"
    has "$err" 'no kernel found'
    expect_rc 2 "$SMCALC" parse /nonexistent/ptxas.txt
    has "$err" 'cannot read'
    ;;
from_ptxas)
    # The kernel's numbers fill --regs, --smem and --barriers; without --gpu/--cc the CC is its sm_XX.
    expect_rc 0 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/sm_80.txt" --kernel block_sum --threads 256
    echo "$out" | head -3
    has "$out" '^from ptxas -v: block_sum \(sm_80\): 10 registers, 1152 B static shared memory, 1 barrier$'
    has "$out" '^CC 8\.0 \(Ampere\)'
    has "$out" '^kernel: 256 threads/block, 10 registers/thread, 1152 B static'
    by_hand=$("$SMCALC" occupancy --cc 8.0 --threads 256 --regs 10 --smem 1152 | grep '^result')
    grep -qxF -- "$by_hand" <<<"$out" || fail "--from-ptxas and the same numbers by hand disagree: want '$by_hand'"
    # Several targets: --gpu picks the matching one.
    expect_rc 0 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/multi_sm_80_90_120.txt" --kernel block_sum --gpu "H100 SXM5" --json
    py 'a=json.loads(text)
assert a["compiler"]["arch"]=="sm_90" and a["device"]["cc"]=="9.0" and a["input"]["regs"]==a["compiler"]["registers"], a["compiler"]'
    expect_rc 0 bash -c "'$SMCALC' next --from-ptxas - --kernel heavy < '$DATA/ptxas/sm_80.txt'"
    has "$out" '^from ptxas -v: heavy \(sm_80\): 32 registers'
    has "$out" 'spills 1364 B stores / 1544 B loads'
    expect_rc 0 "$SMCALC" block-size --from-ptxas "$DATA/cuobjdump/fatbin_sm_80.txt" --kernel block_sum
    has "$out" '^from cuobjdump -res-usage: block_sum'
    # Which kernel / which target: exit 2 naming the flag.
    expect_rc 2 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/sm_80.txt"
    has "$err" '--kernel: the compiler output has several kernels'
    expect_rc 2 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/sm_80.txt" --kernel nope
    has "$err" '--kernel'
    expect_rc 2 "$SMCALC" occupancy --from-ptxas "$DATA/ptxas/multi_sm_80_90_120.txt" --kernel block_sum
    has "$err" '--cc: .*sm_80, sm_90, sm_120'
    expect_rc 2 "$SMCALC" occupancy --from-ptxas /nonexistent.txt --cc 8.0
    has "$err" '--from-ptxas: cannot read'
    ;;
version)
    expect_rc 0 "$SMCALC" --version
    [ "$out" = "smcalc $VERSION" ] || fail "--version printed '$out', CMake's project version is $VERSION"
    expect_rc 0 "$SMCALC" --help
    has "$out" 'occupancy'
    has "$out" 'batch'
    for sub in tile tiles next compare parse; do has "$out" "^  $sub "; done
    ;;
*)
    fail "unknown case"
    ;;
esac

[ "$failures" = 0 ] && echo "PASS [$CASE]"
exit $((failures > 0))
