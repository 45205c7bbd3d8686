# tap.sh — what the shell TAP scripts share (POSIX sh). Source it first:
#     . "$(dirname "$0")/lib/tap.sh"          (tests/e2e/)
#     . "$(dirname "$0")/../e2e/lib/tap.sh"   (another tests/ folder)
# It sets
#   top, build   the repository and build/ (GCNLAB_ROOT, GCNLAB_BUILD under
#                make test; otherwise found from the script's place)
#   tmp          a fresh directory, removed when the script exits
# and defines
#   plan N        the TAP plan line
#   ok RC WHAT    "ok n - WHAT" when RC is 0, else "not ok n - WHAT" (n counts)
#   skip WHAT     "ok n # skip WHAT"
#   diag [FILE]   FILE (or stdin) as TAP comment lines
top=${GCNLAB_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${GCNLAB_BUILD:-$top/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tap_n=0
plan() { echo "1..$1"; }
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then echo "ok $tap_n - $2"; else echo "not ok $tap_n - $2"; fi
	return "$1"
}
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # skip $1"; }
diag() { sed 's/^/# /' "$@"; }
