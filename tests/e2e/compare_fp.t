#!/usr/bin/perl
# compare_fp.t — a hand-written float kernel against its HIP twin
# (asm/examples/saxpy.s, saxpy_hip.hip; random inputs with denormals, NaNs,
# infinities). With gcn_kernel_end's default FP mode (clang's) the outputs
# are byte-identical; saxpy_ftz (f32 denormals flushed) differs, and the
# report names the kernel, the first differing element, both values and the
# ULP distance; --ulp N compares as f32 within N ULP. The report's kernel
# descriptor table shows the .amdhsa_float_denorm_mode_32 that differs.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();

my $tmp = temp_dir('cmpfp');
my @launch = qw(--grid 4096 --block 256 f32:2.5 buf:16K:rand:1 buf:16K:rand:2 u32:4096);
my @common = ('--ref', 'saxpy_hip', '--backend', 'emu', '--reps', 1, '--warmup', 0, '--out', $tmp);

for my $arch (qw(gfx900 gfx942)) {
	my ($out, $rc) = run_cmd($gcnlab, 'compare', 'saxpy', '--arch', $arch, @common, @launch);
	is($rc, 0, "$arch: saxpy equals saxpy_hip") or diag($out);
	like($out, qr/== outputs: identical/, "$arch: saxpy: outputs identical");
	like($out, qr/^\.amdhsa_float_denorm_mode_32\s+3\s+3\s*$/m, "$arch: descriptor table: denorm_mode_32 3 on both");

	($out, $rc) = run_cmd($gcnlab, 'compare', 'saxpy', '--arch', $arch, @common, '--ulp', 0, @launch);
	like($out, qr/== outputs: equal within 0 ULP: all 2 buffer arguments as f32 arrays; largest distance 0 ULP/,
	     "$arch: --ulp 0 on identical outputs");

	($out, $rc) = run_cmd($gcnlab, 'compare', 'saxpy_ftz', '--arch', $arch, @common, @launch);
	is($rc, 1, "$arch: saxpy_ftz differs (exit 1)");
	like($out, qr/^\.amdhsa_float_denorm_mode_32\s+0\s+3\s+differs$/m, "$arch: descriptor table marks the FP mode");
	($out, $rc) = run_cmd($gcnlab, 'compare', 'saxpy_ftz', '--arch', $arch, @common, '--ulp', 3, @launch);
	like($out, qr/DIFFER beyond 3 ULP: argument 3 \(buf:16K:rand:2\) first at f32 element (\d+): \S+ \(0x[0-9a-f]{8}\) after saxpy_ftz, \S+ \(0x[0-9a-f]{8}\) after saxpy_hip: (\d+) ULP apart/,
	     "$arch: --ulp 3: which kernel, where, both values, the distance");
}

done_testing();
