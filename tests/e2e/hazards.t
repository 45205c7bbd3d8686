#!/usr/bin/perl
# hazards.t — software wait states (s_nop hazards, emu/core/emu_hazard_nops.c).
#
#   1. Hand-written kernels, tests/asm/hazards/<rule family>_*.s, one per
#      rule family and arch (the "// archs:" line): as written each breaks
#      its rule (the "// rule:" line), assembled with --defsym NOPS=1 it has
#      the required s_nop. Broken: a warning naming the rule, arch, kernel
#      and both instructions, exit 0; with GCNLAB_EMU_STRICT=1 a fault
#      naming the rule; the dispatch counter GCNLAB_HAZARD_WAITSTATES
#      counts it. With the s_nop: clean in strict mode, counter 0.
#   2. What executes: vmem_sgpr_buffer's store uses the SGPR value from
#      before the v_readfirstlane (the old value, as the hardware reads it)
#      when the wait states are missing, the new one when they are there;
#      --trace counts the hazard on the store's row.
#   3. Clang's own output: tests/asm/hazards/clang/*.ll and *.hip compiled
#      by clang to assembly (-S) for each arch, where LLVM's GCNHazardRecognizer inserted
#      s_nop: the kernel runs clean with GCNLAB_EMU_STRICT=1; with every
#      s_nop line deleted from clang's assembly the emulator reports the
#      rule family named in the file.
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;

my $root = $ENV{GCNLAB_ROOT} // '.';
my $build = $ENV{GCNLAB_BUILD} // "$root/build";
my $gcnlab = $ENV{GCNLAB_BIN} // "$build/bin/gcnlab";
my $llvm = $ENV{LLVM_BIN} // `sh $root/tools/find_llvm.sh`;
chomp $llvm;
my %gfxnum = (gfx900 => 900, gfx90a => 910, gfx942 => 942);

BAIL_OUT("$gcnlab is not built (make)") unless -x $gcnlab;
BAIL_OUT("no LLVM tools in '$llvm'") unless -x "$llvm/llvm-mc" && -x "$llvm/clang";

my $tmp = tempdir('gcnlab-hazards-XXXXXX', TMPDIR => 1, CLEANUP => 1);

# Run a command with extra environment; (exit status, stdout+stderr).
sub run {
	my ($env, @cmd) = @_;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT);
		$ENV{$_} = $env->{$_} for keys %$env;
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; exit 127 };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	return ($? >> 8 | ($? & 127 ? 128 + ($? & 127) : 0), $out);
}

