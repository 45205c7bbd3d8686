#!/usr/bin/perl
# hipcc_programs.t — HIP programs built by Debian's hipcc (mk/hipcc.mk,
# tests/programs/*.hip), run unmodified on the emulated gfx900 and gfx90a
# by tools/rocr-emu (Debian's HIP runtime and ROCr over the emulated KFD):
#
#   vector_add      every hipMemcpy kind, pinned memory (hipHostMalloc, and
#                   hipHostRegister over the chunks the runtime pinned for a
#                   2 MiB pageable copy), hipMemset, <<<>>> and
#                   hipLaunchKernelGGL: every step right, exit 0
#   host_register   hipHostRegister, a kernel on the device pointers,
#                   hipHostUnregister and registering again (each user
#                   pointer at a GPU address of its own, as with the KFD),
#                   a sub-range at a byte offset, pointer attributes, a copy
#                   from read-only memory (which the KFD does not pin):
#                   each right; a kernel on the device pointer of
#                   unregistered memory faults
#   device_props    hipGetDeviceProperties equals what gcnlab info says of
#                   the emulated GPU (name, CUs, wave size, LDS, memory, L2,
#                   clocks, threads per CU)
#   streams_events  three streams with hipStreamWaitEvent and events: the
#                   results right, hipEventElapsedTime a time, and on one
#                   stream 1024 rounds of work take longer than 16
#                   and the same times (to 5 %) when every doorbell ring
#                   returns late (doorbell_delay.c: ROCclr's direct-dispatch
#                   race made an event's time the host's clock)
#   kernel_printf   printf from a kernel (hostcall): every line printed
#   module_launch   hipModuleLoad/hipModuleLaunchKernel of asm/examples/saxpy.s
#   runtime_misc    the device libraries' math, dynamic shared memory and
#                   shuffles, __constant__, system-scope atomics on host
#                   memory, stream callbacks, pitched copies, queries,
#                   managed memory: each right
#   fault           a wild store: ROCr's memory-fault report naming the
#                   address and the emulator's naming the instruction; the
#                   process aborts, as HIP 5.2 does on a GPU
#   hang            a kernel that never ends: under a small instruction
#                   budget (GCNLAB_EMU_BUDGET) the emulator's hang report,
#                   then HIP's queue error HSA_STATUS_ERROR_EXCEPTION and
#                   abort; under the default one it waits until a timeout
#   strictness      `gcnlab check` finds nothing in each program's device
#                   code (clang's output is clean), and the only reports the
#                   runs print are the known ones in the runtimes' own
#                   kernels (README, "HIP programs"): ROCr's hand-written
#                   copy blits (flat loads waited with vmcnt only)
#                   and the HIP runtime's fill kernel (v_mad_u64_u32 reading
#                   the undefined high half of its addend)
# gcnlab-deps: hipcc=hipcc
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
my $llvm = need_llvm('llvm-objcopy', 'clang-offload-bundler');
my $rocr_emu = "$root/tools/rocr-emu";
need_file("$build/lib/kfd/libhsakmt.so.1", 'kfd');
my $tmp = temp_dir('hipcc_programs');

sub prog { my ($arch, $name) = @_; return need_file("$build/tests/programs/$arch/$name", 'hip-programs') }

# (output, exit status): stdout and stderr together, under tools/rocr-emu.
sub hip_run {
	my ($o, $arch, $name, @args) = @_;
	return run_cmd({ timeout => 120, %$o }, $rocr_emu, '--arch', $arch, prog($arch, $name), @args);
}

# A failed run in brief: its exit status and the lines that are not the
# emulator's warnings (CI shows only the end of the log).
sub brief {
	my ($rc, $out) = @_;
	return "exit $rc:\n" . join("\n", grep { !/^gcnlab-emu: warning: / } split /\n/, $out);
}

