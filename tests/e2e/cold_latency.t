#!/bin/sh
# cold_latency.t — the latency suite in cold mode: `--flush-cache
# --rotating-count 3` is taken (not "ignored"), recorded in latency.json, the
# flush reaches every CU, and the HBM chase still measures a chase through
# the rotating copies (a broken copy would not give an HBM-range latency).
. "$(dirname "$0")/lib/tap.sh"
bin=${GCNLAB_BIN:-$build/bin/gcnlab}
plan 5
"$bin" run latency --arch gfx942 --backend emu --out "$tmp" --flush-cache --rotating-count 3 \
	--reps 3 --warmup 1 --param cus=2,hbm_mib=8,strides=1,footprints=4K:64K >"$tmp/out" 2>"$tmp/err"
ok $? "run latency --flush-cache --rotating-count 3 exits 0" || diag "$tmp/err"
! grep -qi "ignor" "$tmp/err"
ok $? "no 'ignored' warning" || diag "$tmp/err"
json="$tmp/gfx942-emu/latency.json"   # the run's parameters: the CSV's sidecar
grep -q '^  "timing": "cold' "$json" && grep -q '^  "rotating_count": "3' "$json"
ok $? "mode recorded in latency.json"
grep -q '^  "flush_cus_reached": "304 of 304' "$json"
ok $? "the flush reached all 304 CUs" || grep flush_cus "$json" | diag
lat=$(awk -F, '/^HBM load dwordx4,/ {print int($4)}' "$tmp/gfx942-emu/latency.csv")
[ -n "$lat" ] && [ "$lat" -ge 500 ] && [ "$lat" -le 1000 ]
ok $? "cold HBM chase latency '$lat' cycles is in the HBM range 500..1000"
