#!/usr/bin/env bash
# bench.sh — the emulated GPU's speed, as `make bench` reports it:
#   1. wave-instructions per host second (gcnlab exec --stats) on the copy
#      suite's kernels, each at its suite launch (gcnlab trace --launch-only)
#      dispatched REPS times, on the clang-compiled compute kernel
#      build/bench/<arch>/bench_sgemm.co (an n x n fp32 matrix multiply
#      through the LDS), and on the full-GPU workload
#      build/bench/<arch>/bench_fullgpu.co (4 workgroups on every CU of
#      the profile: VALU, global memory, LDS and barriers) — the cycle
#      model is always on;
#   2. host instructions per emulated wave-instruction, from valgrind
#      --tool=callgrind restricted to emu_gpu_dispatch, on smaller runs of
#      the same three workloads;
#   3. a summary table: per workload the simulation threads, wave-
#      instructions per wall and per CPU second, and host instructions per
#      wave-instruction, with the machine's load average beside it.
# The rate is given per CPU second of the process (the host thread sleeps
# while the emulator's thread runs a dispatch, so that is one core's time,
# and it does not depend much on what else the machine runs) and per wall
# second (which does: the load average is printed with it).
#
# Threads: a gfx942 dispatch over several XCDs is simulated on
# GCNLAB_EMU_THREADS host threads (default: the online cores;
# emu/core/emu_domain.h); the figures do not depend on the count. The
# full-GPU workload runs at that count and at 1, and the speed-up is
# reported (per wall second; CPU seconds add up over the threads).
#
# usage: tools/bench.sh [--arch A] [--n N] [--reps R] [--no-callgrind]
# environment: GCNLAB_BIN (build/bin/gcnlab), GCNLAB_BUILD (build)
set -euo pipefail

arch=gfx942
n=256
reps=200
callgrind=1
floor=5   # M wave-instructions per second (issue "Embedded emulated GPU")
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=$2; shift 2 ;;
	--n) n=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	--no-callgrind) callgrind=0; shift ;;
	*) echo "bench.sh: unknown argument '$1' (--arch A, --n N, --reps R, --no-callgrind)" >&2; exit 2 ;;
	esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
build=${GCNLAB_BUILD:-$root/build}
gcnlab=${GCNLAB_BIN:-$build/bin/gcnlab}
sgemm=$build/bench/$arch/bench_sgemm.co
fullgpu=$build/bench/$arch/bench_fullgpu.co
[ -x "$gcnlab" ] || { echo "bench.sh: $gcnlab is not built (make)" >&2; exit 1; }
[ -f "$sgemm" ] || { echo "bench.sh: $sgemm is not built (make bench-kernels)" >&2; exit 1; }
[ -f "$fullgpu" ] || { echo "bench.sh: $fullgpu is not built (make bench-kernels)" >&2; exit 1; }
if (( n % 16 )) || (( n < 16 )); then
	echo "bench.sh: --n must be a positive multiple of 16" >&2
	exit 2
fi

# sum_stats FILE...: total wave-instructions, host s and CPU s of the
# "stats:" lines.
sum_stats() {
	awk '/^stats:/ {
		for (i = 1; i <= NF; i++) {
			if ($(i + 1) == "wave-instructions,") insts += $i
			if ($(i + 1) == "s" && $(i + 2) == "host,") host += $i
			if ($(i + 1) == "s" && $(i + 2) == "CPU,") cpu += $i
		}
	} END { printf "%d %.6f %.6f\n", insts, host, cpu }' "$@"
}

rate() {  # insts seconds -> M/s
	awk -v i="$1" -v s="$2" 'BEGIN { printf "%.2f", (s > 0 ? i / s / 1e6 : 0) }'
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gcnlab-bench-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }
# The simulation's host threads (emu/core/emu_domain.h).
if [ -n "${GCNLAB_EMU_THREADS:-}" ]; then
	threads=$GCNLAB_EMU_THREADS
	thr_note="GCNLAB_EMU_THREADS=$GCNLAB_EMU_THREADS"
