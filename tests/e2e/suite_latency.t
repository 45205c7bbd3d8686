#!/usr/bin/perl
# suite_latency.t — the latency suite on the emulated GPU, judged from its own
# results (latency.csv, latency_chase.csv) against the published figures the
# cycle model is calibrated to (issue "Cycle model"; 000_106faad81daed8dd.txt):
#   gfx942: s_memtime pair ~4 cycles; buffer_load_dwordx4 chase latency
#   500-800, ~32 cycles per instruction (32 B/cycle per CU);
#   buffer_load_dword ... lds ~11 cycles per instruction; ds_read_b128 /
#   ds_read_b32 latency 64 / 52 and throughput 16 / 4; ds_read_b32 at lane
#   stride 8 dwords 16, at 32 dwords 64; the footprint sweep's plateaus
#   vector L1 116-120 up to ~29 KiB, L2 210-225 up to 4 MiB, Infinity Cache
#   455-535, HBM 835-910, found by the suite's own plateau detection.
#   gfx90a (fewer footprints, through --param): L1 ~125, L2 ~240, HBM 570-670.
#   gfx900: the suite runs and fills every row.
# And --param: an unknown key or a bad value stops gcnlab run with status 2.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('latency');

sub run_suite {
	my ($arch, @extra) = @_;
	my @cmd = ($gcnlab, 'run', 'latency', '--arch', $arch, '--backend', 'emu', '--out', "$tmp/r",
	           '--reps', 3, '--warmup', 1, @extra);
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "$arch: gcnlab run latency exits 0") or diag("@cmd\n$out");
	return (read_csv("$tmp/r/$arch-emu/latency.csv"), read_csv("$tmp/r/$arch-emu/latency_chase.csv"), $out);
}

# The table row of a memory type / instruction / stride.
sub row {
	my ($t, $type, $stride) = @_;
	my @r = grep { $_->{mem_type} eq $type && (!defined $stride || $_->{lane_stride} =~ /^\Q$stride\E /) }
	        @{ $t->{rows} };
	return $r[0];
}

# Levels of the chase table: [ { first, last (bytes), median } ] in order.
sub levels {
	my ($c) = @_;
	my %lv;
	for my $r (@{ $c->{rows} }) {
		next unless $r->{level} =~ /^\d+$/;
		push @{ $lv{ $r->{level} } }, $r;
	}
	my @out;
	for my $l (sort { $a <=> $b } keys %lv) {
		my @rs = @{ $lv{$l} };
		my @v = sort { $a <=> $b } map { $_->{'latency_cycles'} } @rs;
		my $med = @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
		push @out, { first => $rs[0]{'footprint_bytes'}, last => $rs[-1]{'footprint_bytes'}, median => $med };
	}
	return @out;
}

my $KIB = 1024;
my $MIB = 1024 * $KIB;

# ---- gfx942: the seed's table and the chase plateaus -----------------------------

