#!/usr/bin/perl
# cold.t — hot and cold timing on the emulated GPU, held to its counters:
#   - `gcnlab run icache` on gfx900, gfx90a, gfx942: the 24 KiB kernel's
#     first and cold dispatches miss every 64-byte line of its code, hot
#     ones none; cold is no faster than hot, the first dispatch (code from
#     HBM, beyond what instruction prefetch hides) over 1.5x hot; with one wave per CU the cold dispatch misses every line in
#     every instruction cache (CU groups of 3 on gfx900, 2 on gfx90a/gfx942
#     [SPECS]), so the flush emptied all of them; the 256 KiB kernel misses
#     every line hot or cold; the flush reached every CU (HW_ID bitmap); the 1 MiB
#     read hits L2 hot and misses it on every rotating dispatch when the
#     copies exceed the caches; everything validated;
#   - `gcnlab run copy --flush-cache --rotating-count 3`: every kernel
#     validated, the mode and the flush recorded, flush times reported;
#     a --rotating-cap below 3 copies lowers the count with a note;
#   - `gcnlab exec --flush-cache`: the flush's time is not in the kernel's
#     (a one-wave kernel stays far below the 60-per-CU flush);
#     `--rotating-count 3`: dispatches read copies 1, 2, 0 and the output is
#     still right;
#   - bad values and a missing flush kernel end with a clear message.
# The line counts come from the code objects (llvm-readelf), not from gcnlab.
use strict;
use warnings;
use POSIX qw(ceil);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $llvm = llvm_bin();

my $tmp = temp_dir('cold');

# (rows, parameters) of a results CSV; () if it cannot be read.
sub rows_params {
	my $c = read_csv($_[0]) or return;
	return ($c->{rows}, $c->{params});
}

# 64-byte lines spanned by the .text of a one-kernel code object.
sub code_lines {
	my ($co) = @_;
	my ($out) = run_cmd("$llvm/llvm-readelf", '--sections', '--wide', $co);
	my ($addr, $size) = $out =~ /\s\.text\s+PROGBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)/;
	return undef unless defined $size;
	($addr, $size) = (hex $addr, hex $size);
	return int(($addr + $size - 1) / 64) - int($addr / 64) + 1;
}

sub compute_units {
	my ($arch) = @_;
	my ($out) = run_cmd($gcnlab, 'info', '--backend', 'emu', '--arch', $arch);
	return $out =~ /^compute units:\s+(\d+)/m ? $1 : undef;
}

# A counter's range over the dispatches of a row: its <name>_min and
# <name>_max columns -> (lo, hi).
sub range {
	my ($row, $name) = @_;
	my ($lo, $hi) = map { $row->{"${name}_$_"} } qw(min max);
	return (undef, undef) unless defined $lo && defined $hi && $lo =~ /^\d+$/ && $hi =~ /^\d+$/;
	return ($lo, $hi);
}

# ---- the icache suite --------------------------------------------------------

my %share = (gfx900 => 3, gfx90a => 2, gfx942 => 2);   # CUs per L1 instruction cache [SPECS]

