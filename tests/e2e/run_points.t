#!/usr/bin/perl
# run_points.t — a suite's sweep points side by side (issue 32 part 2):
# `gcnlab run bandwidth --jobs 2` runs its groups of points in processes of
# their own, each on a fresh emulated GPU, and prints and writes what
# --jobs 1 does (there the groups run one after another, each on a fresh
# GPU too): the same stdout, stderr and CSV bytes; a point that fails (its
# kernel not built, or a GPU memory fault in it) fails its rows only, with
# the same messages and exit status either way, and the other rows keep
# their figures. gemm likewise (one group per point).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
BAIL_OUT("no suite kernels in $build/gfx900 (make kernels-all)") unless -f "$build/gfx900/bw_read.co";

my $tmp = temp_dir('runpts');
# Small: a 64M footprint past gfx900's 4 MiB L2 (no warm-up: it runs in the
# group of the point before it), 4 MiB stream arrays.
my @bw = ('run', 'bandwidth', '--arch', 'gfx900', '--backend', 'emu',
          '--param', 'bandwidth.footprints=16K:1M:64M,bandwidth.stream_bytes=4M,bandwidth.occupancy=1:2');

sub run3 {
	my ($env, @args) = @_;
	return run_split($tmp, $env, $gcnlab, @args);
}

# Serial and side by side: (stdout, stderr without the --out folder, exit).
sub both {
	my ($name, $env, $arch, @args) = @_;
	my @r;
	for my $j (1, 2) {
		my ($o, $e, $rc) = run3($env, @args, '--out', "$tmp/$name$j", '--jobs', $j);
		$e =~ s{\Q$tmp/$name$j\E}{OUT}g;
		push @r, [ $o, $e, $rc ];
	}
	is($r[1][2], $r[0][2], "$name: --jobs 2 exits as --jobs 1 ($r[0][2])") or diag($r[1][1]);
	is($r[1][0], $r[0][0], "$name: the same stdout");
	is($r[1][1], $r[0][1], "$name: the same stderr");
	my @csv = map { m{([^/]+\.csv)$} } glob("$tmp/${name}1/$arch-emu/*.csv");
	my @differ = grep { (slurp("$tmp/${name}1/$arch-emu/$_") // 'a') ne (slurp("$tmp/${name}2/$arch-emu/$_") // 'b') } @csv;
	is_deeply(\@differ, [], "$name: every CSV byte-identical (" . scalar(@csv) . ')');
	return ($r[0][0], $r[0][1], $r[0][2], scalar @csv);
}

my ($out, $err, $rc, $ncsv) = both('bw', {}, 'gfx900', @bw);
is($rc, 0, 'bandwidth: exit 0') or diag($err);
is($ncsv, 2, 'bandwidth: both CSVs written');
my @steps = $err =~ /^bandwidth: (read \w+ \d+K|bw_\w+ at \d+ waves per CU)$/mg;
is(scalar @steps, 16, 'each point\'s step line once, in order') or diag($err);

# A point whose kernel is not built, and one that faults: bw_mul.
my $kdir = "$tmp/build/gfx900";
system('mkdir', '-p', $kdir) == 0 or die;
for my $f (glob("$build/gfx900/*")) {
	my ($name) = $f =~ m{([^/]+)$};
	symlink($f, "$kdir/$name") or die "symlink $f: $!";
}
unlink "$kdir/bw_mul.co" or die;
($out, $err, $rc) = both('nomul', { GCNLAB_BUILD_DIR => "$tmp/build" }, 'gfx900', @bw);
is($rc, 1, 'bw_mul not built: exit 1');
like($err, qr/bw_mul: bandwidth: kernel bw_mul is not built/, '... naming it');
like($out, qr/^mul .*failed$/m, '... its rows failed');
like($out, qr/^triad .*\d+\.\d+ .*yes$/m, '... and the points after it kept their figures');
ok(!-e "$tmp/nomul1/gfx900-emu/bandwidth.csv", '... no results written, as for any failed suite');

my ($co, $aerr) = assemble("$root/tests/asm/fault_wild_load.s", 'gfx900', "$tmp/wild.co", { defsym => ['AS_BW_MUL=1'] });
BAIL_OUT($aerr) unless $co;
rename($co, "$kdir/bw_mul.co") or die "rename $co: $!";
($out, $err, $rc) = both('fault', { GCNLAB_BUILD_DIR => "$tmp/build" }, 'gfx900', @bw, '--timeout', 5);
is($rc, 1, 'a GPU memory fault in bw_mul: exit 1');
like($err, qr/memory fault in kernel bw_mul \(suite bandwidth\) ended the run/, '... the run ends on it, naming it');
like($out, qr/^add .*\d+\.\d+ .*yes$/m, '... the other points, each on its own GPU, kept their figures');

# gemm: one group per point.
my @gemm = ('run', 'gemm', '--arch', 'gfx90a', '--backend', 'emu', '--param', 'gemm.k1=96,gemm.k_gpu=96,gemm.wgs=4');
($out, $err, $rc, $ncsv) = both('gemm', {}, 'gfx90a', @gemm);
is($rc, 0, 'gemm: exit 0') or diag($err);
is($ncsv, 1, 'gemm: its CSV written');

done_testing();
