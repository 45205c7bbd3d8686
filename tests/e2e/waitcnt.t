#!/usr/bin/perl
# waitcnt.t — waitcnt hazards decided by what the counters guarantee
# (wave/emu_wave_owed.c, emu/core/emu_hazard.c), found the same way without
# running (`gcnlab check`, emu/core/emu_lint.c), reported once per kernel.
#
#   1. Every shipped copy variant (asm/copy/copy.s, 11 of them) built with
#      BROKEN_VMCNT=1 (one vmcnt too loose in §3) on every arch: the run
#      faults with GCNLAB_EMU_STRICT=1 naming the wait it needed, whatever
#      the model's latency, and `gcnlab check` finds it; unbroken, both are
#      clean.
#   2. One kernel per counter and ordering rule, tests/asm/waitcnt/*.s (its
#      header says the counter and the words of the wait it needs), broken
#      and with --defsym WAIT=1: reported (warning, counted in
#      GCNLAB_HAZARD_WAITCNT and on the trace's rows), a fault in strict
#      mode, found by `gcnlab check`; with the wait, clean under all three.
#      A kernel marked "runs: no" hides its hazard on a branch the launch
#      (flag 0) never takes: the run is clean and its trace shows the
#      instruction never issued, `gcnlab check` names the branch; with
#      flag 1 the run finds it too.
#   3. Once per kernel: three dispatches of a broken kernel print the first
#      few reports and one count line, all from the first dispatch; every
#      dispatch's GCNLAB_HAZARD_WAITCNT equals the count line and the sum
#      of the trace's hazard column.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
need_llvm('llvm-mc', 'ld.lld');
my $tmp = temp_dir('waitcnt');

