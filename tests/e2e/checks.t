#!/usr/bin/perl
# checks.t — the emulated GPU is as strict as the hardware about state a
# kernel must not rely on and about its launch (emu_check.c, emu_operand.c,
# emu_dispatch.c). Kernels: tests/asm/checks.s, one CASE each, assembled per
# arch; each case runs plain and, where it reports, with GCNLAB_EMU_STRICT=1.
#
#   uninitialised VGPR / SGPR / LDS read   warning naming the register or LDS
#                                          byte and the instruction, the poison
#                                          0xffbadbad read; strict: a fault
#   the same kernel writing first          clean under strict
#   s_or_b64 of an unwritten pair with     clean under strict (LLVM's lane-mask
#   EXEC                                   idiom); with another SGPR pair: reported
#   three dispatches of one kernel         the warning printed once
#   LDS past the 16 KiB allocation         no 16-bit wrap: writes dropped,
#                                          reads 0, a warning (strict too)
#   s60 with a 16-SGPR grant               fault naming s60 and the grant
#   VCC of a 16-SGPR grant                 is s[14:15]
#   s_trap 2 / s_trap 3                    HSA_STATUS_ERROR_EXCEPTION / no-op
#   store over the kernel's code           memory fault
#   USER_SGPR_COUNT not covering enables   inconsistent-descriptor warning, the
#                                          system SGPRs after the counted ones;
#                                          USER_SGPR_COUNT = 0: no kernarg pointer
#   --grid 4294967295 --block 64           runs (ends at the instruction budget),
#                                          never an empty exit 0
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
my $llvm = need_llvm('llvm-mc', 'ld.lld', 'llvm-readelf');
my @archs = @ARCHS;
my $POISON = 0xffbadbad;


my $tmp = temp_dir('checks');

# run(\%env, @cmd): stdout+stderr and exit code (killed after 120 s).
sub run {
	my ($env, @cmd) = @_;
	return run_cmd({ env => $env, timeout => 120 }, @cmd);
}

# tests/asm/checks.s with --defsym CASE=case, assembled for ARCH.
sub build_case {
	my ($arch, $case) = @_;
	my ($co, $err) = assemble("$root/tests/asm/checks.s", $arch, "$tmp/checks$case.$arch.co",
	                          { defsym => ["CASE=$case"] });
	return $co // die $err;
}

# Run CASE on ARCH with a 128-dword `out`; returns (output, exit code, words).
sub exec_case {
	my ($co, $env, @launch) = @_;
	my $path = "$co.out";
	unlink $path;
	@launch = ('--grid', 64, '--block', 64) unless @launch;
	my ($out, $rc) = run($env, $gcnlab, 'exec', $co, 'checks', '--backend', 'emu', @launch,
	                     "out:512:$path");
	return ($out, $rc, [words($path)]);
}

sub clean_exit {
	my ($out, $rc) = @_;
	return $rc == 0 && $out !~ /AddressSanitizer|runtime error:|Segmentation fault/;
}

# words(ref, from, n) equal to the list; a description of the first mismatch or ''.
sub words_are {
	my ($w, $from, @want) = @_;
	return 'no output file' unless @$w >= $from + @want;
	for my $i (0 .. $#want) {
		return sprintf('word %d is 0x%08x, expected 0x%08x', $from + $i, $w->[$from + $i], $want[$i])
			if $w->[$from + $i] != $want[$i];
	}
	return '';
}

# Patch the 64-byte descriptor checks.kd of CO: bytes 52-55 rsrc2, 56-57
# kernel_code_properties; SUB gets and returns (rsrc2, props).
sub patch_kd {
	my ($co, $dst, $sub) = @_;
	my ($syms) = run({}, "$llvm/llvm-readelf", '-s', '-S', '-W', $co);
	my ($value) = $syms =~ /^\s*\d+:\s+([0-9a-f]+)\s+64\s+OBJECT\s+\S+\s+\S+\s+\S+\s+checks\.kd$/m
		or die "no checks.kd in $co:\n$syms";
	my $off;
	for (split /\n/, $syms) {
		next unless /^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)/;
		my ($addr, $o, $size) = (hex $2, hex $3, hex $4);
		$off = hex($value) - $addr + $o if hex($value) >= $addr && hex($value) < $addr + $size;
	}
	die "checks.kd of $co is in no section" unless defined $off;
	open(my $in, '<:raw', $co) or die "$co: $!";
	local $/;
	my $bytes = <$in>;
	close $in;
	my ($rsrc2, $props) = unpack('V v', substr($bytes, $off + 52, 6));
	($rsrc2, $props) = $sub->($rsrc2, $props);
	substr($bytes, $off + 52, 6) = pack('V v', $rsrc2, $props);
	open(my $o, '>:raw', $dst) or die "$dst: $!";
	print $o $bytes;
	close $o;
	return $dst;
}

