#!/usr/bin/perl
# cache_policy.t — every cache-policy combination (bits sc0/glc, sc1/scc,
# nt/slc) of a vector load, store and atomic, on gfx900, gfx90a and gfx942,
# hits, misses and bypasses the caches its ISA document's table says, as the
# counters named as rocprofv3 names them show (TCP_*, TCC_HIT, TCC_MISS,
# TCC_REQ, TCC_EA0_RDREQ / TCC_EA_RDREQ, TCC_EA0_WRREQ / TCC_EA_WRREQ, and
# GCNLAB_MALL_HIT / _MISS for gfx942's last-level cache).
#
# The tables below are transcribed from the documents, not from the model:
#   gfx942  CDNA3 ISA "Memory Scope and Temporal Control": tables "Load
#           Controls", "Store Controls" (CU cache / L2 / last-level) and the
#           "Atomics" paragraph (sc0 returns, sc1 system scope, nt no
#           last-level allocation); "(>1 L2 cache): Coherent Cache Bypass"
#           for device scope, gfx942 having one L2 per XCD.
#   gfx900  Vega ISA §8.1.10 "GLC Bit Explained" (glc: a load misses the
#   gfx90a  L1, a present line invalidated; stores written through) and the
#           for slc LLVM's SIMemoryLegalizer (glc+slc: L1 MISS_EVICT, L2
#           STREAM; not the Southern Islands field table's "forced to miss
#           in level 2"); gfx90a's scc has no effect (emu_timing_cpol.c).
# Each kernel of asm/bandwidth/cpol.s is a short sequence of accesses; a
# small simulation of the three caches under these tables predicts its
# counters. The TCP counters are compared as they are; the L2 and MALL
# counters, which include the kernarg and instruction fetches, as the
# difference from variant 0 of the same kernel, against the predicted
# difference. Not observable with one wave and 1 KiB: "Hit LRU" against
# "Hit Stream" (they differ only under set pressure).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $build = build_dir();

# Line bytes of the L1 and the L2 (the MALL's line is the L2's), and
# whether there is a MALL (emu/arch/emu_profile.c).
my %geo = (gfx900 => { l1 => 64, l2 => 64, mall => 0 }, gfx90a => { l1 => 64, l2 => 128, mall => 0 },
           gfx942 => { l1 => 128, l2 => 128, mall => 1 });

# [op][bits] => "L1 L2 LLC". Row index: bit 0 sc0/glc, bit 1 sc1/scc,
# bit 2 nt/slc.
my %isa;
$isa{gfx942} = {
	ld => ['HIT_LRU HIT_LRU HIT_LRU', 'HIT_LRU HIT_LRU HIT_EVICT', 'MISS_EVICT BYPASS HIT_LRU',
	       'MISS_EVICT BYPASS HIT_LRU', 'MISS_EVICT HIT_STREAM HIT_EVICT', 'MISS_EVICT HIT_STREAM HIT_EVICT',
	       'MISS_EVICT BYPASS HIT_EVICT', 'MISS_EVICT BYPASS HIT_EVICT'],
	st => ['MISS_LRU HIT_LRU HIT_LRU', 'MISS_LRU HIT_LRU HIT_LRU', 'MISS_EVICT BYPASS HIT_LRU',
	       'MISS_EVICT BYPASS HIT_LRU', 'MISS_EVICT HIT_STREAM HIT_EVICT', 'MISS_EVICT HIT_STREAM HIT_EVICT',
	       'MISS_EVICT BYPASS HIT_EVICT', 'MISS_EVICT BYPASS HIT_EVICT'],
	at => ['NONE HIT_LRU HIT_LRU', 'NONE HIT_LRU HIT_LRU', 'NONE BYPASS HIT_LRU', 'NONE BYPASS HIT_LRU',
	       'NONE HIT_LRU HIT_EVICT', 'NONE HIT_LRU HIT_EVICT', 'NONE BYPASS HIT_EVICT', 'NONE BYPASS HIT_EVICT'],
};
$isa{gfx900} = $isa{gfx90a} = {
	ld => [map { ($_ & 1 ? 'MISS_EVICT' : 'HIT_LRU') . ($_ & 4 ? ' HIT_STREAM' : ' HIT_LRU') . ' HIT_LRU' } 0 .. 7],
	st => [map { ($_ & 1 ? 'MISS_EVICT' : 'MISS_LRU') . ($_ & 4 ? ' HIT_STREAM' : ' HIT_LRU') . ' HIT_LRU' } 0 .. 7],
	at => [map { 'NONE' . ($_ & 4 ? ' HIT_STREAM' : ' HIT_LRU') . ' HIT_LRU' } 0 .. 7],
};
# The load S of the kernels that misses the L1 (gfx942: system scope, which
# also bypasses the L2; gfx900/gfx90a: glc slc), and a plain access P.
my %sys = (gfx942 => 3, gfx900 => 5, gfx90a => 5);

