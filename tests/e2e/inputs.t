#!/usr/bin/perl
# inputs.t — inputs that are not what they seem (issue 29 items 7-9):
#
#   a FIFO as the code object, a file: buffer, a reference    refused at once, named a FIFO
#   references that are random, empty, header-only, ragged,
#   200 columns wide or hold a word for a figure             named malformed (with the line), never
#                                                             "N of M figures differ"
#   a reference of 200,000 rows                               read (linear), the figures compared
#   a truncated code object                                   named truncated
#   --out a symbolic link to nothing                          exit 2, named a link
use strict;
use warnings;
use POSIX qw(mkfifo);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
my $tmp = temp_dir('inputs');

sub run {
	my ($env, @cmd) = @_;
	# A FIFO opened for reading would block: the timeout turns a hang into a failure.
	return run_cmd({ env => $env, stdin => 'null', timeout => 120 }, @cmd);
}

my ($co, $err) = assemble("$root/tests/asm/buffer_oob.s", 'gfx942', "$tmp/k.co");
BAIL_OUT($err) unless $co;

# ---- FIFOs (item 7) ---------------------------------------------------------------
mkfifo("$tmp/fifo.co", 0644) or die "mkfifo: $!";
mkfifo("$tmp/fifo.bin", 0644) or die "mkfifo: $!";
{
	my ($o, $rc) = run({}, $gcnlab, 'exec', "$tmp/fifo.co", 'k', '--backend', 'emu', '--grid', 64, '--block', 64);
	ok($rc == 2 && $o =~ /code object \Q$tmp\E\/fifo\.co is a FIFO, not a regular file/,
	   'a FIFO as the code object: exit 2 at once, named a FIFO') or diag("exit $rc\n$o");
	($o, $rc) = run({}, $gcnlab, 'exec', $co, 'buffer_oob', '--backend', 'emu', '--grid', 128, '--block', 128,
	                "buf:1K:file:$tmp/fifo.bin", 'buf:1K');
	ok($rc == 2 && $o =~ /fifo\.bin/, 'a FIFO as a file: buffer: exit 2 at once, named') or diag("exit $rc\n$o");
}

# ---- references (items 7, 8) -------------------------------------------------------
my $refdir = "$tmp/ref/gfx942-emu";
system('mkdir', '-p', $refdir) == 0 or die;
my $real = slurp("$root/results/reference/gfx942-emu/lds_counters.csv") // die 'no committed reference';
my ($header, @rows) = split /\n/, $real;
my @run = ($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu');

sub with_ref {
	my ($what, $text, $pat) = @_;
	my $path = "$refdir/lds_counters.csv";
	unlink $path;
	if (defined $text) {
		open(my $fh, '>:raw', $path) or die;
		print $fh $text;
		close $fh;
	} else {
		mkfifo($path, 0644) or die "mkfifo: $!";
	}
	my ($o, $rc) = run({ GCNLAB_REFERENCE_DIR => "$tmp/ref" }, @run, '--out', "$tmp/out");
	my ($line) = $o =~ /^(ref: .*)$/m;
	$line //= '(no ref: line)';
	ok($rc == 0 && $line =~ $pat && $line !~ /figures differ/, "$what: $line") or diag("exit $rc\n$o");
}

srand(29);
my $random = join('', map { chr(int(rand(256))) } 1 .. 4096);
with_ref('a FIFO as the reference', undef, qr/is a FIFO, not a regular file/);
with_ref('an empty reference', '', qr/ is empty; no figures compared/);
with_ref('random bytes', $random, qr/is malformed: /);
with_ref('random text', join("\n", map { join(',', map { int(rand(1e6)) } 1 .. int(rand(9)) + 1) } 1 .. 50),
         qr/is malformed: line \d+/);
with_ref('a header and no rows', "$header\n", qr/is malformed: it has a header \(line 1\) and no rows/);
with_ref('200 columns', join("\n", map { join(',', map { "c$_" } 1 .. 200) } 1 .. 20) . "\n",
         qr/is malformed: line 1: column 1 is 'c1'/);
with_ref('a ragged row', join("\n", $header, @rows[0 .. 3], "1,2", @rows[4 .. $#rows]) . "\n",
         qr/is malformed: line 6 has 2 cells, the header \(line 1\) \d+/);
{
	my @bad = @rows;
	my @cells = split /,/, $bad[2], -1;
	$cells[$_] = 'abc' for 3 .. $#cells - 1;   # the figures, not the keys
	$bad[2] = join(',', @cells);
	with_ref('a word for a figure', join("\n", $header, @bad) . "\n", qr/is malformed: line 4: \w+ is 'abc', not a number/);
}
{
	# 200,000 rows: the committed ones, then rows no run has.
	my @big = @rows;
	my @cells = split /,/, $rows[0], -1;
	for my $i (1 .. 200000 - @rows) {
		$cells[0] = "x$i";
		push @big, join(',', @cells);
	}
	my $path = "$refdir/lds_counters.csv";
	unlink $path;
	open(my $fh, '>', $path) or die;
	print $fh join("\n", $header, @big), "\n";
	close $fh;
	my ($o, $rc) = run({ GCNLAB_REFERENCE_DIR => "$tmp/ref" }, @run, '--out', "$tmp/out");
	like($o, qr/^ref: \S+ \(emulated gfx942, committed\); 0 of \d+ figures differ/m,
	     'a reference of 200,000 rows is read and compared') or diag("exit $rc\n" . substr($o, -2000));
}

# ---- messages (item 9) -------------------------------------------------------------
{
	my $bytes = slurp($co);
	open(my $fh, '>:raw', "$tmp/cut.co") or die;
	print $fh substr($bytes, 0, int(length($bytes) / 2));
	close $fh;
	my ($o, $rc) = run({}, $gcnlab, 'exec', "$tmp/cut.co", 'buffer_oob', '--backend', 'emu', '--grid', 64,
	                   '--block', 64, 'buf:1K', 'buf:1K');
	ok($rc == 2 && $o =~ /cut\.co: truncated: the file has \d+ bytes, its ELF headers describe \d+/,
	   'a truncated code object is named truncated') or diag("exit $rc\n$o");
	symlink("$tmp/nowhere", "$tmp/dangling") or die;
	($o, $rc) = run({}, @run, '--out', "$tmp/dangling");
	ok($rc == 2 && $o =~ /\Q$tmp\E\/dangling is a symbolic link to a missing folder/,
	   '--out a dangling symbolic link: exit 2, named a link') or diag("exit $rc\n$o");
}

done_testing();
