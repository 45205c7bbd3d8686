#!/usr/bin/perl
# hostile.t — bad input the host must answer with one clear message and
# exit 2 before any kernel runs (issue 19 items 5-9), and out:PATH writes
# that respect what PATH is (item 7).
#
#   GCNLAB_EMU_* with a bad value         exit 2, names the variable
#   --timeout 1e99, --rotating-count 1M   exit 2, names the option and its limit
#   a descriptor claiming 4 GiB kernarg   exit 2 at once, names both sizes
#   out: to a folder                      exit 2 before the kernel runs
#   out: to a symlink                     the target is written, the link stays
#   out: to /dev/null and to a FIFO       written through; still a device / FIFO
#   --grid 4294967295 --block 64          not a silent exit 0 (the emulator counts
#                                         workgroups in 64 bits and runs them)
use strict;
use warnings;
use POSIX qw(mkfifo);
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $gcnlab = need_gcnlab();
my $llvm = llvm_bin();

my $tmp = temp_dir('hostile');

# run(\%env, @cmd): (output, exit code, seconds); stdin is /dev/null.
sub run {
	my ($env, @cmd) = @_;
	return run_cmd({ env => $env, stdin => 'null' }, @cmd);
}

sub is_usage {
	my ($what, $out, $rc, @pats) = @_;
	my @bad;
	push @bad, "exit $rc, expected 2" if $rc != 2;
	push @bad, "no match for $_" for grep { $out !~ $_ } @pats;
	ok(!@bad, $what) or diag(join("\n", @bad) . "\n--- output ---\n$out");
}

my ($co, $err) = assemble("$root/tests/asm/buffer_oob.s", 'gfx942', "$tmp/buffer_oob.co");
BAIL_OUT($err) unless $co;
my @exec = ($gcnlab, 'exec', $co, 'buffer_oob', '--backend', 'emu', '--grid', 128, '--block', 128);

# ---- environment variables (item 9) -------------------------------------------
for my $c ([GCNLAB_EMU_BUDGET => '-1'], [GCNLAB_EMU_BUDGET => 'abc'], [GCNLAB_EMU_BUDGET => '0'],
           [GCNLAB_EMU_STRICT => 'yes'], [GCNLAB_EMU_SCLK_MHZ => '99999'], [GCNLAB_EMU_ARCH => 'gfx1100']) {
	my ($name, $v) = @$c;
	my ($out, $rc) = run({ $name => $v }, @exec, 'buf:1K', 'buf:1K');
	is_usage("$name=$v: exit 2 naming the variable", $out, $rc, qr/\Q$name\E='\Q$v\E'/);
}

# ---- options out of range (item 9) --------------------------------------------
{
	my ($out, $rc) = run({}, @exec, '--timeout', '1e99', 'buf:1K', 'buf:1K');
	is_usage('--timeout 1e99: too large, names the limit', $out, $rc, qr/--timeout/, qr/too large/, qr/86400/);
	($out, $rc) = run({}, @exec, '--rotating-count', 1048576, 'buf:1K', 'buf:1K');
	is_usage('--rotating-count 1048576: refused at once with the limit', $out, $rc, qr/--rotating-count/, qr/8192/);
}

# ---- exit 2 for bad input found before any kernel runs (item 8) ----------------
{
	my $dir = "$tmp/initdir";
	mkdir $dir;
	for my $f ("$tmp/no-such-init", $dir, '/dev/zero', '/proc/self/maps') {
		my ($out, $rc) = run({}, @exec, "buf:1K:file:$f", 'buf:1K');
		is_usage("file: INIT $f: exit 2 naming it", $out, $rc, qr/\Q$f\E/);
	}
	my ($out, $rc) = run({}, @exec, '--arch', 'gfx90a', 'buf:1K', 'buf:1K');
	is_usage('--arch gfx90a for a gfx942 code object: exit 2 naming both', $out, $rc, qr/gfx942/, qr/gfx90a/);
	($out, $rc) = run({}, $gcnlab, 'run', 'lds_banks', '--backend', 'emu', '--arch', 'gfx942', '--out',
	                  "$tmp/res", '--param', 'waves=99');
	is_usage('--param waves=99 (1..16): exit 2 naming the parameter', $out, $rc, qr/lds_banks\.waves/, qr/1\.\.16/);
	# A bad value for the second suite is found before the first one runs.
	($out, $rc) = run({}, $gcnlab, 'run', 'copy', 'lds_banks', '--backend', 'emu', '--arch', 'gfx942', '--out',
	                  "$tmp/res2", '--param', 'waves=99');
	is_usage('run copy lds_banks --param waves=99: exit 2 before any suite runs', $out, $rc, qr/lds_banks\.waves/);
	ok(!-e "$tmp/res2/gfx942-emu/copy.csv", '... and copy did not run');
	($out, $rc) = run({}, $gcnlab, 'run', 'copy', '--backend', 'emu', '--arch', 'gfx942', '--out', '/proc/x');
	is_usage('run --out /proc/x: exit 2 before any suite', $out, $rc, qr{/proc/x});
	unlike($out, qr/copy:/, '... and the suite did not start');
	($out, $rc) = run({}, @exec, 'buf:1K:iota32', 'out:4K:/');
	is_usage('out:4K:/: exit 2 before the run', $out, $rc, qr/folder/);
}

