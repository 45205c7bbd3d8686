#!/usr/bin/perl
# clean_run.t — a new user's first run is quiet (issue 30 item 1):
#   - gcnlab's own suites print no warning about gcnlab's own kernels: the
#     kernels that read unwritten LDS by design (the seeds' lds_loop_b*,
#     lds_counters_*) are declared in asm/gcnlab-emu.supp, which gcnlab
#     points the emulator at; strict mode still runs them;
#   - the suppressions are what silence them (none: the warnings are back),
#     a suppression names one kernel and one rule (another kernel's read is
#     still a warning, and a fault under GCNLAB_EMU_STRICT=1), and a line
#     without a reason is reported and ignored;
#   - one short backend line when the backend was chosen (auto), none when
#     the user asked for one;
#   - make run's sub-make does not reset the jobserver.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
need_llvm('llvm-mc', 'ld.lld');
my $tmp = temp_dir('clean_run');

sub run { my ($env, @cmd) = @_; return run_cmd({ env => $env, timeout => 300 }, @cmd) }
my @fast = ('--reps', 1, '--warmup', 0);

# ---- the suites that read unwritten LDS, as make run starts them (auto) ----
{
	my ($out, $rc) = run({}, $gcnlab, 'run', 'lds_counters', 'lds_banks', '--arch', 'gfx942', '--out',
	                     "$tmp/auto", @fast);
	is($rc, 0, 'lds_counters and lds_banks run') or diag($out);
	my @warn = $out =~ /^(.*warning.*)$/mgi;
	is(scalar(@warn), 0, '... with no warning') or diag(join("\n", @warn));
	my @backend = $out =~ /^(gcnlab: .*)$/mg;
	is(scalar(@backend), 1, '... and one backend line') or diag(join("\n", @backend));
	like($backend[0] // '', qr/^gcnlab: emulated gfx942 \([^)]*\)$/, '... short: what runs and why')
		or diag($backend[0]);
	cmp_ok(length($backend[0] // ''), '<=', 80, '... in one short line');
}

# ---- strict mode runs them (their suppression holds there too) ----
{
	my ($out, $rc) = run({ GCNLAB_EMU_STRICT => 1 }, $gcnlab, 'run', 'lds_counters', '--arch', 'gfx942',
	                     '--backend', 'emu', '--out', "$tmp/strict", @fast);
	is($rc, 0, 'strict mode: lds_counters runs') or diag($out);
	unlike($out, qr/fault|warning/i, '... without a fault or a warning');
	unlike($out, qr/^gcnlab: /m, '--backend emu asked for: no backend line');
}

# ---- without the suppressions the warnings are back ----
{
	my ($out, $rc) = run({ GCNLAB_EMU_SUPPRESSIONS => '' }, $gcnlab, 'run', 'lds_counters', '--arch',
	                     'gfx942', '--backend', 'emu', '--out', "$tmp/none", @fast);
	like($out, qr/warning: uninitialised LDS read in lds_counters_load/,
	     'GCNLAB_EMU_SUPPRESSIONS empty: the check still reports lds_counters_load');
}

# ---- a suppression is per kernel and per rule, and has a reason ----
{
	my ($co, $err) = assemble("$root/tests/asm/checks.s", 'gfx942', "$tmp/checks3.co", { defsym => ['CASE=3'] });
	BAIL_OUT($err) unless $co;
	my @exec = ($gcnlab, 'exec', $co, 'checks', '--backend', 'emu', '--grid', 64, '--block', 64,
	            "out:512:$tmp/checks3.bin");
	my $supp = "$tmp/my.supp";
	open(my $fh, '>', $supp) or die;
	print $fh "# a user's own file\n",
	          "checks        uninit-lds   reads LDS it never wrote on purpose (the test says so)\n";
	close $fh;
	my ($out, $rc) = run({ GCNLAB_EMU_SUPPRESSIONS => $supp, GCNLAB_EMU_STRICT => 1 }, @exec);
	is($rc, 0, 'a suppression of kernel checks: its unwritten LDS read runs in strict mode') or diag($out);
	unlike($out, qr/warning|uninitialised/, '... silently');

	open($fh, '>', $supp) or die;
	print $fh "checks_other  uninit-lds   another kernel reads LDS it never wrote on purpose\n",
	          "checks        uninit-lds\n",
	          "checks        uninit-vgpr  not a rule the emulator knows at all\n";
	close $fh;
	($out, $rc) = run({ GCNLAB_EMU_SUPPRESSIONS => $supp }, @exec);
	like($out, qr/warning: uninitialised LDS read in checks/, 'a suppression of another kernel does not hide it');
	like($out, qr/\Q$supp\E:2: no reason given/, '... a line without a reason is reported with its line');
	like($out, qr/\Q$supp\E:3: unknown rule/, '... so is an unknown rule');
	($out, $rc) = run({ GCNLAB_EMU_SUPPRESSIONS => $supp, GCNLAB_EMU_STRICT => 1 }, @exec);
	fails_cleanly('... and strict mode still faults on it', $out, $rc, qr/uninitialised LDS read/);
}

# ---- make run's sub-make and the jobserver (make -n still runs sub-makes) ----
{
	my ($out, $rc) = run({ MAKEFLAGS => '', MAKELEVEL => '' }, 'make', '-C', $root, '-n', 'run', 'SUITE=lds_counters',
	                     'ARCH=gfx942', "BUILD=$build");
	unlike($out, qr/jobserver|warning/, 'make -n run: no jobserver warning from the sub-make') or diag($out);
}

done_testing();
