#!/usr/bin/perl
# timeline.t — gcnlab exec/trace --timeline (cli/gl_timeline_json.h):
#   - the file is JSON, every event has the Trace Event fields (name, ph,
#     pid, tid, ts; dur for a complete slice), complete slices on one track
#     do not overlap, every async begin has its end, and the instruction
#     slices are as many as the trace's issues;
#   - gemm_stage's 4 waves issue buffer loads between their MFMAs (the
#     seed's pipeline), the MFMA pipe tracks and busy counters are there;
#   - gemm_dma_vmwait shows s_waitcnt slices held by vmcnt;
#   - the file is byte-identical for GCNLAB_EMU_THREADS=1 and 4 on a
#     dispatch over all 8 XCDs of gfx942;
#   - the defaults are bounded (one workgroup, the last dispatch) and say
#     what they left out; the event limit warns; bad options are named;
#   - the offline page (--timeline-html) has no external reference and
#     headless Chromium draws every slice it holds;
#   - --kernel-trace writes rocprofv3's kernel_trace.csv (exec: FILE, run:
#     <suite>_kernel_trace.csv), one row a dispatch, the counter file's ids.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $build = build_dir();
my $gcnlab = need_gcnlab();
my $tmp = temp_dir('timeline');
need_file("$build/gfx942/gemm_stage.co");
my ($python) = grep { -x } map { "$_/python3" } split(/:/, $ENV{PATH} // '');
plan skip_all => 'python3 is not installed' unless $python;

# The checks of one file, in Python (its json module is the parser):
# prints "key=value" lines.
my $checker = "$tmp/check.py";
open(my $fh, '>', $checker) or die "$checker: $!";
print $fh <<'PY';
import json, sys, collections
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
bad = [e for e in ev if not all(k in e for k in ("name", "ph", "pid", "tid", "ts"))]
bad += [e for e in ev if e["ph"] == "X" and ("dur" not in e or e["dur"] < 0)]
print("missing_fields=%d" % len(bad))
tracks = collections.defaultdict(list)
for e in ev:
    if e["ph"] == "X":
        tracks[(e["pid"], e["tid"])].append((e["ts"], e["dur"]))
overlaps = 0
for t in tracks.values():
    t.sort()
    for a, b in zip(t, t[1:]):
        if b[0] < a[0] + a[1]:
            overlaps += 1
print("overlaps=%d" % overlaps)
opened = collections.Counter()
for e in ev:
    if e["ph"] == "b":
        opened[(e["cat"], e["id"])] += 1
    elif e["ph"] == "e":
        opened[(e["cat"], e["id"])] -= 1
print("async=%d" % sum(1 for e in ev if e["ph"] == "b"))
print("unclosed=%d" % sum(1 for v in opened.values() if v != 0))
insts = [e for e in ev if e["ph"] == "X" and e.get("cat") == "inst"]
print("inst_slices=%d" % len(insts))
print("waves_recorded=%d" % d["otherData"]["waves_recorded"])
print("sclk=%d" % d["otherData"]["sclk_mhz"])
print("dropped=%d" % d["otherData"]["events_dropped"])
# Per wave, in time order: loads issued between two MFMAs.
inter = 0
for (pid, tid), t in tracks.items():
    seq = sorted((e["ts"], e["name"]) for e in insts if e["pid"] == pid and e["tid"] == tid)
    names = [n for _, n in seq]
    mf = [i for i, n in enumerate(names) if n.startswith("v_mfma")]
    if mf:
        inter += sum(1 for i in range(mf[0], mf[-1]) if names[i].startswith("buffer_load"))
print("loads_between_mfmas=%d" % inter)
print("mfma_pipe_slices=%d" % sum(1 for e in ev if e["ph"] == "X" and e.get("cat") == "pipe" and e["name"].startswith("v_mfma")))
print("mfma_busy_counters=%d" % sum(1 for e in ev if e["ph"] == "C" and e["name"].endswith("MFMA busy")))
print("vmcnt_waits=%d" % sum(1 for e in insts if e["name"] == "s_waitcnt" and e["args"]["stall_cause"] == "vmcnt"))
print("wait_vmcnt_slices=%d" % sum(1 for e in ev if e["ph"] == "X" and e["name"] == "wait vmcnt"))
print("barrier_waits=%d" % sum(1 for e in ev if e["ph"] == "X" and e["name"] == "barrier wait"))
print("wave_counters=%d" % sum(1 for e in ev if e["ph"] == "C" and "vmcnt" in e["args"]))
print("min_ts=%d" % min([e["ts"] for e in ev if e["ph"] in "Xb"] or [0]))
print("processes=%d" % len({e["pid"] for e in ev if e["ph"] == "M" and e["name"] == "process_name"}))
PY
close($fh);

sub check {
	my ($file, $no_memory) = @_;
	my ($out, $rc) = run_cmd($python, $checker, $file);
	ok($rc == 0, "$file parses as JSON") or diag($out);
	my %k = $out =~ /^(\w+)=(\d+)$/mg;
	is($k{missing_fields}, 0, "$file: every event has name, ph, pid, tid, ts (and dur)");
	is($k{overlaps}, 0, "$file: slices on one track do not overlap");
	ok($no_memory || $k{async} > 0, "$file: async memory slices ($k{async})");
	is($k{unclosed}, 0, "$file: every async slice is closed");
	return \%k;
}

# ---- gemm_stage: the trace's issues, the pipeline ----
{
	my $f = "$tmp/gemm_stage.json";
	my ($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_stage', '--arch', 'gfx942', '--warmup', '1', '--top', '1',
	                         '--timeline', $f);
	ok($rc == 0, 'trace gemm_stage --timeline') or diag($out);
	my ($issues) = $out =~ /total: (\d+) issues/;
	like($out, qr/wrote \Q$f\E \(\d+ bytes: the waves of workgroup 0, every cycle, of dispatch 2 of 2; 4 waves/,
	     'the default: the first workgroup of the last (warm) dispatch');
	like($out, qr/timeline: left out 1 other dispatch \(--timeline-dispatch N\)/, 'says what it left out');
	my $k = check($f);
	ok(defined $issues && $k->{inst_slices} == $issues, "instruction slices ($k->{inst_slices}) = the trace's issues");
	is($k->{waves_recorded}, 4, 'gemm_stage: 4 waves');
	ok($k->{loads_between_mfmas} >= 4 * 4, "loads issued between MFMAs ($k->{loads_between_mfmas})");
	ok($k->{mfma_pipe_slices} > 0 && $k->{mfma_busy_counters} > 0, 'MFMA pipe slices and busy counters');
	ok($k->{barrier_waits} > 0, "barrier waits ($k->{barrier_waits})");
	ok($k->{wave_counters} > 0, 'outstanding vmcnt/lgkmcnt counters');
	ok($k->{sclk} > 0, 'the shader clock in the metadata');
}

# ---- gemm_dma_vmwait: s_waitcnt held by vmcnt ----
SKIP: {
	skip 'gemm_dma_vmwait not built', 2 unless -f "$build/gfx942/gemm_dma_vmwait.co";
	my $f = "$tmp/vmwait.json";
	my ($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_dma_vmwait', '--arch', 'gfx942', '--warmup', '1', '--top', '1',
	                         '--timeline', $f);
	ok($rc == 0, 'trace gemm_dma_vmwait --timeline') or diag($out);
	my $k = check($f);
	ok($k->{vmcnt_waits} > 0 && $k->{wait_vmcnt_slices} > 0,
	   "s_waitcnt slices held by vmcnt ($k->{vmcnt_waits}) with their wait slices");
}

# ---- determinism over 8 domains ----
{
	my @files;
	for my $t (1, 4) {
		local $ENV{GCNLAB_EMU_THREADS} = $t;
		my $f = "$tmp/copy-$t.json";
		my ($out, $rc) = run_cmd($gcnlab, 'exec', "$build/gfx942/copy_256_16_16_256.co", 'copy_256_16_16_256',
		                         '--arch', 'gfx942', '--backend', 'emu', '--grid', '4096', '--block', '256',
		                         '--timeline', $f, '--timeline-waves', 'all', 'buf:16M:iota32', 'buf:16M');
		ok($rc == 0, "copy over 16 workgroups, GCNLAB_EMU_THREADS=$t") or diag($out);
		push @files, $f;
	}
	my $k = check($files[0]);
	is($k->{waves_recorded}, 64, 'every wave of the 16 workgroups');
	ok($k->{processes} == 16, "one process per CU ($k->{processes})");
	ok(slurp($files[0]) eq slurp($files[1]), 'byte-identical for 1 and 4 simulation threads');
}

# ---- bounds and bad input ----
{
	my $f = "$tmp/small.json";
	my ($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_stage', '--arch', 'gfx942', '--timeline', $f,
	                         '--timeline-max-events', '100');
	ok($rc == 0, 'a timeline over its event limit is still written') or diag($out);
	like($out, qr/warning: the timeline stopped at 100 events; \d+ more were not recorded/, 'the limit warns');
	like($out, qr/left out .*events beyond the limit of 100 \(--timeline-max-events\)/, 'and says so');
	my $k = check($f);
	ok($k->{dropped} > 0, 'events_dropped in the metadata');

	($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_stage', '--arch', 'gfx942', '--timeline', "$tmp/w.json",
	                      '--timeline-cycles', '1000:3000', '--timeline-waves', '2');
	ok($rc == 0, '--timeline-cycles and --timeline-waves N') or diag($out);
	like($out, qr/wave 2, cycles \[1000, 3000\)/, 'the selection in words');
	my $wk = check("$tmp/w.json", 1);
	is($wk->{waves_recorded}, 1, 'one wave');
	ok($wk->{min_ts} >= 1000 && $wk->{inst_slices} > 0, "its events begin in the window ($wk->{min_ts})");

	($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_stage', '--arch', 'gfx942', '--timeline', "$tmp/x.json",
	                      '--timeline-waves', 'wg:3-1');
	is($rc, 2, 'a bad --timeline-waves is a usage error');
	like($out, qr/--timeline-waves wg:3-1: expected wg:N or wg:A-B/, 'and says what it takes');
	($out, $rc) = run_cmd($gcnlab, 'trace', 'gemm_stage', '--arch', 'gfx942', '--timeline', "$tmp/x.json",
	                      '--timeline-dispatch', '3');
	isnt($rc, 0, '--timeline-dispatch beyond the dispatches fails');
	like($out, qr/--timeline-dispatch 3: only 1 dispatch will run/, 'and says how many run');
}

# ---- the offline page, drawn by a real browser ----
SKIP: {
	my ($chromium) = grep { -x } map { ("$_/chromium", "$_/chromium-browser") } split(/:/, $ENV{PATH} // '');
	skip 'chromium is not installed', 4 unless $chromium;
	my $page = "$tmp/copy.html";
	my ($out, $rc) = run_cmd($gcnlab, 'trace', 'copy_256_16_16_256', '--arch', 'gfx942', '--timeline-html', $page);
	ok($rc == 0, 'trace copy --timeline-html') or diag($out);
	my ($slices) = $out =~ /offline page: (\d+) slices of 4 waves/;
	my $html = slurp($page);
	ok($html !~ /<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!ui\.perfetto)/i, 'no external script, style or address');
	($out, $rc) = run_cmd($chromium, '--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', "file://$page");
	my ($drawn) = $out =~ /data-drawn="(\d+)"/;
	ok(defined $drawn && defined $slices && $drawn == $slices && $drawn > 0,
	   'headless Chromium drew every slice of the tracks (' . ($drawn // 'none') . ' of ' . ($slices // '?') . ')')
		or diag(substr($out, 0, 2000));
	($out, $rc) = run_cmd($chromium, '--headless', '--no-sandbox', '--disable-gpu', "--screenshot=$tmp/page.png",
	                      '--window-size=1600,1000', "file://$page");
	ok(-s "$tmp/page.png", 'and took its screenshot');
}

# ---- rocprofv3's kernel trace ----
{
	my $header = join(',', map { qq("$_") } qw(Kind Agent_Id Queue_Id Stream_Id Thread_Id Dispatch_Id Kernel_Id
		Kernel_Name Correlation_Id Start_Timestamp End_Timestamp LDS_Block_Size Scratch_Size VGPR_Count
		Accum_VGPR_Count SGPR_Count Workgroup_Size_X Workgroup_Size_Y Workgroup_Size_Z Grid_Size_X Grid_Size_Y
		Grid_Size_Z));
	my $kt = "$tmp/kernel_trace.csv";
	my ($out, $rc) = run_cmd($gcnlab, 'exec', "$build/gfx942/copy_256_16_16_256.co", 'copy_256_16_16_256',
	                         '--arch', 'gfx942', '--backend', 'emu', '--grid', '512', '--block', '256', '--repeat', '3',
	                         '--kernel-trace', $kt, '--counters-csv', "$tmp/counter_collection.csv",
	                         'buf:2M:iota32', 'buf:2M');
	ok($rc == 0, 'exec --kernel-trace --counters-csv') or diag($out);
	my @lines = split(/\n/, slurp($kt));
	is($lines[0], $header, "kernel_trace.csv has rocprofv3's header");
	is(scalar(@lines), 4, 'one row per dispatch (3)');
	my $py = q{import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))
c = list(csv.DictReader(open(sys.argv[2])))
ok = all(x["Kind"] == "KERNEL_DISPATCH" and x["Kernel_Name"] == "copy_256_16_16_256" and
         x["Grid_Size_X"] == "512" and x["Workgroup_Size_X"] == "256" and
         int(x["End_Timestamp"]) > int(x["Start_Timestamp"]) for x in r)
# the same dispatches as the counter file: ids and times
ids = {(x["Dispatch_Id"], x["Start_Timestamp"], x["End_Timestamp"]) for x in c}
ok = ok and ids == {(x["Dispatch_Id"], x["Start_Timestamp"], x["End_Timestamp"]) for x in r}
print("rows=%d ok=%d" % (len(r), ok))
};
	my $pyf = "$tmp/kt.py";
	open(my $k, '>', $pyf) or die "$pyf: $!";
	print $k $py;
	close($k);
	($out, $rc) = run_cmd($python, $pyf, $kt, "$tmp/counter_collection.csv");
	like($out, qr/rows=3 ok=1/, 'python csv reads it: the launch, times after starts, the counter file\'s dispatches');

	($out, $rc) = run_cmd($gcnlab, 'run', 'lds_counters', '--arch', 'gfx942', '--backend', 'emu', '--kernel-trace',
	                      '--out', "$tmp/res");
	ok($rc == 0, 'run lds_counters --kernel-trace') or diag($out);
	my $f = "$tmp/res/gfx942-emu/lds_counters_kernel_trace.csv";
	ok(-f $f, 'writes <suite>_kernel_trace.csv beside the results');
	ok(!-e "$tmp/res/gfx942-emu/lds_counters_counter_collection.csv", 'and no counter file without --counters');
	my @rows = split(/\n/, slurp($f));
	is($rows[0], $header, 'with the same header');
	ok(@rows > 2, 'a row per dispatch of the suite (' . (@rows - 1) . ')');
}

done_testing();