sub header {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!";
	my %h;
	while (<$fh>) {
		$h{$1} = $2 if m{^// (archs|counter|needs|runs): (.*?)\s*$};
	}
	return %h;
}

sub build {
	my ($src, $arch, $tag, @defs) = @_;
	my ($co, $err) = assemble($src, $arch, "$tmp/$tag.$arch.co",
	                          { defsym => \@defs, include => ["$root/tests/asm/waitcnt"] });
	return $co // die $err;
}

sub counter {
	my ($out) = @_;
	return $out =~ /\bGCNLAB_HAZARD_WAITCNT\b\D*(\d+)/ ? $1 : undef;
}

# ---- 1. the copy variants -------------------------------------------------------------

my @variants;
open(my $fh, '<', "$root/asm/copy/copy.s") or die $!;
while (<$fh>) {
	push @variants, [$1, $2, $3] if m{^// gcnlab: variant (copy_\S+)\s+UNROLL=(\d+)\s+WI=(\d+)};
}
close $fh;
is(scalar @variants, 11, 'asm/copy/copy.s ships 11 variants');
for my $arch (@ARCHS) {
	for my $v (@variants) {
		my ($name, $u, $wi) = @$v;
		(my $broken = $name) =~ s/^copy_/copy_broken_/;
		my %co = (ok => build("$root/asm/copy/copy.s", $arch, "$name", "UNROLL=$u", "WI=$wi"),
		          broken => build("$root/asm/copy/copy.s", $arch, "$broken", "UNROLL=$u", "WI=$wi", 'BROKEN_VMCNT=1'));
		my $need = 2 * ($u - 1);
		my ($out, $rc) = run_cmd({ env => { GCNLAB_EMU_STRICT => 1 } }, $gcnlab, 'exec', $co{broken}, $broken,
		                         '--backend', 'emu', '--grid', $wi, '--block', $wi, 'buf:1M:iota32', "out:1M:$tmp/o.bin");
		ok($rc == 1 && $out =~ /waitcnt hazard: this instruction reads a register that `buffer_load_dwordx4[^`]*`.*needs vmcnt\($need\), had vmcnt\(${\($need + 1)}\)/,
		   "$broken on $arch: strict run faults, needs vmcnt($need), had vmcnt(" . ($need + 1) . ")")
			or diag("exit $rc\n$out");
		($out, $rc) = run_cmd($gcnlab, 'check', $co{broken});
		ok($rc == 1 && $out =~ /^\Q$broken\E\+0x[0-9a-f]+: waitcnt hazard: `buffer_store_dwordx4[^`]*` reads a register that `buffer_load_dwordx4[^`]*` at \+0x[0-9a-f]+ will still write: needs vmcnt\($need\), had vmcnt\(${\($need + 1)}\)/m,
		   "$broken on $arch: gcnlab check finds it (exit 1)") or diag("exit $rc\n$out");
		($out, $rc) = run_cmd({ env => { GCNLAB_EMU_STRICT => 1 } }, $gcnlab, 'exec', $co{ok}, $name,
		                      '--backend', 'emu', '--grid', $wi, '--block', $wi, 'buf:1M:iota32', "out:1M:$tmp/o.bin");
		my ($c_out, $c_rc) = run_cmd($gcnlab, 'check', $co{ok});
		ok($rc == 0 && $out !~ /hazard/ && $c_rc == 0, "$name on $arch: clean in strict mode and under gcnlab check")
			or diag("exit $rc / check exit $c_rc\n$out\n$c_out");
	}
}

# ---- 2. one kernel per rule -----------------------------------------------------------

sub exec_wc {
	my ($env, $co, $kernel, $flag, @opts) = @_;
	return run_cmd({ env => $env }, $gcnlab, 'exec', $co, $kernel, '--backend', 'emu', '--grid', 64, '--block', 64,
	               @opts, "out:1K:$tmp/o.bin", 'buf:1K:iota32', "u32:$flag");
}

my @kernels = sort glob("$root/tests/asm/waitcnt/*.s");
BAIL_OUT('no kernels in tests/asm/waitcnt') unless @kernels;
for my $src (@kernels) {
	my ($name) = $src =~ m{([^/]+)\.s$};
	my %h = header($src);
	BAIL_OUT("$src lacks its archs/counter/needs lines") unless $h{archs} && $h{counter} && $h{needs};
	my $needs = qr/$h{needs}/;
	my $runs = ($h{runs} // 'yes') ne 'no';
	for my $arch (split ' ', $h{archs}) {
		my $bad = build($src, $arch, "$name-bad");
		my $good = build($src, $arch, "$name-good", 'WAIT=1');

		my ($c_out, $c_rc) = run_cmd($gcnlab, 'check', $bad);
		ok($c_rc == 1 && $c_out =~ /^\Q$name\E\+0x[0-9a-f]+: waitcnt hazard: `[^`]+` (reads|overwrites) a register that `[^`]+` at \+0x[0-9a-f]+ will still write: needs $needs/m,
		   "$name on $arch: gcnlab check finds it, with the wait it needs") or diag("exit $c_rc\n$c_out");
		my ($off) = $c_out =~ /^\Q$name\E\+0x([0-9a-f]+): waitcnt hazard/m;

		my ($out, $rc) = exec_wc({}, $bad, $name, 0, '--counters', '--trace');
		my $n = counter($out);
		if ($runs) {
			ok($rc == 0 && $out =~ /warning: waitcnt hazard in \Q$name\E \(\Q$arch\E\): `[^`]+` at 0x[0-9a-f]+ (reads|overwrites) a register that `[^`]+` at 0x[0-9a-f]+ will still write: needs $needs/
			   && $out =~ /\b$h{counter}\b/ && $n && $out =~ /hazards \(waitcnt, s_nop\) reported: $n\b/,
			   "$name on $arch: the run reports it, counted in GCNLAB_HAZARD_WAITCNT ($n) as in the trace")
				or diag("exit $rc\n$out");
			($out, $rc) = exec_wc({ GCNLAB_EMU_STRICT => 1 }, $bad, $name, 0);
			ok($rc == 1 && $out =~ /waitcnt hazard: this instruction (reads|overwrites) .*needs $needs/,
			   "$name on $arch: GCNLAB_EMU_STRICT=1 faults") or diag("exit $rc\n$out");
		} else {
			# The launch (flag 0) takes the path with the wait: the run is
			# clean because the flagged instruction's hazardous path never ran.
			my ($cond) = $c_out =~ /on the path where `(s_cbranch_\w+)[^`]*` at \+0x[0-9a-f]+ is taken/;
			ok($cond, "$name on $arch: gcnlab check names the branch whose taken path lacks the wait")
				or diag($c_out);
			($out, $rc) = exec_wc({ GCNLAB_EMU_STRICT => 1 }, $bad, $name, 0, '--trace');
			ok($rc == 0 && $out !~ /hazard in/ && $out =~ /^\s*0x[0-9a-f]+\s+\d+\s+\d+.*s_waitcnt vmcnt\(0\)/m,
			   "$name on $arch: the strict run with flag 0 is clean: it waited on the path it took")
				or diag("exit $rc\n$out");
			($out, $rc) = exec_wc({ GCNLAB_EMU_STRICT => 1 }, $bad, $name, 1);
			ok($rc == 1 && $out =~ /waitcnt hazard: .*needs $needs/, "$name on $arch: with flag 1 the run takes that path and faults")
				or diag("exit $rc\n$out");
		}

		($out, $rc) = exec_wc({ GCNLAB_EMU_STRICT => 1 }, $good, $name, 1, '--counters');
		($c_out, $c_rc) = run_cmd($gcnlab, 'check', $good);
		ok($rc == 0 && $out !~ /hazard in|waitcnt hazard/ && defined counter($out) && counter($out) == 0 && $c_rc == 0,
		   "$name on $arch with the wait: clean in strict mode and under gcnlab check")
			or diag("exit $rc, check exit $c_rc\n$out\n$c_out");
	}
}

# ---- 3. once per kernel, with a count ----------------------------------------------------

{
	my $co = build("$root/tests/asm/waitcnt/vm_l1_early.s", 'gfx942', 'once');
	my ($out, $rc) = exec_wc({}, $co, 'vm_l1_early', 0, '--repeat', 3, '--counters');
	my @warn = $out =~ /^gcnlab-emu: warning: waitcnt hazard in vm_l1_early/mg;
	my @count = $out =~ /^gcnlab-emu: warning: vm_l1_early: (\d+) waitcnt hazard\(s\)/mg;
	my @ctr = $out =~ /\bGCNLAB_HAZARD_WAITCNT\s+(\d+)/g;
	ok($rc == 0 && @warn >= 1 && @warn <= 3 && @count == 1 && @ctr == 3 && !grep({ $_ != $count[0] } @ctr),
	   '3 dispatches: at most 3 reports and one count line (the first dispatch), every counter equal to it')
		or diag("exit $rc, reports " . scalar(@warn) . ", count lines @count, counters @ctr\n$out");
}

# ---- 4. gcnlab check's bad input: exit 2, one message naming the thing ----------------

{
	my $co = build("$root/tests/asm/waitcnt/vm_valu_waw.s", 'gfx942', 'badin', 'WAIT=1');
	open(my $f, '>', "$tmp/not.co") or die;
	print $f "not an ELF file\n";
	close $f;
	for my $case (["$tmp/not.co", qr/not\.co: not an ELF file/],
	              ["$tmp/missing.co", qr/cannot open code object .*missing\.co/],
	              [$co, 'nosuch', qr/has no kernel named nosuch/]) {
		my $want = pop @$case;
		my ($out, $rc) = run_cmd($gcnlab, 'check', @$case);
		ok($rc == 2 && $out =~ $want, "gcnlab check @$case: exit 2, says what is wrong") or diag("exit $rc\n$out");
	}
	my ($out, $rc) = run_cmd($gcnlab, 'check', $co, 'vm_valu_waw');
	ok($rc == 0 && $out =~ /1 kernel\(s\), 0 finding/, 'gcnlab check CO KERNEL: that kernel only, clean') or diag($out);
}

done_testing();
