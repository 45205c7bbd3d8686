#!/usr/bin/perl
# exec_stats.t — `gcnlab exec --warmup N --reps N` summarises the timed
# dispatches (median, min, max) as the suites do, and --csv / --json write
# the same figures (plus every sample and the counters) in a form a script
# reads without help: one CSV header row and one row of plain numbers; one
# JSON object. Runs lat_memtime (one wave) on the emulator.
use strict;
use warnings;
use JSON::PP;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $co = "$build/gfx942/lat_memtime.co";
BAIL_OUT("$co is not built (make)") unless -f $co;

my $tmp = temp_dir('xstats');
my @launch = ($gcnlab, 'exec', $co, 'lat_memtime', '--grid', 64, '--block', 64, '--backend', 'emu',
              'buf:256', 'u32:64');

my ($out, $rc) = run_cmd(@launch, '--warmup', 2, '--reps', 4, '--counters', '--csv', "$tmp/t.csv",
                     '--json', "$tmp/t.json");
is($rc, 0, 'exec --warmup 2 --reps 4 succeeds') or diag($out);
like($out, qr/^lat_memtime: median ([\d.]+) µs, min ([\d.]+), max ([\d.]+) over 4 dispatches after 2 warm-up/m,
     'one summary line: median, min, max, counts');
unlike($out, qr/dispatch \d+ of/, 'no line per dispatch');
like($out, qr/^counters of the last dispatch:\n\s+SQ_WAVES\s+1\b/m, 'counters of the last dispatch');

my @lines = split /\n/, (slurp("$tmp/t.csv") // '');
is(scalar @lines, 2, 'CSV: a header and one row');
my @h = split /,/, $lines[0];
my @v = split /,/, $lines[1] // '';
is(scalar @v, scalar @h, 'CSV: as many cells as columns');
my %row;
@row{@h} = @v;
is($row{kernel}, 'lat_memtime', 'CSV: kernel');
is($row{reps}, 4, 'CSV: reps');
is($row{warmup}, 2, 'CSV: warmup');
ok(!grep({ !/^[a-z][a-z0-9_]*$/ } @h[0 .. 14]), 'CSV: snake_case columns') or diag($lines[0]);
for my $c (qw(median_us min_us max_us SQ_WAVES SQ_INSTS)) {
	like($row{$c} // '', qr/^[0-9]+(\.[0-9]+)?$/, "CSV: $c is a number");
}
ok($row{min_us} <= $row{median_us} && $row{median_us} <= $row{max_us}, 'CSV: min <= median <= max');

my $j = eval { decode_json((slurp("$tmp/t.json") // '')) };
ok($j, 'JSON parses') or diag($@);
is(scalar @{ $j->{samples_us} // [] }, 4, 'JSON: 4 samples');
is($j->{median_us}, $row{median_us} + 0, 'JSON and CSV agree on the median');
is_deeply($j->{grid}, [64, 1, 1], 'JSON: grid');
is($j->{counters}{SQ_WAVES}, 1, 'JSON: counters');

# Without --counters the JSON says counters: null; --reps alone warms up 3 times.
($out, $rc) = run_cmd(@launch, '--reps', 2, '--json', "$tmp/n.json");
like($out, qr/over 2 dispatches after 3 warm-up/, '--reps alone: 3 warm-ups (the suites\' default)');
$j = eval { decode_json((slurp("$tmp/n.json") // '')) };
ok($j && exists $j->{counters} && !defined $j->{counters}, 'JSON: counters null without --counters');

($out, $rc) = run_cmd(@launch, '--repeat', 3, '--reps', 2);
is($rc, 2, '--repeat with --reps: bad input');
like($out, qr/use one or the other/, '--repeat with --reps: says why');

done_testing();
