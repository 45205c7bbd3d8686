#!/usr/bin/perl
# layers.t — the house's rule, include by include: a file in a layer folder of
# emu/ or host/ includes only its own folder and the layers below it
# (notes/architecture.md):
#
#   emu:  {hsa, kfd} → cp → core → {sem, model} → wave → isa → arch
#   host: cli → suites → measure → gpu → base, and report → base
#         (report is used by cli, suites and measure)
#
# plus the shared include/ and common/ headers and system headers; and no
# call circle between the files of one folder (from the build's objects). A file
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
# The build's processors are the rows of common/gcn_proc.c (issue 27): the
# Makefile, mk/, the kernels' include and the figure check read them through
# tools/procs.sh, so none of them writes a list of processors (two names or
# numbers of rows on one line of code; comments may name several).
my @rows = map { [split ' '] } split /\n/, `sh '$root/tools/procs.sh'`;
ok(@rows >= 3, scalar(@rows) . ' processor rows from tools/procs.sh');
my %proc_word = map { ($_->[0] => 1, $_->[1] => 1) } @rows;
my @lists;
for my $f (qw(Makefile mk/procs.mk mk/kernels.mk mk/kernels.awk mk/model.mk tools/same_figures.sh tools/gen_optab.sh
              asm/include/gcnlab.inc tests/e2e/lib/GcnlabSuite.pm)) {
	my $text = slurp("$root/$f");
	unless (defined $text) {
		push @lists, "$f: missing";
		next;
	}
	my $n = 0;
	for my $line (split /\n/, $text) {
		$n++;
		next if $line =~ m{^\s*(#|//)};
		my %seen = map { ($_ => 1) } grep { $proc_word{$_} } $line =~ /(gfx[0-9a-z]+|\d{3})/g;
		push @lists, "$f:$n: $line" if keys %seen >= 2;
	}
}
diag($_) for @lists;
is(scalar(@lists), 0, 'no list of processors in the build outside common/gcn_proc.c');
my ($gl_list) = `GCNLAB_EMU_ARCH=no-such-gpu '@{[gcnlab_bin()]}' info --backend emu 2>&1` =~ /\(([^()]*gfx[^()]*)\)/;
is($gl_list, join(', ', map { $_->[0] } @rows), "gcnlab's list of processors is the build's");

# No call circles inside a folder (issue 27): a folder's files depend on each
# other one way, so that each can be read with only what it calls. Read from
# the build's objects (nm): file A calls file B when A's object takes (U) a
# global symbol that B's object defines; a circle is a strongly connected set
# of two or more files of one folder. Objects whose source is gone are
# skipped (a stale object of a removed file).
my %circle_ok = ();   # none: a new circle is fixed, not listed here
my $obj = build_dir() . '/obj';
my @objs = grep { -f "$root/" . ($_ =~ s/\.o$/.c/r) }
	sort split /\n/, `cd '$obj' 2>/dev/null && find emu host common -name '*.o'`;
ok(@objs > 100, scalar(@objs) . " objects of emu/, host/ and common/ in $obj");
my (%def, %und);
for my $o (@objs) {
	(my $src = $o) =~ s/\.o$/.c/;
	for (split /\n/, `nm '$obj/$o'`) {
		if (/^\s+U (\S+)/) { push @{$und{$src}}, $1 }
		elsif (/^[0-9a-f]+ [TDBRCVW] (\S+)/) { $def{$1} = $src }
	}
}
my %calls;
my $edges = 0;
for my $f (sort keys %und) {
	(my $dir = $f) =~ s{/[^/]+$}{};
	for my $s (@{$und{$f}}) {
		my $g = $def{$s} // next;
		next if $g eq $f || ($g =~ s{/[^/]+$}{}r) ne $dir;
		$edges++ unless $calls{$f}{$g};
		$calls{$f}{$g}{$s} = 1;
	}
}
ok($edges > 50, "$edges calls between files of one folder");
# Tarjan's strongly connected components.
my ($next, %idx, %low, %on, @stack, @circles) = (0);
my $visit;
$visit = sub {
	my ($v) = @_;
	$idx{$v} = $low{$v} = $next++;
	push @stack, $v;
	$on{$v} = 1;
	for my $w (sort keys %{$calls{$v} // {}}) {
		if (!exists $idx{$w}) {
			$visit->($w);
			$low{$v} = $low{$w} if $low{$w} < $low{$v};
		} elsif ($on{$w}) {
			$low{$v} = $idx{$w} if $idx{$w} < $low{$v};
		}
	}
	return unless $low{$v} == $idx{$v};
	my @c;
	my $w;
	do { $w = pop @stack; $on{$w} = 0; push @c, $w } while ($w ne $v);
	push @circles, [sort @c] if @c > 1;
};
$visit->($_) for grep { !exists $idx{$_} } sort keys %calls;
my @bad_circles;
for my $c (@circles) {
	(my $dir = $c->[0]) =~ s{/[^/]+$}{};
	my %in = map { ($_ => 1) } @$c;
	my @ties;
	for my $f (@$c) {
		push @ties, "  $f -> $_: " . join(' ', sort keys %{$calls{$f}{$_}})
			for grep { $in{$_} } sort keys %{$calls{$f}};
	}
	if ($circle_ok{$dir}) {
		note("known circle in $dir (@$c)");
		next;
	}
	diag("call circle in $dir: @$c\n" . join("\n", @ties));
	push @bad_circles, $c;
}
is(scalar(@bad_circles), 0, 'no two files of one folder call each other in a circle');
done_testing();