# The "// key: value" (or "; key: value") header lines of a source.
sub header {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!";
	my %h;
	while (<$fh>) {
		$h{$1} = $2 if m{^(?://|;) (archs|rule): (.*?)\s*$};
	}
	return %h;
}

sub link_co {
	my ($obj, $co) = @_;
	my ($rc, $out) = run({}, "$llvm/ld.lld", '-shared', '--discard-all', '-o', $co, $obj);
	die "linking $co failed:\n$out" if $rc;
	return $co;
}

sub assemble {
	my ($src, $arch, $tag, @defs) = @_;
	my $obj = "$tmp/$tag.$arch.o";
	my ($rc, $out) = run({}, "$llvm/llvm-mc", '-triple', 'amdgcn-amd-amdhsa', "-mcpu=$arch",
	                     '--amdhsa-code-object-version=5', '--fatal-warnings', '-filetype=obj',
	                     '-I', "$root/asm/include", '--defsym', "GFX=$gfxnum{$arch}",
	                     (map { ('--defsym', $_) } @defs), $src, '-o', $obj);
	die "assembling $src for $arch failed:\n$out" if $rc;
	return link_co($obj, "$tmp/$tag.$arch.co");
}

# exec_kernel(ENV, CO, KERNEL, OUTBIN, EXTRA...): options (--x) go before the
# arguments, other EXTRA items (u32:5) after the out buffer.
sub exec_kernel {
	my ($env, $co, $kernel, $outbin, @extra) = @_;
	return run($env, $gcnlab, 'exec', $co, $kernel, '--backend', 'emu', '--grid', 64, '--block', 64,
	           (grep { /^--/ } @extra), "out:1K:$outbin", (grep { !/^--/ } @extra));
}

sub counter {
	my ($out) = @_;
	return $out =~ /\bGCNLAB_HAZARD_WAITSTATES\b\D*(\d+)/ ? $1 : undef;
}

sub words {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return ();
	local $/;
	return unpack('V*', <$fh> // '');
}

# ---- 1. hand-written kernels, broken and fixed -----------------------------------

my @kernels = sort glob("$root/tests/asm/hazards/*.s");
BAIL_OUT("no kernels in tests/asm/hazards") unless @kernels;
for my $src (@kernels) {
	my ($name) = $src =~ m{([^/]+)\.s$};
	my %h = header($src);
	BAIL_OUT("$src has no '// archs:' and '// rule:' lines") unless $h{archs} && $h{rule};
	my $rule = qr/$h{rule}/;
	for my $arch (split ' ', $h{archs}) {
		my $bad = assemble($src, $arch, "$name-bad");
		my $good = assemble($src, $arch, "$name-good", 'NOPS=1');

		my ($rc, $out) = exec_kernel({}, $bad, $name, "$tmp/o.bin", '--counters');
		my $n = counter($out);
		ok($rc == 0 && $out =~ /warning: wait-state hazard on \Q$arch\E in \Q$name\E: `[^`]+` at 0x[0-9a-f]+ .*`[^`]+` at 0x[0-9a-f]+; $rule/
		   && defined $n && $n > 0,
		   "$name on $arch: warning naming arch, kernel, both instructions and the rule; counted")
			or diag("exit $rc, GCNLAB_HAZARD_WAITSTATES " . ($n // 'missing') . "\n$out");

		($rc, $out) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $bad, $name, "$tmp/o.bin");
		ok($rc != 0 && $rc < 124 && $out =~ /wait-state hazard \($rule/ && $out !~ /Sanitizer|runtime error/,
		   "$name on $arch: GCNLAB_EMU_STRICT=1 faults on the hazard")
			or diag("exit $rc\n$out");

		($rc, $out) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $good, $name, "$tmp/o.bin", '--counters');
		$n = counter($out);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/ && defined $n && $n == 0,
		   "$name on $arch with the s_nop: clean in strict mode")
			or diag("exit $rc, GCNLAB_HAZARD_WAITSTATES " . ($n // 'missing') . "\n$out");
	}
}

# ---- 2. the stale SGPR a VMEM reads -------------------------------------------------

for my $arch (qw(gfx900 gfx90a gfx942)) {
	my $src = "$root/tests/asm/hazards/vmem_sgpr_buffer.s";
	my %want = (bad => [0, 64], good => [16, 80]);   # first, last+1 word holding t
	for my $v (qw(bad good)) {
		my $co = assemble($src, $arch, "vmem_sgpr_buffer-$v", $v eq 'good' ? ('NOPS=1') : ());
		my ($rc, $out) = exec_kernel({}, $co, 'vmem_sgpr_buffer', "$tmp/w-$v.bin", '--trace');
		my @w = words("$tmp/w-$v.bin");
		my ($lo, $hi) = @{$want{$v}};
		my @exp = map { $_ >= $lo && $_ < $hi ? $_ - $lo : 0 } 0 .. 255;
		my $diff = '';
		for my $i (0 .. 255) {
			next if defined $w[$i] && $w[$i] == $exp[$i];
			$diff = sprintf('word %d: expected %d, got %s', $i, $exp[$i], $w[$i] // 'nothing');
			last;
		}
		ok($rc == 0 && $diff eq '',
		   $v eq 'bad' ? "vmem_sgpr_buffer on $arch: without the wait states the store reads the old s6 (0)"
		               : "vmem_sgpr_buffer on $arch: with s_nop 4 the store reads the new s6 (64)")
			or diag("exit $rc; $diff\n$out");
		my $counted = $out =~ /hazards 1\s+buffer_store_dword/ && $out =~ /hazards \(waitcnt, s_nop\) reported: 1\b/;
		ok($v eq 'bad' ? $counted : $out !~ /hazards \d|hazards \(/,
		   "vmem_sgpr_buffer ($v) on $arch: the trace counts the hazard at the store" . ($v eq 'bad' ? '' : ' (none)'))
			or diag($out);
	}
}

# ---- 3. clang's output, with and without its s_nop ----------------------------------

for my $src (sort glob("$root/tests/asm/hazards/clang/*.{ll,hip}")) {
	my ($name, $ext) = $src =~ m{([^/]+)\.(ll|hip)$};
	my %h = header($src);
	my $rule = qr/$h{rule}/;
	for my $arch (split ' ', $h{archs}) {
		my $s = "$tmp/$name.$arch.s";
		# .hip: the flags of the project's HIP kernels (mk/kernels.mk HIP_FLAGS)
		my @cc = $ext eq 'll'
			? ('-target', 'amdgcn-amd-amdhsa', "-mcpu=$arch", '-nogpulib', '-O2')
			: ('-x', 'hip', '--cuda-device-only', '-nogpulib', '-nogpuinc', '-O3', '-mcode-object-version=5',
			   '--no-gpu-bundle-output', '-include', "$root/asm/hip/include/gcnlab_hip.h", "--offload-arch=$arch");
		my ($rc, $out) = run({}, "$llvm/clang", @cc, '-S', $src, '-o', $s);
		die "clang $src for $arch failed:\n$out" if $rc;
		open(my $fh, '<', $s) or die "$s: $!";
		my @lines = <$fh>;
		close $fh;
		my @kept = grep { !/^\s*s_nop\b/ } @lines;
		my $removed = @lines - @kept;
		open($fh, '>', "$tmp/$name.$arch.nonop.s") or die;
		print $fh @kept;
		close $fh;
		my $orig = assemble($s, $arch, "$name-orig");
		my $nonop = assemble("$tmp/$name.$arch.nonop.s", $arch, "$name-nonop");

		my @args = $ext eq 'hip' ? ('u32:5') : ();
		($rc, $out) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $orig, $name, "$tmp/o.bin", @args);
		ok($removed > 0 && $rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/,
		   "$name on $arch: clang inserted $removed s_nop; clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc, s_nop lines: $removed\n$out");

		($rc, $out) = exec_kernel({}, $nonop, $name, "$tmp/o.bin", @args);
		ok($rc == 0 && $out =~ /warning: wait-state hazard on \Q$arch\E in \Q$name\E: .*; $rule/,
		   "$name on $arch: clang's s_nop deleted -> the rule is reported")
			or diag("exit $rc\n$out");
	}
}

done_testing();
