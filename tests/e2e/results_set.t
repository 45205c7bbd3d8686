#!/usr/bin/perl
# results_set.t — a suite's results are one transaction (issue 29 items 1-5):
# a reader of the results folder sees the whole old set or the whole new
# one, whatever happens to the run.
#
#   killed at every link, rename, unlink and rmdir (strace inject) old or new, never mixed
#   disk full at every few free pages (tmpfs, root)                exit 0 and new, or exit 1 and old
#   exec --json on a full disk                                      the old file stays whole
#   exec --json naming a folder                                     exit 2 before the kernel runs
#   every kernel of the suite failing (a truncated code object)     old figures kept, said so, the
#                                                                   error printed once, not per row
#   gnuplot cutting its SVG short / writing nothing / failing       exit 1, old chart and tables kept
#
# The old set is lds_counters with --param max_wi=32, the new one its
# default (64 work-items): the files differ, and apart from the date line
# each run's are the same bytes.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
my $tmp = temp_dir('rset');
my @run = ($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu');

# The set's files in dir, date lines dropped: name => text.
sub set_of {
	my ($dir) = @_;
	my %h;
	for my $f (glob("$dir/lds_counters*")) {
		my ($n) = $f =~ m{([^/]+)$};
		next if $n =~ /\.tmp\./;   # temporaries are no part of a set
		my $c = slurp($f) // "<unreadable>";
		$c =~ s/^.*"?date"?[=:].*$//mg;
		$h{$n} = $c;
	}
	return \%h;
}

sub same_set {
	my ($a, $b) = @_;
	return 0 unless join(',', sort keys %$a) eq join(',', sort keys %$b);
	return !grep { $a->{$_} ne $b->{$_} } keys %$a;
}

my ($OLD, $NEW);
# 'old', 'new' or what is wrong with the set in dir.
sub which {
	my ($dir) = @_;
	my $s = set_of($dir);
	return 'old' if same_set($s, $OLD);
	return 'new' if same_set($s, $NEW);
	my @n = map { my $f = $_; (exists $OLD->{$f} && $s->{$f} eq $OLD->{$f}) ? "$f=old" :
	              (exists $NEW->{$f} && $s->{$f} eq $NEW->{$f}) ? "$f=new" : "$f=damaged" } sort keys %$s;
	return "mixed (@n)";
}

sub old_set_in {
	my ($out, %o) = @_;
	my ($text, $rc) = run_cmd({ env => $o{env} // {} }, @run, '--out', $out, '--param', 'max_wi=32');
	die "the old set could not be made: $text" if $rc;
}

{
	my ($text, $rc) = run_cmd(@run, '--out', "$tmp/new");
	is($rc, 0, 'the new set runs') or diag($text);
	old_set_in("$tmp/old");
	$OLD = set_of("$tmp/old/gfx942-emu");
	$NEW = set_of("$tmp/new/gfx942-emu");
	ok(exists $OLD->{'lds_counters.svg'} && !same_set($OLD, $NEW), 'old and new sets differ and have charts')
		or diag(join(' ', sort keys %$OLD));
}

# ---- kills during the commit (item 5) -------------------------------------------
SKIP: {
	my ($o, $rc) = run_cmd('strace', '-f', '-o', '/dev/null', 'true');
	skip "strace cannot trace here ($o)", 4 if $rc;
	# strace counts each system call apart: every link, rename and removal of
	# the run, one kill each, until a run makes fewer calls than N.
	my (@bad, %seen, %kills);
	for my $call (qw(link linkat rename renameat renameat2 unlink unlinkat rmdir)) {
		for (my $n = 1; $n <= 40; $n++) {
			my $out = "$tmp/kill-$call-$n";
			old_set_in($out);
			# LeakSanitizer cannot run under ptrace (tests/e2e/san.t runs this on the sanitizer build).
			my ($text, $rc) = run_cmd({ env => { ASAN_OPTIONS => join(':', grep { $_ } $ENV{ASAN_OPTIONS}, 'detect_leaks=0') } },
			                          'strace', '-f', '-o', '/dev/null', '-e', "trace=$call",
			                          '-e', "inject=$call:signal=SIGKILL:when=$n", @run, '--out', $out);
			my $w = which("$out/gfx942-emu");
			push @bad, "kill at $call $n: $w" unless $w eq 'old' || $w eq 'new';
			last if $rc == 0;   # fewer than n calls: the run finished
			$seen{$w}++;
			$kills{$call}++;
			# The next run into the folder starts from what the kill left.
			($text, $rc) = run_cmd(@run, '--out', $out);
			push @bad, "run after the kill at $call $n: exit $rc" if $rc;
			my @left = grep { -e } glob("$out/.gfx942-emu.set.* $out/gfx942-emu/*.tmp.*"),
			           "$out/gfx942-emu/.set-pending";
			push @bad, "after the kill at $call $n and a rerun: left @left" if @left;
			$w = which("$out/gfx942-emu");
			push @bad, "after the kill at $call $n and a rerun: $w" if $w ne 'new';
			system('rm', '-rf', $out);
		}
	}
	my $k = join(', ', map { "$_ x$kills{$_}" } sort keys %kills);
	ok(!@bad, "a kill at each link and rename of a run ($k) leaves one whole set, and the next run the new one")
		or diag(join("\n", @bad));
	ok($seen{old}, "some kills left the old set (before the swap): $seen{old}");
	ok($seen{new}, "some kills left the new set (at or after the swap): " . ($seen{new} // 0));
	ok($kills{renameat2}, 'the swap itself was killed');
}

# ---- disk full (items 1, 2, 4, 9) ------------------------------------------------
SKIP: {
	my $mnt = "$tmp/mnt";
	mkdir $mnt;
	skip 'not root: cannot mount a small tmpfs', 6 if $> != 0;
	my ($o, $rc) = run_cmd('mount', '-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', $mnt);
	skip "cannot mount a tmpfs here: $o", 6 if $rc;
	my $fill = "$mnt/fill";
	# Fill the file system, then free `pages` pages of 4 KiB.
	my $fill_to = sub {
		my ($pages) = @_;
		unlink $fill;
		system("dd if=/dev/zero of='$fill' bs=4096 2>/dev/null");
		my $size = -s $fill;
		truncate($fill, $size > 4096 * $pages ? $size - 4096 * $pages : 0) or die "truncate: $!";
	};
	my (@bad, %rcs);
	for my $pages (0, 1, 2, 3, 5, 7, 8, 9, 11, 14, 18, 24, 40) {
		unlink $fill;
		system('rm', '-rf', "$mnt/out");
		old_set_in("$mnt/out");
		$fill_to->($pages);
		my ($text, $rc) = run_cmd(@run, '--out', "$mnt/out");
		$rcs{$rc}++;
		my $w = which("$mnt/out/gfx942-emu");
		push @bad, "$pages free pages: exit $rc, $w" unless ($rc == 0 && $w eq 'new') || ($rc == 1 && $w eq 'old');
		push @bad, "$pages free pages: the failure does not say the old set was kept:\n$text"
			if $rc == 1 && $text !~ /keeps the previous lds_counters results/;
		push @bad, "$pages free pages: a message names a temporary:\n$text" if $rc && $text =~ /\.tmp\.\w+[:']/;
		my @left = grep { -e } glob("$mnt/out/gfx942-emu/*.tmp.* $mnt/out/.gfx942-emu.set.*");
		push @bad, "$pages free pages: left @left" if @left;
	}
	ok(!@bad, 'disk full at 0..40 free pages: exit 0 with the whole new set or exit 1 with the whole old one')
		or diag(join("\n", @bad));
	ok($rcs{1} && $rcs{0}, 'both outcomes were reached (' . join(', ', map { "exit $_: $rcs{$_}" } sort keys %rcs) . ')');

	# exec --json: the old file is not damaged by a full disk.
	unlink $fill;
	my ($co, $err) = assemble("$root/tests/asm/buffer_oob.s", 'gfx942', "$tmp/k.co");
	BAIL_OUT($err) unless $co;
	my @exec = ($gcnlab, 'exec', $co, 'buffer_oob', '--backend', 'emu', '--grid', 128, '--block', 128,
	            '--reps', 20, '--warmup', 0);
	($o, $rc) = run_cmd(@exec, '--json', "$mnt/t.json", 'buf:1K', 'buf:1K');
	is($rc, 0, 'exec --json writes t.json') or diag($o);
	my $before = slurp("$mnt/t.json");
	$fill_to->(0);
	($o, $rc) = run_cmd(@exec, '--json', "$mnt/t.json", 'buf:1K', 'buf:1K');
	is($rc, 1, 'exec --json on a full disk: exit 1') or diag($o);
	is(slurp("$mnt/t.json"), $before, '... the previous t.json is whole and unchanged');
	like($o, qr{writing \Q$mnt\E/t\.json failed: No space left on device}, '... and the message names t.json');
	unlink $fill;
	run_cmd('umount', $mnt);
}

# ---- an output checked before any kernel runs (item 2) ---------------------------
{
	my ($co, $err) = assemble("$root/tests/asm/buffer_oob.s", 'gfx942', "$tmp/k2.co");
	BAIL_OUT($err) unless $co;
	mkdir "$tmp/adir";
	for my $opt ('--json', '--csv', '--counters-csv') {
		my ($o, $rc) = run_cmd($gcnlab, 'exec', $co, 'buffer_oob', '--backend', 'emu', '--grid', 128, '--block', 128,
		                       $opt, "$tmp/adir", 'buf:1K', 'buf:1K');
		ok($rc == 2 && $o =~ /\Q$tmp\E\/adir is a folder/ && $o !~ /µs/,
		   "exec $opt naming a folder: exit 2 before the kernel runs") or diag("exit $rc\n$o");
	}
}

# ---- every kernel fails (item 3) --------------------------------------------------
{
	my $kdir = "$tmp/build/gfx942";
	system('mkdir', '-p', $kdir) == 0 or die;
	for my $f (glob("$build/gfx942/*")) {
		my ($name) = $f =~ m{([^/]+)$};
		symlink($f, "$kdir/$name") or die "symlink $f: $!";
	}
	for my $k ('lds_counters_load', 'lds_counters_conflicts') {
		unlink "$kdir/$k.co";
		my $bytes = slurp("$build/gfx942/$k.co");
		open(my $fh, '>:raw', "$kdir/$k.co") or die;
		print $fh substr($bytes, 0, 2000);
		close $fh;
	}
	my $out = "$tmp/failed";
	old_set_in($out);
	my ($o, $rc) = run_cmd({ env => { GCNLAB_BUILD_DIR => "$tmp/build" } }, @run, '--out', $out);
	ok($rc != 0 && $rc < 124, 'every kernel failing: a failure exit') or diag("exit $rc\n$o");
	is(which("$out/gfx942-emu"), 'old', '... the old set is kept whole (no failed rows, old chart)');
	like($o, qr/no results written: \S+ keeps the previous lds_counters results/, '... and the run says so')
		or diag($o);
	like($o, qr/truncated/, '... naming the code object truncated');
	my $times = () = $o =~ /truncated: the file has/g;
	ok($times == 2 && $o =~ /the same failure in \d+ more rows/,
	   "... once per code object ($times times), then how many rows failed the same way") or diag($o);
}

# ---- charts verified (item 4) -----------------------------------------------------
{
	my $real = `sh -c 'command -v gnuplot'`;
	chomp $real;
	SKIP: {
		skip 'gnuplot is not installed', 6 unless $real;
		my %fake = (
			'cut short' => "\"$real\" \"\$1\" || exit \$?\nf=\$(sed -n \"s/^set output '\\(.*\\)'\$/\\1/p\" \"\$1\")\n" .
			               "n=\$(wc -c < \"\$f\")\ntruncate -s \$((n / 2)) \"\$f\"\nexit 0\n",
			'nothing'   => "exit 0\n",
			'exit 1'    => "echo 'gnuplot: broken' >&2\nexit 1\n",
		);
		for my $what (sort keys %fake) {
			my $bin = "$tmp/fake-$what";
			$bin =~ s/ /_/g;
			mkdir $bin;
			open(my $fh, '>', "$bin/gnuplot") or die;
			print $fh "#!/bin/sh\n$fake{$what}";
			close $fh;
			chmod 0755, "$bin/gnuplot";
			my $out = "$tmp/chart-$what";
			$out =~ s/ /_/g;
			old_set_in($out);
			my ($o, $rc) = run_cmd({ env => { PATH => "$bin:$ENV{PATH}" } }, @run, '--out', $out);
			is($rc, 1, "a gnuplot that exits with '$what': exit 1") or diag($o);
			my $w = which("$out/gfx942-emu");
			ok($w eq 'old' && $o =~ /chart lds_counters\.svg failed/ && $o !~ /wrote \S+\.svg/,
			   "... the old chart and tables are kept, the chart named as failed") or diag("$w\n$o");
		}
	}
}

done_testing();
