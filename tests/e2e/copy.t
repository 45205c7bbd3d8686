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
use File::Temp qw(tempdir);
use Test::More;

my $root = $ENV{GCNLAB_ROOT} // '.';
my $build = $ENV{GCNLAB_BUILD} // "$root/build";
my $gcnlab = $ENV{GCNLAB_BIN} // "$build/bin/gcnlab";
BAIL_OUT("$gcnlab is not built (make)") unless -x $gcnlab;

my $tmp = tempdir('gcnlab-copy-XXXXXX', TMPDIR => 1, CLEANUP => 1);

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
	my $st = $?;
	return ($out, $st & 127 ? 128 + ($st & 127) : $st >> 8);
}

sub slurp {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return undef;
	local $/;
	return <$fh>;
}

# RFC 4180 fields of one line.
sub csv_fields {
	my ($line) = @_;
	my @f;
	while ($line =~ /\G(?:"((?:[^"]|"")*)"|([^,]*))(,|$)/g) {
		my $v = defined $1 ? $1 =~ s/""/"/gr : $2;
		push @f, $v;
		last if $3 eq '';
	}
	return @f;
}

# The study's kernels (asm/copy/copy.s): 256 x 2/4/8/16, 512 x 2/4/8/16,
# 1024 x 2/4/8 work-items x unroll, 1 MiB in 16-byte steps.
my @asm;
for my $cfg ([256, [2, 4, 8, 16]], [512, [2, 4, 8, 16]], [1024, [2, 4, 8]]) {
	my ($wi, $unrolls) = @$cfg;
	my $total = (1 << 20) / ($wi * 16);
	push @asm, "copy_${total}_${_}_" . ($total / $_) . "_$wi" for @$unrolls;
}
my @hip = map { "${_}_hip" } @asm;

for my $arch (qw(gfx900 gfx90a gfx942)) {
	my $out_root = "$tmp/results";
	my @cmd = ($gcnlab, 'run', 'copy', '--arch', $arch, '--backend', 'emu', '--out', $out_root,
	           '--reps', 3, '--warmup', 1);
	my ($out, $rc) = run({}, @cmd);
	is($rc, 0, "run copy --arch $arch exits 0") or diag("@cmd\n$out");
	my $csv = slurp("$out_root/$arch-emu/copy.csv");
	my $md = slurp("$out_root/$arch-emu/copy.md");
	ok(defined $csv, "$arch-emu/copy.csv written") or next;
	ok(defined $md, "$arch-emu/copy.md written");

	# The run's parameters (suite, arch, backend, ...) are in the sidecar.
	my @lines = grep { /\S/ } split /\r?\n/, $csv;
	my $side = slurp("$out_root/$arch-emu/copy.json") // '';
	ok($side =~ /^  "arch": "$arch",$/m && $side =~ /^  "backend": "emu",$/m, "$arch: copy.json names arch and backend")
		or diag($side);
	my @head = csv_fields(shift @lines);
	my %col;
	@col{@head} = 0 .. $#head;
	my ($kcol, $icol, $vcol) = @col{'kernel', 'impl', 'validated'};
	my ($mcol, $bcol, $scol, $vgcol) =
		@col{'median_us', 'study_bandwidth_gbs', 'study_dispatch_us', 'vega64_bandwidth_gbs'};
	ok(defined $kcol && defined $icol && defined $vcol && defined $mcol && defined $bcol && defined $scol &&
	   defined $vgcol,
	   "$arch: copy.csv has kernel, impl, validated, GPU median µs, study-method µs and GB/s, RX Vega 64 columns")
		or do { diag("header: @head"); next };
	my %rows;
	for (@lines) {
		my @f = csv_fields($_);
		$rows{$f[$kcol]} = \@f;
	}
	is(scalar(keys %rows), @asm + @hip, "$arch: " . (@asm + @hip) . " rows") or diag($csv);
	for my $k (@asm, @hip) {
		my $r = $rows{$k};
		my $impl = $k =~ /hip/ ? 'hip' : 'asm';
		ok($r && $r->[$icol] eq $impl && $r->[$vcol] eq 'yes' && $r->[$mcol] =~ /^[0-9.]+$/ &&
		   $r->[$mcol] > 0 && $r->[$bcol] =~ /^[0-9.]+$/ && $r->[$bcol] > 0 &&
		   $r->[$scol] =~ /^[0-9.]+$/ && $r->[$scol] >= $r->[$mcol],
		   "$arch: $k ($impl) validated, with a GPU time, a longer study-method time and a bandwidth")
			or diag($r ? join(' | ', @$r) : "no row for $k\n$out");
		ok($r && ($arch eq 'gfx900' ? $r->[$vgcol] =~ /^[0-9.]+$/ : $r->[$vgcol] eq ''),
		   "$arch: $k: the RX Vega 64 figure " . ($arch eq 'gfx900' ? 'is there' : 'is absent (not a Vega 64)'))
			or diag($r ? join(' | ', @$r) : '');
	}
	ok(defined $md && !grep({ $md !~ /\b\Q$_\E\b/ } @asm, @hip), "$arch: copy.md lists all 22 kernels")
		or diag($md // '');
}

# ---- the broken vmcnt variant is caught --------------------------------------------

for my $arch (qw(gfx900 gfx90a gfx942)) {
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
		my ($out, $rc) = run({}, @cmd);
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
	my ($out, $rc) = run({ GCNLAB_EMU_STRICT => 1 }, @cmd);
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