my %strict = (GCNLAB_EMU_STRICT => 1);

for my $arch (@archs) {
	# ---- uninitialised state --------------------------------------------------
	my %uninit = (1 => [qr/reads v10\b/, 'v_mov_b32'], 2 => [qr/reads s20\b/, 'v_mov_b32'],
	              3 => [qr/LDS byte 0x0\b/, 'ds_read_b32'], 14 => [qr/reads s20\b/, 's_or_b64']);
	for my $case (sort keys %uninit) {
		my ($pat, $mnem) = @{$uninit{$case}};
		my $co = build_case($arch, $case);
		my ($out, $rc, $w) = exec_case($co, {});
		my @want = $case == 14 ? () : (($POISON) x 64);  # s20 | s6: not the poison itself
		my $bad = clean_exit($out, $rc) ? words_are($w, 0, @want) : "exit $rc";
		$bad ||= "no warning naming the register/byte and $mnem" unless $out =~ /warning: uninitialised (?:LDS )?read/
			&& $out =~ $pat && $out =~ /\Q$mnem\E/;
		ok($bad eq '', "uninitialised read case $case on $arch: warned, reads the poison") or diag("$bad\n$out");
		($out, $rc) = exec_case($co, \%strict);
		fails_cleanly("uninitialised read case $case on $arch: strict mode faults", $out, $rc,
		              qr/uninitialised (?:LDS )?read/, $pat, qr/\bchecks\b/, qr/\Q$arch\E/);
	}
	{
		my $co = build_case($arch, 12);
		my ($out, $rc, $w) = exec_case($co, \%strict);
		my $bad = clean_exit($out, $rc) ? words_are($w, 0, (7) x 64) : "exit $rc";
		$bad ||= 'a warning' if $out =~ /warning/;
		ok($bad eq '', "written before read on $arch: clean in strict mode") or diag("$bad\n$out");
		($out, $rc, $w) = exec_case(build_case($arch, 13), \%strict);
		$bad = clean_exit($out, $rc) ? words_are($w, 0, (0) x 64) : "exit $rc";
		$bad ||= 'a warning' if $out =~ /warning/;
		ok($bad eq '', "lane-mask idiom (s_or_b64 with EXEC of an unwritten pair) on $arch: clean in strict mode")
			or diag("$bad\n$out");
		# Warnings once per kernel: three dispatches, one report.
		($out, $rc) = exec_case(build_case($arch, 1), {}, '--grid', 64, '--block', 64, '--repeat', 3);
		my $n = () = $out =~ /warning: uninitialised read in/g;
		ok($rc == 0 && $n == 1, "three dispatches of the same kernel on $arch: the uninitialised read reported once")
			or diag("$n reports, exit $rc\n$out");
	}

	# ---- LDS range ------------------------------------------------------------
	{
		my $co = build_case($arch, 4);
		for my $env ({}, \%strict) {
			my ($out, $rc, $w) = exec_case($co, $env);
			my $bad = clean_exit($out, $rc) ? words_are($w, 0, (0 .. 63), (0) x 64) : "exit $rc";
			$bad ||= 'no out-of-range warning naming 0x10000'
				unless $out =~ /LDS access out of range/ && $out =~ /0x10000\b/ && $out =~ /16384-byte/;
			ok($bad eq '', "LDS past the allocation on $arch" . (%$env ? ' (strict)' : '') .
			   ": no wrap, write dropped, read 0, warned") or diag("$bad\n$out");
		}
	}

	# ---- SGPR grant -------------------------------------------------------------
	{
		my ($out, $rc) = exec_case(build_case($arch, 5), {});
		fails_cleanly("s60 with a 16-SGPR grant on $arch: fault naming s60 and the grant", $out, $rc,
		              qr/\bs60\b/, qr/16 SGPRs granted/, qr/s_mov_b32 s60/);
		my ($out2, $rc2, $w) = exec_case(build_case($arch, 6), {});
		my $bad = clean_exit($out2, $rc2) ? words_are($w, 0, (0x1234) x 64) || words_are($w, 64, (0x5678) x 64)
		                                  : "exit $rc2";
		ok($bad eq '', "VCC of a 16-SGPR grant on $arch is s[14:15]") or diag("$bad\n$out2");
	}

	# ---- s_trap -------------------------------------------------------------------
	{
		my ($out, $rc) = exec_case(build_case($arch, 7), {});
		fails_cleanly("s_trap 2 on $arch: HSA_STATUS_ERROR_EXCEPTION", $out, $rc,
		              qr/HSA_STATUS_ERROR_EXCEPTION/, qr/s_trap 2/);
		my ($out2, $rc2, $w) = exec_case(build_case($arch, 8), \%strict);
		my $bad = clean_exit($out2, $rc2) ? words_are($w, 0, (42) x 64) : "exit $rc2";
		ok($bad eq '', "s_trap 3 on $arch: a no-op") or diag("$bad\n$out2");
	}

	# ---- store into code ------------------------------------------------------------
	{
		my ($out, $rc) = exec_case(build_case($arch, 9), {});
		fails_cleanly("store over the kernel's code on $arch: memory fault", $out, $rc,
		              qr/memory fault/i, qr/code of a loaded code object/, qr/global_store_dword/);
	}

	# ---- USER_SGPR_COUNT taken literally ----------------------------------------------
	{
		my $co = build_case($arch, 10);
		# FLAT_SCRATCH_INIT (kernel_code_properties bit 5) enabled, USER_SGPR_COUNT
		# (rsrc2[5:1]) still 2: the hardware loads the kernarg pointer only and the
		# workgroup id follows it in s2, where the kernel reads it.
		my $fs = patch_kd($co, "$tmp/checks10fs.$arch.co", sub { ($_[0], $_[1] | 0x20) });
		my ($out, $rc, $w) = exec_case($fs, {}, '--grid', 256, '--block', 64);
		my $bad = clean_exit($out, $rc) ? words_are($w, 0, 0 .. 3) : "exit $rc";
		$bad ||= 'no inconsistent-descriptor warning naming flat_scratch_init'
			unless $out =~ /inconsistent kernel descriptor/ && $out =~ /flat_scratch_init/;
		ok($bad eq '', "FLAT_SCRATCH_INIT not counted by USER_SGPR_COUNT on $arch: warned, ids in s2")
			or diag("$bad\n$out");
		($out, $rc) = exec_case($fs, \%strict, '--grid', 256, '--block', 64);
		fails_cleanly("the same in strict mode on $arch: refused", $out, $rc,
		              qr/inconsistent kernel descriptor/, qr/HSA_STATUS_ERROR_INVALID_CODE_OBJECT/);
		# USER_SGPR_COUNT = 0: no kernarg pointer; s[0:1] are the workgroup id
		# and an uninitialised SGPR, so the kernel's s_load faults.
		my $zero = patch_kd($co, "$tmp/checks10z.$arch.co", sub { ($_[0] & ~0x3e, $_[1]) });
		($out, $rc) = exec_case($zero, {});
		fails_cleanly("USER_SGPR_COUNT = 0 on $arch: no kernarg pointer", $out, $rc,
		              qr/inconsistent kernel descriptor/, qr/kernarg_segment_ptr/, qr/fault/);
	}

	# ---- grid overflow --------------------------------------------------------------
	{
		my ($out, $rc) = exec_case(build_case($arch, 11), { GCNLAB_EMU_BUDGET => 100000 },
		                           '--grid', 4294967295, '--block', 64);
		fails_cleanly("--grid 4294967295 --block 64 on $arch: runs until the budget, no empty exit 0",
		              $out, $rc, qr/budget of 100000 wave-instructions/);
	}
}

done_testing();
