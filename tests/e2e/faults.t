#!/usr/bin/perl
# faults.t — what `gcnlab exec` does with kernels that fault and with bad
# input: each case must end with one clear message naming the thing, a
# nonzero exit, and no crash of the host process. Kernels from the emulator
# side (tests/asm/fault_*.s, buffer_oob.s) are assembled here for each arch
# the way the Makefile assembles asm/ (llvm-mc + ld.lld, asm/include).
#
#   unimplemented instruction  report names arch, kernel, entry offset,
#                              encoding words and mnemonic (per arch)
#   wild global load           memory fault naming the address (per arch)
#   load past the VGPR grant   report naming the register and the grant (per arch)
#   AGPR with none granted     the same for v_accvgpr_write a0 (gfx90a, gfx942)
#   buffer beyond num_records  loads give 0, stores are dropped, no fault
#   hang                       GCNLAB_EMU_BUDGET -> hang report with the pc;
#                              --timeout with a huge budget -> gcnlab gives up
#   wrong target, bad launch, bad ARG syntax, argument count, missing /
#   corrupt code object, unknown kernel name
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
my $llvm = need_llvm('llvm-mc', 'ld.lld', 'llvm-objdump');
my @archs = @ARCHS;


my $tmp = temp_dir('faults');

# run(\%opts, @cmd): run_cmd with a 120 s timeout unless opts say otherwise
# (a hung gcnlab is killed and reported).
sub run {
	my ($o, @cmd) = @_;
	return run_cmd({ timeout => 120, %$o }, @cmd);
}

# Assemble tests/asm/NAME.s for ARCH with --defsym DEFS; returns the .co path.
sub build_case {
	my ($name, $arch, %defs) = @_;
	my $tag = join('', map { "_$_$defs{$_}" } sort keys %defs);
	my $co = "$tmp/$name$tag.$arch.co";
	return $co if -f $co;
	my ($ok, $err) = assemble("$root/tests/asm/$name.s", $arch, $co,
	                          { defsym => [map { "$_=$defs{$_}" } sort keys %defs] });
	return $ok // die $err;
}

# The instruction with mnemonic MNEM in CO: (offset from the kernel's entry,
# encoding words as llvm-objdump prints them, lower case).
sub find_insn {
	my ($co, $arch, $kernel, $mnem) = @_;
	my ($dis) = run({}, "$llvm/llvm-objdump", '-d', "--mcpu=$arch", $co);
	my ($entry) = $dis =~ /^([0-9a-f]+) <\Q$kernel\E>:/m or return;
	for (split /\n/, $dis) {
		next unless /^\s+\Q$mnem\E\b.*\/\/ ([0-9A-F]+): ((?:[0-9A-F]{8} ?)+)/;
		my ($addr, $words) = (hex $1, lc $2);
		return ($addr - hex $entry, [split ' ', $words]);
	}
	return;
}

sub exec_cmd {
	my ($co, $kernel, @rest) = @_;
	return ($gcnlab, 'exec', $co, $kernel, '--backend', 'emu', @rest);
}

# ---- unimplemented instruction ----------------------------------------------

my @unimpl = ((map { [$_, 1, 'image_load'] } qw(gfx900 gfx90a)),
              (map { [$_, 2, 's_cbranch_g_fork'] } @archs));
for my $u (@unimpl) {
	my ($arch, $sel, $mnem) = @$u;
	my $co = build_case('fault_unimpl', $arch, UNIMPL => $sel);
	my ($off, $words) = find_insn($co, $arch, 'fault_unimpl', $mnem);
	BAIL_OUT("cannot find $mnem in the disassembly of $co") unless defined $off;
	my ($out, $rc) = run({}, exec_cmd($co, 'fault_unimpl', '--grid', 64, '--block', 64));
	my $hex = sprintf('0x%x', $off);
	fails_cleanly("unimplemented $mnem on $arch: report with arch, kernel, offset, words, mnemonic",
	              $out, $rc, qr/unimplemented|not implemented|not modelled/i, qr/\b$arch\b/,
	              qr/\bfault_unimpl\b/, qr/entry\s*\+\s*\Q$hex\E\b|offset[^\n]*\Q$hex\E\b/i,
	              (map { qr/(?:0x)?\Q$_\E/i } @$words), qr/\Q$mnem\E/);
}

# ---- memory fault --------------------------------------------------------------

for my $arch (@archs) {
	my $co = build_case('fault_wild_load', $arch);
	my ($out, $rc) = run({}, exec_cmd($co, 'fault_wild_load', '--grid', 256, '--block', 256));
	fails_cleanly("wild global_load on $arch: memory fault naming the address", $out, $rc,
	              qr/memory fault/i, qr/0x0*dead00000040\b/i, qr/\bfault_wild_load\b/);
}

# ---- buffer range checking: no fault, zeros and dropped stores -------------------

