#!/usr/bin/env bash
# deps.sh — check (and, as root, install) what gcnlab needs.
#
#   tools/deps.sh [--for run|test] [--check] [--optional]
#
#   --for run     what building and running need (make run, make all):
#                 gcc, make, one LLVM >= 17 (llvm-mc, ld.lld, llvm-objdump,
#                 llvm-readelf, clang), the HSA headers, the KFD thunk
#                 headers, libelf, msgpack-c, gnuplot (charts)
#   --for test    the above, plus what the tests need (make test; default):
#                 cmocka, prove, strace, clang-offload-bundler and the libFuzzer
#                 runtime of the SAME LLVM, hipcc and libamdhip64-dev (HIP
#                 programs on the emulated GPU), and every command a test script
#                 declares with a line  # gcnlab-deps: CMD=PACKAGE
#   --check       only check: name what is missing and fail
#   --optional    also valgrind (make bench's callgrind figures)
#
# Missing packages are installed with apt-get when root; otherwise the exact
# command is printed on one line and the script fails. The check is file
# tests only, so when everything is there it costs a few milliseconds: every
# build step runs it. Tools of LLVM are looked for in the one LLVM
# installation tools/find_llvm.sh chose, never in another LLVM on the
# machine; their packages are that LLVM's version (clang-tools-N,
# libclang-rt-N-dev).
set -u

here=$(cd "$(dirname "$0")/.." && pwd)
mode=install
profile=test
optional=0
while [ $# -gt 0 ]; do
	case $1 in
	--check) mode=check ;;
	--optional) optional=1 ;;
	--for)
		[ $# -ge 2 ] || { echo "deps.sh: --for needs 'run' or 'test'" >&2; exit 2; }
		profile=$2
		shift
		;;
	--for=*) profile=${1#--for=} ;;
	-h | --help)
		sed -n '2,24p' "$0"
		exit 0
		;;
	*)
		echo "deps.sh: unknown option '$1' (try --help)" >&2
		exit 2
		;;
	esac
	shift
done
case $profile in
run | test) ;;
*) echo "deps.sh: --for '$profile': use 'run' or 'test'" >&2; exit 2 ;;
esac

rocm=${ROCM_PATH:-/opt/rocm}
missing_pkgs=()
missing_what=()
unfixable=()

need() { # need WHAT PACKAGE... ; call after a failed test
	missing_what+=("$1")
	shift
	missing_pkgs+=("$@")
}
have_cmd() { command -v "$1" >/dev/null 2>&1; }

# The LLVM major version apt would install: 19 preferred, else the newest
# >= 17 the archive has.
apt_llvm_version() {
	local v
	if have_cmd apt-cache; then
		for v in 19 18 17; do
			if apt-cache show "clang-$v" >/dev/null 2>&1; then
				echo "$v"
				return
			fi
		done
	fi
	echo 19
}

check_llvm() {
	local bin v why
	if ! bin=$(sh "$here/tools/find_llvm.sh" 2>/dev/null); then
		why=$(sh "$here/tools/find_llvm.sh" 2>&1 >/dev/null | grep -v "run 'make deps'")
		need "LLVM >= 17 (llvm-mc, ld.lld, llvm-objdump, llvm-readelf, clang):
$(echo "$why" | sed 's/^/      /')" LLVM
		# The test tools come with the LLVM that will be installed.
		[ "$profile" = test ] && need "clang-offload-bundler and the libFuzzer runtime of that LLVM" LLVM-TEST
		return
	fi
	[ "$profile" = test ] || return
	# Version of the chosen installation: from a Debian path, else llvm-mc.
	v=$(echo "$bin" | sed -n 's|^/usr/lib/llvm-\([0-9][0-9]*\)/bin$|\1|p')
	[ -n "$v" ] || v=$("$bin/llvm-mc" --version 2>/dev/null |
		sed -n 's/.*LLVM version \([0-9][0-9]*\).*/\1/p' | head -n 1)
	local debian=0
	case $bin in /usr/lib/llvm-*) debian=1 ;; esac
	if [ ! -x "$bin/clang-offload-bundler" ]; then
		if [ $debian -eq 1 ]; then
			need "clang-offload-bundler (in $bin; clang compiles HIP through it)" "clang-tools-$v"
		else
			unfixable+=("clang-offload-bundler is not in $bin (the LLVM in use): install it there")
		fi
	fi
	if ! ls "$bin"/../lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
		if [ $debian -eq 1 ]; then
			need "libFuzzer runtime of LLVM $v (libclang_rt.fuzzer-x86_64.a under $(dirname "$bin")/lib/clang)" \
				"libclang-rt-$v-dev"
		else
			unfixable+=("the libFuzzer runtime is not under $(dirname "$bin")/lib/clang: install it there")
		fi
	fi
}

