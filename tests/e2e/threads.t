#!/usr/bin/perl
# threads.t — the parallel simulation is deterministic (emu/core/emu_domain.h):
# on gfx942, whose multi-workgroup dispatches run one domain per XCD on the
# simulation threads, GCNLAB_EMU_THREADS=1, 2 and 4 give
#   - the same suite CSVs, byte for byte (the icache suite: grids over all
#     304 CUs, as tools/same_figures.sh compares them), and
#   - for work-groups in different XCDs that store to and atomically add to
#     the same addresses (tests/asm/xcd_race.s), the same output memory,
#     cycles and counters, with the sum of the adds in memory and each wave
#     reading its own store back;
#   - the same for the HIP atomics case (tickets from atomic adds, CAS loops);
#   - the same warnings, the first N of the dispatch (not N per domain);
# and a bad GCNLAB_EMU_THREADS is named with what it takes.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
need_llvm('llvm-mc', 'ld.lld');
my $tmp = temp_dir('threads');
my @threads = (1, 2, 4);
# Seconds per dispatch: generous, for the ThreadSanitizer build (make tsan)
# that runs this test ~10x slower.
my $timeout = 900;

# ---- a suite's CSVs ----
{
	my %csv;
	for my $t (@threads) {
		local $ENV{GCNLAB_EMU_THREADS} = $t;
		my ($out, $rc) = run_cmd($gcnlab, 'run', 'icache', '--arch', 'gfx942', '--backend', 'emu',
		                         '--timeout', $timeout, '--out', "$tmp/icache-$t");
		ok($rc == 0, "icache suite with GCNLAB_EMU_THREADS=$t") or diag($out);
		$csv{$t} = slurp("$tmp/icache-$t/gfx942-emu/icache.csv");
	}
	ok(defined $csv{1} && length $csv{1} > 100, 'icache: a CSV with rows');
	for my $t (2, 4) {
		ok(defined $csv{$t} && defined $csv{1} && $csv{$t} eq $csv{1},
		   "icache: the CSV with $t threads is byte for byte the one with 1");
	}
}

