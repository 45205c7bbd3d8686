#!/usr/bin/perl
# cache_policy.t — every cache-policy combination of a vector load, store
# and atomic (asm/bandwidth/cpol.s: bits sc0/glc, sc1/scc, nt/slc) on
# gfx900, gfx90a and gfx942 hits, misses and bypasses the caches the policy
# table of emu/model/emu_timing_vmem.c says (from LLVM's SIMemoryLegalizer
# and AMDGPUUsage's memory models), as the counters named as rocprofv3 names
# them show (TCP_*, TCC_HIT, TCC_MISS, TCC_REQ, TCC_EA0_RDREQ / TCC_EA_RDREQ,
# TCC_EA0_WRREQ / TCC_EA_WRREQ):
#   loads    gfx942: sc1 misses the L1 (agent scope), sc0 sc1 misses the L1
#            and the L2 (system scope: memory is the point of coherence);
#            sc0 alone and nt keep both. gfx900/gfx90a: glc misses the L1,
#            slc and gfx90a's scc keep it; the L2 is never bypassed.
#   stores   never allocate in the L1 (write-through); gfx942 sc0 sc1 writes
#            through the L2 to memory, so the load after it misses the L2.
#   atomics  performed at the L2 whatever the bits; sc0 / glc returns the
#            old value (TCP_TCC_ATOMIC_WITH_RET_REQ, else _WITHOUT_RET_).
# The L2 counters include the kernarg and instruction fetches, the same for
# every variant of one operation: they are compared with its variant 0.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $build = build_dir();

# Lines per KiB and per 256 B in the L1, EA requests (64 B) per L1 line.
my %geo = (gfx900 => { l1 => 64, ea => 1 }, gfx90a => { l1 => 64, ea => 1 }, gfx942 => { l1 => 128, ea => 2 });

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

# What the policy table says for arch and the bits.
sub policy {
	my ($arch, $bits) = @_;
	if ($arch eq 'gfx942') {
		return { l1_bypass => ($bits & 2) != 0, l2_bypass => ($bits & 3) == 3, ret => ($bits & 1) != 0 };
	}
	return { l1_bypass => ($bits & 1) != 0, l2_bypass => 0, ret => ($bits & 1) != 0 };
}

for my $arch (qw(gfx900 gfx90a gfx942)) {
	my $L = 1024 / $geo{$arch}{l1};        # lines of a 1 KiB access
	my $La = 256 / $geo{$arch}{l1};        # lines of the 256 B atomic
	my $ea = $geo{$arch}{ea};
	for my $op (qw(ld st at)) {
		my $base = counters($arch, "cpol_${op}_0");
		ok($base, "$arch cpol_${op}_0 runs") or next;
		for my $bits (0 .. 7) {
			my $name = "cpol_${op}_$bits";
			my $c = $bits ? counters($arch, $name) : $base;
			if ($bits) {
				ok($c, "$arch $name runs") or next;
			}
			my $p = policy($arch, $bits);
			my (%want, %delta);
			if ($op eq 'ld') {
				%want = (TCP_TOTAL_CACHE_ACCESSES => 2 * $L, TCP_HIT => $p->{l1_bypass} ? 0 : $L,
				         TCP_MISS => $p->{l1_bypass} ? 2 * $L : $L,
				         TCP_TCC_READ_REQ => $p->{l1_bypass} ? 2 * $L : $L, TCP_TCC_WRITE_REQ => 0);
				%delta = (TCC_REQ => $p->{l1_bypass} ? $L : 0,
				          TCC_HIT => $p->{l1_bypass} && !$p->{l2_bypass} ? $L : 0,
				          TCC_MISS => $p->{l2_bypass} ? $L : 0, TCC_EA_RDREQ => $p->{l2_bypass} ? $L * $ea : 0);
			} elsif ($op eq 'st') {
				%want = (TCP_TOTAL_CACHE_ACCESSES => 2 * $L, TCP_TCC_WRITE_REQ => $L, TCP_HIT => 0,
				         TCP_MISS => $L, TCP_TCC_READ_REQ => $L);
				%delta = (TCC_HIT => $p->{l2_bypass} ? -$L : 0, TCC_MISS => $p->{l2_bypass} ? $L : 0,
				          TCC_EA_WRREQ => $p->{l2_bypass} ? $L * $ea : 0,
				          TCC_EA_RDREQ => $p->{l2_bypass} ? $L * $ea : 0);
			} else {
				%want = (TCP_TOTAL_CACHE_ACCESSES => $La, TCP_TCC_ATOMIC_WITH_RET_REQ => $p->{ret} ? $La : 0,
				         TCP_TCC_ATOMIC_WITHOUT_RET_REQ => $p->{ret} ? 0 : $La, TCP_MISS => $La);
				%delta = (TCC_HIT => 0, TCC_MISS => 0, TCC_EA_WRREQ => 0);
			}
			my @bad;
			for my $k (sort keys %want) {
				push @bad, "$k " . ($c->{$k} // 'none') . " (want $want{$k})" unless ($c->{$k} // -1) == $want{$k};
			}
			for my $k (sort keys %delta) {
				my $d = ($c->{$k} // 0) - ($base->{$k} // 0);
				push @bad, "$k $c->{$k} - $base->{$k} = $d (want $delta{$k})" unless $d == $delta{$k};
			}
			my $what = $op eq 'ld' ? ($p->{l1_bypass} ? 'L1 miss' : 'L1 kept') . ($p->{l2_bypass} ? ', L2 bypass' : '')
			         : $op eq 'st' ? 'write-through' . ($p->{l2_bypass} ? ' to memory' : ' to the L2')
			         : 'at the L2' . ($p->{ret} ? ', returns' : ', no return');
			ok(!@bad, "$arch $name ($what): the counters match the policy table")
				or diag(join("\n", @bad));
		}
	}
}

done_testing();
