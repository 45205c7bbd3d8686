#!/usr/bin/perl
# messages.t — messages that point at the fix, and honest timing (issue 30
# items 2-5):
#   - a memory fault names the buffer argument it ran past and by how much;
#     --verbose prints every buffer's address (and the backend line);
#   - a hang stopped by --timeout says where the wave was; the budget's hang
#     report prints the branch as its signed offset (s_branch -2);
#   - a misspelt kernel gets "did you mean" from exec, trace and compare;
#   - a copy variant line added to asm/copy/copy.s (its code object in the
#     build folder) joins the copy suite: list, trace, run;
#   - one dispatch says it ran cold; trace --warmup/--sort/--top; the trace
#     counts mfma-pipe where the gemm suite does;
#   - run --diffs lists every figure that moved from the reference.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my ($root, $build, $gcnlab) = (root_dir(), build_dir(), need_gcnlab());
need_llvm('llvm-mc', 'ld.lld');
need_file("$build/gfx942/copy_256_8_32_256.co", 'kernels');
my $tmp = temp_dir('messages');

sub run { my ($env, @cmd) = @_; return run_cmd({ env => $env, timeout => 120 }, @cmd) }
my @copy = ($gcnlab, 'exec', "$build/gfx942/copy_256_8_32_256.co", 'copy_256_8_32_256', '--backend', 'emu',
            '--grid', 65536, '--block', 256);

# ---- a buffer too small ----
{
	my ($out, $rc) = run({}, @copy, 'buf:4K:iota32', 'buf:1M');
	fails_cleanly('a 4 KiB input to a 1 MiB copy faults', $out, $rc, qr/memory fault/);
	like($out, qr/is (\d+) byte\(s\) past the end of argument 0 'in' \(buf:4K:iota32: 4096 bytes at 0x[0-9a-f]+-0x[0-9a-f]+\)/,
	     '... naming the argument, how far past its end, and where it is');
	like($out, qr/emulator report: memory fault: read of \d+ bytes at 0x[0-9a-f]+ is outside every live allocation: \d+ byte\(s\) past the end of the nearest below it, 4096 bytes at/,
	     '... and the emulator says how far past which allocation');
	($out, $rc) = run({}, @copy, 'buf:1M:iota32', 'buf:1M', '--verbose');
	is($rc, 0, '--verbose: runs') or diag($out);
	like($out, qr/^argument 1 'out' \(buf:1M: 1048576 bytes at 0x[0-9a-f]+-0x[0-9a-f]+\)$/m, '... prints the buffers');
	like($out, qr/^gcnlab: backend emu \(requested\)/m, '... and the backend line');
}

# ---- a hang ----
{
	my ($co, $err) = assemble("$root/tests/asm/fault_hang.s", 'gfx942', "$tmp/hang.co");
	BAIL_OUT($err) unless $co;
	my @hang = ($gcnlab, 'exec', $co, 'fault_hang', '--backend', 'emu', '--grid', 64, '--block', 64);
	my ($out, $rc) = run({ GCNLAB_EMU_BUDGET => '1000000000000000' }, @hang, '--timeout', 2);
	fails_cleanly('--timeout 2 on a hang: it gives up', $out, $rc, qr/did not complete within 2 s/);
	like($out, qr/wave 0 \(workgroup 0,0,0\) was at code offset 0x[48] \(entry\+0x[48]\) `(s_add_u32 s4, s4, 1|s_branch -2 \(to 0x4\))`/,
	     '... and says where the wave was, with the instruction');
	($out, $rc) = run({ GCNLAB_EMU_BUDGET => 20000 }, @hang);
	like($out, qr/s_branch -2 \(to 0x4\)/, 'the budget\'s hang report prints s_branch -2, not 65534');
	unlike($out, qr/65534/, '... nowhere');
}

# ---- misspelt kernels ----
{
	my ($out) = run({}, $gcnlab, 'trace', 'copy_256_4_64_25');
	like($out, qr/no such kernel 'copy_256_4_64_25'; did you mean copy_256_4_64_256\?/, 'trace: did you mean');
	($out) = run({}, $gcnlab, 'compare', 'copy_256_4_64_25', '--backend', 'emu');
	like($out, qr/no such kernel 'copy_256_4_64_25'; did you mean copy_256_4_64_256\?/, 'compare: did you mean');
	($out) = run({}, $gcnlab, 'exec', "$build/gfx942/copy_256_8_32_256.co", 'copy_256_8_23_256', '--grid', 256,
	             '--block', 256);
	like($out, qr/has no kernel copy_256_8_23_256; did you mean copy_256_8_32_256\?/, 'exec: did you mean');
}