else
	threads=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 1)
	thr_note="GCNLAB_EMU_THREADS not set: the online cores"
fi
export GCNLAB_EMU_THREADS=$threads
echo "bench: emulated $arch, cycle model on, $threads simulation threads ($thr_note)"
echo "load average at start: $(load) on $(nproc 2>/dev/null || echo ?) cores"
: > "$tmp/summary.txt"
# The close of one workload: its rates per CPU and per wall second, and its
# row of the summary table (with the speed-up against 1 thread, if given).
summary() {  # label insts cpu_s wall_s [speed-up]
	printf '  -> %s M wave-instructions/s per CPU second (%s per wall second)\n' "$(rate "$2" "$3")" "$(rate "$2" "$4")"
	printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$(rate "$2" "$4")" "$(rate "$2" "$3")" "$(load)" "${5:--}" >> "$tmp/summary.txt"
}
# ---- copy suite ----
mapfile -t kernels < <("$gcnlab" list --arch "$arch" | awk '/^copy:/ { on = 1; next } /^[^ ]/ { on = 0 } on && $1 !~ /^--/ && $2 !~ /^not/ { print $1 }')
[ ${#kernels[@]} -gt 0 ] || { echo "bench.sh: no copy kernel is built for $arch (make kernels ARCH=$arch)" >&2; exit 1; }
: > "$tmp/copy.txt"
for k in "${kernels[@]}"; do
	read -r -a launch < <("$gcnlab" trace "$k" --arch "$arch" --launch-only)
	"$gcnlab" exec "${launch[@]}" --arch "$arch" --backend emu --stats --repeat "$reps" 2>/dev/null |
		grep '^stats:' > "$tmp/one.txt" || { echo "bench.sh: $k did not run: gcnlab exec ${launch[*]}" >&2; exit 1; }
	cat "$tmp/one.txt" >> "$tmp/copy.txt"
	read -r ki kh kc < <(sum_stats "$tmp/one.txt")
	printf '  %-22s %9d wave-instructions %8.3f s CPU %7s M/s\n' "$k" "$ki" "$kc" "$(rate "$ki" "$kc")"
done
read -r ci ch cc < <(sum_stats "$tmp/copy.txt")
copy_cpu=$(rate "$ci" "$cc")
printf 'copy suite (%d kernels x %d dispatches): %d wave-instructions, %.3f s CPU, %.3f s wall\n' \
	"${#kernels[@]}" "$reps" "$ci" "$cc" "$ch"
summary "copy suite" "$ci" "$cc" "$ch"

# ---- compute kernel ----
# Inputs are floats in [0, 1) (random bit patterns would be mostly NaN and
# time the NaN rules instead of the arithmetic).
floats() {  # count seed file
	perl -e 'srand($ARGV[1]); print pack("f<*", map { rand() } 1 .. $ARGV[0])' "$1" "$2" > "$3"
}
sgemm_args() {  # n -> gcnlab exec arguments of bench_sgemm
	local m=$1
	floats $((m * m)) 1 "$tmp/a$m.bin"
	floats $((m * m)) 2 "$tmp/b$m.bin"
	printf '%s\n' bench_sgemm --grid "$m,$m" --block 16,16 "buf:$((m * m * 4)):file:$tmp/a$m.bin" \
		"buf:$((m * m * 4)):file:$tmp/b$m.bin" "buf:$((m * m * 4))" "u32:$m" --arch "$arch" --backend emu --stats
}
mapfile -t sg_args < <(sgemm_args "$n")
# One dispatch is a fraction of a second: three runs, and the median one
# (by CPU time) is the figure, so that one disturbed run on a shared
# machine decides nothing. runs3 writes each run's stats to
# $tmp/<name>_run{1,2,3}.txt and "cpu run rate" lines to $tmp/<name>_runs.txt,
# and sets med to the number of the median run.
runs3() {  # name kernel code-object args...
	local name=$1 kernel=$2 co=$3 r ri rh rc
	shift 3
	: > "$tmp/${name}_runs.txt"
	for r in 1 2 3; do
		"$gcnlab" exec "$co" "$@" 2>/dev/null | grep '^stats:' > "$tmp/${name}_run$r.txt" ||
			{ echo "bench.sh: $kernel did not run: gcnlab exec $co $*" >&2; exit 1; }
		read -r ri rh rc < <(sum_stats "$tmp/${name}_run$r.txt")
		echo "$rc $r $(rate "$ri" "$rc")" >> "$tmp/${name}_runs.txt"
	done
	med=$(sort -n "$tmp/${name}_runs.txt" | awk 'NR == 2 { print $2 }')
}
rates3() { sort -n "$tmp/$1_runs.txt" | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $3 }'; }  # name -> the 3 rates, by CPU time
runs3 sgemm bench_sgemm "$sgemm" "${sg_args[@]}"
cp "$tmp/sgemm_run$med.txt" "$tmp/sgemm.txt"
read -r si sh sc < <(sum_stats "$tmp/sgemm.txt")
sg_cpu=$(rate "$si" "$sc")
printf 'bench_sgemm n=%d (clang -O3, LDS tiles): %d wave-instructions, %.3f s CPU, %.3f s wall (median of 3 runs: %s M/s)\n' \
	"$n" "$si" "$sc" "$sh" "$(rates3 sgemm)"
summary "bench_sgemm n=$n" "$si" "$sc" "$sh"

# The same dispatch with every wave in strict time order (emu_sched.h:
# GCNLAB_EMU_SKEW=0): what the bounded skew between CU groups buys, and how
# much it moves the modelled time.
cycles_of() { awk '/^stats:/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "cycles,") print $i }' "$1"; }
GCNLAB_EMU_SKEW=0 "$gcnlab" exec "$sgemm" "${sg_args[@]}" 2>/dev/null | grep '^stats:' > "$tmp/sgemm0.txt"
read -r s0i s0h s0c < <(sum_stats "$tmp/sgemm0.txt")
c_skew=$(cycles_of "$tmp/sgemm.txt")
c_strict=$(cycles_of "$tmp/sgemm0.txt")
printf '  strict time order (GCNLAB_EMU_SKEW=0): %s M/s; modelled %s cycles vs %s with the default skew (%s%%)\n' \
	"$(rate "$s0i" "$s0c")" "$c_strict" "$c_skew" \
	"$(awk -v a="$c_skew" -v b="$c_strict" 'BEGIN { printf "%+.2f", b ? (a - b) * 100 / b : 0 }')"

# ---- full-GPU workload ----
# 4 workgroups of 256 work-items on every CU of the profile (gcnlab info),
# each work-item taking `per` elements.
cus=$("$gcnlab" info --arch "$arch" --backend emu 2>/dev/null | awk '/^compute units:/ { print $3 }')
[ -n "$cus" ] || { echo "bench.sh: gcnlab info --arch $arch gave no CU count" >&2; exit 1; }
fullgpu_args() {  # elements per work-item -> gcnlab exec arguments of bench_fullgpu
	local per=$1 grid=$((cus * 4 * 256))
	local elems=$((grid * per))
	floats "$elems" 3 "$tmp/x$per.bin"
	printf '%s\n' bench_fullgpu --grid "$grid" --block 256 "buf:$((elems * 4)):file:$tmp/x$per.bin" \
		"buf:$((elems * 4))" "buf:$((cus * 4 * 4))" "u32:$elems" --arch "$arch" --backend emu --stats
}
mapfile -t fg_args < <(fullgpu_args 4)
runs3 fg bench_fullgpu "$fullgpu" "${fg_args[@]}"
read -r gi gh gc < <(sum_stats "$tmp/fg_run$med.txt")
printf 'bench_fullgpu (%d CUs x 4 workgroups of 256, 4 elements each): %d wave-instructions, %.3f s CPU, %.3f s wall (median of 3 runs: %s M/s)\n' \
	"$cus" "$gi" "$gc" "$gh" "$(rates3 fg)"
# The same at 1 thread: the speed-up of the parallel simulation.
GCNLAB_EMU_THREADS=1 runs3 fg1t bench_fullgpu "$fullgpu" "${fg_args[@]}"
read -r g1i g1h g1c < <(sum_stats "$tmp/fg1t_run$med.txt")
fg_speedup=$(awk -v a="$gh" -v b="$g1h" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')
printf '  at 1 thread: %s M wave-instructions/s per wall second; at %d threads %s: speed-up %sx\n' \
	"$(rate "$g1i" "$g1h")" "$threads" "$(rate "$gi" "$gh")" "$fg_speedup"
summary "bench_fullgpu ${cus} CUs" "$gi" "$gc" "$gh" "$fg_speedup"

verdict() {
	awk -v r="$1" -v f="$floor" 'BEGIN { print (r + 0 >= f) ? "meets" : "BELOW" }'
}
echo "speed floor $floor M wave-instructions/s: copy $(verdict "$copy_cpu"), bench_sgemm $(verdict "$sg_cpu")"

# ---- callgrind ----
# Host instructions per wave-instruction do not depend on the machine's
# load: the figure to compare between trees.
declare -A cg_per
if [ "$callgrind" = 1 ] && ! command -v valgrind >/dev/null; then
	echo "callgrind: valgrind is not installed (apt-get install valgrind); skipped"
	callgrind=0
fi
if [ "$callgrind" = 1 ]; then
	cg() {  # key, label, gcnlab exec arguments...
		local key=$1 label=$2 out
		shift 2
		out=$(GCNLAB_EMU_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
			--toggle-collect=emu_gpu_dispatch "$gcnlab" exec "$@" --timeout 900 2>&1)
		local ir insts
		ir=$(printf '%s\n' "$out" | awk '/Collected :/ { print $NF }')
		insts=$(printf '%s\n' "$out" | sum_stats /dev/stdin | awk '{ print $1 }')
		cg_per[$key]=$(awk -v ir="$ir" -v n="$insts" 'BEGIN { printf "%.0f", n ? ir / n : 0 }')
		awk -v l="$label" -v ir="$ir" -v n="$insts" 'BEGIN {
			printf "  %-36s %12d host instructions / %9d wave-instructions = %7.0f per wave-instruction\n",
				l, ir, n, n ? ir / n : 0 }'
	}
	echo "callgrind (valgrind --tool=callgrind --toggle-collect=emu_gpu_dispatch, 1 simulation thread):"
	read -r -a launch < <("$gcnlab" trace "${kernels[0]}" --arch "$arch" --launch-only)
	cg copy "${kernels[0]} x 5" "${launch[@]}" --arch "$arch" --backend emu --stats --repeat 5
	small=$(( n / 4 < 64 ? 64 : n / 4 ))
	small=$(( small / 16 * 16 ))
	mapfile -t small_args < <(sgemm_args "$small")
	cg sgemm "bench_sgemm n=$small" "$sgemm" "${small_args[@]}"
	mapfile -t fg1_args < <(fullgpu_args 1)
	cg fullgpu "bench_fullgpu ${cus} CUs, 1 element each" "$fullgpu" "${fg1_args[@]}"
fi

# ---- summary ----
echo
echo "summary ($arch, cycle model on; speed-up: wall time at 1 thread over wall time at $threads; the copy suite is one workgroup, one thread):"
printf '  %-24s %7s %14s %14s %22s %9s  %s\n' workload threads "M/s per wall s" "M/s per CPU s" "host instr/wave-instr" "speed-up" "load average (1/5/15 min)"
keys=(copy sgemm fullgpu)
k=0
while IFS=$'\t' read -r label wall cpu ld up; do
	printf '  %-24s %7d %14s %14s %22s %9s  %s\n' "$label" "$threads" "$wall" "$cpu" "${cg_per[${keys[$k]}]:--}" "$up" "$ld"
	k=$((k + 1))
done < "$tmp/summary.txt"
