#!/usr/bin/perl
# run_parallel.t — `gcnlab run A B ... --jobs N` runs its suites side by
# side, one process and one fresh emulated GPU each (issue 32 part 2), and
# looks like the serial run: each suite's output whole and in the order
# named (here copy, the slower, first), the same CSV bytes, the same exit
# status when a suite fails (exit 1, the others' output and results kept)
# and for bad input (exit 2, nothing run); ROCr over the emulated thunk
# stays serial and says so.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
BAIL_OUT("no suite kernels in $build/gfx942 (make kernels-all)") unless -f "$build/gfx942/copy_hip.co";

my $tmp = temp_dir('runpar');
my @suites = ('copy', 'lds_counters', 'lds_banks');
my @common = ('--arch', 'gfx942', '--backend', 'emu', '--reps', 3, '--warmup', 1);

# stdout and stderr apart: ($stdout, $stderr, exit code).
sub run3 {
	my ($env, @args) = @_;
	return run_split($tmp, $env, $gcnlab, @args);
}

my ($sout, $serr, $src) = run3({}, 'run', @suites, @common, '--out', "$tmp/s", '--jobs', 1);
is($src, 0, 'serial run: exit 0') or diag($serr);
my ($pout, $perr, $prc) = run3({}, 'run', @suites, @common, '--out', "$tmp/p", '--jobs', 3);
is($prc, 0, 'side by side: exit 0') or diag($perr);

is($pout, $sout, 'stdout is the serial run\'s, byte for byte (tables whole, in suite order)');
(my $perr_n = $perr) =~ s{\Q$tmp\E/p}{OUT}g;
(my $serr_n = $serr) =~ s{\Q$tmp\E/s}{OUT}g;
is($perr_n, $serr_n, 'stderr is the serial run\'s (but for the --out folder)');
my @order = map { /^(\w+): wrote/ ? $1 : () } split /\n/, $perr;
my @runs;
for (@order) { push @runs, $_ unless @runs && $runs[-1] eq $_ }
is_deeply(\@runs, \@suites, 'each suite\'s messages together, in the order named');

my @csv = map { m{([^/]+\.csv)$} } glob("$tmp/s/gfx942-emu/*.csv");
cmp_ok(scalar @csv, '>=', 3, 'the serial run wrote its CSVs');
my @differ = grep { (slurp("$tmp/s/gfx942-emu/$_") // 'a') ne (slurp("$tmp/p/gfx942-emu/$_") // 'b') } @csv;
is_deeply(\@differ, [], 'every CSV byte-identical to the serial run\'s');
ok(!-e "$tmp/p/gfx942-emu/.set-pending", 'no set left open');

# A kernel failure in the first suite: its code object missing from a build folder.
my $kdir = "$tmp/build/gfx942";
system('mkdir', '-p', $kdir) == 0 or die;
for my $f (glob("$build/gfx942/*")) {
	my ($name) = $f =~ m{([^/]+)$};
	symlink($f, "$kdir/$name") or die "symlink $f: $!";
}
unlink "$kdir/copy_256_16_16_256.co" or die;
my ($fout, $ferr, $frc) = run3({ GCNLAB_BUILD_DIR => "$tmp/build" }, 'run', @suites, @common, '--out', "$tmp/f",
                               '--jobs', 3);
is($frc, 1, 'a suite with a failed kernel: exit 1');
like($ferr, qr/suite copy: some kernels failed/, 'the failing suite says so');
ok(!-e "$tmp/f/gfx942-emu/copy.csv", '... and writes no results');
for my $f (grep { !/^copy/ } @csv) {
	ok((slurp("$tmp/f/gfx942-emu/$f") // 'x') eq (slurp("$tmp/s/gfx942-emu/$f") // 'y'),
	   "the suites after it keep their results: $f");
}
like($fout, qr/^copy:.*^lds_counters:.*^lds_banks:/ms, 'and every suite\'s table is printed, in order');

# Bad input: exit 2 before any suite runs.
my ($bout, $berr, $brc) = run3({}, 'run', @suites, @common, '--out', "$tmp/b", '--jobs', 3,
                               '--param', 'lds_banks.direct_iters=65');
is($brc, 2, 'a bad --param of the last suite: exit 2');
like($berr, qr/direct_iters/, '... naming it');
ok(!glob("$tmp/b/gfx942-emu/*.csv"), '... and nothing ran');

# ROCr (here over the emulated thunk) runs its suites one after another.
my @rocr = ('run', 'lds_counters', 'lds_counters', '--arch', 'gfx90a', '--backend', 'rocr-emu', '--out', "$tmp/r");
my ($r1out, $r1err, $r1rc) = run3({}, @rocr, '--jobs', 1);
my ($rout, $rerr, $rrc) = run3({}, @rocr, '--jobs', 2);
like($rerr, qr/--jobs 2: the rocr-emu backend runs suites one after another/, 'rocr-emu with --jobs 2: serially, '
     . 'and says so');
ok($rrc == $r1rc && $rout eq $r1out, '... with the serial run\'s exit status and tables') or diag($rerr);

done_testing();
