#!/usr/bin/perl
# hazards_clean.t — no false alarms: with GCNLAB_EMU_STRICT=1 (a waitcnt or
# wait-state hazard is a fault) every project kernel runs clean on every
# arch — each suite of `gcnlab list` with one timed dispatch per kernel
# (asm/ kernels and the clang-compiled *_hip.hip references) — and so does
# the clang-compiled tests/bench/bench_sgemm.hip. LLVM inserts the wait
# states its GCNHazardRecognizer knows, so a report on clang's output is a
# checker bug. (tests/hip/*.hip run in strict mode in hip_semantics.t.)
# `gcnlab check` then finds every built code object clean.
#
# The LDS timing kernels that read LDS their workgroup never wrote, by
# design (lds_banks times whole dispatches, which writing the LDS first would
# lengthen; 003_2971ecc2aaaadb01.txt's `conflicts` reads an array its
# flag-guarded store never fills, and its counters must stay the seed's),
# declare it in asm/gcnlab-emu.supp: their suites run clean in strict mode
# too (tests/e2e/clean_run.t checks that the rest still faults).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my @archs = @ARCHS;

my $tmp = temp_dir('hzclean');
$ENV{GCNLAB_EMU_STRICT} = 1;

my ($list, $rc) = run_cmd($gcnlab, 'list');
BAIL_OUT("gcnlab list failed: $list") if $rc;
my @suites = $list =~ /^([a-z0-9_]+):/mg;
BAIL_OUT("gcnlab list named no suites") unless @suites;

for my $arch (@archs) {
	for my $s (@suites) {
		my @cmd = ($gcnlab, 'run', $s, '--arch', $arch, '--backend', 'emu', '--out', "$tmp/res",
		           '--reps', 1, '--warmup', 0);
		my ($out, $rc) = run_cmd(@cmd);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard|gcnlab-emu: warning/,
		   "suite $s on $arch: clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc: GCNLAB_EMU_STRICT=1 @cmd\n$out");
	}
	my $co = "$build/bench/$arch/bench_sgemm.co";
	SKIP: {
		skip("$co is not built (make bench-kernels)", 1) unless -f $co;
		my $n = 64;
		my @cmd = ($gcnlab, 'exec', $co, 'bench_sgemm', '--grid', "$n,$n", '--block', '16,16',
		           "buf:" . $n * $n * 4 . ":rand:1", "buf:" . $n * $n * 4 . ":rand:2", "buf:" . $n * $n * 4,
		           "u32:$n", '--backend', 'emu');
		my ($out, $rc) = run_cmd(@cmd);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/, "bench_sgemm (clang -O3) on $arch: clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc: GCNLAB_EMU_STRICT=1 @cmd\n$out");
	}
}

# The same rules on every path, without running: `gcnlab check` finds every
# code object the build made clean (suite kernels of asm/ and their HIP
# twins, tests/hip, tests/asm/model, the seeds, bench), except the test-only
# copy_broken_* variants, which must be found.
{
	local $ENV{GCNLAB_EMU_STRICT} = 0;
	my @cos = grep { !m{/san/} } split /\n/, `find '$build' -name '*.co' | sort`;
	ok(@cos >= 200, scalar(@cos) . ' code objects built') or diag("find $build found " . scalar(@cos));
	my (@dirty, @missed);
	for my $co (@cos) {
		my ($out, $rc) = run_cmd($gcnlab, 'check', $co);
		if ($co =~ m{/copy_broken_[^/]*\.co$}) {
			push @missed, "$co (exit $rc)\n$out" unless $rc == 1 && $out =~ /waitcnt hazard/;
		} elsif ($rc != 0) {
			push @dirty, "$co (exit $rc)\n$out";
		}
	}
	ok(!@dirty, 'gcnlab check: every project, test, HIP and bench code object is clean') or diag(join("\n", @dirty));
	ok(!@missed, 'gcnlab check: every copy_broken_* test variant is found') or diag(join("\n", @missed));
}

done_testing();
