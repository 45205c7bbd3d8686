# GcnlabSuite — what the end-to-end tests share: where the tree, the build,
# gcnlab and LLVM are; running a command; temporary directories; the arches
# and how a test kernel is assembled for one; reading the results a suite
# wrote (<out>/<arch>-<backend>/<stem>.csv) back into parameters and rows,
# and comparing numbers with a stated tolerance.
#
#   use FindBin;
#   use lib "$FindBin::Bin/lib";
#   use GcnlabSuite;
#   my $gcnlab = need_gcnlab();            # BAIL_OUT unless built
#   my $tmp = temp_dir('mytest');
#   my ($out, $rc) = run_cmd($gcnlab, 'info');
package GcnlabSuite;
use strict;
use warnings;
use Exporter 'import';
use File::Basename qw(dirname);
use File::Temp qw(tempdir);
use JSON::PP;
use POSIX ();
use Test::More ();
use Time::HiRes ();
our @EXPORT = qw(gcnlab_bin root_dir build_dir llvm_bin need_gcnlab need_file need_llvm temp_dir
                 run_cmd fails_cleanly slurp words csv_fields read_csv rows_where col within
                 run_split @ARCHS %GFXNUM assemble link_co);

# The arches every suite and test kernel is built for, and the number
# asm/include/gcnlab.inc knows each by (--defsym GFX=...): the rows of
# common/gcn_proc.c, as tools/procs.sh lists them for the build.
our (@ARCHS, %GFXNUM);
for (split /\n/, `sh '@{[root_dir()]}/tools/procs.sh'`) {
	my ($name, $num) = split ' ';
	push @ARCHS, $name;
	$GFXNUM{$name} = $num;
}
die "GcnlabSuite: no processor rows from tools/procs.sh\n" unless @ARCHS;

