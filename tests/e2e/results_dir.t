#!/usr/bin/perl
# results_dir.t — what a run leaves: results go to results/<arch>-<backend>/,
# which git ignores (a user's `git status` stays clean), while the committed
# figures in results/reference/ and results/published/ are tracked; a run
# prints its figures beside the reference ones; a second run into the same
# folder is refused while the first holds it (exit 2, naming the folder);
# a killed run's temporaries are removed by the next run.
use strict;
use warnings;
use Fcntl qw(:flock);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();

SKIP: {
	skip 'not a git checkout', 3 unless -e "$root/.git";
	my ($out, $rc) = run_cmd('git', '-C', $root, 'check-ignore', '-q', 'results/gfx942-emu/latency.csv');
	is($rc, 0, 'results/<arch>-<backend>/ is ignored by git');
	($out, $rc) = run_cmd('git', '-C', $root, 'check-ignore', '-q', 'results/reference/gfx942-emu/latency.csv');
	is($rc, 1, 'results/reference/ is tracked');
	($out, $rc) = run_cmd('git', '-C', $root, 'check-ignore', '-q', 'results/published/figures.csv');
	is($rc, 1, 'results/published/ is tracked');
}

my $tmp = temp_dir('resdir');
my $dir = "$tmp/gfx942-emu";
mkdir $dir or die "mkdir $dir: $!";
# What a killed run leaves: a half-written results file and a chart's scratch.
open(my $fh, '>', "$dir/lds_counters.csv.tmp.Ab12Cd") or die; print $fh "half"; close $fh;
mkdir "$dir/lds_counters.svg.chart.tmp.Xy34Zw" or die;

my ($out, $rc) = run_cmd($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', $tmp);
is($rc, 0, 'lds_counters runs') or diag($out);
like($out, qr{^ref: \S*results/reference/gfx942-emu/lds_counters\.csv}m, 'the run names its reference');
like($out, qr/bank_conflict_cycles\s+ref/, 'figures are printed beside the reference');
ok(-s "$dir/lds_counters.csv", 'the results file is written');
ok(!-e "$dir/lds_counters.csv.tmp.Ab12Cd", "a killed run's temporary file is removed");
ok(!-e "$dir/lds_counters.svg.chart.tmp.Xy34Zw", "a killed run's chart scratch folder is removed");
my @left = glob("$dir/*.tmp.*");
is(scalar @left, 0, 'no temporaries left') or diag("@left");

# Another run holds the folder.
open(my $lock, '>>', "$dir/.lock") or die "open lock: $!";
flock($lock, LOCK_EX) or die "flock: $!";
($out, $rc) = run_cmd($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', $tmp);
is($rc, 2, 'a second run into a folder in use exits 2');
like($out, qr/\Q$dir\E is in use by another gcnlab run/, 'and names the folder');
close $lock;

done_testing();
