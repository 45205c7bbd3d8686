#!/bin/sh
# same_figures.sh — the refactor safety net: do the emulator's figures still
# match the committed reference?
#
#   tools/same_figures.sh [--arch A]... [--ref DIR] [--keep DIR]
#
# Runs `gcnlab run all` on the emulator for each arch (default every
# processor of common/gcn_proc.c, as tools/procs.sh lists them; as many at
# once as there are cores) into a temporary folder, then compares every CSV
# byte for byte with DIR/<arch>-emu/ (default
# results/reference). Exit 0 when every CSV is identical, 1 naming each CSV
# that differs or is missing (with the first lines of its diff), 2 for bad
# arguments or an unbuilt tree. A change that is meant to move figures
# regenerates the reference instead:
#   build/bin/gcnlab run all --arch A --backend emu --out results/reference
# and lists the figures that moved, with the reason, in its commit.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
bin=${GCNLAB_BIN:-$top/build/bin/gcnlab}
ref=$top/results/reference
keep=
archs=
while [ $# -gt 0 ]; do
	case $1 in
	--arch) [ $# -ge 2 ] || { echo "same_figures: --arch needs a value ($(sh "$top/tools/procs.sh" --names))" >&2; exit 2; }
		archs="$archs $2"; shift 2 ;;
	--ref) [ $# -ge 2 ] || { echo "same_figures: --ref needs a folder" >&2; exit 2; }
		ref=$2; shift 2 ;;
	--keep) [ $# -ge 2 ] || { echo "same_figures: --keep needs a folder" >&2; exit 2; }
		keep=$2; shift 2 ;;
	-h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "same_figures: unknown argument '$1' (see --help)" >&2; exit 2 ;;
	esac
done
[ -n "$archs" ] || archs=$(sh "$top/tools/procs.sh" --names) || exit 2
[ -x "$bin" ] || { echo "same_figures: $bin is not built; run 'make' first" >&2; exit 2; }
for a in $archs; do
	[ -d "$ref/$a-emu" ] || { echo "same_figures: no reference for $a in $ref/$a-emu" >&2; exit 2; }
done

if [ -n "$keep" ]; then
	out=$keep; mkdir -p "$out" || exit 2
else
	out=$(mktemp -d) || exit 2
	trap 'rm -rf "$out"' EXIT
fi

# One run per arch, nproc at a time; each leaves its exit status beside its log.
jobs=$(nproc 2>/dev/null || echo 1)
printf '%s\n' $archs | xargs -P "$jobs" -I{} sh -c \
	'"$1" run all --arch "$2" --backend emu --out "$3" >"$3/$2.log" 2>&1; echo $? >"$3/$2.rc"' \
	sh "$bin" {} "$out"

status=0
for a in $archs; do
	rc=$(cat "$out/$a.rc" 2>/dev/null || echo 1)
	if [ "$rc" != 0 ]; then
		echo "same_figures: gcnlab run all --arch $a exited $rc; last lines:"
		tail -5 "$out/$a.log" | sed 's/^/  /'
		status=1
	fi
	n=0
	for r in "$ref/$a-emu"/*.csv; do
		f=$out/$a-emu/$(basename "$r")
		n=$((n + 1))
		if [ ! -f "$f" ]; then
			echo "same_figures: $a: $(basename "$r") was not produced"
			status=1
		elif ! cmp -s "$r" "$f"; then
			echo "same_figures: $a: $(basename "$r") differs from the reference:"
			diff -u "$r" "$f" | sed -n '3,12p' | sed 's/^/  /'
			status=1
		fi
	done
	for f in "$out/$a-emu"/*.csv; do
		[ -f "$f" ] && [ ! -f "$ref/$a-emu/$(basename "$f")" ] &&
			echo "same_figures: $a: $(basename "$f") is new (not in the reference; not compared)"
	done
	echo "same_figures: $a: $n CSVs compared"
done
[ $status = 0 ] && echo "same_figures: every CSV identical to $ref"
exit $status
