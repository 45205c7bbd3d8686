#!/bin/sh
# A short libFuzzer run of the decoder, disassembler and program builder
# (tests/fuzz/fuzz_decode.c); a crash, leak or UB report fails it.
# Its libFuzzer runtime is checked (and installed) by tools/deps.sh --for test,
# in the LLVM tools/find_llvm.sh chose.
top=${GCNLAB_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
echo "1..1"
log=$(mktemp)
if sh "$top/tests/fuzz/run.sh" -runs=15000 -max_len=512 >"$log" 2>&1; then
	echo "ok 1 - decoder fuzz: 15000 runs without a crash"
else
	echo "not ok 1 - decoder fuzz failed (log follows)"
	tail -40 "$log" | sed 's/^/# /'
fi
rm -f "$log"
