# GcnlabSuite — what the suite end-to-end tests share: run gcnlab, read the
# results a suite wrote (<out>/<arch>-<backend>/<stem>.csv) back into
# parameters and rows, and compare numbers with a stated tolerance.
package GcnlabSuite;
use strict;
use warnings;
use Exporter 'import';
use JSON::PP;
our @EXPORT = qw(gcnlab_bin run_cmd slurp read_csv rows_where col within);

sub gcnlab_bin {
	my $root = $ENV{GCNLAB_ROOT} // '.';
	my $build = $ENV{GCNLAB_BUILD} // "$root/build";
	return $ENV{GCNLAB_BIN} // "$build/bin/gcnlab";
}

# (output with stderr, exit status) of a command.
sub run_cmd {
	my @cmd = @_;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open(STDERR, '>&', \*STDOUT);
		exec @cmd or do { print "cannot run $cmd[0]: $!\n"; exit 127 };
	}
	local $/;
	my $out = <$fh> // '';
	close $fh;
	my $st = $?;
	return ($out, $st & 127 ? 128 + ($st & 127) : $st >> 8);
}

sub slurp {
	my ($path) = @_;
	open(my $fh, '<:raw', $path) or return undef;
	local $/;
	return <$fh>;
}

# RFC 4180 fields of one line.
sub csv_fields {
	my ($line) = @_;
	my @f;
	while ($line =~ /\G(?:"((?:[^"]|"")*)"|([^,]*))(,|$)/g) {
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
