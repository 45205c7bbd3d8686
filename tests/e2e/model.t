#!/usr/bin/perl
# model.t — the cycle model's mechanisms, driven through the real emulator
# by the small kernels of tests/asm/model/ (built by mk/model.mk into
# build/tests/model/<arch>/) and judged only by what the kernels measure
# themselves (s_memtime, s_memrealtime) and by the dispatch counters
# (gcnlab exec --counters), against the published figures of issue "Cycle
# model" (000_106faad81daed8dd.txt, 002_6bc4fcfb1ec6bd4f.txt and
# 003_2971ecc2aaaadb01.txt, notes/seeds.md; the MI300X/MI200 pointer-chase
# plateaus, the Vega 64 HBM2 peak):
#
#   LDS      ds_read_b32 lane strides 1/8/32 dwords: 4/16/64 cycles per
#            instruction (+-5%); broadcast costs what stride 1 does; b64 and
#            b128 at one wave: 8 and 16 (half the CU's 128 B/cycle);
#            SQ_LDS_BANK_CONFLICT per instruction as the seed's lane groups
#            (b32: 2 x 32 lanes, b64: 4 x 16, b128: 8 x 8 lanes {0-3,20-23},
#            {4-7,16-19}, {8-11,28-31}, {12-15,24-27}, +32) predict it,
#            exactly; one work-item: 2 SQ_LDS_IDX_ACTIVE per ds_read_b32
#            (rocprofiler-compute's definition); addresses wrap at 64 KiB.
#   caches   pointer chase, per step after subtracting the s_memtime pair:
#            gfx942 vector L1 116-120, L2 210-225, Infinity Cache 455-535,
#            scalar cache 44-52; gfx90a L1 120-130, L2 230-250, HBM 570-670.
#            The L2 footprint is a real 2 MiB. The MALL (gfx942) and HBM
#            (gfx90a) levels use the footprint trick the model allows: 32
#            lines one L2 set apart (set size x line bytes = 256 KiB on
#            gfx942, 512 KiB on gfx90a), more than the 16 ways, so every
#            step misses the L2 with 8/16 MiB of buffer. gfx942's HBM level
#            is not tested: past the 256 MiB MALL it needs a >272 MiB buffer
#            (the MALL is 16-way too), too slow for make test; the unit test
#            test_timing.c covers it on the model directly.
#   icache   a second dispatch of the same kernel hits (SQC_ICACHE_HITS,
#            no miss, >10x fewer cycles); after s_icache_inv it misses again.
#   Little   64 waves streaming on gfx900: doubling the loads in flight
#            doubles bytes/cycle while latency-bound (1.6-2.2x), then the
#            bandwidth flattens (4, 8, 16 in flight within 10%) at 70-100%
#            of Vega 64's 484 GB/s (timed with s_memrealtime, 25 MHz).
#   clocks   GCNLAB_EMU_SCLK_MHZ 1000 vs 2000: the ALU loop's shader cycles
#            are the same (+-1%), its realtime halves (+-3%);
#            GCNLAB_EMU_MCLK_MHZ 945 vs 472 on an HBM-bound stream: its
#            realtime grows 1.7-2.2x.
#   trace    stalls are charged to the right cause: icache (cold first
#            instruction), vmcnt / lgkmcnt (s_waitcnt rows), vmem-queue (64
#            back-to-back dwordx4 on one CU), lds-bank (conflicting
#            ds_read_b32); the trace's issues add up to SQ_INSTS.
#   determinism  two runs of a contended dispatch give the same bytes,
#            timestamps and counters.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $build = build_dir();
my $mdir = "$build/tests/model";
need_file("$mdir/gfx942/model_lds_b32.co", 'model-kernels');
my $tmp = temp_dir('model');
my $seq = 0;

