#!/usr/bin/perl
# build_race.t — the build is safe to run twice at once (issue 29 item 6):
# every built file is written under a temporary name and renamed into
# place, so a gcnlab started mid-build never loads a half-written
# libhsa-emu.so ("file too short").
#
#   a relink of gcnlab and libhsa-emu.so, traced   no process opens either for writing
#   two makes relinking them at once               both succeed; gcnlab runs throughout
#
# In a scratch build folder (make BUILD=...) seeded with this build's
# objects, so only the links run; the tree's own build/ is not touched.
use strict;
use warnings;
use POSIX ();
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
need_gcnlab();
my $tmp = temp_dir('brace');
my $b = "$tmp/b";
# A make of our own, not a job of the make running the tests.
delete @ENV{qw(MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES)};
system('mkdir', '-p', $b) == 0 or die;
system('cp', '-a', "$build/obj", "$b/obj") == 0 or BAIL_OUT("cannot copy $build/obj");
my @targets = ("$b/bin/gcnlab", "$b/lib/libhsa-emu.so");
my @make = ('make', '-C', $root, '--no-print-directory', '-j1', "BUILD=$b", @targets);

# A changed object both link from.
sub touch_common {
	my @o = glob("$b/obj/common/*.o");
	utime(undef, undef, @o) or die "touch: $!";
}

{
	my ($o, $rc) = run_cmd(@make);
	is($rc, 0, 'the scratch build links') or diag($o);
}

SKIP: {
	my ($o, $rc) = run_cmd('strace', '-f', '-o', '/dev/null', 'true');
	skip "strace cannot trace here ($o)", 2 if $rc;
	sleep 1;   # a newer mtime than the links just made
	touch_common();
	($o, $rc) = run_cmd('strace', '-f', '-qq', '-e', 'trace=open,openat,creat', '-o', "$tmp/trace", @make);
	is($rc, 0, 'a traced relink succeeds') or diag($o);
	my @writes;
	open(my $fh, '<', "$tmp/trace") or die;
	while (my $l = <$fh>) {
		next unless $l =~ /O_WRONLY|O_RDWR|creat\(/;
		push @writes, $l for grep { $l =~ /"\Q$_\E"/ } @targets;
	}
	close $fh;
	ok(!@writes, 'no process opens gcnlab or libhsa-emu.so for writing: they are renamed into place')
		or diag(join('', @writes));
}

{
	sleep 1;
	touch_common();
	my @pids;
	for my $i (1, 2) {
		my $pid = fork() // die;
		if (!$pid) {
			open(STDOUT, '>', "$tmp/make$i.log");
			open(STDERR, '>&', \*STDOUT);
			exec @make or POSIX::_exit(127);
		}
		push @pids, $pid;
	}
	# gcnlab (and the emulator it dlopens) started again and again meanwhile.
	my ($runs, @bad) = (0);
	while (grep { waitpid($_, POSIX::WNOHANG()) == 0 } @pids) {
		my ($o, $rc) = run_cmd("$b/bin/gcnlab", 'info', '--backend', 'emu');
		$runs++;
		push @bad, "exit $rc: $o" if $rc;
		last if $runs > 2000;
	}
	waitpid($_, 0) for @pids;
	my @logs = map { slurp("$tmp/make$_.log") // '' } 1, 2;
	ok(!grep({ /Error|error:/ } @logs), 'two makes at once both succeed') or diag(join("\n----\n", @logs));
	ok(!@bad, "gcnlab info ran $runs times during the two builds, every time whole") or diag($bad[0]);
	my ($o, $rc) = run_cmd("$b/bin/gcnlab", 'info', '--backend', 'emu');
	is($rc, 0, 'the result runs') or diag($o);
	my @left = grep { -e } glob("$b/bin/*.tmp.* $b/lib/*.tmp.*");
	ok(!@left, 'no temporaries left') or diag("@left");
}

done_testing();
