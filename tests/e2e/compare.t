#!/usr/bin/perl
# compare.t — gcnlab compare (issue 8) end to end on the emulated GPU:
#   - copy_256_8_32_256 against its HIP reference copy_hip_256 on gfx942: the
#     aligned code (both kernels' instructions side by side), the mix table
#     against an independent count of llvm-objdump's listing, the reference's
#     SGPRs, code size and occupancy against what clang itself reports for
#     copy_hip.hip (-S: NumSgprs, codeLenInByte, Occupancy), identical
#     outputs, both timed, the counters, and the HIP loop's top stall site
#     being its s_waitcnt vmcnt(0) (004_18b2dddb33536aee.txt);
#   - `make -n compare KERNEL=lds_dma` takes the launch from the kernel's
#     `// gcnlab-compare:` line; that command shows 002_6bc4fcfb1ec6bd4f.txt's finding: the
#     compiler's buffer_load_dword ... lds is followed by s_waitcnt vmcnt(0),
#     the hand-written one is not, the hand-written one is faster and the
#     reference's top stall site is that wait;
#   - lds_reverse (ds_write/ds_read) on gfx900 with the launch on the command line;
#   - a kernel whose output differs from its reference's: exit 1, the byte named;
#   - bad input: exit 2 and one message naming the problem;
#   - loop-aware alignment (the HIP loop inside the asm loop), cycles and
#     stall causes per instruction beside both listings, --raw (llvm-objdump's
#     registers), the descriptor table last; links to both kernels' timelines;
#   - the HTML page: self-contained, and rendered by headless Chromium
#     (--dump-dom has the tables; the screenshot is a real PNG).
# gcnlab-deps: chromium=chromium
use strict;
use warnings;
use File::Temp qw(tempdir);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
my $llvm = $ENV{LLVM_BIN} // '';
BAIL_OUT("LLVM_BIN is not set (run through make test)") unless -x "$llvm/llvm-objdump";

my $tmp = temp_dir('compare');

# Rows of the printed table whose title line matches $title: { first cell => [cells] }.
# Cells are separated by two or more blanks (gl_table_print).
sub table {
	my ($out, $title) = @_;
	my @lines = split /\n/, $out;
	my %rows;
	for (my $i = 0; $i < @lines; $i++) {
		next unless $lines[$i] =~ /^== .*\Q$title\E/;
		for (my $j = $i + 3; $j < @lines && $lines[$j] =~ /\S/; $j++) {
			my @c = split /\s{2,}/, $lines[$j] =~ s/^\s+//r;
			$rows{$c[0]} = \@c;
		}
		last;
	}
	return \%rows;
}

