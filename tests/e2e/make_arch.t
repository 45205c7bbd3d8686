#!/usr/bin/perl
# make_arch.t — `make run` with no ARCH uses the GPU that is present (issue
# 19 item 4), read from a fake KFD topology (GCNLAB_KFD_TOPOLOGY): the
# gcnlab command make would run (make -n) gets that --arch, and make says
# why; with no GPU, or one gcnlab has no kernels for, the emulated gfx942.
# An ARCH or BACKEND=emu given on the command line wins.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $tmp = temp_dir('makearch');

# A topology: a CPU node, then GPU nodes with these gfx_target_versions.
sub topo {
	my ($name, @versions) = @_;
	my $d = "$tmp/$name";
	mkdir $d;
	my $i = 0;
	for my $v (0, @versions) {
		mkdir "$d/$i";
		open(my $fh, '>', "$d/$i/properties") or die;
		print $fh "cpu_cores_count 4\ngfx_target_version $v\nsimd_count 0\n";
		close $fh;
		$i++;
	}
	return $d;
}

sub dry_run {
	my ($topo, @vars) = @_;
	# The test may run under make test: no ARCH=... or jobserver from it.
	my $out = `cd $root && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u ARCH -u BACKEND GCNLAB_KFD_TOPOLOGY=$topo make -n --no-print-directory run-suites @vars 2>&1`;
	my ($cmd) = $out =~ /^(\S*gcnlab run .*)$/m;
	my ($say) = $out =~ /^echo "(make run: [^"]*)"$/m;
	return ($cmd // "no gcnlab run in:\n$out", $say // '');
}

my @cases = (
	[ 'MI300X (9.4.2)', [90402], 'gfx942', qr/the gfx942 GPU present/ ],
	[ 'MI250 (9.0.10)', [90010], 'gfx90a', qr/the gfx90a GPU present/ ],
	[ 'Vega 64 (9.0.0)', [90000], 'gfx900', qr/the gfx900 GPU present/ ],
	[ 'no GPU', [], 'gfx942', qr/no GPU present: the emulated gfx942/ ],
	[ 'an RX 7900 (11.0.0)', [110000], 'gfx942', qr/gfx1100, which gcnlab has no kernels for/ ],
);
for my $c (@cases) {
	my ($what, $versions, $arch, $why) = @$c;
	my ($cmd, $say) = dry_run(topo("t$arch" . scalar(@$versions) . ($versions->[0] // 0), @$versions));
	like($cmd, qr/ --arch \Q$arch\E --backend auto$/, "$what: make run uses --arch $arch");
	like($say, $why, '... and says why');
}
my $mi250 = topo('given', 90010);
my ($cmd, $say) = dry_run($mi250, 'ARCH=gfx900');
like($cmd, qr/--arch gfx900 /, 'ARCH given: it wins');
is($say, '', '... silently');
($cmd) = dry_run($mi250, 'BACKEND=emu');
like($cmd, qr/--arch gfx942 --backend emu$/, 'BACKEND=emu: the emulated gfx942');

done_testing();