# ---- a descriptor claiming more kernarg than the metadata (item 6; issue 30) ----
# ROCr dispatches it: one warning naming both sizes, the larger allocated.
{
	my ($sym) = `$llvm/llvm-readelf -s $co` =~ /^\s*\d+:\s+([0-9a-f]+)\s+64\s+OBJECT.*\sbuffer_oob\.kd$/m;
	my ($addr, $off) = `$llvm/llvm-readelf -S $co` =~ /\.rodata\s+PROGBITS\s+([0-9a-f]+)\s+([0-9a-f]+)/;
	BAIL_OUT('cannot find buffer_oob.kd') unless defined $sym && defined $addr;
	open(my $in, '<:raw', $co) or die;
	my $bytes = do { local $/; <$in> };
	close $in;
	substr($bytes, hex($sym) - hex($addr) + hex($off) + 8, 4) = pack('V', 32);  # kernarg_size
	my $bad = "$tmp/kernarg32.co";
	open(my $fh, '>:raw', $bad) or die;
	print $fh $bytes;
	close $fh;
	my ($out, $rc) = run({}, $gcnlab, 'exec', $bad, 'buffer_oob', '--backend', 'emu', '--grid', 128,
	                     '--block', 128, 'buf:1K:iota32', "out:1K:$tmp/kernarg32.bin");
	is($rc, 0, 'descriptor kernarg_size 32, metadata 16: it runs') or diag($out);
	my @warn = $out =~ /^(gcnlab: warning: .*)$/mg;
	is(scalar(@warn), 1, '... with one warning') or diag($out);
	like($warn[0] // '', qr/kernarg_size.* is 32 bytes but the metadata's \.kernarg_segment_size is 16; running with a 32-byte/,
	     '... naming both sizes and the one allocated');
	my @w = unpack('V4', slurp("$tmp/kernarg32.bin"));
	is("@w", '0 1 2 3', '... and the kernel read its arguments');
}

# ---- out:PATH (item 7) --------------------------------------------------------
{
	my $dir = "$tmp/adir";
	mkdir $dir;
	my ($out, $rc) = run({}, @exec, 'buf:1K:iota32', "out:1K:$dir");
	is_usage('out: to a folder: refused before the run', $out, $rc, qr/\Q$dir\E/, qr/folder/);
	unlike($out, qr/µs/, '... and no kernel ran');

	my $target = "$tmp/target.bin";
	my $link = "$tmp/link.bin";
	open(my $t, '>', $target) or die;
	close $t;
	symlink($target, $link) or die;
	($out, $rc) = run({}, @exec, 'buf:1K:iota32', "out:1K:$link");
	ok($rc == 0 && -l $link && -s $target == 1024, 'out: to a symlink: writes the target, keeps the link')
		or diag("rc $rc\n$out");

	($out, $rc) = run({}, @exec, 'buf:1K:iota32', 'out:1K:/dev/null');
	ok($rc == 0 && -c '/dev/null', 'out: to /dev/null: written through, still a device') or diag($out);

	my $fifo = "$tmp/fifo";
	mkfifo($fifo, 0600) or die "mkfifo: $!";
	my $pid = fork() // die;
	if (!$pid) {
		open(my $r, '<:raw', $fifo) or POSIX::_exit(1);
		my $n = 0;
		while (my $k = sysread($r, my $b, 65536)) { $n += $k }
		POSIX::_exit($n == 1024 ? 0 : 3);
	}
	($out, $rc) = run({}, @exec, 'buf:1K:iota32', "out:1K:$fifo");
	waitpid($pid, 0);
	my $reader = $? >> 8;
	ok($rc == 0 && -p $fifo && $reader == 0, 'out: to a FIFO: 1024 bytes through it, still a FIFO')
		or diag("rc $rc, reader $reader\n$out");
}