# Paths as `make test` passes them (GCNLAB_ROOT, GCNLAB_BUILD, GCNLAB_BIN,
# LLVM_BIN); run by hand, the tree this file is in and its build/.
sub root_dir { return $ENV{GCNLAB_ROOT} // dirname(__FILE__) . '/../../..' }
sub build_dir { return $ENV{GCNLAB_BUILD} // root_dir() . '/build' }
sub gcnlab_bin { return $ENV{GCNLAB_BIN} // build_dir() . '/bin/gcnlab' }

sub llvm_bin {
	return $ENV{LLVM_BIN} if defined $ENV{LLVM_BIN} && $ENV{LLVM_BIN} ne '';
	my $root = root_dir();
	chomp(my $dir = `sh '$root/tools/find_llvm.sh'`);
	return $dir;
}

# gcnlab, or the whole test stops with what to build.
sub need_gcnlab {
	my $gcnlab = gcnlab_bin();
	Test::More::BAIL_OUT("$gcnlab is not built (make)") unless -x $gcnlab;
	return $gcnlab;
}

# A file the test needs, or the test stops naming the make target that builds it.
sub need_file {
	my ($path, $target) = @_;
	Test::More::BAIL_OUT("$path is not built (make $target)") unless -e $path;
	return $path;
}

# The LLVM bin directory, or the test stops naming the tools it lacks.
sub need_llvm {
	my @tools = @_;
	my $llvm = llvm_bin();
	my @missing = grep { !-x "$llvm/$_" } @tools;
	Test::More::BAIL_OUT("no LLVM tools (@missing) in '$llvm'") if @missing;
	return $llvm;
}

# A fresh directory under $TMPDIR, removed at exit.
sub temp_dir {
	my ($tag) = @_;
	return tempdir("gcnlab-$tag-XXXXXX", TMPDIR => 1, CLEANUP => 1);
}

# run_cmd([\%opt,] @cmd) -> (stdout and stderr, exit status, seconds,
# timed out). The status of a command killed by a signal is 128 + the
# signal, as the shell reports it, so a crash never reads as success.
# Options:
#   env      { NAME => value }: added to the command's environment
#   stderr   'null': discard stderr instead of merging it into the output
#   stdin    'null': read /dev/null
#   timeout  seconds: after that long the command's process group is killed
#            (status 137), "[killed after N s]" ends the output and what it
#            printed before is kept for the diagnostics
sub run_cmd {
	my $o = ref $_[0] eq 'HASH' ? shift : {};
	my @cmd = @_;
	my $t0 = Time::HiRes::time();
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		POSIX::setsid() if $o->{timeout};
		if (($o->{stderr} // '') eq 'null') {
			open(STDERR, '>', '/dev/null');
		} else {
			open(STDERR, '>&', \*STDOUT);
		}
		open(STDIN, '<', '/dev/null') if ($o->{stdin} // '') eq 'null';
		$ENV{$_} = $o->{env}{$_} for keys %{ $o->{env} // {} };
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; POSIX::_exit(127) };
	}
	my ($out, $timed_out) = ('', 0);
	eval {
		local $SIG{ALRM} = sub { die "timeout\n" };
		alarm($o->{timeout} // 0);
		while (sysread($fh, my $buf, 65536)) {
			$out .= $buf;
		}
		alarm 0;
	};
	if ($@ eq "timeout\n") {
		$timed_out = 1;
		kill 'KILL', -$pid;
	}
	close $fh;
	my $st = $?;
	$out .= "\n[killed after $o->{timeout} s]" if $timed_out;
	return ($out, $st & 127 ? 128 + ($st & 127) : $st >> 8, Time::HiRes::time() - $t0, $timed_out);
}

# A command with its stdout and stderr apart, through files in folder dir
# (replaced each call): (stdout, stderr, exit code; 128 + signal).
sub run_split {
	my ($dir, $env, @cmd) = @_;
	my $pid = fork() // die "fork: $!";
	if (!$pid) {
		open(STDOUT, '>', "$dir/stdout") or die;
		open(STDERR, '>', "$dir/stderr") or die;
		$ENV{$_} = $env->{$_} for keys %$env;
		exec(@cmd) or POSIX::_exit(127);
	}
	waitpid($pid, 0);
	my $rc = $? & 127 ? 128 + ($? & 127) : $? >> 8;
	return (slurp("$dir/stdout") // '', slurp("$dir/stderr") // '', $rc);
}

# The common shape of a failure: a nonzero exit that is not a signal or a
# timeout, no sanitizer or crash text, and every pattern in the output.
sub fails_cleanly {
	my ($what, $out, $rc, @pats) = @_;
	my @bad;
	push @bad, "exit status 0" if $rc == 0;
	push @bad, "killed by a signal or timed out (status $rc)" if $rc >= 124;
	push @bad, "crash text in the output"
		if $out =~ /AddressSanitizer|Segmentation fault|core dumped|Aborted|runtime error:/;
	push @bad, map { "no match for $_" } grep { $out !~ $_ } @pats;
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	Test::More::ok(!@bad, $what) or Test::More::diag(join("\n", @bad) . "\n--- output ---\n$out");
}

# A file's bytes, or undef if it cannot be read.
sub slurp {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return undef;
	local $/;
	return <$fh>;
}

# A binary file as little-endian 32-bit words (empty if it cannot be read).
sub words {
	my ($path) = @_;
	return unpack('V*', slurp($path) // '');
}

# ---- test kernels ----------------------------------------------------------------

# link_co(OBJ, CO): ld.lld the object into a code object, as the Makefile
# does; (CO, '') or (undef, what ld.lld said).
sub link_co {
	my ($obj, $co) = @_;
	my ($out, $rc) = run_cmd(llvm_bin() . '/ld.lld', '-shared', '--discard-all', '-o', $co, $obj);
	return $rc ? (undef, "linking $co failed:\n$out") : ($co, '');
}

# assemble(SRC, ARCH, CO, \%opt): a hand-written kernel assembled and linked
# the way the Makefile builds asm/ (llvm-mc, code object v5, -I asm/include,
# --defsym GFX=<900|910|942>; warnings are errors). Options:
#   defsym   [ 'NAME=VALUE', ... ]
#   include  [ more -I directories ]
#   warn     1: let warnings through (a kernel that is meant to warn)
# Returns (CO, '') or (undef, what llvm-mc or ld.lld said).
sub assemble {
	my ($src, $arch, $co, $o) = @_;
	$o //= {};
	my $root = root_dir();
	(my $obj = $co) =~ s/(\.co)?$/.o/;
	my ($out, $rc) = run_cmd(llvm_bin() . '/llvm-mc', '-triple', 'amdgcn-amd-amdhsa', "-mcpu=$arch",
	                         '--amdhsa-code-object-version=5', ($o->{warn} ? () : '--fatal-warnings'),
	                         '-filetype=obj', map({ ('-I', $_) } "$root/asm/include", @{ $o->{include} // [] }),
	                         '--defsym', "GFX=$GFXNUM{$arch}", map({ ('--defsym', $_) } @{ $o->{defsym} // [] }),
	                         $src, '-o', $obj);
	return (undef, "assembling $src for $arch failed:\n$out") if $rc;
	return link_co($obj, $co);
}

# ---- results CSVs ----------------------------------------------------------------

# RFC 4180 fields of one line (a quote may only open a quoted field).
sub csv_fields {
	my ($line) = @_;
	my @f;
	while ($line =~ /\G(?:"((?:[^"]|"")*)"|([^,"]*))(,|$)/g) {
		push @f, defined $1 ? $1 =~ s/""/"/gr : $2;
		last if $3 eq '';
	}
	return @f;
}

# { params => { key => value }, head => [...], rows => [ { col => value } ] }
# of a results CSV, or undef if it cannot be read.
# The parameters are the sidecar's (<stem>.json next to the CSV: every
# key with a string value); the CSV itself is one header row and the rows.
sub read_csv {
	my ($path) = @_;
	my $text = slurp($path) // return undef;
	my (%params, @head, @rows);
	(my $side = $path) =~ s/\.csv$/.json/;
	if (defined(my $js = slurp($side))) {
		my $doc = eval { JSON::PP->new->decode($js) };
		if (ref $doc eq 'HASH') {
			$params{$_} = $doc->{$_} for grep { !ref $doc->{$_} } keys %$doc;
		}
	}
	for my $line (split /\r?\n/, $text) {
		next unless $line =~ /\S/;
		my @f = csv_fields($line);
		if (!@head) {
			@head = @f;
			next;
		}
		my %r;
		@r{@head} = @f;
		push @rows, \%r;
	}
	return { params => \%params, head => \@head, rows => \@rows, text => $text };
}

# The rows whose columns equal the given values.
sub rows_where {
	my ($csv, %want) = @_;
	return grep {
		my $r = $_;
		!grep { !defined $r->{$_} || $r->{$_} ne $want{$_} } keys %want
	} @{ $csv->{rows} };
}

# The first column whose name starts with prefix.
sub col {
	my ($csv, $prefix) = @_;
	my ($c) = grep { index($_, $prefix) == 0 } @{ $csv->{head} };
	return $c;
}

# A number within [lo, hi].
sub within {
	my ($v, $lo, $hi) = @_;
	return defined $v && $v =~ /^-?[0-9.]+$/ && $v >= $lo && $v <= $hi;
}

1;
