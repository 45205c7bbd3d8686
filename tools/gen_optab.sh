#!/bin/sh
# Regenerate emu/tables/emu_optab_<arch>.inc from LLVM's disassembler.
# Usage: tools/gen_optab.sh [LLVM_MC]   (default /usr/lib/llvm-19/bin/llvm-mc)
# Run by hand after an LLVM upgrade; the output is committed.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
mc=${1:-/usr/lib/llvm-19/bin/llvm-mc}
[ -x "$mc" ] || { echo "gen_optab.sh: $mc not found; pass the path of llvm-mc 19 as argument" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-gcc} -std=c11 -O2 -Wall -Wextra -Werror -Wno-format-truncation -o "$tmp/gen_optab" "$top/tools/gen_optab.c"
mkdir -p "$top/emu/tables"
for arch in gfx900 gfx90a gfx942; do
	"$tmp/gen_optab" "$mc" "$arch" "$top/emu/tables/emu_optab_$arch.inc"
done
