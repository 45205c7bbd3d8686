#!/bin/sh
# deps.t — tools/deps.sh, the step `make run` and `make test` start with:
# on this (complete) machine both lists are present; with commands hidden
# from PATH, `--for run` names only what running needs (never the test-only
# tools), `--for test` adds the test tools, the message gives the one
# apt-get command with the packages, and not being root fails with that
# command instead of installing.
. "$(dirname "$0")/lib/tap.sh"
deps="$top/tools/deps.sh"
plan 9
has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }

bash "$deps" --for run --check >"$tmp/out" 2>&1
ok $? "the run list is present here"
bash "$deps" --for test --check >"$tmp/out" 2>&1
ok $? "the test list is present here"

# A PATH with what the script itself uses and the build tools, without
# gnuplot, prove and chromium (the libraries and LLVM stay: they are files).
mkdir "$tmp/bin"
for c in bash sh gcc make sed grep ls head awk dirname id sort cat cut tr apt-get apt-cache; do
	p=$(command -v "$c") && ln -s "$p" "$tmp/bin/$c"
done
run_out=$(PATH="$tmp/bin" bash "$deps" --for run --check 2>&1)
rc=$?
[ $rc -ne 0 ] && has "$run_out" "gnuplot" && has "$run_out" "gnuplot-nox"
ok $? "--for run names the missing gnuplot and its package (exit $rc)"
! has "$run_out" "prove" && ! has "$run_out" "chromium" && ! has "$run_out" "cmocka"
ok $? "--for run never asks for test-only tools"
has "$run_out" "apt-get update && apt-get install -y --no-install-recommends gnuplot-nox'"
ok $? "--for run prints the one apt-get command" || echo "$run_out" | diag

test_out=$(PATH="$tmp/bin" bash "$deps" --for test --check 2>&1)
rc=$?
[ $rc -ne 0 ] && has "$test_out" "prove (perl)" && has "$test_out" "chromium (asked by a test)"
ok $? "--for test adds the test tools (exit $rc)"
# Every package on the one command (test scripts add theirs in between).
cmd_line=$(echo "$test_out" | grep 'apt-get install')
has "$cmd_line" " gnuplot-nox " && has "$cmd_line" " perl " && has "$cmd_line" " strace " && has "$cmd_line" " chromium"
ok $? "--for test's command installs them all" || echo "$test_out" | diag

# Install mode as a user who is not root: the command, exit 1, nothing run.
# The unprivileged user may not read the checkout (root's home is 0700):
# it gets a copy of the script, its helper and the test scripts it reads.
setpriv=$(command -v setpriv)
mkdir -p "$tmp/tree/tools" "$tmp/tree/tests"
cp "$top/tools/deps.sh" "$top/tools/find_llvm.sh" "$tmp/tree/tools/"
(cd "$top/tests" && find . -name '*.t' -exec cp --parents {} "$tmp/tree/tests/" \;)
chmod -R a+rX "$tmp"
if [ "$(id -u)" -eq 0 ] && [ -n "$setpriv" ]; then
	user_out=$(cd / && PATH="$tmp/bin" "$setpriv" --reuid=65534 --regid=65534 --clear-groups \
		bash "$tmp/tree/tools/deps.sh" --for run 2>&1)
	rc=$?
else
	user_out=$(PATH="$tmp/bin" bash "$deps" --for run 2>&1)
	rc=$?
fi
if [ "$(id -u)" -eq 0 ] && [ -z "$setpriv" ]; then
	skip "no setpriv to drop root"
	skip "no setpriv to drop root"
else
	[ $rc -eq 1 ] && has "$user_out" "not root; install them with: sudo sh -c 'apt-get update"
	ok $? "not root: exit 1 with the sudo command (exit $rc)" || echo "$user_out" | diag
	! has "$user_out" "deps: installing"
	ok $? "not root: nothing is installed"
fi
