#!/bin/sh
# Regenerate emu/isa/tables/emu_optab_<arch>.inc and the decoder test corpus
# tests/decode/corpus_<arch>.txt from LLVM's disassembler (tools/gen_optab.c),
# for every processor row of common/gcn_proc.c (tools/procs.sh).
# Usage: tools/gen_optab.sh [LLVM_MC]   (default /usr/lib/llvm-19/bin/llvm-mc)
# Run by hand after an LLVM upgrade (about a minute); the output is committed.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
mc=${1:-/usr/lib/llvm-19/bin/llvm-mc}
[ -x "$mc" ] || { echo "gen_optab.sh: $mc not found; pass the path of llvm-mc 19 as argument" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc} -std=c11 -O2 -Wall -Wextra -Werror -Wno-format-truncation -o "$tmp/gen_optab" "$top/tools/gen_optab.c"
mkdir -p "$top/emu/isa/tables" "$top/tests/decode"
for arch in $(sh "$top/tools/procs.sh" --names); do
	# keep one corpus line in 6 (about 6500 per arch)
	"$tmp/gen_optab" "$mc" "$arch" "$top/emu/isa/tables/emu_optab_$arch.inc" "$top/tests/decode/corpus_$arch.txt" 6 \
		2> "$tmp/log"
	grep -v 'crashes on' "$tmp/log" >&2 || true
	echo "gen_optab.sh: $arch: $(grep -c 'crashes on' "$tmp/log" || true) probes crash llvm-mc (counted invalid)" >&2
done