# The emulator's reports in a run's output, but for the known ones in the
# runtimes' kernels; each report once (waves and addresses dropped).
# ROCr's copy blits (no code object, so no kernel name) wait for FLAT loads
# with vmcnt only, then use or overwrite the loaded register (instruction
# <- the load, code offsets): CopyAligned's dwordx4 loop (0x108 <- 0xec,
# 0xec <- 0xec) and dword tail (0x180 <- 0x164), CopyMisaligned's byte loop
# (0x90 <- 0x74) and the instruction after it (0xb4 <- 0x74).
my %known_blit = map { $_ => 1 } qw(180<-164 108<-ec ec<-ec 90<-74 b4<-74);
sub is_known_blit {
	my ($line) = @_;
	return $line =~ /waitcnt hazard in at 0x[0-9a-f]+ \(gfx9\w+\): `[^`]+` at 0x(\w+) (?:reads|overwrites) a register that `flat_load_\w+ [^`]+` at 0x(\w+) will still write: needs lgkmcnt\(0\)/ &&
	       $known_blit{"$1<-$2"};
}
my $known_fill = qr/uninitialised read in at 0x[0-9a-f]+ \(gfx9\w+\): `v_mad_u64_u32 v\[(\d+):(\d+)\], s\[2:3\], v1, s4, v\[\1:\2\]` at 0x84 reads v\2,/;
sub unknown_reports {
	my ($out) = @_;
	my %seen;
	for (grep { /gcnlab-emu: (warning|error)/ } split /\n/, $out) {
		next if is_known_blit($_) || /$known_fill/ || /in this dispatch \(the first/;
		s/\(wave \d+\)//;
		$seen{$_}++;
	}
	return sort keys %seen;
}

sub info_field {
	my ($info, $label) = @_;
	return $info =~ /^\Q$label\E:\s+(.*)$/m ? "$1" : undef;
}

# The leading number of an info line, times a scale.
sub info_num {
	my ($info, $label, $unit, $scale) = @_;
	my $v = info_field($info, $label) // '';
	return $v =~ /^(\d+) ?\Q$unit\E/ ? $1 * $scale : undef;
}

for my $arch (qw(gfx900 gfx90a)) {
	my @reports;

	# ---- vector_add ----
	my ($out, $rc) = hip_run({}, $arch, 'vector_add');
	my @steps = $out =~ /^(.*): right$/mg;
	ok($rc == 0 && $out =~ /^vector_add: ok$/m && @steps == 6 && $out !~ /WRONG/,
	   "$arch vector_add: @{[scalar @steps]} copy/launch steps right, exit $rc") or diag($out);
	like($out, qr/^hipMemset 0x3f: last word 0x3f3f3f3f$/m, "$arch vector_add: hipMemset's bytes");
	push @reports, unknown_reports($out);

	# ---- host_register: register, use, unregister, register again ----
	($out, $rc) = hip_run({}, $arch, 'host_register');
	@steps = $out =~ /^(.*): right$/mg;
	ok($rc == 0 && $out =~ /^host_register: ok$/m && @steps == 4 && $out !~ /WRONG/ &&
	   $out =~ /^pointer attributes: memory type host, host pointer right, device pointer right$/m &&
	   $out =~ /^hipHostUnregister of unregistered memory: hipErrorHostMemoryNotRegistered$/m &&
	   $out =~ /^hipHostRegister of read-only memory: hipErrorOutOfMemory$/m,
	   "$arch host_register: @{[scalar @steps]} register/unregister steps right, exit $rc") or diag($out);
	push @reports, unknown_reports($out);
	($out, $rc) = hip_run({}, $arch, 'host_register', 'stale');
	ok($rc == 134 && $out =~ /^launching with the device pointer of unregistered memory$/m &&
	   $out =~ /Memory access fault by GPU node-1 \(Agent handle: 0x[0-9a-f]+\) on address 0x[0-9a-f]+\. Reason: Page not present/ &&
	   $out =~ /memory fault: read of 4 bytes at 0x[0-9a-f]+ is outside every live allocation/ &&
	   $out !~ /no fault/,
	   "$arch host_register stale: the unregistered memory's GPU address faults (exit $rc)") or diag($out);

	# ---- device_props against gcnlab info ----
	my ($info) = run_cmd({ timeout => 60 }, $gcnlab, 'info', '--arch', $arch, '--backend', 'emu');
	($out, $rc) = hip_run({}, $arch, 'device_props');
	my %p = $out =~ /^([\w. ]+): (.*)$/mg;
	my ($dev) = (info_field($info, 'device') // '') =~ /^GPU 0: \w+, (.*)$/;
	my ($isa) = (info_field($info, 'ISA') // '') =~ /--(gfx\w+(?::[\w+-]+)*)$/;
	my %want = (
		'devices' => 1,
		'name' => $dev,
		'gcnArchName' => $isa,
		'multiProcessorCount' => info_field($info, 'compute units'),
		'warpSize' => info_field($info, 'wave size'),
		'maxThreadsPerBlock' => info_num($info, 'workgroup max', 'work-items', 1),
		'sharedMemPerBlock' => info_num($info, 'LDS per workgroup', 'bytes', 1),
		'totalGlobalMem MiB' => info_num($info, 'memory', 'GiB', 1024),
		'l2CacheSize' => info_num($info, 'L2 cache', 'MiB', 1 << 20),
		'clockRate kHz' => info_num($info, 'max clock', 'MHz', 1000),
		'memoryClockRate kHz' => info_num($info, 'max memory clock', 'MHz', 1000),
		'maxThreadsPerMultiProcessor' => (info_field($info, 'max waves per CU') // 0) *
			(info_field($info, 'wave size') // 0),
	);
	my @diff = map { "$_: HIP '" . ($p{$_} // 'none') . "', gcnlab info '" . ($want{$_} // 'none') . "'" }
	           grep { !defined $want{$_} || ($p{$_} // '') ne $want{$_} } sort keys %want;
	ok($rc == 0 && !@diff, "$arch device_props: " . scalar(keys %want) .
	   " properties as gcnlab info gives them ($p{name})") or diag(join("\n", @diff) . "\n$out");

	# ---- streams and events ----
	($out, $rc) = hip_run({}, $arch, 'streams_events');
	my @right = $out =~ /^stream \d: right, between its events ([0-9.]+) us$/mg;
	my ($t16, $t1024) = $out =~ /^one stream, 16 rounds: ([0-9.]+) us\none stream, 1024 rounds: ([0-9.]+) us$/m;
	ok($rc == 0 && @right == 3 && !grep({ $_ <= 0 } @right) && $out =~ /^streams_events: ok$/m,
	   "$arch streams_events: 3 streams right, each with a time between its events") or diag(brief($rc, $out));
	ok(defined $t16 && $t16 > 0 && $t1024 > $t16,
	   "$arch streams_events: hipEventElapsedTime on the GPU's clock, 16 rounds " .
	   ($t16 // '?') . " us < 1024 rounds " . ($t1024 // '?') . " us");
	push @reports, unknown_reports($out);
	# The same with every doorbell ring of the HIP runtime returning 2 ms
	# late: with HIP 5.2.3's direct dispatch an event then carried the
	# host's CLOCK_MONOTONIC on every run (1024 rounds: about minus the
	# host's uptime); tools/rocr-emu's command-queue threads keep each
	# event on the GPU's clock, and the one-stream times are those of the
	# run without the delay to 5 % (the three streams before them reach the
	# one modelled GPU in an order the host's threads decide, which leaves
	# the caches in other states: a few ns).
	my $delay = need_file("$build/tests/programs/libdoorbell_delay.so", 'hip-programs');
	my ($dout, $drc) = hip_run({ env => { LD_PRELOAD => $delay } }, $arch, 'streams_events');
	my ($d16, $d1024) = $dout =~ /^one stream, 16 rounds: (-?[0-9.]+) us\none stream, 1024 rounds: (-?[0-9.]+) us$/m;
	ok($drc == 0 && $dout =~ /^streams_events: ok$/m && defined $d16 && defined $t16 &&
	   abs($d16 - $t16) <= 0.05 * $t16 && abs($d1024 - $t1024) <= 0.05 * $t1024,
	   "$arch streams_events with late doorbell rings: event times on the GPU's clock, " .
	   ($d16 // '?') . " and " . ($d1024 // '?') . " us, as without the delay") or diag(brief($drc, $dout));

	# ---- printf ----
	($out, $rc) = hip_run({}, $arch, 'kernel_printf');
	my @hello = sort $out =~ /^(hello from block \d wave 0, tag 42, pi 3\.14)$/mg;
	my @lanes = sort $out =~ /^(block 1 lane \d)$/mg;
	is_deeply([ $rc, \@hello, \@lanes, $out =~ /^kernel_printf: done$/m ? 1 : 0 ],
	          [ 0, [ map { "hello from block $_ wave 0, tag 42, pi 3.14" } 0, 1 ],
	            [ map { "block 1 lane $_" } 0 .. 3 ], 1 ],
	          "$arch kernel_printf: the 6 lines of printf from the kernel (hostcall)") or diag($out);
	push @reports, unknown_reports($out);

	# ---- hipModuleLoad of a hand-written .s ----
	my $co = need_file("$build/tests/programs/$arch/saxpy_v4.co", 'hip-programs');
	($out, $rc) = hip_run({}, $arch, 'module_launch', $co);
	ok($rc == 0 && $out =~ /^module_launch: saxpy from \S+: ok$/m,
	   "$arch module_launch: hipModuleLaunchKernel of asm/examples/saxpy.s (exit $rc)") or diag($out);
	push @reports, unknown_reports($out);

	# ---- the rest of the runtime ----
	($out, $rc) = hip_run({}, $arch, 'runtime_misc');
	my @oks = $out =~ /^(\w+): ok$/mg;
	ok($rc == 0 && "@oks" eq 'math shared atomics callback pitch queries managed runtime_misc',
	   "$arch runtime_misc: @oks") or diag($out);
	push @reports, unknown_reports($out);

	# ---- a fault, a hang ----
	($out, $rc) = hip_run({}, $arch, 'fault', 'fault');
	ok($rc == 134 && $out =~ /^launching fault$/m &&
	   $out =~ /Memory access fault by GPU node-1 \(Agent handle: 0x[0-9a-f]+\) on address 0x10000\. Reason: Page not present/ &&
	   $out =~ /memory fault: write of 4 bytes at 0x10000 .*global_store_dword/ &&
	   $out !~ /hipDeviceSynchronize:/,
	   "$arch fault: ROCr's memory-fault report at 0x10000 and the emulator's instruction, then abort (exit $rc)")
		or diag($out);
	($out, $rc) = hip_run({ env => { GCNLAB_EMU_BUDGET => 1000000 } }, $arch, 'fault', 'hang');
	ok($rc == 134 && $out =~ /queue \d+ stopped: hang: the dispatch exceeded its budget of 1000000/ &&
	   $out =~ /callbackQueue aborting with error : HSA_STATUS_ERROR_EXCEPTION/,
	   "$arch hang: the instruction budget, then HIP's queue error HSA_STATUS_ERROR_EXCEPTION (exit $rc)")
		or diag($out);
	# with the default budget the kernel runs on, as on a GPU, until the
	# caller's timeout ends it: hipDeviceSynchronize never returns
	my ($out2, $rc2, $secs, $killed) = hip_run({ timeout => 4 }, $arch, 'fault', 'hang');
	ok($killed && $out2 =~ /^launching hang$/m && $out2 !~ /hipDeviceSynchronize:/,
	   "$arch hang, default budget: still waiting when the 4 s timeout ends it") or diag($out2);

	# ---- strictness: clang's code is clean, the runs report only the known ----
	my @findings;
	for my $name (qw(vector_add host_register streams_events kernel_printf fault runtime_misc)) {
		my $p = prog($arch, $name);
		my $co = "$tmp/$arch-$name.co";
		my ($o1, $r1) = run_cmd({}, "$llvm/llvm-objcopy", '--dump-section', ".hip_fatbin=$co.fat", $p,
		                        "$tmp/$arch-$name.host");
		my ($o2, $r2) = run_cmd({}, "$llvm/clang-offload-bundler", '--unbundle', '--type=o',
		                        "--input=$co.fat", "--targets=hipv4-amdgcn-amd-amdhsa--$arch",
		                        "--output=$co");
		my ($o3, $r3) = run_cmd({ timeout => 60 }, $gcnlab, 'check', $co);
		push @findings, "$name: $o1$o2$o3" unless $r1 == 0 && $r2 == 0 && $r3 == 0 &&
		                                           $o3 =~ /: \d+ kernel\(s\), 0 finding\(s\)/;
	}
	ok(!@findings, "$arch: gcnlab check finds nothing in the device code of 6 programs")
		or diag(join("\n", @findings));
	ok(!@reports, "$arch: the runs report nothing but the known findings in the runtimes' kernels")
		or diag(join("\n", @reports));
}

done_testing();
