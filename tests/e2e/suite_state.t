#!/usr/bin/perl
# suite_state.t — a suite's figures do not depend on what ran before it in
# the same process (issue 19 item 11): on the emulator every suite starts
# from a fresh emulated GPU (caches, clocks, address layout). lds_counters
# alone and after copy must give the same rows (its first dispatch
# differed: 1.06 µs alone, 0.77 µs after other suites).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();

my $tmp = temp_dir('state');

# The data rows of a results CSV (the # lines carry the date).
sub rows {
	my ($path) = @_;
	open(my $fh, '<', $path) or return "missing $path";
	return join('', grep { !/^#/ } <$fh>);
}

my @common = ('--arch', 'gfx942', '--backend', 'emu', '--reps', 3, '--warmup', 1);
my ($out_a, $rc_a) = run_cmd($gcnlab, 'run', 'lds_counters', @common, '--out', "$tmp/a");
is($rc_a, 0, 'lds_counters alone') or diag($out_a);
my ($out_b, $rc_b) = run_cmd($gcnlab, 'run', 'copy', 'lds_counters', @common, '--out', "$tmp/b");
is($rc_b, 0, 'copy, then lds_counters') or diag($out_b);
my ($a, $b) = (rows("$tmp/a/gfx942-emu/lds_counters.csv"), rows("$tmp/b/gfx942-emu/lds_counters.csv"));
ok(length($a) > 100 && $a eq $b, 'lds_counters gives the same rows alone and after copy')
	or diag("--- alone ---\n$a\n--- after copy ---\n$b");

done_testing();