{
	my ($t, $c, $out) = run_suite('gfx942');
	ok($t && $c, 'gfx942: latency.csv and latency_chase.csv written') or BAIL_OUT($out);
	ok(-s "$tmp/r/gfx942-emu/latency.md" && -s "$tmp/r/gfx942-emu/latency_chase.md", 'gfx942: .md files written');
	is($t->{params}{arch}, 'gfx942', 'gfx942: arch recorded');
	ok($t->{params}{cus} =~ /^\d+$/ && $t->{params}{steps} =~ /^\d+$/ && $t->{params}{strides} eq '1:8:32',
	   'gfx942: cus, steps and strides recorded') or diag(explain($t->{params}));

	# row, column, range, what
	for my $c (['s_memtime overhead', 'latency_cycles', 2, 8, 's_memtime back-to-back pair ~4 cycles'],
	           ['HBM load dwordx4', 'latency_cycles', 500, 800, 'buffer_load_dwordx4 chase latency 500-800'],
	           ['HBM load dwordx4', 'throughput_cycles', 28, 36, 'buffer_load_dwordx4 ~32 cycles per instruction'],
	           ['HBM load dwordx4', 'bytes_per_cycle', 28, 36, 'buffer_load_dwordx4 ~32 bytes per cycle per CU'],
	           ['HBM load dword -> LDS', 'throughput_cycles', 10, 12.5,
	            'buffer_load_dword ... lds ~11 cycles per instruction'],
	           ['HBM load dword -> LDS', 'latency_cycles', 500, 800, 'buffer_load_dword ... lds latency from HBM 500-800']) {
		my ($type, $col, $lo, $hi, $what) = @$c;
		my $r = row($t, $type);
		ok($r && within($r->{$col}, $lo, $hi), $what) or diag(explain($r));
	}

	my %lds = (
		# type, stride => [latency lo, hi, throughput lo, hi]
		'LDS read b128|1' => [60, 68, 15, 17],
		'LDS read b32|1'  => [48, 56, 3.5, 4.5],
		'LDS read b32|8'  => [undef, undef, 15, 17],
		'LDS read b32|32' => [undef, undef, 60, 68],
	);
	for my $k (sort keys %lds) {
		my ($type, $stride) = split /\|/, $k;
		my ($llo, $lhi, $tlo, $thi) = @{ $lds{$k} };
		my $r = row($t, $type, $stride);
		ok($r && (!defined $llo || within($r->{'latency_cycles'}, $llo, $lhi)) &&
		   within($r->{'throughput_cycles'}, $tlo, $thi),
		   "$type stride $stride: " . (defined $llo ? "latency $llo-$lhi, " : '') . "throughput $tlo-$thi")
			or diag(explain($r));
	}

	my @lv = levels($c);
	is(scalar(@lv), 4, 'gfx942: the sweep shows four plateaus (L1, L2, Infinity Cache, HBM)')
		or diag($c->{text});
	if (@lv == 4) {
		ok(within($lv[0]{median}, 116, 120) && $lv[0]{last} >= 16 * $KIB && $lv[0]{last} < 64 * $KIB,
		   'level 1 (vector L1): 116-120 cycles, up to 16..32 KiB') or diag(explain($lv[0]));
		ok(within($lv[1]{median}, 210, 225) && $lv[1]{last} == 4 * $MIB, 'level 2 (L2): 210-225 cycles, up to 4 MiB')
			or diag(explain($lv[1]));
		ok(within($lv[2]{median}, 455, 535) && $lv[2]{last} >= 64 * $MIB && $lv[2]{last} <= 256 * $MIB,
		   'level 3 (Infinity Cache): 455-535 cycles, up to 64..256 MiB') or diag(explain($lv[2]));
		ok(within($lv[3]{median}, 835, 910) && $lv[3]{first} > 256 * $MIB, 'level 4 (HBM): 835-910 cycles, beyond 256 MiB')
			or diag(explain($lv[3]));
	}
	like($out, qr/level 1: .*cycles\n.*level 2: .*\n.*level 3: .*\n.*level 4: /,
	     'gfx942: the detected levels are printed');
	ok(!-x '/usr/bin/gnuplot' || -s "$tmp/r/gfx942-emu/latency_chase.svg", 'gfx942: chase plot written (gnuplot present)');
}

# ---- gfx90a: the plateaus the cycle model is calibrated to ------------------------

{
	my ($t, $c) = run_suite('gfx90a', '--param', 'cus=2,footprints=4K:8K:1M:2M:512M:1G');
	my @lv = levels($c);
	is(scalar(@lv), 3, 'gfx90a: three plateaus (L1, L2, HBM)') or diag($c ? $c->{text} : 'no csv');
	if (@lv == 3) {
		ok(within($lv[0]{median}, 120, 130), 'gfx90a: L1 ~125') or diag(explain($lv[0]));
		ok(within($lv[1]{median}, 230, 250), 'gfx90a: L2 ~240') or diag(explain($lv[1]));
		ok(within($lv[2]{median}, 570, 670), 'gfx90a: HBM 570-670') or diag(explain($lv[2]));
	}
	is($t->{params}{cus}, 2, 'gfx90a: --param cus=2 recorded');
}

# ---- gfx900: runs, every row filled ----------------------------------------------

{
	my ($t) = run_suite('gfx900', '--param', 'cus=1,footprints=4K:1M');
	ok($t && @{ $t->{rows} } == 9 && !grep({ $_->{'latency_cycles'} !~ /^[0-9.]+$/ } @{ $t->{rows} }),
	   'gfx900: all nine rows measured') or diag($t ? $t->{text} : 'no csv');
}

# ---- --param errors ---------------------------------------------------------------

{
	my ($out, $rc) = run_cmd($gcnlab, 'run', 'latency', '--backend', 'emu', '--out', "$tmp/x", '--param', 'bogus=1');
	ok($rc == 2 && $out =~ /bogus/ && $out =~ /latency\.cus/, 'an unknown --param key is an error naming it and the known ones')
		or diag("exit $rc\n$out");
	($out, $rc) = run_cmd($gcnlab, 'run', 'latency', '--backend', 'emu', '--out', "$tmp/x", '--param', 'latency.steps=100');
	ok($rc != 0 && $out =~ /multiple of 64/, 'steps that are not a multiple of 64 are refused') or diag("exit $rc\n$out");
	($out, $rc) = run_cmd($gcnlab, 'run', 'copy', '--backend', 'emu', '--out', "$tmp/x", '--param', 'latency.cus=2');
	ok($rc == 2 && $out =~ /latency\.cus/, 'a key of a suite that is not run is an error') or diag("exit $rc\n$out");
}

done_testing();
