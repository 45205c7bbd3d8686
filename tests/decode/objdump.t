#!/bin/sh
# TAP: every code object under build/ (suite and test kernels of all arches)
# and the HIP decoder corpus disassemble exactly as llvm-objdump prints them.
# Needs build/bin/gcnlab-disasm (tools/emu_disasm_tool.c).
. "$(dirname "$0")/../e2e/lib/tap.sh"
export GCNLAB_DISASM=${GCNLAB_DISASM:-$build/bin/gcnlab-disasm}
[ -n "${LLVM_BIN:-}" ] && export LLVM_OBJDUMP="$LLVM_BIN/llvm-objdump"
if [ ! -x "$GCNLAB_DISASM" ]; then
	echo "1..0 # SKIP $GCNLAB_DISASM not built"
	exit 0
fi
objs=$(find "$build" -name '*.co' -path '*/gfx9*' | sort)
plan 2
# shellcheck disable=SC2086
"$top/tests/decode/check_objdump.sh" $objs > "$tmp/a" 2>&1
ok $? "$(tail -1 "$tmp/a") over $(echo $objs | wc -w) code objects under build/" || diag "$tmp/a"
"$top/tests/decode/check_corpus.sh" > "$tmp/b" 2>&1
ok $? "$(tail -1 "$tmp/b") over the HIP decoder corpus" || diag "$tmp/b"
