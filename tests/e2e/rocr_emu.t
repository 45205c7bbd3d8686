#!/usr/bin/perl
# rocr_emu.t — the host's ROCr path, end to end, through Debian's unmodified
# ROCr 5.2.3 on the emulated GPU (--backend rocr-emu: ROCr over the emulated
# KFD thunk build/lib/kfd/libhsakmt.so.1, emu/kfd).
#
#   exec on gfx900 and gfx90a   the output buffer and the instruction
#                               counters equal --backend emu's; the GPU time
#                               is a figure and repeats run to run (the
#                               model is deterministic under ROCr too)
#   a suite                     lds_counters' CSV equals the emulator's own
#                               committed reference but for dt_us of each
#                               kernel's first (cold) row (ROCr's loader
#                               copies the code with its blit kernel, so the
#                               first fetches find it in the modelled L2)
#   faults, as ROCr reports     a wild load: memory fault naming the address
#   them to the host            (the VM-fault event); a hang: ROCr's
#                               HSA_STATUS_ERROR_EXCEPTION from the queue's
#                               inactive signal; --timeout gives up on a
#                               kernel that never ends; a PT_LOAD that does
#                               not fit its file is refused before ROCr sees
#                               it (ROCr's loader crashed the process on it);
#                               gfx942 is refused (ROCr 5.2 has no gfx94x)
#   info                        the emulator's counters reach the host
#                               through the thunk's extension
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
need_file("$build/lib/kfd/libhsakmt.so.1", 'the emulated KFD thunk (make kfd)');
need_llvm('llvm-mc', 'ld.lld');
my $tmp = temp_dir('rocr_emu');

sub run { my ($o, @cmd) = @_; return run_cmd({ timeout => 180, %$o }, @cmd) }

sub exec_copy {
	my ($backend, $arch, $out) = @_;
	return run({}, $gcnlab, 'exec', '--backend', $backend, '--arch', $arch,
	           "$build/$arch/copy_256_8_32_256.co", 'copy_256_8_32_256', '--grid', 65536,
	           '--block', 256, 'buf:1M:iota32', "out:1M:$out", '--counters', '--verbose');
}

sub insts { my ($out) = @_; return join("\n", $out =~ /^\s+(SQ_(?:WAVES|INSTS_\w+)\s+\d+)/mg) }
sub time_us { my ($out) = @_; return $out =~ /copy_256_8_32_256: ([0-9.]+) µs/ ? $1 : undef }

