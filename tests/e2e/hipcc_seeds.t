#!/usr/bin/perl
# hipcc_seeds.t — the seeds' experiments as HIP programs (asm/programs/,
# built by hipcc: mk/hipcc.mk), run by tools/rocr-emu on the emulated
# gfx900 and gfx90a, against the suites' own figures for the same GPU
# (results/reference/<arch>-emu/):
#
#   mem_latency   (000_…) one wave per CU (a grid of multiProcessorCount
#                 blocks), each chasing its own chain: the median cycles
#                 per load (s_memtime, clock64()) is within
#                 10 % of the latency suite's HBM chase latency
#   lds_demo      (003_…) bandwidth_demo and conflicts_demo, <<<1,i>>> for
#                 i = 1..8: 16 launches, each with a kernel time; one
#                 work-item's `conflicts` costs what `load` does, more
#                 work-items more (the bank conflicts); each time is the
#                 lds_counters suite's dt_us for that kernel and i plus one
#                 per-launch overhead, the same for both kernels and every
#                 i >= 2 (the CP's and SPI's launch before the first wave,
#                 which the suite's dt_us leaves out: README "HIP programs")
#   flush_icache  (001_…) flush_cache on CUs x 60 blocks before each timed
#                 launch: the first run (code from memory) slower than hot,
#                 later cold runs no faster than hot, to 2 ns (the icache suite: the
#                 flushed code comes back from the L2, ratio ~1.0)
# gcnlab-deps: hipcc=hipcc
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
need_file("$build/lib/kfd/libhsakmt.so.1", 'kfd');

sub seed_run {
	my ($arch, $name, @args) = @_;
	my $p = need_file("$build/programs/$arch/$name", 'hip-programs');
	return run_cmd({ timeout => 180, stderr => 'null' }, "$root/tools/rocr-emu", '--arch', $arch, $p, @args);
}

for my $arch (qw(gfx900 gfx90a)) {
	# ---- 000: latency on every CU ----
	my ($out, $rc) = seed_run($arch, 'mem_latency');
	my ($cus) = $out =~ /^chase on (\d+) CUs/m;
	my ($lo, $med, $hi) = $out =~ /^cycles per load: fastest CU ([0-9.]+), median ([0-9.]+), slowest ([0-9.]+)$/m;
	my $ref = read_csv("$root/results/reference/$arch-emu/latency.csv");
	my ($row) = grep { $_->{mem_type} eq 'HBM load dwordx4' } @{ $ref ? $ref->{rows} : [] };
	my $want = $row ? $row->{latency_cycles} : undef;
	ok($rc == 0 && defined $med && defined $want && abs($med - $want) <= 0.1 * $want,
	   "$arch mem_latency: median " . ($med // '?') . " cycles per load on " . ($cus // '?') .
	   " CUs, the latency suite's HBM chase " . ($want // '?')) or diag($out);

	# ---- 003: the host loops ----
	($out, $rc) = seed_run($arch, 'lds_demo', 8);
	my %k;
	$k{"$1 $2"} = $3 while $out =~ /^(load|conflicts)<<<1,(\d+)>>>: kernel ([0-9.]+) us, between events [0-9.]+ us$/mg;
	ok($rc == 0 && keys(%k) == 16 && !grep({ $_ <= 0 } values %k) && $out =~ /^lds_demo: done$/m,
	   "$arch lds_demo: 16 launches <<<1,i>>>, each timed") or diag($out);
	ok(defined $k{'conflicts 8'} && $k{'conflicts 8'} > $k{'load 8'} && $k{'conflicts 8'} > $k{'conflicts 1'},
	   "$arch lds_demo: 8 work-items on one bank take longer (" . ($k{'conflicts 8'} // '?') .
	   " us) than 8 on 8 banks (" . ($k{'load 8'} // '?') . ") and than one (" .
	   ($k{'conflicts 1'} // '?') . ")");
	# what the launch adds: HIP's time less the suite's (dt_us, 0.01 us)
	my $lds = read_csv("$root/results/reference/$arch-emu/lds_counters.csv");
	my @over;
	for my $r (@{ $lds ? $lds->{rows} : [] }) {
		my $t = $k{"$r->{kernel} $r->{work_items}"};
		push @over, $t - $r->{dt_us} if defined $t && $r->{work_items} >= 2;
	}
	my ($omin, $omax) = (sort { $a <=> $b } @over)[0, -1];
	ok(@over == 14 && $omin > 0 && $omax - $omin <= 0.015,
	   "$arch lds_demo: each launch's time is the lds_counters suite's dt_us plus one per-launch overhead, " .
	   (defined $omin ? sprintf('%.3f-%.3f', $omin, $omax) : '?') . " us") or diag($out);

	# ---- 001: flush before each timed launch ----
	($out, $rc) = seed_run($arch, 'flush_icache', 3);
	my @runs = $out =~ /^run \d: cold ([0-9.]+) us, hot ([0-9.]+) us$/mg;
	my ($ratio) = $out =~ /cold\/hot ([0-9.]+)$/m;
	# (times repeat to within 1 ns: the thunk's clock steps 1 ns for each
	# reading that finds the model where the last one did)
	ok($rc == 0 && @runs == 6 && $runs[0] > $runs[1] && $runs[2] >= $runs[3] - 0.002 &&
	   $runs[4] >= $runs[5] - 0.002 &&
	   defined $ratio && $ratio >= 1.0 && $ratio < 1.5,
	   "$arch flush_icache: first cold run " . ($runs[0] // '?') . " us > hot " . ($runs[1] // '?') .
	   ", later cold runs >= hot, mean ratio " . ($ratio // '?')) or diag($out);
}

done_testing();
