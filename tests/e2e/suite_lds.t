#!/usr/bin/perl
# suite_lds.t — the lds_banks and lds_counters suites on the emulated gfx942,
# judged from their own results against 002_6bc4fcfb1ec6bd4f.txt and
# 003_2971ecc2aaaadb01.txt (notes/seeds.md):
#   lds_banks.csv: the ds_read_b32 time rises with the lane stride 1, 2, 4,
#     8, 16, 32 dwords (each step at least 1.5x), stays flat from 32 to 256,
#     falls at 512 and 1024 (lanes past the 64 KiB LDS; published: 0.516 and
#     0.267 of the time at 256, results/published/002_lds_stride_sweep.csv,
#     which also gives the 19 strides), odd strides and stride 0 (broadcast) cost what
#     stride 1 does, and the marked bank count is 32 dwords;
#   lds_banks_groups.csv: exactly the seed's lane groups for ds_read_b64 (four
#     runs of 16) and ds_read_b128 ({0-3,20-23}, {4-7,16-19}, ...);
#   lds_banks_padding.csv: reading buffer_load_dword ... lds units in the MFMA
#     pattern conflicts without padding and not with it, padding is faster,
#     reading with lane * 16 bytes is no faster than the padded layout, and
#     every variant reads back the right data;
#   lds_counters.csv: `conflicts` with N = 1..20 work-items has Index
#     Accesses N + 1 and Bank Conflict N - 1 cycles (the gap of 2 the seed
#     shows), `load` 2 and 0 and a Theoretical Bandwidth of 256 bytes per
#     wave, stepping to 512 at 65 work-items; the rate follows the formula.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('lds');
my $dir = "$tmp/r/gfx942-emu";

# ---- lds_banks ----------------------------------------------------------------------

my @cmd = ($gcnlab, 'run', 'lds_banks', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/r",
           '--reps', 3, '--warmup', 1);
my ($out, $rc) = run_cmd(@cmd);
is($rc, 0, 'gcnlab run lds_banks exits 0') or diag("@cmd\n$out");

my $s = read_csv("$dir/lds_banks.csv");
ok($s, 'lds_banks.csv written') or BAIL_OUT($out);
my %dt = map { $_->{stride_dword} => $_->{'dt_us'} } @{ $s->{rows} };
my $pub = read_csv(root_dir() . '/results/published/002_lds_stride_sweep.csv')
	// BAIL_OUT('no results/published/002_lds_stride_sweep.csv');
my %pdt = map { $_->{stride_dwords} => $_->{dt_us} } @{ $pub->{rows} };
is(join(' ', sort { $a <=> $b } keys %dt), join(' ', sort { $a <=> $b } keys %pdt),
   'the ' . scalar(keys %pdt) . ' strides of 002_6bc4fcfb1ec6bd4f.txt') or diag($s->{text});

