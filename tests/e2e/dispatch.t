#!/usr/bin/perl
# dispatch.t — partial work-groups: with a grid that is not a multiple of the
# work-group size, exactly the work-items 0..grid-1 run (the last work-group
# and its last wave are partial: no lane beyond the grid may execute), each
# with the right work-group and local id. tests/asm/partial_wg.s, assembled
# here per arch as faults.t does.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
need_llvm('llvm-mc', 'ld.lld');

my $tmp = temp_dir('dispatch');

for my $arch (@ARCHS) {
	my ($co, $err) = assemble("$root/tests/asm/partial_wg.s", $arch, "$tmp/p.$arch.co");
	BAIL_OUT($err) unless $co;
	# grid, block, words in the output buffer
	for my $c ([1000, 192, 1024], [64, 256, 128], [1, 1, 64], [130, 1024, 256]) {
		my ($grid, $block, $words) = @$c;
		my $path = "$tmp/out-$arch-$grid-$block.bin";
		my @cmd = ($gcnlab, 'exec', $co, 'partial_wg', '--backend', 'emu', '--grid', $grid,
		           '--block', $block, "out:" . 4 * $words . ":$path");
		my ($out, $rc) = run_cmd(@cmd);
		my @got = $rc == 0 ? words($path) : ();
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
