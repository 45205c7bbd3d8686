#!/usr/bin/perl
# progress.t — `gcnlab run` progress on stderr: one plain line per kernel
# when stderr is a pipe (CI, tee), the live line (carriage return + erase
# line, rewritten) when it is a terminal (run under script(1) for a pty).
# gcnlab-deps: script=bsdutils
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('progress');
my @run = ($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', $tmp);

# stderr to a file: not a terminal.
my $pid = fork() // die "fork: $!";
if (!$pid) {
	open(STDOUT, '>', '/dev/null');
	open(STDERR, '>', "$tmp/err.txt");
	exec @run or exit 127;
}
waitpid($pid, 0);
is($? >> 8, 0, 'run lds_counters succeeds');
open(my $fh, '<', "$tmp/err.txt") or die;
my $err = do { local $/; <$fh> };
unlike($err, qr/[\r\033]/, 'piped: no carriage returns or escape sequences');
my @steps = grep { /^lds_counters: lds_counters_/ } split /\n/, $err;
is_deeply(\@steps, ['lds_counters: lds_counters_load', 'lds_counters: lds_counters_conflicts'],
          'piped: one line per kernel, in order') or diag($err);

# Under a pseudo-terminal: the live line.
my $cmd = join(' ', map { "'$_'" } @run) . " 2>&1 >/dev/null";
my $out = `script -qec "$cmd" /dev/null 2>&1`;
like($out, qr/\r\033\[Klds_counters: lds_counters_load \d+\/\d+/, 'terminal: the live line, rewritten in place')
	or diag($out);

done_testing();