for my $arch (qw(gfx900 gfx90a)) {
	my ($r, $rc) = exec_copy('rocr-emu', $arch, "$tmp/r_$arch.bin");
	ok($rc == 0 && $r =~ /backend rocr-emu/, "$arch: exec through ROCr on the emulated GPU (exit $rc)")
		or diag($r);
	my ($e) = exec_copy('emu', $arch, "$tmp/e_$arch.bin");
	is(slurp("$tmp/r_$arch.bin"), slurp("$tmp/e_$arch.bin"), "$arch: the same output as --backend emu");
	my $n = () = insts($r) =~ /SQ_/g;
	ok($n >= 7 && insts($r) eq insts($e), "$arch: the same $n instruction counters as --backend emu")
		or diag(insts($r) . "\n---\n" . insts($e));
	my $t = time_us($r);
	ok(defined $t && $t > 1, "$arch: the GPU time is a figure (" . ($t // 'none') . " µs)");
	my ($r2) = exec_copy('rocr-emu', $arch, "$tmp/r2_$arch.bin");
	is(time_us($r2), $t, "$arch: the same time on a second run");
}

# ---- a suite ----------------------------------------------------------------------
{
	my ($out, $rc) = run({ timeout => 600 }, $gcnlab, 'run', 'lds_counters', '--arch', 'gfx90a',
	                     '--backend', 'rocr-emu', '--out', "$tmp/res");
	ok($rc == 0, "lds_counters on gfx90a through ROCr (exit $rc)") or diag($out);
	my $got = read_csv("$tmp/res/gfx90a-rocr-emu/lds_counters.csv");
	my $ref = read_csv("$root/results/reference/gfx90a-emu/lds_counters.csv");
	is_deeply($got && $got->{head}, $ref->{head}, '... the same columns as the reference');
	my (@bad, %first);
	for my $i (0 .. $#{ $ref->{rows} }) {
		my ($g, $r) = ($got->{rows}[$i] // {}, $ref->{rows}[$i]);
		my $cold = !$first{ $r->{kernel} }++;
		for my $c (@{ $ref->{head} }) {
			next if ($g->{$c} // '') eq $r->{$c};
			push @bad, "row $i $c: $g->{$c} (ref $r->{$c})" unless $c eq 'dt_us' && $cold;
		}
	}
	ok(@{ $ref->{rows} } > 10 && !@bad && @{ $got->{rows} } == @{ $ref->{rows} },
	   '... every figure the reference has but the cold rows\' dt_us') or diag(join("\n", @bad));
}

# ---- faults through ROCr -------------------------------------------------------------
sub case_co {
	my ($name) = @_;
	my ($co, $err) = assemble("$root/tests/asm/$name.s", 'gfx90a', "$tmp/$name.co", {});
	return $co // die $err;
}

{
	my $co = case_co('fault_wild_load');
	my ($out, $rc) = run({}, $gcnlab, 'exec', '--backend', 'rocr-emu', '--arch', 'gfx90a', $co,
	                     'fault_wild_load', '--grid', 256, '--block', 256);
	fails_cleanly('wild load: a memory fault naming the address, through ROCr\'s VM-fault event',
	              $out, $rc, qr/memory fault at 0x0*dead00000040/i, qr/MEMORY_FAULT/);
}
{
	my $co = case_co('fault_hang');
	my ($out, $rc) = run({ env => { GCNLAB_EMU_BUDGET => 1000000 } }, $gcnlab, 'exec', '--backend',
	                     'rocr-emu', '--arch', 'gfx90a', $co, 'fault_hang', '--grid', 64, '--block', 64);
	fails_cleanly('hang: ROCr\'s queue error HSA_STATUS_ERROR_EXCEPTION and the hang report', $out, $rc,
	              qr/HSA_STATUS_ERROR_EXCEPTION/, qr/hang/);
	my ($out2, $rc2, $secs) = run({ env => { GCNLAB_EMU_BUDGET => '100000000000' } }, $gcnlab, 'exec',
	                              '--backend', 'rocr-emu', '--arch', 'gfx90a', $co, 'fault_hang',
	                              '--grid', 64, '--block', 64, '--timeout', 2);
	fails_cleanly('--timeout 2 gives up on a kernel that never ends', $out2, $rc2,
	              qr/did not complete within 2 s/);
	ok($secs < 60, sprintf('... and the process ends (%.1f s)', $secs));
}
{
	my $bytes = slurp("$build/gfx90a/copy_256_8_32_256.co");
	my ($phoff) = unpack('Q<', substr($bytes, 32, 8));
	my ($phnum) = unpack('v', substr($bytes, 56, 2));
	for my $i (0 .. $phnum - 1) {
		my $o = $phoff + 56 * $i;
		next unless unpack('V', substr($bytes, $o, 4)) == 1;   # PT_LOAD
		substr($bytes, $o + 32, 8) = pack('Q<', 1 << 40);       # p_filesz past the end
		last;
	}
	open(my $fh, '>:raw', "$tmp/seg.co") or die;
	print $fh $bytes;
	close $fh;
	my ($out, $rc) = run({}, $gcnlab, 'exec', '--backend', 'rocr-emu', '--arch', 'gfx90a', "$tmp/seg.co",
	                     'copy_256_8_32_256', '--grid', 256, '--block', 256, 'buf:1K', 'buf:1K');
	ok($rc == 2 && $out =~ /PT_LOAD segment \d+ is malformed|truncated: the file has \d+ bytes, its ELF headers describe \d+/,
	   'a PT_LOAD beyond the file: exit 2 before ROCr\'s loader sees it') or diag($out);
}
{
	my ($out, $rc) = run({}, $gcnlab, 'info', '--backend', 'rocr-emu', '--arch', 'gfx942');
	fails_cleanly('gfx942 on rocr-emu is refused with the reason', $out, $rc, qr/no gfx94x/);
	($out, $rc) = run({}, $gcnlab, 'info', '--backend', 'rocr-emu', '--arch', 'gfx900');
	ok($rc == 0 && $out =~ /gfx900/ && $out =~ m{counters/trace:\s+yes},
	   'info on gfx900: the emulator\'s extension through the thunk') or diag($out);
	like($out, qr/copies:\s+ROCr's blit kernels.*no SDMA engine/, '... and that copies are blit kernels');
}

done_testing();
