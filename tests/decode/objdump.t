#!/bin/sh
# TAP: every code object under build/ (suite and test kernels of all arches)
# and the HIP decoder corpus disassemble exactly as llvm-objdump prints them.
# Needs build/bin/gcnlab-disasm (tools/emu_disasm_tool.c).
top=${GCNLAB_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${GCNLAB_BUILD:-$top/build}
export GCNLAB_DISASM=${GCNLAB_DISASM:-$build/bin/gcnlab-disasm}
[ -n "${LLVM_BIN:-}" ] && export LLVM_OBJDUMP="$LLVM_BIN/llvm-objdump"
if [ ! -x "$GCNLAB_DISASM" ]; then
	echo "1..0 # SKIP $GCNLAB_DISASM not built"
	exit 0
fi
objs=$(find "$build" -name '*.co' -path '*/gfx9*' | sort)
echo "1..2"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if "$top/tests/decode/check_objdump.sh" $objs > "$out/a" 2>&1; then
	echo "ok 1 - $(tail -1 "$out/a") over $(echo $objs | wc -w) code objects under build/"
else
	sed 's/^/# /' "$out/a"; echo "not ok 1 - llvm-objdump mismatches in build/ code objects"
fi
if "$top/tests/decode/check_corpus.sh" > "$out/b" 2>&1; then
	echo "ok 2 - $(tail -1 "$out/b") over the HIP decoder corpus"
else
	sed 's/^/# /' "$out/b"; echo "not ok 2 - llvm-objdump mismatches in the HIP decoder corpus"
fi
