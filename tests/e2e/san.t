#!/usr/bin/perl
# san.t — the end-to-end hostile-input tests against the gcnlab command
# built with ASan/UBSan (build/san/bin/gcnlab, `make asan`; issue 29 item
# 10): each script below runs whole with GCNLAB_BIN pointing at it, so a
# leak, an overflow or undefined behaviour on any of their paths fails here
# (ASan exits 23, UBSan stops at the first report). The code objects come
# from the plain build (GCNLAB_BUILD_DIR).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $san = $ENV{GCNLAB_SAN_BIN} // "$build/san/bin/gcnlab";
BAIL_OUT("$san is not built (make asan)") unless -x $san;

my @scripts = qw(hostile.t inputs.t results_set.t);
plan tests => 2 * @scripts + 1;

my ($out, $rc) = run_cmd($san, '--version');
ok($rc == 0 && $out =~ /gcnlab/, 'the sanitizer build runs') or diag("exit $rc\n$out");

for my $s (@scripts) {
	my ($text, $rc) = run_cmd({ env => { GCNLAB_BIN => $san, GCNLAB_BUILD_DIR => $build } },
	                          $^X, "$FindBin::Bin/$s");
	my @failed = $text =~ /^(not ok .*)$/mg;
	ok($rc == 0 && !@failed, "$s against the sanitizer build")
		or diag("exit $rc\n" . join("\n", grep { /^not ok|^#/ } split /\n/, $text));
	unlike($text, qr/AddressSanitizer|LeakSanitizer|runtime error:/, "... no sanitizer report")
		or diag(join("\n", grep { /Sanitizer|runtime error|^    #\d/ } split /\n/, $text));
}
