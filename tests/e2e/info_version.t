#!/usr/bin/perl
# info_version.t — `gcnlab --version` names the release and the git revision
# it was built from; `gcnlab info --json` is one JSON object with the caches
# per level, memory size, XCD and shader-engine counts, agreeing with the
# text form. The emulator answers from its profile; the expected figures
# are the public specifications of each part (MI300X: 8 XCDs, 32 KiB L1,
# 4 MiB L2 per XCD, 256 MiB Infinity Cache, 192 GB HBM3; MI250X GCD: 8 MiB
# L2, 64 GB; MI25: 4 MiB L2, 16 KiB L1).
use strict;
use warnings;
use JSON::PP;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();

my ($out, $rc) = run_cmd({ stderr => 'null' }, $gcnlab, '--version');
is($rc, 0, '--version exits 0');
like($out, qr/^gcnlab \d+\.\d+\.\d+ \(git ([0-9a-f]{7,}(-dirty)?|[\w.-]+-g[0-9a-f]+(-dirty)?|unknown)\)\n\z/,
     '--version: release and git revision');
if (-d "$root/.git" || -f "$root/.git") {
	unlike($out, qr/\(git unknown\)/, 'built in a git checkout: the revision is known');
}

my %want = (
	gfx942 => { xcds => 8, shader_engines => 32, l1_bytes => 32 << 10, l2_bytes => 4 << 20,
	            l3_bytes => 256 << 20, memory_bytes => 192 << 30, instruction_bytes => 64 << 10 },
	gfx90a => { xcds => 1, l1_bytes => 16 << 10, l2_bytes => 8 << 20, l3_bytes => 0,
	            memory_bytes => 64 << 30, instruction_bytes => 32 << 10 },
	gfx900 => { xcds => 1, l1_bytes => 16 << 10, l2_bytes => 4 << 20, l3_bytes => 0,
	            instruction_bytes => 32 << 10 },
);
for my $arch (sort keys %want) {
	($out, $rc) = run_cmd({ stderr => 'null' }, $gcnlab, 'info', '--arch', $arch, '--backend', 'emu', '--json');
	is($rc, 0, "$arch: info --json exits 0");
	my $j = eval { decode_json($out) };
	ok($j, "$arch: info --json is JSON") or do { diag($@); next };
	is($j->{arch}, $arch, "$arch: arch");
	for my $k (sort keys %{ $want{$arch} }) {
		my $v = exists $j->{caches}{$k} ? $j->{caches}{$k} : $j->{$k};
		is($v, $want{$arch}{$k}, "$arch: $k");
	}
	is($j->{caches}{scalar_bytes}, 16 << 10, "$arch: scalar cache 16 KiB");
	my ($text, $trc) = run_cmd({ stderr => 'null' }, $gcnlab, 'info', '--arch', $arch, '--backend', 'emu');
	like($text, qr/^compute units:\s+$j->{compute_units}$/m, "$arch: text and JSON agree on the CUs");
	like($text, qr/^L2 cache:\s+\d+ MiB/m, "$arch: text shows the L2");
	like($text, qr/^instruction cache:\s+\d+ KiB per \d CUs/m, "$arch: text shows the instruction cache");
}

done_testing();
