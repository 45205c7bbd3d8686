#!/usr/bin/perl
# cli.t — the `gcnlab` command itself on the emulated GPU: info names the
# backend and the arch asked for, list shows the copy suite's kernels (and
# their code objects with --arch), help works, and bad commands, options and
# suite names end with a clear message and exit status 2.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();

for my $arch (@ARCHS) {
	my ($out, $rc) = run_cmd($gcnlab, 'info', '--backend', 'emu', '--arch', $arch);
	ok($rc == 0 && $out =~ /^backend:\s+emu/m && $out =~ /^ISA:.*\b$arch\b/m &&
	   $out =~ /^compute units:\s+[1-9]/m && $out =~ /^wave size:\s+64$/m,
	   "info --backend emu --arch $arch: backend, ISA, compute units, wave size")
		or diag("exit $rc\n$out");
}

{
	my ($out, $rc) = run_cmd($gcnlab, 'list');
	my @k = ('copy_256_2_128_256', 'copy_64_8_8_1024', 'copy_hip_1024');
	ok($rc == 0 && $out =~ /^copy:/m && !grep({ $out !~ /\b$_\b/ } @k), 'list shows the copy suite and its kernels')
		or diag("exit $rc\n$out");
	($out, $rc) = run_cmd($gcnlab, 'list', '--arch', 'gfx90a');
	ok($rc == 0 && $out =~ m{gfx90a/copy_256_2_128_256\.co} && $out =~ m{gfx90a/copy_hip\.co},
	   'list --arch gfx90a shows where the code objects are') or diag("exit $rc\n$out");
}

{
	my ($out, $rc) = run_cmd($gcnlab, '--help');
	ok($rc == 0 && $out =~ /\bexec\b/ && $out =~ /\brun\b/, '--help lists the commands') or diag($out);
	($out, $rc) = run_cmd($gcnlab, 'exec', '--help');
	ok($rc == 0 && $out =~ /buf:SIZE/ && $out =~ /--grid/, 'exec --help describes ARGs and options') or diag($out);
}

for my $bad ([['frobnicate'], qr/unknown command 'frobnicate'/],
             [['run', 'nosuchsuite', '--backend', 'emu'], qr/unknown suite 'nosuchsuite'/],
             [['run'], qr/suite/],
             [['info', '--backend', 'quantum'], qr/quantum/],
             [['info', '--arch', 'pentium'], qr/pentium/],
             [['run', 'copy', '--reps', '0'], qr/--reps/],
             [['info', '--no-such-option'], qr/--no-such-option/]) {
	my ($args, $pat) = @$bad;
	my ($out, $rc) = run_cmd($gcnlab, @$args);
	ok($rc == 2 && $out =~ $pat && $out !~ /Segmentation|AddressSanitizer/, "gcnlab @$args: exit 2, clear message")
		or diag("exit $rc\n$out");
}

done_testing();
