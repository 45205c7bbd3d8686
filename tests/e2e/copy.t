#!/usr/bin/perl
# copy.t — the copy suite end to end on the emulated GPU:
#   - `gcnlab run copy --arch A --backend emu --out DIR` for gfx900, gfx90a, gfx942
#     exits 0 and writes DIR/A-emu/copy.csv and copy.md with the eleven asm
#     rows copy_<total>_<unroll>_<loops>_<wi> and their eleven HIP twins
#     (..._hip), every one validated and timed (positive GPU median time and
#     study-method bandwidth, the study-method time per dispatch at least
#     the GPU time: it adds the gaps between dispatches); the study's own
#     figure stands beside each row on gfx900 only (tests/e2e/copy_study.t
#     checks the shape against it);
#   - the test-only copy_broken_256_4_64_256 (one vmcnt too weak, built by
#     `make test-kernels`) copies wrongly: its output differs from the input,
#     while the correct copy_256_4_64_256 reproduces the input exactly; with
#     GCNLAB_EMU_STRICT=1 the broken one is reported as a waitcnt hazard.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();

my $tmp = temp_dir('copy');

# The study's kernels (asm/copy/copy.s): 256 x 2/4/8/16, 512 x 2/4/8/16,
# 1024 x 2/4/8 work-items x unroll, 1 MiB in 16-byte steps.
my @asm;
for my $cfg ([256, [2, 4, 8, 16]], [512, [2, 4, 8, 16]], [1024, [2, 4, 8]]) {
	my ($wi, $unrolls) = @$cfg;
	my $total = (1 << 20) / ($wi * 16);
	push @asm, "copy_${total}_${_}_" . ($total / $_) . "_$wi" for @$unrolls;
}
my @hip = map { "${_}_hip" } @asm;

for my $arch (@ARCHS) {
	my $out_root = "$tmp/results";
	my @cmd = ($gcnlab, 'run', 'copy', '--arch', $arch, '--backend', 'emu', '--out', $out_root,
	           '--reps', 3, '--warmup', 1);
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "run copy --arch $arch exits 0") or diag("@cmd\n$out");
	my $csv = read_csv("$out_root/$arch-emu/copy.csv");
	my $md = slurp("$out_root/$arch-emu/copy.md");
	ok(defined $csv, "$arch-emu/copy.csv written") or next;
	ok(defined $md, "$arch-emu/copy.md written");

	# The run's parameters (suite, arch, backend, ...) are in the sidecar.
	my $side = slurp("$out_root/$arch-emu/copy.json") // '';
	ok($side =~ /^  "arch": "$arch",$/m && $side =~ /^  "backend": "emu",$/m, "$arch: copy.json names arch and backend")
		or diag($side);
	my @head = @{ $csv->{head} };
	my %has = map { $_ => 1 } @head;
	ok(!grep({ !$has{$_} } qw(kernel impl validated median_us study_bandwidth_gbs study_dispatch_us
	                          vega64_bandwidth_gbs)),
	   "$arch: copy.csv has kernel, impl, validated, GPU median µs, study-method µs and GB/s, RX Vega 64 columns")
		or do { diag("header: @head"); next };
	my %rows = map { $_->{kernel} => $_ } @{ $csv->{rows} };
	is(scalar(keys %rows), @asm + @hip, "$arch: " . (@asm + @hip) . " rows") or diag($csv->{text});
	for my $k (@asm, @hip) {
		my $r = $rows{$k};
		my $impl = $k =~ /hip/ ? 'hip' : 'asm';
		ok($r && $r->{impl} eq $impl && $r->{validated} eq 'yes' && $r->{median_us} =~ /^[0-9.]+$/ &&
		   $r->{median_us} > 0 && $r->{study_bandwidth_gbs} =~ /^[0-9.]+$/ && $r->{study_bandwidth_gbs} > 0 &&
		   $r->{study_dispatch_us} =~ /^[0-9.]+$/ && $r->{study_dispatch_us} >= $r->{median_us},
		   "$arch: $k ($impl) validated, with a GPU time, a longer study-method time and a bandwidth")
			or diag($r ? join(' | ', @$r{@head}) : "no row for $k\n$out");
		ok($r && ($arch eq 'gfx900' ? $r->{vega64_bandwidth_gbs} =~ /^[0-9.]+$/ : $r->{vega64_bandwidth_gbs} eq ''),
		   "$arch: $k: the RX Vega 64 figure " . ($arch eq 'gfx900' ? 'is there' : 'is absent (not a Vega 64)'))
			or diag($r ? join(' | ', @$r{@head}) : '');
	}
	ok(defined $md && !grep({ $md !~ /\b\Q$_\E\b/ } @asm, @hip), "$arch: copy.md lists all 22 kernels")
		or diag($md // '');
}

# ---- the broken vmcnt variant is caught --------------------------------------------

for my $arch (@ARCHS) {
	my $broken = "$build/$arch/test/copy_broken_256_4_64_256.co";
	my $good = "$build/$arch/copy_256_4_64_256.co";
	ok(-f $broken && -f $good, "$arch: broken and correct copy objects are built (make test-kernels)")
		or next;
	my $input = pack('V*', 0 .. (1 << 18) - 1);
	for my $c ([$good, 'copy_256_4_64_256', 1], [$broken, 'copy_broken_256_4_64_256', 0]) {
		my ($co, $kernel, $should_match) = @$c;
		my $path = "$tmp/$kernel-$arch.bin";
		my @cmd = ($gcnlab, 'exec', $co, $kernel, '--backend', 'emu', '--grid', 256, '--block', 256,
		           'buf:1M:iota32', "out:1M:$path");
		my ($out, $rc) = run_cmd(@cmd);
		my $got = $rc == 0 ? slurp($path) : undef;
		if (!defined $got) {
			fail("$arch: $kernel runs");
			diag("@cmd\n$out");
			next;
		}
		if ($should_match) {
			ok($got eq $input, "$arch: $kernel output equals its input") or diag(first_diff($got, $input));
		} else {
			ok(length($got) == length($input) && $got ne $input,
			   "$arch: $kernel (vmcnt one too weak) output differs from its input");
		}
	}
	my @cmd = ($gcnlab, 'exec', $broken, 'copy_broken_256_4_64_256', '--backend', 'emu', '--grid', 256,
	           '--block', 256, 'buf:1M:iota32', "out:1M:$tmp/strict.bin");
	my ($out, $rc) = run_cmd({ env => { GCNLAB_EMU_STRICT => 1 } }, @cmd);
	ok($rc != 0 && $rc < 128 && $out =~ /hazard|vmcnt|waitcnt/i,
	   "$arch: GCNLAB_EMU_STRICT=1 turns the broken variant into an error naming the hazard")
		or diag("exit $rc: GCNLAB_EMU_STRICT=1 @cmd\n$out");
}

sub first_diff {
	my ($got, $want) = @_;
	return "got " . length($got) . " bytes, expected " . length($want) if length($got) != length($want);
	for (my $i = 0; $i < length($want); $i += 4) {
		my ($g, $w) = (unpack('V', substr($got, $i, 4)), unpack('V', substr($want, $i, 4)));
		return sprintf("first difference at word %d: got 0x%08x, expected 0x%08x", $i / 4, $g, $w) if $g != $w;
	}
	return 'no difference';
}

done_testing();
