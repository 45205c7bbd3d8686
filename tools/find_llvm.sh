#!/bin/sh
# find_llvm.sh — print the bin directory of ONE LLVM installation (version >= 17)
# that holds every tool gcnlab needs, or explain on stderr what is missing and
# exit 1. The Makefile, tools/deps.sh and the tests all ask this script, so the
# whole project uses the same llvm-mc, ld.lld, llvm-objdump and clang.
#
# Order (first hit wins):
#   1. $LLVM_DIR            (either the installation root or its bin/)
#   2. $ROCM_PATH/llvm/bin  (ROCM_PATH defaults to /opt/rocm)
#   3. the newest /usr/lib/llvm-N/bin with N >= 17 (Debian/Ubuntu layout)
# /usr/bin is never searched: its unversioned llvm-objdump may be LLVM 14,
# which does not know gfx942.
#
# Usage: tools/find_llvm.sh [-q]     (-q: no message on failure)

TOOLS="llvm-mc ld.lld llvm-objdump llvm-readelf clang"
MIN_MAJOR=17
quiet=0
[ "$1" = "-q" ] && quiet=1

say() { [ $quiet -eq 1 ] || echo "$*" >&2; }

# missing_in DIR -> prints the tools missing from DIR (empty when complete)
missing_in() {
	m=""
	for t in $TOOLS; do
		[ -x "$1/$t" ] || m="$m $t"
	done
	echo "$m"
}

# major DIR -> LLVM major version of DIR/llvm-mc ("19"), empty if unknown
major() {
	"$1/llvm-mc" --version 2>/dev/null |
		sed -n 's/.*LLVM version \([0-9][0-9]*\).*/\1/p' | head -n 1
}

# check DIR LABEL -> 0 and prints DIR when usable
check() {
	dir=$1
	miss=$(missing_in "$dir")
	if [ -n "$miss" ]; then
		say "gcnlab: $2 ($dir) lacks:$miss"
		return 1
	fi
	v=$(major "$dir")
	if [ -z "$v" ] || [ "$v" -lt $MIN_MAJOR ]; then
		say "gcnlab: $2 ($dir) is LLVM ${v:-of unknown version}; gcnlab needs LLVM >= $MIN_MAJOR"
		return 1
	fi
	echo "$dir"
	return 0
}

if [ -n "$LLVM_DIR" ]; then
	d=$LLVM_DIR
	[ -x "$d/bin/llvm-mc" ] && d=$d/bin
	check "$d" "LLVM_DIR" && exit 0
	say "gcnlab: LLVM_DIR=$LLVM_DIR is not usable; unset it or point it at an LLVM >= $MIN_MAJOR with: $TOOLS"
	exit 1
fi

rocm=${ROCM_PATH:-/opt/rocm}
if [ -d "$rocm/llvm/bin" ]; then
	check "$rocm/llvm/bin" "ROCm LLVM" && exit 0
fi

# Newest Debian-style installation first; versions compare numerically.
for d in $(ls -d /usr/lib/llvm-[0-9]*/bin 2>/dev/null |
	sed -n 's|^/usr/lib/llvm-\([0-9][0-9]*\)/bin$|\1|p' | sort -rn); do
	[ "$d" -ge $MIN_MAJOR ] || continue
	# The version is in the path; skip the llvm-mc --version call (speed).
	miss=$(missing_in "/usr/lib/llvm-$d/bin")
	if [ -z "$miss" ]; then
		echo "/usr/lib/llvm-$d/bin"
		exit 0
	fi
	say "gcnlab: /usr/lib/llvm-$d/bin lacks:$miss"
done

say "gcnlab: no LLVM >= $MIN_MAJOR with $TOOLS found (looked at \$LLVM_DIR, $rocm/llvm/bin, /usr/lib/llvm-N/bin)."
say "gcnlab: run 'make deps' (installs clang-19 lld-19 llvm-19), or set LLVM_DIR=/path/to/llvm."
exit 1
