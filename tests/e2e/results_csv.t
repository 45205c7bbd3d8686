#!/usr/bin/perl
# results_csv.t — every results file `gcnlab run` writes is data a tool
# reads with default settings (issue 18):
#   - the CSV has exactly one header row and no comment lines; every row
#     has as many cells as the header;
#   - every column name is ASCII snake_case (^[a-z][a-z0-9_]*$), unique;
#   - every non-empty cell of a column whose name ends in a unit suffix
#     (_us, _cycles, _gbs, _bytes, _pct, _mhz, _count, _ratio, _tflops, ...)
#     is a number (no '-', 'failed', '8..8200' or '12%' in numeric columns);
#   - counter columns (--counters) are numbers too;
#   - the sidecar <stem>.json parses and names arch, backend, date and the
#     gcnlab version (the one `gcnlab --version` prints).
# Every suite runs small (--reps 1 --warmup 0, small --params) on gfx942
# (with --counters), gfx90a and gfx900 (no gemm: no MFMA).
use strict;
use warnings;
use FindBin;
use JSON::PP;
use Test::More;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $tmp = temp_dir('rcsv');

my ($vout) = run_cmd($gcnlab, '--version');
my ($version) = $vout =~ /(\d+\.\d+\.\d+)/;
ok($version, "gcnlab --version names a release ($version)") or diag($vout);

my $units = qr/_(us|ms|ns|s|cycles|gbs|bytes|pct|mhz|count|ratio|tflops|dwords|hz)$/;
my $params = join(',', 'copy.launches=2', 'latency.cus=2', 'latency.hbm_mib=8', 'latency.strides=1:8',
                  'latency.footprints=4K:64K', 'lds_banks.cus=1', 'lds_banks.waves=2',
                  'lds_banks.strides=16:32:64', 'lds_banks.iters=8', 'lds_banks.direct_iters=64',
                  'lds_counters.max_wi=4', 'gemm.k1=96', 'gemm.k_gpu=96', 'gemm.wgs=2');
my @files = qw(copy latency latency_chase lds_banks lds_banks_groups lds_banks_padding lds_counters icache);
my %expect = (gfx942 => [@files, 'gemm'], gfx90a => [@files, 'gemm'], gfx900 => \@files);

# The lines of a file (gcnlab writes no cell with a newline).
sub records {
	my ($text) = @_;
	my @rec = split /\n/, $text, -1;
	pop @rec if @rec && $rec[-1] eq '';
	return @rec;
}

my $number = qr/^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

sub check_csv {
	my ($arch, $stem, $counters) = @_;
	my $base = "$tmp/r/$arch-emu/$stem";
	my $text = slurp("$base.csv");
	ok(defined $text, "$arch $stem.csv written") or return;
	my @lines = records($text);
	ok(!grep({ /^#/ } @lines), "$arch $stem.csv: no comment lines") or diag((grep { /^#/ } @lines)[0]);
	ok(!grep({ /\r/ } @lines) && !grep({ $_ eq '' } @lines), "$arch $stem.csv: no blank lines or CRs");
	my @head = csv_fields(shift @lines);
	my @bad = grep { !/^[a-z][a-z0-9_]*$/ } @head;
	ok(!@bad, "$arch $stem.csv: every column name is snake_case") or diag("bad: @bad");
	my %seen;
	my @dup = grep { $seen{$_}++ } @head;
	ok(!@dup, "$arch $stem.csv: column names are unique") or diag("dup: @dup");
	# The header is the only row of names: no data row repeats it.
	my $hline = join(',', @head);
	ok(!grep({ $_ eq $hline } @lines), "$arch $stem.csv: one header row");
	ok(@lines > 0, "$arch $stem.csv: has rows");
	my (@short, @nonnum);
	my @numeric = grep { $head[$_] =~ $units || ($counters && $counters->{ $head[$_] }) } 0 .. $#head;
	ok(@numeric, "$arch $stem.csv: has unit-suffixed columns") unless $stem eq 'lds_banks_groups';
	for my $l (@lines) {
		my @f = csv_fields($l);
		push @short, $l if @f != @head;
		for my $c (@numeric) {
			my $v = $f[$c] // '';
			push @nonnum, "$head[$c]='$v'" if $v ne '' && $v !~ $number;
		}
	}
	ok(!@short, "$arch $stem.csv: every row has " . scalar(@head) . ' cells') or diag($short[0]);
	ok(!@nonnum, "$arch $stem.csv: every unit/counter cell is a number or empty")
		or diag(join(', ', @nonnum[0 .. ($#nonnum < 4 ? $#nonnum : 4)]));
	if ($counters && $stem eq 'copy') {
		my @missing = grep { !$seen{$_} } sort keys %$counters;
		ok(!@missing, "$arch $stem.csv: --counters added every counter as a lower-case column") or diag("@missing");
	}

	my $js = slurp("$base.json");
	my $doc = defined $js ? eval { JSON::PP->new->decode($js) } : undef;
	ok(ref $doc eq 'HASH', "$arch $stem.json parses") or do { diag($@ // 'missing'); return };
	is($doc->{arch}, $arch, "$arch $stem.json: arch");
	is($doc->{backend}, 'emu', "$arch $stem.json: backend");
	like($doc->{date} // '', qr/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, "$arch $stem.json: date (ISO 8601 UTC)");
	is($doc->{version}, $version, "$arch $stem.json: gcnlab version");
	is_deeply($doc->{columns}, \@head, "$arch $stem.json: columns = the CSV header");
	ok(-s "$base.md", "$arch $stem.md written");
}

# The counters `exec --counters` prints; run --counters adds each as a
# column named in lower case.
my $build = $ENV{GCNLAB_BUILD} // (($ENV{GCNLAB_ROOT} // '.') . '/build');
my %counters;
{
	my ($out, $rc) = run_cmd($gcnlab, 'exec', "$build/gfx942/copy_256_4_64_256.co", 'copy_256_4_64_256',
	                         '--grid', 256, '--block', 256, '--backend', 'emu', '--arch', 'gfx942', '--counters',
	                         'buf:1M', 'buf:1M');
	%counters = map { lc($_) => 1 } $out =~ /^\s+([A-Z][A-Z0-9_]+)\s+\d+/mg;
	ok($rc == 0 && keys %counters >= 10, 'exec --counters names the counters (' . scalar(keys %counters) . ')')
		or diag($out);
}

for my $arch (sort keys %expect) {
	my @suites = (qw(copy latency lds_banks lds_counters icache), $arch eq 'gfx900' ? () : 'gemm');
	my $p = $arch eq 'gfx900' ? $params =~ s/,gemm\.[^,]*//gr : $params;
	my @cmd = ($gcnlab, 'run', @suites, '--arch', $arch, '--backend', 'emu', '--out', "$tmp/r",
	           '--reps', 1, '--warmup', 0, '--param', $p, $arch eq 'gfx942' ? ('--counters') : ());
	my ($out, $rc) = run_cmd(@cmd);
	is($rc, 0, "$arch: gcnlab run @suites exits 0") or diag("@cmd\n" . join("\n", grep { !/emu: warning/ } split /\n/, $out));
	check_csv($arch, $_, $arch eq 'gfx942' ? \%counters : undef) for @{ $expect{$arch} };
}

done_testing();
