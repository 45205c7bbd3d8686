#!/bin/sh
# procs.sh — the processors gcnlab builds for, read from their rows in
# common/gcn_proc.c (the one list: the Makefile, mk/kernels.awk,
# tools/same_figures.sh and the tests take it from here).
#
#   tools/procs.sh           one "name asm_num" line per row, in table order
#   tools/procs.sh --names   the names alone, on one line
#
# A row is the line of its initializer that holds `.name = "gfx..."` and
# `.asm_num = N` (the number asm/include/gcnlab.inc knows it by, --defsym
# GFX=N). Exit 1 when no row is found (the rows were reformatted: fix the
# pattern here).
src=$(cd "$(dirname "$0")/.." && pwd)/common/gcn_proc.c
rows=$(sed -n 's/.*\.name = "\(gfx[0-9a-z]*\)".*\.asm_num = \([0-9][0-9]*\).*/\1 \2/p' "$src")
[ -n "$rows" ] || { echo "procs.sh: no processor row (.name = \"gfx...\", .asm_num = N) in $src" >&2; exit 1; }
case ${1-} in
--names) printf '%s\n' "$rows" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $/\n/' ;;
'') printf '%s\n' "$rows" ;;
*) echo "procs.sh: unknown argument '$1' (--names or none)" >&2; exit 2 ;;
esac