# The kernels (asm/bandwidth/cpol.s): [what, op, policy (X, P, S), bytes].
my %seq = (
	ld => [['ld', 'X', 1024], ['ld', 'X', 1024]],
	st => [['ld', 'P', 1024], ['st', 'X', 1024], ['ld', 'P', 1024]],
	at => [['at', 'X', 256], ['ld', 'S', 256], ['ld', 'P', 256]],
	l2 => [['ld', 'X', 1024], ['inv'], ['ld', 'X', 1024]],
	sw => [['st', 'X', 1024], ['inv'], ['ld', 'P', 1024]],
	ll => [['ld', 'X', 1024], ['ld', 'S', 1024]],
	sl => [['st', 'X', 1024], ['ld', 'S', 1024]],
);

# The counters the tables predict for kernel $k with bits $bits on $arch.
sub predict {
	my ($arch, $k, $bits, $table) = @_;
	my $g = $geo{$arch};
	my (%l1, %l2, %mall, %c);
	my $ea = $g->{l2} / 64;  # 64-byte EA requests per L2 line
	my $mall_read = sub {
		my ($line, $llc) = @_;
		return unless $g->{mall};
		if ($mall{$line}) {
			$c{MALL_HIT}++;
			delete $mall{$line} if $llc eq 'HIT_EVICT';
		} else {
			$c{MALL_MISS}++;
			$mall{$line} = 1 if $llc eq 'HIT_LRU';
		}
	};
	for my $a (@{ $seq{$k} }) {
		my ($what, $pol, $bytes) = @$a;
		if ($what eq 'inv') {
			%l1 = ();
			next;
		}
		my $row = $pol eq 'X' ? $bits : $pol eq 'S' ? $sys{$arch} : 0;
		my ($p1, $p2, $p3) = split ' ', $table->{$what}[$row];
		for (my $x = 0; $x < $bytes; $x += $g->{l1}) {
			my $line1 = $x / $g->{l1};
			my $line2 = int($x / $g->{l2});
			if ($what eq 'ld') {
				$c{TCP_TOTAL_CACHE_ACCESSES}++;
				if ($p1 eq 'HIT_LRU' && $l1{$line1}) {
					$c{TCP_HIT}++;
					next;
				}
				$c{TCP_MISS}++;
				$c{TCP_TCC_READ_REQ}++;
				$p1 eq 'HIT_LRU' ? ($l1{$line1} = 1) : delete $l1{$line1};
			} elsif ($what eq 'st') {
				$c{TCP_TOTAL_CACHE_ACCESSES}++;
				$c{TCP_TCC_WRITE_REQ}++;
				delete $l1{$line1} if $p1 eq 'MISS_EVICT';
			} else {
				$c{($row & 1) ? 'TCP_TCC_ATOMIC_WITH_RET_REQ' : 'TCP_TCC_ATOMIC_WITHOUT_RET_REQ'}++;
			}
			$c{TCC_REQ}++;
			if ($p2 eq 'BYPASS') {
				$c{TCC_MISS}++;
				if ($what eq 'ld') {
					$c{TCC_EA_RDREQ} += $ea;
					$mall_read->($line2, $p3);
				} elsif ($what eq 'st') {
					$c{TCC_EA_WRREQ} += $ea;
					$mall{$line2} = 1 if $g->{mall} && $p3 eq 'HIT_LRU';
				} else {
					$c{TCC_EA_WRREQ}++;
					$mall_read->($line2, $p3);
				}
				next;
			}
			if ($l2{$line2}) {
				$c{TCC_HIT}++;
				next;
			}
			$c{TCC_MISS}++;
			$l2{$line2} = 1;
			next if $what eq 'st';  # a byte-masked write allocates without a fill
			$c{TCC_EA_RDREQ} += $ea;
			$mall_read->($line2, $p3);
		}
	}
	return \%c;
}

