#!/usr/bin/perl
# mfma_model.t — the emulator's MFMA timing against AMD's published figures,
# for every MFMA the emulator implements on gfx90a and gfx942.
#
# The kernel (tests/asm/mfma/mfma_lat.s) times, with s_memtime, runs of 4
# and 12 MFMAs of one instruction: independent (four destinations in turn)
# and dependent (each SrcC the previous vDst); (t12 - t4) / 8 is the cycles
# per MFMA. The published figure is 4 cycles x the instruction's passes:
#   - LLVM's AMDGPU scheduling model, asked at test time: `llvm-mca
#     -mcpu=<arch> --instruction-info`, RThroughput = passes (SISchedule.td,
#     Write*PassMAI / Write*PassDGEMM, kept by AMD);
#   - AMD's Matrix Instruction Calculator (CDNA2, --detail-instruction
#     "cycles"), for the gfx90a figures listed in %calc below, which must
#     agree with LLVM's;
#   - 000_106faad81daed8dd.txt: v_mfma_f32_32x32x8_f16 32 cycles on gfx942 (MI308X).
# Dependent chains are asserted only where the ISA needs no wait states
# between them (SrcC exactly the previous vDst, CDNA3 ISA "Dependency
# resolution", LLVM GCNHazardRecognizer::checkMAIHazards90A): not for
# 2-pass (4x4) XDL ops on gfx942, v_mfma_f64_4x4x4* or v_smfmac*, which
# need s_nops there.
# Sharing: the work-group has 5 waves; wave 1 has SIMD 1's matrix core to
# itself (its figures are the ones asserted), waves 0 and 4 share SIMD 0's
# and each sees twice the cadence (+-1/8 of it: who goes first).
# A VGPR-destination form (gfx90a/gfx942 allow C/D in VGPRs) must run at the
# AGPR form's cadence.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use Test::More;
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
my $llvm = need_llvm('llvm-mc', 'ld.lld', 'llvm-mca');
my $tmp = temp_dir('mfma');

# AMD Matrix Instruction Calculator, "cdna2" table, "cycles".
my %calc = (
	gfx90a => {
		v_mfma_f32_32x32x8f16 => 64, v_mfma_f32_16x16x16f16 => 32, v_mfma_f32_4x4x4f16 => 8,
		v_mfma_f32_32x32x2f32 => 64, v_mfma_f32_32x32x2bf16 => 64, v_mfma_i32_32x32x8i8 => 64,
		v_mfma_f64_16x16x4f64 => 32, v_mfma_f64_4x4x4f64 => 16,
	},
	gfx942 => { v_mfma_f32_32x32x8_f16 => 32 },   # 000_106faad81daed8dd.txt
);

# Operand forms tried in turn (D: destination register, also SrcC).
my @forms;
for my $w (32, 16, 8, 4, 2) {
	my $d = "a[D:D+" . ($w - 1) . "]";
	push @forms, "$d, $_, $d" for ('v[0:1], v[2:3]', 'v0, v1', 'v[0:3], v[4:7]');
	push @forms, "$d, v[0:1], v[2:5], v6", "$d, v[0:3], v[4:11], v12";
}

sub mc_errors {
	my ($arch, @lines) = @_;
	my $f = "$tmp/probe.s";
	open(my $fh, '>', $f) or die "$f: $!";
	print $fh "$_\n" for @lines;
	close $fh;
	my ($out) = run_cmd("$llvm/llvm-mc", '-triple', 'amdgcn-amd-amdhsa', "-mcpu=$arch", $f, '-o', '/dev/null');
	my %bad;
	$bad{$1 - 1} = 1 while $out =~ /probe\.s:(\d+):\d+: error/g;
	return %bad;
}

# Writes mfma_ops.inc for the forms in $k, assembles mfma_lat.s and runs it
# with 5 waves. Returns (code object, out file, undef) or (.., .., error text).
sub build_and_run {
	my ($arch, $k, $cycles, $dep_ok) = @_;
	my $inc = "$tmp/mfma_ops.inc";
	open(my $fh, '>', $inc) or die "$inc: $!";
	printf $fh ".set MFMA_NOPS, %d\n.macro mfma_op op, d\n", scalar(@$k);
	for my $i (0 .. $#$k) {
		printf $fh "%s (\\op) == %d\n\t%s %s\n", $i ? '.elseif' : '.if', $i, $k->[$i][0],
		       $k->[$i][1] =~ s/D/\\d/gr;
	}
	print $fh ".endif\n.endm\n.macro mfma_all\n";
	@$dep_ok = ();
	for my $i (0 .. $#$k) {
		my $op = $k->[$i][0];
		my $c = $cycles->{$op} // 0;
		$dep_ok->[$i] = !($op =~ /^v_smfmac/ || $op =~ /f64_4x4x4/ || ($arch eq 'gfx942' && $c == 8));
		my $d = $dep_ok->[$i] ? 1 : 0;
		print $fh "\ttimed 4, 0, $i\n\ttimed 12, 0, $i\n\ttimed 4, $d, $i\n\ttimed 12, $d, $i\n";
	}
	print $fh ".endm\n";
	close $fh;
	my ($co, $outf) = ("$tmp/mfma_lat_$arch.co", "$tmp/out_$arch.bin");
	my ($ok, $err) = assemble("$root/tests/asm/mfma/mfma_lat.s", $arch, $co,
	                          { include => ["$root/tests/asm/mfma", $tmp] });
	return ($co, $outf, $err) unless $ok;
	my ($text, $rc) = run_cmd($gcnlab, 'exec', $co, 'mfma_lat', '--grid', 320, '--block', 320, '--backend', 'emu',
	                       '--arch', $arch, 'out:' . (5 * @$k * 16) . ":$outf");
	return ($co, $outf, $rc ? $text : undef);
}

