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
use File::Temp qw(tempdir);
use Test::More;

my $root = $ENV{GCNLAB_ROOT} // '.';
my $build = $ENV{GCNLAB_BUILD} // "$root/build";
my $gcnlab = $ENV{GCNLAB_BIN} // "$build/bin/gcnlab";
BAIL_OUT("$gcnlab is not built (make)") unless -x $gcnlab;
my $tmp = tempdir('gcnlab-copy-study-XXXXXX', TMPDIR => 1, CLEANUP => 1);

sub run {
	my @cmd = @_;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT);
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; exit 127 };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	return ($out, $? >> 8);
}

sub csv_fields {
	my ($line) = @_;
	my @f;
	while ($line =~ /\G(?:"((?:[^"]|"")*)"|([^,]*))(,|$)/g) {
		push @f, defined $1 ? $1 =~ s/""/"/gr : $2;
		last if $3 eq '';
	}
	return @f;
}

my @cmd = ($gcnlab, 'run', 'copy', '--arch', 'gfx900', '--backend', 'emu', '--clocks', 'sweep',
           '--param', 'copy.states=S0M0:S0M3:S7M0:S7M3', '--warmup', 1, '--out', "$tmp/r");
my ($out, $rc) = run(@cmd);
is($rc, 0, 'run copy on gfx900 at four corner states exits 0') or diag("@cmd\n$out");
open(my $fh, '<', "$tmp/r/gfx900-emu/copy.csv") or BAIL_OUT("no copy.csv\n$out");
my @lines = grep { /\S/ } <$fh>;
chomp @lines;
my @head = csv_fields(shift @lines);
my ($kc) = grep { $head[$_] eq 'kernel' } 0 .. $#head;
my ($cc) = grep { $head[$_] eq 'clocks' } 0 .. $#head;
my ($sc) = grep { $head[$_] eq 'study_bandwidth_gbs' } 0 .. $#head;
my ($vc) = grep { $head[$_] eq 'vega64_bandwidth_gbs' } 0 .. $#head;
my ($rc2) = grep { $head[$_] eq 'study_vs_vega64_ratio' } 0 .. $#head;
ok(defined $kc && defined $cc && defined $sc && defined $vc && defined $rc2,
   'copy.csv has kernel, clocks, study-method GB/s, RX Vega 64 GB/s and ratio columns')
	or BAIL_OUT("header: @head");

my (%emu, %vega, %ratio);
for (@lines) {
	my @f = csv_fields($_);
	my ($state) = $f[$cc] =~ /^(S\dM\d)/ or next;
	$emu{$state}{$f[$kc]} = $f[$sc];
	$vega{$state}{$f[$kc]} = $f[$vc];
	$ratio{$state}{$f[$kc]} = $f[$rc2];
}
is(scalar(keys %emu), 4, 'four clock states') or diag(join(' ', keys %emu));
is(scalar(keys %{ $emu{S7M3} // {} }), 22, '22 kernels per state');

my %asm256 = map { $_ => "copy_256_${_}_" . (256 / $_) . "_256" } 2, 4, 8, 16;
my %k1024 = map { $_ => "copy_64_${_}_" . (64 / $_) . "_1024" } 2, 4, 8;
my $between = sub { my ($v, $lo, $hi) = @_; defined $v && $v =~ /^[0-9.]+$/ && $v >= $lo && $v <= $hi };

for my $st (qw(S0M0 S7M3)) {
	my $e = $emu{$st};
	for my $u (4, 8, 16) {
		my ($a, $h) = ($e->{$asm256{$u}}, $e->{"$asm256{$u}_hip"});
		my $r = $h ? $a / $h : 0;
		ok($between->($r, 3.0, 4.5), sprintf("%s: asm / HIP at 256 work-items, unroll %d: %.2f in [3.0, 4.5]", $st, $u, $r));
	}
	for my $u (2, 4, 8) {
		my ($big, $small) = ($e->{"$k1024{$u}_hip"}, $e->{"$asm256{$u}_hip"});
		my $r = $small ? $big / $small : 0;
		ok($between->($r, 2.3, 3.8), sprintf("%s: HIP 1024 / HIP 256, unroll %d: %.2f in [2.3, 3.8]", $st, $u, $r));
	}
	my @flat = map { $e->{$asm256{$_}} } 4, 8, 16;
	my ($lo, $hi) = (sort { $a <=> $b } @flat)[0, -1];
	ok($hi <= 1.1 * $lo && $lo >= 0.9 * $hi, sprintf('%s: asm 256 unroll 4/8/16 within 10%% (%.2f .. %.2f)', $st, $lo, $hi));
	ok($e->{$asm256{2}} < $lo, sprintf('%s: asm 256 unroll 2 (%.2f) slower than unroll 4..16 (>= %.2f)', $st, $e->{$asm256{2}}, $lo));
	for my $k (sort keys %$e) {
		my ($m, $v) = ($e->{$k}, $vega{$st}{$k});
		my $q = $v ? $m / $v : 0;
		ok($between->($q, 0.7, 1.3), sprintf('%s: %s %.2f GB/s vs the study\'s %s: within 30%%', $st, $k, $m, $v // '-'));
		ok(abs($ratio{$st}{$k} - $q) < 0.011, "$st: $k: the ratio column is study-method / RX Vega 64");
	}
}
for my $k (sort grep { !/_hip$/ } keys %{ $emu{S7M3} }) {
	my $r = $emu{S7M3}{$k} / $emu{S0M0}{$k};
	ok($between->($r, 1.2, 1.9), sprintf('%s: S7M3 / S0M0 = %.2f in [1.2, 1.9]', $k, $r));
}
for my $pair ([qw(S0M0 S0M3)], [qw(S7M0 S7M3)]) {
	my ($x, $y) = @$pair;
	for my $k (sort keys %{ $emu{$y} }) {
		my $r = $emu{$x}{$k} / $emu{$y}{$k};
		ok($between->($r, 0.9, 1.1), sprintf('%s: %s / %s = %.3f (memory clock only: within 10%%)', $k, $x, $y, $r));
	}
}
done_testing();
