#!/usr/bin/perl
# dispatch.t — partial work-groups: with a grid that is not a multiple of the
# work-group size, exactly the work-items 0..grid-1 run (the last work-group
# and its last wave are partial: no lane beyond the grid may execute), each
# with the right work-group and local id. tests/asm/partial_wg.s, assembled
# here per arch as faults.t does.
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
BAIL_OUT("no LLVM tools in '$llvm'") unless -x "$llvm/llvm-mc";

my $tmp = tempdir('gcnlab-dispatch-XXXXXX', TMPDIR => 1, CLEANUP => 1);

sub run {
	my @cmd = @_;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT);
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; exit 127 };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	return ($out, $? >> 8);
}

for my $arch (qw(gfx900 gfx90a gfx942)) {
	my ($out, $rc) = run("$llvm/llvm-mc", '-triple', 'amdgcn-amd-amdhsa', "-mcpu=$arch",
	                     '--amdhsa-code-object-version=5', '--fatal-warnings', '-filetype=obj', '-I',
	                     "$root/asm/include", '--defsym', "GFX=$gfxnum{$arch}", "$root/tests/asm/partial_wg.s",
	                     '-o', "$tmp/p.$arch.o");
	($out, $rc) = run("$llvm/ld.lld", '-shared', '--discard-all', '-o', "$tmp/p.$arch.co", "$tmp/p.$arch.o")
		unless $rc;
	BAIL_OUT("assembling partial_wg.s for $arch:\n$out") if $rc;
	# grid, block, words in the output buffer
	for my $c ([1000, 192, 1024], [64, 256, 128], [1, 1, 64], [130, 1024, 256]) {
		my ($grid, $block, $words) = @$c;
		my $path = "$tmp/out-$arch-$grid-$block.bin";
		my @cmd = ($gcnlab, 'exec', "$tmp/p.$arch.co", 'partial_wg', '--backend', 'emu', '--grid', $grid,
		           '--block', $block, "out:" . 4 * $words . ":$path");
		($out, $rc) = run(@cmd);
		my @got;
		if ($rc == 0 && open(my $fh, '<:raw', $path)) {
			local $/;
			@got = unpack('V*', <$fh>);
		}
		my $bad = $rc ? "exit $rc: @cmd\n$out" : '';
		for my $g (0 .. $words - 1) {
			last if $bad;
			my $want = $g < $grid ? ((int($g / $block) << 16) | ($g % $block)) + 1 : 0;
			$bad = sprintf("word %d: expected 0x%08x, got 0x%08x%s", $g, $want, $got[$g] // 0,
			               $g >= $grid ? ' (beyond the grid: no work-item may run there)' : '')
				if ($got[$g] // -1) != $want;
		}
		ok($bad eq '', "$arch: grid $grid, block $block runs exactly work-items 0.." . ($grid - 1))
			or diag($bad);
	}
}

done_testing();
