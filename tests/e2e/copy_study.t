#!/usr/bin/perl
# copy_study.t — the copy suite reproduces the RX Vega 64 study's shape
# (issue 15) on the emulated gfx900, checked from the suite's own CSV
# (study-method GB/s and the study's figure beside it), at the corner clock
# states S0M0, S0M3, S7M0, S7M3 (the full sweep: make run ARCH=gfx900
# SUITE=copy RUN_ARGS='--clocks sweep'):
#   - asm / HIP at 256 work-items (unroll 4, 8, 16) in [3.0, 4.5] at S0M0 and S7M3;
#   - HIP 1024 / HIP 256 (unroll 2, 4, 8) in [2.3, 3.8];
#   - the asm kernels at 256 work-items with unroll 4..16 within 10 % of each
#     other, unroll 2 slower than all of them;
#   - asm at S7M3 / asm at S0M0 in [1.2, 1.9] for every asm kernel;
#   - the memory clock alone (S0M0 vs S0M3, S7M0 vs S7M3) moves no kernel by
#     more than 10 %;
#   - every study-method figure at S0M0 and S7M3 within 30 % of the study's,
#     and the suite's ratio column is that quotient.
# The expected figures are the study's (asm/copy/study_vega64.csv, read by
# the suite), never numbers of the model.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('copy-study');

my @cmd = ($gcnlab, 'run', 'copy', '--arch', 'gfx900', '--backend', 'emu', '--clocks', 'sweep',
           '--param', 'copy.states=S0M0:S0M3:S7M0:S7M3', '--warmup', 1, '--out', "$tmp/r");
my ($out, $rc) = run_cmd(@cmd);
is($rc, 0, 'run copy on gfx900 at four corner states exits 0') or diag("@cmd\n$out");
my $csv = read_csv("$tmp/r/gfx900-emu/copy.csv") // BAIL_OUT("no copy.csv\n$out");
my %has = map { $_ => 1 } @{ $csv->{head} };
ok(!grep({ !$has{$_} } qw(kernel clocks study_bandwidth_gbs vega64_bandwidth_gbs study_vs_vega64_ratio)),
   'copy.csv has kernel, clocks, study-method GB/s, RX Vega 64 GB/s and ratio columns')
	or BAIL_OUT("header: @{ $csv->{head} }");

my (%emu, %vega, %ratio);
for my $r (@{ $csv->{rows} }) {
	my ($state) = $r->{clocks} =~ /^(S\dM\d)/ or next;
	$emu{$state}{ $r->{kernel} } = $r->{study_bandwidth_gbs};
	$vega{$state}{ $r->{kernel} } = $r->{vega64_bandwidth_gbs};
	$ratio{$state}{ $r->{kernel} } = $r->{study_vs_vega64_ratio};
}
is(scalar(keys %emu), 4, 'four clock states') or diag(join(' ', keys %emu));
is(scalar(keys %{ $emu{S7M3} // {} }), 22, '22 kernels per state');

my %asm256 = map { $_ => "copy_256_${_}_" . (256 / $_) . "_256" } 2, 4, 8, 16;
my %k1024 = map { $_ => "copy_64_${_}_" . (64 / $_) . "_1024" } 2, 4, 8;

for my $st (qw(S0M0 S7M3)) {
	my $e = $emu{$st};
	for my $u (4, 8, 16) {
		my ($a, $h) = ($e->{$asm256{$u}}, $e->{"$asm256{$u}_hip"});
		my $r = $h ? $a / $h : 0;
		ok(within($r, 3.0, 4.5), sprintf("%s: asm / HIP at 256 work-items, unroll %d: %.2f in [3.0, 4.5]", $st, $u, $r));
	}
	for my $u (2, 4, 8) {
		my ($big, $small) = ($e->{"$k1024{$u}_hip"}, $e->{"$asm256{$u}_hip"});
		my $r = $small ? $big / $small : 0;
		ok(within($r, 2.3, 3.8), sprintf("%s: HIP 1024 / HIP 256, unroll %d: %.2f in [2.3, 3.8]", $st, $u, $r));
	}
	my @flat = map { $e->{$asm256{$_}} } 4, 8, 16;
	my ($lo, $hi) = (sort { $a <=> $b } @flat)[0, -1];
	ok($hi <= 1.1 * $lo && $lo >= 0.9 * $hi, sprintf('%s: asm 256 unroll 4/8/16 within 10%% (%.2f .. %.2f)', $st, $lo, $hi));
	ok($e->{$asm256{2}} < $lo, sprintf('%s: asm 256 unroll 2 (%.2f) slower than unroll 4..16 (>= %.2f)', $st, $e->{$asm256{2}}, $lo));
	for my $k (sort keys %$e) {
		my ($m, $v) = ($e->{$k}, $vega{$st}{$k});
		my $q = $v ? $m / $v : 0;
		ok(within($q, 0.7, 1.3), sprintf('%s: %s %.2f GB/s vs the study\'s %s: within 30%%', $st, $k, $m, $v // '-'));
		ok(abs($ratio{$st}{$k} - $q) < 0.011, "$st: $k: the ratio column is study-method / RX Vega 64");
	}
}
for my $k (sort grep { !/_hip$/ } keys %{ $emu{S7M3} }) {
	my $r = $emu{S7M3}{$k} / $emu{S0M0}{$k};
	ok(within($r, 1.2, 1.9), sprintf('%s: S7M3 / S0M0 = %.2f in [1.2, 1.9]', $k, $r));
}
for my $pair ([qw(S0M0 S0M3)], [qw(S7M0 S7M3)]) {
	my ($x, $y) = @$pair;
	for my $k (sort keys %{ $emu{$y} }) {
		my $r = $emu{$x}{$k} / $emu{$y}{$k};
		ok(within($r, 0.9, 1.1), sprintf('%s: %s / %s = %.3f (memory clock only: within 10%%)', $k, $x, $y, $r));
	}
}
done_testing();
