#!/bin/sh
# Compare the emulator's disassembly of code objects with llvm-objdump's,
# instruction by instruction (the text before llvm-objdump's "//" comment).
# Usage: tests/decode/check_objdump.sh [-q] CODE_OBJECT...
# Env: GCNLAB_DISASM (default build/bin/gcnlab-disasm), LLVM_OBJDUMP
# (default /usr/lib/llvm-19/bin/llvm-objdump). Prints every mismatch and a
# per-file count; exits 1 if any line differs.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
dis=${GCNLAB_DISASM:-$top/build/bin/gcnlab-disasm}
objdump=${LLVM_OBJDUMP:-/usr/lib/llvm-19/bin/llvm-objdump}
quiet=0
[ "${1:-}" = "-q" ] && { quiet=1; shift; }
[ $# -gt 0 ] || { echo "usage: $0 [-q] CODE_OBJECT..." >&2; exit 2; }
[ -x "$dis" ] || { echo "check_objdump.sh: $dis not built (make build/bin/gcnlab-disasm)" >&2; exit 2; }
[ -x "$objdump" ] || { echo "check_objdump.sh: $objdump not found (install llvm-19)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# "<text> // <addr>: <words>" -> "<addr>\t<text>"
norm() {
	sed -n 's|^\t\(.*\)// \([0-9A-F]\{12\}\): .*$|\2\t\1|p' | sed 's/[ \t]*$//; s/^\([0-9A-F]*\)\t\(.*[^ ]\) *$/\1\t\2/'
}
total=0
status=0
for f in "$@"; do
	mach=$("$objdump" --private-headers "$f" 2>/dev/null | sed -n 's/.*EF_AMDGPU_MACH_AMDGCN_\(GFX[0-9A-F]*\).*/\1/p' | head -1 | tr 'A-Z' 'a-z')
	if [ -z "$mach" ]; then
		mach=$(od -An -tx1 -j48 -N1 "$f" | tr -d ' ')
		case $mach in 2c) mach=gfx900 ;; 3f) mach=gfx90a ;; 4c) mach=gfx942 ;; *) echo "$f: unknown processor (e_flags 0x$mach)" >&2; status=1; continue ;; esac
	fi
	"$objdump" -d --mcpu="$mach" "$f" | norm > "$tmp/llvm"
	"$dis" --mcpu="$mach" "$f" | norm > "$tmp/ours"
	n=$(wc -l < "$tmp/llvm")
	# join on the address; lines only one side has are mismatches too
	join -t "$(printf '\t')" -a1 -a2 -e MISSING -o 0,1.2,2.2 "$tmp/llvm" "$tmp/ours" | awk -F '\t' '$2 != $3' > "$tmp/diff"
	bad=$(wc -l < "$tmp/diff")
	total=$((total + bad))
	if [ "$quiet" = 0 ] && [ "$bad" -gt 0 ]; then
		awk -F '\t' -v f="$f" '{ printf "%s %s\n  llvm: %s\n  ours: %s\n", f, $1, $2, $3 }' "$tmp/diff"
	fi
	echo "$f ($mach): $n instructions, $bad mismatches"
	[ "$bad" -eq 0 ] || status=1
done
echo "check_objdump: $total mismatches"
exit $status
