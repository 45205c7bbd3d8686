#!/usr/bin/perl
# counters.t — the emulator's counters are rocprofv3's where they carry its
# names (issue 18):
#   - every counter name `exec --counters` prints on gfx900, gfx90a and
#     gfx942 is either GCNLAB_-prefixed (an emulator quantity) or a name
#     rocprofv3 defines for that target: tests/data/rocprofv3_counters.txt,
#     extracted from rocprofiler-sdk's counter_defs.yaml (source in its
#     header);
#   - the names issue 18 found misleading are gone (SQ_WAIT_INST_ANY counted
#     s_waitcnt cycles; TCP_HIT, MALL_HIT, HBM_READ_BYTES, CUS_USED,
#     SQ_INSTS_VALU_MFMA are not rocprofv3 names);
#   - `exec --counters-csv FILE` writes rocprofv3's counter_collection.csv
#     layout: its exact header, one row per counter per dispatch (warm-ups
#     included), numbers where rocprofv3 has numbers, the same values exec
#     prints for the last dispatch;
#   - `run --counters` writes <suite>_counter_collection.csv beside the
#     results, with the same header.
use strict;
use warnings;
use FindBin;
use Test::More;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $gcnlab = need_gcnlab();
my $build = build_dir();
my $tmp = temp_dir('cnt');

# rocprofv3's names per target.
my %known;
{
	my $text = slurp("$FindBin::Bin/../data/rocprofv3_counters.txt") // BAIL_OUT('no tests/data/rocprofv3_counters.txt');
	for (split /\n/, $text) {
		next if /^\s*(#|$)/;
		my ($name, $archs) = split ' ';
		$known{$_}{$name} = 1 for split /,/, $archs;
	}
	ok(keys %{ $known{gfx942} } > 50, 'the rocprofv3 list is read');
}

my @header = qw(Correlation_Id Dispatch_Id Agent_Id Queue_Id Process_Id Thread_Id Grid_Size Kernel_Id Kernel_Name
                Workgroup_Size LDS_Block_Size Scratch_Size VGPR_Count Accum_VGPR_Count SGPR_Count Counter_Name
                Counter_Value Start_Timestamp End_Timestamp);
my %text_col = map { $_ => 1 } qw(Agent_Id Kernel_Name Counter_Name);

# Rows of a counter_collection.csv as hashes; checks the header.
sub read_cc {
	my ($path, $what) = @_;
	my @lines = split /\n/, slurp($path) // '';
	my @h = csv_fields(shift(@lines) // '');
	is_deeply(\@h, \@header, "$what: rocprofv3's counter_collection.csv header") or diag("@h");
	my (@rows, @bad);
	for (@lines) {
		my @f = csv_fields($_);
		my %r;
		@r{@h} = @f;
		push @bad, "$_: '$r{$_}'" for grep { !$text_col{$_} && ($r{$_} // '') !~ /^\d+$/ } @h;
		push @rows, \%r;
	}
	ok(@rows && !@bad, "$what: " . scalar(@rows) . ' rows, numbers in the numeric columns') or diag("@bad[0 .. 4]");
	return @rows;
}

for my $arch (@ARCHS) {
	my $co = "$build/$arch/copy_256_4_64_256.co";
	my $cc = "$tmp/$arch.csv";
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'copy_256_4_64_256', '--grid', 256, '--block', 256,
	                         '--backend', 'emu', '--counters', '--reps', 2, '--warmup', 1, '--counters-csv', $cc,
	                         'buf:1M', 'buf:1M');
	is($rc, 0, "$arch: exec --counters --counters-csv exits 0") or do { diag($out); next };
	my %printed = $out =~ /^  ([A-Z][A-Z0-9_]+)\s+(\d+)\s/mg;
	ok(keys %printed >= 20, "$arch: exec --counters prints the counters (" . scalar(keys %printed) . ')');
	my @foreign = grep { !/^GCNLAB_/ && !$known{$arch}{$_} } sort keys %printed;
	ok(!@foreign, "$arch: every counter without GCNLAB_ is one rocprofv3 defines for $arch") or diag("@foreign");
	my @old = grep { exists $printed{$_} } qw(SQ_WAIT_INST_ANY TCP_HIT TCP_MISS MALL_HIT MALL_MISS HBM_READ_BYTES
	                                          HBM_WRITE_BYTES CUS_USED SQ_INSTS_VALU_MFMA SQ_INSTS_OTHER);
	ok(!@old, "$arch: none of the look-alike names") or diag("@old");

	my @rows = read_cc($cc, "$arch --counters-csv");
	my %disp = map { $_->{Dispatch_Id} => 1 } @rows;
	is(join(',', sort keys %disp), '1,2,3', "$arch: three dispatches (one warm-up, two timed)");
	is(scalar(@rows), 3 * keys %printed, "$arch: one row per counter per dispatch");
	my @last = grep { $_->{Dispatch_Id} == 3 } @rows;
	my %v = map { $_->{Counter_Name} => $_->{Counter_Value} } @last;
	is_deeply(\%v, \%printed, "$arch: the last dispatch's rows hold what exec printed");
	my $r = $last[0];
	ok($r && $r->{Kernel_Name} eq 'copy_256_4_64_256' && $r->{Grid_Size} == 256 && $r->{Workgroup_Size} == 256 &&
	   $r->{LDS_Block_Size} % 512 == 0 && $r->{VGPR_Count} > 0 && $r->{SGPR_Count} > 0 &&
	   $r->{End_Timestamp} > $r->{Start_Timestamp}, "$arch: kernel, grid, workgroup, LDS, registers, timestamps")
		or diag(explain($r));
}

{
	my ($out, $rc) = run_cmd($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--out', "$tmp/r",
	                         '--reps', 1, '--warmup', 0, '--counters', '--param', 'max_wi=2');
	is($rc, 0, 'run lds_counters --counters exits 0') or diag($out);
	my @rows = read_cc("$tmp/r/gfx942-emu/lds_counters_counter_collection.csv", 'run --counters');
	my %k = map { $_->{Kernel_Name} => 1 } @rows;
	ok($k{lds_counters_load} && $k{lds_counters_conflicts}, 'run --counters: both kernels recorded')
		or diag(join(' ', sort keys %k));
}

{
	my ($out, $rc) = run_cmd($gcnlab, 'exec', "$build/gfx942/copy_256_4_64_256.co", 'copy_256_4_64_256', '--grid', 256,
	                         '--block', 256, '--backend', 'emu', '--counters-csv', "$tmp/no/such/dir/x.csv",
	                         'buf:1M', 'buf:1M');
	ok($rc == 2 && $out =~ /--counters-csv/, 'a --counters-csv path that cannot be written: exit 2, named')
		or diag("rc $rc: $out");
}

done_testing();