check_all() {
	missing_pkgs=()
	missing_what=()
	unfixable=()
	have_cmd gcc || need "gcc (C compiler)" gcc libc6-dev
	have_cmd make || need "make" make
	check_llvm
	[ -f "$rocm/include/hsa/hsa.h" ] || [ -f /usr/include/hsa/hsa.h ] ||
		need "HSA headers (hsa/hsa.h)" libhsa-runtime-dev
	[ -f /usr/include/gelf.h ] || [ -f /usr/include/elfutils/libelf.h ] ||
		need "libelf (gelf.h)" libelf-dev
	[ -f /usr/include/msgpack.h ] || need "msgpack-c (msgpack.h)" libmsgpack-dev
	# The emulated KFD thunk (emu/kfd) is built against the real thunk's ABI.
	[ -f "$rocm/include/hsakmt/hsakmt.h" ] || [ -f /usr/include/hsakmt/hsakmt.h ] ||
		[ -f /usr/include/hsakmt.h ] || need "KFD thunk headers (hsakmt.h)" libhsakmt-dev
	have_cmd gnuplot || need "gnuplot (the charts)" gnuplot-nox
	if [ "$profile" = test ]; then
		[ -f /usr/include/cmocka.h ] || need "cmocka (cmocka.h)" libcmocka-dev
		have_cmd prove || need "prove (perl)" perl
		# tests/e2e/results_set.t and build_race.t inject kills and trace opens.
		have_cmd strace || need "strace (the kill and build-race tests)" strace
		# HIP programs run on the emulated GPU (mk/hipcc.mk, tests/e2e/hipcc_*.t).
		have_cmd hipcc || need "hipcc (the HIP test programs)" hipcc
		[ -f /usr/include/hip/hip_runtime.h ] || [ -f "$rocm/include/hip/hip_runtime.h" ] ||
			need "the HIP runtime and headers (hip/hip_runtime.h)" libamdhip64-dev
		# Requirements declared by test scripts (see the header).
		local line spec
		while IFS= read -r line; do
			for spec in ${line#*gcnlab-deps:}; do
				have_cmd "${spec%%=*}" || need "${spec%%=*} (asked by a test)" "${spec#*=}"
			done
		done < <(grep -rhs --include='*.t' '^# gcnlab-deps:' "$here/tests" 2>/dev/null)
	fi
	if [ $optional -eq 1 ]; then
		have_cmd valgrind || need "valgrind (optional, for make bench)" valgrind
	fi
}

# Package names, with the LLVM placeholders resolved to version $1.
resolve_pkgs() {
	local p
	for p in "${missing_pkgs[@]}"; do
		case $p in
		LLVM) printf '%s\n' "clang-$1" "lld-$1" "llvm-$1" ;;
		LLVM-TEST) printf '%s\n' "clang-tools-$1" "libclang-rt-$1-dev" ;;
		*) echo "$p" ;;
		esac
	done | awk '!seen[$0]++'
}

report_unfixable() {
	[ ${#unfixable[@]} -eq 0 ] && return 0
	printf 'gcnlab: %s\n' "${unfixable[@]}" >&2
	return 1
}

check_all
if [ ${#missing_what[@]} -eq 0 ]; then
	report_unfixable || exit 1
	[ "$mode" = install ] && echo "deps: all present"
	exit 0
fi

mapfile -t pkgs < <(resolve_pkgs "$(apt_llvm_version)")
echo "gcnlab: missing for 'make $profile':" >&2
printf '  - %s\n' "${missing_what[@]}" >&2
report_unfixable
cmd="apt-get update && apt-get install -y --no-install-recommends ${pkgs[*]}"

if [ "$mode" = check ]; then
	echo "gcnlab: install them with 'make deps' as root, or: sudo sh -c '$cmd'" >&2
	exit 1
fi
if ! have_cmd apt-get; then
	echo "gcnlab: no apt-get on this system; install the equivalent of: ${pkgs[*]}" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "gcnlab: not root; install them with: sudo sh -c '$cmd'" >&2
	exit 1
fi

echo "deps: installing ${pkgs[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q || { echo "gcnlab: apt-get update failed" >&2; exit 1; }
# Now that the lists are fresh, pick the LLVM version apt has.
mapfile -t pkgs < <(resolve_pkgs "$(apt_llvm_version)")
apt-get install -y -q --no-install-recommends "${pkgs[@]}" ||
	{ echo "gcnlab: apt-get install ${pkgs[*]} failed" >&2; exit 1; }

check_all
if [ ${#missing_what[@]} -ne 0 ]; then
	echo "gcnlab: still missing after install:" >&2
	printf '  - %s\n' "${missing_what[@]}" >&2
	exit 1
fi
report_unfixable || exit 1
echo "deps: all present"
