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
#   4. Throughout, `gcnlab check` (the same rules on every path, without
#      running) agrees: it finds each broken kernel's rule and nothing in the
#      fixed kernels and in clang's own output.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
my $llvm = need_llvm('llvm-mc', 'ld.lld', 'clang');
my $tmp = temp_dir('hazards');

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

# A kernel of tests/asm/hazards (hazard.inc next to it) or clang's assembly,
# assembled and linked as TAG for ARCH with --defsym DEFS.
sub build_kernel {
	my ($src, $arch, $tag, @defs) = @_;
	my ($co, $err) = assemble($src, $arch, "$tmp/$tag.$arch.co",
	                          { defsym => \@defs, include => ["$root/tests/asm/hazards"] });
	return $co // die $err;
}

# exec_kernel(ENV, CO, KERNEL, OUTBIN, EXTRA...) -> (output, exit status):
# options (--x) go before the arguments, other EXTRA items (u32:5) after the
# out buffer.
sub exec_kernel {
	my ($env, $co, $kernel, $outbin, @extra) = @_;
	return run_cmd({ env => $env }, $gcnlab, 'exec', $co, $kernel, '--backend', 'emu', '--grid', 64,
	               '--block', 64, (grep { /^--/ } @extra), "out:1K:$outbin", (grep { !/^--/ } @extra));
}

sub counter {
	my ($out) = @_;
	return $out =~ /\bGCNLAB_HAZARD_WAITSTATES\b\D*(\d+)/ ? $1 : undef;
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
		my $bad = build_kernel($src, $arch, "$name-bad");
		my $good = build_kernel($src, $arch, "$name-good", 'NOPS=1');

		my ($out, $rc) = exec_kernel({}, $bad, $name, "$tmp/o.bin", '--counters');
		my $n = counter($out);
		ok($rc == 0 && $out =~ /warning: wait-state hazard on \Q$arch\E in \Q$name\E: `[^`]+` at 0x[0-9a-f]+ .*`[^`]+` at 0x[0-9a-f]+; $rule/
		   && defined $n && $n > 0,
		   "$name on $arch: warning naming arch, kernel, both instructions and the rule; counted")
			or diag("exit $rc, GCNLAB_HAZARD_WAITSTATES " . ($n // 'missing') . "\n$out");

		($out, $rc) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $bad, $name, "$tmp/o.bin");
		ok($rc != 0 && $rc < 124 && $out =~ /wait-state hazard \($rule/ && $out !~ /Sanitizer|runtime error/,
		   "$name on $arch: GCNLAB_EMU_STRICT=1 faults on the hazard")
			or diag("exit $rc\n$out");

		($out, $rc) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $good, $name, "$tmp/o.bin", '--counters');
		$n = counter($out);
		ok($rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/ && defined $n && $n == 0,
		   "$name on $arch with the s_nop: clean in strict mode")
			or diag("exit $rc, GCNLAB_HAZARD_WAITSTATES " . ($n // 'missing') . "\n$out");

		# The same rule without running: gcnlab check (emu/core/emu_lint.c).
		($out, $rc) = run_cmd($gcnlab, 'check', $bad);
		ok($rc == 1 && $out =~ /^\Q$name\E\+0x[0-9a-f]+: wait-state hazard \($rule[^\n]*\): `[^`]+` issues \d+ wait state\(s\) after `[^`]+` at \+0x[0-9a-f]+/m,
		   "$name on $arch: gcnlab check finds the rule, both instructions and the wait states (exit 1)")
			or diag("exit $rc\n$out");
		($out, $rc) = run_cmd($gcnlab, 'check', $good);
		ok($rc == 0 && $out =~ /0 finding\(s\)/, "$name on $arch with the s_nop: gcnlab check clean (exit 0)")
			or diag("exit $rc\n$out");
	}
}

# ---- 2. the stale SGPR a VMEM reads -------------------------------------------------

for my $arch (@ARCHS) {
	my $src = "$root/tests/asm/hazards/vmem_sgpr_buffer.s";
	my %want = (bad => [0, 64], good => [16, 80]);   # first, last+1 word holding t
	for my $v (qw(bad good)) {
		my $co = build_kernel($src, $arch, "vmem_sgpr_buffer-$v", $v eq 'good' ? ('NOPS=1') : ());
		my ($out, $rc) = exec_kernel({}, $co, 'vmem_sgpr_buffer', "$tmp/w-$v.bin", '--trace');
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
		my ($out, $rc) = run_cmd("$llvm/clang", @cc, '-S', $src, '-o', $s);
		die "clang $src for $arch failed:\n$out" if $rc;
		open(my $fh, '<', $s) or die "$s: $!";
		my @lines = <$fh>;
		close $fh;
		my @kept = grep { !/^\s*s_nop\b/ } @lines;
		my $removed = @lines - @kept;
		open($fh, '>', "$tmp/$name.$arch.nonop.s") or die;
		print $fh @kept;
		close $fh;
		my $orig = build_kernel($s, $arch, "$name-orig");
		my $nonop = build_kernel("$tmp/$name.$arch.nonop.s", $arch, "$name-nonop");

		my @args = $ext eq 'hip' ? ('u32:5') : ();
		($out, $rc) = exec_kernel({ GCNLAB_EMU_STRICT => 1 }, $orig, $name, "$tmp/o.bin", @args);
		ok($removed > 0 && $rc == 0 && $out !~ /wait-state hazard|waitcnt hazard/,
		   "$name on $arch: clang inserted $removed s_nop; clean with GCNLAB_EMU_STRICT=1")
			or diag("exit $rc, s_nop lines: $removed\n$out");

		($out, $rc) = exec_kernel({}, $nonop, $name, "$tmp/o.bin", @args);
		ok($rc == 0 && $out =~ /warning: wait-state hazard on \Q$arch\E in \Q$name\E: .*; $rule/,
		   "$name on $arch: clang's s_nop deleted -> the rule is reported")
			or diag("exit $rc\n$out");

		($out, $rc) = run_cmd($gcnlab, 'check', $orig);
		ok($rc == 0, "$name on $arch: gcnlab check finds clang's output clean") or diag("exit $rc\n$out");
		($out, $rc) = run_cmd($gcnlab, 'check', $nonop);
		ok($rc == 1 && $out =~ /wait-state hazard \($rule/, "$name on $arch: clang's s_nop deleted -> gcnlab check finds the rule")
			or diag("exit $rc\n$out");
	}
}

done_testing();