for my $arch (@archs) {
	my $co = build_case('buffer_oob', $arch);
	my $path = "$tmp/oob-$arch.bin";
	my ($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--grid', 128, '--block', 128,
	                                  'buf:1K:iota32', "out:1K:$path"));
	my @want = ((0 .. 63), (0) x 64, (map { 0xabcd0000 | $_ } 0 .. 63), (0) x 64);
	my @got = $rc == 0 ? words($path) : ();
	my $bad = '';
	if ($rc != 0) {
		$bad = "exit $rc:\n$out";
	} elsif (@got != @want) {
		$bad = "output has " . scalar(@got) . " words, expected " . scalar(@want);
	} else {
		for my $i (0 .. $#want) {
			next if $got[$i] == $want[$i];
			$bad = sprintf("word %d: expected 0x%08x, got 0x%08x (%s)", $i, $want[$i], $got[$i],
			               $i < 64 ? 'in-range buffer_load' : $i < 128 ? 'buffer_load past num_records must give 0'
			               : $i < 192 ? 'in-range buffer_store' : 'buffer_store past num_records must be dropped');
			last;
		}
	}
	ok($bad eq '', "buffer_load/store beyond num_records on $arch: zeros, dropped stores, no fault")
		or diag($bad);
}

# ---- hang ---------------------------------------------------------------------

for my $arch (@archs) {
	my $co = build_case('fault_hang', $arch);
	my ($off_add) = find_insn($co, $arch, 'fault_hang', 's_add_u32');
	my ($off_br) = find_insn($co, $arch, 'fault_hang', 's_branch');
	my $pcs = join('|', map { sprintf('0x%x', $_) } grep { defined } $off_add, $off_br);
	my ($out, $rc, $secs) = run({ env => { GCNLAB_EMU_BUDGET => 20000 }, timeout => 60 },
	                            exec_cmd($co, 'fault_hang', '--grid', 64, '--block', 64));
	fails_cleanly("endless loop on $arch with GCNLAB_EMU_BUDGET=20000: hang report with the pc", $out, $rc,
	              qr/hang/i, qr/\bfault_hang\b/, qr/(?:pc|entry\s*\+)\s*(?:$pcs)\b/i);
}

{
	# The budget out of reach: only gcnlab's own --timeout can end it, and
	# the process must then exit (not wait forever for the emulator).
	my $co = build_case('fault_hang', 'gfx942');
	my ($out, $rc, $secs, $killed) = run({ env => { GCNLAB_EMU_BUDGET => '1000000000000000' }, timeout => 20 },
	                                     exec_cmd($co, 'fault_hang', '--grid', 64, '--block', 64,
	                                              '--timeout', 2));
	fails_cleanly("endless loop with --timeout 2: gcnlab reports it and exits", $out, $rc,
	              qr/did not complete within 2 s|timed? ?out|hang/i);
	ok(!$killed && $secs < 15, "... and exits within 15 s (took " . sprintf('%.1f', $secs) . " s)")
		or diag($out);
}

# ---- a load into registers the descriptor did not grant ---------------------------

for my $arch (@archs) {
	my $co = build_case('fault_vgpr_grant', $arch);
	my ($out, $rc) = run({}, exec_cmd($co, 'fault_vgpr_grant', '--grid', 64, '--block', 64, 'buf:64'));
	fails_cleanly("global_load_dword into v9 with 8 VGPRs granted on $arch: reported", $out, $rc,
	              qr/\bv9\b/, qr/outside the 8 VGPRs granted/, qr/\bfault_vgpr_grant\b/);
}

for my $arch (grep { $_ ne 'gfx900' } @archs) {  # gfx900 has no AGPRs
	my $co = build_case('fault_agpr_grant', $arch);
	my ($out, $rc) = run({}, exec_cmd($co, 'fault_agpr_grant', '--grid', 64, '--block', 64));
	fails_cleanly("v_accvgpr_write_b32 a0 with no AGPRs granted on $arch: reported", $out, $rc,
	              qr/\ba0\b/, qr/outside the 0 AGPRs granted/, qr/\bfault_agpr_grant\b/);
}

# ---- wrong target ------------------------------------------------------------------

{
	my $co = build_case('buffer_oob', 'gfx90a');
	my ($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--arch', 'gfx942', '--grid', 64, '--block', 64,
	                                  'buf:1K', 'buf:1K'));
	fails_cleanly("gfx90a code object run with --arch gfx942: message names both targets", $out, $rc,
	              qr/gfx90a/, qr/gfx942/);
	my $co9 = build_case('buffer_oob', 'gfx900');
	($out, $rc) = run({}, exec_cmd($co9, 'buffer_oob', '--arch', 'gfx90a', '--grid', 64, '--block', 64,
	                               'buf:1K', 'buf:1K'));
	fails_cleanly("gfx900 code object run with --arch gfx90a: message names both targets", $out, $rc,
	              qr/gfx900/, qr/gfx90a/);
}

