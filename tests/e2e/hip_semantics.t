#!/usr/bin/perl
# hip_semantics.t — the emulated GPU against the host CPU. Each case of
# build/tests/hip/check_hip (tests/hip/check_hip.c) is one kernel of
# tests/hip/*.hip; for every arch (gfx900, gfx90a, gfx942) the case's inputs
# are written, the kernel runs through `gcnlab exec --backend emu`, and the
# checker recomputes the results in C and compares them. One test per
# (case, arch); a failure shows the exec command and the checker's first
# mismatch per output (element, expected, got).
#
# Built by `make test-hip` (part of `make test`): the code objects
# build/tests/hip/<arch>/<co>.co and the checker.
#
# Every kernel runs with GCNLAB_EMU_STRICT=1: clang's output must be free of
# waitcnt and wait-state (s_nop) hazards, so a report is a checker bug.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $check = "$build/tests/hip/check_hip";
my @archs = @ARCHS;

BAIL_OUT("$check is not built (make test-hip)") unless -x $check;
$ENV{GCNLAB_EMU_STRICT} = 1;

# Run a command, return (exit status, stdout+stderr).
my ($list, $rc) = run_cmd($check, 'list');
BAIL_OUT("check_hip list failed: $list") if $rc;
my @cases = map { [split ' '] } grep { /\S/ } split /\n/, $list;
plan tests => @cases * @archs;

my $tmp = temp_dir('hip');
for my $arch (@archs) {
	for my $c (@cases) {
		my ($name, $co, $kernel) = @$c;
		my $what = "$name on $arch";
		my $co_path = "$build/tests/hip/$arch/$co.co";
		my $dir = "$tmp/$arch-$name";
		mkdir $dir or die "mkdir $dir: $!";
		if (!-f $co_path) {
			fail($what);
			diag("$co_path is missing (make test-hip)");
			next;
		}
		my ($args, $arc) = run_cmd($check, 'args', $name, $dir);
		if ($arc) {
			fail($what);
			diag("check_hip args $name: $args");
			next;
		}
		my @cmd = ($gcnlab, 'exec', $co_path, $kernel, '--backend', 'emu', '--timeout', '120',
		           split(/\n/, $args));
		my ($eout, $erc) = run_cmd(@cmd);
		if ($erc) {
			fail($what);
			diag("exit $erc: @cmd");
			diag($eout);
			next;
		}
		my ($cout, $crc) = run_cmd($check, 'check', $name, $dir);
		ok($crc == 0, $what) or do {
			diag("@cmd");
			diag($cout);
		};
		system('rm', '-rf', $dir) if $crc == 0;
	}
}
