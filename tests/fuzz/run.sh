#!/bin/sh
# Build and run the decoder fuzzer (libFuzzer, with the clang of the LLVM that
# tools/find_llvm.sh chose) for a short while.
# Usage: tests/fuzz/run.sh [libFuzzer options]   (default -max_total_time=30 -max_len=512)
# Needs that LLVM's libFuzzer runtime (Debian: libclang-rt-N-dev; `make deps`
# installs it); the seed corpus is made from
# tests/decode/corpus_*.txt. Artifacts of a crash land in build/fuzz/.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
llvm=${LLVM_BIN:-$(sh "$top/tools/find_llvm.sh")} || exit 2
cc=${CLANG:-$llvm/clang}
out=$top/build/fuzz
rm -rf "$out/seeds"
mkdir -p "$out/seeds" "$out/work"
ls "$llvm"/../lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
	{ echo "run.sh: libFuzzer runtime missing under $llvm/../lib/clang: run 'make deps'" >&2; exit 2; }
"$cc" -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -I"$top/include" -I"$top/emu" -I"$top/common" \
	"$top/tests/fuzz/fuzz_decode.c" "$top/emu/isa/emu_decode.c" "$top/emu/isa/emu_disasm.c" \
	"$top/emu/arch/emu_profile.c" "$top/common/gcn_proc.c" \
	-o "$out/fuzz_decode"
# seeds: runs of corpus instructions, one file per arch and chunk
i=0
for a in 0:gfx900 1:gfx90a 2:gfx942; do
	n=${a%%:*}; arch=${a#*:}
	grep -v '^#' "$top/tests/decode/corpus_$arch.txt" | cut -f1 | tr ' ' '\n' | head -3000 |
		awk -v n="$n" -v dir="$out/seeds" '
		function le(w) { return sprintf("\\x%s\\x%s\\x%s\\x%s", substr(w,7,2), substr(w,5,2), substr(w,3,2), substr(w,1,2)) }
		NR % 60 == 1 { if (f) close(f); f = sprintf("%s/%s_%04d.hex", dir, n, NR); printf "\\x%02x", n > f }
		{ printf "%s", le($1) > f }' 
done
for f in "$out"/seeds/*.hex; do printf "$(cat "$f")" > "${f%.hex}.bin"; rm -f "$f"; done
cd "$out"
if [ $# -eq 0 ]; then set -- -max_total_time=30 -max_len=512; fi
# new inputs go to work/, the seeds stay as made
exec ./fuzz_decode "$@" work seeds
