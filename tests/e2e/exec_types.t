#!/usr/bin/perl
# exec_types.t — gcnlab exec passes every by-value argument kind a HIP kernel
# can take: tests/hip/byvalue.hip (clang-compiled, built by `make test-hip`)
# takes bool, signed char, short, _Float16, a bfloat16's bits and a 16-byte
# struct before its pointers. For every arch the kernel runs on the emulator
# and what it read back is checked word by word; then a wrong-sized value must
# be refused with a message naming the argument, its metadata kind and size.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my @archs = @ARCHS;


my $tmp = temp_dir('types');
my $n = 64;
open(my $xf, '>:raw', "$tmp/x.bin") or die;
print $xf pack('f<*', map { $_ } 0 .. $n - 1);
close $xf;

# struct bv_params { float scale = 2.0; u8 tag = 42; pad[3]; double offset = 0.5; }
my $struct = 'bytes:00000040_2a000000_000000000000e03f';
my @vals = ('bool:true', 'i8:-3', 'i16:-300', 'f16:0.5', 'bf16:1.5', $struct);
# What work-item 0 writes: flag, c, s, bits of (float)h, bf16 bits, bits of
# scale, tag, bits of (float)offset.
my @want_o = (1, 0xfffffffd, 0xfffffed4, 0x3f000000, 0x3fc0, 0x40000000, 42, 0x3f000000);

for my $arch (@archs) {
	my $co = "$build/tests/hip/$arch/byvalue.co";
	if (!-f $co) {
		fail("byvalue on $arch");
		diag("$co is missing (make test-hip)");
		next;
	}
	my @cmd = ($gcnlab, 'exec', $co, 'byvalue', '--grid', $n, '--block', $n, '--backend', 'emu',
	           @vals, "buf:" . 4 * $n . ":file:$tmp/x.bin", "out:" . 4 * $n . ":$tmp/y-$arch.bin",
	           "out:32:$tmp/o-$arch.bin", "u32:$n");
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "byvalue on $arch: exec succeeds") or diag("@cmd\n$out");
	my @o = unpack('V*', (slurp("$tmp/o-$arch.bin") // ''));
	is_deeply(\@o, \@want_o, "byvalue on $arch: bool, i8, i16, f16, bf16 and the struct arrive")
		or diag(join(' ', map { sprintf '0x%x', $_ } @o));
	my @y = unpack('f<*', (slurp("$tmp/y-$arch.bin") // ''));
	is_deeply(\@y, [map { $_ * 2 + 0.5 } 0 .. $n - 1], "byvalue on $arch: y = x * scale + h");
}

# A struct of the wrong size, and a u32 where the bool goes.
my $co = "$build/tests/hip/gfx942/byvalue.co";
my @rest = ("buf:256", "buf:256", "buf:32", "u32:1");
my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'byvalue', '--grid', 64, '--block', 64, '--backend', 'emu',
                     @vals[0 .. 4], 'bytes:0000004000000000', @rest);
is($rc, 2, 'struct of the wrong size: exit 2');
like($out, qr/argument 6 \(by_value, 16 bytes\): 'bytes:0000004000000000' is 8 bytes; pass bytes:HEX with 16 bytes/,
     'struct of the wrong size: the message names the argument, its kind and size');
($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'byvalue', '--grid', 64, '--block', 64, '--backend', 'emu',
                  'u32:1', @vals[1 .. 5], @rest);
is($rc, 2, 'u32 for a bool: exit 2');
like($out, qr/argument 1 \(by_value, 1 bytes\): 'u32:1' is 4 bytes; pass u8:, i8: or bool: with 1 bytes/,
     'u32 for a bool: the message says what to pass');

done_testing();
