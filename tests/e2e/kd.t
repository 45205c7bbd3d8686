#!/usr/bin/perl
# kd.t — kernel descriptors.
#  1. build/bin/gcnlab-kd (host/gpu/gl_kd.c, what `make disasm` and the compare
#     page show) prints every built code object's descriptor exactly as
#     llvm-objdump decodes it (--disassemble-symbols=NAME.kd).
#  2. gcn_kernel_end's FP default is clang's: every hand-written kernel has
#     the float_denorm/dx10_clamp/ieee fields of the clang-compiled HIP test
#     kernel (tests/hip/byvalue.hip) of the same arch.
#  3. gcn_kernel_end's simple ARGS form takes names YAML reads as bools
#     (tests/asm/kernel_end_names.s: y, n, on, null): the metadata keeps them
#     as names, exec runs the kernel, and FP=GCN_FP_FTZ32 flushes f32
#     denormals (.amdhsa_float_denorm_mode_32 0).
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/lib";
use GcnlabSuite;

my $root = root_dir();
my $build = build_dir();
my $gcnlab = need_gcnlab();
my $kd = "$build/bin/gcnlab-kd";
my $llvm = llvm_bin();
BAIL_OUT("$kd is not built (make test-build)") unless -x $kd;
BAIL_OUT("no LLVM tools in '$llvm'") unless -x "$llvm/llvm-objdump";

# name => { directive => value } for every kernel of a code object.
sub kd_fields {
	my ($text) = @_;
	my (%k, $cur);
	for (split /\n/, $text) {
		if (/^\.amdhsa_kernel (\S+)/) { $cur = $1; next }
		$k{$cur}{$1} = $2 if $cur && /^\s+(\.amdhsa_\S+) (\d+)$/;
	}
	return \%k;
}

my @fp = qw(.amdhsa_float_denorm_mode_32 .amdhsa_float_denorm_mode_16_64 .amdhsa_dx10_clamp .amdhsa_ieee_mode);
for my $arch (sort keys %GFXNUM) {
	my @cos = (glob("$build/$arch/*.co"), glob("$build/$arch/test/*.co"), glob("$build/tests/hip/$arch/*.co"));
	if (!@cos) {
		fail("$arch: no code objects in $build/$arch");
		next;
	}
	my ($ref, $rc) = run_cmd($kd, "$build/tests/hip/$arch/byvalue.co");
	my $clang = kd_fields($ref)->{byvalue};
	ok($clang && defined $clang->{'.amdhsa_ieee_mode'}, "$arch: clang's FP mode read from byvalue.co")
		or diag($ref);
	my (@bad, @fpbad);
	my $nk = 0;
	for my $co (@cos) {
		my ($ours, $krc) = run_cmd($kd, $co);
		my $k = kd_fields($ours);
		my @names = sort keys %$k;
		# One llvm-objdump per code object; its blocks come in address order,
		# ours in metadata order: compare kernel by kernel, line by line.
		my ($od, $orc) = run_cmd("$llvm/llvm-objdump", '-D', "--mcpu=$arch",
		                     '--disassemble-symbols=' . join(',', map { "$_.kd" } @names), $co);
		my %theirs;
		while ($od =~ /^(\.amdhsa_kernel (\S+)\n.*?^\.end_amdhsa_kernel\n)/msg) {
			$theirs{$2} = $1;
		}
		my %mine;
		while ($ours =~ /^(\.amdhsa_kernel (\S+)\n.*?^\.end_amdhsa_kernel\n)/msg) {
			$mine{$2} = $1;
		}
		for my $name (@names) {
			$nk++;
			push @bad, "$co $name" if $krc || ($mine{$name} // '') ne ($theirs{$name} // 'none');
			# Hand-written kernels (not clang's) use gcn_kernel_end's default.
			# saxpy_ftz (asm/examples/saxpy.s) passes FP=GCN_FP_FTZ32 on purpose.
			next if $co =~ m{/tests/hip/} || $name =~ /_hip(_|$)/ || $name eq 'saxpy_ftz';
			push @fpbad, "$co $name: " . join(' ', map { "$_ $k->{$name}{$_}" } @fp)
				if $clang && grep { ($k->{$name}{$_} // -1) != $clang->{$_} } @fp;
		}
		push @bad, "$co: no kernels" if !@names;
	}
	ok(!@bad, "$arch: gcnlab-kd = llvm-objdump for $nk kernels in " . scalar(@cos) . " code objects")
		or diag("differ: @bad[0 .. ($#bad < 4 ? $#bad : 4)]");
	ok(!@fpbad, "$arch: every hand-written kernel has clang's FP mode")
		or diag(join("\n", @fpbad[0 .. ($#fpbad < 9 ? $#fpbad : 9)]));
}

# The simple ARGS form and the FP parameter.
my $tmp = temp_dir('kd');
for my $fp ('', 'GCN_FP_FTZ32') {
	my $arch = 'gfx90a';
	my $co = "$tmp/names$fp.co";
	my ($ok, $err) = assemble("$root/tests/asm/kernel_end_names.s", $arch, $co,
	                          { defsym => [$fp ? ('FP=0x3c') : ()] });
	ok($ok, "names y, n, on, null assemble" . ($fp ? " with FP=$fp" : '')) or diag($err);
	my ($kout, $krc) = run_cmd($kd, $co);
	my $f = kd_fields($kout)->{kernel_end_names} // {};
	is($f->{'.amdhsa_float_denorm_mode_32'}, $fp ? 0 : 3, 'FP: denorm_mode_32 ' . ($fp ? '0 with GCN_FP_FTZ32' : '3 by default'));
	is($f->{'.amdhsa_ieee_mode'}, 1, 'FP: ieee_mode 1');
	next if $fp;
	# A wrong value for the 2nd argument: the message names it 'n', a string.
	my ($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'kernel_end_names', '--grid', 64, '--block', 64,
	                         '--backend', 'emu', 'buf:4', 'u64:1', 'u32:2', 'u32:3');
	like($out, qr/argument 2 \('n', by_value, 4 bytes\)/, "the metadata keeps 'n' as a name");
	($out, $rc) = run_cmd($gcnlab, 'exec', $co, 'kernel_end_names', '--grid', 64, '--block', 64, '--backend', 'emu',
	                  "out:4:$tmp/y.bin", 'u32:1', 'u32:20', 'u32:300');
	is($rc, 0, 'exec runs it') or diag($out);
	is((words("$tmp/y.bin"))[0], 321, 'y[0] = n + on + null');
}

done_testing();