# ---- stores and atomics to the same addresses from every XCD ----
{
	my ($co, $err) = assemble("$root/tests/asm/xcd_race.s", 'gfx942', "$tmp/xcd_race.co");
	BAIL_OUT($err) unless $co;
	my $nwg = 64;
	my (%mem, %report);
	for my $t (@threads) {
		local $ENV{GCNLAB_EMU_THREADS} = $t;
		my @files = map { "$tmp/$_-$t.bin" } qw(out cnt ret seen);
		my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'xcd_race', '--backend', 'emu', '--arch', 'gfx942',
		                         '--grid', 64 * $nwg, '--block', 64, '--stats', '--counters', '--timeout', $timeout,
		                         "out:256:$files[0]", "out:256:$files[1]", 'out:' . 256 * $nwg . ":$files[2]",
		                         'out:' . 256 * $nwg . ":$files[3]");
		ok($rc == 0, "xcd_race with GCNLAB_EMU_THREADS=$t") or diag($out);
		$mem{$t} = join('', map { slurp($_) // '' } @files);
		# cycles, wave-instructions and every counter; not the host's times
		$report{$t} = join("\n", grep { !/^wrote / } map { s/, [0-9.]+ s host.*//r } split /\n/, $out);
		if ($t == 1) {
			my @cnt = words($files[1]);
			my $sum = $nwg * ($nwg + 1) / 2;
			ok(@cnt == 64 && !grep({ $_ != $sum } @cnt), "xcd_race: every counter holds the sum $sum of the adds")
				or diag("cnt: @cnt[0 .. 3]");
			my @seen = words($files[3]);
			my @ret = words($files[2]);
			my %tickets;
			$tickets{$_}++ for @ret[map { $_ * 64 } 0 .. $nwg - 1];
			ok(keys %tickets == $nwg, 'xcd_race: each atomic add returned a different old value')
				or diag(join ' ', sort { $a <=> $b } keys %tickets);
			ok($report{1} =~ /(\d+) cycles/ && $1 > 0 && $report{1} =~ /SQ_INSTS/,
			   'xcd_race: cycles and counters reported') or diag($report{1});
		}
	}
	for my $t (2, 4) {
		ok($mem{$t} eq $mem{1}, "xcd_race: the same memory with $t threads as with 1");
		is($report{$t}, $report{1}, "xcd_race: the same cycles and counters with $t threads as with 1");
	}
}

# ---- the HIP atomics case: tickets, exchanges and CAS loops across XCDs ----
{
	my $check = "$build/tests/hip/check_hip";
	my $case = 'atomics_global';
	my ($list) = run_cmd($check, 'list');
	my ($co) = map { (split ' ')[1] } grep { /^\Q$case\E / } split /\n/, $list;
	my $path = "$build/tests/hip/gfx942/$co.co";
	my %mem;
	for my $t (@threads) {
		my $dir = "$tmp/$case-$t";
		mkdir $dir or die;
		my ($args, $rc) = run_cmd($check, 'args', $case, $dir);
		ok($rc == 0, "$case: check_hip args") or diag($args);
		local $ENV{GCNLAB_EMU_THREADS} = $t;
		my @a = split /\n/, $args;
		my ($out, $rc2) = run_cmd($gcnlab, 'exec', $path, $case, '--backend', 'emu', '--arch', 'gfx942',
		                          '--stats', '--timeout', $timeout, @a);
		ok($rc2 == 0, "$case with GCNLAB_EMU_THREADS=$t") or diag($out);
		my ($cyc) = $out =~ /(\d+) cycles/;
		$mem{$t} = join('', $cyc // 'none', map { slurp($_) // '' } map { /^out:[^:]+:([^:]+)/ ? $1 : () } @a);
		if ($t == 1) {
			my ($res, $rc3) = run_cmd($check, 'check', $case, $dir);
			ok($rc3 == 0, "$case: the results are right with 1 thread") or diag($res);
		}
	}
	for my $t (2, 4) {
		ok(defined $mem{$t} && $mem{$t} eq $mem{1}, "$case: the same memory and cycles with $t threads as with 1");
	}
}

# ---- warnings: the dispatch's first N, whichever domain prints them ----
# Every wave of 64 workgroups (all 8 XCDs) reads v10, which nothing wrote
# (tests/asm/checks.s CASE 1): the first 3 uninitialised reads of the
# dispatch are shown (emu_check.c), not 3 per domain, and the same ones for
# any thread count.
{
	my ($co, $err) = assemble("$root/tests/asm/checks.s", 'gfx942', "$tmp/checks1.co", { defsym => ['CASE=1'] });
	BAIL_OUT($err) unless $co;
	my %warn;
	for my $t (@threads) {
		local $ENV{GCNLAB_EMU_THREADS} = $t;
		my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'checks', '--backend', 'emu', '--arch', 'gfx942',
		                         '--grid', 64 * 64, '--block', 64, '--timeout', $timeout, 'buf:512');
		my @lines = grep { /warning: uninitialised read in/ } split /\n/, $out;
		ok($rc == 0 && @lines == 3, "uninitialised reads in 8 domains with GCNLAB_EMU_THREADS=$t: 3 shown")
			or diag(scalar(@lines) . " shown, exit $rc\n$out");
		ok($out =~ /: 64 uninitialised read\(s\)/, "... and all 64 counted with GCNLAB_EMU_THREADS=$t")
			or diag($out);
		$warn{$t} = join("\n", @lines);
	}
	for my $t (2, 4) {
		is($warn{$t}, $warn{1}, "the same warnings with $t threads as with 1");
	}
	# A wait-state hazard: the first of each rule in the dispatch (emu_hazard_nops.c).
	my ($hz, $err2) = assemble("$root/tests/asm/hazards/dpp_vgpr.s", 'gfx942', "$tmp/dpp_vgpr.co",
	                           { include => ["$root/tests/asm/hazards"] });
	BAIL_OUT($err2) unless $hz;
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $hz, 'dpp_vgpr', '--backend', 'emu', '--arch', 'gfx942',
	                         '--grid', 64 * 64, '--block', 64, '--timeout', $timeout, 'buf:1024');
	my $n = () = $out =~ /warning: wait-state hazard on/g;
	ok($rc == 0 && $n == 1, 'a wait-state hazard in 8 domains: its rule warned once') or diag("$n shown, exit $rc\n$out");
}

# ---- a bad value ----
{
	local $ENV{GCNLAB_EMU_THREADS} = 'many';
	my ($out, $rc) = run_cmd($gcnlab, 'exec', "$tmp/xcd_race.co", 'xcd_race', '--backend', 'emu', '--arch',
	                         'gfx942', '--grid', 64, '--block', 64, 'buf:256', 'buf:256', 'buf:256', 'buf:256');
	ok($out =~ /GCNLAB_EMU_THREADS='many' is not/, 'a bad GCNLAB_EMU_THREADS is named') or diag("rc $rc\n$out");
}

done_testing();
