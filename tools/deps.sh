#!/usr/bin/env bash
# deps.sh — check (and, as root, install) what gcnlab needs to build and test.
#
#   tools/deps.sh            check; install what is missing when root (apt-get),
#                            otherwise print the exact command and fail
#   tools/deps.sh --check    check only: name what is missing and fail
#   tools/deps.sh --optional also install the optional tools (valgrind)
#
# The check uses file tests only (no apt, no dpkg database walk), so when
# everything is present it costs a few milliseconds: `make run`, `make test`
# and every build call it first.
#
# Test scripts can ask for more: a line
#     # gcnlab-deps: chromium=chromium
# (command=package, several allowed) in any tests/**/*.t adds that command to
# the requirements. This is the hook for the HTML report test.
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
mode=install
optional=0
for a in "$@"; do
	case $a in
	--check) mode=check ;;
	--optional) optional=1 ;;
	-h | --help)
		sed -n '2,17p' "$0"
		exit 0
		;;
	*)
		echo "deps.sh: unknown option '$a' (try --help)" >&2
		exit 2
		;;
	esac
done

rocm=${ROCM_PATH:-/opt/rocm}
missing_pkgs=()
missing_what=()

need() { # need WHAT PACKAGE... ; call after a failed test
	missing_what+=("$1")
	shift
	missing_pkgs+=("$@")
}
have_cmd() { command -v "$1" >/dev/null 2>&1; }

llvm_pkgs() { # LLVM packages: 19 preferred, else the newest >= 17 apt knows
	local v
	if have_cmd apt-cache; then
		for v in 19 18 17; do
			if apt-cache show "clang-$v" >/dev/null 2>&1; then
				echo "clang-$v lld-$v llvm-$v"
				return
			fi
		done
	fi
	echo "clang-19 lld-19 llvm-19"
}

check_all() {
	missing_pkgs=()
	missing_what=()
	have_cmd gcc || need "gcc (C compiler)" gcc
	have_cmd make || need "make" make
	if ! llvm_why=$(sh "$here/tools/find_llvm.sh" 2>&1 >/dev/null); then
		need "LLVM >= 17 (llvm-mc, ld.lld, llvm-objdump, llvm-readelf, clang):
$(echo "$llvm_why" | grep -v "run 'make deps'" | sed 's/^/      /')" LLVM
	fi
	[ -f "$rocm/include/hsa/hsa.h" ] || [ -f /usr/include/hsa/hsa.h ] ||
		need "HSA headers (hsa/hsa.h)" libhsa-runtime-dev
	[ -f /usr/include/gelf.h ] || [ -f /usr/include/elfutils/libelf.h ] ||
		need "libelf (gelf.h)" libelf-dev
	[ -f /usr/include/msgpack.h ] || need "msgpack-c (msgpack.h)" libmsgpack-dev
	[ -f /usr/include/cmocka.h ] || need "cmocka (cmocka.h)" libcmocka-dev
	have_cmd gnuplot || need "gnuplot" gnuplot-nox
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
		need "libFuzzer (the decoder fuzz test)" libclang-rt-19-dev
	have_cmd prove || need "prove (perl)" perl
	if [ $optional -eq 1 ]; then
		have_cmd valgrind || need "valgrind (optional, for bench)" valgrind
	fi
	# Requirements declared by test scripts (see the header).
	local line spec
	while IFS= read -r line; do
		for spec in ${line#*gcnlab-deps:}; do
			have_cmd "${spec%%=*}" || need "${spec%%=*} (asked by a test)" "${spec#*=}"
		done
	done < <(grep -rhs --include='*.t' '^# gcnlab-deps:' "$here/tests" 2>/dev/null)
}

check_all
if [ ${#missing_what[@]} -eq 0 ]; then
	[ "$mode" = install ] && echo "deps: all present"
	exit 0
fi

# Resolve the LLVM placeholder only now: it may ask apt-cache (slow-ish).
pkgs=()
for p in "${missing_pkgs[@]}"; do
	if [ "$p" = LLVM ]; then
		read -r -a lp <<<"$(llvm_pkgs)"
		pkgs+=("${lp[@]}")
	else
		pkgs+=("$p")
	fi
done
# Unique, order kept.
mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | awk '!seen[$0]++')

echo "gcnlab: missing:" >&2
printf '  - %s\n' "${missing_what[@]}" >&2
cmd="apt-get update && apt-get install -y --no-install-recommends ${pkgs[*]}"

if [ "$mode" = check ]; then
	echo "gcnlab: run 'make deps' to install them (as root; otherwise: sudo sh -c '$cmd')." >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "gcnlab: not root; install them with:" >&2
	echo "  sudo sh -c '$cmd'" >&2
	exit 1
fi
if ! have_cmd apt-get; then
	echo "gcnlab: no apt-get on this system; install the equivalent of: ${pkgs[*]}" >&2
	exit 1
fi

echo "deps: installing ${pkgs[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q || { echo "gcnlab: apt-get update failed" >&2; exit 1; }
# LLVM packages: now that the lists are fresh, pick the version apt has.
if printf '%s\n' "${missing_pkgs[@]}" | grep -qx LLVM; then
	mapfile -t pkgs < <(for p in "${missing_pkgs[@]}"; do
		if [ "$p" = LLVM ]; then llvm_pkgs | tr ' ' '\n'; else echo "$p"; fi
	done | awk '!seen[$0]++')
fi
apt-get install -y -q --no-install-recommends "${pkgs[@]}" ||
	{ echo "gcnlab: apt-get install ${pkgs[*]} failed" >&2; exit 1; }

check_all
if [ ${#missing_what[@]} -ne 0 ]; then
	echo "gcnlab: still missing after install:" >&2
	printf '  - %s\n' "${missing_what[@]}" >&2
	exit 1
fi
echo "deps: all present"
