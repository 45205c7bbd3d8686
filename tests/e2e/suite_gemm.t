#!/usr/bin/perl
# suite_gemm.t — the gemm suite on the emulated gfx942 and gfx90a at a small
# size (one work-group with K = 128, four with K = 96), judged from its own
# results (gemm.csv):
#   - every kernel (gemm_stage, gemm_dma, gemm_dma_vmwait, gemm_hip) at both
#     sizes validated against the host reference;
#   - the columns: cycles per K-step measured, the design figure (64 MFMAs x
#     32 cycles on gfx942, x 64 on gfx90a), their ratio, MFMA utilisation as
#     a percentage, TFLOP/s (dispatch and loop) below the peak, and stall
#     causes named as the trace names them;
#   - 002_6bc4fcfb1ec6bd4f.txt: the s_waitcnt vmcnt(0) after every LDS-DMA load costs at
#     least 1.5x the cycles per K-step of the same kernel without them;
#   - gfx900 has no MFMA: the suite says so and succeeds.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('gemm');
my @kernels = qw(gemm_stage gemm_dma gemm_dma_vmwait gemm_hip);
my %design = (gfx942 => 2048, gfx90a => 4096);
my $causes = qr/^(vmcnt|lgkmcnt|expcnt|lds-bank|vmem-queue|barrier|icache|mfma-pipe) \d+%$/;

for my $arch (qw(gfx942 gfx90a)) {
	my @cmd = ($gcnlab, 'run', 'gemm', '--arch', $arch, '--backend', 'emu', '--out', "$tmp/r",
	           '--param', 'k1=128,k_gpu=96,wgs=4');
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "$arch: gcnlab run gemm exits 0") or diag("@cmd\n$out");
	my $s = read_csv("$tmp/r/$arch-emu/gemm.csv");
	ok($s, "$arch: gemm.csv written") or next;
	is(scalar(@{ $s->{rows} }), 8, "$arch: 4 kernels x 2 sizes");
	my %step;
	for my $r (@{ $s->{rows} }) {
		my $what = "$arch $r->{kernel} $r->{run}";
		is($r->{validated}, 'yes', "$what: validated");
		my $cyc = $r->{kstep_cycles};
		ok(within($cyc, 1000, 100000), "$what: cycles per K-step measured ($cyc)");
		is($r->{design_kstep_cycles}, $design{$arch}, "$what: design $design{$arch}");
		ok(within($r->{measured_vs_design_ratio}, $cyc / $design{$arch} - 0.01, $cyc / $design{$arch} + 0.01),
		   "$what: ratio = measured / design");
		ok($r->{mfma_util_pct} =~ /^(\d+)$/ && $1 > 0 && $1 <= 100, "$what: MFMA utilisation $r->{mfma_util_pct}%");
		my ($tf, $tl, $peak) = map { $r->{$_} } qw(dispatch_tflops loop_tflops peak_tflops);
		ok(within($tf, 0.001, $peak) && within($tl, $tf, $peak * 1.01), "$what: TFLOP/s $tf (dispatch) <= $tl (loop) <= peak $peak");
		my @st = split /, /, $r->{top_stalls};
		ok(@st >= 1 && !grep({ !/$causes/ } @st), "$what: stall causes '@st'");
		$step{ $r->{kernel} }{ $r->{run} } = $cyc;
	}
	is(join(' ', sort keys %step), join(' ', sort @kernels), "$arch: the four kernels");
	for my $run ('1 WG', '4 WGs') {
		my ($d, $w) = ($step{gemm_dma}{$run}, $step{gemm_dma_vmwait}{$run});
		ok(defined $d && defined $w && $w >= 1.5 * $d,
		   "$arch $run: clang's vmcnt(0) after every LDS-DMA load costs >= 1.5x per K-step (002_6bc4fcfb1ec6bd4f.txt)")
			or diag('gemm_dma ' . ($d // '-') . ', gemm_dma_vmwait ' . ($w // '-'));
	}
	ok(-s "$tmp/r/$arch-emu/gemm.md", "$arch: gemm.md written");
}

my ($out, $rc) = run_cmd($gcnlab, 'run', 'gemm', '--arch', 'gfx900', '--backend', 'emu', '--out', "$tmp/r");
is($rc, 0, 'gfx900: the suite succeeds without running anything');
like($out, qr/skipped on gfx900: it has no MFMA/, 'gfx900: it says why');

done_testing();
