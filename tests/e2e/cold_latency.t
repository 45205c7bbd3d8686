#!/bin/sh
# cold_latency.t — the latency suite in cold mode: `--flush-cache
# --rotating-count 3` is taken (not "ignored"), recorded in latency.json, the
# flush reaches every CU, and the HBM chase still measures a chase through
# the rotating copies (a broken copy would not give an HBM-range latency).
bin=${GCNLAB_BIN:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..5"
"$bin" run latency --arch gfx942 --backend emu --out "$tmp" --flush-cache --rotating-count 3 \
	--reps 3 --warmup 1 --param cus=2,hbm_mib=8,strides=1,footprints=4K:64K >"$tmp/out" 2>"$tmp/err"
rc=$?
csv="$tmp/gfx942-emu/latency.csv"
[ $rc -eq 0 ] && echo "ok 1 - run latency --flush-cache --rotating-count 3 exits 0" ||
	{ echo "not ok 1 - exit $rc"; sed 's/^/# /' "$tmp/err"; }
grep -qi "ignor" "$tmp/err" && { echo "not ok 2 - the suite ignored the mode:"; sed 's/^/# /' "$tmp/err"; } ||
	echo "ok 2 - no 'ignored' warning"
json="$tmp/gfx942-emu/latency.json"   # the run's parameters: the CSV's sidecar
grep -q '^  "timing": "cold' "$json" && grep -q '^  "rotating_count": "3' "$json" &&
	echo "ok 3 - mode recorded in latency.json" || echo "not ok 3 - mode not recorded in $json"
grep -q '^  "flush_cus_reached": "304 of 304' "$json" &&
	echo "ok 4 - the flush reached all 304 CUs" || echo "not ok 4 - flush reach: $(grep flush_cus "$json")"
lat=$(awk -F, '/^HBM load dwordx4,/ {print int($4)}' "$csv")
[ -n "$lat" ] && [ "$lat" -ge 500 ] && [ "$lat" -le 1000 ] &&
	echo "ok 5 - cold HBM chase latency $lat cycles is in the HBM range" ||
	echo "not ok 5 - cold HBM chase latency '$lat' is not 500..1000 cycles"
