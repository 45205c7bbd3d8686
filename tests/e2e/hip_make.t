#!/usr/bin/perl
# hip_make.t — `make hip SRC=...` (mk/hip.mk) and the everyday device
# functions of asm/hip/include/gcnlab_hip.h: tests/hipmake/everyday.hip
# starts with `#include <hip/hip_runtime.h>` and uses expf, logf, sqrtf,
# sinf, cosf, powf, tanhf, fmaf, fmaxf/fminf, __syncthreads, __shfl_xor,
# __shfl_down (width 16), __shfl_up, __ballot, __popcll, atomicAdd (int
# and float) and atomicMax. For each arch it is built with `make hip`, run
# with `gcnlab exec --backend emu` on known inputs, and every output is
# checked against Perl's own math (relative error 4e-6 for the math
# family; exact for the lane and atomic results).
use strict;
use warnings;
use Test::More;
use POSIX qw(floor);
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
# A make of its own, not a part of the one running the tests.
$ENV{$_} = '' for qw(MAKEFLAGS MFLAGS MAKELEVEL);
my $gcnlab = need_gcnlab();
my $tmp = temp_dir('hipmake');
my $n = 512;
my @x = map { 0.25 + 0.01 * $_ } 0 .. $n - 1;
{
	open my $fh, '>:raw', "$tmp/x.bin" or die "$tmp/x.bin: $!";
	print $fh pack('f<*', @x);
}
# The inputs as the GPU sees them (f32).
@x = unpack('f<*', pack('f<*', @x));

sub slurp_raw {
	my ($p) = @_;
	open my $fh, '<:raw', $p or return '';
	local $/;
	return <$fh>;
}

sub tanh_ { my $e = exp(2 * $_[0]); return ($e - 1) / ($e + 1) }
sub near { my ($got, $want, $tol) = @_; return abs($got - $want) <= $tol * (abs($want) > 1 ? abs($want) : 1) }

my @names = qw(expf logf sqrtf sinf cosf powf tanhf fmaf fmax-fmin shfl_xor);
for my $arch (@ARCHS) {
	my $co = "$tmp/everyday-$arch.co";
	my ($mk, $mrc) = run_cmd('make', '-s', '--no-print-directory', '-C', $root, 'hip',
	                         'SRC=tests/hipmake/everyday.hip', "ARCH=$arch", "HIP_OUT=$co");
	is($mrc, 0, "make hip SRC=tests/hipmake/everyday.hip ARCH=$arch") or diag($mk);
	like($mk, qr/^hip: \Q$co\E \($arch\), kernels: everyday$/m, "$arch: make hip names the kernel")
		or diag($mk);
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'everyday', '--grid', $n, '--block', 256, '--backend', 'emu',
	                         "buf:2K:file:$tmp/x.bin", "out:20K:$tmp/f-$arch.bin", "out:8K:$tmp/l-$arch.bin",
	                         "out:4:$tmp/c-$arch.bin", "out:4:$tmp/s-$arch.bin", "out:4:$tmp/t-$arch.bin");
	is($rc, 0, "$arch: gcnlab exec runs it") or diag($out);
	my @f = unpack('f<*', slurp_raw("$tmp/f-$arch.bin"));
	my @l = unpack('l<*', slurp_raw("$tmp/l-$arch.bin"));
	my @bad;
	for my $i (0 .. $n - 1) {
		my ($v, $nb) = ($x[$i], $x[floor($i / 256) * 256 + ($i + 1) % 256]);
		my @want = (exp($v), log($v), sqrt($v), sin($v), cos($v), $v**1.5, tanh_($v - 2), $v * $nb + 1,
		            abs($v - $nb), $x[$i ^ 1]);
		for my $k (0 .. 9) {
			my $got = $f[10 * $i + $k] // 'none';
			push @bad, "$names[$k]($v) lane $i: got $got, want $want[$k]"
				unless $got ne 'none' && near($got, $want[$k], 4e-6);
		}
		my $w = $i & 63;
		my @lw = ($i ^ 5, ($w & 15) + 3 >= 16 ? $i : $i + 3, $w < 2 ? $i : $i - 2,
		          scalar grep { $_ % 3 == 0 } ($i - $w) .. ($i - $w + 63));
		for my $k (0 .. 3) {
			my $got = $l[4 * $i + $k] // 'none';
			push @bad, "lane result $k of work-item $i: got $got, want $lw[$k]" unless $got eq $lw[$k];
		}
	}
	ok(!@bad, "$arch: math, shuffles and ballot match the host for all $n work-items")
		or diag(join("\n", @bad[0 .. ($#bad < 9 ? $#bad : 9)]));
	is(unpack('L<', slurp_raw("$tmp/c-$arch.bin")), $n, "$arch: atomicAdd(int) counted every work-item");
	is(unpack('f<', slurp_raw("$tmp/s-$arch.bin")), $n, "$arch: atomicAdd(float) summed every 1.0");
	is(unpack('L<', slurp_raw("$tmp/t-$arch.bin")), $n - 1, "$arch: atomicMax kept the largest id");
}

my ($u, $urc) = run_cmd('make', '-s', '--no-print-directory', '-C', $root, 'hip');
isnt($urc, 0, 'make hip without SRC fails');
like($u, qr/usage: make hip SRC=<file\.hip>/, 'and prints its usage');
($u, $urc) = run_cmd('make', '-s', '--no-print-directory', '-C', $root, 'hip', 'SRC=no/such.hip');
like($u, qr/make hip: SRC=no\/such\.hip: no such file/, 'a missing SRC is named');

done_testing();
