#!/usr/bin/perl
# published.t — the published figures the tree is held against are in the
# tree, and every citation of a seed document resolves inside it
# (notes/seeds.md):
#   - asm/copy/study_vega64.csv (what the copy suite and tools/copy_study_fit.py
#     read) holds exactly the 704 bandwidths of the study's own log,
#     results/published/004_copy_log.txt, kernel by kernel and clock state by
#     clock state, with the clocks of the log's header;
#   - results/published/002_lds_stride_sweep.csv has the 19 strides of the
#     sweep of 002_6bc4fcfb1ec6bd4f.txt;
#   - every seed document named in the tree (NNN_<16 hex digits>.txt) is one
#     notes/seeds.md lists, and no file points into the seeds' folder outside
#     the repository (shared/seeds/...).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();

# ---- the copy study: log and CSV ----------------------------------------------------

my $log = slurp("$root/results/published/004_copy_log.txt") // BAIL_OUT('no results/published/004_copy_log.txt');
my %mhz;
$mhz{S} = [split /, /, $1] if $log =~ /^# Shader clock mode S0\.\.S7 = ([\d, ]+) MHz/m;
$mhz{M} = [split /, /, $1] if $log =~ /^# memory clock mode M0\.\.M3 = ([\d, ]+) MHz/m;
ok(@{ $mhz{S} // [] } == 8 && @{ $mhz{M} // [] } == 4, "the log's header gives 8 shader and 4 memory clocks");

my (%logged, $state);
for (split /\n/, $log) {
	$state = "S$1M$2" if /^Shader Clock Mode: (\d) Memory Clock Mode: (\d)/;
	next unless defined $state && /^foo_(\d+_\d+_\d+_\d+)_(asm|hip)\s+\d+\s+\d+\s+\d+\s+([\d.]+)$/;
	$logged{ "copy_$1" . ($2 eq 'hip' ? '_hip' : '') }{$state} = $3;
}
my $n = 0;
$n += keys %{ $logged{$_} } for keys %logged;
is($n, 704, 'the log has 22 kernels x 32 clock states');

my $csv = read_csv("$root/asm/copy/study_vega64.csv") // BAIL_OUT('no asm/copy/study_vega64.csv');
is(scalar @{ $csv->{rows} }, 704, 'study_vega64.csv has 704 rows');
my @bad;
for my $r (@{ $csv->{rows} }) {
	my ($s, $m) = $r->{state} =~ /^S(\d)M(\d)$/ or do { push @bad, "state '$r->{state}'"; next };
	my $want = $logged{ $r->{kernel} }{ $r->{state} };
	push @bad, "$r->{kernel} $r->{state}: $r->{gbps} GB/s, the log " . ($want // 'none')
		unless defined $want && $want eq $r->{gbps};
	push @bad, "$r->{kernel} $r->{state}: clocks $r->{sclk_mhz}/$r->{mclk_mhz} MHz"
		unless ($mhz{S}[$s] // -1) == $r->{sclk_mhz} && ($mhz{M}[$m] // -1) == $r->{mclk_mhz};
	my $impl = $r->{kernel} =~ /_hip$/ ? 'hip' : 'asm';
	(my $study = $r->{kernel}) =~ s/^copy_(\d+_\d+_\d+_\d+).*/foo_${1}_$impl/;
	push @bad, "$r->{kernel}: study name $r->{study_kernel}, impl $r->{impl}"
		unless $r->{study_kernel} eq $study && $r->{impl} eq $impl;
}
ok(!@bad, 'every row of study_vega64.csv is the log\'s figure, clocks and names') or diag(join("\n", @bad[0 .. ($#bad < 9 ? $#bad : 9)]));

# ---- the LDS stride sweep ------------------------------------------------------------

my $sweep = read_csv("$root/results/published/002_lds_stride_sweep.csv");
my @strides = map { $_->{stride_dwords} } @{ $sweep ? $sweep->{rows} : [] };
is("@strides", '0 1 2 3 4 5 8 9 16 17 32 33 64 65 128 129 256 512 1024', 'the sweep has the 19 strides');

# ---- citations resolve in the tree -----------------------------------------------------

my $notes = slurp("$root/notes/seeds.md") // BAIL_OUT('no notes/seeds.md');
my %listed = map { $_ => 1 } $notes =~ /^\| `(\d{3}_[0-9a-f]{16}\.txt)` \|/mg;
is(scalar keys %listed, 5, 'notes/seeds.md lists the five seed documents');

my ($files) = run_cmd({ stderr => 'null' }, 'git', '-C', $root, 'ls-files', '--cached', '--others', '--exclude-standard');
SKIP: {
	skip 'not a git checkout', 2 unless $files =~ /\S/;
	my (@unknown, @outside);
	for my $f (split /\n/, $files) {
		next if $f =~ m{^results/published/|\.(png|bin|co)$} || $f eq 'tests/e2e/published.t';
		my $text = slurp("$root/$f") // next;
		push @unknown, "$f: $_" for grep { !$listed{$_} } $text =~ /\b(\d{3}_[0-9a-f]{16}\.txt)\b/g;
		push @outside, "$f: $_" for grep { m{shared/seeds|/work/shared} } split /\n/, $text;
	}
	ok(!@unknown, 'every seed document the tree names is in notes/seeds.md') or diag(join("\n", @unknown));
	ok(!@outside, 'no file points at the seeds outside the repository') or diag(join("\n", @outside));
}

done_testing();