# ---- a workgroup that does not fit in a CU: which resource (item 9) ---------------
{
	# Written out by hand: asm/include/gcnlab.inc refuses such a descriptor.
	open(my $s, '>', "$tmp/fat.s") or die;
	print $s <<'ASM';
.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
.text
.globl fat
.p2align 8
.type fat,@function
fat:
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel fat
	.amdhsa_next_free_vgpr 256
	.amdhsa_next_free_sgpr 8
	.amdhsa_accum_offset 256
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: fat
    .symbol: fat.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .wavefront_size: 64
    .sgpr_count: 8
    .vgpr_count: 256
    .agpr_count: 0
    .max_flat_workgroup_size: 1024
    .args: []
...
.end_amdgpu_metadata
ASM
	close $s;
	my ($fat, $ferr) = assemble("$tmp/fat.s", 'gfx942', "$tmp/fat.co");
	BAIL_OUT($ferr) unless $fat;
	my ($out, $rc) = run({}, $gcnlab, 'exec', "$tmp/fat.co", 'fat', '--backend', 'emu', '--grid', 1024,
	                     '--block', 1024);
	ok($rc == 1 && $out =~ /does not fit in a CU: VGPRs: 4 waves per SIMD x 256 VGPRs\+AGPRs each, a SIMD lane has 512/,
	   '1024 work-items x 256 VGPRs: says the VGPRs are what does not fit') or diag("rc $rc\n$out");
	my $reports = () = $out =~ /does not fit/g;
	is($reports, 1, '... once') or diag($out);
}

# ---- an ELF header byte libelf refuses silently (item 9) ----------------------------
{
	open(my $in, '<:raw', $co) or die;
	my $bytes = do { local $/; <$in> };
	close $in;
	substr($bytes, 5, 1) = "\x02";   # EI_DATA: big-endian
	open(my $fh, '>:raw', "$tmp/be.co") or die;
	print $fh $bytes;
	close $fh;
	my ($out, $rc) = run({}, $gcnlab, 'exec', "$tmp/be.co", 'buffer_oob', '--backend', 'emu', '--grid', 64,
	                     '--block', 64, 'buf:1K', 'buf:1K');
	is_usage('EI_DATA big-endian: exit 2 naming the header byte', $out, $rc, qr/EI_DATA/, qr/be\.co/);
	unlike($out, qr/no error/, '... not "no error"');
}

# ---- a loader refusal says what is wrong in the file (item 9) -----------------------
{
	open(my $in, '<:raw', $co) or die;
	my $bytes = do { local $/; <$in> };
	close $in;
	my ($phoff) = unpack('Q<', substr($bytes, 32, 8));
	my ($phnum) = unpack('v', substr($bytes, 56, 2));
	for my $i (0 .. $phnum - 1) {
		my $o = $phoff + 56 * $i;
		next unless unpack('V', substr($bytes, $o, 4)) == 1;   # PT_LOAD
		substr($bytes, $o + 48, 8) = pack('Q<', 0x200000);      # p_align: 2 MiB
		last;
	}
	open(my $fh, '>:raw', "$tmp/align.co") or die;
	print $fh $bytes;
	close $fh;
	my ($out, $rc) = run({}, $gcnlab, 'exec', "$tmp/align.co", 'buffer_oob', '--backend', 'emu', '--grid', 64,
	                     '--block', 64, 'buf:1K', 'buf:1K');
	ok($rc == 2 && $out =~ /align\.co: code object not loaded: PT_LOAD segment \d+ is malformed/,
	   'PT_LOAD aligned to 2 MiB: exit 2, the message names the segment, not only the status') or diag($out);
	my $n = () = $out =~ /PT_LOAD/g;
	is($n, 1, '... once');
}

# ---- grid whose workgroup count overflows 32 bits (item 5) ------------------------
{
	# The host's own products are 64-bit: three 16-bit block sizes.
	my ($out, $rc) = run({}, $gcnlab, 'compare', 'copy_256_4_64_256', '--arch', 'gfx942', '--backend', 'emu',
	                     '--block', '65535,65535,2', '--grid', 1);
	is_usage('compare --block 65535,65535,2: the 64-bit product, exit 2', $out, $rc, qr/8589672450 work-items/);
}
{
	my ($out, $rc) = run({}, @exec[0 .. 5], '--grid', 4294967295, '--block', 64, '--timeout', 2,
	                     'buf:1K', 'buf:1K');
	isnt($rc, 0, '--grid 4294967295 --block 64: not a silent success') or diag($out);
}

done_testing();
