#!/usr/bin/perl
# determinism.t — the emulated GPU is deterministic: the same `gcnlab exec`
# twice gives the same reported GPU time and the same output bytes. Checked
# on a single-work-group copy (timing model) and on kernels where many
# work-groups race through global and LDS atomics (scheduling order decides
# the returned values); a race-free matrix multiply gives the same bytes in
# every run order (GCNLAB_EMU_SKEW), and a bad GCNLAB_EMU_SKEW is refused by name.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $check = "$build/tests/hip/check_hip";

my $tmp = temp_dir('det');

# Run twice; compare the "NAME: T µs" line and every out: file.
sub twice {
	my ($what, $co, $kernel, @args) = @_;
	my (@times, @outs);
	for my $n (1, 2) {
		my @a = map { s/\@RUN\@/$n/gr } @args;
		my @cmd = ($gcnlab, 'exec', $co, $kernel, '--backend', 'emu', @a);
		my ($out, $rc) = run_cmd(@cmd);
		if ($rc != 0) {
			fail("$what: run $n");
			diag("@cmd\n$out");
			return;
		}
		my ($t) = $out =~ /^\Q$kernel\E: ([0-9.]+) µs/m;
		push @times, $t;
		push @outs, [map { slurp($_) } map { /^out:[^:]+:([^:]+)/ ? $1 : () } @a];
	}
	ok(defined $times[0] && defined $times[1] && $times[0] eq $times[1] && $times[0] > 0,
	   "$what: the same GPU time twice") or diag("times: " . join(', ', map { $_ // 'none' } @times));
	my $same = @{$outs[0]} == @{$outs[1]} && @{$outs[0]} > 0;
	for my $i (0 .. $#{$outs[0]}) {
		$same &&= defined $outs[0][$i] && defined $outs[1][$i] && $outs[0][$i] eq $outs[1][$i];
	}
	ok($same, "$what: the same output bytes twice");
}

for my $arch (qw(gfx900 gfx942)) {
	twice("copy_256_4_64_256 on $arch", "$build/$arch/copy_256_4_64_256.co", 'copy_256_4_64_256',
	      '--grid', 256, '--block', 256, 'buf:1M:rand:7', "out:1M:$tmp/copy-$arch-\@RUN\@.bin");
}

# The atomics cases of the HIP tests, with the inputs check_hip writes.
for my $case (qw(atomics_global lds_atomics)) {
	my $arch = 'gfx90a';
	my $dir = "$tmp/$case";
	mkdir $dir or die;
	my ($args, $rc) = run_cmd($check, 'args', $case, $dir);
	if ($rc) {
		fail("$case: check_hip args");
		diag($args);
		next;
	}
	my ($co) = map { (split ' ')[1] } grep { /^\Q$case\E / } split /\n/, (run_cmd($check, 'list'))[0];
	my @a = map { s/^(out:[^:]+:[^:]+?)(\.bin)/$1-\@RUN\@$2/r } split /\n/, $args;
	twice("$case on $arch (many work-groups, atomics)", "$build/tests/hip/$arch/$co.co", $case, @a);
}

# The run order (emu_sched.h): a matrix multiply through the LDS with barriers
# gives the same bytes in strict time order (GCNLAB_EMU_SKEW=0), with the
# default skew and with a large one, and each order is repeatable.
{
	my $co = "$build/bench/gfx942/bench_sgemm.co";
	my $n = 128;
	my @a = map { sprintf '%.0f', ($_ * 7919) % 1000 } 0 .. $n * $n - 1;
	open(my $fa, '>:raw', "$tmp/sa.bin") or die;
	print $fa pack('f<*', map { $_ / 1000 } @a);
	close $fa;
	open(my $fb, '>:raw', "$tmp/sb.bin") or die;
	print $fb pack('f<*', map { $_ / 1000 } reverse @a);
	close $fb;
	my %bytes;
	for my $skew (0, 500, 2000) {
		local $ENV{GCNLAB_EMU_SKEW} = $skew;
		twice("bench_sgemm n=$n, GCNLAB_EMU_SKEW=$skew", $co, 'bench_sgemm', '--grid', "$n,$n",
		      '--block', '16,16', "buf:" . 4 * $n * $n . ":file:$tmp/sa.bin",
		      "buf:" . 4 * $n * $n . ":file:$tmp/sb.bin", "out:" . 4 * $n * $n . ":$tmp/sc-$skew-\@RUN\@.bin",
		      "u32:$n");
		$bytes{$skew} = slurp("$tmp/sc-$skew-1.bin");
	}
	ok(defined $bytes{0} && length $bytes{0} == 4 * $n * $n && $bytes{0} eq $bytes{500} && $bytes{0} eq $bytes{2000},
	   "bench_sgemm: the same result bytes in every run order");
	local $ENV{GCNLAB_EMU_SKEW} = 'soon';
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'bench_sgemm', '--backend', 'emu', '--grid', '16,16',
	                     '--block', '16,16', 'buf:1K', 'buf:1K', 'buf:1K', 'u32:16');
	# Validated by gcnlab like an option (issue 19): bad input, exit 2.
	ok($rc == 2 && $out =~ /GCNLAB_EMU_SKEW='soon' is not valid: it takes a whole number from 0 to 1000000/,
	   'a bad GCNLAB_EMU_SKEW is named with what it takes, exit 2') or diag("rc $rc\n$out");
}

done_testing();