my @rise = (1, 2, 4, 8, 16, 32);
for my $i (1 .. $#rise) {
	my ($a, $b) = @rise[$i - 1, $i];
	ok(defined $dt{$a} && defined $dt{$b} && $dt{$b} >= 1.5 * $dt{$a}, "stride $b is at least 1.5x slower than $a")
		or diag("dt($a) = " . ($dt{$a} // '-') . ", dt($b) = " . ($dt{$b} // '-'));
}
for my $p (64, 128, 256) {
	ok(within($dt{$p} // -1, 0.95 * $dt{32}, 1.05 * $dt{32}), "stride $p: the plateau of 32 (every lane in one bank)")
		or diag("dt($p) = " . ($dt{$p} // '-') . ", dt(32) = $dt{32}");
}
for my $p (0, 3, 5, 9, 17, 33, 65, 129) {
	ok(within($dt{$p} // -1, 0.9 * $dt{1}, 1.1 * $dt{1}), "stride $p costs what stride 1 does" . ($p ? '' : ' (broadcast)'))
		or diag("dt($p) = " . ($dt{$p} // '-') . ", dt(1) = $dt{1}");
}
ok(within($dt{512} / $dt{256}, 0.45, 0.6),
   sprintf('stride 512 falls to about half of 256 (published: %.3f)', $pdt{512} / $pdt{256}))
	or diag("dt(512)/dt(256) = " . $dt{512} / $dt{256});
ok(within($dt{1024} / $dt{256}, 0.22, 0.32),
   sprintf('stride 1024 falls to about a quarter of 256 (published: %.3f)', $pdt{1024} / $pdt{256}))
	or diag("dt(1024)/dt(256) = " . $dt{1024} / $dt{256});
my @marked = grep { $_->{bank_count_dwords} ne '' } @{ $s->{rows} };
ok(@marked == 1 && $marked[0]{stride_dword} == 32 && $s->{params}{bank_count} =~ /^32 dwords/,
   'bank count 32 dwords detected and marked') or diag(explain(\@marked, $s->{params}{bank_count}));
like($out, qr/stride_dword:\s+32\s+dt:.*<=+ bank size 32 DWORDs/, 'the mark is printed as the seed prints it');

my $g = read_csv("$dir/lds_banks_groups.csv");
ok($g, 'lds_banks_groups.csv written') or BAIL_OUT($out);
my @b64 = map { '[' . join(', ', 16 * $_ .. 16 * $_ + 15) . ']' } 0 .. 3;
my @b128;
for my $half (0, 32) {
	for my $p ([0, 20], [4, 16], [8, 28], [12, 24]) {
		push @b128, '[' . join(', ', map { $_ + $half } $p->[0] .. $p->[0] + 3, $p->[1] .. $p->[1] + 3) . ']';
	}
}
# One row per lane (instruction, group, lane): the groups as the seed lists them.
my $groups = sub {
	my ($insn) = @_;
	my @by;
	push @{ $by[ $_->{group} ] }, $_->{lane} for rows_where($g, instruction => $insn);
	return [map { '[' . join(', ', @{ $_ // [] }) . ']' } @by];
};
is(scalar(grep { $_->{instruction} eq 'ds_read_b64' } @{ $g->{rows} }), 64, 'ds_read_b64: one row per lane');
is_deeply($groups->('ds_read_b64'), \@b64, 'ds_read_b64 lane groups as in 002_6bc4fcfb1ec6bd4f.txt');
is_deeply($groups->('ds_read_b128'), \@b128, 'ds_read_b128 lane groups as in 002_6bc4fcfb1ec6bd4f.txt');
like($out, qr/lane_group:  \[0, 1, 2, 3, 20, 21, 22, 23\]/, 'groups printed as the seed prints them');
ok(-s "$dir/lds_banks_lanes.svg" && slurp("$dir/lds_banks_lanes.svg") =~ /<svg/, 'lane picture written');

my $p = read_csv("$dir/lds_banks_padding.csv");
ok($p, 'lds_banks_padding.csv written') or BAIL_OUT($out);
my %pad = map { $_->{kernel} => $_ } @{ $p->{rows} };
my ($np, $pd, $ln) = @pad{qw(lds_direct_nopad lds_direct_pad lds_direct_linear)};
ok($np && $pd && $ln, 'three padding-study rows') or BAIL_OUT($p->{text});
ok(!grep({ $_->{validated} ne 'yes' } $np, $pd, $ln), 'every layout reads back the right data');
ok($np->{sq_lds_bank_conflict} > 0, 'without padding the MFMA-pattern reads conflict') or diag(explain($np));
ok($pd->{sq_lds_bank_conflict} == 0 && $ln->{sq_lds_bank_conflict} == 0, 'padding removes the conflicts (as does a linear read)')
	or diag(explain($pd, $ln));
ok($pd->{'dt_us'} < $np->{'dt_us'}, 'padding is faster') or diag(explain($np, $pd));
my $rc_col = col($p, 'read_phase_cycles');
ok($pd->{$rc_col} < $np->{$rc_col}, 'its read phase is shorter') or diag(explain($np, $pd));
ok(within($ln->{'dt_us'}, 0.98 * $pd->{'dt_us'}, 1.02 * $pd->{'dt_us'}),
   'reading with lane * 16 bytes is no faster than the padded layout') or diag(explain($pd, $ln));

# ---- lds_counters -------------------------------------------------------------------

@cmd = ($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/r",
        '--param', 'max_wi=130');
($out, $rc) = run_cmd(@cmd);
is($rc, 0, 'gcnlab run lds_counters exits 0') or diag("@cmd\n$out");
my $c = read_csv("$dir/lds_counters.csv");
ok($c, 'lds_counters.csv written') or BAIL_OUT($out);
is(scalar(@{ $c->{rows} }), 260, '130 dispatches of each kernel');
my ($idx, $conf, $bw, $rate) = qw(index_accesses_cycles bank_conflict_cycles
                                 theoretical_bandwidth_bytes bank_conflict_rate_pct);
my (@want, @got);
for my $n (1 .. 20) {
	my ($r) = rows_where($c, kernel => 'conflicts', work_items => $n);
	push @want, [$n, $n + 1, $n - 1];
	push @got, [$n, $r ? ($r->{$idx}, $r->{$conf}) : ('-', '-')];
}
is_deeply(\@got, \@want, 'conflicts, 1..20 work-items: Index Accesses N+1, Bank Conflict N-1 (003_2971ecc2aaaadb01.txt)');
my $rate_ok = 1;
for my $r (@{ $c->{rows} }) {
	my $want = $r->{$idx} > $r->{$conf} ? 100 * ($r->{$conf} / 32) / ($r->{$idx} - $r->{$conf}) : undef;
	$rate_ok &&= defined $want && abs($r->{$rate} - $want) < 0.01 && $r->{$bw} == ($r->{$idx} - $r->{$conf}) * 128;
}
ok($rate_ok, 'rate = 100 x ((conflicts / 32) / (index - conflicts)), bandwidth = (index - conflicts) x 128 B');
my @load = map { [rows_where($c, kernel => 'load', work_items => $_)]->[0] } 1, 20, 64, 65, 128, 129;
is_deeply([map { $_ ? "$_->{$bw}/$_->{$idx}/$_->{$conf}" : '-' } @load],
          ['256/2/0', '256/2/0', '256/2/0', '512/4/0', '512/4/0', '768/6/0'],
          'load: 256 bytes per wave, 2 index cycles, no conflict; a step per extra wave');
my ($c64) = rows_where($c, kernel => 'conflicts', work_items => 64);
ok($c64 && $c64->{$rate} > 90 && $c64->{$rate} < 100, 'conflict rate approaches but never reaches 100% (64 work-items)')
	or diag(explain($c64));
ok(!-x '/usr/bin/gnuplot' || -s "$dir/lds_counters.svg", 'counter plot written (gnuplot present)');

done_testing();