for my $arch (qw(gfx90a gfx942)) {
	my $tab = slurp("$root/emu/isa/tables/emu_optab_$arch.inc") // BAIL_OUT("no opcode table for $arch");
	my %seen;
	my @ops = grep { !$seen{$_}++ } ($tab =~ /"(v_s?mfma_\w+)"/g);
	ok(@ops > 20, "$arch: the emulator implements " . scalar(@ops) . " MFMAs");

	# An operand form for each.
	my %form;
	for my $f (@forms) {
		my @todo = grep { !$form{$_} } @ops;
		last unless @todo;
		my %bad = mc_errors($arch, map { "$_ " . ($f =~ s/D/0/gr) } @todo);
		for my $i (0 .. $#todo) {
			$form{ $todo[$i] } = $f unless $bad{$i};
		}
	}
	my @miss = grep { !$form{$_} } @ops;
	ok(!@miss, "$arch: an operand form for every MFMA") or diag("none for: @miss");
	@ops = grep { $form{$_} } @ops;

	# Published passes from LLVM's scheduling model.
	my $s = "$tmp/mca_$arch.s";
	open(my $fh, '>', $s) or die;
	print $fh "$_ " . ($form{$_} =~ s/D/0/gr) . "\n" for @ops;
	close $fh;
	my ($mca) = run_cmd("$llvm/llvm-mca", '-mtriple=amdgcn-amd-amdhsa', "-mcpu=$arch", '--instruction-info',
	                    '-iterations=1', $s);
	my %cycles;
	for my $line (split /\n/, $mca) {
		$cycles{$2} = 4 * $1 if $line =~ /^\s*\d+\s+\d+\s+([0-9.]+)\s.*?\b(v_s?mfma_\w+)/;
	}
	my @nomca = grep { !defined $cycles{$_} } @ops;
	ok(!@nomca, "$arch: llvm-mca gives a pass count for every MFMA") or diag("none for: @nomca");
	for my $op (sort keys %{ $calc{$arch} }) {
		is($cycles{$op}, $calc{$arch}{$op}, "$arch $op: LLVM's passes x 4 = the published $calc{$arch}{$op} cycles");
	}

	# The kernel: every op, plus a VGPR-destination form of the first
	# 32x32 op with a 16-register result. An op the emulator reports as
	# unimplemented is dropped (named below) and the kernel rebuilt.
	my (@k, @dep_ok, $co, $outf, %unimpl);
	for my $try (1 .. 16) {
		my @run = grep { !$unimpl{$_} } @ops;
		my ($vop) = grep { $form{$_} =~ /^a\[D:D\+15\], v\[0:1\], v\[2:3\]/ && /32x32x8/ } @run;
		@k = map { [ $_, $form{$_} ] } @run;
		push @k, [ $vop, $form{$vop} =~ s/a\[D:D\+15\]/v[32+(D)\/2:32+(D)\/2+15]/gr, 'VGPR' ] if $vop;
		($co, $outf, my $err) = build_and_run($arch, \@k, \%cycles, \@dep_ok);
		last unless defined $err;
		if ($err =~ /unimplemented instruction: (v_\w+) is not implemented/) {
			$unimpl{$1} = 1;
			next;
		}
		fail("$arch: mfma_lat runs (5 waves)");
		diag($err);
		undef $outf;
		last;
	}
	note("$arch: not executed by the emulator, not timed: " . join(' ', sort keys %unimpl)) if %unimpl;
	next unless defined $outf;
	pass("$arch: mfma_lat runs (5 waves), " . scalar(@k) . " forms");
	my $n = scalar(@k);
	my @t = unpack('V*', slurp($outf) // '');
	my $per = sub { my ($w, $i, $dep) = @_; my $b = $w * $n * 4 + $i * 4 + ($dep ? 2 : 0); ($t[$b + 1] - $t[$b]) / 8 };
	for my $i (0 .. $#k) {
		my ($op, undef, $vgpr) = @{ $k[$i] };
		my $want = $cycles{$op} // next;
		my $name = "$arch $op" . ($vgpr ? ' (VGPR C/D)' : '');
		is($per->(1, $i, 0), $want, "$name: back to back $want cycles");
		is($per->(1, $i, 1), $want, "$name: dependent (SrcC = previous vDst) $want cycles") if $dep_ok[$i];
		ok(within($per->(0, $i, 0), 2 * $want - $want / 8, 2 * $want + $want / 8),
		   "$name: two waves on one SIMD take turns: ~" . (2 * $want) . " cycles each")
			or diag('wave 0: ' . $per->(0, $i, 0));
	}
}

done_testing();