for my $arch (@ARCHS) {
	my $cus = compute_units($arch);
	my $l24 = code_lines("$build/$arch/icache_24k.co");
	my $l256 = code_lines("$build/$arch/icache_256k.co");
	ok($cus && $l24 && $l256, "$arch: compute units ($cus) and code lines (" . ($l24 // '?') . ', ' .
	   ($l256 // '?') . ') known') or next;
	my $groups = ceil($cus / $share{$arch});
	my $out_root = "$tmp/icache";
	my @cmd = ($gcnlab, 'run', 'icache', '--arch', $arch, '--backend', 'emu', '--out', $out_root,
	           '--reps', 3, '--warmup', 1);
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "$arch: run icache exits 0") or diag("@cmd\n$out");
	my ($rows, $param) = rows_params("$out_root/$arch-emu/icache.csv");
	ok($rows && @$rows, "$arch: icache.csv written") or next;
	my %row = map { ("$_->{kernel}|$_->{launch}|" . ($_->{mode} =~ s/:.*//r) => $_) } @$rows;
	my $find = sub {
		my ($kernel, $launch, $mode) = @_;
		my ($k) = grep { /^\Q$kernel\E\|\Q$launch\E\|\Q$mode\E/ } keys %row;
		return $k ? $row{$k} : undef;
	};
	ok(!grep({ $_->{validated} ne 'yes' } @$rows), "$arch: every icache row validated")
		or diag(join("\n", map { "$_->{kernel} $_->{mode}: $_->{validated}" } @$rows));
	like($param->{flush_cus_reached} // '', qr/^$cus of $cus\b/, "$arch: the flush reached all $cus CUs");

	my ($first, $hot, $cold) = map { $find->('icache_24k', '1 wave', $_) } 'first dispatch', 'hot', 'cold';
	ok($first && $hot && $cold, "$arch: icache_24k one-wave rows") or next;
	is(join(',', range($first, 'sqc_icache_misses')), "$l24,$l24", "$arch: first dispatch misses all $l24 lines");
	is(join(',', range($hot, 'sqc_icache_misses')), '0,0', "$arch: hot dispatches miss none");
	is(join(',', range($cold, 'sqc_icache_misses')), "$l24,$l24", "$arch: every cold dispatch misses all $l24 lines");
	# Instruction prefetch (3 lines ahead, emu_timing_icache.c) hides the L2
	# round trips of straight-line code that the flush leaves in L2, but
	# not the HBM ones of a first dispatch (issue 16).
	ok($cold->{'median_us'} >= $hot->{'median_us'} && $first->{'median_us'} > 1.5 * $hot->{'median_us'},
	   "$arch: cold is no faster than hot ($cold->{'median_us'} vs $hot->{'median_us'} µs), the first dispatch " .
	   "(code from HBM) well above it ($first->{'median_us'} µs)");
	ok($cold->{flush_us} =~ /^[0-9.]+$/ && $hot->{flush_us} eq '',
	   "$arch: the flush time is reported on the cold row only");

	my ($ahot, $acold) = map { $find->('icache_24k', "1 wave on each of $cus CUs", $_) } 'hot', 'cold';
	ok($ahot && $acold, "$arch: icache_24k every-CU rows") or next;
	is(join(',', range($ahot, 'sqc_icache_misses')), '0,0', "$arch: every CU hot: no misses");
	my $all = $l24 * $groups;
	is(join(',', range($acold, 'sqc_icache_misses')), "$all,$all",
	   "$arch: every CU cold: $l24 lines x $groups instruction caches of $share{$arch} CUs");

	my ($bhot, $bcold) = map { $find->('icache_256k', '1 wave', $_) } 'hot', 'cold';
	ok($bhot && $bcold, "$arch: icache_256k rows") or next;
	is(join(',', range($bhot, 'sqc_icache_misses')), "$l256,$l256", "$arch: 256 KiB misses all $l256 lines even hot");
	is(join(',', range($bcold, 'sqc_icache_misses')), "$l256,$l256", "$arch: ... and cold");

	my ($dhot) = $find->('dcache_read', '1 workgroup reads 1 MiB', 'hot');
	my ($drot) = grep { $_->{kernel} eq 'dcache_read' && $_->{mode} =~ /^rotating x\d+ \(2 x the/ } @$rows;
	ok($dhot && $drot, "$arch: dcache_read hot and beyond-the-caches rotating rows") or next;
	is(join(',', range($dhot, 'tcc_miss')), '0,0', "$arch: the same 1 MiB hot: no L2 miss");
	my ($lo) = range($drot, 'tcc_miss');
	# 1 MiB is at least 8192 lines of the largest L2 line (128 B).
	ok(defined $lo && $lo >= 8192, "$arch: $drot->{mode}: every dispatch misses L2 for all of it (TCC_MISS >= 8192)")
		or diag("tcc_miss_min $drot->{tcc_miss_min}");
}

# ---- copy, cold ----------------------------------------------------------------

{
	my $arch = 'gfx942';
	my $cus = compute_units($arch);
	my $out_root = "$tmp/copy";
	my @cmd = ($gcnlab, 'run', 'copy', '--arch', $arch, '--backend', 'emu', '--out', $out_root,
	           '--reps', 2, '--warmup', 1, '--flush-cache', '--rotating-count', 3);
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, 'run copy --flush-cache --rotating-count 3 exits 0') or diag("@cmd\n$out");
	my ($rows, $param) = rows_params("$out_root/$arch-emu/copy.csv");
	ok($rows && @$rows == 22, 'copy.csv has 22 rows') or diag($out);
	ok(!grep({ $_->{validated} ne 'yes' } @{ $rows // [] }), 'every copy kernel validated, before and after reading rotating copies')
		or diag(join("\n", map { "$_->{kernel}: $_->{validated}" } @$rows));
	my ($fcol) = grep { /^flush_us$/ } keys %{ $rows->[0] // {} };
	ok($fcol && !grep({ $_->{$fcol} !~ /^[0-9.]+$/ || $_->{$fcol} <= 0 } @$rows),
	   'every copy row reports its flush time') or diag($out);
	like($param->{timing} // '', qr/^cold: flush_icache .*3 rotating copies/, 'copy.csv records the cold mode');
	like($param->{rotating_count} // '', qr/^3 \(asked 3\)/, 'copy.csv records 3 rotating copies');
	like($param->{flush_cus_reached} // '', qr/^$cus of $cus\b/, 'copy.csv: the flush reached every CU');

	@cmd = ($gcnlab, 'run', 'copy', '--arch', $arch, '--backend', 'emu', '--out', "$tmp/cap",
	        '--reps', 1, '--warmup', 0, '--rotating-count', 3, '--rotating-cap', '2M');
	($out, $rc) = run_cmd(@cmd);
	ok($rc == 0 && $out =~ /--rotating-count 3 needs 3 x 1 MiB = 3 MiB, more than the --rotating-cap of 2 MiB: using 2 copies/,
	   'a 2 MiB cap lowers 3 copies of 1 MiB to 2, with a note') or diag("@cmd\n$out");
	($rows, $param) = rows_params("$tmp/cap/$arch-emu/copy.csv");
	like($param->{rotating_count} // '', qr/^2 \(asked 3\)/, 'the results record the lowered count');
	like($param->{rotating_note} // '', qr/--rotating-cap/, 'and why');
	unlike($param->{timing} // '', qr/flush/, 'no flush without --flush-cache');
}

# ---- exec ------------------------------------------------------------------------

{
	my $flush = "$build/gfx942/flush_icache.co";
	my @cmd = ($gcnlab, 'exec', $flush, 'flush_icache', '--backend', 'emu', '--grid', 64, '--block', 64,
	           '--flush-cache', '--repeat', 3, 'buf:512');
	my ($out, $rc) = run_cmd(@cmd);
	my @d = $out =~ /^flush_icache: ([0-9.]+) µs \(.*after flush_icache ([0-9.]+) µs, not included/mg;
	ok($rc == 0 && @d == 6, 'exec --flush-cache --repeat 3: three dispatches, each after a flush') or diag("@cmd\n$out");
	# The reach check runs on hardware as well: the kernel's HW_ID/XCC_ID
	# bitmap, not an emulator counter.
	like($out, qr/^flush_icache: \d+ workgroups of 64 per flush; every one of 3 flushes reached all 304 CUs \(HW_ID bitmap\)$/m,
	     'exec --flush-cache: every flush reached all 304 CUs, from the HW_ID bitmap');
	my $bad = 0;
	for (my $i = 0; $i < @d; $i += 2) {
		$bad++ unless $d[$i] < $d[$i + 1] / 2;
	}
	ok(@d && !$bad, 'the one-wave kernel times well under the flush: the flush is not in its time')
		or diag($out);

	my $co = "$build/gfx942/copy_256_4_64_256.co";
	my $path = "$tmp/rot.bin";
	@cmd = ($gcnlab, 'exec', $co, 'copy_256_4_64_256', '--backend', 'emu', '--grid', 256, '--block', 256,
	        '--rotating-count', 3, '--repeat', 3, 'buf:1M:iota32', "out:1M:$path");
	($out, $rc) = run_cmd(@cmd);
	my @copies = $out =~ /rotating copy (\d) of 3/g;
	ok($rc == 0 && "@copies" eq '1 2 0', 'exec --rotating-count 3: dispatches read copies 1, 2, 0')
		or diag("@cmd\n$out");
	my $got = slurp($path);
	ok(defined $got && $got eq pack('V*', 0 .. (1 << 18) - 1), 'the output read from copy 0 after copies 1, 2 is still the input');
}

# ---- bad input -----------------------------------------------------------------

for my $bad ([['run', 'copy', '--rotating-cap', '12Q'], qr/--rotating-cap/],
             [['run', 'copy', '--rotating-count', '0'], qr/--rotating-count/],
             [['run', 'copy', '--flush-per-cu', '0'], qr/--flush-per-cu/]) {
	my ($args, $pat) = @$bad;
	my ($out, $rc) = run_cmd($gcnlab, @$args, '--backend', 'emu');
	ok($rc == 2 && $out =~ $pat, "gcnlab @$args: exit 2, names the option") or diag("exit $rc\n$out");
}

{
	my $empty = "$tmp/empty-build";
	mkdir $empty;
	my ($out, $rc) = run_cmd({ env => { GCNLAB_BUILD_DIR => $empty } }, $gcnlab, 'exec', "$build/gfx942/copy_256_4_64_256.co",
	                     'copy_256_4_64_256', '--backend', 'emu', '--grid', 256, '--block', 256, '--flush-cache',
	                     'buf:1M', 'buf:1M');
	ok($rc == 1 && $out =~ m{flush_icache\.co is not built \(run: make kernels ARCH=gfx942\)},
	   'a missing flush kernel: exit 1 and how to build it') or diag("exit $rc\n$out");
}

done_testing();
