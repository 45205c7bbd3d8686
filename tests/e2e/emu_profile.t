#!/usr/bin/perl
# emu_profile.t — GCNLAB_EMU_PROFILE=1 (emu/core/emu_run_prof.h): a
# multi-domain dispatch prints one line of where its host time went
# (windows, the domains' work, the slowest domain per window, the wait at
# window edges, the merges), with sums that hold together; a one-domain
# dispatch prints none; the figures are the same with it on; a value other
# than 0 or 1 is refused before anything runs.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $co = "$build/gfx942/copy_256_16_16_256.co";
need_file($co);
my $tmp = temp_dir('prof');

sub exec_copy {
	my ($grid, %env) = @_;
	local @ENV{keys %env} = values %env;
	return run_split($tmp, {}, $gcnlab, 'exec', $co, 'copy_256_16_16_256', '--grid', $grid, '--block', 256,
	                 'buf:8388608:iota32', 'buf:8388608', '--arch', 'gfx942', '--backend', 'emu', '--stats');
}

# 8 workgroups: one per XCD, 8 domains
for my $t (1, 2) {
	my ($out, $err, $rc) = exec_copy(2048, GCNLAB_EMU_PROFILE => 1, GCNLAB_EMU_THREADS => $t);
	is($rc, 0, "threads $t: exit 0") or diag($err);
	my @lines = $err =~ /^(emu profile: .*)$/mg;
	is(scalar @lines, 1, "threads $t: one profile line for the one dispatch") or diag($err);
	my ($nd, $nt, $win, $total, $par, $work, $slow, $ratio, $wait, $merge, $between) = ($lines[0] // '') =~
	    /^emu profile: (\d+) domains on (\d+) threads, (\d+) windows, ([\d.]+) s: parallel parts ([\d.]+) s \(the domains' work ([\d.]+) s; the slowest domain of each window ([\d.]+) s, ([\d.]+) x the mean; waiting at window edges (-?[\d.]+) s\), merges ([\d.]+) s, between windows (-?[\d.]+) s$/;
	ok(defined $nd, "threads $t: the line has every part") or diag($lines[0]);
	next unless defined $nd;
	is($nd, 8, "threads $t: 8 domains (one per XCD)");
	is($nt, $t, "threads $t: on $t threads");
	ok($win > 0, "threads $t: $win windows");
	ok($slow <= $work + 1e-3 && $slow * 8 >= $work - 1e-3, "threads $t: the slowest domain per window ($slow s) lies between the mean and the sum of the work ($work s)");
	ok($ratio >= 1, "threads $t: slowest over mean >= 1 ($ratio)");
	ok($par + $merge <= $total + 1e-3, "threads $t: parallel parts + merges ($par + $merge s) within the whole ($total s)");
	ok($t > 1 || abs($par - $work) <= 0.2 * $par + 1e-3, "threads $t: on one thread the parallel parts are the domains' work ($par ~ $work s)");
}

# the figures with and without it
my ($o1, $e1) = exec_copy(2048, GCNLAB_EMU_THREADS => 2);
my ($o2, $e2) = exec_copy(2048, GCNLAB_EMU_THREADS => 2, GCNLAB_EMU_PROFILE => 1);
my ($s1) = "$o1$e1" =~ /^stats: \d+ dispatches, (\d+ wave-instructions, \d+ cycles)/m;
my ($s2) = "$o2$e2" =~ /^stats: \d+ dispatches, (\d+ wave-instructions, \d+ cycles)/m;
ok(defined $s1 && defined $s2 && $s1 eq $s2, 'the same wave-instructions and cycles with the profile on (' . ($s1 // '?') . ')');
unlike($e1, qr/emu profile:/, 'off by default');

# one workgroup: one domain, no windows, no line
my (undef, $e3, $rc3) = exec_copy(256, GCNLAB_EMU_PROFILE => 1);
is($rc3, 0, 'one workgroup: exit 0');
unlike($e3, qr/emu profile:/, 'one domain: no profile line');

my (undef, $e4, $rc4) = exec_copy(2048, GCNLAB_EMU_PROFILE => 2);
is($rc4, 2, 'GCNLAB_EMU_PROFILE=2: exit 2');
like($e4, qr/GCNLAB_EMU_PROFILE='2' is not valid: it takes a whole number from 0 to 1/, '... naming it and what it takes');

done_testing();
