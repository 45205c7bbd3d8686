#!/bin/sh
# Compile the HIP kernels of tests/decode/corpus/ for gfx900, gfx90a and gfx942
# and compare the emulator's disassembly of each code object with llvm-objdump
# (tests/decode/check_objdump.sh). Usage: tests/decode/check_corpus.sh [-q]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
clang=${CLANG:-/usr/lib/llvm-19/bin/clang}
out=${GCNLAB_BUILD:-$top/build}/decode
mkdir -p "$out"
objs=
for arch in gfx900 gfx90a gfx942; do
	for src in "$top"/tests/decode/corpus/*.hip; do
		o=$out/$(basename "$src" .hip)_$arch.co
		"$clang" -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=$arch -O3 --no-gpu-bundle-output \
			"$src" -o "$o"
		objs="$objs $o"
	done
done
# shellcheck disable=SC2086
exec "$top/tests/decode/check_objdump.sh" "$@" $objs
