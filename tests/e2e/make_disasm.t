#!/usr/bin/perl
# make_disasm.t — `make disasm KERNEL=...` builds the one code object it
# shows (issue 30: it used to build every suite and test kernel first).
# `make -n` into an empty build directory lists what it would make: one
# code object, for the ARCH asked; an unknown kernel lists the names.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
# A make of its own, not a part of the one running the tests.
$ENV{$_} = '' for qw(MAKEFLAGS MFLAGS MAKELEVEL);
my $tmp = temp_dir('disasm');

for my $arch (qw(gfx900 gfx942)) {
	my ($out, $rc) = run_cmd('make', '-n', '--no-print-directory', '-C', $root, 'disasm',
	                         'KERNEL=copy_256_4_64_256', "ARCH=$arch", "BUILD=$tmp/b");
	is($rc, 0, "make -n disasm KERNEL=copy_256_4_64_256 ARCH=$arch") or diag($out);
	my %co = map { $_ => 1 } $out =~ m{(\Q$tmp\E/b/\S+?\.co)\b}g;
	is_deeply([sort keys %co], ["$tmp/b/$arch/copy_256_4_64_256.co"], "$arch: it builds that code object only")
		or diag(join("\n", sort keys %co));
}
my ($out, $rc) = run_cmd('make', '-s', '--no-print-directory', '-C', $root, 'disasm', 'KERNEL=no_such_kernel',
                         'ARCH=gfx942');
isnt($rc, 0, 'an unknown kernel fails');
like($out, qr/^copy_256_4_64_256$/m, 'and the usage lists the kernels there are, built or not');
done_testing();