sub counters {
	my ($arch, $name) = @_;
	my $co = "$build/$arch/test/$name.co";
	return undef unless -f $co;
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, $name, '--grid', 64, '--block', 64, '--counters', 'buf:64K');
	return undef if $rc;
	my %c;
	for (split /\n/, $out) {
		$c{$1} = $2 if /^\s+(?:GCNLAB_)?(\S+)\s+(\d+)/;
	}
	$c{TCC_EA_RDREQ} //= $c{TCC_EA0_RDREQ};
	$c{TCC_EA_WRREQ} //= $c{TCC_EA0_WRREQ};
	return \%c;
}

my @tcp = qw(TCP_TOTAL_CACHE_ACCESSES TCP_HIT TCP_MISS TCP_TCC_READ_REQ TCP_TCC_WRITE_REQ
             TCP_TCC_ATOMIC_WITH_RET_REQ TCP_TCC_ATOMIC_WITHOUT_RET_REQ);
my @beyond = qw(TCC_REQ TCC_HIT TCC_MISS TCC_EA_RDREQ TCC_EA_WRREQ);

# The predictions must tell the rows apart: a table whose every row gave
# the counters of row 0 would let a model that ignores the bits pass.
my %told;
for my $arch (sort keys %geo) {
	my @b = (@beyond, $geo{$arch}{mall} ? qw(MALL_HIT MALL_MISS) : ());
	for my $k (sort keys %seq) {
		my $base = counters($arch, "cpol_${k}_0");
		ok($base, "$arch cpol_${k}_0 runs") or next;
		my $p0 = predict($arch, $k, 0, $isa{$arch});
		for my $bits (0 .. 7) {
			my $name = "cpol_${k}_$bits";
			my $c = $bits ? counters($arch, $name) : $base;
			if ($bits) {
				ok($c, "$arch $name runs") or next;
			}
			my $p = predict($arch, $k, $bits, $isa{$arch});
			my $sig = join ',', map { $p->{$_} // 0 } @tcp, @b;
			$told{"$arch $k"}{$sig} = 1;
			my @bad;
			for my $n (@tcp) {
				my ($got, $want) = ($c->{$n} // 0, $p->{$n} // 0);
				push @bad, "$n $got (want $want)" unless $got == $want;
			}
			for my $n (@b) {
				my $d = ($c->{$n} // 0) - ($base->{$n} // 0);
				my $want = ($p->{$n} // 0) - ($p0->{$n} // 0);
				push @bad, "$n $c->{$n} - $base->{$n} = $d (want $want)" unless $d == $want;
			}
			my $what = join ' / ', map { $isa{$arch}{$_->[0]}[$_->[1] eq 'X' ? $bits : $_->[1] eq 'S' ? $sys{$arch} : 0] }
			           grep { $_->[0] ne 'inv' && $_->[1] eq 'X' } @{ $seq{$k} };
			ok(!@bad, "$arch $name ($what): the counters match the ISA's table") or diag(join("\n", @bad));
		}
	}
}
# Rows that differ in the table show different counters in some kernel.
# On gfx900/gfx90a only glc is observable here (slc's Hit Stream looks like
# Hit LRU without set pressure), which three of the kernels show.
my %need = (gfx942 => 5, gfx900 => 3, gfx90a => 3);
for my $arch (sort keys %geo) {
	my $n = grep { /^\Q$arch\E / && keys %{ $told{$_} } > 1 } keys %told;
	ok($n >= $need{$arch}, "$arch: the kernels tell the table's rows apart ($n of 7 kernels see more than one outcome)");
}

done_testing();