# exec($arch, $kernel, \%opt, @args): runs gcnlab exec on the model kernel;
# opt: grid (default 64), env (hash), extra (array of options), out (size of
# the out: buffer that replaces the argument 'OUT'). Returns
# { ok, text, out (the out: bytes), counters (name => value, of the last
# dispatch), counters_by (array of hashes, per dispatch) }.
sub exec_kernel {
	my ($arch, $kernel, $o, @args) = @_;
	my $co = "$mdir/$arch/$kernel.co";
	$co = "$build/$arch/$kernel.co" unless -f $co;
	my $outf = sprintf("%s/out%d.bin", $tmp, $seq++);
	my @a = map { $_ eq 'OUT' ? "out:$o->{out}:$outf" : $_ } @args;
	local %ENV = (%ENV, %{ $o->{env} // {} });
	my @cmd = ($gcnlab, 'exec', $co, $kernel, '--grid', $o->{grid} // 64, '--block', $o->{block} // 64,
	           '--backend', 'emu', '--counters', @{ $o->{extra} // [] }, @a);
	my ($text, $rc) = run_cmd(@cmd);
	my (@by, $cur);
	for my $line (split /\n/, $text) {
		if ($line =~ /^counters/) {
			$cur = {};
			push @by, $cur;
		} elsif ($cur && $line =~ /^\s+([A-Z][A-Z0-9_]+)\s+(\d+)/) {
			$cur->{$1} = $2;
		}
	}
	my $r = { ok => $rc == 0, text => $text, counters => $by[-1] // {}, counters_by => \@by,
	          cmd => "@cmd" };
	$r->{out} = slurp($outf) if $o->{out};
	diag("failed: $r->{cmd}\n$text") unless $r->{ok};
	return $r;
}

sub file_of {
	my ($bytes) = @_;
	my $f = sprintf("%s/in%d.bin", $tmp, $seq++);
	open(my $fh, '>:raw', $f) or die "$f: $!";
	print $fh $bytes;
	close $fh;
	return $f;
}

sub u32s { return unpack('V*', $_[0] // '') }

# ---- LDS -------------------------------------------------------------------

my %width_bytes = (b32 => 4, b64 => 8, b128 => 16);

# Lane groups of one instruction, as 002_6bc4fcfb1ec6bd4f.txt describes them.
sub lane_groups {
	my ($w) = @_;
	return ([0 .. 31], [32 .. 63]) if $w eq 'b32';
	return map { [ $_ * 16 .. $_ * 16 + 15 ] } 0 .. 3 if $w eq 'b64';
	my @g;
	for my $half (0, 32) {
		for my $j (0 .. 3) {
			my $k = $j ^ 1;
			push @g, [ map { $_ + $half } (4 * $j .. 4 * $j + 3, 16 + 4 * $k .. 16 + 4 * $k + 3) ];
		}
	}
	return @g;
}

# Bank-conflict cycles per instruction the seed's rules predict for lane
# byte addresses (inside 64 KiB): per group, the busiest of the 32 banks
# serves its distinct dwords one per cycle; the cycles beyond one per
# group are conflicts.
sub expected_conflicts {
	my ($w, @addr) = @_;
	my $n = 0;
	for my $g (lane_groups($w)) {
		my %dw;
		for my $l (@$g) {
			$dw{$_} = 1 for map { ($addr[$l] >> 2) + $_ } 0 .. $width_bytes{$w} / 4 - 1;
		}
		my %bank;
		$bank{ $_ % 32 }++ for keys %dw;
		my ($max) = sort { $b <=> $a } values %bank;
		$n += $max - 1;
	}
	return $n;
}

# Run model_lds_<w> with lane addresses @addr: (throughput per instruction,
# conflicts per instruction, index-active per instruction, out words, result).
sub lds_run {
	my ($arch, $w, $fill, $lanes, @addr) = @_;
	my $in = file_of(pack('V*', @addr));
	my $r = exec_kernel($arch, "model_lds_$w", { out => 4 * 68 }, "buf:256:file:$in", 'OUT', 'u32:' . $fill, 'u32:' . $lanes);
	my @o = u32s($r->{out});
	return (undef) unless $r->{ok} && @o == 68 && $o[3] > $o[2];
	my $n = $r->{counters}{SQ_INSTS_LDS} || 1;
	return (($o[1] - $o[0]) / ($o[3] - $o[2]), $r->{counters}{SQ_LDS_BANK_CONFLICT} / $n,
	        $r->{counters}{SQ_LDS_IDX_ACTIVE} / $n, \@o, $r);
}

for my $case ([1, 4], [8, 16], [32, 64], [0, 4]) {
	my ($stride, $want) = @$case;
	my @addr = map { $_ * 4 * $stride } 0 .. 63;
	my ($tp, $conf, $idx) = lds_run('gfx942', 'b32', 0, 64, @addr);
	my $what = $stride ? "lane stride $stride dwords" : 'broadcast (every lane one dword)';
	ok(within($tp, 0.95 * $want, 1.05 * $want), "ds_read_b32 $what: $want cycles per instruction")
		or diag('measured ' . ($tp // 'nothing'));
	my $exp = expected_conflicts('b32', @addr);
	is($conf, $exp, "ds_read_b32 $what: SQ_LDS_BANK_CONFLICT $exp per instruction");
	is($idx, 2 + $exp, "ds_read_b32 $what: SQ_LDS_IDX_ACTIVE 2 + conflicts per instruction");
}
{
	my ($tp, $conf, $idx) = lds_run('gfx942', 'b32', 0, 1, map { $_ * 4 } 0 .. 63);
	is($idx, 2, 'ds_read_b32 from one work-item: 2 SQ_LDS_IDX_ACTIVE cycles (both half-wave groups)');
	is($conf, 0, 'ds_read_b32 from one work-item: no conflict');
}
for my $case (['b64', 8], ['b128', 16]) {
	my ($w, $want) = @$case;
	my @addr = map { $_ * $width_bytes{$w} } 0 .. 63;
	my ($tp, $conf) = lds_run('gfx942', $w, 0, 64, @addr);
	ok(within($tp, 0.95 * $want, 1.05 * $want), "ds_read_$w consecutive: $want cycles (one wave: 64 B/cycle)")
		or diag('measured ' . ($tp // 'nothing'));
	is($conf, 0, "ds_read_$w consecutive: no conflict");
}
{
	# b64: lanes 16 apart share banks (conflict only if grouped together);
	# then lanes 8 apart inside each group of 16 share banks.
	for my $pat (['across groups', sub { ($_[0] % 16) * 8 + int($_[0] / 16) * 256 }],
	             ['inside groups', sub { ($_[0] % 8) * 8 + int($_[0] / 8) * 256 }]) {
		my ($name, $f) = @$pat;
		my @addr = map { $f->($_) } 0 .. 63;
		my $exp = expected_conflicts('b64', @addr);
		my (undef, $conf) = lds_run('gfx942', 'b64', 0, 64, @addr);
		is($conf, $exp, "ds_read_b64 lane groups of 16, bank reuse $name: $exp conflict cycles per instruction");
	}
	# b128: give each of the seed's 8-lane groups all 32 banks once (no
	# conflict), which puts lanes 0-3 and 4-7 on the same banks (a conflict
	# if the groups were 8 consecutive lanes); then the opposite layout.
	my @g = lane_groups('b128');
	my @addr;
	for my $j (0 .. $#g) {
		my $q = 0;
		$addr[$_] = 16 * $q++ + 512 * $j for @{ $g[$j] };
	}
	my (undef, $conf) = lds_run('gfx942', 'b128', 0, 64, @addr);
	is($conf, 0, 'ds_read_b128 groups {0-3,20-23} {4-7,16-19} {8-11,28-31} {12-15,24-27}: no conflict when each covers the banks');
	my @naive = map { 16 * ($_ % 4) + 512 * int($_ / 4) } 0 .. 63;
	my $exp = expected_conflicts('b128', @naive);
	(undef, $conf) = lds_run('gfx942', 'b128', 0, 64, @naive);
	ok($exp > 0, 'the consecutive-lane layout conflicts under the seed groups');
	is($conf, $exp, "ds_read_b128 consecutive-lane layout: $exp conflict cycles per instruction");
}
{
	# No wrap: odd lanes read 64 KiB above their even neighbour, past the
	# allocation, and get 0 (emu_lds_in, data and timing alike).
	my @addr = map { ($_ & 1) * 65536 + ($_ >> 1) * 4 } 0 .. 63;
	my (undef, $conf, undef, $o) = lds_run('gfx942', 'b32', 1, 64, @addr);
	my @got = $o ? @{$o}[4 .. 67] : ();
	is_deeply(\@got, [ map { $_ & 1 ? 0 : $_ >> 1 } 0 .. 63 ],
	          'LDS addresses do not wrap at 64 KiB: lane 2k reads dword k, lane 2k+1 (64 KiB above) reads 0');
	is($conf, 0, 'the lanes out of range take no bank: no conflict');
}

# ---- pointer chase ---------------------------------------------------------

sub chase {
	my ($arch, $stride, $count, $steps, $scalar) = @_;
	my $size = $stride * $count;
	$size = 4096 if $size < 4096;
	my $r = exec_kernel($arch, 'model_chase', { out => 16 }, "buf:$size", 'OUT', "u32:$stride", "u32:$count", "u32:$steps",
	                    "u32:$scalar");
	my @o = u32s($r->{out});
	return (undef, $r) unless $r->{ok} && @o == 4 && $o[1];
	ok($o[3] == (($count + $steps) % $count) * $stride, "$arch chase $count x $stride B: the chain is followed");
	return ($o[0] / $o[1] - $o[2], $r);
}

for my $c (['gfx942', 'vector L1', 128, 128, 256, 0, 116, 120, 'GCNLAB_TCP_HIT'],
           ['gfx942', 'L2 (2 MiB)', 128, 16384, 512, 0, 210, 225, 'TCC_HIT'],
           ['gfx942', 'Infinity Cache', 256 * 1024, 32, 256, 0, 455, 535, 'GCNLAB_MALL_HIT'],
           ['gfx942', 'scalar cache', 64, 128, 256, 1, 44, 52, 'SQC_DCACHE_HITS'],
           ['gfx90a', 'vector L1', 64, 128, 256, 0, 120, 130, 'GCNLAB_TCP_HIT'],
           ['gfx90a', 'L2 (2 MiB)', 64, 32768, 512, 0, 230, 250, 'TCC_HIT'],
           ['gfx90a', 'HBM', 512 * 1024, 32, 256, 0, 570, 670, 'GCNLAB_HBM_READ_BYTES']) {
	my ($arch, $level, $stride, $count, $steps, $scalar, $lo, $hi, $cnt) = @$c;
	my ($lat, $r) = chase($arch, $stride, $count, $steps, $scalar);
	ok(within($lat, $lo, $hi), "$arch chase, $level: $lo-$hi cycles per step")
		or diag(sprintf('measured %s', defined $lat ? sprintf('%.1f', $lat) : 'nothing'));
	my $min = $cnt eq 'GCNLAB_HBM_READ_BYTES' ? $steps * 64 : $steps;
	ok(($r->{counters}{$cnt} // 0) >= $min, "$arch chase, $level: $cnt counts the steps")
		or diag("$cnt = " . ($r->{counters}{$cnt} // 'none'));
}

# ---- instruction cache -----------------------------------------------------

{
	my $cold = exec_kernel('gfx942', 'model_icache', { out => 4 }, 'OUT', 'u32:0');
	my $warm = exec_kernel('gfx942', 'model_icache', { out => 4, extra => [ '--repeat', 2 ] }, 'OUT', 'u32:0');
	my $flushed = exec_kernel('gfx942', 'model_icache', { out => 4, extra => [ '--repeat', 2 ] }, 'OUT', 'u32:1');
	my ($c1, $c2) = @{ $warm->{counters_by} };
	my (undef, $f2) = @{ $flushed->{counters_by} };
	ok(($c1->{SQC_ICACHE_MISSES} // 0) >= 128, 'first dispatch: 8 KiB of code miss (>= 128 lines)')
		or diag('misses ' . ($c1->{SQC_ICACHE_MISSES} // 'none'));
	ok(defined $c2 && $c2->{SQC_ICACHE_MISSES} == 0 && $c2->{SQC_ICACHE_HITS} >= 128,
	   'second dispatch of the same kernel: every line hits');
	ok(defined $f2 && $f2->{SQC_ICACHE_MISSES} >= 128, 'after s_icache_inv the next dispatch misses again');
	my ($tc) = u32s($cold->{out});
	my ($tw) = u32s($warm->{out});
	ok(defined $tc && defined $tw && $tw * 10 < $tc, 'the cached code runs >10x faster (its own s_memtime)')
		or diag("cold $tc, warm $tw cycles");
}

# ---- Little's law: bandwidth grows with loads in flight until DRAM saturates ----

# bytes/cycle (s_memtime) and GB/s (s_memrealtime at $rt_hz) of model_stream_uN.
sub stream {
	my ($arch, $u, $waves, $kib_per_wave, $rt_hz, $env) = @_;
	my $bytes = $waves * $kib_per_wave * 1024;
	my $r = exec_kernel($arch, "model_stream_u$u", { grid => 64 * $waves, out => 16 * $waves, env => $env },
	                    "buf:$bytes", 'OUT', 'u32:' . ($kib_per_wave / $u));
	my @o = u32s($r->{out});
	return () unless $r->{ok} && @o == 4 * $waves;
	my ($t0, $t1, $r0, $r1) = (1e30, 0, 1e30, 0);
	for (my $i = 0; $i < @o; $i += 4) {
		$t0 = $o[$i] if $o[$i] < $t0;
		$t1 = $o[$i + 1] if $o[$i + 1] > $t1;
		$r0 = $o[$i + 2] if $o[$i + 2] < $r0;
		$r1 = $o[$i + 3] if $o[$i + 3] > $r1;
	}
	return ($bytes / ($t1 - $t0), $bytes / (($r1 - $r0) / $rt_hz) / 1e9, $r1 - $r0, $r);
}

{
	my %bw;
	for my $u (1, 2, 4, 8, 16) {
		($bw{$u}{bpc}, $bw{$u}{gbs}) = stream('gfx900', $u, 64, 128, 25e6);
	}
	diag(join(', ', map { sprintf('%d in flight: %.0f B/cycle %.0f GB/s', $_, $bw{$_}{bpc} // 0, $bw{$_}{gbs} // 0) }
	          sort { $a <=> $b } keys %bw));
	my $ratio = sub { my ($a, $b) = @_; return $bw{$a}{bpc} && $bw{$b}{bpc} ? $bw{$a}{bpc} / $bw{$b}{bpc} : undef };
	ok(within($ratio->(2, 1), 1.6, 2.2), "Little's law: 2 loads in flight per wave move 1.6-2.2x the bytes/cycle of 1");
	ok(within($ratio->(8, 4), 0.9, 1.1) && within($ratio->(16, 8), 0.9, 1.1),
	   'saturated: 4, 8 and 16 in flight within 10%');
	ok(within($bw{16}{gbs}, 0.70 * 484, 484), 'saturated gfx900 stream: 70-100% of the 484 GB/s HBM2 peak')
		or diag('measured ' . ($bw{16}{gbs} // 'nothing') . ' GB/s');
}

# ---- clocks ----------------------------------------------------------------

{
	my @r;
	for my $mhz (1000, 2000) {
		my $r = exec_kernel('gfx942', 'model_alu', { out => 12, env => { GCNLAB_EMU_SCLK_MHZ => $mhz } }, 'OUT', 'u32:128');
		push @r, [ u32s($r->{out}) ];
	}
	my ($c1, $t1, $v) = @{ $r[0] };
	my ($c2, $t2) = @{ $r[1] };
	ok(defined $c2 && within($c2 / $c1, 0.99, 1.01), 'ALU-bound loop: the same shader cycles at 1000 and 2000 MHz');
	ok(defined $t2 && within($t1 / $t2, 1.94, 2.06), 'ALU-bound loop: twice the shader clock, half the realtime');
	is(unpack('f<', pack('V', $v // 0)), 1 + 2 * 128 * 32 * 0.5, 'the loop computed what it should');

	my (undef, undef, $slow) = stream('gfx900', 16, 64, 64, 25e6, { GCNLAB_EMU_MCLK_MHZ => 472 });
	my (undef, undef, $fast) = stream('gfx900', 16, 64, 64, 25e6, { GCNLAB_EMU_MCLK_MHZ => 945 });
	ok($fast && within($slow / $fast, 1.7, 2.2), 'HBM-bound stream: half the memory clock, 1.7-2.2x the time')
		or diag('realtime ticks ' . ($fast // '-') . ' / ' . ($slow // '-'));
}

# ---- trace -----------------------------------------------------------------

# { offset => { issues, cycles, stalls => { cause => n }, text } } of a trace.
sub parse_trace {
	my ($text) = @_;
	my (%rows, $total);
	for my $line (split /\n/, $text) {
		if ($line =~ /^\s+0x([0-9a-f]+)\s+(\d+)\s+(\d+)\s+[0-9.]+\s+[0-9.]+%\s+(.*)$/) {
			my ($off, $iss, $cyc, $rest) = (hex $1, $2, $3, $4);
			my %st;
			$st{$1} = $2 while $rest =~ /\b(vmcnt|lgkmcnt|expcnt|lds-bank|vmem-queue|barrier|icache) (\d+)/g;
			$rows{$off} = { issues => $iss, cycles => $cyc, stalls => \%st, text => $rest };
		} elsif ($line =~ /^\s+total: (\d+) issues/) {
			$total = $1;
		}
	}
	return (\%rows, $total);
}

sub any_stall {
	my ($rows, $cause, $re) = @_;
	return grep { ($_->{stalls}{$cause} // 0) > 0 && (!$re || $_->{text} =~ $re) } values %$rows;
}

{
	my ($text, $rc) = run_cmd($gcnlab, 'trace', 'copy_256_16_16_256', '--arch', 'gfx942', '--counters');
	ok($rc == 0, 'gcnlab trace copy_256_16_16_256 runs') or diag($text);
	my ($rows, $total) = parse_trace($text);
	my ($insts) = $text =~ /^\s+SQ_INSTS\s+(\d+)/m;
	ok(defined $total && defined $insts && $total == $insts, 'trace: the issues add up to SQ_INSTS');
	ok(scalar any_stall($rows, 'vmem-queue', qr/buffer_(load|store)/),
	   'trace: 64 back-to-back dwordx4 on one CU stall on the full VMEM queue');
	ok(scalar any_stall($rows, 'lgkmcnt', qr/s_waitcnt lgkmcnt/), 'trace: s_waitcnt lgkmcnt rows carry lgkmcnt stalls');
	ok(($rows->{0}{stalls}{icache} // 0) > 0, 'trace: the first instruction waits for the cold instruction cache');
	($text, $rc) = run_cmd($gcnlab, 'trace', 'copy_256_4_64_256', '--arch', 'gfx942');
	($rows) = parse_trace($text);
	ok(scalar any_stall($rows, 'vmcnt', qr/s_waitcnt vmcnt/),
	   'trace: with fewer loads in flight the waves wait in s_waitcnt vmcnt instead');

	my $in = file_of(pack('V*', map { $_ * 128 } 0 .. 63));
	my $r = exec_kernel('gfx942', 'model_lds_b32', { out => 272, extra => [ '--trace-wave', 0 ] }, "buf:256:file:$in",
	                    'OUT', 'u32:0', 'u32:64');
	($rows) = parse_trace($r->{text});
	my @ds = grep { $_->{text} =~ /ds_read_b32/ } values %$rows;
	my @short = grep { ($_->{stalls}{'lds-bank'} // 0) < 62 * $_->{issues} } @ds;
	ok(@ds && !@short, 'trace of wave 0: every ds_read_b32 at lane stride 32 is charged its 62 conflict cycles per issue');
	like($r->{text}, qr/trace of model_lds_b32: wave 0 of 1/, 'trace header names the wave');
}

# ---- counters in suite results ---------------------------------------------

{
	my ($text, $rc) = run_cmd($gcnlab, 'run', 'copy', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/r",
	                          '--reps', 1, '--warmup', 0, '--counters');
	ok($rc == 0, 'gcnlab run copy --counters') or diag($text);
	my $csv = read_csv("$tmp/r/gfx942-emu/copy.csv");
	my ($row) = $csv ? rows_where($csv, kernel => 'copy_256_4_64_256') : ();
	my $x = exec_kernel('gfx942', 'copy_256_4_64_256', { grid => 256, block => 256 }, 'buf:1M', 'buf:1M');
	# Result columns are snake_case: the counter's name in lower case.
	ok($row && defined $row->{sq_insts} && $row->{sq_insts} == $x->{counters}{SQ_INSTS},
	   'run --counters: an sq_insts column per kernel, equal to what exec --counters reports');
	ok($row && defined $row->{sq_lds_bank_conflict} && defined $row->{tcc_hit} && defined $row->{gcnlab_waitcnt_cycles},
	   'run --counters: sq_lds_bank_conflict, tcc_hit and gcnlab_waitcnt_cycles columns');
}

# ---- determinism -----------------------------------------------------------

{
	my @runs = map { exec_kernel('gfx942', 'model_stream_u8', { grid => 64 * 128, out => 16 * 128 }, 'buf:16M', 'OUT', 'u32:16') }
		1 .. 2;
	ok($runs[0]{ok} && $runs[0]{out} eq $runs[1]{out}, '128 waves contending for memory: the same timestamps twice');
	is_deeply($runs[0]{counters}, $runs[1]{counters}, 'and the same counters');
	my @lds = map { [ lds_run('gfx942', 'b32', 1, 64, map { $_ * 32 } 0 .. 63) ] } 1 .. 2;
	is_deeply($lds[0][3], $lds[1][3], 'an LDS-bound kernel: the same outputs and cycles twice');
}

done_testing();
