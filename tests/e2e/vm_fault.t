#!/usr/bin/perl
# vm_fault.t — a GPU memory fault ends `gcnlab run` as it does on ROCr,
# where KFD evicts the process's queues for good (issue 19 item 2): the
# suites already done keep their results, the faulting kernel is named, the
# rest of the faulting suite is not dispatched (no waiting out --timeout),
# the remaining suites are reported as not run, exit 1. The emulator's side
# (no queue callback, every queue evicted) is in tests/unit/emu/hsa/test_emu_api.c.
#
# The fault: a build folder whose copy_256_16_16_256.co (the copy suite's first kernel) is a kernel of that
# name and signature that loads from an unmapped address.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;
use Time::HiRes qw(time);

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
BAIL_OUT("no suite kernels in $build/gfx942 (make kernels-all)") unless -f "$build/gfx942/copy_hip.co";

my $tmp = temp_dir('vmfault');
my $kdir = "$tmp/build/gfx942";
system('mkdir', '-p', $kdir) == 0 or die;
for my $f (glob("$build/gfx942/*")) {
	my ($name) = $f =~ m{([^/]+)$};
	symlink($f, "$kdir/$name") or die "symlink $f: $!";
}
my $k = 'copy_256_16_16_256';   # the copy suite's first kernel
unlink "$kdir/$k.co";
my ($co, $err) = assemble("$root/tests/asm/fault_wild_load.s", 'gfx942', "$tmp/wild.co", { defsym => ['AS_COPY=1'] });
BAIL_OUT($err) unless $co;
rename($co, "$kdir/$k.co") or die "rename $co: $!";

my $out = "$tmp/out";
my $t0 = time;
my $text = `GCNLAB_BUILD_DIR=$tmp/build $gcnlab run lds_counters copy icache --arch gfx942 --backend emu --out $out --reps 1 --warmup 0 --timeout 5 2>&1`;
my $rc = $? >> 8;
my $secs = time - $t0;

is($rc, 1, 'a memory fault: exit 1') or diag($text);
like($text, qr/kernel \Q$k\E faulted: memory fault at 0xdead00000040/, 'the faulting kernel and address are named');
like($text, qr/memory fault in kernel \Q$k\E \(suite copy\) ended the run; not run: icache\n/,
     'the run ends and names the suites not run');
like($text, qr/copy_256_8_32_256 not run: the GPU memory fault in kernel \Q$k\E/,
     'later kernels of the suite are not dispatched');
unlike($text, qr/did not complete within/, 'nothing waits out --timeout');
ok(-s "$out/gfx942-emu/lds_counters.csv", 'the suite done before keeps its results');
ok(!-e "$out/gfx942-emu/icache.csv", 'the suite after it did not run');
cmp_ok($secs, '<', 30, sprintf('... in %.1f s', $secs));
my $reports = () = $text =~ /0xdead00000040/g;
cmp_ok($reports, '<=', 2, 'the emulator report is not printed twice over') or diag($text);

done_testing();