# ---- a new copy variant joins its suite ----
{
	my $kdir = "$tmp/build/gfx942";
	system('mkdir', '-p', $kdir) == 0 or die;
	for my $f (glob("$build/gfx942/*")) {
		my ($name) = $f =~ m{([^/]+)$};
		symlink($f, "$kdir/$name") or die "symlink $f: $!";
	}
	my ($co, $err) = assemble("$root/asm/copy/copy.s", 'gfx942', "$kdir/copy_256_32_8_256.co",
	                          { defsym => ['UNROLL=32', 'WI=256'] });
	BAIL_OUT($err) unless $co;
	my %env = (GCNLAB_BUILD_DIR => "$tmp/build");
	my ($out) = run(\%env, $gcnlab, 'list', '--arch', 'gfx942');
	like($out, qr/^\s+copy_256_32_8_256\s+\S+copy_256_32_8_256\.co$/m, 'UNROLL=32: gcnlab list shows copy_256_32_8_256');
	($out) = run(\%env, $gcnlab, 'trace', 'copy_256_32_8_256', '--launch-only');
	like($out, qr/copy_256_32_8_256\.co copy_256_32_8_256 --grid 256 --block 256 buf:1048576:iota32 buf:1048576/,
	     '... trace knows its launch');
	my $rc;
	($out, $rc) = run(\%env, $gcnlab, 'run', 'copy', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/out");
	is($rc, 0, '... gcnlab run copy runs it') or diag($out);
	my $csv = slurp("$tmp/out/gfx942-emu/copy.csv") // '';
	like($csv, qr/^copy_256_32_8_256,asm,[^\n]*,256,32,8,yes,/m, '... as a validated row of copy.csv');
	like($csv, qr/^copy_hip_256|^copy_64_2_32_1024_hip,/m, '... beside the study\'s kernels');
}

# ---- cold, warm, sorted traces ----
{
	my ($out) = run({}, @copy, 'buf:1M:iota32', 'buf:1M');
	like($out, qr/; cold\)\nnote: dispatch 1 ran cold: the first dispatch of this code fetched its instructions \(\d+ instruction-cache misses\)/,
	     'one dispatch: said to be cold');
	($out) = run({}, $gcnlab, 'trace', 'copy_256_8_32_256');
	like($out, qr/its first dispatch, cold.*--warmup 1/, 'trace: the cold dispatch is named as such');
	($out) = run({}, $gcnlab, 'trace', 'copy_256_8_32_256', '--warmup', 1, '--sort', 'stall', '--top', 3);
	like($out, qr/dispatch 2 of 2 \(warm\)/, 'trace --warmup 1: the second, warm dispatch');
	like($out, qr/\(3 of \d+ instructions, by stall\)/, '... --sort stall --top 3');
	my @rows = $out =~ /^  0x[0-9a-f]{6}\s+(\d+)\s+(\d+)\s/mg;
	is(scalar(@rows), 6, '... three rows') or diag($out);
	($out) = run({}, $gcnlab, 'trace', 'copy_256_8_32_256', '--sort', 'cycle');
	like($out, qr/--sort 'cycle': sort by offset, cycles, stall/, 'a bad sort key is named with the keys');
	SKIP: {
		skip 'no gemm_stage for gfx942', 2 unless -f "$build/gfx942/gemm_stage.co";
		($out) = run({}, $gcnlab, 'trace', 'gemm_stage', '--warmup', 1, '--sort', 'mfma-pipe', '--top', 1);
		like($out, qr/^  0x[0-9a-f]+ .*mfma-pipe \d+.*v_mfma/m, 'gemm_stage: the MFMA rows carry mfma-pipe');
		like($out, qr/total: .*mfma-pipe [1-9]\d*$/m, '... and the totals count it');
	}
}

# ---- every moved figure ----
{
	my $refdir = "$tmp/ref/gfx942-emu";
	system('mkdir', '-p', $refdir) == 0 or die;
	my @lines = split /\n/, slurp("$root/results/reference/gfx942-emu/lds_counters.csv");
	my $n = 0;
	for my $l (@lines) {   # five dt_us figures moved by 0.01 us
		next unless $l =~ /^load,/ && $n < 5;
		$l =~ s/^(load,\d+,\d+,)([0-9.]+)/$1 . sprintf('%.2f', $2 + 0.01)/e;
		$n++;
	}
	open(my $fh, '>', "$refdir/lds_counters.csv") or die;
	print $fh join("\n", @lines), "\n";
	close $fh;
	my %env = (GCNLAB_REFERENCE_DIR => "$tmp/ref");
	my @run = ($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/diffs");
	my ($out) = run(\%env, @run);
	like($out, qr/5 of \d+ figures differ \(reference -> this run\):\n(  load\|\d+ dt_us: [0-9.]+ -> [0-9.]+ \([+-][0-9.]+%\)\n){3}  \.\.\. and 2 more \(gcnlab run --diffs lists every one\)/,
	     'five moved figures: three listed, with the change, and how to list all');
	like($out, qr/^load\s+1\s+1\s+[0-9.]+\s+[0-9.]+ \([+-][0-9.]+%\)/m, '... the moved cell is marked in the table');
	($out) = run(\%env, @run, '--diffs');
	my @moved = $out =~ /^  load\|\d+ dt_us: [0-9.]+ -> [0-9.]+ \(/mg;
	is(scalar(@moved), 5, 'run --diffs: all five listed') or diag($out);
	unlike($out, qr/and \d+ more/, '... and nothing left out');
}

done_testing();
