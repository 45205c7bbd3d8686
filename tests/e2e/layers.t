#!/usr/bin/perl
# layers.t — the house's rule, include by include: a file in a layer folder of
# emu/ or host/ includes only its own folder and the layers below it
# (notes/architecture.md):
#
#   emu:  {hsa, kfd} → cp → core → {sem, model} → wave → isa → arch
#   host: cli → suites → measure → gpu → base, and report → base
#         (report is used by cli, suites and measure)
#
# plus the shared include/ and common/ headers and system headers. A file
# folder not in these tables fails too, so a new folder is a decision that is
# written down here. Every include with a folder part is checked; a bare
# quoted name is allowed only for a header in the file's own folder.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;
use Test::More;

my %below = (
	'emu/arch'  => [],
	'emu/isa'   => [qw(arch)],
	'emu/wave'  => [qw(isa arch)],
	'emu/sem'   => [qw(wave isa arch)],
	'emu/model' => [qw(wave isa arch)],
	'emu/core'  => [qw(sem model wave isa arch)],
	'emu/cp'    => [qw(core sem model wave isa arch)],
	'emu/hsa'   => [qw(cp core sem model wave isa arch)],
	'emu/kfd'   => [qw(cp core sem model wave isa arch)],
	'host/base'    => [],
	'host/report'  => [qw(base)],
	'host/gpu'     => [qw(base)],
	'host/measure' => [qw(gpu report base)],
	'host/suites'  => [qw(measure gpu report base)],
	'host/cli'     => [qw(suites measure gpu report base)],
);
# Folders below a layer that belong to it (generated tables).
my %inside = ('emu/isa/tables' => 'emu/isa', 'emu/model/tables' => 'emu/model');

my $root = root_dir();
my @files = grep { /\.(c|h|inc)$/ } split /\n/, `cd '$root' && git ls-files emu host 2>/dev/null`;
@files = split /\n/, `cd '$root' && find emu host -type f \\( -name '*.c' -o -name '*.h' -o -name '*.inc' \\)`
	unless @files;
ok(@files > 50, scalar(@files) . ' files in emu/ and host/');

my ($bad, $checked) = (0, 0);
for my $f (sort @files) {
	(my $dir = $f) =~ s{/[^/]+$}{};
	$dir = $inside{$dir} // $dir;
	unless (exists $below{$dir}) {
		fail("$f: its folder $dir is no layer (add it to layers.t and notes/architecture.md)");
		$bad++;
		next;
	}
	my ($top) = $dir =~ m{^(emu|host)/};
	my %ok = map { ("$top/$_" => 1) } @{$below{$dir}};
	$ok{$dir} = 1;
	my $text = slurp("$root/$f") // next;
	while ($text =~ /^\s*#\s*include\s+"([^"]+)"/mg) {
		my $inc = $1;
		$checked++;
		next if -f "$root/include/$inc" || -f "$root/common/$inc";
		if ($inc !~ m{/}) {
			next if -f "$root/$dir/$inc" || -f "$root/" . ($f =~ s{/[^/]+$}{}r) . "/$inc";
			fail("$f includes \"$inc\" by bare name: name its layer");
			$bad++;
			next;
		}
		my ($layer) = $inc =~ m{^([^/]+)/};
		my $target = "$top/$layer";
		next if $ok{$target};
		fail("$f includes \"$inc\": $dir may not depend on $target");
		$bad++;
	}
}
ok($checked > 200, "$checked includes checked");
is($bad, 0, 'every include follows the layers');

# Capabilities are tested by feature, never by processor (issue 27): no
# comparison with an EMU_GFX... name and no arch mask outside the
# descriptions (emu/arch/) and the processor rows (common/gcn_proc.c).
my @src = grep { /\.(c|h|inc)$/ && !m{^emu/arch/} && $_ ne 'common/gcn_proc.c' }
	split /\n/, `cd '$root' && find emu host common -type f`;
my @cmp;
for my $f (sort @src) {
	my $text = slurp("$root/$f") // next;
	my $n = 0;
	for my $line (split /\n/, $text) {
		$n++;
		push @cmp, "$f:$n: $line"
			if $line =~ /[!=]=\s*EMU_GFX|EMU_GFX\w*\s*[!=]=|<<\s*\(?\s*\w*->arch\b|<<\s*EMU_GFX|->arch\s*[!=]=/;
	}
}
diag($_) for @cmp;
is(scalar(@cmp), 0, 'no processor comparison outside emu/arch/ and common/gcn_proc.c (test a gcn_proc feature)');
done_testing();
