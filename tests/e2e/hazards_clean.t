#!/usr/bin/perl
# hazards_clean.t — no false alarms: with GCNLAB_EMU_STRICT=1 (a waitcnt or
# wait-state hazard is a fault) every project kernel runs clean on every
# arch — each suite of `gcnlab list` with one timed dispatch per kernel
# (asm/ kernels and the clang-compiled *_hip.hip references) — and so does
# the clang-compiled tests/bench/bench_sgemm.hip. LLVM inserts the wait
# states its GCNHazardRecognizer knows, so a report on clang's output is a
# checker bug. (tests/hip/*.hip run in strict mode in hip_semantics.t.)
#
# Exception, by design: the LDS timing kernels below read LDS their
# workgroup never wrote (lds_banks times whole dispatches, which writing the
# LDS first would lengthen; seed 003's `conflicts` reads an array its
# flag-guarded store never fills, and its counters must stay the seed's). On
# hardware they read what the previous workgroup left, and under strict mode
# that read faults, as it must. Their suites run with warnings instead, and
# must report nothing but those kernels' uninitialised LDS reads.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $root = $ENV{GCNLAB_ROOT} // '.';
my $build = $ENV{GCNLAB_BUILD} // "$root/build";
my $gcnlab = $ENV{GCNLAB_BIN} // "$build/bin/gcnlab";
my @archs = qw(gfx900 gfx90a gfx942);
my %lds_unwritten = map { $_ => 1 } qw(lds_loop_b32 lds_loop_b64 lds_loop_b128
	lds_counters_load lds_counters_conflicts);
my %lds_suites = map { $_ => 1 } qw(lds_banks lds_counters);

BAIL_OUT("$gcnlab is not built (make)") unless -x $gcnlab;
my $tmp = tempdir('gcnlab-hzclean-XXXXXX', TMPDIR => 1, CLEANUP => 1);

sub run {
	my @cmd = @_;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT);
		$ENV{GCNLAB_EMU_STRICT} = $ENV{HZ_STRICT} // 1;
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; exit 127 };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	return ($? >> 8 | ($? & 127 ? 128 + ($? & 127) : 0), $out);
}

my ($rc, $list) = run($gcnlab, 'list');
BAIL_OUT("gcnlab list failed: $list") if $rc;
my @suites = $list =~ /^([a-z0-9_]+):/mg;
BAIL_OUT("gcnlab list named no suites") unless @suites;

for my $arch (@archs) {
	for my $s (@suites) {
		my @cmd = ($gcnlab, 'run', $s, '--arch', $arch, '--backend', 'emu', '--out', "$tmp/res",
		           '--reps', 1, '--warmup', 0);
		if ($lds_suites{$s}) {
			local $ENV{HZ_STRICT} = 0;
			my ($rc, $out) = run(@cmd);
			my @other = grep { !/uninitialised LDS read in (\w+)/ || !$lds_unwritten{$1} }
			            grep { /^gcnlab-emu: warning: uninitialised|emulator report/ } split /\n/, $out;
			ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/ && !@other,
			   "suite $s on $arch: no hazards, no uninitialised reads but its timing kernels' LDS")
				or diag("exit $rc: @cmd\n" . join("\n", @other) . "\n$out");
			next;
		}
		my ($rc, $out) = run(@cmd);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/, "suite $s on $arch: clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc: GCNLAB_EMU_STRICT=1 @cmd\n$out");
	}
	my $co = "$build/bench/$arch/bench_sgemm.co";
	SKIP: {
		skip("$co is not built (make bench-kernels)", 1) unless -f $co;
		my $n = 64;
		my @cmd = ($gcnlab, 'exec', $co, 'bench_sgemm', '--grid', "$n,$n", '--block', '16,16',
		           "buf:" . $n * $n * 4 . ":rand:1", "buf:" . $n * $n * 4 . ":rand:2", "buf:" . $n * $n * 4,
		           "u32:$n", '--backend', 'emu');
		my ($rc, $out) = run(@cmd);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/, "bench_sgemm (clang -O3) on $arch: clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc: GCNLAB_EMU_STRICT=1 @cmd\n$out");
	}
}

done_testing();
