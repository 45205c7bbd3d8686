#!/usr/bin/perl
# readme_ref.t — README.md's command reference is the code's: the block
# between "<!-- BEGIN gcnlab help --markdown -->" and its END line must be
# exactly what `gcnlab help --markdown` prints from the commands' option
# tables, so an option added, renamed or re-described in the code fails here
# until the README follows (regenerate the block with that command).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();

my $readme = slurp("$root/README.md") // BAIL_OUT("README.md: $!");
my ($block) = $readme =~ /^<!-- BEGIN gcnlab help --markdown -->\n(.*?)^<!-- END gcnlab help --markdown -->$/ms;
ok(defined $block, 'README has the generated block') or BAIL_OUT('no block');

my $gen = `'$gcnlab' help --markdown`;
is($? >> 8, 0, 'gcnlab help --markdown exits 0');
my @cmds = $gen =~ /^#### `gcnlab (\w+)`$/mg;
is_deeply(\@cmds, [qw(info list run exec trace check compare)], 'every command has a section');
for my $c (@cmds) {
	my ($sec) = $gen =~ /^#### `gcnlab $c`\n(.*?)(?=^#### |\z)/ms;
	my @opts = $sec =~ /^\| `(--[\w-]+)/mg;
	my $help = `'$gcnlab' $c --help`;
	my @hopts = grep { $_ ne '--help' } $help =~ /^\s+(--[\w-]+)/mg;
	is_deeply(\@opts, \@hopts, "$c: the table lists every option --help lists");
}
if ($block eq $gen) {
	pass('README block equals gcnlab help --markdown');
} else {
	my @a = split /\n/, $block;
	my @b = split /\n/, $gen;
	my $i = 0;
	$i++ while $i < @a && $i < @b && $a[$i] eq $b[$i];
	fail('README block equals gcnlab help --markdown');
	diag("first difference at line " . ($i + 1) . " of the block:\n  README: " . ($a[$i] // '(end)') .
	     "\n  code:   " . ($b[$i] // '(end)') . "\nregenerate it with: build/bin/gcnlab help --markdown");
}

done_testing();