# An independent count of one function's instructions in llvm-objdump's
# listing, by class (the symbol table gives its size).
sub objdump_mix {
	my ($arch, $co, $sym) = @_;
	my ($out) = run_cmd("$llvm/llvm-objdump", '-d', '-t', "--mcpu=$arch", $co);
	my ($addr, $size) = $out =~ /^([0-9a-f]+)\s.*\sF\s\.text\s+([0-9a-f]+)\s(?:\.\w+\s+)?\Q$sym\E$/m
		or return undef;
	($addr, $size) = (hex $addr, hex $size);
	my %n;
	while ($out =~ m{^\t(\S+)[^\n]*//\s*([0-9A-F]+):}mg) {
		my ($m, $a) = ($1, hex $2);
		next if $a < $addr || $a >= $addr + $size;
		$n{total}++;
		if ($m =~ /^s_waitcnt/) { $n{'s_waitcnt'}++ }
		elsif ($m =~ /^s_(c?branch|setpc|swappc)/) { $n{branch}++ }
		elsif ($m =~ /^s_(load|buffer_load)/) { $n{SMEM}++ }
		elsif ($m =~ /^s_(endpgm|barrier)$/) { $n{other}++ }
		elsif ($m =~ /^s_nop/) { $n{'s_nop'}++ }
		elsif ($m =~ /^s_/) { $n{SALU}++ }
		elsif ($m =~ /^v_/) { $n{VALU}++ }
		elsif ($m =~ /^(buffer|global|flat)_load/) { $n{'VMEM load'}++ }
		elsif ($m =~ /^(buffer|global|flat)_store/) { $n{'VMEM store'}++ }
		elsif ($m =~ /^ds_/) { $n{'DS (LDS)'}++ }
		else { $n{unclassified}++ }
	}
	return \%n;
}

# The normalised instruction texts of both sides of the printed code view.
# Its header row places the reference's "offset" column: the asm cell is
# everything before it minus " M " (the mark), the reference cell the rest.
# A cell is offset, label, text and, with a trace, cyc% and the stall cause
# (two blanks or more after the text); "---- loop" lines are not cells.
sub code_sides {
	my ($out) = @_;
	my ($block) = $out =~ /^== code[^\n]*\n(?:   [^\n]*\n)+\n(.*?)\n\n/ms or return ([], []);
	my @lines = split /\n/, $block;
	my $head = shift @lines;
	my $p = index($head, 'offset', 1);
	my (@l, @r);
	for my $line (@lines) {
		my $lc = substr($line, 0, $p - 3);
		my $rc = length($line) > $p ? substr($line, $p) : '';
		push @l, $1 if $lc =~ /^0x[0-9a-f]{4}\s+(?:L\d+\s+)?(\S.*?)(?:\s{2,}.*)?\s*$/;
		push @r, $1 if $rc =~ /^0x[0-9a-f]{4}\s+(?:L\d+\s+)?(\S.*?)(?:\s{2,}.*)?\s*$/;
	}
	return (\@l, \@r);
}

# The rows of the printed code view as [asm text, mark, ref text, ref cyc%,
# ref stall, loop number], from the same columns.
sub code_rows {
	my ($out) = @_;
	my ($block) = $out =~ /^== code[^\n]*\n(?:   [^\n]*\n)+\n(.*?)\n\n/ms or return [];
	my @lines = split /\n/, $block;
	my $head = shift @lines;
	my $p = index($head, 'offset', 1);
	my ($loop, @rows) = (0);
	for my $line (@lines) {
		if ($line =~ /^---- loop (\d+):/) { $loop = $1; next }
		if ($line =~ /^---- end of loop/) { $loop = 0; next }
		my $lc = substr($line, 0, $p - 3);
		my $mark = length($line) > $p - 2 ? substr($line, $p - 2, 1) : ' ';
		my $rc = length($line) > $p ? substr($line, $p) : '';
		my ($lt) = $lc =~ /^0x[0-9a-f]{4}\s+(?:L\d+\s+)?(\S.*?)(?:\s{2,}.*)?\s*$/;
		my ($rt, $pct, $why) = $rc =~ /^0x[0-9a-f]{4}\s+(?:L\d+\s+)?(\S.*?)\s{2,}([\d.]+)?\s*(.*?)\s*$/;
		push @rows, [$lt // '', $mark, $rt // '', $pct // '', $why // '', $loop];
	}
	return \@rows;
}

my @common = ('--backend', 'emu', '--out', $tmp, '--reps', 3, '--warmup', 1);

# ---- copy: asm vs HIP on gfx942 ---------------------------------------------------

my ($out, $rc) = run_cmd($gcnlab, 'compare', 'copy_256_8_32_256', '--arch', 'gfx942', @common);
is($rc, 0, 'compare copy_256_8_32_256 --arch gfx942 exits 0') or diag($out);
like($out, qr/^compare on gfx942 \(emu\): asm copy_256_8_32_256 .* vs reference copy_hip_256 /m,
     'names both kernels; the reference comes from the copy suite');
my ($lref, $rref) = code_sides($out);
my @left = @$lref;
my @right = @$rref;
ok((grep { /^buffer_load_dwordx4 / } @left) == 24 && (grep { /^global_load_dwordx4 / } @right) == 1,
   'side by side: the 24 buffer loads of the asm kernel and the one global load of the HIP loop')
	or diag(join("\n", 'asm:', @left, 'ref:', @right));
ok(scalar(grep { /^s_waitcnt vmcnt\(0\)$/ } @right) == 1 && !grep({ /^s_waitcnt vmcnt\(0\)$/ } @left),
   'the HIP loop has its s_waitcnt vmcnt(0), the asm pipeline none');
like($out, qr/^0x0000\s+s_load_dwordx4 s\[0:3\], s\[4:5\], 0x0\s+[\d.]+\s+\|\s+0x0000\s+s_load_dwordx4 s\[0:3\], s\[0:1\], 0x0\s+[\d.]+$/m,
     'registers are renamed in order of first use; the first loads face each other');

# Loops face loops: the HIP kernel's one loop is aligned inside the asm
# kernel's main loop, not after all of it (issue 30).
my $rows = code_rows($out);
like($out, qr/^   .*; 1 loop facing each other$/m, 'one pair of loops found');
like($out, qr/^---- loop 1: asm 0x[0-9a-f]{4}\.\.0x[0-9a-f]{4}, \d+ instructions, [\d.]+% of its cycles; ref 0x0040\.\.0x0078, 10 instructions, [\d.]+% of its cycles$/m,
     'the loop header names both loops, their sizes and their share of the cycles');
my @gl = grep { $_->[2] =~ /^global_load_dwordx4 / } @$rows;
ok(@gl == 1 && $gl[0][5] == 1 && $gl[0][0] =~ /^buffer_load_dwordx4 / && $gl[0][1] eq '|',
   "the HIP loop's global_load faces one of the asm loop's buffer_loads, inside loop 1")
	or diag(join("\n", map { "@$_" } @$rows));
my @asm_loop = grep { $_->[5] == 1 && $_->[0] =~ /^buffer_load_dwordx4 / } @$rows;
is(scalar @asm_loop, 8, "the asm loop's 8 buffer loads are inside loop 1 (U=8)");
# Cycles per instruction beside the listing, from the trace.
my ($top) = sort { $b->[3] <=> $a->[3] } grep { $_->[3] ne '' } @$rows;
ok($top && $top->[2] eq 's_waitcnt vmcnt(0)' && $top->[3] > 50 && $top->[4] =~ /^vmcnt \d+%$/,
   "the reference's costliest instruction is its s_waitcnt vmcnt(0) (> 50% of its cycles, stalled on vmcnt)")
	or diag($top ? "@$top" : $out);
my $pos_kd = index($out, '== kernel descriptors');
ok($pos_kd > index($out, '== top stall sites of the reference') && $pos_kd > index($out, '== counters'),
   'the kernel-descriptor table comes last');

# --raw: the text as llvm-objdump printed it, the same alignment.
my ($raw, $rrc) = run_cmd($gcnlab, 'compare', 'copy_256_8_32_256', '--arch', 'gfx942', @common, '--raw');
is($rrc, 0, 'compare --raw exits 0') or diag($raw);
my ($od) = run_cmd("$llvm/llvm-objdump", '-d', '--mcpu=gfx942', "$build/gfx942/copy_256_8_32_256.co");
my ($first) = $od =~ /^\t(s_load_dwordx4 [^\n]*?)\s*\/\//m;
my $rraw = code_rows($raw);
ok($first && $rraw->[0][0] eq $first && $first ne $rows->[0][0],
   "--raw shows llvm-objdump's own registers ($first), not the renamed ones")
	or diag("objdump: " . ($first // 'none') . "\nraw: $rraw->[0][0]\nnormalised: $rows->[0][0]");
is(scalar(@$rraw), scalar(@$rows), '--raw keeps the alignment (as many rows)');

my $mix = table($out, 'instruction mix');
for my $k (['copy_256_8_32_256', "$build/gfx942/copy_256_8_32_256.co", 1],
           ['copy_hip_256', "$build/gfx942/copy_hip.co", 2]) {
	my ($sym, $co, $col) = @$k;
	my $want = objdump_mix('gfx942', $co, $sym);
	ok($want && !$want->{unclassified}, "llvm-objdump lists $sym") or next;
	my @bad = grep { ($mix->{$_} ? $mix->{$_}[$col] : 0) != ($want->{$_} // 0) } sort keys %$want;
	ok(!@bad, "mix table column of $sym matches llvm-objdump's listing, class by class")
		or diag(join("\n", map { "$_: table " . ($mix->{$_} ? $mix->{$_}[$col] : 'none') . ", objdump $want->{$_}" } @bad));
}
ok($mix->{'vmcnt(14)'} && $mix->{'vmcnt(14)'}[1] == 10 && $mix->{'vmcnt(0)'} && $mix->{'vmcnt(0)'}[2] == 1,
   's_waitcnt broken down by counter values (asm: ten vmcnt(14) in §2-§4 of U=8, HIP: one vmcnt(0))')
	or diag($out);

# What clang says about the reference it compiled.
my ($s) = run_cmd("$llvm/clang", qw(-x hip --cuda-device-only -nogpulib -nogpuinc -O3 -mcode-object-version=5),
              '--offload-arch=gfx942', '-include', "$root/asm/hip/include/gcnlab_hip.h", '-S', '-o', '-',
              "$root/asm/copy/copy_hip.hip");
my %cl = ($s =~ /^copy_hip_256:(.*?)^copy_hip_512:/ms ? $1 : '') =~ /^; (codeLenInByte|NumSgprs|Occupancy)\s*[:=]\s*(\d+)/mg;
my $res = table($out, 'resources');
ok(keys(%cl) == 3, 'clang -S reports codeLenInByte, NumSgprs and Occupancy for copy_hip_256') or diag($s);
is($res->{'code bytes'}[2], $cl{codeLenInByte}, "reference code bytes = clang's codeLenInByte");
is($res->{'SGPRs (.sgpr_count, with VCC, FLAT_SCRATCH, XNACK)'}[2], $cl{NumSgprs}, "reference SGPRs = clang's NumSgprs");
is($res->{'occupancy: waves/SIMD'}[2], $cl{Occupancy}, "reference occupancy = clang's Occupancy");

like($out, qr/^== outputs: identical: all 2 buffer arguments/m, 'both kernels leave the same bytes');
my $tim = table($out, 'timing:');
ok($tim->{$_} && $tim->{$_}[1] > 0 && $tim->{$_}[4] > 0 && $tim->{$_}[5] > 0, "$_ timed: µs, GB/s, busy cycles")
	or diag($out) for qw(copy_256_8_32_256 copy_hip_256);
my $cnt = table($out, 'counters of the last timed dispatch');
ok($cnt->{SQ_INSTS_VMEM_RD} && $cnt->{SQ_INSTS_VMEM_RD}[1] == $cnt->{SQ_INSTS_VMEM_RD}[2],
   'counters of both: the same number of vector loads') or diag($out);
like($out, qr/^== top stall sites of the reference copy_hip_256.*\n.*\n-+\n0x[0-9a-f]{4}\s+s_waitcnt vmcnt\(0\)\s+\d+\s+[\d.]+\s+vmcnt/m,
     "the HIP loop's top stall site is its s_waitcnt vmcnt(0)");

my $html_path = "$tmp/gfx942-emu/compare-copy_256_8_32_256.html";
my $html = slurp($html_path);
ok(defined $html, 'compare-copy_256_8_32_256.html written') or diag($out);
$html //= '';
ok($html =~ /<table id="code"/ && $html =~ /<table id="mix"/ && $html =~ /<table id="timing"/ &&
   $html =~ /<table id="stalls-ref"/, 'the page has the code, mix, timing and stall tables');
ok($html !~ /<script|<link|src=|https?:/i, 'the page is self-contained (no scripts, links or URLs)');
ok($html =~ /<tr class="loophead" id="loop1"><td colspan="11">loop 1: asm / && $html =~ /<td class="cyc"[^>]*>\d/ &&
   $html =~ /<td class="cause">vmcnt \d+%/, 'the page: the loop header, cycles and stall causes per instruction');
ok(index($html, '<table id="descriptor"') > index($html, '<table id="code"'), 'the page ends with the descriptor table');
# Issue 33: the page links both kernels' timelines, written beside it.
my @tl = $html =~ /<p id="timelines">[^\n]*?<a href="([^"]+)">copy_256_8_32_256<\/a>, <a href="([^"]+)">copy_hip_256<\/a><\/p>/;
ok(@tl == 2 && !grep({ !-f "$tmp/gfx942-emu/$_" || (slurp("$tmp/gfx942-emu/$_") // '') !~ /<canvas/ } @tl),
   'the page links the asm and reference timelines, each an offline timeline page beside it') or diag("@tl");

# ---- lds_dma through the Makefile's launch line (002_6bc4fcfb1ec6bd4f.txt) -------------------------------

my $mk;
{
	# A make of its own, not a part of the one running the tests.
	local @ENV{qw(MAKEFLAGS MFLAGS MAKELEVEL)} = ('', '', '');
	($mk) = run_cmd('make', '-s', '-n', '-C', $root, 'compare', 'KERNEL=lds_dma', 'ARCH=gfx942', 'BACKEND=emu');
}
my ($line) = grep { /\bcompare lds_dma\b/ } split /\n/, $mk =~ s/\\\n\s*/ /gr;
ok($line && $line =~ /--ref lds_dma_hip --grid 4096 --block 256/, 'make compare KERNEL=lds_dma reads the launch from lds_dma.s')
	or diag($mk);
my @args = $line ? grep { $_ ne '' } split /\s+/, $line : ();
shift @args while @args && $args[0] !~ m{gcnlab$};
shift @args;
($out, $rc) = run_cmd($gcnlab, @args, '--out', $tmp, '--reps', 3, '--warmup', 1);
is($rc, 0, 'that command exits 0') or diag("@args\n$out");
like($out, qr/^== outputs: identical/m, 'lds_dma and lds_dma_hip compute the same sums');
my ($aref, $refref) = code_sides($out);
my @asm = @$aref;
my @ref = @$refref;
my $waits_after = sub {
	my @c = @_;
	my ($dma, $waited) = (0, 0);
	for my $i (0 .. $#c) {
		next unless $c[$i] =~ /^buffer_load_dword .* lds$/;
		$dma++;
		# the next instructions up to the following LDS read
		for my $j ($i + 1 .. $#c) {
			last if $c[$j] =~ /^ds_read/;
			if ($c[$j] =~ /^s_waitcnt vmcnt\(0\)/) { $waited++; last }
		}
	}
	return ($dma, $waited);
};
my ($rd, $rw) = $waits_after->(@ref);
my ($ad, $aw) = $waits_after->(@asm);
ok($rd > 0 && $rw > 0, "the compiler waits vmcnt(0) after buffer_load_dword ... lds before its ds_read ($rw of $rd)")
	or diag(join("\n", @ref));
ok($ad > 0 && $aw == 0, "the hand-written kernel does not ($ad DMAs)") or diag(join("\n", @asm));
$tim = table($out, 'timing:');
ok($tim->{lds_dma} && $tim->{lds_dma_hip} && $tim->{lds_dma}[1] < $tim->{lds_dma_hip}[1],
   'and is faster for it') or diag($out);
like($out, qr/^== top stall sites of the reference lds_dma_hip.*\n.*\n-+\n0x[0-9a-f]{4}\s+s_waitcnt vmcnt\(0\)\s/m,
     "the reference's top stall site is an s_waitcnt vmcnt(0)");

# ---- lds_reverse on gfx900, launch on the command line -------------------------------

($out, $rc) = run_cmd($gcnlab, 'compare', 'lds_reverse', '--arch', 'gfx900', '--grid', 65536, '--block', 256,
                  '--bytes', '512K', 'buf:256K:iota32', 'buf:256K', @common);
is($rc, 0, 'compare lds_reverse on gfx900 (reference found as lds_reverse_hip) exits 0') or diag($out);
like($out, qr/reference lds_reverse_hip .*\n.*launch \(from the command line\)/, 'the launch from the command line');
like($out, qr/^== outputs: identical/m, 'both reverse the same way');
$mix = table($out, 'instruction mix');
ok($mix->{'DS (LDS)'} && $mix->{'DS (LDS)'}[1] == 2 && $mix->{'DS (LDS)'}[2] == 2, 'one ds_write and one ds_read each')
	or diag($out);
ok(-f "$tmp/gfx900-emu/compare-lds_reverse.html", 'compare-lds_reverse.html in gfx900-emu/');

# ---- different outputs: the test-only copy with one vmcnt too weak ------------------

($out, $rc) = run_cmd($gcnlab, 'compare', 'copy_broken_256_4_64_256', '--ref', 'copy_hip_256', '--arch', 'gfx942',
                  '--grid', 256, '--block', 256, 'buf:1M:iota32', 'buf:1M', @common);
ok($rc == 1 && $out =~ /^== outputs: DIFFER: argument 2 \(buf:1M\) first at byte \d+/m &&
   $out =~ /outputs differ/, 'a kernel that copies wrongly (test/copy_broken_256_4_64_256): exit 1, the first differing byte named')
	or diag("exit $rc\n$out");

# ---- bad input ------------------------------------------------------------------

for my $case (
	[ [qw(compare no_such_kernel --arch gfx942)], qr/no launch known for no_such_kernel/ ],
	[ [qw(compare copy_hip_256 --arch gfx942)], qr/no reference for copy_hip_256: no kernel copy_hip_256_hip/ ],
	[ [qw(compare copy_256_8_32_256 --ref no_such_ref --arch gfx942)], qr/reference no_such_ref .* not built/ ],
	[ [qw(compare lds_reverse --grid 256 --block 256 buf:1K out:1K:/tmp/x --arch gfx942)], qr/buf: arguments only/ ],
	[ [qw(compare lds_reverse buf:1K --arch gfx942)], qr/--grid, --block and the kernel's arguments together/ ],
) {
	my ($args, $msg) = @$case;
	my ($o, $r) = run_cmd($gcnlab, @$args, '--backend', 'emu', '--out', $tmp);
	ok($r == 2 && $o =~ $msg, "@$args: exit 2, says so") or diag("exit $r\n$o");
}

# ---- the page in a browser ------------------------------------------------------

SKIP: {
	my ($chromium) = grep { -x } map { "$_/chromium" } split /:/, $ENV{PATH};
	skip('chromium is not installed (make deps installs it: this script asks for it)', 3) unless $chromium;
	my @flags = ('--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	             '--disable-background-networking', '--disable-component-update', '--disable-sync',
	             '--disable-dev-shm-usage', '--user-data-dir=' . tempdir(DIR => $tmp, CLEANUP => 1));
	my ($dom, $drc) = run_cmd($chromium, @flags, '--dump-dom', "file://$html_path");
	ok($drc == 0 && $dom =~ /<table id="mix">/ && $dom =~ /copy_hip_256/ && $dom =~ /<tr class="left">/,
	   'headless Chromium loads the page: its DOM has the tables and the code rows') or diag("exit $drc\n" . substr($dom, 0, 2000));
	my $png = "$tmp/compare.png";
	my ($so, $src) = run_cmd($chromium, @flags, '--window-size=1400,1800', "--screenshot=$png", "file://$html_path");
	my $img = slurp($png) // '';
	ok($src == 0 && substr($img, 0, 8) eq "\x89PNG\r\n\x1a\n", 'and renders it to a PNG') or diag("exit $src\n$so");
	my ($w, $h) = length($img) >= 24 ? unpack('NN', substr($img, 16, 8)) : (0, 0);
	ok($w == 1400 && $h == 1800 && length($img) > 20_000, "the screenshot is 1400x1800 and not blank (" . length($img) . " bytes)");
}

done_testing();