# ---- bad launches --------------------------------------------------------------------

{
	my $co = build_case('buffer_oob', 'gfx942');
	my @args = ('buf:1K', 'buf:1K');
	my @cases = (
		[ 'a work-group of 2048', [ '--grid', 2048, '--block', 2048 ], qr/2048/, qr/1024/ ],
		[ 'a work-group above .max_flat_workgroup_size', [ '--grid', 512, '--block', 512 ],
		  qr/max_flat_workgroup_size|256/ ],
		[ 'more LDS than a work-group has', [ '--grid', 64, '--block', 64, '--dynamic-lds', 1 << 20 ], qr/LDS/ ],
		[ '--grid 0', [ '--grid', 0, '--block', 64 ], qr/--grid/ ],
		[ '--block 1,2,3,4', [ '--grid', 64, '--block', '1,2,3,4' ], qr/--block/ ],
		[ 'no --grid', [ '--block', 64 ], qr/--grid/ ],
	);
	for my $c (@cases) {
		my ($what, $opts, @pats) = @$c;
		my ($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', @$opts, @args));
		fails_cleanly("bad launch, $what: clear error", $out, $rc, @pats);
	}
}

# ---- bad ARG syntax --------------------------------------------------------------------

{
	my $co = build_case('buffer_oob', 'gfx942');
	for my $bad ('buf:', 'buf:12Q', 'buf:0', 'out:64', 'buf:64:rand:x', 'buf:64:bogus', 'buf:6:iota32',
	             'u32:-1', 'u32:4294967296', 'i32:2147483648', 'f32:abc', 'q32:1',
	             "buf:64:file:$tmp/no-such-file") {
		my ($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--grid', 64, '--block', 64, $bad, 'buf:1K'));
		my $lines = () = $out =~ /\n/g;
		fails_cleanly("bad ARG '$bad': one message naming it", $out, $rc, qr/\Q$bad\E/);
		cmp_ok($lines, '<=', 2, "... in at most two lines") or diag($out);
	}
}

# ---- arguments against the metadata ---------------------------------------------------

{
	my $co = build_case('buffer_oob', 'gfx942');
	my ($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--grid', 64, '--block', 64, 'buf:1K'));
	fails_cleanly("one ARG for a kernel of two: says so", $out, $rc, qr/2 explicit arguments?, 1 given/);
	($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--grid', 64, '--block', 64, 'buf:1K', 'buf:1K', 'u32:1'));
	fails_cleanly("three ARGs for a kernel of two: says so", $out, $rc, qr/2 explicit arguments?, 3 given/);
	($out, $rc) = run({}, exec_cmd($co, 'buffer_oob', '--grid', 64, '--block', 64, 'u64:4096', 'buf:1K'));
	fails_cleanly("a scalar for a pointer argument: says it is a pointer", $out, $rc, qr/pointer/, qr/u64:4096/);
	($out, $rc) = run({}, exec_cmd($co, 'no_such_kernel', '--grid', 64, '--block', 64));
	fails_cleanly("unknown kernel name: lists the kernels there are", $out, $rc, qr/no_such_kernel/,
	              qr/buffer_oob/);
}

# ---- missing and corrupt code objects ------------------------------------------------------

{
	my $missing = "$tmp/does-not-exist.co";
	my ($out, $rc) = run({}, exec_cmd($missing, 'k', '--grid', 64, '--block', 64));
	fails_cleanly("missing code object: names the file", $out, $rc, qr/\Q$missing\E/,
	              qr/No such file|cannot open|not found|missing/i);

	my $rand = "$tmp/random.co";
	open(my $fh, '>:raw', $rand) or die;
	srand(42);
	print $fh pack('C*', map { int(rand(256)) } 1 .. 4096);
	close $fh;
	($out, $rc) = run({}, exec_cmd($rand, 'k', '--grid', 64, '--block', 64));
	fails_cleanly("code object of random bytes: names the file", $out, $rc, qr/\Q$rand\E/);

	my $good = build_case('buffer_oob', 'gfx942');
	my $trunc = "$tmp/truncated.co";
	open(my $in, '<:raw', $good) or die;
	my $bytes = do { local $/; <$in> };
	close $in;
	open($fh, '>:raw', $trunc) or die;
	print $fh substr($bytes, 0, int(length($bytes) / 3));
	close $fh;
	($out, $rc) = run({}, exec_cmd($trunc, 'buffer_oob', '--grid', 64, '--block', 64, 'buf:1K', 'buf:1K'));
	fails_cleanly("truncated code object: names the file", $out, $rc, qr/\Q$trunc\E/);

	# an ELF, but for the host CPU (gcnlab itself)
	($out, $rc) = run({}, exec_cmd($gcnlab, 'main', '--grid', 64, '--block', 64));
	fails_cleanly("a host ELF as code object: names the file", $out, $rc, qr/\Q$gcnlab\E/);
}

done_testing();
